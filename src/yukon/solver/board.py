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
from typing import Final, TypeAlias

from yukon.engine import MAX_GROUP, Card, Move, Position
from yukon.solver.safe import SafeMoves
from yukon.solver.tables import BOTTOM, FOUNDATION, KING_RANK, KINGS, Tables

__all__ = ["Board", "Snapshot", "Undo"]

NOISE: Final = 150
"""How far apart in promise two moves may be for the noise to swap them."""
_LINK: Final = BOTTOM + 1
_SHIFT: Final = 9  # a move fits in 9 bits; the priority sits above it
_MASK: Final = (1 << _SHIFT) - 1
_TAKE_BACK: Final = 10 << _SHIFT  # the priority of a take-back: seldom useful
_SEEN: Final = _MASK  # no move: in place of a safe move to a seen position


Snapshot: TypeAlias = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], int]
"""Columns, face-down counts, foundation heights and key (see :meth:`Board.snapshot`)."""


class Undo:
    """What :meth:`Board.make` changed, for :meth:`Board.unmake`.

    A slotted class rather than a named tuple: made at every move, it is made
    faster so (a named tuple's constructor runs Python code; the compiled build
    makes this a native class)."""

    __slots__ = ("key", "move", "source", "turned")

    def __init__(self, move: int, source: int, turned: bool, key: int) -> None:
        self.move = move
        self.source = source  # column, or -1 for a take-back
        self.turned = turned
        self.key = key


