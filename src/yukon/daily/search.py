"""The daily deal's own small search, frozen: part of the daily deal's contract.

Which deal is a date's daily deal depends on this search's verdicts
(:mod:`yukon.daily.choice`), so this module is **never edited**: the same deal
must win or fail here, within the same number of positions, on every machine and
in every future version. A change to it would be a new version of the daily
derivation, as a change to the shuffle would be a new ``YU1``. It asks the engine
only for what the SPEC freezes: the deal of a number (SPEC §2) and whether a card
may go on another under a rule set (SPEC §1); it keeps its own move order, never
the engine's or the main solver's, which improve over time.

**The search.** A depth-first search from the deal, entering each position
(every column's cards and face-down count) at most once, and giving up after
:data:`NODE_CAP` positions entered. The children of a position, in this order:

- If the last card of a column can go to its foundation and every card that may
  be put on it there is already on its foundation, that move (the leftmost
  column's) is the only child: nothing is lost by making it at once.
- Else, in five classes, each from the source columns left to right, within a
  column from its deepest face-up card up, each to the target columns left to
  right:

  1. the moves to the foundations;
  2. the moves that turn a face-down card, the columns with the most face-down
     cards first (a stable sort of this class);
  3. the moves of a column's bottom card (and all on it) onto a card;
  4. the moves of a card that lies on a face-up card it does not fit;
  5. the moves of a card that lies on a card it fits, onto a card of another
     rank than that one, or (a King) to an empty column.

  A group of more than 20 cards never moves, a King at the bottom of its column
  never moves, and no card is taken back from a foundation.

Every move it makes is legal, so the line that wins is a solution that the
engine replays to a win (:func:`yukon.daily.choice.derive` does so).

>>> from yukon.engine import RuleSet
>>> line = frozen_search(1, RuleSet.parse("relaxed"))
>>> len(line), str(line[0])
(90, 'TS>2')
>>> frozen_search(0, RuleSet.parse("russian")) is None
True
"""

from __future__ import annotations

from typing import Final

from yukon.engine.cards import DECK
from yukon.engine.deal import deal
from yukon.engine.moves import Move
from yukon.engine.rulesets import RuleSet

__all__ = ["NODE_CAP", "frozen_search"]

NODE_CAP: Final = 5_000
"""How many positions the search enters before it gives up on a deal."""
_GROUP_LIMIT: Final = 20
_KING: Final = 12  # the rank of a card index c is c % 13: 0 the Ace … 12 the King
_CARDS: Final = 52
_HOME: Final = -1  # the target of a move to the foundations

# A move is (source column, index of the group's bottom card in it, target
# column or _HOME); an undo is (source, target, group, whether a card turned).
_Step = tuple[int, int, int]


class _Rules:
    """What a rule set lets go where, as tables over card indices (SPEC §2 order)."""

    __slots__ = ("fits", "takers")

    def __init__(self, rules: RuleSet) -> None:
        self.fits = [[rules.can_stack(card, onto) for onto in DECK] for card in DECK]
        """``fits[c][o]``: whether card *c* may go on face-up card *o*."""
        self.takers = [[c for c in range(_CARDS) if self.fits[c][o]] for o in range(_CARDS)]
        """``takers[o]``: the cards that may go on card *o*."""


