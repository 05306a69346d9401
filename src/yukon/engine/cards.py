"""Cards, suits, ranks and colours, with their notation (SPEC §3).

>>> Card.parse("td")
Card.parse('TD')
>>> str(Card.parse("10♦"))
'TD'
>>> Card.parse("7H").rank, Card.parse("7H").suit.color
(<Rank.SEVEN: 7>, <Color.RED: 'red'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from yukon.engine.errors import InvalidCardError

__all__ = ["DECK", "Card", "Color", "Rank", "Suit"]


class Color(enum.Enum):
    """The colour of a suit: hearts and diamonds are red, spades and clubs black."""

    RED = "red"
    BLACK = "black"


class Suit(enum.Enum):
    """The four suits, in the fixed order of the foundations: ♠ ♥ ♦ ♣."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """The suit's letter in the notation: ``S``, ``H``, ``D`` or ``C``."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    @property
    def index(self) -> int:
        """The suit's place among the foundations, 0 (♠) to 3 (♣)."""
        return _SUIT_ORDER[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (any case) or symbol.

        :raises InvalidCardError: when *text* names no suit.
        """
        suit = _SUIT_BY_TEXT.get(text.strip().upper())
        if suit is None:
            raise InvalidCardError(f"unknown suit {text!r}: use S, H, D, C or ♠ ♥ ♦ ♣")
        return suit


_SUIT_SYMBOLS: Final = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
_SUIT_ORDER: Final = {suit: i for i, suit in enumerate(Suit)}
_SUIT_BY_TEXT: Final = {
    **{suit.letter: suit for suit in Suit},
    **{symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()},
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}


class Rank(enum.IntEnum):
    """Ranks from the Ace (1, lowest) to the King (13, highest)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """The rank's letter in the notation: ``A 2 … 9 T J Q K``."""
        return _RANK_LETTERS[self.value - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank letter (any case); ``10`` is accepted for ``T``.

        :raises InvalidCardError: when *text* names no rank.
        """
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_LETTERS:
            return cls(_RANK_LETTERS.index(key) + 1)
        raise InvalidCardError(f"unknown rank {text!r}: use A, 2-9, T (or 10), J, Q or K")


_RANK_LETTERS: Final = "A23456789TJQK"


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the 52. Its text form is rank + suit, e.g. ``TD`` for 10♦."""

    rank: Rank
    suit: Suit
    # Derived once, because move generation reads them in its innermost loop.
    color: Color = field(init=False, repr=False, compare=False)
    index: int = field(init=False, repr=False, compare=False)
    """Place in the canonical deck: ♠ A…K, ♥ A…K, ♦ A…K, ♣ A…K (0…51)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "color", self.suit.color)
        object.__setattr__(self, "index", self.suit.index * 13 + self.rank - 1)

    @property
    def symbol(self) -> str:
        """The card as a person reads it, e.g. ``10♦``."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return f"{rank}{self.suit.symbol}"

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at *index* of the canonical deck."""
        return DECK[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse a card such as ``TD``, ``td``, ``10D`` or ``10♦``.

        :raises InvalidCardError: when *text* is not a card.
        """
        stripped = text.strip()
        if not 2 <= len(stripped) <= 3 or any(char.isspace() for char in stripped):
            raise InvalidCardError(
                f"not a card: {text!r} (a card is a rank and a suit, such as 'TD' or '7H')"
            )
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except InvalidCardError as error:
            raise InvalidCardError(f"not a card: {text!r} ({error})") from None
        return _CARDS[(rank, suit)]

    def __str__(self) -> str:
        return f"{self.rank.letter}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards in canonical order (SPEC §2): ♠ A…K, ♥ A…K, ♦ A…K, ♣ A…K."""

_CARDS: Final = {(card.rank, card.suit): card for card in DECK}
