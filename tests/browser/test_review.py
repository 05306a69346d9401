"""*Where did it go wrong?* in a real browser (SPEC §6, issue 36): a stuck game's
notice leads to its Watch page, the solver thinks (said so), the board steps to the
last position that could be won with the move that lost marked and a better move
shown as a hint is, the answer in words, and *Try from here* starts a practice game
there, marked in the history. The Watch page of any game not won offers it; a game
still winnable says how to go on, a deal lost from the start says so; a won game's
window shows par; a practice game's win counts toward nothing. By keyboard alone
too, checked by axe-core, and in every language the words for every answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import pytest
from playwright.sync_api import Browser

from tests.browser.axe import axe_problems
from tests.browser.conftest import DESKTOP, PHONE, OpenApp
from tests.browser.helpers import AppPage, ConsoleWatch, State, drawn_columns_js, stuck_line
from tests.browser.test_screens import check_overflows
from tests.web.helpers import WIN_CODE, WIN_LINE
from tests.web.server import ServerProcess
from yukon.engine import Card, Game, Move
from yukon.i18n import LANGUAGES, translate
from yukon.i18n.messages import card_name

pytestmark = pytest.mark.browser

# A deal that cannot be won (an exhausted search says so at once).
LOST_DEAL: Final = "YU1-C-OISDRDE"
# A deal the solver leaves undecided after 200,000 states: no review decides it in a millisecond.
HARD_DEAL: Final = "YU1-C-QIQBIEC"
SIZES = {"phone": PHONE, "desktop": DESKTOP}

# Every text the review's live region says, in order, from the page's start.
_RECORD_SAID: Final = """() => {
    window.said = [];
    new MutationObserver(() => {
        const node = document.querySelector('[data-review="said"]');
        const text = node ? node.textContent : "";
        if (text && window.said[window.said.length - 1] !== text) window.said.push(text);
    }).observe(document, {subtree: true, childList: true, characterData: true});
}"""


def _position(code: str, moves: list[str]) -> list[dict[str, Any]]:
    """The columns after *moves*, as the board draws them."""
    game = Game.from_code(code)
    for move in moves:
        game.play(Move.parse(move))
    return [
        {"hidden": hidden, "cards": [str(card) for card in cards[hidden:]]}
        for cards, hidden in zip(game.columns, game.hidden, strict=True)
    ]


SUIT_SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _symbol(code: str) -> str:
    """An English card as the page writes it: "10♦"."""
    return code[0].replace("T", "10") + SUIT_SYMBOLS[code[1]]


def _move_words(
    language: str, move: str, before: list[dict[str, Any]], symbols: bool = False
) -> str:
    """A move in the review's words, cards by name (or, as on the screen, by symbol)."""
    card, target = move.split(">")
    name = _symbol(card) if symbols else card_name(language, Card.parse(card))
    words: dict[str, object] = {"card": name, "column": target}
    if target == "F":
        return translate(language, "review.move_to_foundation", **words)
    column = next((column["cards"] for column in before if card in column["cards"]), None)
    if column is None:
        return translate(language, "review.move_taken_back", **words)
    on = len(column) - column.index(card) - 1
    key = "review.move_group_to_column" if on else "review.move_to_column"
    return translate(language, key, **words)


def _review(app: AppPage, game: str) -> dict[str, Any]:
    status, review = app.api("GET", f"/games/{game}/review")
    assert status == 200, review
    return dict(review)


def _ask(app: AppPage) -> None:
    """Press *Where did it go wrong?* on the Watch page and wait for the answer."""
    app.page.click(".review-ask")
    _answered(app)


def _answered(app: AppPage) -> None:
    app.page.locator(".review-answer:not([hidden])").wait_for()
    app.settle()


def _watched(app: AppPage) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = app.page.evaluate(drawn_columns_js(".example-board"))
    return drawn


_RING_JS: Final = """mark => {
    const box = mark.getBoundingClientRect();
    const ring = getComputedStyle(mark, "::before");
    const out = -parseFloat(ring.top);
    return {x: box.x - out, y: box.y - out,
            width: box.width + 2 * out, height: box.height + 2 * out,
            style: ring.borderTopStyle, shown: ring.visibility};
}"""


