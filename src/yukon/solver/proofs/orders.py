"""A proof that a position is lost: something every win needs that can never happen, found by
the order things must happen in, and by what the position must be just before each.

Every win needs the *events* leave(x) (each tableau card leaves its place) and up(x) (each card
not up goes up). *After(G)*, the events that can only come after *G*, grows by: an event not
possible in the pairs of :mod:`yukon.solver.proofs.pairs` derived without the steps of *G* and
*After(G)* comes after *G*; and after is transitive. An event never happens when it comes after
itself, is not possible without itself and its after set, or (way 3) no layout of the cards just
before it (one place per card, pairwise derived facts, cards kept off places they have left and
may not go back to) exists; rule 3 (``deep``) adds orders read off those layouts. Why it holds:
up to the first move carrying an event, the pairs argument holds without the events barred.
docs/solver.md gives the rules and their proofs in full, with YU1 deals 166, 1689 and 75.

>>> from yukon.engine import CLASSIC, Card, GameCode, Position
>>> from yukon.solver.proofs.pairs import leave
>>> board = Board(Position.from_code(GameCode(CLASSIC, 166)))
>>> Pairs(board).lost(board), Orders(board).never() == [leave(Card.parse("6♦").index)]
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from yukon.solver.board import Board
from yukon.solver.proofs.pairs import Pairs, height, leave, up
from yukon.solver.tables import CARD_COUNT

__all__ = ["NODES", "WIDE_NODES", "Layout", "Orders"]

NODES: Final = 5_000
"""How many partial assignments the search for one tries before it gives up
(and counts one as found); docs/solver.md has the measurements behind it."""
WIDE_NODES: Final = 50_000
"""As many for :meth:`Orders.widen`: ten times the work of a search that gives up."""
_EVENTS: Final = 2 * CARD_COUNT


class Orders:
    """The orders of the events from *board*'s position (its current one, which
    the facts are made from and kept), and the events that never happen.

    *stop*, asked between derivations, ends the work early: every order found
    until then holds, and so does every event found never to happen.
    """

    __slots__ = (
        "_asked",
        "_deep",
        "_frame",
        "_most",
        "_never",
        "_partners",
        "_start",
        "_stay_off",
        "_stop",
        "after",
        "needed",
        "pairs",
    )

    def __init__(self, board: Board, stop: Callable[[], bool] = lambda: False) -> None:
        self.pairs = Pairs(board)
        self._start = self.pairs.facts_of(board)
        self._stop = stop
        tableau = [card for column in board.columns for card in column]
        heights = board.foundations
        self.needed = sum(1 << leave(card) for card in tableau) | sum(
            1 << up(card) for card in range(CARD_COUNT) if card % 13 >= heights[card // 13]
        )
        """The events every win needs, a bit each."""
        self.after = [0] * _EVENTS
        """After(G) for each event G, a bit per event."""
        self._never: list[int] | None = None
        self._partners: dict[int, list[int]] = {}
        """The pairs derived without {G} ∪ After(G) for each event G, for
        the after sets as they stand."""
        self._frame: _Frame | None = None
        self._asked = dict.fromkeys(_numbers(self.needed), -1)
        """Each event's after set when its pairs were last derived."""
        self._deep: list[int] | None = None
        self._most = NODES
        """How many partial assignments a layout's search tries before it gives up."""
        self._stay_off = [
            (leave(card), self.pairs.on(card, place))
            for card, place in self.pairs.first.items()
            if not self.pairs.may_go_on(card, place)
        ]
        """For each card that may not be put back on its place, its leave event
        and the value of its lying there (see way 3)."""

    def never(self, deep: bool = False) -> list[int]:
        """The needed events that never happen (by the three ways of the
        proof), in order: any at all proves the position lost. Found once.

        *deep* orders events by rule 3 as well, when the other rules find
        none: several times the work, asked of a position only when it is
        worth it."""
        if self._never is None:
            never = self._order()
            for event in _numbers(self.needed & ~never):
                if self._stop():
                    break
                if not self._laid_out(event):
                    never |= 1 << event
            self._never = _numbers(never)
        if not deep or self._never:
            return self._never
        if self._deep is None:
            self._deep = _numbers(self._deepen())
        return self._deep

    def widen(self) -> list[int]:
        """The needed events that never happen when the searches of way 3 and rule 3 try up to
        :data:`WIDE_NODES` assignments before they give up: :meth:`never`, deep, asked again.
        The after sets already built hold (a search that gave up ordered nothing), so only way 3
        and rule 3 are asked again, on the pairs already derived."""
        self._most = WIDE_NODES
        self._never = self._deep = None
        return self.never(deep=True)

    def lost(self, deep: bool = False) -> bool:
        """Whether some needed event never happens (*deep* as for :meth:`never`)."""
        return bool(self.never(deep))

    def _deepen(self) -> int:
        """Rule 3, then rules 1 and 2 and way 3 again with the orders it adds,
        until nothing changes or some event is found never to happen (a bit
        each)."""
        after, needed = self.after, self.needed
        # Each event's after set and values left out when way 3 passed and when
        # rule 3 was asked: the same again would find the same.
        laid_out = {event: (after[event], self.gone(event)) for event in _numbers(needed)}
        ruled: dict[int, tuple[int, int]] = {}
        while not self._stop():
            added = False
            for event in _numbers(needed):
                asked = (after[event], self.gone(event))
                if ruled.get(event) == asked:
                    continue  # same pairs, same layouts: nothing new
                ruled[event] = asked
                for earlier in _numbers(self._before(event)):
                    after[earlier] |= 1 << event
                    added = True
                if self._stop():
                    return 0
            if not added:
                break
            never = self._order()
            for event in _numbers(needed & ~never):
                if self._stop():
                    break
                asked = (after[event], self.gone(event))
                if laid_out[event] != asked:
                    laid_out[event] = asked
                    if not self._laid_out(event):
                        never |= 1 << event
            if never:
                return never
        return 0

    def _order(self) -> int:
        """Build the after sets (rules 1 and 2); the events found never to
        happen on the way (ways 1 and 2), a bit each."""
        pairs, start, after, needed = self.pairs, self._start, self.after, self.needed
        never = 0
        asked = self._asked
        while not self._stop():
            todo = [event for event, barred in asked.items() if barred != after[event]]
            if not todo:
                break
            for event in todo:
                barred = 1 << event | after[event]
                partners = pairs.derived_from(start, barred)
                possible = pairs.possible(partners)
                self._partners[event] = partners
                asked[event] = after[event]
                if not possible >> event & 1:
                    never |= 1 << event
                after[event] |= needed & ~possible & ~(1 << event)
                if self._stop():
                    break
            grew = True
            while grew:
                grew = False
                for event in asked:
                    closed = after[event]
                    for later in _numbers(after[event]):
                        closed |= after[later]
                    if closed != after[event]:
                        after[event] = closed
                        grew = True
        for event in asked:
            if after[event] >> event & 1:
                never |= 1 << event
            if asked[event] != after[event]:
                self._partners.pop(event, None)  # stopped before asked again
        return never

    def layout(self, event: int) -> Layout | None:
        """The assignments of way 3 for *event*, once :meth:`never` has built
        the after sets (``None`` if it was stopped before)."""
        partners = self._partners.get(event)
        if partners is None:
            return None
        if self._frame is None:
            self._frame = _Frame(self.pairs)
        return Layout(self._frame, partners, self._most)

    def _laid_out(self, event: int) -> bool:
        """Whether, for some step carrying *event*, the position just before
        could be laid out (way 3), or the search gave up: ``True`` if not asked."""
        layout = self.layout(event)
        if layout is None:
            return True
        among = ~self.gone(event)
        return any(layout.found(bits, among) for bits in self.pairs.needs(event, layout.partners))

    def gone(self, event: int) -> int:
        """The values no assignment of way 3 for *event* has: a card lying on
        its place when it has left it before and may not be put back (bits)."""
        after = self.after
        gone = 0
        for left, value in self._stay_off:
            if after[left] >> event & 1:
                gone |= 1 << value
        return gone

    def _before(self, event: int) -> int:
        """Rule 3: the events not yet ordered before *event* that have happened
        in every assignment of way 3 for it, a bit each (none if not asked)."""
        layout = self.layout(event)
        if layout is None:
            return 0
        not_yet, variables = layout.frame.not_yet, layout.frame.variables
        kept = ~self.gone(event)
        # An event after *event* has not happened before it in any assignment.
        forced = self.needed & ~(1 << event) & ~self.after[event]
        for other in _numbers(forced):
            if self.after[other] >> event & 1:
                forced &= ~(1 << other)
        for bits in self.pairs.needs(event, layout.partners):
            # Each assignment found shows the events it has not happened in
            # are not forced: ask first holding no event back, then holding
            # each event left to its values of "not yet".
            left, held = forced, -1
            while left:
                among = kept
                if held >= 0:
                    among &= ~(variables[held % CARD_COUNT] & ~not_yet[held])
                prefer = 0
                for other in _numbers(left):
                    prefer |= not_yet[other]
                values = layout.witness(bits, among, prefer)
                if values is None:
                    if held < 0:
                        break  # no assignment at all: this step forces every event
                    left &= ~(1 << held)  # forced through this step
                else:
                    for other in _numbers(left):
                        if not_yet[other] & values:
                            left &= ~(1 << other)
                            forced &= ~(1 << other)
                held = (left & -left).bit_length() - 1
            if not forced:
                break
        return forced


