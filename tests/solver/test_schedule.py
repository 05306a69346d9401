"""The schedule is what runs: the search asks the proofs the table names, where and when it
says, and nothing else; moving an entry moves the ask."""

from __future__ import annotations

import pytest

from yukon.engine import CLASSIC, GameCode, Position
from yukon.solver import Limit, Status, solve
from yukon.solver import schedule as schedule_module
from yukon.solver.board import Board
from yukon.solver.proofs.provers import NAMES, Provers
from yukon.solver.schedule import (
    AFTER_MOVE,
    AFTER_TURN,
    COMPLETE_START,
    ONCE,
    ROOT,
    SCHEDULE,
    SLICE,
    WEIGHTS,
    Ask,
    asked,
)
from yukon.solver.search import _Budget, _Phases

PLACES = (ROOT, COMPLETE_START, ONCE, AFTER_MOVE, AFTER_TURN)


def _asks(number: int, states: int) -> tuple[list[tuple[str, int]], _Phases]:
    """Solve YU1 deal *number* within *states* as :func:`solve` does, keeping the phases: the
    proofs asked (with the states spent when each was) and the phases."""
    phases = _Phases(Position.from_code(GameCode(CLASSIC, number)))
    budget = _Budget(Limit(states=states))
    for proof in asked(ROOT):
        if phases.prove(proof, budget) is not None:
            return phases.asked, phases
    phases.run(budget)
    return phases.asked, phases


def test_every_entry_names_a_place_and_a_proof_the_search_can_ask_there() -> None:
    assert {ask.when for ask in SCHEDULE} <= set(PLACES)
    for ask in SCHEDULE:
        assert ask.cost, f"{ask} says what it costs"
        if ask.when == AFTER_MOVE:
            assert ask.proof == "frozen"
        elif ask.when == AFTER_TURN:
            assert ask.proof in ("reach", "pairs")
        else:
            assert ask.proof in NAMES


def test_a_deal_lost_at_the_root_asks_only_what_the_root_asks() -> None:
    # YU1 deal 24: no card but A♠ ever goes up, even in the relaxed game.
    proofs, _ = _asks(24, 10_000)
    assert proofs == [(proof, 0) for proof in asked(ROOT)]


def test_a_deal_the_quick_phases_win_asks_no_proof_but_the_roots() -> None:
    proofs, _ = _asks(1, 10_000)  # won in 88 states by the first phase
    assert proofs == [(proof, 0) for proof in asked(ROOT)]


def test_the_complete_search_asks_its_first_turn_proofs_before_that_turn() -> None:
    proofs, _ = _asks(17, 10_000)  # lost by the pairs, asked before the complete search's turn
    start = sum(WEIGHTS[:3]) * SLICE  # the quick phases' first turns
    assert proofs == [
        *((proof, 0) for proof in asked(ROOT)),
        *((proof, start) for proof in asked(COMPLETE_START)),
    ]


def test_the_asks_made_once_come_as_the_table_says() -> None:
    # YU1 deal 166 withstands every proof until the orders, asked once past LATE.
    once = [ask for ask in SCHEDULE if ask.when == ONCE]
    first = min(ask.after for ask in once)
    proofs, phases = _asks(166, first + SLICE * max(WEIGHTS))
    made = [(proof, states) for proof, states in proofs if proof in {a.proof for a in once}]
    due = [ask for ask in once if ask.after == first]
    assert [proof for proof, _ in made] == [ask.proof for ask in due]
    for (_, states), ask in zip(made, due, strict=True):
        assert ask.after <= states < ask.after + SLICE * max(WEIGHTS)
    assert phases.complete.done  # lost: the orders proved it


def test_the_complete_search_cuts_lines_from_the_states_the_table_gives() -> None:
    _, phases = _asks(1, 100)
    after = {(ask.when, ask.proof): ask.after for ask in SCHEDULE}
    assert phases.complete.lost_from == after[AFTER_MOVE, "frozen"]
    assert phases.complete.relaxed_from == after[AFTER_TURN, "reach"]
    assert phases.complete.paired_from == after[AFTER_TURN, "pairs"]


def test_moving_an_entry_of_the_table_moves_the_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = Position.from_code(GameCode(CLASSIC, 17))
    assert solve(deal, Limit(states=10_000)).states == sum(WEIGHTS[:3]) * SLICE
    moved = tuple(
        Ask(ask.proof, ROOT, cost=ask.cost) if ask.when == COMPLETE_START else ask
        for ask in SCHEDULE
    )
    monkeypatch.setattr(schedule_module, "SCHEDULE", moved)
    result = solve(deal, Limit(states=10_000))
    assert (result.status, result.states) == (Status.UNWINNABLE, 0)


def test_a_proof_the_search_cannot_ask_in_its_loop_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrong = (*SCHEDULE, Ask("pairs", AFTER_MOVE, cost="a test's"))
    monkeypatch.setattr(schedule_module, "SCHEDULE", wrong)
    with pytest.raises(ValueError, match="cannot ask the proof 'pairs'"):
        _Phases(Position.from_code(GameCode(CLASSIC, 1)))


def test_a_proof_of_no_known_name_is_refused() -> None:
    position = Position.from_code(GameCode(CLASSIC, 1))
    with pytest.raises(ValueError, match="no proof is called 'hunch'"):
        Provers(position, Board(position)).prove("hunch")
