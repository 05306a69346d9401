"""The daily deal in storage, on SQLite and PostgreSQL in turn: daily games keep
their day, a player's first game of a day's deal is the one the day's figures
count, the figures are right, and the streak and calendar follow the days."""

from __future__ import annotations

from datetime import date
from itertools import count

from tests.databases import Target, execute
from tests.storage.helpers import DAY, Clock, noon
from yukon.daily import daily_deal
from yukon.engine import CLASSIC, GameCode, RuleSet
from yukon.engine.rulesets import RUSSIAN
from yukon.storage import DailyFigures, GameRow, GameService
from yukon.storage.store import Store

_ids = count()


def win(service: GameService, player: str, day: date, rules: RuleSet = CLASSIC) -> str:
    """Play the daily deal of *day* to a win through the service; its game's id."""
    deal = daily_deal(day, rules)
    live, _ = service.play_daily(player, deal.code, day)
    for move in deal.solution:
        live = service.move(player, live.id, move, live.version)
    assert live.game.is_won
    return live.id


def stored(
    store: Store, player: str, *, ms: int, moves: int, won: bool = True, day: date = DAY
) -> None:
    """A game of the daily deal of *day* as the store keeps it, started at noon."""
    code = str(daily_deal(day, CLASSIC).code)
    store.insert_game(
        GameRow(
            id=f"g{next(_ids)}", player=player, code=code, rules="C", record=code, version=1,
            revision=1, hints=0, elapsed_ms=ms, clock_since=None, page_hidden=False, score=625,
            moves=moves, undos=0, won=won, created=noon(day), updated=noon(day),
            daily=day.isoformat(),
        )
    )  # fmt: skip


def test_a_daily_game_keeps_its_day_and_is_taken_up_again(service: GameService) -> None:
    code = daily_deal(DAY, CLASSIC).code
    first, new = service.play_daily("ann", code, DAY)
    assert new
    assert (first.daily, first.code) == (DAY, str(code))
    service.create("ann", GameCode(CLASSIC, 1))  # another game meanwhile
    again, new = service.play_daily("ann", code, DAY)
    assert (again.id, new) == (first.id, False)
    assert service.current("ann").id == first.id
    assert service.get("ann", first.id).daily == DAY


def test_after_a_win_the_deal_starts_afresh(service: GameService) -> None:
    won = win(service, "ann", DAY)
    again, new = service.play_daily("ann", daily_deal(DAY, CLASSIC).code, DAY)
    assert new
    assert again.id != won
    assert again.daily == DAY


def test_a_daily_game_replayed_is_still_that_days(service: GameService) -> None:
    first, _ = service.play_daily("ann", daily_deal(DAY, CLASSIC).code, DAY)
    again = service.replay("ann", first.id)
    assert (again.daily, again.code) == (DAY, first.code)
    deal = daily_deal(DAY, CLASSIC)
    for move in deal.solution:
        again = service.move("ann", again.id, move, again.version)
    daily = service.stats("ann")[CLASSIC].daily
    assert (daily.current_streak, daily.won) == (1, ("2026-12-06",))
    assert service.daily_figures(DAY, CLASSIC, "ann").players == 0  # not the first game
    assert service.replay("ann", service.create("ann", deal.code).id).daily is None


def test_only_the_first_game_of_a_days_deal_counts(service: GameService, database: Target) -> None:
    code = daily_deal(DAY, CLASSIC).code
    win(service, "ann", DAY)
    service.play_daily("ann", code, DAY)
    service.play_daily("bob", code, DAY)
    service.play_daily("ann", daily_deal(DAY, RUSSIAN).code, DAY)
    service.create("ann", code)  # the same code typed in: not a daily game
    rows = execute(database, "SELECT player, rules, daily, daily_first FROM games")
    assert sorted((tuple(row) for row in rows), key=repr) == [
        ("ann", "C", "2026-12-06", 0),
        ("ann", "C", "2026-12-06", 1),
        ("ann", "C", None, 0),
        ("ann", "S", "2026-12-06", 1),
        ("bob", "C", "2026-12-06", 1),
    ]


def test_the_days_figures(service: GameService) -> None:
    store = service.store
    for player, ms, moves in [("a", 90_000, 140), ("b", 60_000, 100), ("c", 120_000, 150)]:
        stored(store, player, ms=ms, moves=moves)
    stored(store, "d", ms=10_000, moves=90, won=False)  # not won: not a winner
    stored(store, "a", ms=5_000, moves=80)  # a replay: known by heart, not counted
    stored(store, "e", ms=1_000, moves=85, day=date(2026, 12, 5))  # another day
    figures = service.daily_figures(DAY, CLASSIC, "a")
    assert figures == DailyFigures(
        players=3, median_ms=90_000, median_moves=140.0, mine_ms=90_000, faster_than=50
    )
    stored(store, "f", ms=30_000, moves=95)
    figures = service.daily_figures(DAY, CLASSIC, "f")
    assert (figures.players, figures.median_ms, figures.median_moves) == (4, 75_000, 120.0)
    assert (figures.mine_ms, figures.faster_than) == (30_000, 100)
    assert service.daily_figures(DAY, CLASSIC, "d").mine_ms is None
    assert service.daily_figures(DAY, RUSSIAN, "a") == DailyFigures(0, None, None, None, None)


def test_a_lone_winner_stands_against_nobody(service: GameService) -> None:
    stored(service.store, "a", ms=90_000, moves=140)
    figures = service.daily_figures(DAY, CLASSIC, "a")
    assert (figures.players, figures.median_ms, figures.faster_than) == (1, 90_000, None)


def test_streak_and_calendar(service: GameService, clock: Clock) -> None:
    for day in (date(2026, 12, 3), date(2026, 12, 4), date(2026, 12, 5)):
        clock.now = noon(day)
        win(service, "ann", day)
    clock.now = noon(date(2026, 12, 6))
    win(service, "ann", date(2026, 12, 1))  # played late: the calendar only
    daily = service.stats("ann")[CLASSIC].daily
    assert (daily.current_streak, daily.best_streak) == (3, 3)  # today not won yet
    assert daily.won == ("2026-12-03", "2026-12-04", "2026-12-05")
    assert daily.won_late == ("2026-12-01",)
    clock.now = noon(date(2026, 12, 8))  # a day missed
    daily = service.stats("ann")[CLASSIC].daily
    assert (daily.current_streak, daily.best_streak) == (0, 3)
    assert service.stats("ann")[RUSSIAN].daily.won == ()
