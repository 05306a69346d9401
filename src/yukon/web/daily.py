"""The daily deal in the API (docs/api.md): the day's codes, the day's figures,
and starting a day's deal (``POST /games`` with ``daily``, through :func:`start`).

A day is a UTC calendar day, ``YYYY-MM-DD``; today's when not given. Days
before the first daily deal and days to come are refused with a 400, as is
anything that is not a date. A day past the shipped table is derived off the
event loop (a second or so, once per process and day).
"""

from __future__ import annotations

from datetime import date

from starlette.endpoints import HTTPEndpoint
from starlette.requests import Request
from starlette.responses import Response

from yukon.daily import FIRST_DAY, InvalidDayError, check_day, daily_deal, parse_day, utc_day
from yukon.engine import CLASSIC, RULE_SETS, RuleSet
from yukon.storage import GameService
from yukon.web.bodies import rule_set
from yukon.web.resources import Resources, off_loop, player_of
from yukon.web.responses import JsonResponse
from yukon.web.state import state_json

__all__ = ["Daily", "DailyFigures", "out_day", "start"]


def out_day(text: str | None, service: GameService) -> date:
    """The day *text* names (today's when ``None``), when its daily deal is out.

    :raises InvalidDayError: for anything else, saying why (``400 invalid_date``).
    """
    today = utc_day(service.now())
    day = check_day(today if text is None else parse_day(text))
    if day > today:
        raise InvalidDayError(
            f"the daily deal of {day.isoformat()} is not out yet:"
            f" today is {today.isoformat()} (UTC)"
        )
    return day


class Daily(HTTPEndpoint):
    """``/daily[?date=]``: the day's code under every rule set, today's day and the
    first day that has a daily deal."""

    async def get(self, request: Request) -> Response:
        service = Resources.of(request).service
        day = out_day(request.query_params.get("date"), service)
        codes = await off_loop(
            request, lambda: {rules.id: str(daily_deal(day, rules).code) for rules in RULE_SETS}
        )
        return JsonResponse(
            {
                "date": day.isoformat(),
                "today": utc_day(service.now()).isoformat(),
                "first": FIRST_DAY.isoformat(),
                "codes": codes,
            }
        )


class DailyFigures(HTTPEndpoint):
    """``/daily/figures?rules=[&date=]``: the day's figures, without names, and
    where the asking player's win stands."""

    async def get(self, request: Request) -> Response:
        service, player = Resources.of(request).service, player_of(request)
        rules = rule_set(request.query_params.get("rules", CLASSIC.id))
        day = out_day(request.query_params.get("date"), service)
        figures = await off_loop(request, lambda: service.daily_figures(day, rules, player))
        return JsonResponse({"date": day.isoformat(), "rules": rules.id, **figures.as_dict()})


async def start(request: Request, text: str, rules: RuleSet) -> Response:
    """Start the daily deal of day *text* under *rules*, or take up the player's
    unfinished game of it: 201 with the new game's state, or 200 with the game's."""
    service, player = Resources.of(request).service, player_of(request)
    day = out_day(text, service)

    def play() -> tuple[dict[str, object], bool]:
        live, new = service.play_daily(player, daily_deal(day, rules).code, day)
        return state_json(live, service.now()), new

    state, new = await off_loop(request, play)
    return JsonResponse(state, status_code=201 if new else 200)
