"""axe-core on every screen (SPEC §7): the game (also with the four-colour deck,
the left-handed layout, a refusal shown and the no-move notice), every window,
and every page, in English and Russian, on a phone and a desktop. No violation
and no colour contrast left undecided."""

from __future__ import annotations

import pytest

from tests.browser.axe import AXE_VERSION, axe_problems, axe_version
from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, State, stuck_line
from tests.browser.test_keyboard import CODE, solution
from yukon.i18n import translate

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
LANGUAGES = ["en", "ru"]


class Screens:
    """Walks one player through the app's screens and runs axe on each."""

    def __init__(self, app: AppPage, language: str) -> None:
        self.app = app
        self.language = language
        self.problems: dict[str, list[str]] = {}

    def check(self, screen: str) -> None:
        self.app.settle()
        self.problems[screen] = axe_problems(self.app.page)

    def open(self, path: str) -> None:
        self.app.goto(f"{path}?lang={self.language}")

    def window(self, name: str, opener: str) -> None:
        """Open a window by its key or button, check it, close it with Escape."""
        page = self.app.page
        if opener.startswith("#"):
            page.click("#menu summary")
            page.click(opener)
        else:
            page.keyboard.press(opener)
        page.locator(f"#dlg-{name}").wait_for(state="visible")
        self.check(f"window {name}")
        page.keyboard.press("Escape")
        page.locator(f"#dlg-{name}").wait_for(state="hidden")


def _refused_move(state: State) -> tuple[int, int]:
    """A column whose last card the rules refuse on another column."""
    for number, column in enumerate(state["columns"], start=1):
        card = column["cards"][-1] if column["cards"] else None
        for target in range(1, 8):
            if card and target != number and str(target) not in state["targets"].get(card, []):
                return number, target
    raise AssertionError("every card fits everywhere")


def _walk(screens: Screens) -> None:
    app, page, language = screens.app, screens.app.page, screens.language
    moves = solution(CODE)
    # The game with cards on the foundations and a game in the history.
    screens.open(f"/play/{CODE}")
    app.play_api(moves[:14])
    app.reload()
    screens.check("game")
    screens.window("new", "n")
    screens.window("keys", "?")
    screens.window("settings", "#btn-settings")
    page.click("#btn-analysis")
    working = translate(language, "analysis.working")
    page.wait_for_function(
        "working => document.querySelector('#analysis-result').textContent !== working", arg=working
    )
    screens.check("window analysis")
    page.keyboard.press("Escape")
    # A refused move, explained on screen.
    app.console.allow_refusals(422)
    state = app.state()
    column, target = _refused_move(state)
    page.keyboard.press(str(column))
    page.keyboard.press("Enter")
    page.keyboard.press(str(target))
    app.message()
    screens.check("game, a refusal shown")
    game = app.state()["id"]
    for path in ("/stats", "/history", f"/history/{game}", "/rules", "/examples", "/faq"):
        screens.open(path)
        page.locator("#page h1").wait_for()
        page.wait_for_load_state("networkidle")
        screens.check(f"page {path.replace(game, '{id}')}")
    app.set_setting(four_color=True, left_handed=True)
    screens.open("/")
    screens.check("game, four colours, left-handed")
    code, line = stuck_line()
    screens.open(f"/play/{code}")
    app.play_api(line)
    app.reload()
    page.locator("#notice").wait_for(state="visible")
    screens.check("game, no move left")
    screens.open(f"/play/{CODE}")
    app.play_api(moves)
    app.reload()
    page.locator("#dlg-win").wait_for(state="visible")
    screens.check("window win")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_nothing_on_any_screen(open_app: OpenApp, language: str, size: str) -> None:
    app = open_app(f"/?lang={language}", viewport=SIZES[size])
    screens = Screens(app, language)
    _walk(screens)
    assert len(screens.problems) == 15
    found = [f"{name}: {issue}" for name, issues in screens.problems.items() for issue in issues]
    assert not found, "\n".join(found)


def _exposed_names(app: AppPage) -> list[str]:
    """The names of what Chromium's accessibility tree exposes (what a screen reader reads)."""
    session = app.page.context.new_cdp_session(app.page)
    try:
        tree = session.send("Accessibility.getFullAXTree")
    finally:
        session.detach()
    return [
        str(node["name"]["value"])
        for node in tree["nodes"]
        if not node.get("ignored") and node.get("name", {}).get("value")
    ]


@pytest.mark.parametrize(("name", "key"), [("new", "n"), ("keys", "?")])
def test_a_window_leaves_the_board_in_sight_but_out_of_reach(
    open_app: OpenApp, name: str, key: str
) -> None:
    app = open_app(viewport=SIZES["phone"], touch=True)
    app.open_deal(CODE)
    column = "Column 1, 1 card"
    assert column in _exposed_names(app)
    app.page.keyboard.press(key)
    app.page.locator(f"#dlg-{name}").wait_for(state="visible")
    assert app.page.locator("#board .card.face").first.is_visible(), "the board stays in sight"
    assert column not in _exposed_names(app), "a screen reader stays in the window"
    app.page.keyboard.press("Escape")
    app.page.locator(f"#dlg-{name}").wait_for(state="hidden")
    assert column in _exposed_names(app)


def test_axe_is_the_vendored_release(open_app: OpenApp) -> None:
    """The check runs axe-core 4.14 or later, where label-content-name-mismatch runs."""
    app = open_app()
    version = axe_version(app.page)
    assert version == AXE_VERSION
    assert tuple(int(part) for part in version.split(".")[:2]) >= (4, 14)
