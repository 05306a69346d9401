"""Every language on phones (360×640, 390×844 upright and 844×390 sideways), a
tablet (768×1024) and desktops (1280×800, 1920×1080): the game, the New game and
Settings windows, the menu, the Rules, Examples, Statistics and History pages, and
on a phone the no-move notice and the win window, with no text that overflows its
box or runs off the screen. The screenshots are kept in
screenshots/languages/ for a person to look at (long Hungarian, Icelandic and
Russian words are the usual trouble)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, stuck_line
from tests.web.helpers import WIN_CODE, WIN_LINE
from yukon.i18n import LANGUAGES, translate

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"width": 360, "height": 640},
    "phone-tall": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
    "tablet": {"width": 768, "height": 1024},
    "desktop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
}
# What the pages are ready with: the Examples board drawn, the figures and games listed.
PAGES = {
    "rules": "h1",
    "examples": ".step-caption:not(:empty)",
    "stats": ".rules-stats",
    "history": ".game-row",
}

# Every rendered element with words (the board's cards and slots aside, but not its
# info bar; text for screen readers only aside too): its text must fit its box (a
# word wider than a button overflows) and the screen.
_OVERFLOWS_JS = """() => {
    const width = document.documentElement.clientWidth;
    const problems = [];
    const words = (node) => !node.closest("svg, .mini, option, .visually-hidden") &&
        (!node.closest(".board") || node.closest(".info-slot"));
    for (const node of document.querySelectorAll("body *")) {
        if (!words(node) || !node.checkVisibility() || !node.textContent.trim()) continue;
        const box = node.getBoundingClientRect();
        if (box.width === 0) continue;
        const style = getComputedStyle(node);
        const name = `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}` +
            ` "${node.textContent.trim().slice(0, 40)}"`;
        if (box.right > width + 1 || box.left < -1) problems.push(`off screen: ${name}`);
        const inline = style.display === "inline" || style.display === "contents";
        if (!inline && node.scrollWidth > node.clientWidth + 1 && style.overflowX !== "auto")
            problems.push(`overflows (${node.scrollWidth} > ${node.clientWidth}): ${name}`);
    }
    return problems;
}"""


def check_overflows(app: AppPage, path: Path) -> list[str]:
    """Take a screenshot to *path*; the words that overflow their box or the screen,
    and a page wider than the screen."""
    app.settle()
    app.page.screenshot(path=path)
    problems: list[str] = app.page.evaluate(_OVERFLOWS_JS)
    if not app.page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"):
        problems.append("the page scrolls sideways")
    return [f"{path.name}: {problem}" for problem in problems]


def _check(app: AppPage, shots: list[Path], path: Path) -> list[str]:
    shots.append(path)
    return check_overflows(app, path)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_overflows(open_app: OpenApp, screenshots: Path, language: str, size: str) -> None:
    app = open_app(f"/play/YU1-C-AACRWEA?lang={language}", viewport=SIZES[size])
    folder = screenshots / "languages"
    folder.mkdir(exist_ok=True)
    shots: list[Path] = []
    problems = _check(app, shots, folder / f"{language}-{size}-game.png")
    app.page.click("#btn-new")
    app.page.locator("#dlg-new").wait_for(state="visible")
    problems += _check(app, shots, folder / f"{language}-{size}-new.png")
    app.page.locator("#dlg-new [data-close]").click()
    app.page.click("#menu summary")
    problems += _check(app, shots, folder / f"{language}-{size}-menu.png")
    app.page.click("#btn-settings")
    app.page.locator("#dlg-settings").wait_for(state="visible")
    problems += _check(app, shots, folder / f"{language}-{size}-settings.png")
    app.page.locator("#dlg-settings button.primary").click()
    app.play_api(["QC>5"])  # a game played: the Statistics and History pages show it
    for page, ready in PAGES.items():
        app.page.click("#menu summary")
        app.page.click(f'.menu-items a[data-route="/{page}"]')
        app.page.wait_for_function(
            "title => document.querySelector('#page h1')?.textContent === title",
            arg=translate(language, f"page.{page}.title"),
        )
        # A page is measured once it is drawn, not while it is laid out.
        app.page.locator(f"#page {ready}").first.wait_for()
        problems += _check(app, shots, folder / f"{language}-{size}-{page}.png")
    if size == "phone":
        problems += _endings(app, shots, folder / f"{language}-{size}")
    assert problems == []
    assert all(shot.stat().st_size > 5000 for shot in shots)


def _endings(app: AppPage, shots: list[Path], stem: Path) -> list[str]:
    """The no-move notice and the win window, where the words are longest."""
    language = stem.name.split("-")[0]
    code, line = stuck_line()
    _open_deal(app, code, line, language)
    app.page.locator("#notice").wait_for(state="visible")
    problems = _check(app, shots, stem.with_name(f"{stem.name}-notice.png"))
    _open_deal(app, WIN_CODE, list(WIN_LINE[:-1]), language)
    app.tap(WIN_LINE[-1].split(">")[0])
    app.page.locator("#dlg-win").wait_for(state="visible")
    return problems + _check(app, shots, stem.with_name(f"{stem.name}-win.png"))


def _open_deal(app: AppPage, code: str, moves: list[str], language: str) -> None:
    """Start *code* by its link in *language*, make *moves* through the API, reload."""
    app.goto(f"/play/{code}?lang={language}")
    app.play_api(moves)
    app.reload()
