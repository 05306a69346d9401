"""``yukon review``: where a game went wrong, in words or as SPEC §6's JSON
object; a bad record is one line and exit status 2, as for ``yukon replay``."""

from __future__ import annotations

import io
import json
import sys

import pytest

from tests.coach.games import LOST_DEAL, SMALL_LOSS, THROWN_AWAY, THROWN_AWAY_AT, WON_DEAL
from yukon.cli import main
from yukon.coach import Review, ReviewStatus, review
from yukon.engine import GameCode, Move, Position, Record
from yukon.solver import Limit, solve

STATES = "50000"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_losing_move_and_a_better_one_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["review", *str(THROWN_AWAY).split(), "--states", STATES], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    done = review(THROWN_AWAY.code, THROWN_AWAY.moves, Limit(states=int(STATES)))
    assert done.better_move is not None
    better = f"{done.better_move.card.symbol} to column {done.better_move.target}"
    assert lines[0] == f"Move 16, 3♥ to column 1, lost the game. {better} kept it winnable."
    winning = " ".join(map(str, done.winning_line))
    assert lines[1] == f"A win from there, in {len(done.winning_line)} moves: {winning}"
    # The game up to there, as a record yukon replay takes.
    start = Record.parse(lines[2].removeprefix(f"The game after move {THROWN_AWAY_AT}: "))
    assert start.moves == THROWN_AWAY.moves[:THROWN_AWAY_AT]
    assert lines[3] == f"({done.solver_calls} solver calls, {done.states:,} states searched)"


def test_json_prints_the_review_object(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["review", "--json", *str(SMALL_LOSS).split()], capsys)
    assert status == 0
    data = json.loads(out)
    assert data == review(SMALL_LOSS.code, SMALL_LOSS.moves).as_dict()
    assert Review.from_dict(data).status is ReviewStatus.FOUND
    assert data["losing_move"] == "QH>5"


def test_a_record_is_read_from_standard_input_with_its_undos(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"{WON_DEAL}\n1. 6C>1\n2. U\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, _ = run(["review", "-", "--states", STATES], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("The game can still be won from the deal: ")
    assert lines[0].endswith(" keeps it winnable.")
    assert lines[2] == f"The game from the deal: {WON_DEAL}"
    assert "Moves are counted without the undone ones." in lines


def test_a_won_game_is_given_its_par(capsys: pytest.CaptureFixture[str]) -> None:
    deal = Position.from_code(GameCode.parse(WON_DEAL))
    won = solve(deal, Limit(states=int(STATES))).moves
    status, out, _ = run(["review", WON_DEAL, *map(str, won), "--states", STATES], capsys)
    assert status == 0
    assert out.splitlines()[0] == (
        f"Won in {len(won)} moves. Par: the solver's shortest win of this deal takes {len(won)}."
    )


def test_a_deal_lost_from_the_start(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["review", LOST_DEAL], capsys)
    assert status == 0
    assert out.splitlines()[0] == "The deal cannot be won: no move lost the game."


def test_a_budget_too_small_says_what_is_left_open(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["review", "--states", "20", *str(THROWN_AWAY).split()], capsys)
    assert status == 0
    done = review(THROWN_AWAY.code, THROWN_AWAY.moves, Limit(states=20))
    assert done.unknown_between is not None
    assert done.unknown_between == (0, 29)
    assert out.splitlines()[0] == (
        "The budget was too small to tell whether the game could still be won"
        " from the deal up to move 29; try a larger --states."
    )


@pytest.mark.parametrize(
    ("first", "final", "words"),
    [
        (0, 0, "at the deal"),
        (3, 3, "after move 3"),
        (0, 7, "from the deal up to move 7"),
        (2, 7, "after moves 2 to 7"),
    ],
)
def test_the_positions_left_open_in_words(first: int, final: int, words: str) -> None:
    from yukon.commands.review import _between

    assert _between(first, final) == words


def test_review_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert run([], capsys)[2].count("    review ") == 1


def test_the_move_words() -> None:
    from yukon.commands.review import describe

    assert describe(Move.parse("QC>5")) == "Q♣ to column 5"
    assert describe(Move.parse("TH>F")) == "10♥ to its foundation"
