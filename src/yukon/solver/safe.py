"""Foundation moves the search may make without trying the alternatives.

Raymond's rule, which Klondike solvers use, is unsound in Yukon, and Horne's
rule assumes cards never come back from the foundations. Ours allow take-backs,
so this module uses a rule proven for them.

**The rule.** Let *J* be the largest set of foundation cards that (a) holds, for
each suit, the foundation's lowest cards (a prefix A, 2, … of the pile) and
(b) is closed under "may be put on": every card that may go on a card of *J* is
itself in *J*. Card *c* of rank *r*, the last card of a column, whose foundation
holds r − 1 cards, is **safe** when every card of its own foundation and every
card that may go on *c* is in *J*.

**Proof.** Let S be a winnable position and S' the same after moving *c* up.
Cards of *J* can only come back to the tableau one at a time, as the top of a
foundation, onto the last card of a column; anything later put on them may go
on a *J* card and so is in *J* itself. Hence in every position reached from S,
the *J* cards in the tableau lie at the ends of columns with only *J* cards on
them ("junk tails"), and only junk ever lies on *c*. Map each position P reached
from S to φ(P): P with the junk and *c* on the foundations (and face-down cards
freed by that turned up). Every move of a winning line from S either moves only
junk or *c* (φ is unchanged) or moves a group whose bottom card is neither; then
its target is the same card (no such card goes on junk or on *c*), its group is
no larger, and its foundation preconditions hold in φ(P), whose piles are at
least as high without ever covering a card that P takes back. A face-up card
that is face down in P only adds moves. So the line, less the moves of junk and
of *c*, wins from S' = φ(S) — and it is shorter, so the search that plays safe
moves without branching still finds a win whenever one exists.

**Take-backs of junk.** The same map without *c* turns any winning line from
a position into one that never takes back a card of *J* and is no longer, so
the search need not try those take-backs either.

The proof uses nothing of the rules but the relation "may be put on", which
the tables take from the rule set, so it holds for every rule set; only what
it yields differs. Where a card goes on a higher one only (Classic, Relaxed),
Aces are always safe, and with all four foundations at r − 1 any rank-r card is.

>>> from yukon.engine import CLASSIC
>>> from yukon.solver.tables import Tables
>>> safe = SafeMoves(Tables.of(CLASSIC))
>>> sorted(safe.cards((0, 0, 0, 0)))      # the four Aces
[0, 13, 26, 39]
>>> 1 in safe.cards((1, 0, 0, 1))      # 2♠ with both red Aces still in play: not safe
False
"""

from __future__ import annotations

import functools

from yukon.engine import RuleSet
from yukon.solver.tables import Tables

__all__ = ["SafeMoves", "junk"]

_RANKS = 13
_SUITS = 4
_KEEP = 20_000
"""How many foundation heights a shared :class:`SafeMoves` remembers before it
starts again (of 14⁴ possible), so that a long-running server stays small."""


def junk(tables: Tables, foundations: tuple[int, ...]) -> frozenset[int]:
    """The set *J* above for the given foundation heights (♠ ♥ ♦ ♣)."""
    heights = list(foundations)
    while True:
        members = {suit * _RANKS + rank for suit in range(_SUITS) for rank in range(heights[suit])}
        lowered = False
        for suit in range(_SUITS):
            for rank in range(heights[suit]):
                card = suit * _RANKS + rank
                if any(child not in members for child in tables.children[card]):
                    # Cut the pile below this card: J keeps only each pile's lowest cards.
                    heights[suit] = rank
                    lowered = True
                    break
        if not lowered:
            return frozenset(members)


class SafeMoves:
    """The safe foundation cards and the junk set per foundation heights, computed
    once each."""

    __slots__ = ("_cache", "_packed", "_tables")

    def __init__(self, tables: Tables) -> None:
        self._tables = tables
        self._cache: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}
        self._packed: dict[int, tuple[frozenset[int], frozenset[int]]] = {}

    @staticmethod
    @functools.cache
    def of(rules: RuleSet) -> SafeMoves:
        """The one instance per rule set that every board shares: a search runs
        several boards (one per phase), and a server many searches, all over
        much the same foundation heights."""
        return SafeMoves(Tables.of(rules))

    def lookup(self, foundations: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
        """The safe cards (for each suit the next card of its foundation, when safe)
        and the junk set *J*, whose cards need never be taken back."""
        cached = self._cache.get(foundations)
        if cached is None:
            if len(self._cache) >= _KEEP:
                self._cache.clear()
            cached = self._cache[foundations] = self._compute(foundations)
        return cached

    def lookup_heights(self, heights: list[int]) -> tuple[frozenset[int], frozenset[int]]:
        """:meth:`lookup` for the heights as a board keeps them, a list of four:
        keyed by the heights packed into an int, 4 bits each, it builds no tuple
        when it knows them (a search asks at every position)."""
        code = heights[0] | heights[1] << 4 | heights[2] << 8 | heights[3] << 12
        cached = self._packed.get(code)
        if cached is None:
            if len(self._packed) >= _KEEP:
                self._packed.clear()
            cached = self._packed[code] = self.lookup(tuple(heights))
        return cached

    def cards(self, foundations: tuple[int, ...]) -> frozenset[int]:
        """The safe cards alone."""
        return self.lookup(foundations)[0]

    def _compute(self, foundations: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
        members = junk(self._tables, foundations)
        safe = set()
        for suit, height in enumerate(foundations):
            if height == _RANKS:
                continue
            card = suit * _RANKS + height
            own_pile = all(suit * _RANKS + rank in members for rank in range(height))
            if own_pile and all(child in members for child in self._tables.children[card]):
                safe.add(card)
        return frozenset(safe), members
