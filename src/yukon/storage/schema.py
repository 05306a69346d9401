"""The database schema, one migration history for SQLite and PostgreSQL.

Each migration is a list of SQL statements that takes the schema from version
``n`` to ``n + 1``; they run in order, each in its own transaction, so a crash
in the middle leaves the database at the last version that completed.
A migration is never edited once released: a change is a new migration. The
statements are written once for both databases, with ``{real}`` and ``{bigint}``
for the column types they name differently (:mod:`yukon.storage.dialect`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Protocol

from yukon.storage.dialect import SQLITE, Dialect
from yukon.storage.errors import SchemaError

__all__ = ["MIGRATIONS", "Connection", "Migration", "check_schema", "migrate", "schema_version"]

Migration = Sequence[str]


class Connection(Protocol):
    """What the storage layer asks of a connection, ``sqlite3``'s and psycopg's
    alike (both in autocommit mode: transactions are explicit)."""

    def execute(self, sql: str, parameters: Sequence[object] = ..., /) -> Any: ...


MIGRATIONS: Final[tuple[Migration, ...]] = (
    # 1: players with their settings and current game; games as records plus what
    # is needed to resume them exactly (hints, clock, version) and to list them.
    (
        """
        CREATE TABLE players (
            id TEXT PRIMARY KEY,
            settings TEXT NOT NULL DEFAULT '{{}}',
            current_game TEXT,
            created {real} NOT NULL
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
            elapsed_ms {bigint} NOT NULL DEFAULT 0,
            clock_since {real},
            page_hidden INTEGER NOT NULL DEFAULT 0,
            score INTEGER NOT NULL DEFAULT 0,
            moves INTEGER NOT NULL DEFAULT 0,
            undos INTEGER NOT NULL DEFAULT 0,
            won INTEGER NOT NULL DEFAULT 0,
            created {real} NOT NULL,
            updated {real} NOT NULL
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
    # 3: several processes on one database. Every write to a game bumps its
    # revision (the version counts only the player's changes), so a write made
    # from a stale copy is refused; each player's games are numbered in the order
    # they were started, the tie-break of lists and streaks (SQLite's rowid did
    # that, PostgreSQL has none).
    (
        "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN number INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE players ADD COLUMN game_count INTEGER NOT NULL DEFAULT 0",
        """
        UPDATE games SET number = (
            SELECT count(*) FROM games AS earlier
            WHERE earlier.player = games.player
            AND (earlier.created < games.created
                 OR (earlier.created = games.created AND earlier.id <= games.id))
        )
        """,
        "UPDATE players SET game_count = (SELECT count(*) FROM games WHERE player = players.id)",
        "CREATE INDEX games_by_player_number ON games (player, number)",
        "CREATE INDEX games_by_player_rules_number ON games (player, rules, number)",
    ),
    # 4: the daily deal (SPEC §6). A daily game keeps its day ('YYYY-MM-DD');
    # daily_first marks the player's first game of a day's deal under its rules,
    # the one the day's figures count. Partial indexes hold only what the figures
    # and the first-game check read: a won first game's time, moves and player.
    (
        "ALTER TABLE games ADD COLUMN daily TEXT",
        "ALTER TABLE games ADD COLUMN daily_first INTEGER NOT NULL DEFAULT 0",
        "CREATE INDEX games_by_player_daily ON games (player, daily) WHERE daily IS NOT NULL",
        """
        CREATE INDEX games_daily_times ON games (daily, rules, elapsed_ms)
        WHERE daily_first = 1 AND won = 1
        """,
        """
        CREATE INDEX games_daily_moves ON games (daily, rules, moves)
        WHERE daily_first = 1 AND won = 1
        """,
        """
        CREATE INDEX games_daily_players ON games (daily, rules, player)
        WHERE daily_first = 1 AND won = 1
        """,
    ),
    # 5: "Where did it go wrong?" (SPEC §6). A practice game (Try from here) starts
    # from another game's line with some of its moves played: practice_of names that
    # game and practice_moves how many (both NULL for every other game). A game's
    # review, once computed, is kept as JSON with the version of the game it
    # reviews: a later look at the game unchanged reads it instead of searching.
    (
        "ALTER TABLE games ADD COLUMN practice_of TEXT",
        "ALTER TABLE games ADD COLUMN practice_moves INTEGER",
        "ALTER TABLE games ADD COLUMN review TEXT",
        "ALTER TABLE games ADD COLUMN review_version INTEGER",
    ),
)


def schema_version(connection: Connection, dialect: Dialect = SQLITE) -> int:
    """The schema version stored in the database (0 for a new one)."""
    row = connection.execute(dialect.read_version).fetchone()
    return int(row[0])


def check_schema(
    connection: Connection, dialect: Dialect = SQLITE, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """The database's schema version, once it is known to be Yukon's and not newer
    than this app: a database without a version must hold no tables, for tables
    there belong to another application and ours must not be mixed into them.

    :raises SchemaError: for a newer schema, or another application's tables.
    """
    version = schema_version(connection, dialect)
    if version > len(migrations):
        raise SchemaError(
            f"the database has schema version {version}, newer than this app knows"
            f" ({len(migrations)}): update the app or use another --db"
        )
    # Read whatever the version: a damaged schema shows here, at start-up.
    names = sorted(
        row[0]
        for row in connection.execute(dialect.list_tables).fetchall()
        if row[0] != "yukon_schema"
    )
    if version == 0 and names:
        raise SchemaError(
            f"the database holds tables of another application ({', '.join(names)}),"
            " not Yukon's: use another --db"
        )
    return version


def migrate(
    connection: Connection, dialect: Dialect = SQLITE, migrations: Sequence[Migration] = MIGRATIONS
) -> int:
    """Bring the database up to the latest version; returns the version reached.

    *connection* must be in autocommit mode so that each migration is exactly one
    explicit transaction. The version is read under the migration lock, so that
    processes starting together never run a step twice.

    :raises SchemaError: when the database was written by a newer version of the app,
        or holds another application's tables.
    """
    while True:
        for statement in dialect.begin_migration:
            connection.execute(statement)
        try:
            version = check_schema(connection, dialect, migrations)
            if version == len(migrations):
                connection.execute("COMMIT")
                return version
            for statement in migrations[version]:
                connection.execute(dialect.ddl(statement))
            connection.execute(dialect.write_version.format(version=version + 1))
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
