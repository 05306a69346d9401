"""What the game service asks of a database: the :class:`Store` protocol, which
both backends (:mod:`yukon.storage.sqlite`, :mod:`yukon.storage.postgres`) meet,
and how a database is named (a path or a URL); :func:`~yukon.storage.backends.open_store`
opens one.

Every method is a short blocking call, safe from any thread: the web layer runs
them in a thread pool, never on the event loop. Nothing is cached here; every
answer is what the database holds now.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final, Protocol
from urllib.parse import urlsplit, urlunsplit

from yukon.storage.figures import DailyFigures
from yukon.storage.rows import GameRow

__all__ = ["POSTGRES_SCHEMES", "Store", "describe_database", "is_postgres_url"]

POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://")
_PASSWORD_PARAMETER: Final = re.compile(r"(?<![^&])(password)=[^&]*", re.IGNORECASE)


class Store(Protocol):
    """Players, their settings and their games, in one database."""

    version: int
    """The schema version of the database (the latest, once opened)."""

    def load_game(self, game_id: str) -> GameRow | None: ...

    def insert_game(self, row: GameRow) -> None:
        """Store a new game and make it the player's current game."""

    def update_game(self, row: GameRow, expected_revision: int) -> bool:
        """Store *row* over the game at *expected_revision*; ``False`` (and nothing
        written) when another write came first."""

    def current_game_id(self, player: str) -> str | None: ...

    def make_current(self, player: str, game_id: str) -> None:
        """Make the player's game *game_id* their current game again."""

    def list_games(self, player: str, limit: int) -> list[GameRow]:
        """The player's games, newest first."""

    def games_by_rules(self, player: str, rules: str) -> list[GameRow]:
        """The player's games under *rules* (``C`` or ``R``), oldest first."""

    def load_review(self, game_id: str) -> tuple[int, str] | None:
        """The review stored with the game (JSON text) and the version of the game it
        reviews; ``None`` when there is none."""

    def save_review(self, game_id: str, version: int, review: str) -> bool:
        """Keep *review* (JSON text) with the game, when the game is still at
        *version*; ``False`` (and nothing written) when it is not."""

    def load_settings(self, player: str) -> dict[str, object]:
        """The player's stored settings (an empty dict when none or unreadable)."""

    def save_settings(self, player: str, settings: dict[str, object], now: float) -> None: ...

    def schema_version(self) -> int:
        """The schema version as the database holds it now (a real read: the health check)."""

    def daily_games(self, player: str, daily: str, rules: str) -> list[GameRow]:
        """The player's games of the daily deal of day *daily* under *rules*, oldest first."""

    def daily_figures(self, daily: str, rules: str, player: str) -> DailyFigures:
        """The figures of the daily deal of day *daily* under *rules*, with *player*'s
        own standing."""

    def all_games(self, player: str) -> list[GameRow]:
        """Every game of the player, oldest first (the player's export)."""

    def delete_player(self, player: str) -> int:
        """Delete the player, their settings and every game of theirs; returns the
        number of games deleted."""

    def prune_inactive(self, before: float) -> tuple[int, int]:
        """Delete the players first seen before *before* whose games (if any) all last
        changed before it too, with their games; returns (players, games)."""

    def close(self) -> None: ...


def is_postgres_url(target: str | Path) -> bool:
    """Whether *target* names a PostgreSQL database rather than an SQLite file.

    >>> is_postgres_url("postgresql://yukon@db/yukon"), is_postgres_url("games.sqlite3")
    (True, False)
    """
    return isinstance(target, str) and target.startswith(POSTGRES_SCHEMES)


def describe_database(target: str | Path | None) -> str:
    """*target* as it can be shown in a log: a URL without its password (given
    before the host or as a parameter); the default file when ``None``.

    >>> describe_database("postgresql://yukon:secret@db:5432/yukon")
    'postgresql://yukon:***@db:5432/yukon'
    >>> describe_database("postgresql://db/yukon?user=yukon&password=secret")
    'postgresql://db/yukon?user=yukon&password=***'
    """
    if target is None:
        from yukon.storage.paths import default_db_path

        return str(default_db_path())
    if not is_postgres_url(target):
        return str(target)
    parts = urlsplit(str(target))
    netloc = parts.netloc
    if parts.password is not None:
        netloc = netloc.replace(f":{parts.password}@", ":***@", 1)
    query = _PASSWORD_PARAMETER.sub(r"\1=***", parts.query)
    return urlunsplit(parts._replace(netloc=netloc, query=query))
