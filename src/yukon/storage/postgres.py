"""PostgreSQL, for a site that runs several processes or machines on one database.

psycopg 3's connection pool, used from the web layer's thread pool: every call
is short, and blocking calls in threads keep one code path for both databases
(the service, the cache check and the tests are the same as for SQLite).
Commits are durable by PostgreSQL's default (``synchronous_commit = on``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

import psycopg
from psycopg import Connection
from psycopg_pool import ConnectionPool

from yukon.storage.access import connection_refusal, missing_right
from yukon.storage.dialect import POSTGRES
from yukon.storage.schema import migrate
from yukon.storage.sql import SqlStore

__all__ = ["POOL_SIZE", "PostgresStore"]

POOL_SIZE: Final = 16
"""Connections per process. A move's commit waits for PostgreSQL's flush to disk
(milliseconds), so a process commits at most this many moves per flush time: on
the 2-core benchmark machine 8 connections committed 1,400 moves/s, 16 2,700.
With PostgreSQL's default of 100 connections, six processes fit."""
_CONNECT_TIMEOUT: Final = 10.0


class _PostgresConnections:
    def __init__(self, url: str) -> None:
        _check_reachable(url)
        self._pool: ConnectionPool[Connection] = ConnectionPool(
            url,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"autocommit": True},
            timeout=_CONNECT_TIMEOUT,
            open=False,
        )
        self._pool.open(wait=True, timeout=_CONNECT_TIMEOUT)

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        with self._pool.connection() as connection:
            yield connection

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """PostgreSQL's row locks queue writers themselves: any connection will do."""
        with self._pool.connection() as connection:
            yield connection

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        with self._pool.connection() as connection, connection.transaction():
            yield connection

    def close(self) -> None:
        self._pool.close()


def _check_reachable(url: str) -> None:
    """One connection first, so that a wrong URL, a refused connection or a bad
    password is reported as it is, not as a pool that never filled up.

    :raises DatabaseAccessError: when PostgreSQL refuses the app as it is set up.
    :raises DatabaseUnreachableError: when PostgreSQL cannot be reached now.
    """
    try:
        psycopg.connect(url, connect_timeout=int(_CONNECT_TIMEOUT)).close()
    except psycopg.Error as error:
        raise connection_refusal(error) from None


def _migrate(connection: Connection) -> int:
    """:func:`~yukon.storage.schema.migrate`, with a right the app's user lacks
    named, and the ``GRANT`` that gives it.

    :raises DatabaseAccessError: when the user may not create or change the tables.
    """
    try:
        return migrate(connection, POSTGRES)
    except (psycopg.errors.InsufficientPrivilege, psycopg.errors.InvalidSchemaName) as error:
        # Refused while opening the migration's transaction: it is still open.
        if connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            connection.execute("ROLLBACK")
        row = connection.execute(
            "SELECT current_user, current_database(), current_schema(),"
            " current_setting('search_path')"
        ).fetchone()
        assert row is not None  # a SELECT without FROM gives one row
        raise missing_right(error, *row) from None


class PostgresStore(SqlStore):
    """The database at the ``postgresql://`` *url* (its tables are created on first use)."""

    def __init__(self, url: str) -> None:
        connections = _PostgresConnections(url)
        try:
            with connections.connection() as connection:
                version = _migrate(connection)
        except BaseException:
            connections.close()
            raise
        super().__init__(connections, POSTGRES, version)
