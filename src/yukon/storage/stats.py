"""A player's statistics per rule set (SPEC §6), computed from the stored games.

A game counts as *played* once it has a move. Streaks run over the played games
in the order they were started: a win extends the streak, any other game ends it
— except the game still in progress (the player's current game, not won), which
is not over yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from yukon.storage.rows import GameRow

__all__ = ["RulesStats", "rules_stats"]


@dataclass(frozen=True, slots=True)
class RulesStats:
    """The figures for one rule set; the bests are ``None`` until there is one."""

    played: int = 0
    won: int = 0
    win_rate: float | None = None
    current_streak: int = 0
    best_streak: int = 0
    best_score: int | None = None
    fastest_win_ms: int | None = None
    fewest_moves: int | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def rules_stats(rows: Iterable[GameRow], in_progress: str | None = None) -> RulesStats:
    """The statistics of *rows* (one rule set, oldest first); *in_progress* is the id
    of the current game, which does not break a streak while it is unfinished.

    >>> rules_stats([])
    RulesStats(played=0, won=0, win_rate=None, current_streak=0, best_streak=0, \
best_score=None, fastest_win_ms=None, fewest_moves=None)
    """
    played = won = streak = best_streak = 0
    best_score: int | None = None
    fastest: int | None = None
    fewest: int | None = None
    for row in rows:
        if row.moves == 0:
            continue
        played += 1
        best_score = row.score if best_score is None else max(best_score, row.score)
        if row.won:
            won += 1
            streak += 1
            best_streak = max(best_streak, streak)
            fastest = row.elapsed_ms if fastest is None else min(fastest, row.elapsed_ms)
            fewest = row.moves if fewest is None else min(fewest, row.moves)
        elif row.id != in_progress:
            streak = 0
    return RulesStats(
        played=played,
        won=won,
        win_rate=None if played == 0 else round(won / played, 4),
        current_streak=streak,
        best_streak=best_streak,
        best_score=best_score,
        fastest_win_ms=fastest,
        fewest_moves=fewest,
    )
