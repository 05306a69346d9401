"""The buttons and windows: Undo (and Ctrl/Cmd+Z), Hint, Replay, New game,
settings, the info bar, a reload, the "no legal move" notice, the win window and
"Can this still be won?"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Response

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, State, stuck_line
from yukon.engine import Game, GameCode, Move, Position
from yukon.i18n import LANGUAGES
from yukon.solver import Limit, Status, solve

pytestmark = pytest.mark.browser

DEAL = "YU1-C-AAAAAAB"


def _double_tap_move(app: AppPage, card: str = "6C") -> State:
    version = app.version()
    app.double_tap(card)
    app.wait_version(version + 1)
    return app.state()


def test_undo_by_button_and_by_keyboard(open_app: OpenApp) -> None:
    app = open_app()
    dealt = app.open_deal(DEAL)
    assert app.page.locator("#btn-undo").is_disabled()
    _double_tap_move(app)
    app.page.click("#btn-undo")
    app.wait_version(dealt["version"] + 2)
    state = app.state()
    assert state["columns"] == dealt["columns"]
    assert (state["moves"], state["undos"]) == (1, 1)
    assert app.drawn_columns() == dealt["columns"]
    for shortcut in ("Control+z", "Meta+z"):
        moved = _double_tap_move(app)
        app.page.keyboard.press(shortcut)
        app.wait_version(moved["version"] + 1)
        assert app.state()["columns"] == dealt["columns"]
    assert app.state()["undos"] == 3


def test_hint_highlights_a_card_and_its_target(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    with app.page.expect_response(lambda response: response.url.endswith("/hint")) as answer:
        app.page.click("#btn-hint")
    hint = json.loads(answer.value.body())["hint"]
    app.page.wait_for_selector("#board .card.hinted")
    assert app.page.locator("#board .card.hinted").get_attribute("data-card") == hint["card"]
    slot = app.page.locator("#board .slot.hinted")
    assert slot.get_attribute("data-target") == hint["target"]
    assert app.state()["hints"] == 1


def _show_page(app: AppPage, page: str) -> None:
    app.page.click("#menu summary")
    app.page.click(f'.menu-items a[data-route="/{page}"]')
    app.page.locator("#page h1").wait_for()


def _on_the_game(app: AppPage) -> None:
    app.page.wait_for_url("**/")
    assert app.page.locator("#view-game").is_visible()
    assert app.page.locator("#view-page").is_hidden()


def test_a_toolbar_button_on_a_page_acts_on_the_game_in_sight(open_app: OpenApp) -> None:
    app = open_app()
    dealt = app.open_deal(DEAL)
    moved = _double_tap_move(app)
    _show_page(app, "rules")
    app.page.click("#btn-undo")
    _on_the_game(app)
    app.wait_version(moved["version"] + 1)
    assert app.drawn_columns() == dealt["columns"]

    _show_page(app, "faq")
    app.page.click("#btn-hint")
    _on_the_game(app)
    app.page.wait_for_selector("#board .card.hinted")
    assert app.state()["hints"] == 1

    _show_page(app, "rules")
    _new_game(app, code="YU1-C-AACRWEA")
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=dealt["id"])
    _on_the_game(app)
    assert app.page.locator("#board .info .code").inner_text() == "YU1-C-AACRWEA"


def _open_window(app: AppPage, name: str) -> Locator:
    """Click the button #btn-*name* and wait for the window #dlg-*name* it opens."""
    app.page.click(f"#btn-{name}")
    dialog = app.page.locator(f"#dlg-{name}")
    dialog.wait_for(state="visible")
    return dialog


def _confirm_replay(app: AppPage) -> None:
    dialog = _open_window(app, "replay")
    dialog.locator('button[value="replay"]').click()


def test_replay_asks_first_and_keeps_the_game_until_the_player_agrees(open_app: OpenApp) -> None:
    app = open_app()
    dealt = app.open_deal(DEAL)
    moved = _double_tap_move(app)
    dialog = _open_window(app, "replay")
    dialog.locator('button[value="cancel"]').click()
    dialog.wait_for(state="hidden")
    app.wait_idle()
    kept = app.state()
    assert (kept["id"], kept["version"], kept["record"]) == (
        moved["id"],
        moved["version"],
        moved["record"],
    )
    _confirm_replay(app)
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=dealt["id"])
    assert app.state()["moves"] == 0


def test_replay_and_undo_are_not_neighbours_on_a_phone(open_app: OpenApp) -> None:
    app = open_app(touch=True)
    app.open_deal(DEAL)
    replay, undo = app.box(app.page.locator("#btn-replay")), app.box(app.page.locator("#btn-undo"))
    assert abs(replay["x"] - undo["x"]) > 2 * undo["width"]


