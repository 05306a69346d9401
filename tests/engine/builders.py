"""Constructed positions for rule tests: name the cards that matter, the rest fill in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from yukon.engine import (
    CLASSIC,
    DECK,
    Card,
    Game,
    Position,
    Rank,
    RuleSet,
    Suit,
)


def build(
    columns: Sequence[str],
    *,
    rules: RuleSet = CLASSIC,
    foundations: Mapping[str, int] | None = None,
    filler: int | None = None,
) -> Game:
    """A game whose columns are written as in ``yukon deal`` (``"[9S] 4H 8D"``).

    Cards neither written nor on the *foundations* go face down at the bottom of
    column *filler* (0-based), which must be written with at least one face-up card.
    """
    heights = {suit.letter: 0 for suit in Suit} | dict(foundations or {})
    parsed = [Position.parse_column(text) for text in columns]
    parsed += [((), 0)] * (7 - len(parsed))
    used = {card for cards, _ in parsed for card in cards}
    used |= {Card(Rank(r), s) for s in Suit for r in range(1, heights[s.letter] + 1)}
    rest = tuple(card for card in DECK if card not in used)
    if rest:
        if filler is None:
            raise ValueError(f"cards left over and no filler column: {' '.join(map(str, rest))}")
        cards, hidden = parsed[filler]
        parsed[filler] = (rest + cards, hidden + len(rest))
    position = Position(
        rules,
        tuple(cards for cards, _ in parsed),
        tuple(hidden for _, hidden in parsed),
        (heights["S"], heights["H"], heights["D"], heights["C"]),
    )
    return Game(position)
