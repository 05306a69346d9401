"""Every language on a phone (360×640), a tablet (768×1024) and a desktop
(1280×800): the game, the New game and Settings windows, the menu and the Rules and
Examples pages, with no text that overflows its box or runs off the screen. The
screenshots are kept in screenshots/languages/ for a person to look at (long
Hungarian, Icelandic and Russian words are the usual trouble)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage
from yukon.i18n import LANGUAGES, translate

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"width": 360, "height": 640},
    "tablet": {"width": 768, "height": 1024},
    "desktop": {"width": 1280, "height": 800},
}

# Every rendered element with text outside the board's cards: its text must fit its
# box (a word wider than a button shows as overflow) and the screen.
_OVERFLOWS_JS = """() => {
    const width = document.documentElement.clientWidth;
    const problems = [];
    const nodes = document.querySelectorAll(
        "body *:not(svg):not(svg *):not(.card):not(.card *):not(.mini):not(option)");
    for (const node of nodes) {
        if (!node.checkVisibility() || !node.textContent.trim()) continue;
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


def _check(app: AppPage, shots: list[Path], path: Path) -> list[str]:
    app.page.screenshot(path=path)
    shots.append(path)
    problems: list[str] = app.page.evaluate(_OVERFLOWS_JS)
    return [f"{path.name}: {problem}" for problem in problems]


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
    for page in ("rules", "examples"):
        app.page.click("#menu summary")
        app.page.click(f'.menu-items a[href="/{page}"]')
        app.page.wait_for_function(
            "title => document.querySelector('#page h1')?.textContent === title",
            arg=translate(language, f"page.{page}.title"),
        )
        problems += _check(app, shots, folder / f"{language}-{size}-{page}.png")
    assert problems == []
    assert all(shot.stat().st_size > 5000 for shot in shots)