def test_replay_starts_the_deal_again(open_app: OpenApp) -> None:
    app = open_app()
    dealt = app.open_deal(DEAL)
    _double_tap_move(app)
    _confirm_replay(app)
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=dealt["id"])
    state = app.state()
    assert state["code"] == DEAL
    assert state["moves"] == 0
    assert app.drawn_columns() == dealt["columns"]


def _new_game(app: AppPage, *, rules: str | None = None, code: str | None = None) -> None:
    dialog = _open_window(app, "new")
    if rules:
        dialog.locator(f'input[name="rules"][value="{rules}"]').check()
    if code is not None:
        dialog.locator("#new-code").fill(code)
    dialog.locator("#new-start").click()


def test_the_new_game_window_deals_by_rules_or_code(open_app: OpenApp) -> None:
    app = open_app()
    app.console.allow_refusals(400)
    first = app.open_deal(DEAL)
    with app.page.expect_request(lambda request: request.url.endswith("/api/v1/games")) as sent:
        _new_game(app, rules="relaxed")
    assert sent.value.post_data_json == {"rules": "relaxed", "winnable": False}
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=first["id"])
    assert app.state()["code"].startswith("YU1-R-")
    assert app.page.locator("#dlg-new").is_hidden()

    _new_game(app, code="YU2-C-AAAAAAB")
    error = app.page.locator("#new-error")
    error.wait_for(state="visible")
    assert error.inner_text() == "A game code starts with YU1, as in YU1-C-AAAAAAB."
    app.page.locator("#new-code").fill("YU1-C-AAAAAA")
    app.page.locator("#new-start").click()
    app.page.wait_for_function(
        "() => document.querySelector('#new-error').textContent.includes('seven letters')"
    )
    assert app.page.locator("#dlg-new").is_visible()
    relaxed = app.state()["id"]
    app.page.locator("#new-code").fill(" yu1-c-aacrwea ")
    app.page.locator("#new-start").click()
    app.page.locator("#dlg-new").wait_for(state="hidden")
    # The info bar is written once the new board's frame is drawn, as the page's game changes.
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=relaxed)
    assert app.state()["code"] == "YU1-C-AACRWEA"
    assert app.page.locator("#board .info .code").inner_text() == "YU1-C-AACRWEA"


def test_new_game_during_a_game_says_it_stays_in_the_history(open_app: OpenApp) -> None:
    app = open_app()
    dealt = app.open_deal(DEAL)
    note = app.page.locator("#new-in-progress")
    _open_window(app, "new")
    assert note.is_hidden(), "a deal not yet played is no game in progress"
    app.page.locator("#dlg-new [data-close]").click()
    moved = _double_tap_move(app)
    _open_window(app, "new")
    assert note.is_visible()
    assert note.inner_text() == (
        "The game in progress stays in your game history, where you can resume it. "
        "Until you do, your win streak starts again from zero."
    )
    app.page.locator("#new-code").fill("YU1-C-AACRWEA")
    app.page.locator("#new-start").click()
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=dealt["id"])
    _, listed = app.api("GET", "/games?limit=2")
    kept = next(game for game in listed["games"] if game["id"] == moved["id"])
    assert (kept["won"], kept["moves"]) == (False, 1)
    _open_window(app, "new")
    assert note.is_hidden(), "the new game has no move yet"


