"""The day's figures of a daily deal, without names (SPEC §6): how many players
won it, their median time and moves, and where one player's win stands.

Each player counts once, by their first game of the day's deal under its rules
(``daily_first``): a deal played again after a win is known by heart. The
figures are one query, written once for SQLite and PostgreSQL; every part of it
reads only the partial indexes of migration 4, which hold the won first games
alone. A median is found by skipping to the middle of the index's order (the
mean of the two middle values for an even count), not by sorting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["FIGURES_QUERY", "DailyFigures", "figures_parameters"]

_WINS: Final = "FROM games WHERE daily = ? AND rules = ? AND daily_first = 1 AND won = 1"
"""The won first games of one day's deal under one rule set; 2 parameters."""


def _median(column: str) -> str:
    """The median of *column* over :data:`_WINS` (``NULL`` when none), from the
    count of winners ``n``; 2 parameters."""
    count = "(SELECT n FROM winners)"
    return (
        f"(SELECT avg({column}) FROM (SELECT {column} {_WINS} ORDER BY {column}"
        f" LIMIT 2 - {count} % 2 OFFSET ({count} - 1) / 2) AS middle)"
    )


_MINE: Final = f"(SELECT elapsed_ms {_WINS} AND player = ?)"
"""The player's time, when their first game of the deal is won; 3 parameters."""

FIGURES_QUERY: Final = (
    f"WITH winners AS (SELECT count(*) AS n {_WINS})"
    f" SELECT (SELECT n FROM winners), {_median('elapsed_ms')}, {_median('moves')},"
    f" {_MINE}, (SELECT count(*) {_WINS} AND elapsed_ms > {_MINE})"
)
"""Winners, median time, median moves, the player's time, how many were slower.
The winners are counted once (the ``WITH``), then read by the two medians."""


def figures_parameters(daily: str, rules: str, player: str) -> tuple[object, ...]:
    """The parameters of :data:`FIGURES_QUERY`, in its order."""
    wins = (daily, rules)
    mine = (*wins, player)
    return (*wins, *wins, *wins, *mine, *wins, *mine)


@dataclass(frozen=True, slots=True)
class DailyFigures:
    """A day's figures: *players* who won, their median time (ms) and moves
    (``None`` while nobody has won), and the asking player's own time and the
    share of the other winners who were slower (``None`` without a win of
    theirs, or when nobody else won).

    >>> DailyFigures.from_values((5, 61000.0, 143.5, 30000, 3)).faster_than
    75
    """

    players: int
    median_ms: int | None
    median_moves: float | None
    mine_ms: int | None
    faster_than: int | None

    @classmethod
    def from_values(cls, row: Sequence[Any]) -> DailyFigures:
        """The figures from the row of :data:`FIGURES_QUERY`."""
        players, median_ms, median_moves, mine_ms, slower = row
        others = int(players) - 1
        faster = None if mine_ms is None or others < 1 else int(slower) * 100 // others
        return cls(
            players=int(players),
            median_ms=None if median_ms is None else round(float(median_ms)),
            median_moves=None if median_moves is None else float(median_moves),
            mine_ms=None if mine_ms is None else int(mine_ms),
            faster_than=faster,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "players": self.players,
            "median_ms": self.median_ms,
            "median_moves": self.median_moves,
            "mine_ms": self.mine_ms,
            "faster_than": self.faster_than,
        }
