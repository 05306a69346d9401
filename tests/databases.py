"""The two databases the storage and API suites run on: an SQLite file in a
temporary folder, and a schema of its own in the test PostgreSQL cluster that
``scripts/test.sh`` starts (``YUKON_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, TypeAlias

import pytest

from yukon.storage import is_postgres_url

__all__ = ["BACKENDS", "Target", "database_target", "execute"]

Target: TypeAlias = str | Path
"""A database: an SQLite file's path or a PostgreSQL URL."""

BACKENDS: Final = ("sqlite", "postgresql")
_URL_VARIABLE: Final = "YUKON_TEST_POSTGRES_URL"


def _server_url() -> str:
    url = os.environ.get(_URL_VARIABLE)
    if url:
        return url
    message = f"no PostgreSQL for the tests: {_URL_VARIABLE} is unset (scripts/test.sh sets it)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def database_target(backend: str, folder: Path) -> Iterator[Target]:
    """Where a test's database is: a file in *folder*, or a fresh PostgreSQL schema
    (dropped afterwards) named in the URL's ``search_path``."""
    if backend == "sqlite":
        yield folder / "data" / "yukon.sqlite3"
        return
    import psycopg

    server = _server_url()
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    separator = "&" if "?" in server else "?"
    try:
        yield f"{server}{separator}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(server, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def execute(target: Target, sql: str, parameters: Sequence[object] = ()) -> list[Any]:
    """Run one statement on the database at *target* behind the app's back (to
    damage a game, or to look at what is stored), written with ``?`` parameters."""
    if is_postgres_url(target):
        import psycopg

        with psycopg.connect(str(target), autocommit=True) as connection:
            cursor = connection.execute(sql.replace("?", "%s"), parameters)
            return list(cursor.fetchall()) if cursor.description else []
    import sqlite3

    lite = sqlite3.connect(target, isolation_level=None)
    try:
        return list(lite.execute(sql, parameters).fetchall())
    finally:
        lite.close()
