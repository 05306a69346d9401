"""A proof that a position is lost: a closed set of cards, none of which can ever leave the
card it lies on (its *support*), while every card must leave it to reach the foundations.

A set *F* of tableau cards is **closed** when each member is (A) face down under a member, or
(B) not a King lying on a card, every card it may be put on other than its support is covered by
a member, and some lower card of its suit not yet up is covered by a member. Why it holds: the
first member to leave would have to go onto a covered card, or up past a covered card, or be a
King moving between empty columns, which the search never plays. After a move onto a column, a
new closed set holds the moved card, so :class:`LostPositions` asks about that card alone.
docs/solver.md gives the proof in full.

>>> from yukon.engine import Card, Position
>>> from yukon.solver.tables import card_name
>>> board = Board(Position.from_dict({"rules": "classic", "columns": [
...     ["KC", "QD"], ["[JH]", "[JD]", "[KS]", "QH"], ["KH"], ["KD"], [], [], []],
...     "foundations": {"S": 12, "H": 10, "D": 10, "C": 12}}))
>>> sorted(card_name(card) for card in closed_set(board, [Card.parse("QH").index]))
['JD', 'KS', 'QD', 'QH']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from yukon.solver.board import Board
from yukon.solver.tables import CARD_COUNT, KING_RANK

__all__ = ["LostPositions", "closed_set", "is_closed", "is_lost", "may_stay"]

_PROOFS: Final = 4
"""How many closed sets :class:`LostPositions` keeps to try first."""
# A card with a card lying on it (board.above[c] >= 0) is in the tableau, so the
# conditions below ask board.where only about cards that nothing may lie on.
# The kinds of need in closed_set's lists of needs (the two low bits of an entry).
_LYING: Final = 0
_EVERY: Final = 1
_SOME: Final = 2


def is_lost(board: Board) -> bool:
    """Whether some card can provably never leave its support (see above)."""
    return bool(closed_set(board, [card for column in board.columns for card in column]))


class LostPositions:
    """The check a search makes after each move onto a column, keeping the
    closed sets found lately: positions near each other are often lost for the
    same reason, and checking that a known set is still closed is cheaper than
    finding one."""

    __slots__ = ("board", "masks", "proofs")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.proofs: list[tuple[int, ...]] = []
        """The members of the closed sets found lately, latest first."""
        self.masks: list[int] = []
        """The same sets as bit masks (bit *c* for card *c*), for membership."""

    def after_move(self, card: int) -> bool:
        """Whether the position is lost, just after a move put *card* (and the
        cards on it) on a column, in a position with no closed set: only closed
        sets holding *card* are looked for (see above), the sets found lately
        first, and none once *card* is seen free to leave by itself (the most
        common answer, found without building anything)."""
        board = self.board
        if not may_stay(board, card):
            return False
        masks, proofs = self.masks, self.proofs
        for number, mask in enumerate(masks):
            if mask >> card & 1 and _closed(board, proofs[number], mask, card):
                if number:
                    masks.insert(0, masks.pop(number))
                    proofs.insert(0, proofs.pop(number))
                return True
        members = closed_set(board, [card])
        if not members:
            return False
        mask = 0
        for member in members:
            mask |= 1 << member
        proofs.insert(0, tuple(sorted(members)))
        masks.insert(0, mask)
        del proofs[_PROOFS:]
        del masks[_PROOFS:]
        return True


def may_stay(board: Board, card: int) -> bool:
    """Whether *card* could meet (B) were every card lying on another a member: a
    necessary condition for a face-up card to be in a closed set (and for any
    card in :mod:`yukon.solver.proofs.escape`)."""
    above = board.above
    support = board.below[card]
    if card % 13 == KING_RANK and support >= 0:
        return False
    for parent in board.tables.parents[card]:
        if parent != support and above[parent] < 0:
            return False
    for lower in range(card - card % 13 + board.foundations[card // 13], card):
        if above[lower] >= 0:
            return True
    return False


def is_closed(board: Board, members: frozenset[int], first: int = -1) -> bool:
    """Whether *members*, tableau cards, form a closed set on *board*; member
    *first* is looked at first (the one most likely to break its conditions)."""
    mask = 0
    for member in members:
        mask |= 1 << member
    return _closed(board, tuple(members), mask, first)


def _closed(board: Board, members: tuple[int, ...], mask: int, first: int) -> bool:
    """:func:`is_closed` for the set given both as its *members* and as a bit
    *mask*: whether each member is in the tableau and meets (A) or (B) among
    them. The conditions are written out in one loop, not asked of a function
    per member: this runs after most moves of the complete search."""
    where, above, below, down = board.where, board.above, board.below, board.down
    parent_masks, foundations = board.tables.parent_masks, board.foundations
    covered = 0  # the cards members lie on: those covered by the set
    for card in members:
        under = below[card]
        if under >= 0:
            covered |= 1 << under
    for card in (first, *members) if first >= 0 else members:
        if where[card] < 0:
            return False
        if down[card]:
            keeper = above[card]
            if keeper >= 0 and mask >> keeper & 1:
                continue  # (A)
        support = below[card]
        rank = card % 13
        if rank == KING_RANK and support >= 0:
            return False
        others = parent_masks[card]
        if support >= 0:
            others &= ~(1 << support)
        if others & ~covered:
            return False  # a place it may go is not covered
        lowest = card - rank + foundations[card // 13]
        if not covered & ((1 << card) - (1 << lowest)):
            return False  # no lower card of its suit is covered
    return True


# One function on purpose, the search's hottest proof: 7,394 asks in deal 116's 106,841 states,
# 13 % of its time (pure Python, cProfile); calls between parts would add to each.
def closed_set(board: Board, cards: Iterable[int]) -> set[int]:  # noqa: C901 (hot loop, above)
    """The largest closed set's members among the cards the conditions of the
    tableau *cards* reach (a closed set itself), if one of *cards* is one;
    else an empty set.

    Only the cards the conditions of *cards* reach are looked at, nearest first,
    each taken for a member until shown free to leave (its conditions broken by
    cards shown free), and the search stops as soon as every one of *cards* is.

    What a card needs to stay: the card lying on it while it is face down (A),
    or (B) every card lying on another card it may be put on and one of those
    lying on lower cards of its suit. Each card met keeps its *hopes*: whether
    (A) may still hold, and how many of its (B) keepers may still stay (0 once
    (B) cannot hold); it is free once both are 0. The cards free and the cards
    met are bit masks (bit *c* for card *c*), the needs a list of entries
    ``needer << 2 | kind`` chained per keeper through ``links``, so that no set
    or dict is built (the hottest part of the complete search).
    """
    where, above, below, down = board.where, board.above, board.below, board.down
    parents, foundations = board.tables.parents, board.foundations
    queue: list[int] = []
    starts = 0
    for card in cards:
        if where[card] >= 0 and not starts >> card & 1:
            starts |= 1 << card
            queue.append(card)
    pending = len(queue)  # the starts not yet shown free
    known = starts
    free = 0
    lying_hope = [0] * CARD_COUNT  # 1 while (A) may hold
    some_hope = [0] * CARD_COUNT  # the (B) keepers that may stay; 0 once (B) cannot hold
    first = [-1] * CARD_COUNT  # keeper -> its first need in entries, or -1
    entries: list[int] = []  # needer << 2 | kind
    links: list[int] = []  # the next need of the same keeper, or -1
    stack: list[int] = []
    needs: list[int] = []  # the keepers of the card looked at: keeper << 2 | kind
    at = 0
    while at < len(queue):
        card = queue[at]
        at += 1
        lying = above[card] if down[card] else -1
        if lying >= 0 and free >> lying & 1:
            lying = -1
        support = below[card]
        # The keepers of its (B): those on its places (every one must stay),
        # and those on lower cards of its suit (one must, *hope* of them);
        # (B) fails when hope is 0.
        needs.clear()
        hope = 0
        if card % 13 != KING_RANK or support < 0:
            for parent in parents[card]:
                if parent != support:
                    keeper = above[parent]
                    if keeper < 0 or free >> keeper & 1:
                        break
                    needs.append(keeper << 2 | _EVERY)
            else:
                for lower in range(card - card % 13 + foundations[card // 13], card):
                    keeper = above[lower]
                    if keeper >= 0 and not free >> keeper & 1:
                        hope += 1
                        needs.append(keeper << 2 | _SOME)
        if lying < 0 and not hope:
            # Free: mark it, and what that frees in turn.
            stack.append(card)
            while stack:
                item = stack.pop()
                if free >> item & 1:
                    continue
                free |= 1 << item
                if starts >> item & 1:
                    pending -= 1
                    if not pending:
                        return set()
                need = first[item]
                first[item] = -1
                while need >= 0:
                    entry = entries[need]
                    needer, kind = entry >> 2, entry & 3
                    if kind == _LYING:
                        lying_hope[needer] = 0
                        if not some_hope[needer]:
                            stack.append(needer)
                    elif kind == _EVERY:
                        some_hope[needer] = 0
                        if not lying_hope[needer]:
                            stack.append(needer)
                    elif some_hope[needer]:
                        some_hope[needer] -= 1
                        if not some_hope[needer] and not lying_hope[needer]:
                            stack.append(needer)
                    need = links[need]
            continue
        # Taken for a member for now: record its needs, and meet its keepers.
        if lying >= 0:
            lying_hope[card] = 1
            links.append(first[lying])
            first[lying] = len(entries)
            entries.append(card << 2 | _LYING)
            if not known >> lying & 1:
                known |= 1 << lying
                queue.append(lying)
        if hope:
            some_hope[card] = hope
            for need in needs:
                keeper = need >> 2
                links.append(first[keeper])
                first[keeper] = len(entries)
                entries.append(card << 2 | need & 3)
                if not known >> keeper & 1:
                    known |= 1 << keeper
                    queue.append(keeper)
    return {card for card in queue if not free >> card & 1}
