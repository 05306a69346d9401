"""Statistics and the game history (SPEC §6) in a real browser: the figures after a
won and an abandoned game, the list of games, watching a game move by move (undos
included), playing a deal again, resuming an unfinished game (one given up by Replay
too), and both screens on a phone and a desktop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal, format_percent

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, drawn_columns_js, owned_faces
from tests.browser.test_screens import SIZES, check_overflows
from tests.web.helpers import WIN_CODE, WIN_LINE
from yukon.engine import Game, Move
from yukon.i18n import BABEL_LOCALES, LANGUAGES, translate

pytestmark = pytest.mark.browser

UNDO_CODE = "YU1-C-AAAAAAB"  # the deal the language tests play too
RELAXED_CODE = "YU1-R-AACRWEA"


def undo_line() -> list[str]:
    """Three moves and an undo on UNDO_CODE: m1 m2 U m3, where m3 is not m2."""
    game = Game.from_code(UNDO_CODE)
    first = next(iter(game.legal_moves))
    game.play(first)
    second = next(iter(game.legal_moves))
    game.play(second)
    game.undo()
    third = next(move for move in game.legal_moves if move != second)
    return [str(first), str(second), "U", str(third)]


def _position(code: str, moves: list[str]) -> list[dict[str, Any]]:
    """The columns after *moves* (undos as U), as the board draws them."""
    game = Game.from_code(code)
    for token in moves:
        if token == "U":
            game.undo()
        else:
            game.play(Move.parse(token))
    return [
        {"hidden": hidden, "cards": [str(card) for card in cards[hidden:]]}
        for cards, hidden in zip(game.columns, game.hidden, strict=True)
    ]


def _watched(app: AppPage) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = app.page.evaluate(drawn_columns_js(".example-board"))
    return drawn


def _duration(milliseconds: int) -> str:
    seconds = milliseconds // 1000
    hours, minutes = seconds // 3600, seconds % 3600 // 60
    return f"{hours}:{minutes:02}:{seconds % 60:02}" if hours else f"{minutes}:{seconds % 60:02}"


def _figures(app: AppPage, rules: str) -> dict[str, str]:
    """The figures one rule set's box shows, by the API's names."""
    section = app.page.locator(f'.rules-stats[data-rules="{rules}"]')
    shown: dict[str, str] = section.evaluate(
        """section => Object.fromEntries([...section.querySelectorAll('[data-figure]')].map(
            node => [node.dataset.figure,
                     (node.querySelector('.tile-value') ?? node).textContent]))"""
    )
    return shown


def _expected(app: AppPage, rules: str, language: str = "en") -> dict[str, str]:
    """The figures of GET /api/v1/stats, written as the page should write them."""
    stats = app.api("GET", "/stats")[1][rules]
    locale = BABEL_LOCALES[language]

    def number(value: int | None) -> str:
        return "—" if value is None else format_decimal(value, locale=locale)

    rate = stats["win_rate"]
    fastest = stats["fastest_win_ms"]
    return {
        "played": number(stats["played"]),
        "won": number(stats["won"]),
        "win_rate": "—" if rate is None else format_percent(rate, locale=locale),
        "current_streak": number(stats["current_streak"]),
        "best_streak": number(stats["best_streak"]),
        "best_score": number(stats["best_score"]),
        "fastest_win": "—" if fastest is None else _duration(fastest),
        "fewest_moves": number(stats["fewest_moves"]),
    }


def _show(app: AppPage, page: str, ready: str) -> None:
    """Follow the menu's link to *page* and wait for *ready* on it."""
    app.page.click("#menu summary")
    app.page.click(f'.menu-items a[data-route="/{page}"]')
    app.page.locator(f"#page {ready}").first.wait_for()


def _first_move(code: str) -> str:
    return str(next(iter(Game.from_code(code).legal_moves)))


