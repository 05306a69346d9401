"""Where a double tap sends a card (SPEC §5): the one place that says so, for the
API's state (and so the browser) and the tests.

>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> taps = double_taps(game)
>>> str(taps[Card.parse("6D")]), Card.parse("AH") in taps
('6D>7', False)
"""

from __future__ import annotations

from collections.abc import Iterable

from yukon.engine.cards import Card
from yukon.engine.game import Game
from yukon.engine.moves import Move

__all__ = ["double_taps"]


def double_taps(game: Game, moves: Iterable[Move] | None = None) -> dict[Card, Move]:
    """For every card a double tap moves, the move: the longest column where the
    card and the cards on it fit, ties to the leftmost; else the leftmost empty
    column, for a King that does not already head a column. A card missing from
    the answer stays where it is.

    *moves* are the game's legal moves, when the caller has listed them already
    (one pass over them serves every card).
    """
    columns = game.columns
    lengths = [len(cards) for cards in columns]
    best: dict[Card, int] = {}
    empty: dict[Card, int] = {}
    for move in game.iter_legal_moves() if moves is None else moves:
        column = move.column
        if column is None:
            continue
        card = move.card
        if lengths[column] == 0:
            empty.setdefault(card, column)
        elif card not in best or lengths[column] > lengths[best[card]]:
            best[card] = column
    for card, column in empty.items():
        source = game.column_of(card)
        if card not in best and (source is None or columns[source][0] != card):
            best[card] = column
    return {card: Move(card, column) for card, column in best.items()}
