"""What may go where, and why a move is refused (SPEC §1).

>>> seven, eight = Card.parse("7H"), Card.parse("8S")
>>> can_stack(Rules.CLASSIC, seven, eight), can_stack(Rules.CLASSIC, seven, Card.parse("8D"))
(True, False)
>>> can_stack(Rules.RELAXED, seven, Card.parse("8D"))
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from yukon.engine.cards import DECK, Card, Color, Rank, Suit
from yukon.engine.codes import Rules

__all__ = ["MAX_GROUP", "Reason", "Refusal", "Rules", "can_stack", "fits_empty", "stack_targets"]

MAX_GROUP: Final = 20
"""A group of more than this many cards is refused as one move."""


def can_stack(rules: Rules, card: Card, onto: Card) -> bool:
    """Whether *card* may go on face-up *onto*: one rank lower, and under Classic
    rules of the opposite colour."""
    if onto.rank != card.rank + 1:
        return False
    return rules is Rules.RELAXED or onto.color is not card.color


def stacking_table(rules: Rules) -> tuple[frozenset[int], ...]:
    """For each card index, the indices of the cards that may go on it (for fast
    move generation; the same answers as :func:`can_stack`)."""
    return _STACKING[rules]


def fits_empty(card: Card) -> bool:
    """Whether *card* may go to an empty column: only a King may."""
    return card.rank is Rank.KING


def stack_targets(rules: Rules, card: Card) -> tuple[Card, ...]:
    """The cards *card* may go on, e.g. 7♥ on 8♠ or 8♣ (empty for a King)."""
    if card.rank is Rank.KING:
        return ()
    higher = Rank(card.rank + 1)
    return tuple(
        Card(higher, suit)
        for suit in Suit
        if rules is Rules.RELAXED or suit.color is not card.color
    )


_STACKING: Final = {
    rules: tuple(
        frozenset(card.index for card in DECK if can_stack(rules, card, onto)) for onto in DECK
    )
    for rules in Rules
}


class Reason(enum.Enum):
    """Why the rules refuse a move; the value is the stable code the API sends."""

    UNKNOWN_CARD = "unknown_card"
    CARD_FACE_DOWN = "card_face_down"
    SAME_COLUMN = "same_column"
    TARGET_FACE_DOWN = "target_face_down"
    WRONG_COLOR = "wrong_color"
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
    rules: Rules = Rules.CLASSIC

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
    if card.rank is Rank.KING:
        return f"{card.symbol} is a King: it can only go to an empty column"
    options = stack_targets(refusal.rules, card)
    higher = Rank(card.rank + 1)
    rank_name = _RANK_NAMES[higher]
    if refusal.rules is Rules.RELAXED:
        kind = f"any {rank_name}"
    else:
        color = Color.BLACK if card.color is Color.RED else Color.RED
        kind = f"a {color.value} {rank_name}"
    listed = " or ".join(option.symbol for option in options)
    return f"{card.symbol} goes on {kind} — {listed}"


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


_RANK_NAMES: Final = {
    Rank.ACE: "Ace",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
}

_MESSAGES: Final[dict[Reason, Callable[[Refusal], str]]] = {
    Reason.UNKNOWN_CARD: lambda r: "there is no such card",
    Reason.CARD_FACE_DOWN: lambda r: "a face-down card cannot be moved",
    Reason.SAME_COLUMN: lambda r: f"{_symbol(r.card)} is already in that column",
    Reason.TARGET_FACE_DOWN: lambda r: "cards cannot go on a face-down card",
    Reason.WRONG_COLOR: _on_target,
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
