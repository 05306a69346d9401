"""A proof that a position is lost: a card that cannot reach the foundations
even in a game where nothing is ever undone.

A closed set (:mod:`yukon.solver.frozen`) asks which cards are covered *now*;
it cannot follow the order in which things must happen: that a card can leave
only onto a card that an earlier move has laid bare, or go up only after every
lower card of its suit, each of which had to be laid bare first. This proof
follows that order, by playing a *relaxed* game in which a fact, once true,
stays true (a card once bare stays a place to go; a card once up stays up).

For a card *x* of the tableau as it lies, let *s₀(x)* be the card it lies on
(none for a column's first card) and *a₀(x)* the card lying on it (none for a
column's last card). The facts are

- bare(c): card *c* is or was the last card of a column, or on a foundation;
- up(c): card *c* is or was on a foundation;
- left(x): tableau card *x* has left *s₀(x)* (the bare column, for a first card);
- empty: some column is or was empty.

The **derived** facts are the fewest closed under these rules:

1. bare(c) and up(c) for each foundation card; bare(c) for each column's last
   card; empty when a column is empty;
2. bare(c) when left(a₀(c)), or when up(c);
3. up(c), for a tableau card *c*, when bare(c) and *c* is an Ace or
   up(c − 1) (the card below it in its suit);
4. left(x) when *x* is face up or bare(x), and up(x), or bare(p) for some card
   *p* other than *s₀(x)* that *x* may be put on, or *x* is a King lying on a
   card and empty;
5. empty when left(x) for a column's first card *x*.

**Claim.** In any line of play from the position, every fact that holds at
some point of the line is derived. So when up(c) is not derived for some
tableau card *c*, *c* never reaches the foundations: the position is lost.

**Proof.** A King heading its column that moves to another empty column gives
the same position up to the order of the columns (the search never tries
it, see :meth:`Board.moves`); dropping such moves from a line of play, the
later moves renumbering their columns, leaves a line that does the rest the
same. So take a line without them, and show by induction over its moves that
each fact it makes true is derived, the facts true before each move being
derived. Before the first move, rule 1.

*bare(c)* becomes true when *c* becomes the last card of its column for the
first time (a card that was up is bare already, rule 2). Until then nothing
could be put on *c*, so *a₀(c)* lay on it all along and has now left it for
the first time: left(a₀(c)) holds, derived, and so is bare(c) by rule 2.

*up(c)*, for a tableau card: *c* goes up as the last card of its column
(bare(c)) after the card below it in its suit (up(c − 1)), both derived:
rule 3.

*left(x)* becomes true when *x* leaves *s₀(x)* for the first time. It moves,
so it is face up: it started so, or it turned when last of its column, bare(x).
It goes up (up(x), just derived), or onto the last card *p* of another column
(*p* ≠ *s₀(x)*: *x* lies on *s₀(x)*; bare(p)), or, a King, to an empty column:
then *x* lay on a card (a King heading its column does not move so), and a
column is empty (empty). Rule 4.

*empty*, the first time a column is empty other than those empty from the
start: no card can have been put at the foot of a column before, so the card
that just left the bare column was the column's first card from the start:
left(x), rule 5.

Winning puts every card up, so a line that wins makes up(c) true for every
tableau card *c*, and each is derived. ∎

(The proof uses only the relation "may be put on" and the rules common to
every rule set: a card goes up after the one below it in its suit, only Kings
go to empty columns. A group of more than 20 cards, which may not move, only
means that fewer moves are made than the rules above allow.)

**Against the closed sets.** Every card of a closed set of
:mod:`yukon.solver.frozen` is a tableau card whose up(c) is not derived: take
the first of its members *x* whose left(x) is derived; the fact that rule 4
used would need a member to have left first (a member by (A) is bare only
once the member on it left; a card covered by a member, only once that member
left, or by going up, which needs it bare first; a lower card of *x*'s suit
covered by a member, likewise). So this proof finds every position that
:mod:`yukon.solver.frozen` finds lost, and more. Not all of those of
:mod:`yukon.solver.escape` (YU1 deals 61 and 70): there a card may leave, but
only onto a card where it then closes a set, and in the relaxed game the card
it goes onto stays bare, a place for the others to go.

In YU1 deal 24 only nine cards can ever move in the relaxed game (A♠ 9♠ Q♠
3♥ Q♥ 3♦ 5♦ 2♣ Q♣), no column is ever emptied, and only A♠ goes up: the
deal is lost from the start. No closed set shows it: 2♣, for one, may leave now
(onto 3♥, with A♠), and a closed set cannot tell that nothing comes of it.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> from yukon.solver.frozen import is_lost
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
