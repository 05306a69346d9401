"""Days of the daily deal: read strictly as YYYY-MM-DD, refused with the reason."""

from __future__ import annotations

from datetime import date

import pytest

from yukon.daily import FIRST_DAY, InvalidDayError, check_day, day_number, parse_day, utc_day


@pytest.mark.parametrize(
    ("text", "day"),
    [("2026-12-06", date(2026, 12, 6)), (" 2028-02-29\n", date(2028, 2, 29))],
)
def test_a_date_is_read(text: str, day: date) -> None:
    assert parse_day(text) == day


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2026-02-30", "'2026-02-30' is not a date: February 2026 has 28 days"),
        ("2027-02-29", "February 2027 has 28 days"),
        ("2026-04-31", "April 2026 has 30 days"),
        ("2026-13-01", "there is no month 13"),
        ("2026-00-01", "there is no month 0"),
        ("0000-01-01", "there is no year 0"),
        ("tomorrow", "'tomorrow' is not a date: write it as YYYY-MM-DD"),
        ("20261206", "write it as YYYY-MM-DD"),
        ("2026-W49-7", "write it as YYYY-MM-DD"),
        ("2026-12-6", "write it as YYYY-MM-DD"),
        ("２０２６-12-06", "write it as YYYY-MM-DD"),
        ("", "'' is not a date"),
    ],
)
def test_anything_else_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(InvalidDayError) as refused:
        parse_day(text)
    assert reason in str(refused.value)


def test_there_is_no_daily_deal_before_the_first() -> None:
    assert check_day(FIRST_DAY) == FIRST_DAY
    with pytest.raises(InvalidDayError, match="the first is that of 2026-01-01"):
        check_day(date(2025, 12, 31))


def test_days_are_counted_from_1970_in_utc() -> None:
    assert day_number(date(1970, 1, 1)) == 0
    assert day_number(date(2026, 12, 6)) == 20_793
    # 2026-12-06 23:59:59 UTC is still the 6th, whatever the machine's time zone.
    assert utc_day(1_796_601_599.0) == date(2026, 12, 6)
    assert utc_day(1_796_601_600.0) == date(2026, 12, 7)
