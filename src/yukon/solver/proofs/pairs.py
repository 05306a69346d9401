"""A proof that a position is lost: two things the goal needs at once that no line of play
makes true together, found by following facts in pairs (the heuristic h² of planning).

The facts are on(x, p) (card *x* lies on place *p*, a card or a column foot), bare(p),
height(s, r) (suit *s*'s foundation holds *r* cards) and shown(x); every move is a step with
needs, gains and losses. The derived pairs are the fewest closed under: every two facts of the
position; for a step whose needs are pairwise derived, each two of its gains, and each gain with
each fact it keeps that is derived with every need. Why it holds: by induction over a line of
play, any two facts true together are a derived pair; so when two suits' full heights (or one)
are not, no line wins. It finds every position :mod:`yukon.solver.proofs.reach` finds lost, and
more. docs/solver.md gives the steps and the proof in full, with YU1 deal 17.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> from yukon.solver.proofs.reach import unreached
>>> board = Board(Position.from_code(GameCode(CLASSIC, 17)))
>>> unreached(board), Pairs(board).lost(board)
([], True)
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from itertools import compress
from typing import TYPE_CHECKING, Final

from yukon.solver.board import Board
from yukon.solver.build import is_compiled
from yukon.solver.tables import CARD_COUNT, KING_RANK

if TYPE_CHECKING:
    from yukon.solver.proofs.closure import Closure

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
        "_closure",
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
        self.first: dict[int, int] = {}
        """The place each tableau card lies on in the position the facts are
        made from."""
        places = self._places(board)
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
        self._make_steps(parents, places)
        self._closure = _native_closure(self)
        """The same derivations in machine words, in the compiled build only."""

    def _places(self, board: Board) -> list[set[int]]:
        """The places each card may lie on: the cards it may be put on, its place in *board*'s
        position (noted in :attr:`first`) and, for a King, every column foot."""
        places: list[set[int]] = [set(board.tables.parents[card]) for card in range(CARD_COUNT)]
        for number, column in enumerate(board.columns):
            place = CARD_COUNT + number
            for card in column:
                places[card].add(place)
                self.first[card] = place
                place = card
        feet = set(range(CARD_COUNT, _PLACES))
        for card in range(KING_RANK, CARD_COUNT, 13):
            places[card] |= feet
        return places

    def _step(self, need: list[int], gain: list[int], loss: list[int], events: int = 0) -> None:
        """Add a step of the proof above."""
        for fact in set(need):
            self._by_need[fact].append(len(self._steps))
        entry = (sorted(set(need)), _bits(need), sorted(set(gain)), _bits(gain), ~_bits(loss))
        self._steps.append(entry)
        self.events.append(events)

    def _make_steps(self, parents: tuple[tuple[int, ...], ...], places: list[set[int]]) -> None:
        """Every step 1, 2 and 3 of the proof above, of every card."""
        step = self._step
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
        those events (see :mod:`yukon.solver.proofs.orders`)."""
        return self.derived_from(self.facts_of(board), barred)

    def derived_from(self, start: list[int], barred: int = 0) -> list[int]:
        """:meth:`derived` from a position given by its facts (:meth:`facts_of`)."""
        if self._closure is not None:
            return self._closure.partners(start, barred)
        return self.derived_in_ints(start, barred)

    def derived_in_ints(self, start: list[int], barred: int = 0) -> list[int]:
        """:meth:`derived_from` in wide ints, a fact's partners in one (the pure build's)."""
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

    def closure(self, kind: type[Closure]) -> Closure:
        """These steps for :class:`~yukon.solver.proofs.closure.Closure` (*kind*)."""
        steps = self._steps
        return kind(
            self.facts,
            [need for need, *_ in steps],
            [gain for _, _, gain, _, _ in steps],
            [kept & ((1 << self.facts) - 1) for *_, kept in steps],
            self.events,
        )

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
        if self._closure is not None:
            return not self._closure.together(self.facts_of(board), self._goal)
        return bool(self.unfinished(board))

    def unfinished(self, board: Board) -> list[int]:
        """The suits (numbers) of *board*'s position that cannot be completed together with
        some suit (or alone): none unless it is lost."""
        partners = self.derived(board)
        goal = self._goal
        return [
            suit
            for suit, f in enumerate(goal)
            if any(not partners[f] >> g & 1 or not partners[g] >> f & 1 for g in goal)
        ]


def _native_closure(pairs: Pairs) -> Closure | None:
    """*pairs*' steps for :mod:`yukon.solver.proofs.closure` when the build compiled it: the
    interpreter runs that module ten times slower than the wide ints here, and the pure build's
    own install (requirements/run.txt) has no ``librt``, which it imports."""
    try:
        module = importlib.import_module("yukon.solver.proofs.closure")
    except ImportError:
        return None
    if not is_compiled(module.__name__):
        return None
    return pairs.closure(module.Closure)


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
