"""Moves and their notation (SPEC §3): the card picked up and where it goes.

>>> Move.parse("td>5")
Move.parse('TD>5')
>>> Move.parse("AH > f").to_foundation
True
>>> Move.parse("10♦>5").column
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from yukon.engine.cards import Card
from yukon.engine.deal import COLUMN_COUNT
from yukon.engine.errors import InvalidCardError, InvalidMoveError

__all__ = ["FOUNDATION", "Move"]

FOUNDATION: Final = "F"
"""The target letter of a move to the foundations."""


@dataclass(frozen=True, slots=True)
class Move:
    """Move *card* (and every card lying on it) to column *column* (0-based),
    or to its foundation when *column* is ``None``."""

    card: Card
    column: int | None

    def __post_init__(self) -> None:
        if self.column is not None and not 0 <= self.column < COLUMN_COUNT:
            raise InvalidMoveError(
                f"column index {self.column!r} is outside 0 … {COLUMN_COUNT - 1}"
            )

    @classmethod
    def to_column(cls, card: Card, column: int) -> Move:
        return cls(card, column)

    @classmethod
    def to_foundations(cls, card: Card) -> Move:
        return cls(card, None)

    @property
    def to_foundation(self) -> bool:
        return self.column is None

    @property
    def target(self) -> str:
        """The target as written: ``1`` … ``7`` or ``F``."""
        return FOUNDATION if self.column is None else str(self.column + 1)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Parse ``CARD>TARGET``: a card, ``>``, a column 1–7 or ``F``.

        :raises InvalidMoveError: saying what is wrong.
        """
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
        card_text, separator, target_text = text.partition(">")
        if not separator:
            raise InvalidMoveError(
                f"not a move: {text!r} (write the card, '>' and a column 1-7 or F, as in 'TD>5')"
            )
        try:
            card = Card.parse(card_text)
        except InvalidCardError as error:
            raise InvalidMoveError(f"in move {text!r}: {error}") from None
        target = target_text.strip().upper()
        if target == FOUNDATION:
            return cls(card, None)
        if len(target) == 1 and "1" <= target <= str(COLUMN_COUNT):
            return cls(card, int(target) - 1)
        raise InvalidMoveError(
            f"in move {text!r}: unknown target {target_text.strip()!r}"
            f" (use a column 1-{COLUMN_COUNT} or F for the foundations)"
        )

    def __str__(self) -> str:
        return f"{self.card}>{self.target}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