class _Frame:
    """What the layouts of one position share, whatever the pairs: the
    variables (cards first, then suits) and, for each value, a mask of the
    values the pairs may let it go with and the values it goes with anyway:
    its compatible values are ``partners[value] & keep | also`` (an up value
    is no fact, so ``also`` alone)."""

    __slots__ = ("facts", "masks", "not_yet", "variables")

    def __init__(self, pairs: Pairs) -> None:
        facts = self.facts = pairs.facts
        ups = [facts + card for card in range(CARD_COUNT)]
        every_up = sum(1 << bit for bit in ups)
        suit_heights = [sum(1 << height(suit, h) for h in range(14)) for suit in range(4)]
        on_bits = [sum(1 << fact for _, fact in pairs.lying(card)) for card in range(CARD_COUNT)]
        covering: dict[int, int] = {}  # for each place, the facts on(x, place)
        for card in range(CARD_COUNT):
            for place, fact in pairs.lying(card):
                covering[place] = covering.get(place, 0) | 1 << fact
        self.variables: list[int] = []
        self.masks: dict[int, tuple[int, int]] = {}
        for card in range(CARD_COUNT):
            suit, rank = divmod(card, 13)
            above = sum(1 << height(suit, h) for h in range(rank + 1, 14))
            same = range(suit * 13, suit * 13 + 13)
            higher_up = sum(1 << ups[other] for other in same if other % 13 > rank)
            lower_on = sum(on_bits[other] for other in same if other % 13 < rank)
            for place, fact in pairs.lying(card):
                # Not up, nor the card it lies on, nor a card of its suit above
                # it; no other card on its place.
                compatible = every_up & ~(1 << ups[card]) & ~higher_up
                if place < CARD_COUNT:
                    compatible &= ~(1 << ups[place])
                others = covering[place] & ~(1 << fact)
                self.masks[fact] = (~above & ~others, compatible)
            below = suit_heights[suit] & ~above
            not_with = on_bits[card] | covering.get(card, 0) | below | lower_on
            not_with |= 1 << pairs.bare(card) | 1 << pairs.shown(card)
            self.masks[ups[card]] = (0, ((1 << facts) - 1) & ~not_with | every_up)
            self.variables.append(on_bits[card] | 1 << ups[card])
        for suit in range(4):
            same = range(suit * 13, suit * 13 + 13)
            for cards in range(14):
                down = sum(on_bits[other] for other in same if other % 13 < cards)
                not_up = sum(1 << ups[other] for other in same if other % 13 >= cards)
                self.masks[height(suit, cards)] = (~down, every_up & ~not_up)
            self.variables.append(suit_heights[suit])
        self.not_yet = [0] * _EVENTS
        """For each event, its card's values in an assignment it has not
        happened in: its place in the position (leave), any but up (up)."""
        for card, place in pairs.first.items():
            self.not_yet[leave(card)] = 1 << pairs.on(card, place)
        for card in range(CARD_COUNT):
            self.not_yet[up(card)] = self.variables[card] & ~(1 << ups[card])


