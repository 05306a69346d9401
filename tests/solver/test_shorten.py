"""Shortening a win: its move list is the board's full list, and what it returns
still wins and is never longer."""

from __future__ import annotations

import random
from itertools import islice

import pytest

from yukon.engine import CLASSIC, RULE_SETS, GameCode, Position, Record, RuleSet
from yukon.solver import Limit, Status, solve
from yukon.solver.board import Board
from yukon.solver.shorten import legal_moves, shorten

from .reference import small_positions


def _same_moves_along_a_random_game(board: Board, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        every = board.all_moves()
        assert sorted(legal_moves(board)) == sorted(every)
        if not every:
            return
        board.make(rng.choice(every))


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_the_legal_moves_are_the_boards_along_random_games(rules: RuleSet) -> None:
    rng = random.Random(5)
    for number in range(10):
        _same_moves_along_a_random_game(
            Board(Position.from_code(GameCode(rules, number))), rng, 150
        )


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_legal_moves_are_the_boards_on_small_positions(rules: RuleSet) -> None:
    rng = random.Random(8)
    for position in islice(small_positions(8, rules), 40):
        _same_moves_along_a_random_game(Board(position), rng, 40)


def test_shortened_solutions_still_win_and_are_never_longer() -> None:
    for number in range(6):
        code = GameCode(CLASSIC, number)
        position = Position.from_code(code)
        won = solve(position, Limit(states=50_000))
        if won.status is not Status.WON:
            continue
        board = Board(position)
        route = [board.encode(move) for move in won.moves]
        short = shorten(position, route)
        assert len(short) <= len(route)
        assert Record(code, tuple(board.to_move(m) for m in short)).replay().is_won
