"""What the storage tests share: a day of the daily deal and a clock they set by hand."""

from __future__ import annotations

from datetime import UTC, date, datetime

DAY = date(2026, 12, 6)


def noon(day: date) -> float:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp()


class Clock:
    """Wall-clock seconds that move only when a test sets ``now``: noon of :data:`DAY` at first."""

    def __init__(self) -> None:
        self.now = noon(DAY)

    def __call__(self) -> float:
        return self.now
