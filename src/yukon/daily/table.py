"""The shipped table of daily deals: the derivation's answers for a range of
days, worked out once (``scripts/daily_table.py``) so that the app hands them out
without searching.

One file per rule set, ``data/<id>.txt``: comment lines start with ``#``; every
other line is one day, in date order without gaps::

    2026-12-06 XZBURHR 0 AHF5C49S4JH2…

the date, the deal's seven letters, which candidate of the day it was (0 the
first, :func:`yukon.daily.choice.candidates`), and the solution the frozen search
found, three characters a move: the card (``5C``) and its target (``4``, or
``F`` for the foundations). A test replays every solution through the engine;
another derives a sample of days again and finds the same lines.

>>> from yukon.engine import Move
>>> line = format_line(date(2026, 12, 6), Derived(
...     GameCode.parse("YU1-C-XZBURHR"), (Move.parse("AH>F"), Move.parse("5C>4")), 0))
>>> line
'2026-12-06 XZBURHR 0 AHF5C4'
>>> parse_line(line, RuleSet.parse("classic"))[1].solution
(Move.parse('AH>F'), Move.parse('5C>4'))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date, timedelta
from importlib import resources
from typing import Final

from yukon.daily.choice import Derived
from yukon.daily.days import FIRST_DAY
from yukon.engine import GameCode, Move, RuleSet

__all__ = ["DailyTable", "format_line", "parse_line", "table"]

_MOVE: Final = 3


def format_line(day: date, derived: Derived) -> str:
    """One day's line of the table."""
    moves = "".join(str(move).replace(">", "") for move in derived.solution)
    return f"{day.isoformat()} {derived.code.letters} {derived.candidate} {moves}"


def parse_line(line: str, rules: RuleSet) -> tuple[date, Derived]:
    """The day and the daily deal of one line of the table of *rules*.

    :raises ValueError: for a line not written by :func:`format_line`.
    """
    day_text, letters, candidate, moves = line.split(" ")
    if len(moves) % _MOVE:
        raise ValueError(f"the moves of {day_text} are not three characters each")
    solution = tuple(
        Move.parse(f"{moves[at : at + 2]}>{moves[at + 2]}") for at in range(0, len(moves), _MOVE)
    )
    code = GameCode.parse(f"YU1-{rules.letter}-{letters}")
    return date.fromisoformat(day_text), Derived(code, solution, int(candidate))


@dataclass(frozen=True, slots=True)
class DailyTable:
    """The shipped days of one rule set: *first* and the deals from it, a day each."""

    rules: RuleSet
    first: date
    deals: tuple[Derived, ...]

    @property
    def last(self) -> date:
        """The last day the table holds (the day before *first* when it is empty)."""
        return self.first + timedelta(days=len(self.deals) - 1)

    def get(self, day: date) -> Derived | None:
        """The daily deal of *day*, when the table holds that day."""
        offset = (day - self.first).days
        return self.deals[offset] if 0 <= offset < len(self.deals) else None


@functools.cache
def table(rules: RuleSet) -> DailyTable:
    """The shipped table of *rules*, read once; empty when the package has none.

    :raises ValueError: when its days do not follow each other from the first
        daily deal's.
    """
    data = resources.files("yukon.daily") / "data" / f"{rules.id}.txt"
    if not data.is_file():
        return DailyTable(rules, FIRST_DAY, ())
    deals: list[Derived] = []
    for line in data.read_text(encoding="ascii").splitlines():
        if not line or line.startswith("#"):
            continue
        day, derived = parse_line(line, rules)
        expected = FIRST_DAY + timedelta(days=len(deals))
        if day != expected:
            raise ValueError(f"the daily table of {rules.id} has {day} where {expected} belongs")
        deals.append(derived)
    return DailyTable(rules, FIRST_DAY, tuple(deals))
