"""Every difference between SQLite and PostgreSQL that the app's SQL meets, in one place.

The queries and the migrations are written once, in the SQL both understand, with
``?`` for parameters and ``{real}`` / ``{bigint}`` for the two column types whose
names differ; a :class:`Dialect` turns them into its database's text. The schema
version is kept where each database keeps such a thing: SQLite's
``PRAGMA user_version``, PostgreSQL's one-row table ``yukon_schema``.

>>> POSTGRES.sql("UPDATE games SET record = ? WHERE id = ?")
'UPDATE games SET record = %s WHERE id = %s'
>>> POSTGRES.sql("SELECT count(*) % 2 FROM games WHERE rules = ?")
'SELECT count(*) %% 2 FROM games WHERE rules = %s'
>>> SQLITE.ddl("created {real} NOT NULL"), POSTGRES.ddl("created {real} NOT NULL")
('created REAL NOT NULL', 'created DOUBLE PRECISION NOT NULL')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

__all__ = ["POSTGRES", "SQLITE", "Dialect"]


@dataclass(frozen=True, slots=True)
class Dialect:
    """How one database spells what differs."""

    name: str
    placeholder: str
    real: str  # a wall-clock time in seconds: PostgreSQL's REAL has only 6 digits
    bigint: str  # milliseconds played: more than 2**31 in 25 days
    begin_migration: tuple[str, ...]
    """Statements that open the one transaction a migration step runs in, holding
    a lock that another process migrating at the same moment waits for."""
    read_version: str
    write_version: str  # with {version}
    list_tables: str
    """The names of the tables in the app's schema (to tell another app's database)."""

    def sql(self, text: str) -> str:
        """A query written with ``?`` parameters, in this dialect."""
        return _placeholders(text, self.placeholder)

    def ddl(self, text: str) -> str:
        """A schema statement with the ``{real}`` and ``{bigint}`` types, in this dialect."""
        return text.format(real=self.real, bigint=self.bigint)


@lru_cache(maxsize=256)
def _placeholders(text: str, placeholder: str) -> str:
    # The app's SQL has no "?" inside a string literal, so every "?" is a parameter.
    # psycopg's "%s" makes every other "%" (the modulo operator) a format character.
    if placeholder == "?":
        return text
    return text.replace("%", "%%").replace("?", placeholder)


SQLITE: Final = Dialect(
    name="sqlite",
    placeholder="?",
    real="REAL",
    bigint="INTEGER",
    begin_migration=("BEGIN IMMEDIATE",),
    read_version="PRAGMA user_version",
    write_version="PRAGMA user_version = {version}",
    list_tables="SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
)

POSTGRES: Final = Dialect(
    name="postgresql",
    placeholder="%s",
    real="DOUBLE PRECISION",
    bigint="BIGINT",
    begin_migration=(
        "BEGIN",
        # Held to the end of the transaction: processes starting together migrate in turn.
        "SELECT pg_advisory_xact_lock(7261001)",
        "CREATE TABLE IF NOT EXISTS yukon_schema (version INTEGER NOT NULL)",
        "INSERT INTO yukon_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM yukon_schema)",
    ),
    read_version="SELECT version FROM yukon_schema",
    write_version="UPDATE yukon_schema SET version = {version}",
    list_tables="SELECT table_name FROM information_schema.tables"
    " WHERE table_schema = current_schema()",
)
