"""The daily deal (SPEC §6): one winnable deal a day per rule set, the same for
every player on every server, chosen from the date alone.

Imports the engine only. :mod:`yukon.daily.choice` writes the derivation down,
:mod:`yukon.daily.search` is its frozen search, :mod:`yukon.daily.table` the
shipped table of its answers.
"""

from yukon.daily.days import (
    FIRST_DAY,
    InvalidDayError,
    check_day,
    day_number,
    parse_day,
    utc_day,
)
from yukon.daily.deals import DailyDeal, daily_deal, is_shipped

__all__ = [
    "FIRST_DAY",
    "DailyDeal",
    "InvalidDayError",
    "check_day",
    "daily_deal",
    "day_number",
    "is_shipped",
    "parse_day",
    "utc_day",
]