def _ring(app: AppPage, selector: str) -> dict[str, Any]:
    """The ring a mark draws round its cards (its ::before), its box and its line."""
    ring: dict[str, Any] = app.page.locator(selector).evaluate(_RING_JS)
    return ring


def _around(app: AppPage, cards: list[str], away: float) -> dict[str, float]:
    """The box round *cards* as drawn, *away* pixels out on every side."""
    boxes = [
        app.box(app.page.locator(f'.example-board .card.face[data-card="{card}"]'))
        for card in cards
    ]
    left, top = min(box["x"] for box in boxes) - away, min(box["y"] for box in boxes) - away
    right = max(box["x"] + box["width"] for box in boxes) + away
    bottom = max(box["y"] + box["height"] for box in boxes) + away
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


def _group(position: list[dict[str, Any]], card: str) -> list[str]:
    """*card* and the cards on it in *position*."""
    for column in position:
        if card in column["cards"]:
            cards: list[str] = column["cards"]
            return cards[cards.index(card) :]
    return [card]


def _stuck_game(app: AppPage) -> tuple[State, list[str]]:
    code, line = stuck_line()
    state = app.play_record(code, line)
    app.reload()
    app.page.locator("#notice").wait_for(state="visible")
    return state, line


def test_a_stuck_game_shows_where_it_went_wrong_and_tries_from_there(
    open_app: OpenApp, screenshots: Path
) -> None:
    app = open_app()
    state, line = _stuck_game(app)
    app.page.evaluate(_RECORD_SAID)
    review = _review(app, state["id"])
    assert review["status"] == "found"
    k, losing, better = review["last_winnable"], review["losing_move"], review["better_move"]
    assert losing == line[k]
    # The notice's button: the game's Watch page, asking at once.
    app.page.click('#notice [data-action="review"]')
    app.page.wait_for_url(f"**/history/{state['id']}")
    _answered(app)
    assert app.page.locator("#notice").is_hidden()
    said = app.page.evaluate("window.said")
    assert said[0] == translate("en", "review.thinking")
    # The board stands at position K: the line's first K moves played.
    before = _position(state["code"], line[:k])
    assert _watched(app) == before
    assert app.page.locator(".step-caption").inner_text().startswith(f"Move {k} of {len(line)}")
    # The move that lost: its cards ringed, its target marked, the tag that names it.
    card, target = losing.split(">")
    ring = _ring(app, ".example-board .loss-outline")
    assert (ring.pop("style"), ring.pop("shown")) == ("dashed", "visible")
    assert ring == pytest.approx(_around(app, _group(before, card), 7), abs=0.5)
    assert (
        app.page.locator(f'.example-board .slot.lost-target[data-target="{target}"]').count() == 1
    )
    tag = app.page.locator(".example-board .loss-outline").evaluate(
        "mark => getComputedStyle(mark, '::after').content"
    )
    assert tag == '"The move that lost"'
    # The better move, shown as the hint shows a move.
    good, goal = better.split(">")
    hint = _ring(app, ".example-board .hint-outline:not(.loss-outline)")
    assert (hint.pop("style"), hint.pop("shown")) == ("solid", "visible")
    assert hint == pytest.approx(_around(app, _group(before, good), 5), abs=0.5)
    where = "F" if goal == "F" else goal
    assert app.page.locator(f'.example-board .slot.hinted[data-target="{where}"]').count() == 1
    # The words: on the screen with the cards' symbols, to screen readers with their names.
    lost = translate("en", "review.found", number=k + 1, move=_move_words("en", losing, before))
    kept = translate("en", "review.better", move=_move_words("en", better, before))
    assert said[-1] == f"{lost} {kept}"
    shown = app.page.locator('[data-review="lost"]').evaluate(
        "line => [...line.childNodes].map(node => node.nodeType === 3 ? node.textContent :"
        " node.matches('.card-word') ? node.firstChild.textContent : '').join('')"
    )
    move = _move_words("en", losing, before, symbols=True)
    assert shown == translate("en", "review.found", number=k + 1, move=move)
    # Stepping away takes the marks off; coming back shows them again.
    app.page.click('[data-step="first"]')
    assert app.page.locator(".example-board .loss-outline[hidden]").count() == 1
    assert app.page.locator(".example-board .slot.hinted").count() == 0
    app.page.click(".review-ask")
    app.page.locator(".example-board .loss-outline:not([hidden])").wait_for(state="attached")
    app.settle()
    app.page.screenshot(path=screenshots / "review-1280x800.png")
    # Try from here: a practice game at position K, on the board and in the history.
    app.page.click(".review-try")
    app.page.locator("#board .info-slot .practice").wait_for()
    app.wait_idle()
    practice = app.state()
    assert practice["practice"] is True
    assert practice["id"] != state["id"]
    assert practice["record"].split() == [state["code"], *line[:k]]
    assert app.drawn_columns() == before
    assert app.page.locator("#board .info-slot .practice").inner_text() == "Practice"
    assert app.message() == translate("en", "review.practice_started", number=k)
    assert app.page.evaluate("document.activeElement.closest('#board') !== null")
    app.goto("/history")
    row = app.page.locator(f'.game-row[data-game="{practice["id"]}"]')
    assert row.locator(".badge.practice").inner_text() == "Practice"
    assert app.page.locator(f'.game-row[data-game="{state["id"]}"] .badge.practice').count() == 0


