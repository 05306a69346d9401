"""Build the shipped table of daily deals: ``src/yukon/daily/data/<rules>.txt``.

Each day from the first daily deal (2026-01-01) through ``--through`` is
derived by the frozen procedure of :mod:`yukon.daily.choice` (every solution
replayed through the engine) and written one line a day. Run again with a later
``--through``, it goes on from each file's last day; what it prints (per rule
set: days, candidates searched, the costliest day, the time) is what
docs/daily.md reports.

    nice -n 10 .venv/bin/python scripts/daily_table.py --through 2027-12-31
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import date, timedelta
from pathlib import Path

from yukon.daily import FIRST_DAY, day_number, parse_day
from yukon.daily.choice import derive
from yukon.daily.table import format_line, parse_line
from yukon.engine import RULE_SETS, RuleSet

DATA = Path(__file__).resolve().parents[1] / "src" / "yukon" / "daily" / "data"
HEADER = """\
# The daily deals under {rules} rules, one line a day (yukon.daily.table):
# the date, the deal's seven letters, which candidate of the day it was, and
# the solution the frozen search found, three characters a move (card, target).
# Made by scripts/daily_table.py; never edit by hand.
"""


def next_day(path: Path, rules: RuleSet) -> date:
    """The first day the file at *path* does not hold yet (writing its header
    when it is new)."""
    if not path.exists():
        path.write_text(HEADER.format(rules=rules.id), encoding="ascii")
        return FIRST_DAY
    lines = [line for line in path.read_text(encoding="ascii").splitlines() if line[:1] != "#"]
    if not lines:
        return FIRST_DAY
    return parse_line(lines[-1], rules)[0] + timedelta(days=1)


def extend(rules: RuleSet, through: date) -> None:
    """Append the days of *rules* up to *through*, printing what they cost."""
    path = DATA / f"{rules.id}.txt"
    day = next_day(path, rules)
    days = tried = 0
    worst = (0.0, day, 0)
    started = time.perf_counter()
    with path.open("a", encoding="ascii") as table:
        while day <= through:
            begun = time.perf_counter()
            derived = derive(day_number(day), rules)
            spent = time.perf_counter() - begun
            worst = max(worst, (spent, day, derived.candidate + 1))
            table.write(format_line(day, derived) + "\n")
            table.flush()
            days += 1
            tried += derived.candidate + 1
            day += timedelta(days=1)
    if days:
        seconds = time.perf_counter() - started
        print(
            f"{rules.id}: {days} days, {tried} candidates ({tried / days:.1f} a day),"
            f" {seconds:.0f} s ({seconds / days:.2f} s a day); the costliest day"
            f" {worst[1]}: {worst[2]} candidates, {worst[0]:.1f} s"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--through", type=parse_day, required=True, help="the last day (YYYY-MM-DD)"
    )
    parser.add_argument("--rules", default=",".join(rules.id for rules in RULE_SETS))
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    for name in args.rules.split(","):
        extend(RuleSet.parse(name), args.through)
    return 0


if __name__ == "__main__":
    sys.exit(main())
