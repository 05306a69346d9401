"""The whole game by keyboard alone (SPEC §7): the roving focus, picking up and
putting down, taking back from a foundation, the game's keys, the `?` window,
and keys ignored while a window or a page is shown."""

from __future__ import annotations

import functools
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage
from tests.browser.keyboard import (
    announced,
    focus_card,
    focused_card,
    play_move,
    pointer_events,
    watch_pointers,
)
from yukon.engine import GameCode, Position
from yukon.solver import Limit, Status, solve

pytestmark = pytest.mark.browser

CODE = "YU1-C-AACRWEA"
OPENING = (
    *("TH>1", "AS>F", "7H>3", "7D>1", "6S>3", "4C>3", "2S>F", "QS>5"),
    *("3S>F", "8S>3", "TC>1", "QC>7", "3D>3", "AC>F", "2D>2", "2C>3"),
)
"""The opening of a win of CODE, kept as moves rather than asked of the solver,
whose wins change with its search: A♠ goes up second, and after the first 14
A♣ is alone on its foundation and may go back on 2♦ (column 3)."""


@functools.cache
def solution(code: str) -> list[str]:
    """A win of *code* found by the solver."""
    result = solve(Position.from_code(GameCode.parse(code)), Limit(states=100_000))
    assert result.status is Status.WON
    return [str(move) for move in result.moves]


def test_a_whole_deal_is_won_by_keyboard_alone(open_app: OpenApp) -> None:
    app = open_app(f"/play/{CODE}")
    watch_pointers(app)
    moves = solution(CODE)
    for move in moves:
        play_move(app, move)
    win = app.page.locator("#dlg-win")
    win.wait_for(state="visible")
    assert win.locator('[data-stat="moves"]').inner_text() == str(len(moves))
    assert win.locator('[data-stat="score"]').inner_text() == "625"
    assert app.state()["won"]
    assert pointer_events(app) == 0


def test_a_card_is_taken_back_from_a_foundation_by_keyboard(open_app: OpenApp) -> None:
    app = open_app()
    moves = list(OPENING[:14])
    app.play_record(CODE, moves)
    app.reload()
    state = app.state()
    assert "3" in state["targets"]["AC"]
    watch_pointers(app)
    focus_card(app, state, "AC")
    app.page.keyboard.press("Enter")
    assert "allowed" in (app.column(3).get_attribute("class") or "")
    app.page.keyboard.press("3")
    app.wait_version(state["version"] + 1)
    after = app.state()
    assert after["columns"][2]["cards"][-1] == "AC"
    assert after["foundations"][3]["top"] is None
    assert after["score"] == state["score"]
    assert focused_card(app) == "AC"
    assert announced(app) == "ace of clubs taken back from its foundation to column 3."
    assert pointer_events(app) == 0


_ON_TOP_JS = """() => {
    const card = document.activeElement;
    const box = card.getBoundingClientRect();
    const found = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
    return found?.closest(".card") === card;
}"""


def _drawn_on_top(app: AppPage) -> bool:
    """Whether the focused card is drawn whole, over the cards lying on it."""
    on_top: bool = app.page.evaluate(_ON_TOP_JS)
    return on_top


def test_focus_moves_round_the_board_and_survives_every_drawing(open_app: OpenApp) -> None:
    app = open_app(f"/play/{CODE}")
    keyboard = app.page.keyboard
    state = app.state()
    keyboard.press("2")
    assert focused_card(app) == state["columns"][1]["cards"][-1]
    keyboard.press("ArrowUp")
    assert focused_card(app) == state["columns"][1]["cards"][-2]
    assert _drawn_on_top(app), "the focused card rises above the card lying on it"
    keyboard.press("ArrowDown")
    keyboard.press("ArrowDown")
    assert focused_card(app) == state["columns"][1]["cards"][-1]
    # Right from column 7 reaches the four foundations, then column 1 again.
    keyboard.press("7")
    for _ in range(4):
        keyboard.press("ArrowRight")
        assert app.page.evaluate("document.activeElement.matches('.foundation')")
    keyboard.press("ArrowRight")
    assert focused_card(app) == state["columns"][0]["cards"][-1]
    keyboard.press("ArrowLeft")
    assert app.page.evaluate("document.activeElement.dataset.suit") == "C"
    # The board is one tab stop: Tab leaves it, Shift+Tab comes back to the same place.
    keyboard.press("1")
    keyboard.press("Tab")
    assert focused_card(app) is None
    keyboard.press("Shift+Tab")
    assert focused_card(app) == state["columns"][0]["cards"][-1]
    assert app.page.locator("#board [tabindex='0']").count() == 1
    # A move draws the board again; the focus stays on its column.
    play_move(app, "TH>1")
    assert focused_card(app) == "TH"


def test_escape_puts_back_and_a_refused_move_is_explained(open_app: OpenApp) -> None:
    app = open_app(f"/play/{CODE}")
    app.console.allow_refusals(422)
    keyboard = app.page.keyboard
    state = app.state()
    card = state["columns"][2]["cards"][-1]
    assert card == "8C"
    keyboard.press("3")
    keyboard.press("Enter")
    assert app.page.locator("#board .card.lifted").count() == 1
    keyboard.press("Escape")
    assert app.page.locator("#board .card.lifted").count() == 0
    assert focused_card(app) == card
    assert announced(app) == "8 of clubs put back."
    # A move the rules refuse changes nothing, and says why, on screen and to screen readers.
    keyboard.press("Enter")
    keyboard.press("4")
    assert app.message().startswith("8 of clubs goes on a red 9")
    assert announced(app) == app.message()
    assert app.state()["version"] == state["version"]
    assert focused_card(app) == card


def test_a_key_pressed_as_a_window_closes_is_a_command(open_app: OpenApp) -> None:
    """A field of a window just closed keeps the focus until the browser's next
    frame (the New game window closed by Escape, then ? at once, under load): the
    key is a command, not words typed into a field no longer shown."""
    app = open_app(f"/play/{CODE}")
    app.page.evaluate(
        """() => document.querySelector('#dlg-new input[type="radio"]').dispatchEvent(
            new KeyboardEvent('keydown', {key: '?', bubbles: true, cancelable: true}))"""
    )
    app.page.locator("#dlg-keys").wait_for(state="visible")


def test_game_keys_and_the_keys_window(open_app: OpenApp) -> None:
    app = open_app(f"/play/{CODE}")
    keyboard = app.page.keyboard
    play_move(app, "TH>1")
    version = app.version()
    keyboard.press("u")
    app.wait_version(version + 1)
    assert app.state()["undos"] == 1
    assert announced(app) == "Undone: 10 of hearts back in column 4. Score 0."
    keyboard.press("h")
    app.page.locator("#board .hinted").first.wait_for()
    # The hint's marks are drawn at once, its words said a frame later: after the
    # words of the state its answer carries (the hint counted, a new version).
    expect(app.page.locator("#announcer")).to_have_text(re.compile(r"^Hint: "))
    keyboard.press("?")
    keys = app.page.locator("#dlg-keys")
    keys.wait_for(state="visible")
    assert keys.locator("dd").count() == 11
    # Keys are ignored while a window is open.
    keyboard.press("n")
    assert app.page.locator("#dlg-new").is_hidden()
    keyboard.press("Escape")
    keys.wait_for(state="hidden")
    keyboard.press("n")
    app.page.locator("#dlg-new").wait_for(state="visible")
    keyboard.press("Escape")
    # ...and while a page other than the game is shown.
    app.goto("/rules")
    keyboard.press("u")
    keyboard.press("?")
    assert keys.is_hidden()
    assert app.state()["undos"] == 1
