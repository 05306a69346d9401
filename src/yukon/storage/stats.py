"""A player's statistics per rule set (SPEC §6), computed from the stored games.

A game counts as *played* once it has a move. Streaks run over the played games
in the order they were started: a win extends the streak, any other game ends it
— except the game still in progress (the player's current game, not won), which
is not over yet. Practice games (*Try from here*, SPEC §6) start from another
game's line, not from the deal: they count in no figure, and break no streak.

The daily deal keeps its own streak, of days: the days in a row whose daily
deal the player won, each started on its own day (UTC). A day's deal played
later and won goes on the calendar, marked late, but not into the streak. A
streak still runs while today's deal is not won yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta

from yukon.daily import utc_day
from yukon.storage.rows import GameRow

__all__ = ["DailyStats", "RulesStats", "daily_stats", "rules_stats"]


@dataclass(frozen=True, slots=True)
class DailyStats:
    """The daily deal's streaks and calendar: the days won on their day (*won*)
    and the days won only later (*won_late*), as ``YYYY-MM-DD``, in order."""

    current_streak: int = 0
    best_streak: int = 0
    won: tuple[str, ...] = ()
    won_late: tuple[str, ...] = ()


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
    daily: DailyStats = field(default_factory=DailyStats)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def rules_stats(rows: Iterable[GameRow], in_progress: str | None = None) -> RulesStats:
    """The statistics of *rows* (one rule set, oldest first); *in_progress* is the id
    of the current game, which does not break a streak while it is unfinished.

    >>> rules_stats([])
    RulesStats(played=0, won=0, win_rate=None, current_streak=0, best_streak=0, \
best_score=None, fastest_win_ms=None, fewest_moves=None, daily=DailyStats(current_streak=0, \
best_streak=0, won=(), won_late=()))
    """
    played = won = streak = best_streak = 0
    best_score: int | None = None
    fastest: int | None = None
    fewest: int | None = None
    for row in rows:
        if row.moves == 0 or row.is_practice:
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


def daily_stats(rows: Iterable[GameRow], today: date) -> DailyStats:
    """The daily deal's figures of *rows* (one rule set) on the UTC day *today*.

    >>> day = lambda text, created: GameRow(
    ...     id=text, player="ann", code="YU1-C-AAAAAAB", rules="C", record="", version=1,
    ...     revision=1, hints=0, elapsed_ms=1, clock_since=None, page_hidden=False, score=625,
    ...     moves=90, undos=0, won=True, created=created, updated=created, daily=text)
    >>> figures = daily_stats([day("2026-12-04", 1796342400.0), day("2026-12-05", 1796428800.0),
    ...     day("2026-12-01", 1796428800.0)], date(2026, 12, 6))
    >>> figures.current_streak, figures.won, figures.won_late
    (2, ('2026-12-04', '2026-12-05'), ('2026-12-01',))
    """
    on_time: set[date] = set()
    late: set[date] = set()
    for row in rows:
        if row.daily is None or not row.won or row.is_practice:
            continue
        try:
            day = date.fromisoformat(row.daily)
        except ValueError:
            continue  # a damaged row: the game itself says so when it is opened
        (on_time if utc_day(row.created) == day else late).add(day)
    late -= on_time
    best = run = 0
    for day in sorted(on_time):
        run = run + 1 if day - timedelta(days=1) in on_time else 1
        best = max(best, run)
    current = 0
    day = today if today in on_time else today - timedelta(days=1)
    while day in on_time:
        current += 1
        day -= timedelta(days=1)
    return DailyStats(
        current_streak=current,
        best_streak=best,
        won=tuple(day.isoformat() for day in sorted(on_time)),
        won_late=tuple(day.isoformat() for day in sorted(late)),
    )
