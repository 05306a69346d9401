"""Precomputed tables for the search: cards as ints, who may go on whom, hash keys.

A card is its index in the canonical deck (``suit * 13 + rank - 1``, suits in
the order ♠ ♥ ♦ ♣), so rank and suit are plain arithmetic.

>>> tables = Tables.of(RuleSet.parse("classic"))
>>> sorted(str(Card.from_index(c)) for c in tables.children[Card.parse("8S").index])
['7D', '7H']
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Final

from yukon.engine import DECK, Card, RuleSet

__all__ = ["BOTTOM", "CARD_COUNT", "FOUNDATION", "KINGS", "KING_RANK", "Tables"]

CARD_COUNT: Final = len(DECK)
BOTTOM: Final = CARD_COUNT
"""The 'card below' of a column's bottom card, for hashing."""
FOUNDATION: Final = 7
"""The target number of a move to the foundations (columns are 0 … 6)."""
KINGS: Final = tuple(card.index for card in DECK if card.rank == 13)
KING_RANK: Final = 12
"""A King's rank as the search counts it: ``card % 13`` (an Ace is 0)."""
_HASH_BITS: Final = 128
# A fixed seed: keys are the same in every run, so searches are reproducible.
_SEED: Final = 0x59554B4F4E


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything about the rules the search needs, as tuples indexed by card."""

    rules: RuleSet
    children: tuple[tuple[int, ...], ...]
    """``children[y]``: the cards that may be put on card *y*."""
    parents: tuple[tuple[int, ...], ...]
    """``parents[x]``: the cards that card *x* may be put on."""
    parent_masks: tuple[int, ...]
    """``parent_masks[x]``: the same as a bit mask (bit *y* for card *y*)."""
    stacks: bytes
    """``stacks[x * 52 + y]`` is 1 when card *x* may go on card *y*."""
    link_keys: tuple[int, ...]
    """``link_keys[x * 53 + y]``: hash key of card *x* lying on *y* (``BOTTOM`` = none)."""
    down_keys: tuple[int, ...]
    """``down_keys[x]``: hash key of card *x* being face down."""

    @staticmethod
    @functools.cache
    def of(rules: RuleSet) -> Tables:
        """The tables of *rules* (built once)."""
        children = tuple(tuple(x.index for x in DECK if rules.can_stack(x, y)) for y in DECK)
        parents = tuple(tuple(y.index for y in DECK if rules.can_stack(x, y)) for x in DECK)
        parent_masks = tuple(sum(1 << y for y in ys) for ys in parents)
        stacks = bytes(int(rules.can_stack(x, y)) for x in DECK for y in DECK)
        rng = random.Random(_SEED)
        link_keys = tuple(rng.getrandbits(_HASH_BITS) for _ in range(CARD_COUNT * (BOTTOM + 1)))
        down_keys = tuple(rng.getrandbits(_HASH_BITS) for _ in range(CARD_COUNT))
        return Tables(rules, children, parents, parent_masks, stacks, link_keys, down_keys)


def card_name(card: int) -> str:
    """The notation of card number *card*, for messages and debugging."""
    return str(Card.from_index(card))
