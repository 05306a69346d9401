"""The daily deal in a real browser (SPEC §6): New game → Daily deal, the info bar
and the win window saying so, Share (the system's share sheet on a phone, the
clipboard elsewhere), the daily streak and the calendar of days won (by mouse
and by keyboard, each day named in full), and a past day played late; the
calendar's screenshots at 390×844 and 1280×800 for a person to look at."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from babel.dates import format_date

from tests.browser.axe import axe_problems
from tests.browser.conftest import DESKTOP, PHONE, OpenApp
from tests.browser.helpers import AppPage
from tests.browser.test_screens import check_overflows
from yukon.daily import FIRST_DAY, daily_deal
from yukon.engine import RuleSet
from yukon.i18n import LANGUAGES

pytestmark = pytest.mark.browser

SMALL_PHONE = {"width": 360, "height": 640}

# Run in every page before the app: navigator.share stubbed to keep what Share
# hands over (a phone's share sheet), or taken away so that the clipboard is used.
_SHARE_SHEET = "window.shared = []; navigator.share = async (data) => { shared.push(data.text); };"
_NO_SHARE_SHEET = "delete Navigator.prototype.share;"


def today(app: AppPage) -> date:
    status, codes = app.api("GET", "/daily")
    assert status == 200
    return date.fromisoformat(codes["today"])


def start_daily_in_the_window(app: AppPage, rules: str = "classic") -> dict[str, Any]:
    """New game → rules → Today's daily deal → Start; the game's state."""
    app.page.click("#btn-new")
    app.page.locator("#dlg-new").wait_for(state="visible")
    app.page.check(f'#new-rules input[value="{rules}"]')
    app.page.wait_for_function("() => document.querySelector('#new-daily-note').textContent")
    app.page.check('input[name="deal"][value="daily"]')
    assert app.page.is_disabled("#new-winnable")
    app.page.click("#new-start")
    app.page.locator("#dlg-new").wait_for(state="hidden")
    app.wait_idle()
    return app.state()


def win_on_the_board(app: AppPage, state: dict[str, Any]) -> None:
    """Play the daily deal's known solution: all but the last move through the API,
    the last on the board (a tap sends it home), so that the page sees the win."""
    deal = daily_deal(date.fromisoformat(state["daily"]), RuleSet.parse(state["rules"]))
    moves = [str(move) for move in deal.solution]
    app.play_api(moves[:-1])
    app.reload()
    app.tap(moves[-1].split(">")[0])
    app.page.locator("#dlg-win").wait_for(state="visible")


def share_text(day: date, state: dict[str, Any]) -> str:
    seconds = state["elapsed_ms"] // 1000
    return (
        f"Yukon daily {format_date(day, 'medium', locale='en_GB')} · Classic ·"
        f" won in {seconds // 60}:{seconds % 60:02}, {state['moves']} moves, no hints"
    )


def test_the_daily_deal_from_new_game_to_the_calendar(open_app: OpenApp) -> None:
    app = open_app("/", viewport=PHONE, touch=True)
    day = today(app)
    state = start_daily_in_the_window(app)
    assert state["daily"] == day.isoformat()
    assert state["code"] == str(daily_deal(day, RuleSet.parse("classic")).code)
    written = format_date(day, "medium", locale="en_GB")
    unbroken = written.replace(" ", "\u00a0")  # the day never breaks across lines
    assert app.page.locator("#board .info-slot .daily").inner_text() == f"Daily deal · {unbroken}"
    # Won: the window says whose day it was, and Share opens the phone's share sheet.
    app.page.add_init_script(_SHARE_SHEET)
    win_on_the_board(app, state)
    assert app.page.locator("#win-daily").inner_text() == f"The daily deal of {written}"
    app.page.wait_for_function("() => document.querySelector('#win-figures').textContent")
    figures = app.api("GET", f"/daily/figures?rules=classic&date={day.isoformat()}")[1]
    words = app.page.locator("#win-figures").inner_text()
    if figures["players"] == 1:  # other tests' players may have won it first
        assert words == "You are the first to win it."
    else:
        assert words.startswith(f"{figures['players']:,} players have won it. Their median: ")
    app.page.click("#win-share")
    app.page.wait_for_function("() => window.shared.length === 1")
    won = app.state()
    assert app.page.evaluate("window.shared") == [share_text(day, won)]
    assert axe_problems(app.page) == []
    # The streak and the calendar.
    app.page.click("#dlg-win [data-action=stats]")
    app.page.locator(".calendar-grid").wait_for()
    app.page.wait_for_function("() => document.querySelector('.daily-today p').textContent")
    assert axe_problems(app.page) == []
    tiles = app.page.locator(".daily-stats [data-figure] .tile-value").all_inner_texts()
    assert tiles == ["1", "1", "1"]
    today_button = app.page.locator(f'.calendar-day[data-day="{day.isoformat()}"]')
    assert today_button.get_attribute("aria-current") == "date"
    long = format_date(day, "long", locale="en_GB")
    assert today_button.get_attribute("aria-label") == f"{long}, won on the day"
    assert "won" in (today_button.get_attribute("class") or "")


def test_share_copies_where_there_is_no_share_sheet(open_app: OpenApp) -> None:
    app = open_app("/", viewport=DESKTOP)
    app.page.add_init_script(_NO_SHARE_SHEET)
    state = start_daily_in_the_window(app)
    win_on_the_board(app, state)
    app.page.click("#win-share")
    app.page.wait_for_function("() => document.querySelector('#win-shared').textContent")
    text = share_text(today(app), app.state())
    assert app.page.locator("#win-shared").inner_text() == f"Copied, ready to paste: {text}"
    assert app.page.evaluate("navigator.clipboard.readText()") == text


def test_a_past_day_is_played_late_from_the_calendar(open_app: OpenApp) -> None:
    app = open_app("/stats", viewport=DESKTOP)
    day = today(app)
    past = day - timedelta(days=3)
    if past.month != day.month:  # the calendar opens on this month
        app.page.click(".calendar-month >> nth=0")
        app.page.wait_for_selector(f'.calendar-day[data-day="{past.isoformat()}"]')
    app.page.click(f'.calendar-day[data-day="{past.isoformat()}"]')
    app.page.wait_for_function("() => !document.querySelector('#view-game').hidden")
    app.wait_idle()
    state = app.state()
    assert state["daily"] == past.isoformat()
    win_on_the_board(app, state)
    assert "Won after its day" in app.page.locator("#win-daily").inner_text()
    app.page.click("#dlg-win [data-action=stats]")
    app.page.locator(".calendar-grid").wait_for()
    stats = app.api("GET", "/stats")[1]["classic"]["daily"]
    assert (stats["current_streak"], stats["won_late"]) == (0, [past.isoformat()])
    tiles = app.page.locator(".daily-stats [data-figure] .tile-value").all_inner_texts()
    assert tiles == ["0", "0", "1"]
    if past.month != day.month:
        app.page.click(".calendar-month >> nth=0")
    marked = app.page.locator(f'.calendar-day[data-day="{past.isoformat()}"]')
    assert "late" in (marked.get_attribute("class") or "")
    assert (marked.get_attribute("aria-label") or "").endswith(", won later")
    # The game history says which day's deal the game played.
    app.page.click("#menu summary")
    app.page.click('.menu-items a[data-route="/history"]')
    badge = app.page.locator(f'.game-row[data-game="{state["id"]}"] .badge.daily')
    assert badge.inner_text() == f"Daily deal · {format_date(past, 'medium', locale='en_GB')}"


def test_the_calendar_by_keyboard(open_app: OpenApp) -> None:
    app = open_app("/", viewport=DESKTOP)
    # The calendar of a fixed day, a Sunday: what the server says today is, answered here.
    fixed = {"date": "2026-12-06", "today": "2026-12-06", "first": FIRST_DAY.isoformat()}
    app.page.route("**/api/v1/daily", lambda route: route.fulfill(json={**fixed, "codes": {}}))
    app.page.click("#menu summary")
    app.page.click('.menu-items a[data-route="/stats"]')
    grid = app.page.locator(".calendar-grid")
    grid.wait_for()
    assert grid.get_attribute("role") == "grid"
    heads = app.page.locator(".calendar-grid th")
    assert heads.all_inner_texts() == ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
    assert heads.first.get_attribute("abbr") == "Monday"
    title = app.page.locator(".calendar-title")
    assert (title.inner_text(), title.get_attribute("aria-live")) == ("December 2026", "polite")
    # One tab stop, on today; the arrows move a day and a week, into the month before too.
    stops = app.page.locator('.calendar-grid [tabindex="0"]')
    assert stops.count() == 1
    assert stops.get_attribute("data-day") == "2026-12-06"
    stops.focus()
    focused = "() => document.activeElement.dataset.day"
    app.page.keyboard.press("ArrowLeft")
    assert app.page.evaluate(focused) == "2026-12-05"
    app.page.keyboard.press("ArrowUp")
    assert app.page.evaluate(focused) == "2026-11-28"
    assert title.inner_text() == "November 2026"
    assert app.page.locator(".calendar-day.open").first.get_attribute("aria-label") == (
        "1 November 2026, not won yet"
    )
    # Page Down: the month after; a day to come is named so, and plays nothing.
    app.page.keyboard.press("PageDown")
    assert app.page.evaluate(focused) == "2026-12-28"
    coming = app.page.locator('.calendar-day[data-day="2026-12-28"]')
    assert coming.get_attribute("aria-disabled") == "true"
    assert coming.get_attribute("aria-label") == "28 December 2026, no daily deal to play"
    game = app.page.evaluate("document.body.dataset.game")
    app.page.keyboard.press("Enter")
    coming.dispatch_event("click")
    assert app.page.locator("#view-page").is_visible()
    assert app.page.evaluate("document.body.dataset.game") == game
    assert app.page.is_disabled(".calendar-month >> nth=1")  # no month after today's


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_calendar_screenshots(
    open_app: OpenApp, screenshots: Path, size: str, viewport: dict[str, int]
) -> None:
    app = open_app("/", viewport=viewport, touch=size == "phone")
    state = start_daily_in_the_window(app)
    win_on_the_board(app, state)
    app.page.click("#dlg-win [data-action=stats]")
    app.page.locator(".calendar-grid").wait_for()
    app.page.wait_for_function("() => document.querySelector('.daily-today p').textContent")
    folder = screenshots / "daily"
    folder.mkdir(exist_ok=True)
    assert check_overflows(app, folder / f"stats-{size}.png") == []
    app.page.locator(".daily-stats").screenshot(path=folder / f"calendar-{size}.png")
    assert (folder / f"calendar-{size}.png").stat().st_size > 5000


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_deal_fits_a_small_phone(
    open_app: OpenApp, screenshots: Path, language: str
) -> None:
    """The info bar's day of a daily deal, in every language, on the smallest phone."""
    app = open_app(f"/?lang={language}", viewport=SMALL_PHONE, touch=True)
    status, _ = app.api("POST", "/games", {"daily": today(app).isoformat(), "rules": "alaska"})
    assert status == 201
    app.reload()
    app.page.locator("#board .info-slot .daily").wait_for()
    folder = screenshots / "daily"
    folder.mkdir(exist_ok=True)
    assert check_overflows(app, folder / f"game-{language}-small-phone.png") == []
