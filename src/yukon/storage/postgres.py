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

from psycopg import Connection
from psycopg_pool import ConnectionPool

from yukon.storage.dialect import POSTGRES
from yukon.storage.schema import migrate
from yukon.storage.sql import SqlStore

__all__ = ["POOL_SIZE", "PostgresStore"]

POOL_SIZE: Final = 8
"""Connections per process: more than the threads that use them at once rarely
helps on a small machine, and PostgreSQL allows 100 by default."""
_CONNECT_TIMEOUT: Final = 10.0


class _PostgresConnections:
    def __init__(self, url: str) -> None:
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
    def transaction(self) -> Iterator[Connection]:
        with self._pool.connection() as connection, connection.transaction():
            yield connection

    def close(self) -> None:
        self._pool.close()


class PostgresStore(SqlStore):
    """The database at the ``postgresql://`` *url* (its tables are created on first use)."""

    def __init__(self, url: str) -> None:
        connections = _PostgresConnections(url)
        try:
            with connections.connection() as connection:
                version = migrate(connection, POSTGRES)
        except BaseException:
            connections.close()
            raise
        super().__init__(connections, POSTGRES, version)
