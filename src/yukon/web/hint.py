"""A hint without a solver: the most promising legal move by simple rules of thumb.

It only ever proposes a move from the engine's legal moves. In order of value:
a card to its foundation; a move that turns a face-down card (the more cards
still face down in that column, the better); a move that uncovers a card that can
then go to a foundation; a move that empties a column. Moving on again the card
the last move moved, or carrying a King from the bottom of a column to another
empty one, is never proposed: it changes nothing that matters.
"""

from __future__ import annotations

from typing import Final

from yukon.engine import Card, Game, Move, Rank

__all__ = ["heuristic_hint"]

_FOUNDATION: Final = 100
_TURNS: Final = 60
_PER_HIDDEN: Final = 3
_FREES_FOR_FOUNDATION: Final = 30
_EMPTIES: Final = 15
_SHIFT: Final = 2
_TAKE_BACK: Final = 1


def heuristic_hint(game: Game) -> Move | None:
    """The most promising legal move of *game*, or ``None`` when none is worth it.

    >>> from yukon.engine import GameCode
    >>> str(heuristic_hint(Game.from_code(GameCode.parse("YU1-C-AACRWEA"))))
    'TH>1'
    """
    line = game.line
    last = line[-1] if line else None
    best: Move | None = None
    best_value = 0
    for move in game.iter_legal_moves():
        value = _value(game, move, last)
        if value > best_value:
            best, best_value = move, value
    return best


def _value(game: Game, move: Move, last: Move | None) -> int:
    """How promising *move* is; 0 for a move never worth proposing."""
    card = move.card
    source = game.column_of(card)
    if source is None:
        return _TAKE_BACK
    if move.column is not None and last is not None and last.card == card:
        # Moving the same group on again (or back) turns nothing: it only shuffles.
        return 0
    cards = game.columns[source]
    index = cards.index(card)
    hidden = game.hidden[source]
    value = _FOUNDATION if move.column is None else _SHIFT
    if index > 0 and index == hidden:
        value += _TURNS + _PER_HIDDEN * hidden
    elif index > 0 and _can_go_up(game, cards[index - 1]):
        value += _FREES_FOR_FOUNDATION
    elif index == 0 and move.column is not None:
        if card.rank is Rank.KING:
            return 0
        value += _EMPTIES
    return value


def _can_go_up(game: Game, card: Card) -> bool:
    return game.foundations[card.suit.index] == card.rank - 1
