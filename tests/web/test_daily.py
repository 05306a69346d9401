"""The daily deal through the API, on SQLite and PostgreSQL in turn: the day's
codes, starting and taking up a day's deal, the day's figures without names,
the streak and calendar in the statistics, and clear 400s for bad days."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import FakeClock
from tests.web.helpers import API, play
from yukon.daily import daily_deal
from yukon.engine import RULE_SETS, RuleSet

TODAY = date(2026, 12, 6)


def noon(day: date) -> float:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp()


@pytest.fixture(autouse=True)
def _today(clock: FakeClock) -> None:
    clock.now = noon(TODAY)


def start(client: TestClient, day: date = TODAY, rules: str = "classic") -> dict[str, Any]:
    answer = client.post(f"{API}/games", json={"daily": day.isoformat(), "rules": rules})
    assert answer.status_code in (200, 201), answer.text
    state: dict[str, Any] = answer.json()
    return state


def win(client: TestClient, day: date = TODAY, rules: str = "classic") -> dict[str, Any]:
    """Play the day's deal to a win by its known solution, through the API."""
    state = start(client, day, rules)
    for move in daily_deal(day, RuleSet.parse(rules)).solution:
        state = play(client, state, str(move))
    assert state["won"]
    return state


def test_the_days_codes(client: TestClient) -> None:
    answer = client.get(f"{API}/daily")
    assert answer.status_code == 200
    assert answer.json() == {
        "date": "2026-12-06",
        "today": "2026-12-06",
        "first": "2026-01-01",
        "codes": {rules.id: str(daily_deal(TODAY, rules).code) for rules in RULE_SETS},
    }
    earlier = client.get(f"{API}/daily", params={"date": "2026-01-01"}).json()
    assert (earlier["date"], earlier["today"]) == ("2026-01-01", "2026-12-06")
    assert earlier["codes"]["russian"] == str(daily_deal(date(2026, 1, 1), RULE_SETS[2]).code)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("2026-02-30", "'2026-02-30' is not a date: February 2026 has 28 days"),
        ("tomorrow", "'tomorrow' is not a date: write it as YYYY-MM-DD"),
        ("2025-12-31", "there is no daily deal of 2025-12-31: the first is that of 2026-01-01"),
        ("2026-12-07", "the daily deal of 2026-12-07 is not out yet: today is 2026-12-06 (UTC)"),
        ("", "'' is not a date"),
    ],
)
def test_a_bad_day_is_a_clear_400(client: TestClient, query: str, message: str) -> None:
    for answer in (
        client.get(f"{API}/daily", params={"date": query}),
        client.get(f"{API}/daily/figures", params={"date": query, "rules": "alaska"}),
        client.post(f"{API}/games", json={"daily": query}),
    ):
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "invalid_date"
        assert message in error["message"]


def test_bad_fields_of_a_daily_game(client: TestClient) -> None:
    both = client.post(f"{API}/games", json={"daily": "2026-12-06", "code": "YU1-C-AAAAAAB"})
    assert (both.status_code, both.json()["error"]["message"]) == (
        400,
        "give 'code' or 'daily', not both",
    )
    rules = client.post(f"{API}/games", json={"daily": "2026-12-06", "rules": "spider"})
    assert rules.status_code == 400
    assert "unknown rules 'spider'" in rules.json()["error"]["message"]
    kind = client.post(f"{API}/games", json={"daily": True})
    assert (kind.status_code, kind.json()["error"]["code"]) == (400, "bad_request")
    figures = client.get(f"{API}/daily/figures", params={"rules": "spider"})
    assert figures.status_code == 400


def test_a_daily_game_says_its_day_and_is_taken_up_again(client: TestClient) -> None:
    answer = client.post(f"{API}/games", json={"daily": "2026-12-06", "rules": "russian"})
    assert answer.status_code == 201
    state = answer.json()
    assert (state["daily"], state["daily_late"], state["rules"]) == ("2026-12-06", False, "russian")
    assert state["code"] == str(daily_deal(TODAY, RULE_SETS[2]).code)
    moved = play(client, state, str(daily_deal(TODAY, RULE_SETS[2]).solution[0]))
    client.post(f"{API}/games", json={"code": "YU1-C-AAAAAAB"})
    again = client.post(f"{API}/games", json={"daily": "2026-12-06", "rules": "russian"})
    assert again.status_code == 200
    assert (again.json()["id"], again.json()["moves"]) == (state["id"], 1)
    assert client.get(f"{API}/games/current").json()["version"] == moved["version"]
    listed = client.get(f"{API}/games").json()["games"]
    assert [game["daily"] for game in listed] == [None, "2026-12-06"]


def test_the_days_figures_without_names(
    client: TestClient, other_client: TestClient, clock: FakeClock
) -> None:
    nobody = client.get(f"{API}/daily/figures", params={"rules": "classic"}).json()
    assert nobody == {
        "date": "2026-12-06",
        "rules": "classic",
        "players": 0,
        "median_ms": None,
        "median_moves": None,
        "mine_ms": None,
        "faster_than": None,
    }
    win(client)  # every move at the same instant: won in 0 s …
    slow = start(other_client)
    slow = play(other_client, slow, str(daily_deal(TODAY, RULE_SETS[0]).solution[0]))
    clock.advance(60)
    for move in daily_deal(TODAY, RULE_SETS[0]).solution[1:]:
        slow = play(other_client, slow, str(move))  # … and in a minute
    mine = client.get(f"{API}/daily/figures", params={"rules": "classic"}).json()
    assert (mine["players"], mine["median_ms"], mine["faster_than"]) == (2, 30_000, 100)
    assert mine["median_moves"] == len(daily_deal(TODAY, RULE_SETS[0]).solution)
    theirs = other_client.get(f"{API}/daily/figures", params={"date": "2026-12-06"}).json()
    assert (theirs["mine_ms"], theirs["faster_than"]) == (60_000, 0)
    assert set(theirs) == set(nobody)  # figures only: nobody's name or id


def test_streak_and_calendar_in_the_statistics(client: TestClient, clock: FakeClock) -> None:
    for day in (date(2026, 12, 4), date(2026, 12, 5), date(2026, 12, 6)):
        clock.now = noon(day)
        win(client, day)
    assert win(client, date(2026, 12, 1))["daily_late"]  # played late
    daily = client.get(f"{API}/stats").json()["classic"]["daily"]
    assert daily == {
        "current_streak": 3,
        "best_streak": 3,
        "won": ["2026-12-04", "2026-12-05", "2026-12-06"],
        "won_late": ["2026-12-01"],
    }
