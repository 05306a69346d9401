"""``yukon daily``: the code of a day's daily deal (SPEC §6).

``yukon daily [--date YYYY-MM-DD] [--rules R]`` prints the code of the daily
deal of the date (today in UTC when not given) under the rules; ``--solution``
prints a record that wins it instead, for ``yukon replay`` to check.
"""

from __future__ import annotations

import argparse
import time

from yukon.commands.base import Subcommands
from yukon.daily import InvalidDayError, daily_deal, parse_day, utc_day
from yukon.engine import CLASSIC, RULE_SETS, Record, RuleSet

__all__ = ["register"]


def register(commands: Subcommands) -> None:
    """Add ``daily`` to the ``yukon`` parser."""
    parser = commands.add_parser("daily", help="print the code of a day's daily deal")
    parser.add_argument(
        "--date", type=_day, metavar="YYYY-MM-DD", help="the day (default: today in UTC)"
    )
    parser.add_argument("--rules", default=CLASSIC.id, choices=[rules.id for rules in RULE_SETS])
    parser.add_argument(
        "--solution", action="store_true", help="print a record that wins it (code and moves)"
    )
    parser.set_defaults(handler=_cmd_daily)


def _day(text: str) -> object:
    try:
        return parse_day(text)
    except InvalidDayError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _cmd_daily(args: argparse.Namespace) -> int:
    day = args.date if args.date is not None else utc_day(time.time())
    deal = daily_deal(day, RuleSet.parse(args.rules))
    if args.solution:
        print(Record(deal.code, deal.solution))
    else:
        print(deal.code)
    return 0