class Board:
    """A position under search. Mutable; the engine's :class:`Game` is the reference."""

    __slots__ = (
        "above",
        "below",
        "columns",
        "depth",
        "down",
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
        self.safe = SafeMoves.of(position.rules)
        self.columns = [[card.index for card in column] for column in position.columns]
        self.hidden = list(position.hidden)
        self.foundations = list(position.foundations)
        self.where = [-1] * BOTTOM
        self.above = [-1] * BOTTOM
        """``above[c]``: the card lying on card *c*, or -1 (a column's last card, or
        not in the tableau)."""
        self.below = [-1] * BOTTOM
        """``below[c]``: the card that card *c* lies on, or -1 (a column's first card,
        or not in the tableau)."""
        self.down = [0] * BOTTOM
        """``down[c]`` is 1 while card *c* is face down."""
        self.depth = [0] * BOTTOM
        """``depth[c]``: where card *c* lies in its column (0 at the bottom), while
        it is in the tableau; kept so that no move searches a column for a card."""
        self._link()
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
                key ^= links[card * _LINK + below]
                if depth < self.hidden[number]:
                    key ^= downs[card]
                below = card
        self.key = key

    def _link(self) -> None:
        """Fill ``where``, ``above``, ``below``, ``down`` and ``depth`` from the columns."""
        where, above, below, depth_of = self.where, self.above, self.below, self.depth
        down, hidden = self.down, self.hidden
        for card in range(BOTTOM):
            where[card] = above[card] = below[card] = -1
            down[card] = 0
        for number, column in enumerate(self.columns):
            under = -1
            shown = hidden[number]
            for depth, card in enumerate(column):
                where[card] = number
                depth_of[card] = depth
                below[card] = under
                if under >= 0:
                    above[under] = card
                if depth < shown:
                    down[card] = 1
                under = card

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
        self._link()
        self.left = sum(map(len, columns))

    def cover(self, card: int) -> int:
        """The face-up card whose staying put keeps *card* covered: the card lying
        on it, or for a face-down card its column's lowest face-up card; -1 when
        *card* is the last of its column or not in the tableau."""
        if self.down[card]:
            number = self.where[card]
            return self.columns[number][self.hidden[number]]
        return self.above[card]

    @property
    def is_won(self) -> bool:
        return self.left == 0

    def make(self, move: int, key: int | None = None) -> Undo:
        """Make *move* (which must be legal) and return how to take it back.

        *key*, when given, must be :meth:`key_after` of *move*: a search has it
        already, and each XOR of the 128-bit keys makes a new int."""
        if key is None:
            key = self.key_after(move)
        card, target = move >> 3, move & 7
        old, self.key = self.key, key
        source = self.where[card]
        if source < 0:
            # A take-back: the top of a foundation onto a column.
            self.foundations[card // 13] -= 1
            column = self.columns[target]
            if column:
                top = column[-1]
                self.above[top] = card
                self.below[card] = top
            self.depth[card] = len(column)
            column.append(card)
            self.where[card] = target
            self.left += 1
            return Undo(move, -1, False, old)
        column = self.columns[source]
        index = self.depth[card]
        above, below = self.above, self.below
        if index:
            above[column[index - 1]] = -1
        if target == FOUNDATION:
            column.pop()
            self.foundations[card // 13] += 1
            self.where[card] = -1
            self.left -= 1
            below[card] = -1
        else:
            destination = self.columns[target]
            if destination:
                top = destination[-1]
                above[top] = card
                below[card] = top
            else:
                below[card] = -1
            self._shift(column, index, destination, target)
        turned = index > 0 and self.hidden[source] == index
        if turned:
            self.hidden[source] = index - 1
            self.down[column[-1]] = 0
        return Undo(move, source, turned, old)

    def _shift(self, origin: list[int], index: int, destination: list[int], number: int) -> None:
        """Move ``origin[index:]`` onto the end of *destination*, column *number*
        (card by card: no slice is built, which costs more than the loop for the
        few cards of a group, most of all in the compiled build)."""
        where, depth = self.where, self.depth
        offset = len(destination)
        for place in range(index, len(origin)):
            moved = origin[place]
            destination.append(moved)
            where[moved] = number
            depth[moved] = offset
            offset += 1
        del origin[index:]

    def key_after(self, move: int) -> int:
        """The key *move* would lead to, without making it (to skip known positions)."""
        card, target = move >> 3, move & 7
        links = self.tables.link_keys
        source = self.where[card]
        if source < 0:
            column = self.columns[target]
            return self.key ^ links[card * _LINK + (column[-1] if column else BOTTOM)]
        column = self.columns[source]
        index = self.depth[card]
        key = self.key ^ links[card * _LINK + (column[index - 1] if index else BOTTOM)]
        if target != FOUNDATION:
            destination = self.columns[target]
            key ^= links[card * _LINK + (destination[-1] if destination else BOTTOM)]
        if index and self.hidden[source] == index:
            key ^= self.tables.down_keys[column[index - 1]]
        return key

    def unmake(self, undo: Undo) -> None:
        """Take back the move that returned *undo*."""
        move, source, turned, key = undo.move, undo.source, undo.turned, undo.key
        card, target = move >> 3, move & 7
        above, below = self.above, self.below
        if source < 0:
            column = self.columns[target]
            column.pop()
            if column:
                above[column[-1]] = -1
                below[card] = -1
            self.foundations[card // 13] += 1
            self.where[card] = -1
            self.left -= 1
            self.key = key
            return
        column = self.columns[source]
        if column:
            under = column[-1]
            above[under] = card
            below[card] = under
            if turned:
                self.hidden[source] += 1
                self.down[under] = 1
        else:
            below[card] = -1
        if target == FOUNDATION:
            self.foundations[card // 13] -= 1
            self.depth[card] = len(column)
            column.append(card)
            self.where[card] = source
            self.left += 1
        else:
            destination = self.columns[target]
            index = self.depth[card]
            if index:
                above[destination[index - 1]] = -1
            self._shift(destination, index, column, source)
        self.key = key

    def moves(self, seen: set[int] | None = None) -> list[int]:
        """The moves worth trying, worst first (so ``pop()`` takes the best).

        A safe foundation move (see :mod:`yukon.solver.safe`) comes alone. Kings go
        to one empty column only (empty columns are interchangeable) and a King
        already heading a column never moves to an empty one: both only repeat a
        position up to the order of the columns. Cards of the junk set are never
        taken back (see :mod:`yukon.solver.safe` for both proofs).

        With *seen*, moves to positions whose key is in it are left out (a search
        skips them anyway; computing the key here is cheaper than
        :meth:`key_after` later). A safe move to a seen position leaves no moves.
        """
        safe, junk = self.safe.lookup_heights(self.foundations)
        skip: set[int] = set() if seen is None else seen
        ranked = self._foundation_moves(safe, skip)
        if ranked and ranked[0] < 0:
            move = ranked[0] & _MASK
            return [] if move == _SEEN else [move]
        self._column_moves(ranked, junk, skip)
        if self.noise is not None:
            jitter = self.noise.random
            ranked = [item + (int(jitter() * NOISE) << _SHIFT) for item in ranked]
        ranked.sort()
        return [item & _MASK for item in ranked]

    def _foundation_moves(self, safe: frozenset[int], seen: set[int]) -> list[int]:
        """Moves of last cards to the foundations; a safe one alone and negative
        (:data:`_SEEN` in place of the move when it leads to a seen position)."""
        foundations, hidden = self.foundations, self.hidden
        links, downs = self.tables.link_keys, self.tables.down_keys
        ranked: list[int] = []
        for source, column in enumerate(self.columns):
            if not column:
                continue
            card = column[-1]
            if foundations[card // 13] == card % 13:
                move = card << 3 | FOUNDATION
                size = len(column)
                turns = size > 1 and hidden[source] == size - 1
                key = self.key ^ links[card * _LINK + (column[-2] if size > 1 else BOTTOM)]
                if turns:
                    key ^= downs[column[-2]]
                if card in safe:
                    return [-(1 << _SHIFT) | (_SEEN if key in seen else move)]
                if key not in seen:
                    ranked.append((150 + 60 * turns + hidden[source]) << _SHIFT | move)
        return ranked

    # One function on purpose: 96,179 calls in deal 116's 106,841 states, 22 % of its time
    # (pure Python, cProfile), with _priority inlined to save a call per move.
    def _column_moves(  # noqa: C901 (the hottest loop, above)
        self, ranked: list[int], junk: frozenset[int], seen: set[int]
    ) -> None:
        """Group moves onto last cards (and take-backs), ranked as by :func:`_priority`,
        which is inlined here: this is the search's hottest loop."""
        columns, hidden, where = self.columns, self.hidden, self.where
        foundations, key = self.foundations, self.key
        children, stacks = self.tables.children, self.tables.stacks
        links, downs = self.tables.link_keys, self.tables.down_keys
        face_down, under_of, depth = self.down, self.below, self.depth
        focused = self.focused
        empty = -1
        for target, destination in enumerate(columns):
            if not destination:
                if empty < 0:
                    empty = target
                continue
            top = destination[-1]
            for card in children[top]:
                # The key (a new 128-bit int at each XOR) only once the move passes the rest.
                source = where[card]
                if source < 0:
                    if (
                        foundations[card // 13] == card % 13 + 1
                        and not focused
                        and card not in junk
                        and key ^ links[card * _LINK + top] not in seen
                    ):
                        ranked.append(_TAKE_BACK | card << 3 | target)
                    continue
                if source == target or face_down[card]:
                    continue
                column = columns[source]
                size = len(column) - depth[card]
                if size > MAX_GROUP:
                    continue
                onto = key ^ links[card * _LINK + top]
                under = under_of[card]
                if under < 0:
                    if onto ^ links[card * _LINK + BOTTOM] in seen:
                        continue
                    score = 100
                else:
                    onto ^= links[card * _LINK + under]
                    if face_down[under]:
                        if onto ^ downs[under] in seen:
                            continue
                        score = 160 + 2 * hidden[source]
                    elif onto in seen:
                        continue
                    elif stacks[card * BOTTOM + under]:
                        if focused and foundations[under // 13] != under % 13:
                            continue  # idle: it fits where it is, and under is not due up
                        score = 40 + hidden[source]
                    else:
                        score = 90 + 2 * hidden[source]
                ranked.append((score - size) << _SHIFT | card << 3 | target)
        if empty >= 0:
            self._king_moves(ranked, empty, junk, seen)

    def _king_moves(
        self, ranked: list[int], empty: int, junk: frozenset[int], seen: set[int]
    ) -> None:
        columns, hidden, stacks = self.columns, self.hidden, self.tables.stacks
        links, downs = self.tables.link_keys, self.tables.down_keys
        for king in KINGS:
            onto = self.key ^ links[king * _LINK + BOTTOM]
            source = self.where[king]
            if source < 0:
                if self.foundations[king // 13] == 13 and king not in junk and onto not in seen:
                    ranked.append(_TAKE_BACK | king << 3 | empty)
                continue
            column = columns[source]
            index = self.depth[king]
            down = hidden[source]
            if index == 0 or index < down or len(column) - index > MAX_GROUP:
                continue
            below = column[index - 1]
            onto ^= links[king * _LINK + below]
            if index == down:
                onto ^= downs[below]
            if onto not in seen:
                ranked.append(_priority(column, index, down, stacks) | king << 3 | empty)

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
    return card % 13 == KING_RANK


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
