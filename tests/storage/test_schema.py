"""The schema: created from nothing, migrated forward step by step, never downgraded;
the same migrations on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.databases import Target, execute
from yukon.storage import SchemaError, open_store
from yukon.storage.dialect import POSTGRES, SQLITE
from yukon.storage.schema import MIGRATIONS, migrate, schema_version
from yukon.storage.sqlite import SqliteStore


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _columns(connection: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


def _stored_version(database: Target) -> int:
    dialect = SQLITE if isinstance(database, Path) else POSTGRES
    (row,) = execute(database, dialect.read_version)
    return int(row[0])


def test_a_new_database_is_created_at_the_latest_version(database: Target) -> None:
    store = open_store(database)
    assert store.version == len(MIGRATIONS)
    store.close()
    assert _stored_version(database) == len(MIGRATIONS)
    columns = execute(database, "SELECT revision, number, rules FROM games")
    assert columns == []


def test_a_new_sqlite_file_is_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "yukon.sqlite3"
    SqliteStore(path).close()
    connection = _connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert "rules" in _columns(connection, "games")


@pytest.mark.parametrize(("durable", "level"), [(False, 1), (True, 2)])
def test_durable_databases_sync_every_commit(tmp_path: Path, durable: bool, level: int) -> None:
    store = SqliteStore(tmp_path / "y.sqlite3", durable=durable)
    with store._connections.connection() as connection:
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == level  # NORMAL, FULL
    store.close()


def test_reopening_does_not_migrate_again(database: Target) -> None:
    open_store(database).close()
    open_store(database).close()
    assert _stored_version(database) == len(MIGRATIONS)


def test_a_version_1_database_migrates_forward_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = _connect(path)
    migrate(connection, SQLITE, MIGRATIONS[:1])
    connection.execute("INSERT INTO players (id, created) VALUES ('ann', 0)")
    for game_id, created in (("g2", 5), ("g1", 0), ("g3", 5)):
        connection.execute(
            "INSERT INTO games (id, player, code, record, version, created, updated)"
            " VALUES (?, 'ann', 'YU1-R-AAAAAAB', 'YU1-R-AAAAAAB TS>2', 2, ?, 0)",
            (game_id, created),
        )
    assert schema_version(connection) == 1
    connection.close()
    store = SqliteStore(path)
    row = store.load_game("g1")
    assert row is not None
    assert (row.rules, row.record, row.version, row.revision) == ("R", "YU1-R-AAAAAAB TS>2", 2, 0)
    assert row.daily is None
    # Numbered in the order they were started (ties by id); the next game is the 4th.
    assert [row.id for row in store.list_games("ann", 10)] == ["g3", "g2", "g1"]
    assert execute(path, "SELECT game_count FROM players") == [(3,)]
    store.close()


def test_a_database_from_a_newer_app_is_refused(database: Target) -> None:
    open_store(database).close()
    dialect = SQLITE if isinstance(database, Path) else POSTGRES
    execute(database, dialect.write_version.format(version=len(MIGRATIONS) + 1))
    with pytest.raises(SchemaError, match="newer than this app knows"):
        open_store(database)


def test_a_failing_migration_leaves_the_last_good_version(tmp_path: Path) -> None:
    connection = _connect(tmp_path / "broken.sqlite3")
    broken = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "THIS IS NOT SQL"),
    )
    with pytest.raises(sqlite3.OperationalError):
        migrate(connection, SQLITE, broken)
    assert schema_version(connection) == 1
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert tables == {"a"}  # b was rolled back with its migration


def test_processes_starting_together_migrate_once(database: Target) -> None:
    # Threads stand in for worker processes: each opens its own connections.
    with ThreadPoolExecutor(max_workers=4) as pool:
        stores = list(pool.map(lambda _: open_store(database), range(4)))
    assert {store.version for store in stores} == {len(MIGRATIONS)}
    for store in stores:
        store.close()
    assert _stored_version(database) == len(MIGRATIONS)


def test_a_new_sqlite_file_opened_by_four_at_once_opens_for_all(tmp_path: Path) -> None:
    # Turning WAL on needs the file to itself, and SQLite refused at once ("database
    # is locked") about 1 time in 30 when four connections opened a new file; and a
    # store's check of a file another had just created read the version before that
    # one's first migration and the tables after it (10 failures in 24 runs, two at
    # a time), taking the file for another application's.
    for round_ in range(40):
        target = tmp_path / f"round-{round_}" / "yukon.sqlite3"
        with ThreadPoolExecutor(max_workers=4) as pool:
            stores = list(pool.map(open_store, [target] * 4))
        for store in stores:
            store.close()
        assert _stored_version(target) == len(MIGRATIONS)
