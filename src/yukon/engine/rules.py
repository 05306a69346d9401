"""What may go where, and why a move is refused (SPEC §1).

How a card goes on a tableau card is the rule set's own (:mod:`yukon.engine.rulesets`);
the rest is the same for every rule set.

>>> Refusal(Reason.WRONG_COLOR, Card.parse("7H"), Card.parse("8D"), 3, rules=CLASSIC).message
'7♥ goes on 8♠ or 8♣, not on 8♦'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
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

    @property
    def message(self) -> str:
        """The rule in plain English, naming the cards."""
        return _MESSAGES[self.reason](self)

    def as_dict(self) -> dict[str, object]:
        """The refusal in JSON form: the reason code and the cards in notation."""
        return {
            "reason": self.reason.value,
            "card": None if self.card is None else str(self.card),
            "target": None if self.target is None else str(self.target),
            "column": None if self.column is None else self.column + 1,
            "count": self.count,
            "message": self.message,
        }


def _goes_on(refusal: Refusal) -> str:
    card = refusal.card
    assert card is not None
    options = refusal.rules.targets(card)
    if not options:
        return f"{card.symbol} is a King: it can only go to an empty column"
    listed = " or ".join(option.symbol for option in options)
    return f"{card.symbol} goes on {listed}"


def _on_target(refusal: Refusal) -> str:
    placed = "" if refusal.target is None else f", not on {refusal.target.symbol}"
    return _goes_on(refusal) + placed


def _foundation_needs(refusal: Refusal) -> str:
    card = refusal.card
    assert card is not None
    if refusal.target is None:
        return f"the {card.suit.symbol} foundation is complete"
    return (
        f"the {card.suit.symbol} foundation needs {refusal.target.symbol} next, not {card.symbol}"
    )


def _symbol(card: Card | None) -> str:
    return "?" if card is None else card.symbol


_MESSAGES: Final[dict[Reason, Callable[[Refusal], str]]] = {
    Reason.UNKNOWN_CARD: lambda r: "there is no such card",
    Reason.CARD_FACE_DOWN: lambda r: "a face-down card cannot be moved",
    Reason.SAME_COLUMN: lambda r: f"{_symbol(r.card)} is already in that column",
    Reason.TARGET_FACE_DOWN: lambda r: "cards cannot go on a face-down card",
    Reason.WRONG_COLOR: _on_target,
    Reason.WRONG_SUIT: _on_target,
    Reason.WRONG_RANK: _on_target,
    Reason.EMPTY_NEEDS_KING: lambda r: (
        f"only a King may go to an empty column, not {_symbol(r.card)}"
    ),
    Reason.GROUP_TOO_LARGE: lambda r: (
        f"a group of {r.count} cards is too large: at most {MAX_GROUP} cards move at once"
    ),
    Reason.NOT_LAST_CARD: lambda r: (
        f"only the last card of a column may go to a foundation, and {_symbol(r.card)}"
        " has cards on it"
    ),
    Reason.FOUNDATION_NEEDS_OTHER: _foundation_needs,
    Reason.NOT_FOUNDATION_TOP: lambda r: (
        f"only the top card of a foundation may be taken back, not {_symbol(r.card)}"
    ),
    Reason.ALREADY_ON_FOUNDATION: lambda r: f"{_symbol(r.card)} is already on its foundation",
    Reason.GAME_WON: lambda r: "the game is won: every card is on the foundations",
}
