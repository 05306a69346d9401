"""A proof that a position is lost: two things the goal needs at once that no
line of play makes true together, found by following facts in pairs.

The relaxed game of :mod:`yukon.solver.reach` follows facts one at a time, and
a fact once true stays true: a card laid bare stays a place to go for every
card that may go on it, so two cards can take the same place, one after the
other, without the first one ever leaving. Following *pairs* of facts counts
places: "4♥ lies on 5♠" and "4♦ lies on 5♠" are never true together, nor is
"5♠ is bare" with either. This is the critical-path heuristic h² of automated
planning (Haslum and Geffner, 2000), over the facts of a position below.

A *place* is a card or one of the seven column feet. Given a position *P*, the
places a card *x* may lie on, *places(x)*, are the cards it may be put on by
the rules, the place it lies on in *P* (if it is in the tableau), and, for a
King, every column foot. The **facts** are

- on(x, p): card *x* lies on place *p* (for *p* in *places(x)*);
- bare(p): place *p* is in the tableau and nothing lies on it (a column's
  last card, or the foot of an empty column);
- height(s, r): the foundation of suit *s* holds *r* cards (0 … 13);
- shown(x): card *x* is face up.

A position *makes true* the facts that describe it: on(x, p) for each tableau
card *x* and the place *p* it lies on, bare(p) for each column's last card or
empty column's foot, height(s, r) for each suit, shown(x) for each face-up card.
Every move of the rules is one of these **steps**, with a *need* (facts true
before), a *gain* (true after) and a *loss* (made false), every other fact
keeping its value:

1. *x* and the cards on it, from place *p* onto place *q* (in *places(x)*; a
   card *x* may be put on, or a column foot if *x* is a King): needs on(x, p),
   bare(q), shown(x); gains on(x, q), bare(p), and shown(p) if *p* is a card;
   loses on(x, p), bare(q);
2. *x* from place *p* to its foundation (of suit *s*, rank *r* counted from
   0): needs on(x, p), bare(x), shown(x), height(s, r); gains height(s, r + 1),
   bare(p), and shown(p) if *p* is a card; loses on(x, p), bare(x), height(s, r);
3. *x* back from its foundation onto place *q* (a card *x* may be put on, or a
   column foot if *x* is a King): needs height(s, r + 1), bare(q); gains
   height(s, r), on(x, q), bare(x), shown(x); loses height(s, r + 1), bare(q).

(The card a moved group leaves is the last card of its column afterwards, so
it is face up; it may have been so before: gaining a true fact changes
nothing. The cards on *x* move with it and keep lying as they did, and the
group's last card stays the last card of a column. A step the rules refuse, as
a group of more than 20 cards or a group onto its own last card, only lets the
pairs derived below grow. So do larger sets of places: the proof needs only
that each card lies on one of its places in *P* and that a move puts it on
one. The search makes them once, from the position it starts from, and asks
about positions reached from it, where a card that has moved lies on a card it
may be put on, or a King on a column foot.)

The **derived pairs** are the fewest pairs {f, g} of facts (f = g allowed: a
fact alone) closed under these rules:

1. {f, g} for every two facts *P* makes true;
2. for a step whose needs are pairwise derived (each need with each other and
   with itself): {f, g} for any two facts *f*, *g* of its gain, and {f, g} for
   each fact *f* of its gain and each fact *g* not in its gain nor its loss
   such that {g, n} is derived for every need *n* of the step.

**Claim.** Any two facts that hold together in a position reachable from *P*
(*P* itself included) form a derived pair. So when some two suits cannot be
complete together, {height(s, 13), height(t, 13)} not derived (or one of them
alone), the position is lost.

**Proof.** By induction over the moves of a line of play from *P*: every two
facts of *P* are derived (rule 1). Let a move be made from a position *Q* all
of whose pairs are derived, giving *Q'*. It is a step whose needs hold in *Q*,
so they are pairwise derived. The facts of *Q'* are the step's gain and the
facts of *Q* not in its loss. Two facts of the gain: rule 2. A fact *f* of the
gain and a fact *g* of *Q* outside the gain and the loss: *g* holds in *Q*
together with every need, so each {g, n} is derived, and so is {f, g} by rule
2. Two facts of *Q*: derived already. ∎

**Against the relaxed game** of :mod:`yukon.solver.reach`. A fact derived
here alone ({f, f}) stands for facts derived there: bare(p) for bare(p) (a
card), height(s, r) for up(c) of the suit's cards below rank *r*, on(x, p) for
left(x) when *p* is not where *x* lies in *P*, shown(x) for bare(x) when *x* is
face down in *P*. By induction over the steps, each step's needs standing for
derived facts, so do its gains (rules 2–5 there). So where that game cannot
get a card up, its suit's full height is not derived here: this proof finds
every position that one finds lost (a test checks it on small positions), and
more. In YU1 deal 17 the relaxed game gets every card up; here no foundation
gets past 2♠, 7♥, 8♦ and A♣, a height derived even alone.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> from yukon.solver.reach import unreached
>>> board = Board(Position.from_code(GameCode(CLASSIC, 17)))
>>> unreached(board), Pairs(board).lost(board)
([], True)

The facts are numbered and each fact's derived partners kept as one int, a bit
per fact, so a step's needs are checked, and its partners found, by a few
operations on ints; a pair is recorded in both of its facts' ints as it is
derived (each fact of a step's gain takes its new partners as one int, and
each new partner takes the whole gain as one), and the steps are gone over
again while a round derives anything, only those with a need whose partners
grew.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from typing import Final

from yukon.solver.board import Board
from yukon.solver.tables import CARD_COUNT, KING_RANK

__all__ = ["Pairs", "height", "leave", "up"]

_FEET: Final = 7
"""The column feet are the places ``CARD_COUNT`` … ``CARD_COUNT + 6``."""
_PLACES: Final = CARD_COUNT + _FEET
_HEIGHTS: Final = 14


class Pairs:
    """The facts and steps of the proof above for every position reachable
    from *board*'s current one (made once: a card that has moved can lie only
    on a card it may be put on, or a King on a column foot, so the places do
    not change from that position on); :meth:`lost` asks it of the board's
    position at the time."""

    __slots__ = (
        "_bare",
        "_by_need",
        "_goal",
        "_lying",
        "_on",
        "_shown",
        "_steps",
        "_targets",
        "events",
        "facts",
        "first",
    )

    def __init__(self, board: Board) -> None:
        parents = board.tables.parents
        places: list[set[int]] = [set(parents[card]) for card in range(CARD_COUNT)]
        self.first: dict[int, int] = {}
        """The place each tableau card lies on in the position the facts are
        made from."""
        for number, column in enumerate(board.columns):
            place = CARD_COUNT + number
            for card in column:
                places[card].add(place)
                self.first[card] = place
                place = card
        feet = set(range(CARD_COUNT, _PLACES))
        for card in range(KING_RANK, CARD_COUNT, 13):
            places[card] |= feet
        # Fact numbers: heights first, then bare and shown for every place and
        # card, then the on facts.
        self._goal = [suit * _HEIGHTS + 13 for suit in range(4)]
        self._bare = [4 * _HEIGHTS + place for place in range(_PLACES)]
        self._shown = [4 * _HEIGHTS + _PLACES + card for card in range(CARD_COUNT)]
        self._on: dict[tuple[int, int], int] = {}
        self._lying: list[tuple[tuple[int, int], ...]] = []
        number = 4 * _HEIGHTS + _PLACES + CARD_COUNT
        for card in range(CARD_COUNT):
            lying = []
            for place in sorted(places[card]):
                self._on[card, place] = number
                lying.append((place, number))
                number += 1
            self._lying.append(tuple(lying))
        self.facts = number
        """How many facts there are."""
        self._steps: list[tuple[list[int], int, list[int], int, int]] = []
        """Each step as its needs, their bits, its gain, its gain's bits and the
        bits of every fact outside its loss."""
        self._by_need: list[list[int]] = [[] for _ in range(self.facts)]
        self._targets: list[frozenset[int]] = []
        """The places each card may be put on (a King: every column foot too)."""
        self.events: list[int] = []
        """The events of each step, a bit each (see :func:`leave` and :func:`up`)."""

        def step(need: list[int], gain: list[int], loss: list[int], events: int = 0) -> None:
            for fact in set(need):
                self._by_need[fact].append(len(self._steps))
            entry = (sorted(set(need)), _bits(need), sorted(set(gain)), _bits(gain), ~_bits(loss))
            self._steps.append(entry)
            self.events.append(events)

        for card in range(CARD_COUNT):
            suit, rank = divmod(card, 13)
            below = suit * _HEIGHTS + rank
            targets = [*parents[card], *(range(CARD_COUNT, _PLACES) if rank == KING_RANK else ())]
            self._targets.append(frozenset(targets))
            for place in places[card]:
                on = self._on[card, place]
                freed = [self._bare[place]]
                if place < CARD_COUNT:
                    freed.append(self._shown[place])
                left = 1 << leave(card) if self.first.get(card) == place else 0
                for target in targets:  # step 1
                    if target != place:
                        need = [on, self._bare[target], self._shown[card]]
                        gain = [self._on[card, target], *freed]
                        step(need, gain, [on, self._bare[target]], left)
                needs = [on, self._bare[card], below]  # step 2
                step([*needs, self._shown[card]], [below + 1, *freed], needs, left | 1 << up(card))
            for target in targets:  # step 3
                back = [below + 1, self._bare[target]]
                gain = [below, self._on[card, target], self._bare[card], self._shown[card]]
                step(back, gain, back)

    def facts_of(self, board: Board) -> list[int]:
        """The facts *board*'s position makes true."""
        facts = [suit * _HEIGHTS + height for suit, height in enumerate(board.foundations)]
        on, bare, shown, down = self._on, self._bare, self._shown, board.down
        for number, column in enumerate(board.columns):
            place = CARD_COUNT + number
            for card in column:
                facts.append(on[card, place])
                if not down[card]:
                    facts.append(shown[card])
                place = card
            facts.append(bare[place])
        return facts

    def derived(self, board: Board, barred: int = 0) -> list[int]:
        """The derived pairs from *board*'s position: bit *g* of item *f* is set
        when {f, g} is derived. With *barred* (events, a bit each), rule 2 only
        for the steps that carry none of them: the pairs derived *without*
        those events (see :mod:`yukon.solver.orders`)."""
        return self.derived_from(self.facts_of(board), barred)

    def derived_from(self, start: list[int], barred: int = 0) -> list[int]:
        """:meth:`derived` from a position given by its facts (:meth:`facts_of`)."""
        together = _bits(start)
        partners = [0] * self.facts
        for fact in start:
            partners[fact] = together
        steps, by_need, events = self._steps, self._by_need, self.events
        todo: list[int] | range = range(len(steps))
        if barred:
            todo = [number for number in todo if not events[number] & barred]
        while todo:
            grown = 0  # the facts whose partners grew, a bit each
            for number in todo:
                need, bits, gain, gained, kept = steps[number]
                common = -1
                for fact in need:
                    known = partners[fact]
                    if known & bits != bits:
                        break
                    common &= known
                else:
                    common = common & kept | gained
                    fresh = 0
                    for fact in gain:
                        new = common & ~partners[fact]
                        if new:
                            partners[fact] |= new
                            fresh |= new
                    if fresh:
                        # Every fact of common is now a partner of every fact
                        # of the gain: the other half of each pair, at once.
                        grown |= fresh | gained
                        for other in _set_bits(fresh):
                            partners[other] |= gained
            found: set[int] = set()
            for fact in _set_bits(grown):
                found.update(by_need[fact])
            todo = sorted(found)
            if barred:
                todo = [number for number in todo if not events[number] & barred]
        return partners

    def possible(self, partners: list[int]) -> int:
        """The events (a bit each) of the steps whose needs are pairwise in
        *partners*, including steps left out of :meth:`derived` for the events
        they carry."""
        events = 0
        for (need, bits, *_), carried in zip(self._steps, self.events, strict=True):
            if carried & ~events and all(partners[fact] & bits == bits for fact in need):
                events |= carried
        return events

    def needs(self, event: int, partners: list[int]) -> list[int]:
        """The needs (bits) of each step that carries *event* and whose needs
        are pairwise in *partners*."""
        bit = 1 << event
        return [
            bits
            for (need, bits, *_), carried in zip(self._steps, self.events, strict=True)
            if carried & bit and all(partners[fact] & bits == bits for fact in need)
        ]

    def may_go_on(self, card: int, place: int) -> bool:
        """Whether a move may put *card* on *place* (steps 1 and 3)."""
        return place in self._targets[card]

    def lying(self, card: int) -> tuple[tuple[int, int], ...]:
        """The places *card* may lie on, each with its fact on(card, place)."""
        return self._lying[card]

    def on(self, card: int, place: int) -> int:
        """The fact on(card, place)."""
        return self._on[card, place]

    def bare(self, place: int) -> int:
        """The fact bare(place)."""
        return self._bare[place]

    def shown(self, card: int) -> int:
        """The fact shown(card)."""
        return self._shown[card]

    def lost(self, board: Board) -> bool:
        """Whether *board*'s position is lost by the claim above: some two suits
        (or one) cannot be completed together."""
        partners = self.derived(board)
        goal = self._goal
        return any(not partners[f] >> g & 1 for f in goal for g in goal)


def height(suit: int, cards: int) -> int:
    """The fact height(suit, cards)."""
    return suit * _HEIGHTS + cards


def leave(card: int) -> int:
    """The event *card* leaves the place it lies on in the position the facts
    are made from: carried by the steps 1 and 2 of *card* from that place."""
    return card


def up(card: int) -> int:
    """The event *card* goes up (its suit's foundation reaches the height just
    above it): carried by its steps 2."""
    return CARD_COUNT + card


_FLAGS: Final = bytes.maketrans(b"01", b"\0\1")


def _set_bits(bits: int) -> Iterator[int]:
    """The numbers of the set bits of *bits* (not negative), lowest first.

    The bits are read from the number's binary digits in one pass in C: a
    loop taking the lowest bit off, one at a time, costs as much again for
    each bit, and derivations read hundreds of bits at a time (a few bits
    of a wide int are read faster one at a time: ``orders._numbers``)."""
    flags = bin(bits)[:1:-1].encode().translate(_FLAGS)
    return compress(range(len(flags)), flags)


def _bits(facts: list[int]) -> int:
    bits = 0
    for fact in facts:
        bits |= 1 << fact
    return bits
