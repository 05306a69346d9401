"""The game state as docs/api.md describes it. Face-down cards are only counted:
their identity never leaves the server."""

from __future__ import annotations

from typing import Final

from yukon.engine import Card, Game, Suit
from yukon.storage import LiveGame

__all__ = ["columns_json", "foundations_json", "moves_by_card", "state_json"]

_RULE_NAMES: Final = {"C": "classic", "R": "relaxed"}


def columns_json(game: Game) -> list[dict[str, object]]:
    """The columns bottom to top, face-down cards counted, not named."""
    return [
        {"hidden": hidden, "cards": [str(card) for card in cards[hidden:]]}
        for cards, hidden in zip(game.columns, game.hidden, strict=True)
    ]


def foundations_json(game: Game) -> list[dict[str, object]]:
    """The foundations in the order S H D C."""
    answer: list[dict[str, object]] = []
    for suit, height in zip(Suit, game.foundations, strict=True):
        top = game.foundation_top(suit)
        answer.append(
            {"suit": suit.letter, "height": height, "top": None if top is None else str(top)}
        )
    return answer


def moves_by_card(game: Game) -> dict[Card, list[str]]:
    """For every card that can move, its targets (``"F"``, ``"1"`` … ``"7"``).

    One pass over the engine's legal moves; the same as asking
    :meth:`Game.iter_moves_of` card by card, which a test checks, but many times faster.
    """
    if game.is_won:
        return {}
    found: dict[Card, list[str]] = {}
    for move in game.iter_legal_moves():
        found.setdefault(move.card, []).append(move.target)
    return found


def state_json(live: LiveGame, now: float) -> dict[str, object]:
    """The state of *live* at time *now* (wall-clock seconds)."""
    game = live.game
    moves = moves_by_card(game)
    double_tap: dict[str, str] = {}
    for card, targets in moves.items():
        # Only a card with a column among its targets can have a double-tap place.
        if len(targets) > 1 or targets[0] != "F":
            move = game.double_tap(card)
            if move is not None:
                double_tap[str(card)] = move.target
    won = game.is_won
    return {
        "id": live.id,
        "code": str(game.code),
        "rules": _RULE_NAMES[game.rules.letter],
        "version": live.version,
        "columns": columns_json(game),
        "foundations": foundations_json(game),
        "targets": {str(card): targets for card, targets in moves.items()},
        "double_tap": double_tap,
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
