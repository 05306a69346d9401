"""The two databases the storage and API suites run on: an SQLite file in a
temporary folder, and a schema of its own in the test PostgreSQL cluster that
``scripts/test.sh`` starts (``YUKON_TEST_POSTGRES_URL``)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeAlias

import pytest

from yukon.storage import is_postgres_url

__all__ = [
    "BACKENDS",
    "PostgresLogin",
    "Target",
    "database_target",
    "execute",
    "postgres_login",
    "require_passwords",
]

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


@dataclass(frozen=True, slots=True)
class PostgresLogin:
    """A user of the test cluster who logs in with a password, and a database."""

    server: str
    """The superuser's URL."""
    host: str
    """``host:port`` of the cluster."""
    user: str
    password: str
    database: str

    def url(self, *, password: str | None = None, database: str | None = None) -> str:
        """The user's URL, with *password* (``""``: none) and *database* if given."""
        secret = self.password if password is None else password
        login = f"{self.user}:{secret}" if secret else self.user
        return f"postgresql://{login}@{self.host}/{database or self.database}"

    def as_superuser(self, sql: str) -> None:
        """Run *sql* in the user's database as the superuser (to grant or revoke)."""
        import psycopg

        with psycopg.connect(self.superuser_url(), autocommit=True) as connection:
            connection.execute(sql)

    def superuser_url(self) -> str:
        """The superuser's URL of the user's database."""
        return f"{self.server.rsplit('/', 1)[0]}/{self.database}"


@contextmanager
def postgres_login(*, owns_database: bool = False) -> Iterator[PostgresLogin]:
    """A new user with a password and a new database in the test cluster (the
    user's own when *owns_database*, as docs/deploy.md makes it), both dropped
    afterwards."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    server = _server_url()
    settings = conninfo_to_dict(server)
    login = PostgresLogin(
        server=server,
        host=f"{settings.get('host', '127.0.0.1')}:{settings.get('port', 5432)}",
        user=f"yukon_test_{secrets.token_hex(4)}",
        password=secrets.token_urlsafe(12),
        database=f"yukon_test_{secrets.token_hex(4)}",
    )
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {login.user} LOGIN PASSWORD '{login.password}'")
        owner = f" OWNER {login.user}" if owns_database else ""
        connection.execute(f"CREATE DATABASE {login.database}{owner}")
    try:
        yield login
    finally:
        with psycopg.connect(server, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {login.database} WITH (FORCE)")
            connection.execute(f"DROP ROLE {login.user}")


def require_passwords(login: PostgresLogin) -> None:
    """Skip the test (fail it in CI) unless the cluster checks *login*'s password,
    as the cluster of ``scripts/test.sh`` does for every user but the superuser."""
    import psycopg

    try:
        psycopg.connect(login.url(password="not-the-password")).close()
    except psycopg.OperationalError:
        return
    message = "the PostgreSQL test cluster lets users in without their password (scripts/test.sh)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


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