def test_statistics_after_a_won_and_an_abandoned_game(open_app: OpenApp) -> None:
    app = open_app("/stats")
    assert app.page.title() == "Statistics — Yukon Solitaire"
    empty = app.page.locator("#page .empty-state")
    empty.wait_for()
    assert empty.inner_text() == translate("en", "stats.empty")
    # A win, its last move made on the board: the win window leads to the figures.
    app.open_deal(WIN_CODE, list(WIN_LINE[:-1]))
    app.tap(WIN_LINE[-1].split(">")[0])
    app.page.locator('#dlg-win [data-action="stats"]').click()
    app.page.locator("#page .rules-stats").first.wait_for()
    assert app.page.url.endswith("/stats")
    assert _figures(app, "classic") == _expected(app, "classic")
    assert _figures(app, "classic")["best_score"] == "625"
    assert _figures(app, "classic")["fewest_moves"] == str(len(WIN_LINE))
    relaxed = app.page.locator('.rules-stats[data-rules="relaxed"]')
    assert relaxed.locator(".none-yet").inner_text() == translate("en", "stats.none_yet")
    # A game with a move, in progress: played, and the streak still stands.
    app.play_record(UNDO_CODE, [_first_move(UNDO_CODE)])
    app.reload()
    app.page.locator("#page .rules-stats").first.wait_for()
    shown = _figures(app, "classic")
    assert shown == _expected(app, "classic")
    assert (shown["played"], shown["win_rate"], shown["current_streak"]) == ("2", "50%", "1")
    # Another game started: the unfinished one ends the streak. A Relaxed game counts apart.
    app.play_record(RELAXED_CODE, [_first_move(RELAXED_CODE)])
    app.reload()
    app.page.locator("#page .rules-stats").first.wait_for()
    assert _figures(app, "classic")["current_streak"] == "0"
    assert _figures(app, "classic") == _expected(app, "classic")
    assert _figures(app, "relaxed") == _expected(app, "relaxed")
    assert _figures(app, "relaxed")["fastest_win"] == "—"


def _row(app: AppPage, game_id: str) -> Any:
    return app.page.locator(f'.game-row[data-game="{game_id}"]')


def test_history_lists_the_games_newest_first(open_app: OpenApp) -> None:
    app = open_app("/history")
    assert app.page.locator("#page .empty-state").inner_text() == translate("en", "history.empty")
    won = app.play_record(WIN_CODE, list(WIN_LINE))
    undone = app.play_record(UNDO_CODE, undo_line())
    app.reload()
    rows = app.page.locator(".game-row")
    rows.first.wait_for()
    # The game without a move (the first visit's) is not listed.
    assert [rows.nth(i).get_attribute("data-game") for i in range(rows.count())] == [
        undone["id"],
        won["id"],
    ]
    row = _row(app, won["id"])
    assert row.locator("code").inner_text() == WIN_CODE
    assert row.locator(".game-rules").inner_text() == "Classic"
    assert row.locator(".badge").inner_text() == "Won"
    figures = row.locator(".game-figure").all_inner_texts()
    time = _duration(won["elapsed_ms"])
    assert figures == ["Score 625", f"Moves {len(WIN_LINE)}", f"Time {time}"]
    assert _row(app, undone["id"]).locator(".badge").inner_text() == "In progress"
    assert _row(app, undone["id"]).locator('button:has-text("Resume")').count() == 1
    assert row.locator('button:has-text("Resume")').count() == 0
    # Resume shows the game in progress.
    _row(app, undone["id"]).locator('button:has-text("Resume")').click()
    app.page.locator("#board").wait_for(state="visible")
    assert app.page.url.endswith("/")
    assert app.page.evaluate("document.body.dataset.game") == undone["id"]


def test_a_game_given_up_by_replay_is_resumed_from_the_history(open_app: OpenApp) -> None:
    app = open_app()
    app.play_record(WIN_CODE, list(WIN_LINE))
    left = app.play_record(UNDO_CODE, undo_line())
    app.reload()
    app.page.click("#btn-replay")
    dialog = app.page.locator("#dlg-replay")
    dialog.wait_for(state="visible")
    dialog.locator('button[value="replay"]').click()
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=left["id"])
    _show(app, "history", ".game-row")
    row = _row(app, left["id"])
    assert row.locator(".badge").inner_text() == "Not finished"
    row.locator('button:has-text("Resume")').click()
    app.page.wait_for_function("id => document.body.dataset.game === id", arg=left["id"])
    app.page.locator("#board").wait_for(state="visible")
    assert app.page.url.endswith("/")
    assert app.drawn_columns() == left["columns"]
    # The server keeps it as the current game: a reload shows it, and the streak stands.
    app.reload()
    assert app.state()["record"] == left["record"]
    _show(app, "stats", ".rules-stats")
    assert _figures(app, "classic")["current_streak"] == "1"
    app.goto("/history")  # opened by its address, before the game is loaded
    app.page.locator("#page .game-row").first.wait_for()
    assert _row(app, left["id"]).locator(".badge").inner_text() == "In progress"