class _Position:
    """The position searched: columns of card indices, face-down counts, and the
    height of each foundation (♠ ♥ ♦ ♣)."""

    __slots__ = ("columns", "found", "hidden", "rules")

    def __init__(self, number: int, rules: _Rules) -> None:
        dealt = deal(number)
        self.rules = rules
        self.columns = [[card.index for card in column.cards] for column in dealt]
        self.hidden = [column.hidden for column in dealt]
        self.found = [0, 0, 0, 0]

    def key(self) -> bytes:
        return b"\xff".join(map(bytes, self.columns)) + bytes(self.hidden)

    def children(self) -> list[_Step]:
        """The moves to try from here, in the frozen order (see the module)."""
        columns, hidden, found, takers = self.columns, self.hidden, self.found, self.rules.takers
        classes: list[list[_Step]] = [[], [], [], [], []]
        for source, cards in enumerate(columns):
            if cards and found[cards[-1] // 13] == cards[-1] % 13:
                card = cards[-1]
                if all(found[taker // 13] > taker % 13 for taker in takers[card]):
                    return [(source, len(cards) - 1, _HOME)]
                classes[0].append((source, len(cards) - 1, _HOME))
        for source, cards in enumerate(columns):
            size = len(cards)
            for index in range(max(hidden[source], size - _GROUP_LIMIT), size):
                self._tableau_moves(source, index, classes)
        classes[1].sort(key=lambda step: -hidden[step[0]])
        return [step for moves in classes for step in moves]

    def _tableau_moves(self, source: int, index: int, classes: list[list[_Step]]) -> None:
        """Add the moves of the group whose bottom card is at *index* of *source*."""
        columns, fits = self.columns, self.rules.fits
        card = columns[source][index]
        support = -1  # the card it lies on, when it fits there (class 5)
        if index == 0:
            if card % 13 == _KING:
                return
            moves = classes[2]
        elif index == self.hidden[source]:
            moves = classes[1]
        elif fits[card][columns[source][index - 1]]:
            moves, support = classes[4], columns[source][index - 1]
        else:
            moves = classes[3]
        for target, cards in enumerate(columns):
            if target == source:
                continue
            if cards:
                onto = cards[-1]
                if fits[card][onto] and (support < 0 or onto % 13 != support % 13):
                    moves.append((source, index, target))
            elif card % 13 == _KING:
                moves.append((source, index, target))

    def play(self, step: _Step) -> tuple[int, int, list[int], bool]:
        """Make the move *step*; returns what :meth:`take_back` needs."""
        source, index, target = step
        cards = self.columns[source]
        group = cards[index:]
        del cards[index:]
        if target == _HOME:
            self.found[group[0] // 13] += 1
        else:
            self.columns[target].extend(group)
        turned = bool(cards) and self.hidden[source] == len(cards)
        if turned:
            self.hidden[source] -= 1
        return source, target, group, turned

    def take_back(self, undo: tuple[int, int, list[int], bool]) -> None:
        source, target, group, turned = undo
        if turned:
            self.hidden[source] += 1
        if target == _HOME:
            self.found[group[0] // 13] -= 1
        else:
            del self.columns[target][-len(group) :]
        self.columns[source].extend(group)


def frozen_search(number: int, rules: RuleSet, *, cap: int = NODE_CAP) -> tuple[Move, ...] | None:
    """The line that wins deal *number* under *rules*, as this frozen search finds
    it within *cap* positions entered; ``None`` when it finds none.

    *cap* other than :data:`NODE_CAP` is for measuring the search, never for the
    daily deal."""
    position = _Position(number, _Rules(rules))
    seen = {position.key()}
    entered = 0
    line: list[Move] = []
    undos: list[tuple[int, int, list[int], bool]] = []
    frames: list[tuple[list[_Step], list[int]]] = [(position.children(), [0])]
    while frames:
        steps, at = frames[-1]
        if at[0] == len(steps):
            frames.pop()
            if undos:
                position.take_back(undos.pop())
                line.pop()
            continue
        step = steps[at[0]]
        at[0] += 1
        undo = position.play(step)
        key = position.key()
        if key in seen:
            position.take_back(undo)
            continue
        seen.add(key)
        entered += 1
        group, target = undo[2], undo[1]
        line.append(Move(DECK[group[0]], None if target == _HOME else target))
        if target == _HOME and sum(position.found) == _CARDS:
            return tuple(line)
        if entered >= cap:
            return None
        undos.append(undo)
        frames.append((position.children(), [0]))
    return None
