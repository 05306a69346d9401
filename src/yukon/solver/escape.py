"""A proof that a position is lost: a card whose every way out leads into a closed set.

A closed set (:mod:`yukon.solver.frozen`) holds cards none of which can ever
leave the card it lies on. Often a deal is lost one move later: a card *m* can
leave its support, but only onto a card *s* where it then closes a set with the
cards it uncovered. In deal 61 of YU1, T♥ lies on T♦, face down over 3♥, A♠,
4♦, 2♥ and J♠: T♥ may go only onto J♣ (J♠ is buried under it, 3♥ too, so it
cannot go up), and once it lies there T♦ can go nowhere (J♠ under it, J♣
covered by T♥, 4♦ under it), nor can T♥ leave J♣. The deal is lost from the
start; version 4 of the search spends 200,000,000 states without seeing it.

Let *F* be a set of tableau cards, *m* one of them, *s₀* the card *m* lies on
(or none) and *S* the cards *m* may be put on other than *s₀* that no member of
*F* lies on (in the tableau or not). For each *s* in *S*, *configuration s* is
the position's members with *m* lying on *s* instead of *s₀*; *configuration 0*
is the members as they lie. In a configuration, a card is *covered* when a
member lies on it there. Call *F* **closed but for m** when *m* is not a King,
and

- in configuration 0, every member other than *m* meets (A) or (B) of
  :mod:`yukon.solver.frozen` with the cards covered in configuration 0, and *m*
  meets (A), or (B)'s second part alone (some lower card of its suit not yet on
  the foundations is covered);
- in each configuration *s*, every member meets (A) or (B) with the cards
  covered in configuration *s*, *m* taking *s* for its support, except that
  *m* may be put on the other cards of *S*; here a member meets (A) only if a
  member other than *m* lies on it, and *s* only by (B).

**Claim.** From a position with a set *F* closed but for *m*, every line of
play keeps the members of *F* lying as in configuration 0 or as in one
configuration *s*; so no member ever reaches the foundations, and the position
is lost.

**Proof.** As in :mod:`yukon.solver.frozen`, look at the first move by which a
member leaves the card it lies on in the configuration that holds (configuration
0 at first). Until then each member lies as that configuration says, so a card
covered there is in the tableau and not the last of its column, and a member by
(A) stays face down under its keeper.

*In configuration 0.* A member *x* other than *m* cannot leave, by the proof of
:mod:`yukon.solver.frozen`. Nor can *m* go up: a lower card of its suit is
covered. Nor to an empty column: *m* is not a King. So *m* goes onto a card
other than *s₀* that no member lies on: onto some *s* of *S*, and then
configuration *s* holds: every member lies as it says.

*In configuration s.* Every member meets (A) or (B) with the cards covered in
configuration *s*, and a member by (A) has a keeper other than *m*, which lies
on it there as before; so the proof of :mod:`yukon.solver.frozen` applies to
configuration *s* as it stands: no member other than *m* can leave, and *m* can
only go onto another card *s'* of *S* (not back onto *s₀*, which is not in *S*
and, were *m* allowed on it, would have to be covered there, which no member
can be: only *m* lay on it), and then configuration *s'* holds.

(A face-down card meets (B) as well face down as face up, as before: *s₀*,
which may turn once *m* leaves it, must meet (B) in configuration *s*. A
configuration that can never come about — *s* under *m* in its own column, say
— only asks more of *F*.)

For a given *m*, the largest *F* closed but for *m* (if *m* is in it) is found
as for closed sets: start from every tableau card and drop those that break
their conditions, working out *S* again from what is left, until none does;
conditions only get harder as members are dropped, so what stays is closed but
for *m*. A set with *m* dropped is not used (it is a plain closed set, which
:mod:`yukon.solver.frozen` finds).

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
from yukon.solver.frozen import may_stay
from yukon.solver.tables import CARD_COUNT, KING_RANK

__all__ = ["escape_lost", "escape_set"]


def escape_lost(board: Board) -> bool:
    """Whether some tableau card's every way out leads into a closed set (see
    above). Only cards that could be *m* are tried: not Kings, and with some
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
                return True
    return False


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
