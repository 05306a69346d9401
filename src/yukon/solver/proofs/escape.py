"""A proof that a position is lost: a card *m* whose every way out leads into a closed set.

A set *F* is **closed but for m** when, with *m* lying where it lies, every other member meets
the conditions of a closed set (:mod:`yukon.solver.proofs.frozen`) and *m* cannot go up; and
with *m* moved onto any card *s* it may go on, every member, *m* included, meets them except that
*m* may still go onto the other such cards. Why it holds: no member but *m* can ever leave, and
*m* can only go from one such card to another, so no member ever reaches the foundations.
docs/solver.md gives the proof in full, with YU1 deal 61.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> from yukon.solver.board import Board
>>> from yukon.solver.tables import card_name
>>> board = Board(Position.from_code(GameCode(CLASSIC, 61)))
>>> from yukon.engine import Card
>>> members = escape_set(board, Card.parse("TH").index)
>>> sorted(card_name(card) for card in members)
['2H', '3H', '4D', 'AS', 'JS', 'TD', 'TH']
"""

from __future__ import annotations

from yukon.solver.board import Board
from yukon.solver.proofs.frozen import may_stay
from yukon.solver.tables import CARD_COUNT, KING_RANK

__all__ = ["escape_card", "escape_lost", "escape_set"]


def escape_lost(board: Board) -> bool:
    """Whether some tableau card's every way out leads into a closed set (see above)."""
    return escape_card(board) >= 0


def escape_card(board: Board) -> int:
    """The first tableau card, column by column, whose every way out leads into a closed set
    (the *m* above), or -1. Only cards that could be *m* are tried: not Kings, and with some
    lower card of their suit covered by a card (by a member, in the end)."""
    above, foundations = board.above, board.foundations
    for column in board.columns:
        for card in column:
            rank = card % 13
            if rank == KING_RANK:
                continue
            if not any(
                above[lower] >= 0 for lower in range(card - rank + foundations[card // 13], card)
            ):
                continue
            if escape_set(board, card):
                return card
    return -1


def escape_set(board: Board, m: int) -> set[int]:
    """The largest set closed but for *m* (see above) when *m* is in it, else an
    empty set."""
    where, below = board.where, board.below
    parent_masks, foundations = board.tables.parent_masks, board.foundations
    if where[m] < 0 or m % 13 == KING_RANK:
        return set()
    home = below[m]
    home_bit = 1 << home if home >= 0 else 0
    lowest = [card - card % 13 + foundations[card // 13] for card in range(CARD_COUNT)]
    cards = [card for column in board.columns for card in column]
    # Start from the cards that could meet their conditions in configuration 0
    # were every card lying on another a member: the largest set lies among them.
    above, down = board.above, board.down
    members = 1 << m
    for card in cards:
        if (down[card] and above[card] >= 0) or may_stay(board, card):
            members |= 1 << card
    while True:
        if not members >> m & 1:
            return set()
        covered = 0
        for card in cards:
            if members >> card & 1 and below[card] >= 0:
                covered |= 1 << below[card]
        targets = [
            s
            for s in range(CARD_COUNT)
            if parent_masks[m] >> s & 1 and s != home and not covered >> s & 1
        ]
        hops = 0
        for s in targets:
            hops |= 1 << s
        kept = 0
        for card in cards:
            if not members >> card & 1:
                continue
            if not _kept(card, below[card], covered, members, board, lowest, card == m):
                continue
            moved = covered & ~home_bit
            if all(
                _kept_in(card, s, moved | 1 << s, members, board, lowest, m, home, hops)
                for s in targets
            ):
                kept |= 1 << card
        if kept == members:
            return {card for card in cards if members >> card & 1}
        members = kept


def _kept(
    card: int, support: int, covered: int, members: int, board: Board, lowest: list[int], m: bool
) -> bool:
    """(A) or (B) in configuration 0 (for *m*, (B)'s second part alone)."""
    if board.down[card]:
        keeper = board.above[card]
        if keeper >= 0 and members >> keeper & 1:
            return True
    return _meets_b(card, support, covered, board, lowest, -1 if m else 0)


def _kept_in(
    card: int,
    target: int,
    covered: int,
    members: int,
    board: Board,
    lowest: list[int],
    m: int,
    home: int,
    hops: int,
) -> bool:
    """(A) or (B) in configuration *target* (*m* lying on *target*, free to
    go onto the other cards of bit mask *hops*)."""
    support = target if card == m else board.below[card]
    if board.down[card] and card != home and card != target:
        keeper = board.above[card]
        if keeper >= 0 and keeper != m and members >> keeper & 1:
            return True
    return _meets_b(card, support, covered, board, lowest, hops if card == m else 0)


def _meets_b(
    card: int, support: int, covered: int, board: Board, lowest: list[int], free: int
) -> bool:
    """(B) with the cards of bit mask *covered* covered: *card* is no King off an
    empty column's bottom, every card it may go on (but *support* and those of bit
    mask *free*) is covered, and so is a lower card of its suit."""
    if card % 13 == KING_RANK and support >= 0:
        return False
    others = board.tables.parent_masks[card] & ~free
    if support >= 0:
        others &= ~(1 << support)
    if others & ~covered:
        return False
    return bool(covered & ((1 << card) - (1 << lowest[card])))
