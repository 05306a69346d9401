"""The daily deal (SPEC §6): one winnable deal a day per rule set, the same for
every player on every server, chosen from the date alone.

Imports the engine only. :mod:`yukon.daily.choice` writes the derivation down,
:mod:`yukon.daily.search` is its frozen search.
"""

from yukon.daily.days import (
    FIRST_DAY,
    InvalidDayError,
    check_day,
    day_number,
    parse_day,
    utc_day,
)

__all__ = [
    "FIRST_DAY",
    "InvalidDayError",
    "check_day",
    "day_number",
    "parse_day",
    "utc_day",
]
