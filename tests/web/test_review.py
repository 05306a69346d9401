"""Where did it go wrong? and Try from here (SPEC §6) through the API, on the real
app with its solver workers, an SQLite file and PostgreSQL in turn: every status
of a review reached by a real game, its claims checked again here with the engine
and the solver, a decided review kept with the game and served again without a
search, practice games in the history and in no statistic; and on a live server,
a review shares the solver fairly with hints and analyses.

The games were chosen to review in well under a second: a stuck game of deal
``AAAAAJT`` decided by 6 searches of about 1 000 states in all, a deal
(``AAAAAAR``) proved lost in a few thousand, and the solved win of helpers.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from tests.coach.games import TAKEN_BACK, TAKEN_BACK_AT
from tests.databases import Target, execute
from tests.web.conftest import FakeClock
from tests.web.helpers import API, EXAMPLE, WIN_CODE, WIN_LINE, new_game, play, resources
from tests.web.live import send_and_keep, wait_for
from tests.web.test_solving import HARD, LONG, cookie, hold_analysis, player, serving
from tests.web.test_solving import new_game as live_game
from yukon.coach import Reviewer
from yukon.coach.review import takes_back
from yukon.engine import Game, GameCode, Move, Position
from yukon.i18n import translate
from yukon.solver import Limit, SolveResult, Status, solve
from yukon.web import AppSettings, create_app
from yukon.web.solving import Solving

# A stuck game (no legal move left) that threw a win away on the way.
STUCK_CODE = "YU1-C-AAAAAJT"
STUCK_LINE = [
    "TC>3", "AD>7", "KC>1", "9H>7", "TH>5", "TH>1", "TH>5", "4H>6", "TH>1",
    "6H>6", "3H>4", "3C>2", "AS>F", "2S>4", "TD>5", "6C>7", "KS>3",
]  # fmt: skip
LOST_CODE = "YU1-C-AAAAAAR"  # lost from the deal
LOST_LINE = ("2C>2", "7D>6", "2C>5")
REVIEW_KEYS = {
    "line", "last_winnable", "losing_move", "better_move", "winning_line", "status",
    "unknown_between", "par", "solver_calls", "states",
}  # fmt: skip


@pytest.fixture
def settings(database: Target, clock: FakeClock) -> AppSettings:
    return AppSettings(
        db_path=database, clock=clock, hint_seconds=0.3, analysis_seconds=0.5, review_seconds=2.0
    )


class Searches:
    """How many positions the app's reviews asked its solver about (the real
    solver answers them: this only counts)."""

    def __init__(self, solving: Solving, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        asked = solving.review_step

        async def counted(*args: Any) -> Any:
            self.count += 1
            return await asked(*args)

        monkeypatch.setattr(solving, "review_step", counted)


@pytest.fixture
def searches(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Searches:
    return Searches(resources(client).solving, monkeypatch)


def played(client: TestClient, code: str, moves: Sequence[str]) -> Any:
    """A new game of *code* with *moves* made (``U`` an undo); its last state."""
    state = new_game(client, code)
    for move in moves:
        if move == "U":
            answer = client.post(
                f"{API}/games/{state['id']}/undo", json={"version": state["version"]}
            )
            assert answer.status_code == 200, answer.text
            state = answer.json()
        else:
            state = play(client, state, move)
    return state


def review_of(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"{API}/games/{game_id}/review")
    assert answer.status_code == 200, answer.text
    review: dict[str, Any] = answer.json()
    assert set(review) == REVIEW_KEYS
    return review


def wins_from(code: str, line: list[str], winning: list[str]) -> bool:
    """Whether *winning* wins the game of *code* after *line*, replayed by the engine."""
    game = Game.from_code(code)
    for move in [*line, *winning]:
        game.play(Move.parse(move))
    return game.is_won


def stored(database: Target, game_id: str) -> tuple[Any, Any]:
    [(review, version)] = execute(
        database, "SELECT review, review_version FROM games WHERE id = ?", (game_id,)
    )
    return review, version


def test_a_stuck_game_that_threw_a_win_away(
    client: TestClient, database: Target, searches: Searches
) -> None:
    state = played(client, STUCK_CODE, STUCK_LINE)
    assert state["no_legal_moves"]
    review = review_of(client, state["id"])
    assert review["status"] == "found"
    assert review["line"] == STUCK_LINE
    last = review["last_winnable"]
    assert 0 <= last < len(STUCK_LINE)
    assert review["losing_move"] == STUCK_LINE[last]
    assert review["better_move"] == review["winning_line"][0] != review["losing_move"]
    assert (review["unknown_between"], review["par"]) == (None, None)
    assert review["solver_calls"] == searches.count >= 1
    # The claims, checked again here: a win from position K, and position K + 1 lost.
    assert wins_from(STUCK_CODE, STUCK_LINE[:last], review["winning_line"])
    after = Game.from_code(STUCK_CODE)
    for move in STUCK_LINE[: last + 1]:
        after.play(Move.parse(move))
    assert solve(after.position(), Limit(states=2_000_000)).status is Status.UNWINNABLE
    # It shows how the game can still be won (moves taken back to K): a hint, counted
    # once, and the review is kept for the version the hint gave the game.
    now = client.get(f"{API}/games/{state['id']}").json()
    assert (now["hints"], now["version"]) == (state["hints"] + 1, state["version"] + 1)
    text, version = stored(database, state["id"])
    assert (json.loads(text), version) == (review, now["version"])
    assert review_of(client, state["id"]) == review
    assert client.get(f"{API}/games/{state['id']}").json()["hints"] == now["hints"]


def test_the_better_move_is_not_the_move_before_it_taken_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first win found from the last winnable position starts by taking back
    # the move before it (tests/coach); the app's review asks about other moves.
    code, moves = str(TAKEN_BACK.code), [str(move) for move in TAKEN_BACK.moves]
    solving = resources(client).solving
    asked: list[Position] = []
    searched = solving.review_step

    async def recorded(asker: Any, position: Position, seconds: float) -> SolveResult:
        asked.append(position)
        return await searched(asker, position, seconds)

    monkeypatch.setattr(solving, "review_step", recorded)
    state = played(client, code, moves)
    review = review_of(client, state["id"])
    assert review["status"] == "found"
    assert review["last_winnable"] == TAKEN_BACK_AT
    assert review["losing_move"] == moves[TAKEN_BACK_AT] == "8S>5"
    game = Game.from_code(code)
    for move in moves[: TAKEN_BACK_AT - 1]:
        game.play(Move.parse(move))
    before = game.position()
    assert not takes_back(
        before, Move.parse(moves[TAKEN_BACK_AT - 1]), Move.parse(review["better_move"])
    )
    assert review["better_move"] == review["winning_line"][0]
    assert wins_from(code, moves[:TAKEN_BACK_AT], review["winning_line"])
    # Asked about: positions of the line, and the one after the better move.
    game.play(Move.parse(moves[TAKEN_BACK_AT - 1]))
    game.play(Move.parse(review["better_move"]))
    assert game.position() in asked
    assert review["solver_calls"] == len(asked)


def test_a_review_is_kept_and_served_again_without_a_search(
    client: TestClient, database: Target, searches: Searches
) -> None:
    state = played(client, STUCK_CODE, STUCK_LINE)
    first = client.get(f"{API}/games/{state['id']}/review")
    asked = searches.count
    assert asked >= 1
    again = client.get(f"{API}/games/{state['id']}/review")
    assert (again.status_code, again.content) == (200, first.content)
    assert searches.count == asked
    # A damaged review is made again, never a failure, and kept anew.
    for damage in ("not json", '{"status": "found"}', json.dumps({**first.json(), "line": []})):
        execute(database, "UPDATE games SET review = ? WHERE id = ?", (damage, state["id"]))
        remade = client.get(f"{API}/games/{state['id']}/review")
        assert (remade.status_code, remade.json()) == (200, first.json())
        assert json.loads(stored(database, state["id"])[0]) == first.json()
    assert searches.count > asked


def test_a_won_game_has_par(client: TestClient, database: Target) -> None:
    state = played(client, WIN_CODE, WIN_LINE)
    assert state["won"]
    review = review_of(client, state["id"])
    assert review["status"] == "won"
    assert review["line"] == list(WIN_LINE)
    assert isinstance(review["par"], int)
    assert 1 <= review["par"] <= 200
    assert review["last_winnable"] is review["losing_move"] is review["better_move"] is None
    assert review["winning_line"] == []
    assert json.loads(stored(database, state["id"])[0]) == review


def test_a_game_under_way_that_can_still_be_won(client: TestClient, database: Target) -> None:
    state = played(client, EXAMPLE, ("QC>5", "TD>1", "U"))
    assert not state["no_legal_moves"]
    review = review_of(client, state["id"])
    assert review["status"] == "still_winnable"
    assert review["line"] == ["QC>5"]  # the undone move taken out
    assert (review["last_winnable"], review["losing_move"]) == (1, None)
    assert review["better_move"] == review["winning_line"][0]
    assert wins_from(EXAMPLE, ["QC>5"], review["winning_line"])
    # Counted as a hint (it shows the way on); kept for the game's version only: after
    # a move, the review is of the new line.
    hinted = client.get(f"{API}/games/{state['id']}").json()
    assert (hinted["hints"], hinted["version"]) == (state["hints"] + 1, state["version"] + 1)
    moved = play(client, hinted, "TD>1")
    assert stored(database, state["id"])[1] == hinted["version"] != moved["version"]
    assert review_of(client, state["id"])["line"] == ["QC>5", "TD>1"]


def test_a_deal_lost_from_the_start(client: TestClient) -> None:
    state = played(client, LOST_CODE, LOST_LINE)
    review = review_of(client, state["id"])
    assert review["status"] == "lost_from_the_deal"
    assert review["line"] == list(LOST_LINE)
    assert review["last_winnable"] is review["losing_move"] is review["better_move"] is None
    assert review["winning_line"] == []
    assert solve(Game.from_code(LOST_CODE).position(), Limit()).status is Status.UNWINNABLE
    # It shows no way to win: no hint counted, the game as it was.
    now = client.get(f"{API}/games/{state['id']}").json()
    assert (now["hints"], now["version"]) == (state["hints"], state["version"])


def test_a_review_the_budget_cannot_decide_is_unknown_and_not_kept(
    tmp_path: Path, database: Target
) -> None:
    code, first_move = HARD[0]
    # Every position undecided: the coach's questions, each searched (its quick look
    # and then the whole budget for the positions that decide the answer).
    undecided = Reviewer(GameCode.parse(code), (Move.parse(first_move),))
    while undecided.question() is not None:
        undecided.answer(SolveResult(Status.UNKNOWN))
    searched = undecided.review().solver_calls
    assert searched >= 2
    # First a budget for the whole review shorter than any search (a quick look is a
    # quarter of the 1 s per position): nothing is searched.
    for per_position, total, calls in ((1.0, 0.2, 0), (0.05, 5.0, searched)):
        settings = AppSettings(
            db_path=database, review_seconds=per_position, review_total_seconds=total
        )
        with TestClient(create_app(settings)) as client:
            state = played(client, code, (first_move,))
            review = review_of(client, state["id"])
            assert review["status"] == "unknown"
            assert review["unknown_between"] == [0, 1]
            assert review["solver_calls"] == calls
            assert review["last_winnable"] is review["better_move"] is None
            assert stored(database, state["id"]) == (None, None)
            if calls == 0:
                # A won game with no time to find its par: won, without par, not kept.
                won = played(client, WIN_CODE, WIN_LINE)
                review = review_of(client, won["id"])
                assert (review["status"], review["par"], review["solver_calls"]) == ("won", None, 0)
                assert stored(database, won["id"]) == (None, None)


def test_another_players_game_or_an_unknown_one_is_not_found(
    client: TestClient, other_client: TestClient
) -> None:
    state = played(client, STUCK_CODE, STUCK_LINE[:2])
    for path in (f"{API}/games/{state['id']}/review", f"{API}/games/nope/review"):
        answer = other_client.get(path)
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "not_found"
    answer = other_client.post(f"{API}/games/{state['id']}/practice", json={"moves": 1})
    assert answer.status_code == 404
    assert "state" not in answer.json()


def test_try_from_here_starts_a_practice_game_that_counts_in_no_statistic(
    client: TestClient,
) -> None:
    stuck = played(client, STUCK_CODE, STUCK_LINE)
    review = review_of(client, stuck["id"])
    last = review["last_winnable"]
    answer = client.post(f"{API}/games/{stuck['id']}/practice", json={"moves": last})
    assert answer.status_code == 201, answer.text
    practice = answer.json()
    assert practice["practice"] is True
    assert practice["record"] == " ".join([STUCK_CODE, *STUCK_LINE[:last]])
    assert (practice["moves"], practice["version"], practice["won"]) == (last, 1, False)
    assert client.get(f"{API}/games/current").json()["id"] == practice["id"]
    # Played to the win along the review's winning line.
    for move in review["winning_line"]:
        practice = play(client, practice, move)
    assert practice["won"]
    assert practice["practice"] is True

    games = client.get(f"{API}/games").json()["games"]
    assert [(game["id"], game["practice"]) for game in games] == [
        (practice["id"], True),
        (stuck["id"], False),
    ]
    classic = client.get(f"{API}/stats").json()["classic"]
    assert (classic["played"], classic["won"], classic["current_streak"]) == (1, 0, 0)
    assert (classic["best_streak"], classic["fewest_moves"], classic["fastest_win_ms"]) == (
        0,
        None,
        None,
    )
    assert classic["best_score"] == stuck["score"] < 625
    exported = client.get(f"{API}/export").json()["games"]
    assert [
        (game["id"], game["practice"], game["practice_of"], game["practice_moves"])
        for game in exported
    ] == [(stuck["id"], False, None, None), (practice["id"], True, stuck["id"], last)]


@pytest.mark.parametrize("moves", [-1, len(STUCK_LINE) + 1, "3", 2.0, True, None])
def test_a_practice_game_must_start_on_the_line(client: TestClient, moves: object) -> None:
    stuck = played(client, STUCK_CODE, STUCK_LINE)
    client.put(f"{API}/settings", json={"language": "sk"})
    answer = client.post(f"{API}/games/{stuck['id']}/practice", json={"moves": moves})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_practice"
    assert error["message"] == translate("sk", "error.invalid_practice")
    assert [game["id"] for game in client.get(f"{API}/games").json()["games"]] == [stuck["id"]]


# On a live server: a review is a search of the player's like a hint or an analysis.


def test_a_review_waits_its_turn_and_leaves_a_worker_to_the_hints(tmp_path: Path) -> None:
    with (
        serving(tmp_path, solver_workers=2, review_seconds=LONG, review_total_seconds=4 * LONG) as (
            url,
            solving,
        ),
        player(url) as reviewer,
        player(url) as analyst,
        player(url) as hinted,
    ):
        reviewed = live_game(reviewer, *HARD[0])
        held = send_review(url, reviewer, reviewed)
        wait_for(lambda: len(solving.searching()) == 1, "the review's search to run")
        # The player's one search: a second one is refused.
        other = live_game(reviewer, *HARD[1])
        answer = reviewer.get(f"{API}/games/{other['id']}/review")
        assert answer.status_code == 429
        assert answer.json()["error"]["code"] == "solver_busy"
        assert int(answer.headers["Retry-After"]) >= 1
        # An analysis waits: the review holds the long searches' one worker ...
        waiting = hold_analysis(url, analyst, live_game(analyst, *HARD[2]))
        wait_for(lambda: solving.waiting == 1, "the analysis to wait")
        assert len(solving.searching()) == 1
        # ... and the last worker is the hints'.
        state = live_game(hinted, WIN_CODE)
        answer = hinted.post(f"{API}/games/{state['id']}/hint", json={"version": 1})
        assert answer.status_code == 200, answer.text
        # The review's client goes: its search stops and the analysis starts.
        held.close()
        wait_for(lambda: solving.waiting == 0, "the analysis to start")
        waiting.close()


def test_a_review_is_refused_while_the_line_is_full(tmp_path: Path) -> None:
    with (
        serving(tmp_path, solver_workers=1, solver_queue=0) as (url, solving),
        player(url) as first,
        player(url) as second,
    ):
        held = hold_analysis(url, first, live_game(first, *HARD[0]))
        wait_for(lambda: len(solving.searching()) == 1, "the analysis to run")
        state = live_game(second, *HARD[1])
        answer = second.get(f"{API}/games/{state['id']}/review")
        assert answer.status_code == 429
        assert answer.json()["error"]["code"] == "solver_busy"
        assert answer.json()["error"]["retry_after"] == int(answer.headers["Retry-After"])
        held.close()


def send_review(url: str, client: httpx.Client, state: dict[str, Any]) -> socket.socket:
    """Ask for the review of *state*'s game and keep the connection open, unread."""
    return send_and_keep(url, f"{API}/games/{state['id']}/review", cookie(client))
