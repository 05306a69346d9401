"""The daily deal of a day: from the shipped table when it holds the day, else
derived (a second or so of search) and kept for the next asker.

>>> from yukon.engine import RuleSet
>>> deal = daily_deal(date(2026, 12, 6), RuleSet.parse("classic"))
>>> str(deal.code), len(deal.solution)
('YU1-C-XZBURHR', 92)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date
from typing import Final

from yukon.daily.choice import Derived, derive
from yukon.daily.days import check_day, day_number
from yukon.daily.table import table
from yukon.engine import GameCode, Move, RuleSet

__all__ = ["DailyDeal", "daily_deal", "is_shipped"]

_DERIVED_KEPT: Final = 256
"""How many derived days stay in memory (four rule sets of two months)."""


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """The daily deal of *day*: its *code* and a *solution* that wins it;
    *shipped* when it comes from the table, not from a search just made."""

    day: date
    code: GameCode
    solution: tuple[Move, ...]
    shipped: bool

    @property
    def rules(self) -> RuleSet:
        return self.code.rules


def is_shipped(day: date, rules: RuleSet) -> bool:
    """Whether the shipped table holds the daily deal of *day* under *rules*."""
    return table(rules).get(day) is not None


def daily_deal(day: date, rules: RuleSet) -> DailyDeal:
    """The daily deal of *day* under *rules*.

    A day past the shipped table is derived here (about a second of CPU, more for
    an unlucky day): call it off the event loop. Every later call is instant.

    :raises InvalidDayError: for a day before :data:`~yukon.daily.days.FIRST_DAY`.
    """
    check_day(day)
    shipped = table(rules).get(day)
    derived = shipped if shipped is not None else _derived(day_number(day), rules)
    return DailyDeal(day, derived.code, derived.solution, shipped is not None)


@functools.lru_cache(maxsize=_DERIVED_KEPT)
def _derived(day: int, rules: RuleSet) -> Derived:
    return derive(day, rules)
