"""Opening a database: SQLite for a path, PostgreSQL for a URL."""

from __future__ import annotations

from pathlib import Path

from yukon.storage.store import Store, is_postgres_url

__all__ = ["open_store"]


def open_store(target: str | Path, *, durable: bool = False) -> Store:
    """The database at *target*: a ``postgresql://`` URL, or the path of an SQLite
    file (created with its folder on first use). *durable* asks SQLite for an
    fsync per commit; PostgreSQL commits durably by default.

    :raises SchemaError: for a database written by a newer version of the app.
    """
    if is_postgres_url(target):
        from yukon.storage.postgres import PostgresStore  # psycopg only when asked for

        return PostgresStore(str(target))
    from yukon.storage.sqlite import SqliteStore

    return SqliteStore(target, durable=durable)