class Layout:
    """The search for an assignment of way 3, over one int of bits: bit *f* for
    each fact value on(x, p) or height(s, h), and bit ``facts + x`` for "x is
    up"; :attr:`_with` holds each value's compatible values."""

    __slots__ = (
        "_facts",
        "_most",
        "_nodes",
        "_values",
        "_variables",
        "_with",
        "frame",
        "gave_up",
        "partners",
    )

    def __init__(self, frame: _Frame, partners: list[int], nodes: int = NODES) -> None:
        self.frame = frame
        """What the layouts of the position share."""
        self.partners = partners
        """The pairs derived without the barred events."""
        facts = self._facts = frame.facts
        self._variables = frame.variables
        self._with = {
            value: (partners[value] & keep if value < facts else 0) | also
            for value, (keep, also) in frame.masks.items()
        }
        # A fact value must be derived alone.
        self._values = sum(
            1 << value for value in self._with if value >= facts or partners[value] >> value & 1
        )
        self._nodes = 0
        self._most = nodes
        """How many partial assignments a search tries before it gives up."""
        self.gave_up = False
        """Whether the last search gave up."""

    @property
    def bits(self) -> int:
        """How many bits the values take: the facts, then one per card up."""
        return self._facts + CARD_COUNT

    def values_of(self, board: Board, pairs: Pairs) -> list[int]:
        """The values *board*'s position gives the variables (*pairs* made from
        the same position as this layout's)."""
        places = {card: place for place, card in _lying_on(board)}
        values = []
        for card in range(CARD_COUNT):
            place = places.get(card)
            if place is None:
                values.append(self._facts + card)
            else:
                values.append(pairs.on(card, place))
        values.extend(height(suit, cards) for suit, cards in enumerate(board.foundations))
        return values

    def admits(self, values: list[int], needs: int) -> bool:
        """Whether *values* (one per variable) meet every constraint, with the
        facts of *needs*."""
        if any(not self._values >> value & 1 for value in values):
            return False
        wanted = sum(1 << value for value in values) | needs
        return all(not wanted & ~(self._with[value] | 1 << value) for value in values)

    def found(self, needs: int, among: int = -1) -> bool:
        """Whether an assignment goes with every fact of *needs* (or the search
        gave up), of values in *among* (bits, as :attr:`_with`'s) only."""
        return self.witness(needs, among) is not None

    def witness(self, needs: int, among: int = -1, prefer: int = 0) -> int | None:
        """An assignment as :meth:`found` asks (its values as bits, tried in
        *prefer* first), ``None`` if there is none, or -1 (every value) if the
        search gave up."""
        alive = 0
        for value in _numbers(self._values & among):
            if self._with[value] & needs == needs:
                alive |= 1 << value
        consistent = self._consistent(alive)
        if consistent is None:
            return None
        self._nodes = 0
        self.gave_up = False
        try:
            return self._extend(consistent, list(range(len(self._variables))), prefer)
        except _GaveUpError:
            self.gave_up = True
            return -1

    def _consistent(self, alive: int) -> int | None:
        """*alive* less every value some other variable has no value to go
        with; ``None`` when a variable is left without any.

        Each pass looks at every value again. Looking, after the first pass,
        only at the values that go with one just taken away was tried, also
        starting each ask from the fixed point of all the layout's values: no
        faster (9.0–9.9 s against 8.8–9.2 s for the deep orders of deals 75 and
        1689), as the first pass, which both must make, is most of the work."""
        variables, with_ = self._variables, self._with
        changed = True
        while changed:
            changed = False
            for number, mine in enumerate(variables):
                values = alive & mine
                if not values:
                    return None
                others = variables[:number] + variables[number + 1 :]
                for value in _numbers(values):
                    support = with_[value] & alive
                    if not all(map(support.__and__, others)):
                        alive &= ~(1 << value)
                        changed = True
        return alive

    def _extend(self, alive: int, free: list[int], prefer: int) -> int | None:
        self._nodes += 1
        if self._nodes > self._most:
            raise _GaveUpError
        if not free:
            return alive
        variables = self._variables
        counts = [(alive & variables[number]).bit_count() for number in free]
        at = counts.index(min(counts))  # the variable with the fewest values
        rest = free[:at] + free[at + 1 :]
        masks = [variables[number] for number in rest]
        mine = variables[free[at]]
        values = alive & mine
        for value in _numbers(values & prefer) + _numbers(values & ~prefer):
            narrowed = alive & self._with[value] & ~mine | 1 << value
            if all(map(narrowed.__and__, masks)):
                found = self._extend(narrowed, rest, prefer)
                if found is not None:
                    return found
        return None


class _GaveUpError(Exception):
    """The search for an assignment tried as many of them as it may."""


def _numbers(bits: int) -> list[int]:
    """The numbers of the set bits of *bits*, lowest first.

    One bit at a time, unlike :mod:`yukon.solver.proofs.pairs`' reading of every
    binary digit: the sets here are mostly a few values of one variable in
    an int of over a thousand bits, where that costs more (the deep orders
    of YU1 deal 75 took 5 % longer with it)."""
    numbers = []
    while bits:
        lowest = bits & -bits
        numbers.append(lowest.bit_length() - 1)
        bits ^= lowest
    return numbers


def _lying_on(board: Board) -> list[tuple[int, int]]:
    """Each tableau card's place (a card or a column foot) and the card."""
    pairs = []
    for number, column in enumerate(board.columns):
        place = CARD_COUNT + number
        for card in column:
            pairs.append((place, card))
            place = card
    return pairs
