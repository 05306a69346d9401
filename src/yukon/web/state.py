"""The game state as docs/api.md describes it. Face-down cards are only counted:
their identity never leaves the server."""

from __future__ import annotations

from typing import Final

from yukon.daily import utc_day
from yukon.engine import DECK, Card, Game, Move, Outcome, Suit, double_taps
from yukon.storage import LiveGame

__all__ = [
    "columns_json",
    "foundations_json",
    "moves_by_card",
    "state_json",
]

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


def moves_by_card(moves: list[Move]) -> dict[Card, list[str]]:
    """For every card that can move, its targets (``"F"``, ``"1"`` … ``"7"``), the
    columns in ascending order: the same as asking :meth:`Game.iter_moves_of`
    card by card, which a test checks, from one pass over the legal *moves*."""
    found: dict[Card, list[str]] = {}
    for move in moves:
        found.setdefault(move.card, []).append(move.target)
    return found


def state_json(live: LiveGame, now: float) -> dict[str, object]:
    """The state of *live* at time *now* (wall-clock seconds)."""
    game = live.game
    moves = list(game.iter_legal_moves())
    outcome = game.outcome_among(moves)
    won = outcome is Outcome.WON
    return {
        "id": live.id,
        "code": live.code,
        "rules": game.rules.id,
        "version": live.version,
        "columns": columns_json(game),
        "foundations": foundations_json(game),
        "targets": {_NAMES[card.index]: targets for card, targets in moves_by_card(moves).items()},
        "double_tap": {
            _NAMES[card.index]: move.target for card, move in double_taps(game, moves).items()
        },
        "score": game.score,
        "moves": game.move_count,
        "undos": game.undo_count,
        "hints": game.hint_count,
        "elapsed_ms": live.clock.elapsed_at(now),
        "clock_running": live.clock.is_running,
        "outcome": outcome.value,
        "won": won,
        "can_undo": game.can_undo and not won,
        "no_legal_moves": outcome is Outcome.NO_LEGAL_MOVE,
        "record": live.record,
        "daily": None if live.daily is None else live.daily.isoformat(),
        # Started after its day: the calendar's, not the streak's (storage.stats).
        "daily_late": live.daily is not None and utc_day(live.created) != live.daily,
        # Try from here (SPEC §6): started from another game's line; in no statistic.
        "practice": live.is_practice,
    }
