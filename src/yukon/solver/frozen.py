"""A proof that a position is lost: a card that can never leave the card it lies on.

To win, every card must reach the foundations, so each must at some point leave
the card it lies on (its *support*, or the bare column), and every face-down
card must turn. Call a set *F* of tableau cards **closed** when each member
keeps the others in place:

- a face-down member has a member lying on it;
- a face-up member *x* is not a King lying on a card, and

  - every card *p* that *x* may be put on, other than its support, is
    *covered*: a member lies on *p* (so *p* is in the tableau, and not the last
    card of its column), and
  - some lower card of *x*'s suit not yet on the foundations is covered.

**Claim.** No member of a closed set ever leaves its support or turns, so a
position with a non-empty closed set is lost.

**Proof.** Take the first event, in any line of play, in which a member leaves
its support or turns. A face-down member turns only once the card on it has
left, a member's leaving, which came first: impossible. A face-up member *x*
leaves its support only as the bottom card of a moved group, or alone to the
foundations. Onto a card *p*: *p* must be the last card of its column, but the
member on *p* has not left it. To the foundations: every lower card of *x*'s
suit must be there, but a covered one has not been uncovered. To an empty
column: *x* is a King heading its column (Kings lying on cards are never
members), and moving it to another empty column gives the same position up to
the order of the columns, which the search never tries (see :meth:`Board.moves`);
from any winning line such moves can be dropped, the later moves renumbering
their columns. So no first event exists.

The union of closed sets is closed, so the largest one is found by starting
from every card and dropping those that break a condition until none does.

**Checking after a move.** If a position has no non-empty closed set and a move
leads to one that has, the largest closed set *F* after the move holds the
moved card *x* (the bottom card of the group, or a card taken back), or the card
the move turned. Otherwise *F* was closed before the move as well: only *x*'s
support changed, only the card now under *x* (*x* ∉ *F*, so no member counts on
it being covered) and the card *x* left (now the last of its column, so none
counts on it either) changed what lies on them, and a foundation that rose only
drops candidates for "some lower card is covered". The search asks about the
turned card alone, looking only at the cards its conditions reach, and tries
the closed sets it found lately first (:class:`LostPositions`). Any set it
finds is closed, so it never calls a winnable position lost; measured, also
asking about *x* costs more time than the positions it saves.

>>> from yukon.engine import Card, Position
>>> from yukon.solver.tables import card_name
>>> board = Board(Position.from_dict({"rules": "classic", "columns": [
...     ["KC", "QD"], ["[JH]", "[JD]", "[KS]", "QH"], ["KH"], ["KD"], [], [], []],
...     "foundations": {"S": 12, "H": 10, "D": 10, "C": 12}}))
>>> sorted(card_name(card) for card in closed_set(board, [Card.parse("QH").index]))
['QD', 'QH']

Q♥ needs K♠ (face down under it) or K♣ (under Q♦), or J♥ (face down under it)
on the foundation; Q♦ can only leave K♣ for K♠, or go up after J♦ (face down
under Q♥): neither ever moves.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from yukon.solver.board import Board

__all__ = ["LostPositions", "closed_set", "is_closed", "is_lost"]

_KING = 12
_PROOFS = 4
"""How many closed sets :class:`LostPositions` keeps to try first."""


def is_lost(board: Board) -> bool:
    """Whether some face-up card can provably never leave its support (see above)."""
    columns, hidden = board.columns, board.hidden
    return bool(
        closed_set(board, [card for c, h in zip(columns, hidden, strict=True) for card in c[h:]])
    )


class LostPositions:
    """The check a search makes after each move that turns a card, keeping the
    closed sets found lately: positions near each other are often lost for the
    same reason, and checking that a known set is still closed is cheaper than
    finding one."""

    __slots__ = ("board", "proofs")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.proofs: list[frozenset[int]] = []

    def after_turn(self, column: int) -> bool:
        """Whether the position is lost, just after a move turned the last card
        of *column*.

        Only closed sets holding the turned card are looked for (the move's own
        card is left out: measured, asking about it too costs more than the
        positions it saves), and the sets found lately are tried first.
        """
        board = self.board
        proofs = self.proofs
        for number, proof in enumerate(proofs):
            if is_closed(board, proof):
                if number:
                    proofs.insert(0, proofs.pop(number))
                return True
        members = closed_set(board, [board.columns[column][-1]])
        if not members:
            return False
        self.proofs.insert(0, frozenset(members))
        del self.proofs[_PROOFS:]
        return True


def is_closed(board: Board, members: frozenset[int]) -> bool:
    """Whether the face-up *members* form a closed set on *board*."""
    where, found, below, down = board.where, board.foundations, board.below, board.down
    parents, cover = board.tables.parents, board.cover
    for card in members:
        if where[card] < 0 or down[card]:
            return False
        support = below[card]
        if card % 13 == _KING and support >= 0:
            return False
        for parent in parents[card]:
            if parent != support:
                keeper = cover(parent)
                if keeper not in members:
                    return False
        for lower in range(card - card % 13 + found[card // 13], card):
            keeper = cover(lower)
            if keeper in members:
                break
        else:
            return False
    return True


def closed_set(board: Board, cards: Iterable[int]) -> set[int]:
    """The face-up members of the largest closed set, if one of the face-up *cards*
    lies in it; else an empty set.

    Only the cards the conditions of *cards* reach are looked at, nearest first,
    and the search stops as soon as every one of *cards* is shown free to leave.
    A face-down card counts as covered while its column's lowest face-up card
    stays put.
    """
    found, below = board.foundations, board.below
    parents, cover = board.tables.parents, board.cover
    starts = set(cards)
    pending = len(starts)  # the starts not yet shown free
    free: set[int] = set()
    every_of: dict[int, list[int]] = {}  # keeper -> cards needing it to stay
    some_of: dict[int, list[int]] = {}  # keeper -> cards needing it or another
    wanted: dict[int, int] = {}  # card -> how many of its "some" keepers may still stay
    queue = deque(starts)
    known = set(starts)

    def release(card: int) -> bool:
        """Mark *card* free, and what that frees in turn; whether every start is free."""
        nonlocal pending
        stack = [card]
        while stack:
            item = stack.pop()
            if item in free:
                continue
            free.add(item)
            if item in starts:
                pending -= 1
                if not pending:
                    return True
            stack += every_of.pop(item, ())
            for needer in some_of.pop(item, ()):
                wanted[needer] -= 1
                if not wanted[needer]:
                    stack.append(needer)
        return False

    while queue:
        card = queue.popleft()
        if card in free:
            continue
        support = below[card]
        if card % 13 == _KING and support >= 0:
            if release(card):
                return set()
            continue
        every: list[int] = []
        for parent in parents[card]:
            if parent != support:
                keeper = cover(parent)
                if keeper < 0 or keeper in free:
                    break
                every.append(keeper)
        else:
            some: list[int] = []
            for lower in range(card - card % 13 + found[card // 13], card):
                keeper = cover(lower)
                if keeper >= 0 and keeper not in free:
                    some.append(keeper)
            if some:
                wanted[card] = len(some)
                for keeper in every:
                    every_of.setdefault(keeper, []).append(card)
                for keeper in some:
                    some_of.setdefault(keeper, []).append(card)
                for keeper in (*every, *some):
                    if keeper not in known:
                        known.add(keeper)
                        queue.append(keeper)
                continue
        if release(card):
            return set()
    return known - free
