"""Storage: players' games in SQLite (stdlib ``sqlite3``, WAL, versioned schema),
resumed by replaying their records, and the game service on top."""

from yukon.storage.database import Database, GameRow
from yukon.storage.errors import (
    CorruptGameError,
    GameNotFoundError,
    GameRefusedError,
    GameWonError,
    InvalidSettingError,
    SchemaError,
    StaleVersionError,
    StorageError,
)
from yukon.storage.live import GameClock, LiveGame
from yukon.storage.paths import default_db_path
from yukon.storage.service import GameService
from yukon.storage.settings import LANGUAGES, Language, PlayerSettings
from yukon.storage.stats import RulesStats, rules_stats

__all__ = [
    "LANGUAGES",
    "CorruptGameError",
    "Database",
    "GameClock",
    "GameNotFoundError",
    "GameRefusedError",
    "GameRow",
    "GameService",
    "GameWonError",
    "InvalidSettingError",
    "Language",
    "LiveGame",
    "PlayerSettings",
    "RulesStats",
    "SchemaError",
    "StaleVersionError",
    "StorageError",
    "default_db_path",
    "rules_stats",
]
