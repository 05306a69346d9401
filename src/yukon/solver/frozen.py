"""A proof that a position is lost: a card that can never leave the card it lies on.

To win, every card must reach the foundations, so each must at some point leave
the card it lies on (its *support*, or the bare column). Say a card *p* is
*covered* by a set *F* of tableau cards when the card lying on *p* is in *F*.
Call *F* **closed** when each member *x*

- (A) is face down with a member lying on it, or
- (B) is not a King lying on a card, and

  - every card *p* that *x* may be put on, other than its support, is in the
    tableau and covered by *F*, and
  - some lower card of *x*'s suit not yet on the foundations is covered by *F*.

A face-down card may be a member by (B) as well as by (A): it may turn, but
once face up it can go nowhere. (Version 2 of the search let face-down cards in
by (A) only; deals 27, 37, 47, 104 and 159 of YU1, which it could not decide in
5,000,000 states, hold a closed set from the deal on.)

**Claim.** No member of a closed set ever leaves its support, so a position with
a non-empty closed set is lost.

**Proof.** Take the first move, in any line of play, by which a member *x*
leaves its support. Until then every member lies on the card it lay on, so a
card covered by *F* is still in the tableau and not the last of its column. A
member by (A) stays face down, so it cannot move: the member lying on it would
have to leave first. So *x* is a member by (B), face up by now. Onto a card
*p*: *p* must be the last card of its column, but *p* is covered. To the
foundations: every lower card of *x*'s suit must be there, but a covered one is
not. To an empty column: *x* is a King heading its column (Kings lying on cards
are never members by (B)), and moving it to another empty column gives the same
position up to the order of the columns, which the search never tries (see
:meth:`Board.moves`); from any winning line such moves can be dropped, the
later moves renumbering their columns. So no such first move exists.

The union of closed sets is closed, so the largest one is found by starting
from every card and dropping those that break their conditions until none does.

**Checking after a move.** If a position has no non-empty closed set and a move
onto a column (a group, or a card taken back) leads to one that has, the
largest closed set *F* after the move holds the moved card *x* (the bottom card
of the group, or the card taken back). Otherwise *F* was closed before the move
as well: only *x*'s support changed; what lies on a card changed only for the
card now under *x* (covered by *F* neither before nor after, as *x* ∉ *F*) and
for the card *x* left (covered before by *x* ∉ *F*, after by nothing); a card
taken back is the last of its column, covering no lower card; and a card that
turned meets (B) face down as it does face up. A move to the foundations never
closes a set: a foundation that rose only drops candidates for "some lower card
is covered". So the search asks about the moved card alone, looking only at the
cards its conditions reach, and tries the closed sets it found lately first
(:class:`LostPositions`). Any set it finds is closed, so it never calls a
winnable position lost.

>>> from yukon.engine import Card, Position
>>> from yukon.solver.tables import card_name
>>> board = Board(Position.from_dict({"rules": "classic", "columns": [
...     ["KC", "QD"], ["[JH]", "[JD]", "[KS]", "QH"], ["KH"], ["KD"], [], [], []],
...     "foundations": {"S": 12, "H": 10, "D": 10, "C": 12}}))
>>> sorted(card_name(card) for card in closed_set(board, [Card.parse("QH").index]))
['JD', 'KS', 'QD', 'QH']

Q♥ needs K♠ (face down under it) or K♣ (under Q♦), or J♥ (face down under it)
on the foundation; Q♦ can only leave K♣ for K♠, or go up after J♦ (face down
under Q♥): neither ever moves, and K♠ and J♦ stay face down under Q♥. (J♥,
under J♦, is a member too, but no condition of Q♥'s reaches it.)
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
    """Whether some card can provably never leave its support (see above)."""
    return bool(closed_set(board, [card for column in board.columns for card in column]))


class LostPositions:
    """The check a search makes after each move onto a column, keeping the
    closed sets found lately: positions near each other are often lost for the
    same reason, and checking that a known set is still closed is cheaper than
    finding one."""

    __slots__ = ("board", "proofs")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.proofs: list[frozenset[int]] = []

    def after_move(self, card: int) -> bool:
        """Whether the position is lost, just after a move put *card* (and the
        cards on it) on a column, in a position with no closed set: only closed
        sets holding *card* are looked for (see above), the sets found lately
        first, and none once *card* is seen free to leave by itself (the most
        common answer, found without building anything)."""
        board = self.board
        if not _may_stay(board, card):
            return False
        proofs = self.proofs
        for number, proof in enumerate(proofs):
            if card in proof and is_closed(board, proof, card):
                if number:
                    proofs.insert(0, proofs.pop(number))
                return True
        members = closed_set(board, [card])
        if not members:
            return False
        self.proofs.insert(0, frozenset(members))
        del self.proofs[_PROOFS:]
        return True


def _may_stay(board: Board, card: int) -> bool:
    """Whether face-up *card* could meet (B) were every card lying on another a
    member: a necessary condition for it to be in a closed set."""
    where, above = board.where, board.above
    support = board.below[card]
    if card % 13 == _KING and support >= 0:
        return False
    for parent in board.tables.parents[card]:
        if parent != support and (where[parent] < 0 or above[parent] < 0):
            return False
    for lower in range(card - card % 13 + board.foundations[card // 13], card):
        if where[lower] >= 0 and above[lower] >= 0:
            return True
    return False


def is_closed(board: Board, members: frozenset[int], first: int = -1) -> bool:
    """Whether *members*, tableau cards, form a closed set on *board*; member
    *first* is looked at first (the one most likely to break its conditions)."""
    if first >= 0 and not _kept(board, first, members):
        return False
    return all(_kept(board, card, members) for card in members)


def _kept(board: Board, card: int, members: frozenset[int]) -> bool:
    """Whether *card* is in the tableau and meets (A) or (B) among *members*."""
    where, above = board.where, board.above
    if where[card] < 0:
        return False
    if board.down[card] and above[card] in members:
        return True  # (A)
    support = board.below[card]
    if card % 13 == _KING and support >= 0:
        return False
    for parent in board.tables.parents[card]:
        if parent != support and (where[parent] < 0 or above[parent] not in members):
            return False
    for lower in range(card - card % 13 + board.foundations[card // 13], card):
        if above[lower] in members and where[lower] >= 0:
            return True
    return False


def closed_set(board: Board, cards: Iterable[int]) -> set[int]:
    """The largest closed set's members among the cards the conditions of the
    tableau *cards* reach (a closed set itself), if one of *cards* is one;
    else an empty set.

    Only the cards the conditions of *cards* reach are looked at, nearest first,
    each taken for a member until shown free to leave (its conditions broken by
    cards shown free), and the search stops as soon as every one of *cards* is.
    """
    starts = {card for card in cards if board.where[card] >= 0}
    pending = len(starts)  # the starts not yet shown free
    free: set[int] = set()
    on_lying: dict[int, list[int]] = {}  # keeper -> face-down cards it lies on
    on_every: dict[int, list[int]] = {}  # keeper -> cards needing it to stay
    on_some: dict[int, list[int]] = {}  # keeper -> cards needing it or another
    hopes: dict[int, list[int]] = {}  # card -> [(A) may hold, (B) keepers that may stay]
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
            for needer in on_lying.pop(item, ()):
                hope = hopes[needer]
                hope[0] = 0
                if not hope[1]:
                    stack.append(needer)
            for needer in on_every.pop(item, ()):
                hope = hopes[needer]
                hope[1] = 0
                if not hope[0]:
                    stack.append(needer)
            for needer in on_some.pop(item, ()):
                hope = hopes[needer]
                if hope[1]:
                    hope[1] -= 1
                    if not hope[1] and not hope[0]:
                        stack.append(needer)
        return False

    while queue:
        card = queue.popleft()
        need = _needs(board, card)
        lying = need.lying if need.lying >= 0 and need.lying not in free else -1
        every = need.every
        some = [keeper for keeper in need.some if keeper not in free]
        if not some or any(keeper in free for keeper in every):
            every = some = []
        if lying < 0 and not some:
            if release(card):
                return set()
            continue
        hopes[card] = [int(lying >= 0), len(some)]
        if lying >= 0:
            on_lying.setdefault(lying, []).append(card)
        for keeper in every:
            on_every.setdefault(keeper, []).append(card)
        for keeper in some:
            on_some.setdefault(keeper, []).append(card)
        for keeper in (lying, *every, *some):
            if keeper >= 0 and keeper not in known:
                known.add(keeper)
                queue.append(keeper)
    return known - free


class _Needs:
    """What keeps a card in a closed set: the card lying on it while it is face
    down (A), or (B) every card of :attr:`every` and one of :attr:`some`."""

    __slots__ = ("every", "lying", "some")

    def __init__(self, lying: int, every: list[int], some: list[int]) -> None:
        self.lying = lying
        """The card lying on a face-down card, else -1."""
        self.every = every
        """The cards lying on the other cards this one may be put on."""
        self.some = some
        """The cards lying on lower cards of its suit; empty when (B) cannot hold."""


def _needs(board: Board, card: int) -> _Needs:
    """The conditions of *card*, a tableau card, as the cards they name."""
    where, above = board.where, board.above
    lying = above[card] if board.down[card] else -1
    support = board.below[card]
    if card % 13 == _KING and support >= 0:
        return _Needs(lying, [], [])
    every = []
    for parent in board.tables.parents[card]:
        if parent != support:
            keeper = above[parent] if where[parent] >= 0 else -1
            if keeper < 0:
                return _Needs(lying, [], [])
            every.append(keeper)
    found = board.foundations[card // 13]
    lower = range(card - card % 13 + found, card)
    some = [above[q] for q in lower if where[q] >= 0 and above[q] >= 0]
    return _Needs(lying, every, some)
