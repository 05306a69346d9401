"""What may go where, and why a move is refused (SPEC §1).

How a card goes on a tableau card is the rule set's own (:mod:`yukon.engine.rulesets`);
the rest is the same for every rule set. A refusal is data: its reason's stable
code and the cards involved. The words a player reads are the catalogs' alone
(:func:`yukon.i18n.messages.refusal_message`); the engine's own text is a terse one
for a developer's traceback.

>>> str(Refusal(Reason.WRONG_COLOR, Card.parse("7H"), Card.parse("8D"), 3, rules=CLASSIC))
'wrong_color (card=7H, target=8D, column=4)'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from yukon.engine.cards import Card, Rank
from yukon.engine.rulesets import CLASSIC, RuleSet

__all__ = ["MAX_GROUP", "Reason", "Refusal", "fits_empty", "mismatch"]

MAX_GROUP: Final = 20
"""A group of more than this many cards is refused as one move."""


def fits_empty(card: Card) -> bool:
    """Whether *card* may go to an empty column: only a King may."""
    return card.rank is Rank.KING


def mismatch(rules: RuleSet, card: Card, onto: Card) -> Reason:
    """Why *card* may not go on face-up *onto*: a rank that does not fit, else the
    wrong suit (when the right card has the same colour) or the wrong colour."""
    fitting = [target for target in rules.targets(card) if target.rank == onto.rank]
    if not fitting:
        return Reason.WRONG_RANK
    if any(target.color is onto.color for target in fitting):
        return Reason.WRONG_SUIT
    return Reason.WRONG_COLOR


class Reason(enum.Enum):
    """Why the rules refuse a move; the value is the stable code the API sends."""

    UNKNOWN_CARD = "unknown_card"
    CARD_FACE_DOWN = "card_face_down"
    SAME_COLUMN = "same_column"
    TARGET_FACE_DOWN = "target_face_down"
    WRONG_COLOR = "wrong_color"
    WRONG_SUIT = "wrong_suit"
    WRONG_RANK = "wrong_rank"
    EMPTY_NEEDS_KING = "empty_needs_king"
    GROUP_TOO_LARGE = "group_too_large"
    NOT_LAST_CARD = "not_last_card"
    FOUNDATION_NEEDS_OTHER = "foundation_needs_other"
    NOT_FOUNDATION_TOP = "not_foundation_top"
    ALREADY_ON_FOUNDATION = "already_on_foundation"
    GAME_WON = "game_won"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused move: the reason and the cards involved.

    *card* is the card picked up; *target* the card it was put on (or, for a
    foundation, the card that foundation needs next, ``None`` when it is full);
    *column* the 0-based target column; *count* the size of the group.
    """

    reason: Reason
    card: Card | None = None
    target: Card | None = None
    column: int | None = None
    count: int = 1
    rules: RuleSet = CLASSIC

    def __str__(self) -> str:
        """The reason's code and the fields that are set, as :meth:`as_dict` names
        them (a group of one card goes unsaid): terse, for a developer."""
        fields = self.as_dict()
        del fields["reason"]
        if self.count == 1:
            del fields["count"]
        said = ", ".join(f"{name}={value}" for name, value in fields.items() if value is not None)
        return f"{self.reason.value} ({said})" if said else self.reason.value

    def as_dict(self) -> dict[str, object]:
        """The refusal in JSON form: the reason code and the cards in notation
        (the API adds the player's words)."""
        return {
            "reason": self.reason.value,
            "card": None if self.card is None else str(self.card),
            "target": None if self.target is None else str(self.target),
            "column": None if self.column is None else self.column + 1,
            "count": self.count,
        }
