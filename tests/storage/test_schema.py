"""The schema: created from nothing, migrated forward step by step, never downgraded."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from yukon.storage import Database, SchemaError
from yukon.storage.schema import MIGRATIONS, migrate, schema_version


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def _columns(connection: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


def test_a_new_database_is_created_at_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "yukon.sqlite3"
    database = Database(path)
    assert database.version == len(MIGRATIONS)
    database.close()
    connection = _connect(path)
    assert schema_version(connection) == len(MIGRATIONS)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert "rules" in _columns(connection, "games")


@pytest.mark.parametrize(("durable", "level"), [(False, 1), (True, 2)])
def test_durable_databases_sync_every_commit(tmp_path: Path, durable: bool, level: int) -> None:
    database = Database(tmp_path / "y.sqlite3", durable=durable)
    connection = database._connection
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == level  # NORMAL, FULL
    database.close()


def test_reopening_does_not_migrate_again(tmp_path: Path) -> None:
    path = tmp_path / "yukon.sqlite3"
    Database(path).close()
    Database(path).close()
    assert schema_version(_connect(path)) == len(MIGRATIONS)


def test_a_version_1_database_migrates_forward_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    connection = _connect(path)
    migrate(connection, MIGRATIONS[:1])
    connection.execute("INSERT INTO players (id, created) VALUES ('ann', 0)")
    connection.execute(
        "INSERT INTO games (id, player, code, record, version, created, updated)"
        " VALUES ('g1', 'ann', 'YU1-R-AAAAAAB', 'YU1-R-AAAAAAB TS>2', 2, 0, 0)"
    )
    assert schema_version(connection) == 1
    connection.close()
    database = Database(path)
    row = database.load_game("g1")
    assert row is not None
    assert (row.rules, row.record, row.version) == ("R", "YU1-R-AAAAAAB TS>2", 2)
    database.close()


def test_a_database_from_a_newer_app_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite3"
    connection = _connect(path)
    connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    connection.close()
    with pytest.raises(SchemaError, match="newer than this app knows"):
        Database(path)


def test_a_failing_migration_leaves_the_last_good_version(tmp_path: Path) -> None:
    connection = _connect(tmp_path / "broken.sqlite3")
    broken = (
        ("CREATE TABLE a (x INTEGER)",),
        ("CREATE TABLE b (y INTEGER)", "THIS IS NOT SQL"),
    )
    with pytest.raises(sqlite3.OperationalError):
        migrate(connection, broken)
    assert schema_version(connection) == 1
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert tables == {"a"}  # b was rolled back with its migration
