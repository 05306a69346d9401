"""The database schema, versioned with ``PRAGMA user_version`` and migrated forward.

Each migration is a list of SQL statements that takes the schema from version
``n`` to ``n + 1``; they run in order, each in its own transaction, so a crash
in the middle leaves the database at the last version that completed.
A migration is never edited once released: a change is a new migration.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Final

from yukon.storage.errors import SchemaError

__all__ = ["MIGRATIONS", "Migration", "migrate", "schema_version"]

Migration = Sequence[str]

MIGRATIONS: Final[tuple[Migration, ...]] = (
    # 1: players with their settings and current game; games as records plus what
    # is needed to resume them exactly (hints, clock, version) and to list them.
    (
        """
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            settings TEXT NOT NULL DEFAULT '{}',
            current_game TEXT,
            created REAL NOT NULL
        )
        """,
        """
        CREATE TABLE games (
            id TEXT PRIMARY KEY,
            player TEXT NOT NULL REFERENCES players (id),
            code TEXT NOT NULL,
            record TEXT NOT NULL,
            version INTEGER NOT NULL,
            hints INTEGER NOT NULL DEFAULT 0,
            elapsed_ms INTEGER NOT NULL DEFAULT 0,
            clock_since REAL,
            page_hidden INTEGER NOT NULL DEFAULT 0,
            score INTEGER NOT NULL DEFAULT 0,
            moves INTEGER NOT NULL DEFAULT 0,
            undos INTEGER NOT NULL DEFAULT 0,
            won INTEGER NOT NULL DEFAULT 0,
            created REAL NOT NULL,
            updated REAL NOT NULL
        )
        """,
        "CREATE INDEX games_by_player ON games (player, created)",
    ),
    # 2: the rules letter of each game, so statistics per rule set need no parsing.
    (
        "ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT 'C'",
        "UPDATE games SET rules = substr(upper(trim(code)), 5, 1)",
        "CREATE INDEX games_by_player_rules ON games (player, rules, created)",
    ),
)


def schema_version(connection: sqlite3.Connection) -> int:
    """The schema version stored in the database (0 for a new one)."""
    row = connection.execute("PRAGMA user_version").fetchone()
    return int(row[0])


def _refuse_foreign(connection: sqlite3.Connection) -> None:
    """A database without a schema version must be empty: tables there belong to
    another application, and ours must not be mixed into it."""
    names = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    if names:
        raise SchemaError(
            f"the database holds tables of another application ({', '.join(sorted(names))}),"
            " not Yukon's: use another --db"
        )


def migrate(connection: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to the latest version; returns the version reached.

    *connection* must be in autocommit mode (``isolation_level=None``) so that
    each migration is exactly one explicit transaction.

    :raises SchemaError: when the database was written by a newer version of the app,
        or holds another application's tables.
    """
    current = schema_version(connection)
    if current == 0:
        _refuse_foreign(connection)
    if current > len(migrations):
        raise SchemaError(
            f"the database has schema version {current}, newer than this app knows"
            f" ({len(migrations)}): update the app or use another --db"
        )
    for version in range(current, len(migrations)):
        connection.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            if schema_version(connection) != version:
                connection.execute("ROLLBACK")
                return migrate(connection, migrations)
            for statement in migrations[version]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {version + 1:d}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    return len(migrations)
