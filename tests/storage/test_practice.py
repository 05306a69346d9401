"""Practice games and stored reviews ("Where did it go wrong?", SPEC §6), on
SQLite and PostgreSQL in turn: a practice game starts from another game's line,
appears in the history marked as such and counts in no statistic; a review kept
with a game serves only that game as it was; migration 5 keeps every game."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.databases import Target, execute
from tests.storage.helpers import DAY, Clock
from yukon.daily import daily_deal
from yukon.engine import CLASSIC, GameCode, Move
from yukon.storage import (
    CorruptGameError,
    GameNotFoundError,
    GameService,
    InvalidPracticeError,
    LiveGame,
    Practice,
    open_store,
)
from yukon.storage.dialect import POSTGRES, SQLITE
from yukon.storage.schema import MIGRATIONS, migrate

CODE = GameCode.parse("YU1-C-AAAAAAB")


def play(service: GameService, live: LiveGame, *moves: str | Move) -> LiveGame:
    """Make *moves* (``"U"`` for an undo) in *live*'s game through the service."""
    for move in moves:
        if move == "U":
            live = service.undo(live.player, live.id, live.version)
        else:
            parsed = move if isinstance(move, Move) else Move.parse(move)
            live = service.move(live.player, live.id, parsed, live.version)
    return live


def test_a_practice_game_starts_from_the_line_undos_taken_out(service: GameService) -> None:
    played = play(service, service.create("ann", CODE), "5H>5", "TS>2", "U", "TS>2", "7H>7")
    assert [str(move) for move in played.game.line] == ["5H>5", "TS>2", "7H>7"]

    practice = service.practice("ann", played.id, 2)
    assert practice.id != played.id
    assert practice.record == f"{CODE} 5H>5 TS>2"
    assert (practice.practice, practice.is_practice) == (Practice(of=played.id, moves=2), True)
    assert (practice.game.move_count, practice.game.undo_count, practice.version) == (2, 0, 1)
    assert not practice.clock.is_running  # the clock starts with the player's first move
    assert service.current("ann").id == practice.id
    # Stored as such: read back from the database, not from memory.
    row = service.store.load_game(practice.id)
    assert row is not None
    assert (row.practice, row.daily) == (Practice(played.id, 2), None)
    # The whole line, and none of it; the game it came from is unchanged.
    assert service.practice("ann", played.id, 3).game.line == played.game.line
    assert service.practice("ann", played.id, 0).record == str(CODE)
    assert service.get("ann", played.id).record == played.record
    assert not service.get("ann", played.id).is_practice
    # Replay this deal, from a practice game: the deal afresh, a game like any other.
    again = service.replay("ann", practice.id)
    assert (again.record, again.is_practice, again.practice) == (str(CODE), False, None)


@pytest.mark.parametrize("moves", [-1, 4, 1000])
def test_a_practice_game_starts_on_the_line_or_not_at_all(service: GameService, moves: int) -> None:
    played = play(service, service.create("ann", CODE), "5H>5", "TS>2", "7H>7")
    with pytest.raises(InvalidPracticeError, match="0 to 3 moves"):
        service.practice("ann", played.id, moves)
    assert [row.id for row in service.list_games("ann", 10)] == [played.id]
    assert service.current("ann").id == played.id


def test_a_practice_game_is_only_its_players(service: GameService) -> None:
    played = play(service, service.create("ann", CODE), "5H>5")
    with pytest.raises(GameNotFoundError):
        service.practice("bob", played.id, 1)


def test_practice_games_count_in_no_statistic(service: GameService, clock: Clock) -> None:
    deal = daily_deal(DAY, CLASSIC)
    won = service.create("ann", deal.code)
    for move in deal.solution:
        clock.now += 2
        won = play(service, won, move)
    assert won.game.is_won
    before = service.stats("ann")[CLASSIC]
    assert (before.played, before.won, before.current_streak) == (1, 1, 1)
    assert before.fastest_win_ms == 2000 * (len(deal.solution) - 1)

    # A practice game won at once (no time on its clock), and one lost and left.
    practice = service.practice("ann", won.id, len(deal.solution) - 1)
    practice = play(service, practice, deal.solution[-1])
    assert practice.game.is_won
    assert practice.clock.elapsed_ms == 0
    lost = play(service, service.practice("ann", won.id, 0), deal.solution[0])
    service.create("ann", CODE)  # the practice game left unfinished: over
    assert service.current("ann").id != lost.id

    after = service.stats("ann")[CLASSIC]
    assert after == before  # played, won, streaks, bests: the practice games are not there
    # The history and the export list them all, marked.
    listed = [(row.id, row.practice) for row in service.list_games("ann", 10)]
    assert listed[1:] == [
        (lost.id, Practice(won.id, 0)),
        (practice.id, Practice(won.id, len(deal.solution) - 1)),
        (won.id, None),
    ]
    exported = [(row.id, row.practice) for row in service.export("ann")]
    assert exported[:3] == listed[1:][::-1]  # the export is oldest first


def test_a_practice_game_of_the_daily_deal_is_no_daily_game(service: GameService) -> None:
    deal = daily_deal(DAY, CLASSIC)
    daily, _ = service.play_daily("ann", deal.code, DAY)
    daily = play(service, daily, *deal.solution[:-1])
    practice = service.practice("ann", daily.id, len(deal.solution) - 1)
    assert practice.daily is None
    practice = play(service, practice, deal.solution[-1])
    assert practice.game.is_won
    stats = service.stats("ann")[CLASSIC]
    assert (stats.won, stats.daily.won, stats.daily.current_streak) == (0, (), 0)
    assert service.daily_figures(DAY, CLASSIC, "ann").players == 0
    # The daily deal is taken up again where it was, not the practice game.
    again, new = service.play_daily("ann", deal.code, DAY)
    assert (again.id, new) == (daily.id, False)