def test_the_watch_page_of_a_game_given_up_offers_the_review(open_app: OpenApp) -> None:
    """A game left unfinished (its player started another), undos in it: the
    review counts the line's moves, so the Watch page leaves the undone ones out."""
    app = open_app()
    moves = list(WIN_LINE[:6])
    given_up = app.play_record(WIN_CODE, [*moves[:3], "U", *moves[2:]])
    app.play_record(LOST_DEAL, [])
    app.goto(f"/history/{given_up['id']}")
    skip = app.page.locator('input[name="skip_undos"]')
    assert not skip.is_checked()
    _ask(app)
    review = _review(app, given_up["id"])
    assert review["status"] == "still_winnable"
    assert review["last_winnable"] == len(moves)
    assert skip.is_checked()
    assert _watched(app) == _position(WIN_CODE, moves)
    assert app.page.locator(".example-board .loss-outline[hidden]").count() == 1
    nxt = review["better_move"]
    words = _move_words("en", nxt, _position(WIN_CODE, moves))
    said = app.page.locator('[data-review="said"]').inner_text()
    assert said == translate("en", "review.still_winnable_next", move=words)
    assert app.page.locator(".example-board .slot.hinted").count() == 1
    app.page.click(".review-try")
    app.page.locator("#board .info-slot .practice").wait_for()
    assert app.state()["record"].split() == [WIN_CODE, *moves]


def test_a_deal_lost_from_the_start_is_no_fault_of_the_player(open_app: OpenApp) -> None:
    app = open_app()
    game = app.play_record(LOST_DEAL, [str(next(iter(Game.from_code(LOST_DEAL).legal_moves)))])
    app.goto(f"/history/{game['id']}")
    _ask(app)
    assert app.page.locator(".review").get_attribute("data-status") == "lost_from_the_deal"
    assert app.page.locator('[data-review="words"]').inner_text() == translate(
        "en", "review.lost_from_the_deal"
    )
    assert app.page.locator(".review-try").count() == 0
    assert app.page.locator(".example-board .hint-outline:not([hidden])").count() == 0
    # A won game's Watch page asks nothing.
    won = app.play_record(WIN_CODE, list(WIN_LINE))
    app.goto(f"/history/{won['id']}")
    assert app.page.locator(".review-ask").count() == 0