def test_watch_steps_through_a_game_with_its_undos(open_app: OpenApp) -> None:
    app = open_app()
    line = undo_line()
    undone = app.play_record(UNDO_CODE, line)
    _show(app, "history", ".game-row")
    _row(app, undone["id"]).locator('a:has-text("Watch")').click()
    caption = app.page.locator(".step-caption")
    caption.wait_for()
    assert app.page.url.endswith(f"/history/{undone['id']}")
    assert caption.inner_text() == f"The deal {UNDO_CODE}"
    assert _watched(app) == _position(UNDO_CODE, [])
    expected = [
        f"Move 1 of 3: {line[0]}",
        f"Move 2 of 3: {line[1]}",
        f"Undo: {line[1]} is taken back",
        f"Move 3 of 3: {line[3]}",
    ]
    for step, text in enumerate(expected, 1):
        app.page.keyboard.press("ArrowRight")
        assert caption.inner_text() == text
        assert _watched(app) == _position(UNDO_CODE, line[:step])
    assert app.page.locator('[data-step="next"]').is_disabled()
    assert app.page.locator(".step-slider").input_value() == "4"
    # Leaving the undone moves out keeps the same position, now move 2 of 2.
    app.page.locator('input[name="skip_undos"]').check()
    assert caption.inner_text() == f"Move 2 of 2: {line[3]}"
    assert _watched(app) == _position(UNDO_CODE, line)
    app.page.click('[data-step="previous"]')
    assert caption.inner_text() == f"Move 1 of 2: {line[0]}"
    app.page.locator(".step-slider").fill("0")
    assert caption.inner_text() == f"The deal {UNDO_CODE}"


def test_watch_a_won_game_then_play_its_deal(open_app: OpenApp) -> None:
    app = open_app()
    won = app.play_record(WIN_CODE, list(WIN_LINE))
    app.goto(f"/history/{won['id']}")
    caption = app.page.locator(".step-caption")
    caption.wait_for()
    assert app.page.locator('input[name="skip_undos"]').count() == 0
    app.page.keyboard.press("End")
    assert caption.inner_text() == f"Move {len(WIN_LINE)} of {len(WIN_LINE)}: {WIN_LINE[-1]}"
    assert app.page.locator(".example-board .info-slot").inner_text() == "Score 625"
    foundations = app.page.locator(".example-board .foundation")
    tops = [owned_faces(foundations.nth(index))[-1] for index in range(4)]
    assert tops == ["KS", "KH", "KD", "KC"]
    app.page.locator('.step-options button:has-text("Play this deal")').click()
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=won["id"])
    app.page.locator("#board").wait_for(state="visible")
    state = app.state()
    assert app.page.url.endswith("/")
    assert (state["code"], state["moves"]) == (WIN_CODE, 0)
    assert state["id"] != won["id"]


def test_an_unknown_game_says_so(open_app: OpenApp) -> None:
    app = open_app()
    app.console.allow_refusals(404)
    app.goto("/history/no-such-game")
    error = app.page.locator("#page .error")
    error.wait_for()
    assert error.inner_text() == translate("en", "error.not_found")
    app.page.locator('#page a[data-route="/history"]').click()
    app.page.locator("#page .game-row, #page .empty-state").first.wait_for()


