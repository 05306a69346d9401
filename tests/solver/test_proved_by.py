"""Every verdict says what decided it: the solution, the exhausted search, or a proof of loss
with the cards, suits or events it concerns; in the result, its JSON and an analysis line."""

from __future__ import annotations

import json

import pytest

from yukon.engine import CLASSIC, GameCode, Position, RuleSet
from yukon.solver import Limit, ProvedBy, SolveResult, Status, solve
from yukon.solver.batch import Verdict, solve_deal
from yukon.solver.board import Board
from yukon.solver.proofs.provers import Provers
from yukon.solver.result import SOLUTION
from yukon.solver.schedule import LATE, SLICE, WEIGHTS


def _solve(code: GameCode, states: int) -> SolveResult:
    return solve(Position.from_code(code), Limit(states=states))


def test_a_win_is_decided_by_its_solution() -> None:
    result = _solve(GameCode(CLASSIC, 1), 10_000)
    assert (result.status, result.proved_by) == (Status.WON, ProvedBy(SOLUTION))
    assert result.as_dict()["proved_by"] == "solution"


def test_a_loss_no_proof_finds_is_decided_by_the_exhausted_search() -> None:
    # Russian deal 42: the complete search runs out of moves in 40 states.
    result = _solve(GameCode(RuleSet.parse("russian"), 42), 10_000)
    assert (result.status, result.states) == (Status.UNWINNABLE, 40)
    assert result.as_dict()["proved_by"] == "search"


def test_an_undecided_position_is_decided_by_nothing() -> None:
    result = _solve(GameCode(CLASSIC, 70), 1_000)
    assert result.status is Status.UNKNOWN
    assert result.proved_by is None
    assert result.as_dict()["proved_by"] is None


def test_reach_names_the_lowest_card_of_each_suit_that_never_goes_up() -> None:
    # YU1 deal 24: in the relaxed game only A♠ goes up.
    result = _solve(GameCode(CLASSIC, 24), 10_000)
    assert (result.status, result.states) == (Status.UNWINNABLE, 0)
    assert result.as_dict()["proved_by"] == {"proof": "reach", "cards": ["2S", "AH", "AD", "AC"]}


def test_escape_names_the_card_whose_every_way_out_closes_a_set() -> None:
    # YU1 deal 61: T♥ may go only onto J♣, where it closes a set (docs/solver.md).
    result = _solve(GameCode(CLASSIC, 61), 10_000)
    assert result.status is Status.UNWINNABLE
    assert result.as_dict()["proved_by"] == {"proof": "escape", "cards": ["TH"]}


def test_pairs_names_the_suits_that_cannot_be_completed() -> None:
    # YU1 deal 17: no foundation gets past 2♠, 7♥, 8♦ and A♣, each suit alone.
    result = _solve(GameCode(CLASSIC, 17), 10_000)
    assert (result.status, result.states) == (Status.UNWINNABLE, sum(WEIGHTS[:3]) * SLICE)
    assert result.as_dict()["proved_by"] == {"proof": "pairs", "suits": ["S", "H", "D", "C"]}


def test_orders_name_the_events_that_never_happen() -> None:
    # YU1 deal 166: 6♦ never leaves T♦ (docs/solver.md).
    result = _solve(GameCode(CLASSIC, 166), LATE + SLICE * max(WEIGHTS))
    assert result.status is Status.UNWINNABLE
    assert result.as_dict()["proved_by"] == {"proof": "orders", "events": ["leave 6D"]}


def test_frozen_names_the_closed_set_when_asked_as_a_whole() -> None:
    # The schedule asks frozen only inside the complete search, whose exhaustion decides; asked
    # of a position as a whole it names its closed set (the example of frozen.py).
    position = Position.from_dict(
        {
            "rules": "classic",
            "columns": [
                ["KC", "QD"],
                ["[JH]", "[JD]", "[KS]", "QH"],
                ["KH"],
                ["KD"],
                [],
                [],
                [],
            ],
            "foundations": {"S": 12, "H": 10, "D": 10, "C": 12},
        }
    )
    proof = Provers(position, Board(position)).prove("frozen")
    assert proof is not None
    cards = ["KS", "JH", "QH", "KH", "JD", "QD", "KD"]  # by suit, then rank
    assert proof.as_json() == {"proof": "frozen", "cards": cards}


@pytest.mark.parametrize(
    "shown",
    [
        "solution",
        "search",
        {"proof": "reach", "cards": ["2S", "AH"]},
        {"proof": "pairs", "suits": ["S"]},
        {"proof": "orders", "events": ["leave AD", "up 7S"], "deep": True},
    ],
)
def test_what_decided_a_verdict_reads_back_as_written(shown: object) -> None:
    assert ProvedBy.from_json(shown).as_json() == shown


@pytest.mark.parametrize(
    "bad", [None, "proof", {"cards": ["2S"]}, {"proof": "reach", "cards": "2S"}, {"proof": 1}]
)
def test_anything_else_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="not what decided a verdict"):
        ProvedBy.from_json(bad)


def test_an_analysis_line_carries_it_and_a_line_written_before_it_still_reads() -> None:
    verdict = solve_deal(GameCode(CLASSIC, 61), Limit(states=10_000))
    line = json.loads(verdict.to_json())
    assert line["proved_by"] == {"proof": "escape", "cards": ["TH"]}
    assert Verdict.parse(verdict.to_json()) == verdict
    del line["proved_by"]  # as in the study's files, written before proved_by
    older = Verdict.parse(json.dumps(line))
    assert older.proved_by is None
    assert older.status is verdict.status