@pytest.mark.parametrize(
    ("practice_of", "practice_moves"), [(None, 1), ("the-game", None), ("the-game", -1)]
)
def test_a_damaged_practice_start_is_reported_for_that_game(
    service: GameService, database: Target, practice_of: str | None, practice_moves: int | None
) -> None:
    """The two columns go together and the count is a count: a row edited to hold
    anything else is a damaged game, not a practice game of no game."""
    live = play(service, service.create("ann", CODE), "5H>5")
    practice = service.practice("ann", live.id, 1)
    execute(
        database,
        "UPDATE games SET practice_of = ?, practice_moves = ? WHERE id = ?",
        (practice_of, practice_moves, practice.id),
    )
    fresh = GameService(open_store(database), clock=Clock())  # reads the row, not its memory
    try:
        with pytest.raises(CorruptGameError, match="bad practice start"):
            fresh.get("ann", practice.id)
        assert fresh.get("ann", live.id).record == live.record
    finally:
        fresh.close()


def test_a_review_kept_with_a_game_serves_that_game_as_it_is(service: GameService) -> None:
    live = play(service, service.create("ann", CODE), "5H>5", "TS>2")
    assert service.stored_review("ann", live.id) == (live, None)
    text = '{"status": "still_winnable"}'
    assert service.keep_review(live, text)
    found, review = service.stored_review("ann", live.id)
    assert (found.id, found.version, review) == (live.id, live.version, text)
    assert service.stored_review("ann", live.id)[1] == review  # read again, still there

    # A move makes it another game: the review is no longer its.
    moved = play(service, live, "7H>7")
    assert service.stored_review("ann", live.id) == (moved, None)
    # A review computed for the old version is not kept over the new one.
    assert not service.keep_review(live, '{"status": "old"}')
    assert service.stored_review("ann", live.id)[1] is None
    # Keeping a review is no change to the game: its version and revision stay.
    assert service.keep_review(moved, '{"status": "found"}')
    row = service.store.load_game(live.id)
    assert row is not None
    assert (row.version, row.revision) == (moved.version, moved.revision)
    assert service.move("ann", live.id, Move.parse("KH>1"), moved.version).version == 5

    with pytest.raises(GameNotFoundError):
        service.stored_review("bob", live.id)


def test_a_damaged_stored_review_reads_as_none(service: GameService, database: Target) -> None:
    live = play(service, service.create("ann", CODE), "5H>5")
    assert service.keep_review(live, '{"status": "found"}')
    execute(database, "UPDATE games SET review_version = NULL WHERE id = ?", (live.id,))
    assert service.stored_review("ann", live.id)[1] is None


# Migration 5 on a database of version 4 that holds games.


def _old_database(target: Target) -> Any:
    """A connection to *target* (autocommit), as migrate() takes it."""
    if isinstance(target, Path):
        target.parent.mkdir(parents=True, exist_ok=True)
        return sqlite3.connect(target, isolation_level=None)
    import psycopg

    return psycopg.connect(str(target), autocommit=True)


def test_a_version_4_database_migrates_keeping_every_game(database: Target) -> None:
    dialect = SQLITE if isinstance(database, Path) else POSTGRES
    connection = _old_database(database)
    try:
        assert migrate(connection, dialect, MIGRATIONS[:4]) == 4
    finally:
        connection.close()
    execute(database, "INSERT INTO players (id, created, game_count, current_game)"
            " VALUES ('ann', 0, 3, 'g3')")  # fmt: skip
    code = str(daily_deal(DAY, CLASSIC).code)
    games = [
        ("g1", "YU1-C-AAAAAAB", "YU1-C-AAAAAAB 5H>5 TS>2 U", 4, 1, None, 0, 1),
        ("g2", code, code, 1, 0, DAY.isoformat(), 1, 2),
        ("g3", "YU1-R-AAAAAAB", "YU1-R-AAAAAAB TS>2", 2, 0, None, 0, 3),
    ]
    for game_id, game_code, record, version, won, daily, first, number in games:
        execute(
            database,
            "INSERT INTO games (id, player, code, rules, record, version, revision, moves,"
            " won, created, updated, daily, daily_first, number)"
            " VALUES (?, 'ann', ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)",
            (game_id, game_code, game_code[4], record, version, version, won, number, number,
             daily, first, number),
        )  # fmt: skip

    store = open_store(database)
    try:
        assert store.version == len(MIGRATIONS) == 5
        rows = store.all_games("ann")
        assert [(row.id, row.record, row.version, row.revision, row.daily) for row in rows] == [
            (game_id, record, version, version, daily)
            for game_id, _, record, version, _, daily, _, _ in games
        ]
        assert [row.practice for row in rows] == [None] * 3
        assert [store.load_review(row.id) for row in rows] == [None] * 3
        assert execute(database, "SELECT daily_first FROM games ORDER BY number") == [
            (0,),
            (1,),
            (0,),
        ]
        service = GameService(store, clock=Clock())
        assert service.current("ann").id == "g3"
        assert [str(move) for move in service.get("ann", "g1").game.line] == ["5H>5"]
        # The first new game goes on after the old ones, and a practice game can start.
        practice = service.practice("ann", "g1", 1)
        assert [row.id for row in service.list_games("ann", 2)] == [practice.id, "g3"]
    finally:
        store.close()
