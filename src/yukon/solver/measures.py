"""What a position says about its chances: a measure of progress for ranking
milestones, and a proof that a position is lost.

>>> from yukon.engine import GameCode, Position
>>> board = Board(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")))
>>> progress(board), is_blocked(board)
(42, False)
"""

from __future__ import annotations

from yukon.solver.board import Board
from yukon.solver.tables import KINGS

__all__ = ["is_blocked", "progress", "waiting_kings"]


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


def is_blocked(board: Board) -> bool:
    """Whether some column can provably never be cleared, so the game is lost.

    The lowest face-up card *b* of a column (not a King) can leave only by its
    own move: onto a parent at the end of another column, or to its foundation
    once every lower card of its suit is there. Call *b* stuck when all its
    parents and some lower card of its suit lie face down under stuck cards.
    Starting from every such *b* and dropping those that break the condition
    leaves a set none of which can ever move first — the first to move would
    need a card still face down under another. Its columns never clear.
    """
    columns, hidden, where = board.columns, board.hidden, board.where
    parents = board.tables.parents
    stuck = {
        number: column[hidden[number]]
        for number, column in enumerate(columns)
        if column and column[hidden[number]] % 13 != 12
    }

    def buried(card: int) -> bool:
        number = where[card]
        return number in stuck and columns[number].index(card) < hidden[number]

    changed = True
    while stuck and changed:
        changed = False
        for number, card in list(stuck.items()):
            lowest = card - card % 13
            if not (
                all(buried(parent) for parent in parents[card])
                and any(buried(lower) for lower in range(lowest, card))
            ):
                del stuck[number]
                changed = True
    return bool(stuck)
