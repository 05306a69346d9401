"""Storage: players' games in SQLite (the embedded default) or PostgreSQL, behind
one :class:`Store` protocol and one versioned schema; games resumed by replaying
their records, and the game service on top."""

from yukon.storage.backends import open_store
from yukon.storage.errors import (
    CorruptGameError,
    DatabaseAccessError,
    DatabaseBusyError,
    DatabaseUnreachableError,
    GameNotFoundError,
    GameRefusedError,
    GameTooLongError,
    GameWonError,
    InvalidPracticeError,
    InvalidSettingError,
    SchemaError,
    StaleVersionError,
    StorageError,
)
from yukon.storage.figures import DailyFigures
from yukon.storage.live import GameClock, LiveGame
from yukon.storage.paths import default_db_path
from yukon.storage.rows import GameRow
from yukon.storage.service import GameService
from yukon.storage.settings import LANGUAGES, Language, PlayerSettings
from yukon.storage.stats import DailyStats, RulesStats, rules_stats
from yukon.storage.store import Store, describe_database, is_postgres_url

__all__ = [
    "LANGUAGES",
    "CorruptGameError",
    "DailyFigures",
    "DailyStats",
    "DatabaseAccessError",
    "DatabaseBusyError",
    "DatabaseUnreachableError",
    "GameClock",
    "GameNotFoundError",
    "GameRefusedError",
    "GameRow",
    "GameService",
    "GameTooLongError",
    "GameWonError",
    "InvalidPracticeError",
    "InvalidSettingError",
    "Language",
    "LiveGame",
    "PlayerSettings",
    "RulesStats",
    "SchemaError",
    "StaleVersionError",
    "StorageError",
    "Store",
    "default_db_path",
    "describe_database",
    "is_postgres_url",
    "open_store",
    "rules_stats",
]