def test_winnable_deals_only_is_sent(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    app.page.click("#btn-new")
    app.page.locator("#new-winnable").check()
    with app.page.expect_response(lambda response: response.url.endswith("/api/v1/games")) as got:
        app.page.locator("#new-start").click()
    assert got.value.request.post_data_json == {"rules": "classic", "winnable": True}
    assert got.value.status == 201


def test_a_link_with_a_bad_code_explains_and_keeps_the_game(open_app: OpenApp) -> None:
    app = open_app()
    app.console.allow_refusals(400)
    dealt = app.open_deal(DEAL)
    app.goto("/play/YU1-X-AAAAAAB")
    assert app.message() == (
        "The link's game code YU1-X-AAAAAAB is not valid; here is your current game."
    )
    assert app.state()["id"] == dealt["id"]


def test_the_info_bar_counts_and_the_clock_pauses_while_hidden(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    info = app.page.locator("#board .info")
    assert info.locator('[data-value="time"]').inner_text() == "0:00"
    _double_tap_move(app)
    assert info.locator('[data-value="moves"]').inner_text() == "1"
    assert info.locator('[data-value="score"]').inner_text() == str(app.state()["score"])
    assert app.state()["clock_running"] is True
    for hidden in (True, False):
        with app.page.expect_response(lambda r: r.url.endswith("/visibility")) as answer:
            app.page.evaluate(
                """hidden => {
                    Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
                    document.dispatchEvent(new Event("visibilitychange"));
                }""",
                hidden,
            )
        assert answer.value.request.post_data_json == {"hidden": hidden}
        assert answer.value.json()["clock_running"] is not hidden


def test_one_click_on_the_code_copies_a_link(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    app.page.click("#board .info .code")
    link = app.page.url.rstrip("/") + f"/play/{DEAL}"
    assert app.message() == f"Link copied: {link}"
    assert app.page.evaluate("navigator.clipboard.readText()") == link


def _settings_saved(response: Response) -> bool:
    return response.url.endswith("/settings") and response.request.method == "PUT"


def test_settings_are_kept_for_the_player(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    app.page.click("#menu summary")
    dialog = _open_window(app, "settings")
    assert dialog.locator('input[name="double_click"]').is_checked()
    assert not dialog.locator('input[name="auto_placement"]').is_checked()
    with app.page.expect_response(_settings_saved):
        dialog.locator('input[name="placement_help"]').uncheck()
    with app.page.expect_response(_settings_saved):
        dialog.locator("#settings-language").select_option("en")
    app.reload()
    _, settings = app.api("GET", "/settings")
    assert settings["placement_help"] is False
    assert settings["language"] == "en"
    app.page.click("#menu summary")
    app.page.click("#btn-settings")
    assert not app.page.locator('#dlg-settings input[name="placement_help"]').is_checked()
    assert app.page.locator("#settings-language").input_value() == "en"


def test_a_reload_shows_the_same_game(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    moved = _double_tap_move(app)
    app.page.click("#btn-undo")
    app.wait_version(moved["version"] + 1)
    _double_tap_move(app)
    before = app.state()
    assert before["can_undo"] is True
    shown = app.page.locator("#board .info").inner_text()
    app.reload()
    assert app.state()["id"] == before["id"]
    assert app.drawn_columns() == before["columns"]
    assert app.page.locator("#board .info").inner_text().split("\n")[1:] == shown.split("\n")[1:]
    assert app.page.locator("#btn-undo").is_enabled()
    app.page.click("#btn-undo")
    app.wait_version(before["version"] + 1)
    assert app.state()["undos"] == 2


def test_no_legal_move_left_is_a_calm_notice(open_app: OpenApp, screenshots: Path) -> None:
    code, line = stuck_line()
    app = open_app(touch=True)
    state = app.open_deal(code, line)
    assert state["no_legal_moves"] is True
    notice = app.page.locator("#notice")
    assert notice.is_visible()
    app.page.screenshot(path=screenshots / "no-moves-390x844.png")
    assert "not a loss" in notice.inner_text()
    notice.locator('[data-action="undo"]').click()
    app.wait_version(state["version"] + 1)
    assert notice.is_hidden()
    assert app.state()["no_legal_moves"] is False


def test_the_win_window_shows_the_counters(open_app: OpenApp, screenshots: Path) -> None:
    result = solve(Position.from_code(GameCode.parse(DEAL)), Limit(states=200_000))
    assert result.status is Status.WON
    moves = [str(move) for move in result.moves]
    last = result.moves[-1]
    assert last.column is None, "a won game ends with a card going up"
    app = open_app()
    before = app.open_deal(DEAL, moves[:-1])
    app.tap(str(last.card))
    dialog = app.page.locator("#dlg-win")
    dialog.wait_for(state="visible")
    state = app.state()
    assert state["won"] is True
    assert state["version"] == before["version"] + 1
    stats = dict(
        zip(
            dialog.locator("dt").all_inner_texts(),
            dialog.locator("dd").all_inner_texts(),
            strict=True,
        )
    )
    # The deal's par follows the moves once the solver has found it (a review of the won game).
    assert stats["Moves"].split(" · ")[0] == str(len(moves))
    dialog.locator("#win-par").wait_for()
    par = app.api("GET", f"/games/{state['id']}/review")[1]["par"]
    moves_shown = dialog.locator('[data-stat="moves"]').locator("xpath=..").inner_text()
    assert moves_shown == f"{len(moves)} · par {par}"
    assert stats["Score"] == str(state["score"])
    assert (stats["Hints"], stats["Undos"]) == ("0", "0")
    assert stats["Time"].count(":") == 1
    app.page.screenshot(path=screenshots / "win-1280x800.png")
    dialog.locator('[data-action="replay"]').click()
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=state["id"])
    assert dialog.is_hidden()
    assert app.state()["moves"] == 0


def test_can_this_still_be_won_says_it_uses_the_hidden_cards(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    dialog = _open_window(app, "analysis")
    assert "face-down cards" in dialog.inner_text()
    app.page.wait_for_function(
        "() => !document.querySelector('#analysis-result').textContent.includes('Thinking')"
    )
    assert app.page.locator("#analysis-result").inner_text() == (
        "Yes: this position can still be won."
    )


def test_a_move_made_in_another_tab_is_picked_up(open_app: OpenApp) -> None:
    app = open_app()
    app.console.allow_refusals(409)
    before = app.open_deal(DEAL)
    elsewhere = app.play_api(["6C>1"])
    # The page still draws the deal; its next move carries a stale version.
    app.double_tap("5H")
    app.wait_version(elsewhere["version"])
    state = app.state()
    assert state["version"] == before["version"] + 1
    assert app.drawn_columns() == state["columns"]


def test_escape_closes_the_menu(open_app: OpenApp) -> None:
    app = open_app()
    app.page.click("#menu summary")
    app.page.locator(".menu-items").wait_for(state="visible")
    app.page.keyboard.press("Escape")
    app.page.locator(".menu-items").wait_for(state="hidden")
    assert app.page.evaluate("document.activeElement.matches('#menu summary')")


def test_a_hint_asked_twice_for_the_same_move_counts_once(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    for _ in range(2):
        app.page.click("#btn-hint")
        app.page.wait_for_selector("#board .card.hinted")
        app.wait_idle()
    assert app.state()["hints"] == 1


def _back_and_forth(code: str) -> list[str]:
    """Two moves of the deal *code* that take one card to another column and back."""
    game = Game.from_code(code)
    for move in list(game.legal_moves):
        home = game.column_of(move.card)
        if move.column is None or home is None:
            continue
        game.play(move)
        back = Move(move.card, home)
        if game.is_legal(back):
            return [str(move), str(back)]
        game.undo()
    raise AssertionError(f"no card of {code} goes and comes back")


def test_at_the_undo_limit_the_app_says_so(open_app: OpenApp) -> None:
    app = open_app()
    # In this deal 7♥ can go to column 7 and come back to column 3, again and again.
    code = "YU1-C-AAAAAAX"
    app.open_deal(code)
    moves = _back_and_forth(code) * 51
    state = app.play_record(code, [*moves, *["U"] * 100])
    assert state["can_undo"] is False
    app.reload()
    app.page.click("#btn-undo")
    assert app.message() == "Only the last 100 moves can be undone; the moves before them stay."
    app.wait_idle()
    assert app.state()["version"] == state["version"]


_CODE_LINES_JS = """() => {
    const error = document.querySelector('#new-error');
    const walker = document.createTreeWalker(error, NodeFilter.SHOW_TEXT);
    const lines = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.data.matchAll(/YU1-C-AAAAAAB/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            lines.push(new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size);
        }
    }
    return lines;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_invalid_code_message_keeps_a_code_on_one_line(
    open_app: OpenApp, language: str
) -> None:
    app = open_app(f"/?lang={language}", viewport={"width": 360, "height": 640}, touch=True)
    app.console.allow_refusals(400)
    for code in ("YU2-C-AAAAAAB", "YU1-X-AAAAAAB", "YU1-C-AAAAAA"):
        _new_game(app, code=code)
        # Each window opens with no error: the one awaited is this code's.
        app.page.wait_for_function(
            "() => document.querySelector('#new-error').textContent.includes('YU1-C-AAAAAAB')"
        )
        assert app.page.evaluate(_CODE_LINES_JS) == [1]
        app.page.locator("#dlg-new [data-close]").click()


def test_a_typed_code_and_the_rules_choice_never_disagree(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    dialog = _open_window(app, "new")
    relaxed = dialog.locator('input[name="rules"][value="relaxed"]')
    relaxed.check()
    dialog.locator("#new-code").fill("YU1-C-AACRWEA")
    assert relaxed.is_disabled(), "the code's own rules letter decides"
    assert dialog.locator("#new-code-rules").is_visible()
    dialog.locator('input[name="deal"][value="random"]').check()
    assert relaxed.is_enabled()
    assert dialog.locator("#new-code-rules").is_hidden()
    dialog.locator('input[name="deal"][value="code"]').check()
    with app.page.expect_response(lambda response: response.url.endswith("/api/v1/games")):
        dialog.locator("#new-start").click()
    app.wait_idle()
    assert app.state()["code"] == "YU1-C-AACRWEA"
