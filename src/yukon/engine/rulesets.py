"""The rule sets of the Yukon family, as values, and the one registry of them.

A rule set is what a variant changes and nothing more: its code letter, its
stable id, and how a card goes on a face-up tableau card. Everything else (the
deal, unordered groups, Kings alone to empty columns, take-backs, the group
limit, scoring) is Yukon's and the same for all (SPEC §1). Every layer asks
:data:`RULE_SETS` or :meth:`RuleSet.parse` for the list and the names; nothing
else names a rule set.

>>> seven = Card.parse("7H")
>>> [rules.letter for rules in RULE_SETS if rules.can_stack(seven, Card.parse("8D"))]
['R']
>>> [str(card) for card in CLASSIC.targets(seven)], [str(card) for card in RUSSIAN.targets(seven)]
(['8S', '8C'], ['8H'])
>>> [str(card) for card in ALASKA.targets(seven)]
['8H', '6H']
>>> RuleSet.parse(" alaska "), RuleSet.parse("c")
(RuleSet.parse('A'), RuleSet.parse('C'))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from yukon.engine.cards import DECK, Card, Color
from yukon.engine.errors import CodeProblem, InvalidCodeError

__all__ = ["ALASKA", "CLASSIC", "RELAXED", "RULE_SETS", "RUSSIAN", "RuleSet"]


@dataclass(frozen=True, slots=True, eq=False)
class RuleSet:
    """One rule set: compared by identity, since the registry holds the only copy
    of each (pickling, for the solver's worker processes, keeps that)."""

    letter: str
    """The letter in game codes (``YU1-C-…``) and in storage: frozen forever."""
    id: str
    """The stable lower-case name the API, the CLI and the catalogs use."""
    stacks: Callable[[Card, Card], bool]
    """Whether a card may go on a face-up card whose rank is next to its own."""
    wording: Callable[[Card], str]
    """Which words say where a card goes: ``refusal.goes_on_{wording}`` in the catalogs."""
    _targets: tuple[tuple[Card, ...], ...] = field(init=False, repr=False)
    _accepts: tuple[frozenset[int], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        targets = tuple(
            tuple(sorted((onto for onto in DECK if self.can_stack(card, onto)), key=_higher_first))
            for card in DECK
        )
        accepts = tuple(
            frozenset(card.index for card in DECK if self.can_stack(card, onto)) for onto in DECK
        )
        object.__setattr__(self, "_targets", targets)
        object.__setattr__(self, "_accepts", accepts)

    def can_stack(self, card: Card, onto: Card) -> bool:
        """Whether *card* may go on face-up *onto* under these rules."""
        return abs(onto.rank - card.rank) == 1 and self.stacks(card, onto)

    def targets(self, card: Card) -> tuple[Card, ...]:
        """The cards *card* may go on, highest rank first: 7♥ on 8♠ or 8♣ (Classic)."""
        return self._targets[card.index]

    def accepts(self, onto: Card) -> frozenset[int]:
        """The indices of the cards that may go on *onto* (for fast move generation)."""
        return self._accepts[onto.index]

    @classmethod
    def parse(cls, text: str, *, letter: bool = False) -> RuleSet:
        """The rule set of a letter or (unless *letter* is set) an id, in any case,
        white space ignored: the one lookup.

        :raises InvalidCodeError: for anything else, listing what there is.
        """
        key = text.strip().lower() if isinstance(text, str) else ""
        for rules in RULE_SETS:
            if key == rules.letter.lower() or (key == rules.id and not letter):
                return rules
        choices = ", ".join(f"{rules.letter!r} ({rules.id})" for rules in RULE_SETS)
        raise InvalidCodeError(f"unknown rules {text!r}: use {choices}", CodeProblem.RULES)

    def __reduce__(self) -> tuple[Callable[[str], RuleSet], tuple[str]]:
        return RuleSet.parse, (self.letter,)

    def __repr__(self) -> str:
        return f"RuleSet.parse({self.letter!r})"

    def __str__(self) -> str:
        return self.id


def _higher_first(card: Card) -> int:
    return -card.rank


def _one_higher(card: Card, onto: Card) -> bool:
    return onto.rank == card.rank + 1


def _colour_word(card: Card) -> str:
    return "black" if card.color is Color.RED else "red"


CLASSIC: Final = RuleSet(
    "C",
    "classic",
    lambda card, onto: _one_higher(card, onto) and onto.color is not card.color,
    _colour_word,
)
RELAXED: Final = RuleSet("R", "relaxed", _one_higher, lambda card: "any")

RUSSIAN: Final = RuleSet(
    "S",
    "russian",
    lambda card, onto: _one_higher(card, onto) and onto.suit is card.suit,
    lambda card: "suit_higher",
)
ALASKA: Final = RuleSet(
    "A", "alaska", lambda card, onto: onto.suit is card.suit, lambda card: "suit_next"
)

RULE_SETS: Final = (CLASSIC, RELAXED, RUSSIAN, ALASKA)
"""Every rule set, in the order the New game window offers them; Classic first,
the default."""
