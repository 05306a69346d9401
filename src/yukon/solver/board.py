"""The search's own position: plain lists of ints, made and unmade in place.

A move is an int ``card << 3 | target`` with target 0 … 6 for a column and
:data:`FOUNDATION` (7) for the foundations. The position's *key* is a 128-bit
Zobrist hash of "card *x* lies on card *y*" links and face-down cards, so it
does not depend on the order of the columns (interchangeable columns share
one key) and changes by a few XORs per move. Two different positions share a
key with probability about n²/2¹²⁹ for n positions searched: for 10⁸, 10⁻²³,
far below the odds of a hardware fault, so a key stands for its position.

>>> from yukon.engine import GameCode
>>> board = Board(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")))
>>> [board.move_text(move) for move in board.moves()][-3:]  # the best comes last
['QH>4', '6D>7', 'TS>2']
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple, TypeAlias

from yukon.engine import MAX_GROUP, Card, Move, Position
from yukon.solver.safe import SafeMoves
from yukon.solver.tables import BOTTOM, FOUNDATION, KINGS, Tables

__all__ = ["Board", "Snapshot", "Undo"]

NOISE: Final = 150
"""How far apart in promise two moves may be for the noise to swap them."""
_LINK: Final = BOTTOM + 1
_SHIFT: Final = 9  # a move fits in 9 bits; the priority sits above it
_MASK: Final = (1 << _SHIFT) - 1
_TAKE_BACK: Final = 10 << _SHIFT  # the priority of a take-back: seldom useful


Snapshot: TypeAlias = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int]
"""Columns, face-down counts, foundation heights and key (see :meth:`Board.snapshot`)."""


class Undo(NamedTuple):
    """What :meth:`Board.make` changed, for :meth:`Board.unmake`."""

    move: int
    source: int  # column, or -1 for a take-back
    turned: bool
    key: int


class Board:
    """A position under search. Mutable; the engine's :class:`Game` is the reference."""

    __slots__ = (
        "columns",
        "focused",
        "foundations",
        "hidden",
        "key",
        "left",
        "noise",
        "safe",
        "tables",
        "where",
    )

    def __init__(self, position: Position) -> None:
        self.tables = Tables.of(position.rules)
        self.safe = SafeMoves(self.tables)
        self.columns = [[card.index for card in column] for column in position.columns]
        self.hidden = list(position.hidden)
        self.foundations = list(position.foundations)
        self.where = [-1] * BOTTOM
        self.left = sum(len(column) for column in self.columns)
        self.noise: random.Random | None = None
        """When set, :meth:`moves` shuffles moves of similar promise (for restarts)."""
        self.focused = False
        """When set, :meth:`moves` also drops moves that seldom help (take-backs and
        moving a group off a card it fits on): a quick, incomplete search."""
        key = 0
        links, downs = self.tables.link_keys, self.tables.down_keys
        for number, column in enumerate(self.columns):
            below = BOTTOM
            for depth, card in enumerate(column):
                self.where[card] = number
                key ^= links[card * _LINK + below]
                if depth < self.hidden[number]:
                    key ^= downs[card]
                below = card
        self.key = key

    def snapshot(self) -> Snapshot:
        """The position as a value, to :meth:`restore` later."""
        return (
            tuple(map(tuple, self.columns)),
            tuple(self.hidden),
            tuple(self.foundations),
            self.key,
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Go back to the position of *snapshot* (taken from this board)."""
        columns, hidden, foundations, self.key = snapshot
        self.columns = [list(column) for column in columns]
        self.hidden = list(hidden)
        self.foundations = list(foundations)
        where = self.where
        where[:] = [-1] * BOTTOM
        for number, column in enumerate(columns):
            for card in column:
                where[card] = number
        self.left = sum(map(len, columns))

    @property
    def is_won(self) -> bool:
        return self.left == 0

    def make(self, move: int) -> Undo:
        """Make *move* (which must be legal) and return how to take it back."""
        card, target = move >> 3, move & 7
        links = self.tables.link_keys
        key = old = self.key
        source = self.where[card]
        if source < 0:
            # A take-back: the top of a foundation onto a column.
            self.foundations[card // 13] -= 1
            column = self.columns[target]
            key ^= links[card * _LINK + (column[-1] if column else BOTTOM)]
            column.append(card)
            self.where[card] = target
            self.left += 1
            self.key = key
            return Undo(move, -1, False, old)
        column = self.columns[source]
        index = column.index(card)
        key ^= links[card * _LINK + (column[index - 1] if index else BOTTOM)]
        if target == FOUNDATION:
            column.pop()
            self.foundations[card // 13] += 1
            self.where[card] = -1
            self.left -= 1
        else:
            destination = self.columns[target]
            key ^= links[card * _LINK + (destination[-1] if destination else BOTTOM)]
            group = column[index:]
            del column[index:]
            destination += group
            where = self.where
            for moved in group:
                where[moved] = target
        turned = index > 0 and self.hidden[source] == index
        if turned:
            self.hidden[source] = index - 1
            key ^= self.tables.down_keys[column[-1]]
        self.key = key
        return Undo(move, source, turned, old)

    def key_after(self, move: int) -> int:
        """The key *move* would lead to, without making it (to skip known positions)."""
        card, target = move >> 3, move & 7
        links = self.tables.link_keys
        source = self.where[card]
        if source < 0:
            column = self.columns[target]
            return self.key ^ links[card * _LINK + (column[-1] if column else BOTTOM)]
        column = self.columns[source]
        index = column.index(card)
        key = self.key ^ links[card * _LINK + (column[index - 1] if index else BOTTOM)]
        if target != FOUNDATION:
            destination = self.columns[target]
            key ^= links[card * _LINK + (destination[-1] if destination else BOTTOM)]
        if index and self.hidden[source] == index:
            key ^= self.tables.down_keys[column[index - 1]]
        return key

    def unmake(self, undo: Undo) -> None:
        """Take back the move that returned *undo*."""
        move, source, turned, key = undo
        card, target = move >> 3, move & 7
        if turned:
            self.hidden[source] += 1
        if source < 0:
            self.columns[target].pop()
            self.foundations[card // 13] += 1
            self.where[card] = -1
            self.left -= 1
        elif target == FOUNDATION:
            self.foundations[card // 13] -= 1
            self.columns[source].append(card)
            self.where[card] = source
            self.left += 1
        else:
            destination = self.columns[target]
            index = destination.index(card)
            group = destination[index:]
            del destination[index:]
            self.columns[source] += group
            where = self.where
            for moved in group:
                where[moved] = source
        self.key = key

    def moves(self) -> list[int]:
        """The moves worth trying, worst first (so ``pop()`` takes the best).

        A safe foundation move (see :mod:`yukon.solver.safe`) comes alone. Kings go
        to one empty column only (empty columns are interchangeable) and a King
        already heading a column never moves to an empty one: both only repeat a
        position up to the order of the columns. Cards of the junk set are never
        taken back (see :mod:`yukon.solver.safe` for both proofs).
        """
        safe, junk = self.safe.lookup(tuple(self.foundations))
        ranked = self._foundation_moves(safe)
        if ranked and ranked[0] < 0:
            return [ranked[0] & _MASK]
        self._column_moves(ranked, junk)
        if self.noise is not None:
            jitter = self.noise.random
            ranked = [item + (int(jitter() * NOISE) << _SHIFT) for item in ranked]
        ranked.sort()
        return [item & _MASK for item in ranked]

    def _foundation_moves(self, safe: frozenset[int]) -> list[int]:
        """Moves of last cards to the foundations; a safe one alone and negative."""
        foundations = self.foundations
        ranked: list[int] = []
        for source, column in enumerate(self.columns):
            if not column:
                continue
            card = column[-1]
            if foundations[card // 13] == card % 13:
                move = card << 3 | FOUNDATION
                if card in safe:
                    return [-(1 << _SHIFT) | move]
                turns = len(column) > 1 and self.hidden[source] == len(column) - 1
                ranked.append((150 + 60 * turns + self.hidden[source]) << _SHIFT | move)
        return ranked

    def _column_moves(self, ranked: list[int], junk: frozenset[int]) -> None:
        """Group moves onto last cards (and take-backs), ranked as by :func:`_priority`,
        which is inlined here: this is the search's hottest loop."""
        columns, hidden, where = self.columns, self.hidden, self.where
        foundations = self.foundations
        children, stacks = self.tables.children, self.tables.stacks
        focused = self.focused
        empty = -1
        for target, destination in enumerate(columns):
            if not destination:
                if empty < 0:
                    empty = target
                continue
            for card in children[destination[-1]]:
                source = where[card]
                if source < 0:
                    top = foundations[card // 13] == card % 13 + 1
                    if top and not focused and card not in junk:
                        ranked.append(_TAKE_BACK | card << 3 | target)
                    continue
                if source == target:
                    continue
                column = columns[source]
                index = column.index(card)
                down = hidden[source]
                size = len(column) - index
                if index < down or size > MAX_GROUP:
                    continue
                if index == 0:
                    score = 100
                elif index == down:
                    score = 160 + 2 * down
                else:
                    below = column[index - 1]
                    if stacks[card * BOTTOM + below]:
                        if focused and foundations[below // 13] != below % 13:
                            continue  # idle: it fits where it is, and below is not due up
                        score = 40 + down
                    else:
                        score = 90 + 2 * down
                ranked.append((score - size) << _SHIFT | card << 3 | target)
        if empty >= 0:
            self._king_moves(ranked, empty, junk)

    def _king_moves(self, ranked: list[int], empty: int, junk: frozenset[int]) -> None:
        columns, hidden, stacks = self.columns, self.hidden, self.tables.stacks
        for king in KINGS:
            source = self.where[king]
            if source < 0:
                if self.foundations[king // 13] == 13 and king not in junk:
                    ranked.append(_TAKE_BACK | king << 3 | empty)
                continue
            column = columns[source]
            index = column.index(king)
            if index == 0 or index < hidden[source] or len(column) - index > MAX_GROUP:
                continue
            ranked.append(_priority(column, index, hidden[source], stacks) | king << 3 | empty)

    def all_moves(self) -> list[int]:
        """Every legal move, unranked and unpruned (the yardstick for :meth:`moves`)."""
        columns, hidden, foundations = self.columns, self.hidden, self.foundations
        stacks = self.tables.stacks
        moves = []
        for source, column in enumerate(columns):
            for index in range(hidden[source], len(column)):
                card = column[index]
                if index == len(column) - 1 and foundations[card // 13] == card % 13:
                    moves.append(card << 3 | FOUNDATION)
                if len(column) - index > MAX_GROUP:
                    continue
                for target, destination in enumerate(columns):
                    if target != source and _fits(card, destination, stacks):
                        moves.append(card << 3 | target)
        for suit, height in enumerate(foundations):
            if height:
                card = suit * 13 + height - 1
                moves += [card << 3 | t for t, d in enumerate(columns) if _fits(card, d, stacks)]
        return moves

    def to_move(self, move: int) -> Move:
        """The engine's :class:`Move` for *move*."""
        target = move & 7
        return Move(Card.from_index(move >> 3), None if target == FOUNDATION else target)

    @staticmethod
    def encode(move: Move) -> int:
        """The board move for the engine's *move*."""
        target = FOUNDATION if move.column is None else move.column
        return move.card.index << 3 | target

    def move_text(self, move: int) -> str:
        return str(self.to_move(move))


def _fits(card: int, destination: list[int], stacks: bytes) -> bool:
    if destination:
        return bool(stacks[card * BOTTOM + destination[-1]])
    return card % 13 == 12


def _priority(column: list[int], index: int, hidden: int, stacks: bytes) -> int:
    """How promising it is to pick up ``column[index:]``, shifted above the move bits.

    Turning a face-down card is the main source of progress; emptying a column
    comes next; moving a group off a card it already fits on is seldom useful.
    """
    if index == 0:
        score = 100
    elif index == hidden:
        score = 160 + 2 * hidden
    elif stacks[column[index] * BOTTOM + column[index - 1]]:
        score = 40 + hidden
    else:
        score = 90 + 2 * hidden
    return (score - min(len(column) - index, 20)) << _SHIFT
