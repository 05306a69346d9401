"""The days of the daily deal: UTC calendar days, written ``YYYY-MM-DD``.

>>> parse_day(" 2026-12-06 "), day_number(date(2026, 12, 6))
(datetime.date(2026, 12, 6), 20793)
>>> parse_day("2026-02-30")
Traceback (most recent call last):
...
yukon.daily.days.InvalidDayError: '2026-02-30' is not a date: February 2026 has 28 days
>>> utc_day(0.0)
datetime.date(1970, 1, 1)
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, date, datetime
from typing import Final

from yukon.engine import YukonError

__all__ = [
    "EPOCH",
    "FIRST_DAY",
    "InvalidDayError",
    "check_day",
    "day_number",
    "parse_day",
    "utc_day",
]

EPOCH: Final = date(1970, 1, 1)
"""Day number 0 of the derivation (:mod:`yukon.daily.choice`)."""
FIRST_DAY: Final = date(2026, 1, 1)
"""The first day that has a daily deal; the shipped table starts with it."""
_MONTH_NAMES: Final = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip
_DAY: Final = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


class InvalidDayError(YukonError):
    """Text that is not a date, or a day that has no daily deal (yet)."""


def parse_day(text: str) -> date:
    """The day written *text* (``YYYY-MM-DD``, white space around it ignored).

    :raises InvalidDayError: saying what is wrong.
    """
    match = _DAY.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise InvalidDayError(
            f"{text!r} is not a date: write it as YYYY-MM-DD, such as {FIRST_DAY.isoformat()!r}"
        )
    year, month, day = (int(part) for part in match.groups())
    if year < 1:
        raise InvalidDayError(f"{text!r} is not a date: there is no year 0")
    if not 1 <= month <= len(_MONTH_NAMES):
        raise InvalidDayError(f"{text!r} is not a date: there is no month {month}")
    days = calendar.monthrange(year, month)[1]
    if not 1 <= day <= days:
        raise InvalidDayError(
            f"{text!r} is not a date: {_MONTH_NAMES[month - 1]} {year} has {days} days"
        )
    return date(year, month, day)


def check_day(day: date) -> date:
    """*day*, when it has a daily deal.

    :raises InvalidDayError: for a day before :data:`FIRST_DAY`.
    """
    if day < FIRST_DAY:
        raise InvalidDayError(
            f"there is no daily deal of {day.isoformat()}: the first is that of"
            f" {FIRST_DAY.isoformat()}"
        )
    return day


def day_number(day: date) -> int:
    """How many days *day* comes after 1970-01-01: the derivation's day number."""
    return (day - EPOCH).days


def utc_day(timestamp: float) -> date:
    """The UTC calendar day of a Unix *timestamp* (seconds): the day whose daily
    deal is out at that moment."""
    return datetime.fromtimestamp(timestamp, UTC).date()
