"""The game state as docs/api.md describes it. Face-down cards are only counted:
their identity never leaves the server."""

from __future__ import annotations

from typing import Final

from yukon.engine import DECK, Card, Game, Suit
from yukon.engine.moves import FOUNDATION
from yukon.storage import LiveGame

__all__ = [
    "columns_json",
    "double_tap_targets",
    "foundations_json",
    "moves_by_card",
    "state_json",
]

_RULE_NAMES: Final = {"C": "classic", "R": "relaxed"}


_NAMES: Final = tuple(str(card) for card in DECK)
"""Card notation by the card's index: the state names up to 52 cards per answer."""


def columns_json(game: Game) -> list[dict[str, object]]:
    """The columns bottom to top, face-down cards counted, not named."""
    return [
        {"hidden": hidden, "cards": [_NAMES[card.index] for card in cards[hidden:]]}
        for cards, hidden in zip(game.columns, game.hidden, strict=True)
    ]


def foundations_json(game: Game) -> list[dict[str, object]]:
    """The foundations in the order S H D C."""
    answer: list[dict[str, object]] = []
    for suit, height in zip(Suit, game.foundations, strict=True):
        top = game.foundation_top(suit)
        text = None if top is None else _NAMES[top.index]
        answer.append({"suit": suit.letter, "height": height, "top": text})
    return answer


def moves_by_card(game: Game) -> dict[Card, list[str]]:
    """For every card that can move, its targets (``"F"``, ``"1"`` … ``"7"``), the
    columns in ascending order.

    One pass over the engine's legal moves; the same as asking
    :meth:`Game.iter_moves_of` card by card, which a test checks, but many times faster.
    """
    if game.is_won:
        return {}
    found: dict[Card, list[str]] = {}
    for move in game.iter_legal_moves():
        found.setdefault(move.card, []).append(move.target)
    return found


def double_tap_targets(game: Game, moves: dict[Card, list[str]]) -> dict[str, str]:
    """Where a double tap sends each card: :meth:`Game.double_tap`, computed from the
    legal targets already found instead of checking every column again (a test
    checks that the two agree): the longest column where the card fits, ties to
    the leftmost; else the leftmost empty column, for a King not already heading one.
    """
    columns = game.columns
    lengths = [len(cards) for cards in columns]
    answer: dict[str, str] = {}
    for card, targets in moves.items():
        best: int | None = None
        empty: int | None = None
        for target in targets:
            if target == FOUNDATION:
                continue
            column = int(target) - 1
            if lengths[column] == 0:
                empty = column if empty is None else empty
            elif best is None or lengths[column] > lengths[best]:
                best = column
        if best is None and empty is not None:
            source = game.column_of(card)
            if source is None or columns[source][0] != card:
                best = empty
        if best is not None:
            answer[_NAMES[card.index]] = str(best + 1)
    return answer


def state_json(live: LiveGame, now: float) -> dict[str, object]:
    """The state of *live* at time *now* (wall-clock seconds)."""
    game = live.game
    moves = moves_by_card(game)
    won = game.is_won
    return {
        "id": live.id,
        "code": live.code,
        "rules": _RULE_NAMES[game.rules.letter],
        "version": live.version,
        "columns": columns_json(game),
        "foundations": foundations_json(game),
        "targets": {_NAMES[card.index]: targets for card, targets in moves.items()},
        "double_tap": double_tap_targets(game, moves),
        "score": game.score,
        "moves": game.move_count,
        "undos": game.undo_count,
        "hints": game.hint_count,
        "elapsed_ms": live.clock.elapsed_at(now),
        "clock_running": live.clock.is_running,
        "won": won,
        "can_undo": game.can_undo and not won,
        "no_legal_moves": not won and not moves,
        "record": live.record,
    }
