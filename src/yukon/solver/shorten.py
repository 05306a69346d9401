"""Shortening a solution: skip every detour the search took.

The search keeps the first win it finds, which may wander (a group moved away
and back, a card sent up and taken back). Walking the solution, each step takes
the legal move that lands furthest along it — on exactly the same position,
column order included — so the result is never longer and still wins.

>>> from yukon.engine import GameCode, Move
>>> position = Position.from_code(GameCode.parse("YU1-C-AAAAAAX"))
>>> detour = [Board.encode(Move.parse(text)) for text in ["7H>7", "7H>3", "7H>7"]]
>>> [Board(position).move_text(move) for move in shorten(position, detour)]
['7H>7']
"""

from __future__ import annotations

from collections.abc import Sequence

from yukon.engine import MAX_GROUP, Position
from yukon.solver.board import Board
from yukon.solver.tables import FOUNDATION, KINGS

__all__ = ["legal_moves", "shorten"]

_Exact = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]


def _exact(board: Board) -> _Exact:
    return tuple(map(tuple, board.columns)), tuple(board.hidden)


def shorten(position: Position, moves: Sequence[int]) -> list[int]:
    """A sub-route of *moves* (board moves from *position*) with its detours cut."""
    board = Board(position)
    last_seen: dict[_Exact, int] = {_exact(board): 0}
    last_key = {board.key: 0}  # no exact position with that key comes later on the route
    for number, move in enumerate(moves, 1):
        board.make(move)
        last_seen[_exact(board)] = number
        last_key[board.key] = number
    board = Board(position)
    short: list[int] = []
    here = last_seen[_exact(board)]
    while here < len(moves):
        best_move, best = moves[here], here + 1
        # Two different moves never reach the same position, so the order of the
        # candidates cannot change which one reaches furthest.
        for move in legal_moves(board):
            if last_key.get(board.key_after(move), -1) <= best:
                continue  # off the route, or not past the best: no need to make it
            undo = board.make(move)
            reached = last_seen.get(_exact(board), -1)
            board.unmake(undo)
            if reached > best:
                best_move, best = move, reached
        board.make(best_move)
        short.append(best_move)
        here = best
    return short


def legal_moves(board: Board) -> list[int]:
    """Every legal move of *board*, the same as :meth:`Board.all_moves` in
    another order, found from the targets: only the few cards that fit on a
    column's last card (a King for an empty column) can go there, so this looks
    at a handful of cards instead of every face-up card against every column."""
    columns, where, down, foundations = board.columns, board.where, board.down, board.foundations
    children = board.tables.children
    moves = []
    for target, column in enumerate(columns):
        for card in children[column[-1]] if column else KINGS:
            source = where[card]
            if source < 0:
                if foundations[card // 13] == card % 13 + 1:
                    moves.append(card << 3 | target)  # a take-back of a foundation's top
            elif source != target and not down[card]:
                group = columns[source]
                if len(group) - group.index(card) <= MAX_GROUP:
                    moves.append(card << 3 | target)
    for column in columns:
        if column and foundations[column[-1] // 13] == column[-1] % 13:
            moves.append(column[-1] << 3 | FOUNDATION)
    return moves
