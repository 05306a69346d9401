"""What the storage layer refuses, apart from the engine's own errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from yukon.engine.words import counted

if TYPE_CHECKING:
    from yukon.storage.live import LiveGame

__all__ = [
    "CorruptGameError",
    "DatabaseAccessError",
    "DatabaseBusyError",
    "DatabaseUnreachableError",
    "GameNotFoundError",
    "GameRefusedError",
    "GameTooLongError",
    "GameWonError",
    "InvalidPracticeError",
    "InvalidSettingError",
    "SchemaError",
    "StaleVersionError",
    "StorageError",
]


class StorageError(Exception):
    """Base of the storage layer's errors."""


class GameNotFoundError(StorageError, LookupError):
    """No such game for this player (an unknown id and another player's look the same)."""


class GameRefusedError(StorageError):
    """A change to a game that was refused; nothing changed. :attr:`live` is the game
    as it is, so that the answer can carry its state; :attr:`cause` is the engine's
    error (:class:`~yukon.engine.IllegalMoveError`, :class:`~yukon.engine.NothingToUndoError`)
    when the engine refused."""

    def __init__(self, live: LiveGame, message: str, cause: Exception | None = None) -> None:
        super().__init__(message)
        self.live = live
        self.cause = cause


class StaleVersionError(GameRefusedError):
    """A change sent for a version of the game that is no longer current."""

    def __init__(self, live: LiveGame, sent: int) -> None:
        super().__init__(
            live, f"the game is at version {live.version}, not {sent}: it changed elsewhere"
        )
        self.sent = sent


class GameWonError(GameRefusedError):
    """A change asked of a game that is already won (a win is final: replay the deal)."""

    def __init__(self, live: LiveGame) -> None:
        super().__init__(live, "the game is won; replay the deal or start a new game to play again")


class GameTooLongError(GameRefusedError):
    """A move or an undo asked of a game that already holds as many as a game may
    (every answer carries the game's record, so it may not grow without end)."""

    def __init__(self, live: LiveGame, limit: int) -> None:
        steps = counted(limit, "step")
        super().__init__(live, f"a game holds at most {steps} (moves and undos); start a new one")
        self.limit = limit


class CorruptGameError(StorageError):
    """A stored game that cannot be resumed: its record or fields are damaged."""

    def __init__(self, game_id: str, detail: str) -> None:
        super().__init__(
            f"game {game_id!r} cannot be resumed: its stored data is damaged ({detail})"
        )
        self.game_id = game_id
        self.detail = detail


class DatabaseAccessError(StorageError):
    """The database refuses the app as it is set up (no such database or user, a
    wrong password, a missing right): the settings or the database must change."""


class DatabaseBusyError(StorageError):
    """A write that waited its time for a lock another program holds on the
    database, and gave up: nothing was changed, and the same write may succeed
    after :attr:`retry_after` seconds."""

    retry_after = 1

    def __init__(self) -> None:
        super().__init__(
            "the database is locked by another program's write; nothing was changed, try again"
        )


class DatabaseUnreachableError(StorageError):
    """The database server cannot be reached now (not running, starting, full):
    the same settings may work later."""


class SchemaError(StorageError):
    """A database whose schema this version of the app cannot use."""


class InvalidSettingError(StorageError, ValueError):
    """A player setting with an unknown name or a value of the wrong kind."""


class InvalidPracticeError(StorageError, ValueError):
    """A practice game asked to start from a position that is not on the game's
    line (a number of moves below 0 or beyond the line's length)."""
