"""What a position says about its chances: a measure of progress for ranking
milestones (the proof that a position is lost is in :mod:`yukon.solver.proofs.frozen`).

>>> from yukon.engine import GameCode, Position
>>> board = Board(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")))
>>> progress(board)
42
"""

from __future__ import annotations

from yukon.solver.board import Board
from yukon.solver.tables import KINGS

__all__ = ["progress", "waiting_kings"]


def waiting_kings(board: Board) -> int:
    """How many Kings lie on face-down cards: each needs an empty column."""
    columns, hidden, where = board.columns, board.hidden, board.where
    waiting = 0
    for king in KINGS:
        number = where[king]
        if number >= 0 and hidden[number] and columns[number].index(king) >= hidden[number]:
            waiting += 1
    return waiting


def progress(board: Board) -> int:
    """How far from won, for ranking milestones: face-down cards count twice,
    less an empty column for each King lying on face-down cards."""
    empty = sum(1 for column in board.columns if not column)
    return 2 * sum(board.hidden) - min(empty, waiting_kings(board))
