"""The deal: SplitMix64 + Fisher–Yates + the 1-6-7-8-9-10-11 layout (SPEC §2).

Frozen forever for ``YU1``: a code gives the same deal on every platform.

>>> layout = deal(1)
>>> [str(card) for card in layout[0].cards]
['7H']
>>> layout[1].hidden, [str(card) for card in layout[1].cards]
(1, ['9S', '4H', '8D', '8H', '5C', 'JH'])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from yukon.engine.cards import DECK, Card

__all__ = ["COLUMN_COUNT", "COLUMN_SIZES", "DealtColumn", "deal", "shuffled_deck", "splitmix64"]

COLUMN_COUNT: Final = 7
COLUMN_SIZES: Final = (1, 6, 7, 8, 9, 10, 11)
FACE_UP_PER_COLUMN: Final = 5
_MASK: Final = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """Endless SplitMix64 draws from *seed* (64-bit unsigned integers).

    >>> draws = splitmix64(0)
    >>> hex(next(draws))
    '0xe220a8397b1dcdaf'
    """
    state = seed & _MASK
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def shuffled_deck(number: int) -> tuple[Card, ...]:
    """The deck of deal *number*: Fisher–Yates from the canonical order."""
    deck = list(DECK)
    draws = splitmix64(number)
    for i in range(len(deck) - 1, 0, -1):
        j = next(draws) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True, slots=True)
class DealtColumn:
    """One column as dealt: *cards* bottom to top, the first *hidden* face down."""

    cards: tuple[Card, ...]
    hidden: int


def deal(number: int) -> tuple[DealtColumn, ...]:
    """The seven columns of deal *number*, bottom to top."""
    deck = shuffled_deck(number)
    columns = []
    start = 0
    for size in COLUMN_SIZES:
        cards = deck[start : start + size]
        start += size
        columns.append(DealtColumn(cards, max(0, size - FACE_UP_PER_COLUMN)))
    return tuple(columns)
