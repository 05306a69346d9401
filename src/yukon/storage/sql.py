"""The app's queries, written once for SQLite and PostgreSQL.

:class:`SqlStore` implements :class:`~yukon.storage.store.Store` over any
:class:`Connections`; the two databases differ only in how they hand out
connections (:mod:`yukon.storage.sqlite`, :mod:`yukon.storage.postgres`) and in
the spellings of :mod:`yukon.storage.dialect`. A change is acknowledged only
after its ``COMMIT`` returns.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from yukon.storage.dialect import Dialect
from yukon.storage.figures import FIGURES_QUERY, DailyFigures, figures_parameters
from yukon.storage.rows import GAME_FIELDS, GameRow
from yukon.storage.schema import Connection, schema_version

__all__ = ["Connections", "SqlStore"]

_INSERT_GAME = (
    f"INSERT INTO games ({GAME_FIELDS}, number, daily_first)"
    f" VALUES ({', '.join('?' * (GAME_FIELDS.count(',') + 3))})"
)
_PLAYED_DAILY = "SELECT 1 FROM games WHERE player = ? AND daily = ? AND rules = ? LIMIT 1"
_UPDATE_GAME = (
    "UPDATE games SET record = ?, version = ?, revision = ?, hints = ?, elapsed_ms = ?,"
    " clock_since = ?, page_hidden = ?, score = ?, moves = ?, undos = ?, won = ?,"
    " updated = ? WHERE id = ? AND revision = ?"
)


class Connections(Protocol):
    """Where a store gets its connections, all in autocommit mode."""

    def connection(self) -> AbstractContextManager[Connection]:
        """A connection for one statement or a few reads."""

    def write(self) -> AbstractContextManager[Connection]:
        """A connection for one write statement (its own transaction)."""

    def transaction(self) -> AbstractContextManager[Connection]:
        """A connection in a write transaction, committed when the block ends and
        rolled back when it raises."""

    def close(self) -> None: ...


class SqlStore:
    """A :class:`~yukon.storage.store.Store` in SQL, over *connections*."""

    def __init__(self, connections: Connections, dialect: Dialect, version: int) -> None:
        self._connections = connections
        self._dialect = dialect
        self.version = version

    def close(self) -> None:
        self._connections.close()

    def _one(self, sql: str, parameters: Sequence[object]) -> Any:
        with self._connections.connection() as connection:
            return connection.execute(self._dialect.sql(sql), parameters).fetchone()

    def _all(self, sql: str, parameters: Sequence[object]) -> list[Any]:
        with self._connections.connection() as connection:
            rows: list[Any] = connection.execute(self._dialect.sql(sql), parameters).fetchall()
            return rows

    # Players

    def _ensure_player(self, connection: Connection, player: str, now: float) -> None:
        connection.execute(
            self._dialect.sql(
                "INSERT INTO players (id, created) VALUES (?, ?) ON CONFLICT DO NOTHING"
            ),
            (player, now),
        )

    def current_game_id(self, player: str) -> str | None:
        row = self._one("SELECT current_game FROM players WHERE id = ?", (player,))
        if row is None or row[0] is None:
            return None
        return str(row[0])

    def make_current(self, player: str, game_id: str) -> None:
        with self._connections.transaction() as connection:
            connection.execute(
                self._dialect.sql("UPDATE players SET current_game = ? WHERE id = ?"),
                (game_id, player),
            )

    def load_settings(self, player: str) -> dict[str, object]:
        row = self._one("SELECT settings FROM players WHERE id = ?", (player,))
        if row is None:
            return {}
        try:
            data = json.loads(row[0])
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, player: str, settings: dict[str, object], now: float) -> None:
        sql = self._dialect.sql
        with self._connections.transaction() as connection:
            self._ensure_player(connection, player, now)
            connection.execute(
                sql("UPDATE players SET settings = ? WHERE id = ?"),
                (json.dumps(settings, sort_keys=True), player),
            )

    # Games

    def insert_game(self, row: GameRow) -> None:
        sql = self._dialect.sql
        with self._connections.transaction() as connection:
            self._ensure_player(connection, row.player, row.created)
            # The player's row is locked from here to the commit: numbers never repeat.
            connection.execute(
                sql(
                    "UPDATE players SET game_count = game_count + 1, current_game = ? WHERE id = ?"
                ),
                (row.id, row.player),
            )
            (number,) = connection.execute(
                sql("SELECT game_count FROM players WHERE id = ?"), (row.player,)
            ).fetchone()
            first = (
                row.daily is not None
                and not connection.execute(
                    sql(_PLAYED_DAILY), (row.player, row.daily, row.rules)
                ).fetchone()
            )
            connection.execute(sql(_INSERT_GAME), (*row.values(), number, int(first)))

    def update_game(self, row: GameRow, expected_revision: int) -> bool:
        # One statement in autocommit mode is its own transaction: committed when
        # execute() returns, and nothing written when the revision does not match.
        parameters = (
            row.record, row.version, row.revision, row.hints, row.elapsed_ms,
            row.clock_since, int(row.page_hidden), row.score, row.moves, row.undos,
            int(row.won), row.updated, row.id, expected_revision,
        )  # fmt: skip
        with self._connections.write() as connection:
            cursor = connection.execute(self._dialect.sql(_UPDATE_GAME), parameters)
            return bool(cursor.rowcount == 1)

    def load_game(self, game_id: str) -> GameRow | None:
        row = self._one(f"SELECT {GAME_FIELDS} FROM games WHERE id = ?", (game_id,))
        return None if row is None else GameRow.from_values(row)

    def list_games(self, player: str, limit: int) -> list[GameRow]:
        rows = self._all(
            f"SELECT {GAME_FIELDS} FROM games WHERE player = ? ORDER BY number DESC LIMIT ?",
            (player, limit),
        )
        return [GameRow.from_values(row) for row in rows]

    def games_by_rules(self, player: str, rules: str) -> list[GameRow]:
        rows = self._all(
            f"SELECT {GAME_FIELDS} FROM games WHERE player = ? AND rules = ? ORDER BY number",
            (player, rules),
        )
        return [GameRow.from_values(row) for row in rows]

    # Reviews (SPEC §6 "Where did it go wrong?")

    def load_review(self, game_id: str) -> tuple[int, str] | None:
        row = self._one(
            "SELECT review_version, review FROM games WHERE id = ? AND review IS NOT NULL",
            (game_id,),
        )
        if row is None or not isinstance(row[0], int) or not isinstance(row[1], str):
            return None
        return int(row[0]), str(row[1])

    def save_review(self, game_id: str, version: int, review: str) -> bool:
        # Not a change to the game: neither its version nor its revision moves, so
        # no write of the game's is refused for it; one made meanwhile wins.
        with self._connections.write() as connection:
            cursor = connection.execute(
                self._dialect.sql(
                    "UPDATE games SET review = ?, review_version = ? WHERE id = ? AND version = ?"
                ),
                (review, version, game_id, version),
            )
            return bool(cursor.rowcount == 1)

    # The daily deal

    def daily_games(self, player: str, daily: str, rules: str) -> list[GameRow]:
        rows = self._all(
            f"SELECT {GAME_FIELDS} FROM games WHERE player = ? AND daily = ? AND rules = ?"
            " ORDER BY number",
            (player, daily, rules),
        )
        return [GameRow.from_values(row) for row in rows]

    def daily_figures(self, daily: str, rules: str, player: str) -> DailyFigures:
        return DailyFigures.from_values(
            self._one(FIGURES_QUERY, figures_parameters(daily, rules, player))
        )

    # A player's data, the health check, housekeeping

    def schema_version(self) -> int:
        with self._connections.connection() as connection:
            return schema_version(connection, self._dialect)

    def all_games(self, player: str) -> list[GameRow]:
        rows = self._all(
            f"SELECT {GAME_FIELDS} FROM games WHERE player = ? ORDER BY number", (player,)
        )
        return [GameRow.from_values(row) for row in rows]

    def delete_player(self, player: str) -> int:
        sql = self._dialect.sql
        with self._connections.transaction() as connection:
            games = connection.execute(sql("DELETE FROM games WHERE player = ?"), (player,))
            deleted = int(games.rowcount)
            connection.execute(sql("DELETE FROM players WHERE id = ?"), (player,))
        return deleted

    def prune_inactive(self, before: float) -> tuple[int, int]:
        sql = self._dialect.sql
        inactive = (
            "SELECT id FROM players WHERE created < ? AND NOT EXISTS"
            " (SELECT 1 FROM games WHERE games.player = players.id AND games.updated >= ?)"
        )
        with self._connections.transaction() as connection:
            games = connection.execute(
                sql(f"DELETE FROM games WHERE player IN ({inactive})"), (before, before)
            ).rowcount
            players = connection.execute(
                sql(f"DELETE FROM players WHERE id IN ({inactive})"), (before, before)
            ).rowcount
        return int(players), int(games)