def test_a_won_games_window_shows_par_and_a_practice_win_counts_for_nothing(
    open_app: OpenApp,
) -> None:
    app = open_app()
    won = app.open_deal(WIN_CODE, list(WIN_LINE[:-1]))
    app.tap(WIN_LINE[-1].split(">")[0])
    win = app.page.locator("#dlg-win")
    par = win.locator("#win-par")
    par.wait_for()
    review = _review(app, won["id"])
    assert review["status"] == "won"
    assert review["par"] <= len(WIN_LINE)
    assert par.inner_text() == translate("en", "win.par", par=str(review["par"]))
    moves = win.locator('[data-stat="moves"]').locator("xpath=..")
    assert moves.inner_text() == f"{len(WIN_LINE)} {par.inner_text()}"
    assert win.locator("#win-par-note").is_visible()
    assert win.locator("#win-practice").is_hidden()
    win.locator('[data-action="stats"]').click()
    stats = app.api("GET", "/stats")[1]["classic"]
    # Try from here, one move before the win: the practice game's win says it counts for nothing.
    status, practice = app.api("POST", f"/games/{won['id']}/practice", {"moves": len(WIN_LINE) - 1})
    assert status == 201, practice
    app.goto("/")
    app.tap(WIN_LINE[-1].split(">")[0])
    win.locator("#win-practice").wait_for()
    assert win.locator("#win-practice").inner_text() == translate("en", "win.practice")
    assert win.locator("#win-daily").is_hidden()
    assert win.locator("#win-share").is_hidden()
    assert app.api("GET", "/stats")[1]["classic"] == stats


def _first_moves(code: str, count: int) -> list[str]:
    """*count* moves of a game of *code*, each the first legal move in notation order."""
    game, moves = Game.from_code(code), []
    for _ in range(count):
        move = min(game.legal_moves, key=str)
        game.play(move)
        moves.append(str(move))
    return moves


def test_a_review_the_solver_cannot_finish_says_so(browser: Browser, tmp_path: Path) -> None:
    """A server whose reviews have no time to decide anything: the words say so,
    and nothing is offered to try."""
    budget = ("--review-seconds", "0.001", "--review-total-seconds", "0.001")
    server = ServerProcess(tmp_path / "yukon.sqlite3", *budget)
    try:
        context = browser.new_context(base_url=server.url, viewport=DESKTOP)  # type: ignore[arg-type]
        page = context.new_page()
        app = AppPage(page, ConsoleWatch(page))
        app.goto("/")
        game = app.play_record(HARD_DEAL, _first_moves(HARD_DEAL, 3))
        app.goto(f"/history/{game['id']}")
        _ask(app)
        assert app.page.locator(".review").get_attribute("data-status") == "unknown"
        review = _review(app, game["id"])
        assert review["status"] == "unknown"
        assert review["unknown_between"] == [0, 3]
        words = app.page.locator('[data-review="words"]').inner_text()
        assert words == translate("en", "review.unknown_deal")
        assert app.page.locator('[data-review="said"]').inner_text() == words
        assert app.page.locator(".review-try").count() == 0
        assert app.console.problems() == []
        context.close()
    finally:
        server.stop()


def _tab_to(app: AppPage, selector: str, most: int = 40) -> None:
    """Press Tab until the element *selector* has the focus."""
    for _ in range(most):
        if app.page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
        app.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_review_by_keyboard_alone(open_app: OpenApp) -> None:
    app = open_app()
    state, _line = _stuck_game(app)
    app.page.evaluate(_RECORD_SAID)
    _tab_to(app, '#notice [data-action="review"]')
    app.page.keyboard.press("Enter")
    app.page.wait_for_url(f"**/history/{state['id']}")
    _answered(app)
    # The focus went to the button pressed on the new page, and stays there for the answer.
    assert app.page.evaluate("document.activeElement.matches('.review-ask')")
    said = app.page.evaluate("window.said")
    assert said[0] == translate("en", "review.thinking")
    assert said[-1].startswith(translate("en", "review.found", number=999, move="").split("999")[0])
    app.page.keyboard.press("Tab")
    assert app.page.evaluate("document.activeElement.matches('.review-try')")
    app.page.keyboard.press("Enter")
    app.page.locator("#board .info-slot .practice").wait_for()
    app.wait_idle()
    assert app.page.evaluate("document.activeElement.closest('#board') !== null")
    assert app.state()["practice"] is True
    assert len(app.state()["record"].split()) - 1 == _review(app, state["id"])["last_winnable"]


