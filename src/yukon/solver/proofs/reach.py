"""A proof that a position is lost: a card that cannot reach the foundations even in a
*relaxed* game where a fact, once true, stays true.

The facts are bare(c) (card *c* is or was the last of its column, or up), up(c), left(x) (card
*x* has left the card it lies on now) and empty (some column is or was empty), derived from the
position by five rules (:func:`unreached` applies them). Why it holds: by induction over any line
of play, every fact true at some point of it is derived; a win puts every card up, so a tableau
card whose up(c) is not derived never goes up. Every closed set of
:mod:`yukon.solver.proofs.frozen` is found by it too. docs/solver.md gives the rules and the
proof in full, with YU1 deal 24.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> from yukon.solver.proofs.frozen import is_lost
>>> board = Board(Position.from_code(GameCode(CLASSIC, 24)))
>>> is_lost(board), bool(unreached(board))
(False, True)
"""

from __future__ import annotations

from typing import Final

from yukon.solver.board import Board
from yukon.solver.tables import CARD_COUNT, KING_RANK, KINGS

__all__ = ["unreached"]

_BARE: Final = 0
_UP: Final = 1
_LEFT: Final = 2


def unreached(board: Board) -> list[int]:
    """The tableau cards whose up(c) is not derived (see above): the position
    is lost when there is one. Each fact is derived once, from a queue of the
    facts newly derived, so the cost is a few steps per card."""
    return _Relaxed(board).unreached()


class _Relaxed:
    """The facts derived so far, and the queue of those not yet followed up."""

    __slots__ = ("bare", "board", "empty", "left", "queue", "tableau", "up")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.bare = [False] * CARD_COUNT
        self.up = [False] * CARD_COUNT
        self.left = [False] * CARD_COUNT
        self.empty = False
        self.tableau: list[int] = []
        self.queue: list[int] = []
        """Facts newly derived, as ``kind | card << 2`` (kind :data:`_BARE`,
        :data:`_UP` or :data:`_LEFT`): plain ints, the queue is walked at every ask."""
        for suit in range(4):
            for rank in range(board.foundations[suit]):
                self.up[suit * 13 + rank] = self.bare[suit * 13 + rank] = True
        for column in board.columns:
            if column:
                self.bare[column[-1]] = True
                self.tableau.extend(column)
            else:
                self.empty = True

    def unreached(self) -> list[int]:
        """Derive every fact (rules 2–5, starting from rule 1's), then list the
        tableau cards not up."""
        children, below = self.board.tables.children, self.board.below
        for card in self.tableau:
            self.try_up(card)
            self.try_left(card)
        for fact in self.queue:  # grows as facts are derived
            kind, card = fact & 3, fact >> 2
            if kind == _BARE:
                self.try_up(card)
                self.try_left(card)
                for child in children[card]:
                    self.try_left(child)
            elif kind == _UP:
                self.make_bare(card)
                self.try_left(card)
                if card % 13 != KING_RANK:
                    self.try_up(card + 1)
            elif below[card] >= 0:  # left: its support is laid bare
                self.make_bare(below[card])
            elif not self.empty:  # left the bare column: the column is empty
                self.empty = True
                for king in KINGS:
                    self.try_left(king)
        return [card for card in self.tableau if not self.up[card]]

    def make_bare(self, card: int) -> None:
        """Rule 2: bare(card), queued when newly derived."""
        if not self.bare[card]:
            self.bare[card] = True
            self.queue.append(_BARE | card << 2)

    def try_up(self, card: int) -> None:
        """Rule 3 for *card*, up(card) queued when newly derived."""
        up = self.up
        if up[card] or not self.bare[card] or self.board.where[card] < 0:
            return
        if card % 13 == 0 or up[card - 1]:
            up[card] = True
            self.queue.append(_UP | card << 2)

    def try_left(self, card: int) -> None:
        """Rule 4 for *card*, left(card) queued when newly derived."""
        board = self.board
        if self.left[card] or board.where[card] < 0 or (board.down[card] and not self.bare[card]):
            return
        support = board.below[card]
        king_moves = card % 13 == KING_RANK and support >= 0 and self.empty
        onto = False
        for parent in board.tables.parents[card]:
            if parent != support and self.bare[parent]:
                onto = True
                break
        if self.up[card] or king_moves or onto:
            self.left[card] = True
            self.queue.append(_LEFT | card << 2)
