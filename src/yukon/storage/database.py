"""The SQLite database: one connection, WAL, explicit transactions.

A change is acknowledged only after its ``COMMIT`` returns. With WAL and
``synchronous=NORMAL`` a committed change survives the process being killed
(SIGKILL, a crash); ``synchronous=FULL`` (``durable=True``) also survives a
power cut, at the price of one fsync per change.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from yukon.storage.schema import migrate, schema_version

__all__ = ["Database", "GameRow"]

_GAME_FIELDS: Final = (
    "id, player, code, rules, record, version, hints, elapsed_ms, clock_since,"
    " page_hidden, score, moves, undos, won, created, updated"
)


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game, as it is in the database."""

    id: str
    player: str
    code: str
    rules: str
    record: str
    version: int
    hints: int
    elapsed_ms: int
    clock_since: float | None
    page_hidden: bool
    score: int
    moves: int
    undos: int
    won: bool
    created: float
    updated: float

    def values(self) -> tuple[object, ...]:
        """The fields in the order of the table's columns."""
        return (
            self.id, self.player, self.code, self.rules, self.record, self.version,
            self.hints, self.elapsed_ms, self.clock_since, int(self.page_hidden),
            self.score, self.moves, self.undos, int(self.won), self.created, self.updated,
        )  # fmt: skip


def _game_row(row: tuple[Any, ...]) -> GameRow:
    return GameRow(
        id=row[0], player=row[1], code=row[2], rules=row[3], record=row[4],
        version=row[5], hints=row[6], elapsed_ms=row[7], clock_since=row[8],
        page_hidden=bool(row[9]), score=row[10], moves=row[11], undos=row[12],
        won=bool(row[13]), created=row[14], updated=row[15],
    )  # fmt: skip


class Database:
    """The app's SQLite file. Not thread-safe: use it from one thread (the event loop)."""

    def __init__(self, path: Path | str, *, durable: bool = False) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: every transaction below is an explicit BEGIN … COMMIT.
        self._connection = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        connection = self._connection
        connection.execute("PRAGMA busy_timeout = 5000")
        connection.execute("PRAGMA foreign_keys = ON")
        # Schema first: a file that is not ours is refused before anything is written to it.
        self.version = migrate(connection)
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")

    def close(self) -> None:
        self._connection.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any exception."""
        connection = self._connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield connection
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    # Players

    def ensure_player(self, connection: sqlite3.Connection, player: str, now: float) -> None:
        connection.execute(
            "INSERT OR IGNORE INTO players (id, created) VALUES (?, ?)", (player, now)
        )

    def current_game_id(self, player: str) -> str | None:
        row = self._connection.execute(
            "SELECT current_game FROM players WHERE id = ?", (player,)
        ).fetchone()
        if row is None or row[0] is None:
            return None
        return str(row[0])

    def load_settings(self, player: str) -> dict[str, object]:
        """The player's stored settings (an empty dict when none or unreadable)."""
        row = self._connection.execute(
            "SELECT settings FROM players WHERE id = ?", (player,)
        ).fetchone()
        if row is None:
            return {}
        try:
            data = json.loads(row[0])
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, player: str, settings: dict[str, object], now: float) -> None:
        with self.transaction() as connection:
            self.ensure_player(connection, player, now)
            connection.execute(
                "UPDATE players SET settings = ? WHERE id = ?",
                (json.dumps(settings, sort_keys=True), player),
            )

    # Games

    def insert_game(self, row: GameRow) -> None:
        """Store a new game and make it the player's current game."""
        with self.transaction() as connection:
            self.ensure_player(connection, row.player, row.created)
            connection.execute(
                f"INSERT INTO games ({_GAME_FIELDS}) VALUES ({', '.join('?' * 16)})",
                row.values(),
            )
            connection.execute(
                "UPDATE players SET current_game = ? WHERE id = ?", (row.id, row.player)
            )

    def update_game(self, row: GameRow, expected_version: int) -> bool:
        """Store *row* over the game at *expected_version*; ``False`` (and nothing
        written) when the stored game is at another version."""
        # One statement in autocommit mode is its own transaction: committed when
        # execute() returns, and nothing written when the version does not match.
        parameters = (
            row.record, row.version, row.hints, row.elapsed_ms, row.clock_since,
            int(row.page_hidden), row.score, row.moves, row.undos, int(row.won),
            row.updated, row.id, expected_version,
        )  # fmt: skip
        cursor = self._connection.execute(
            "UPDATE games SET record = ?, version = ?, hints = ?, elapsed_ms = ?,"
            " clock_since = ?, page_hidden = ?, score = ?, moves = ?, undos = ?,"
            " won = ?, updated = ? WHERE id = ? AND version = ?",
            parameters,
        )
        return cursor.rowcount == 1

    def load_game(self, game_id: str) -> GameRow | None:
        row = self._connection.execute(
            f"SELECT {_GAME_FIELDS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        return None if row is None else _game_row(row)

    def list_games(self, player: str, limit: int) -> list[GameRow]:
        """The player's games, newest first."""
        rows = self._connection.execute(
            f"SELECT {_GAME_FIELDS} FROM games WHERE player = ?"
            " ORDER BY created DESC, rowid DESC LIMIT ?",
            (player, limit),
        ).fetchall()
        return [_game_row(row) for row in rows]

    def iter_games_by_rules(self, player: str, rules: str) -> Iterator[GameRow]:
        """The player's games under *rules* (``C`` or ``R``), oldest first."""
        cursor = self._connection.execute(
            f"SELECT {_GAME_FIELDS} FROM games WHERE player = ? AND rules = ?"
            " ORDER BY created, rowid",
            (player, rules),
        )
        for row in cursor:
            yield _game_row(row)

    # A player's data, the health check, housekeeping

    def schema_version(self) -> int:
        """The schema version as the file holds it now (a real read: the health check)."""
        return schema_version(self._connection)

    def iter_all_games(self, player: str) -> Iterator[GameRow]:
        """Every game of the player, oldest first."""
        cursor = self._connection.execute(
            f"SELECT {_GAME_FIELDS} FROM games WHERE player = ? ORDER BY created, rowid",
            (player,),
        )
        for row in cursor:
            yield _game_row(row)

    def delete_player(self, player: str) -> int:
        """Delete the player, their settings and every game of theirs; returns the
        number of games deleted."""
        with self.transaction() as connection:
            games = connection.execute("DELETE FROM games WHERE player = ?", (player,)).rowcount
            connection.execute("DELETE FROM players WHERE id = ?", (player,))
        return games

    def prune_inactive(self, before: float) -> tuple[int, int]:
        """Delete the players first seen before *before* whose games (if any) all
        last changed before it too, with their games; returns (players, games)."""
        inactive = (
            "SELECT id FROM players WHERE created < :before AND NOT EXISTS"
            " (SELECT 1 FROM games WHERE games.player = players.id AND games.updated >= :before)"
        )
        with self.transaction() as connection:
            games = connection.execute(
                f"DELETE FROM games WHERE player IN ({inactive})", {"before": before}
            ).rowcount
            players = connection.execute(
                f"DELETE FROM players WHERE id IN ({inactive})", {"before": before}
            ).rowcount
        return players, games