@pytest.mark.parametrize(
    ("language", "size"), [("en", "phone"), ("en", "desktop"), ("ru", "phone")]
)
def test_the_review_passes_axe(
    open_app: OpenApp, language: str, size: str, screenshots: Path
) -> None:
    app = open_app(viewport=SIZES[size])
    state, _ = _stuck_game(app)
    app.goto(f"/history/{state['id']}?lang={language}")
    _ask(app)
    width, height = SIZES[size]["width"], SIZES[size]["height"]
    app.page.screenshot(path=screenshots / f"review-{language}-{width}x{height}.png")
    assert axe_problems(app.page) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_review_overflows_nothing_in_any_language(
    open_app: OpenApp, language: str, screenshots: Path
) -> None:
    """The notice with its fourth button, the answer, the tag on the board and the
    win window's par, on the smallest phone the app is checked on."""
    app = open_app(viewport={"width": 360, "height": 640})
    _stuck_game(app)
    folder = screenshots / "languages"
    folder.mkdir(exist_ok=True)
    app.goto(f"/?lang={language}")
    problems = check_overflows(app, folder / f"{language}-360x640-stuck.png")
    app.page.click('#notice [data-action="review"]')
    _answered(app)
    problems += check_overflows(app, folder / f"{language}-360x640-review.png")
    app.open_deal(WIN_CODE, list(WIN_LINE[:-1]))
    app.goto(f"/?lang={language}")
    app.tap(WIN_LINE[-1].split(">")[0])
    app.page.locator("#win-par").wait_for()
    problems += check_overflows(app, folder / f"{language}-360x640-win-par.png")
    assert problems == []


_WORDS_JS: Final = """async ([review, position]) => {
    const { reviewWords } = await import("/static/js/review.js");
    return reviewWords(review, () => position, (code) => `<${code}>`).words;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_answer_has_its_words_in_every_language(open_app: OpenApp, language: str) -> None:
    """The words of each status, as the page builds them from a review."""
    app = open_app(f"/?lang={language}")
    base = {
        "line": ["QC>5", "7S>2"],
        "last_winnable": None,
        "losing_move": None,
        "better_move": None,
        "winning_line": [],
        "unknown_between": None,
        "par": None,
        "solver_calls": 1,
        "states": 1,
    }
    step = {
        "move": None,
        "columns": [{"hidden": 0, "cards": ["QC"]}, {"hidden": 0, "cards": ["7S"]}],
    }

    def words(**review: object) -> str:
        said: str = app.page.evaluate(_WORDS_JS, [{**base, **review}, step])
        return said

    found = words(status="found", last_winnable=0, losing_move="QC>5", better_move="7S>2")
    lost = translate(
        language,
        "review.found",
        number="1",
        move=translate(language, "review.move_to_column", card="<QC>", column="5"),
    )
    kept = translate(
        language,
        "review.better",
        move=translate(language, "review.move_to_column", card="<7S>", column="2"),
    )
    assert found == f"{lost} {kept}"
    assert words(status="still_winnable", last_winnable=2, better_move="7S>F") == translate(
        language,
        "review.still_winnable_next",
        move=translate(language, "review.move_to_foundation", card="<7S>"),
    )
    assert words(status="lost_from_the_deal") == translate(language, "review.lost_from_the_deal")
    assert words(status="won", par=97) == translate(language, "review.won", count=97)
    assert words(status="unknown", unknown_between=[3, 9]) == translate(
        language, "review.unknown", **{"from": "3", "to": "9"}
    )
    assert words(status="unknown", unknown_between=[4, 4]) == translate(
        language, "review.unknown_one", number="4"
    )
    assert words(status="unknown", unknown_between=[0, 2]) == translate(
        language, "review.unknown_deal"
    )
