"""Lost in the relaxed game (:mod:`yukon.solver.proofs.reach`): the cards found are
those the definition's rules leave out, every position with a closed set is
among those found lost, and a position found lost is lost."""

from __future__ import annotations

from itertools import islice

import pytest

from tests.solver.reference import (
    confirm_lost_alone,
    found_by_both,
    literal_layout,
    small_positions,
    winning_lines,
)
from yukon.engine import CLASSIC, RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, Status, solve
from yukon.solver.board import Board
from yukon.solver.proofs.escape import escape_lost
from yukon.solver.proofs.frozen import is_lost
from yukon.solver.proofs.reach import unreached

_BEYOND_CLOSED_SETS = [rules for rules in RULE_SETS if rules.id != "alaska"]
"""Alaska is left out where only positions without a closed set count: a card
there may go on either neighbour of its suit, and of 40,000 small Alaska
positions none was found lost here but not by frozen.py."""


def literal_unreached(board: Board) -> set[int]:
    """The definition, literally, over sets: apply rules 2–5 to every card
    until none adds a fact; the tableau cards not up."""
    above, below, down, tableau = literal_layout(board)
    on_foundations = {
        suit * 13 + rank for suit in range(4) for rank in range(board.foundations[suit])
    }
    firsts = {card for card in tableau if card not in below}
    up = set(on_foundations)
    bare = on_foundations | {card for card in tableau if card not in above}
    left: set[int] = set()
    empty = any(not column for column in board.columns)
    while True:
        before = (len(up), len(bare), len(left), empty)
        bare |= {card for card in tableau if above.get(card) in left or card in up}
        up |= {card for card in tableau if card in bare and (card % 13 == 0 or card - 1 in up)}
        for card in tableau:
            if card in down and card not in bare:
                continue
            ways = set(board.tables.parents[card]) - {below.get(card)}
            king = card % 13 == 12 and card in below and empty
            if card in up or ways & bare or king:
                left.add(card)
        empty = empty or bool(firsts & left)
        if (len(up), len(bare), len(left), empty) == before:
            return tableau - up


def test_the_cards_found_are_those_of_the_definition(rules: RuleSet) -> None:
    lost = 0
    for position in islice(small_positions(17, rules, most=24), 3000):
        board = Board(position)
        found = unreached(board)
        assert len(found) == len(set(found))
        assert set(found) == literal_unreached(board)
        lost += bool(found)
    assert lost >= 30


def test_a_position_with_a_closed_set_is_found_lost(rules: RuleSet) -> None:
    positions = islice(small_positions(19, rules, most=24), 3000)
    assert found_by_both(is_lost, unreached, positions) >= 30


@pytest.mark.parametrize("rules", _BEYOND_CLOSED_SETS, ids=str)
def test_a_position_found_lost_is_lost(rules: RuleSet) -> None:
    # Only positions without a closed set: the others say nothing of this proof.
    confirm_lost_alone(unreached, [is_lost], rules, seed=23, wanted=8)


def test_deals_24_and_62_are_lost_from_the_start() -> None:
    # No closed set and no card lost one move later: the complete search had
    # to go through them.
    for number in (24, 62):
        board = Board(Position.from_code(GameCode(CLASSIC, number)))
        assert not is_lost(board)
        assert not escape_lost(board)
        assert unreached(board)
        result = solve(Position.from_code(GameCode(CLASSIC, number)), Limit(states=1))
        assert result.status is Status.UNWINNABLE
        assert result.states == 0


def test_no_position_of_a_winning_line_is_found_lost() -> None:
    # Every position along the solutions of the deals won among YU1 0-19.
    checked = 0
    for number, line in winning_lines(20):
        for position in line:
            assert not unreached(Board(position)), (number, position.layout_lines())
            checked += 1
    assert checked > 1_000