@pytest.mark.parametrize("language", LANGUAGES)
def test_statistics_and_history_fit_a_phone_and_a_desktop(
    open_app: OpenApp, screenshots: Path, language: str
) -> None:
    """Every language on a phone (the longest words are the trouble); screenshots of
    a desktop too in English and Icelandic, for a person to look at."""
    sizes = ["phone", "desktop"] if language in ("en", "is") else ["phone"]
    folder = screenshots / "history"
    folder.mkdir(exist_ok=True)
    problems: list[str] = []
    app = open_app(f"/?lang={language}", viewport=SIZES["phone"])
    app.play_record(WIN_CODE, list(WIN_LINE))
    app.play_record(RELAXED_CODE, [_first_move(RELAXED_CODE)])
    undone = app.play_record(UNDO_CODE, undo_line())
    for size in sizes:
        app.page.set_viewport_size(SIZES[size])  # type: ignore[arg-type]
        stem = folder / f"{language}-{size}"
        app.goto(f"/stats?lang={language}")
        app.page.locator("#page .rules-stats").first.wait_for()
        assert _figures(app, "classic") == _expected(app, "classic", language)
        problems += check_overflows(app, stem.with_name(f"{stem.name}-stats.png"))
        app.goto(f"/history?lang={language}")
        app.page.locator("#page .game-row").first.wait_for()
        problems += check_overflows(app, stem.with_name(f"{stem.name}-history.png"))
        app.goto(f"/history/{undone['id']}?lang={language}")
        app.page.locator(".step-caption").wait_for()
        app.page.keyboard.press("End")
        app.page.keyboard.press("ArrowLeft")
        problems += check_overflows(app, stem.with_name(f"{stem.name}-watch.png"))
    assert problems == []


_FRAMES_JS = """async ([tokens, record]) => {
    const watch = await import("/static/js/watch.js");
    const steps = [null, ...tokens].map((move, index) => ({move, index}));
    const {all, line} = watch.framesOf(steps);
    const shown = (frames) => frames.map((f) => [f.kind, f.move, f.number, f.step.index]);
    return {all: shown(all), line: shown(line), replayable: watch.replayable(record)};
}"""


def test_undos_name_the_move_they_take_back_and_a_long_record_keeps_what_stayed(
    open_app: OpenApp,
) -> None:
    app = open_app()
    tokens = ["QC>5", "TD>1", "U", "U", "9S>4", "8S>5", "U", "TS>1"]
    # 1001 moves and undos: more than the server replays; the moves that stayed go.
    long = " ".join(["YU1-C-AACRWEA", "QC>5", *["TD>1", "U"] * 500])
    answer = app.page.evaluate(_FRAMES_JS, [tokens, long])
    assert answer["all"] == [
        ["deal", None, 0, 0],
        ["move", "QC>5", 1, 1],
        ["move", "TD>1", 2, 2],
        ["undo", "TD>1", 0, 3],
        ["undo", "QC>5", 0, 4],
        ["move", "9S>4", 3, 5],
        ["move", "8S>5", 4, 6],
        ["undo", "8S>5", 0, 7],
        ["move", "TS>1", 5, 8],
    ]
    assert answer["line"] == [["deal", None, 0, 0], ["move", "9S>4", 1, 5], ["move", "TS>1", 2, 8]]
    assert answer["replayable"] == {"record": "YU1-C-AACRWEA QC>5", "cut": True}
    short = app.page.evaluate(_FRAMES_JS, [[], "YU1-C-AACRWEA QC>5 U"])
    assert short["replayable"] == {"record": "YU1-C-AACRWEA QC>5 U", "cut": False}


def test_watch_plays_a_game_by_itself_at_a_chosen_speed(open_app: OpenApp) -> None:
    app = open_app()
    line = undo_line()
    undone = app.play_record(UNDO_CODE, line)
    app.goto(f"/history/{undone['id']}")
    caption = app.page.locator(".step-caption")
    caption.wait_for()
    app.page.locator(".watch-speed").select_option("fast")
    play = app.page.locator("[data-autoplay]")
    play.click()
    assert play.inner_text() == "Pause"
    app.page.wait_for_function(
        "text => document.querySelector('.step-caption').textContent === text",
        arg=f"Move 3 of 3: {line[3]}",
    )
    app.page.wait_for_function(
        "() => document.querySelector('[data-autoplay]').textContent === 'Play'"
    )
    assert _watched(app) == _position(UNDO_CODE, line)
