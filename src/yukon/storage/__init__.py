"""Storage: players' games in SQLite (the embedded default) or PostgreSQL, behind
one :class:`Store` protocol and one versioned schema; games resumed by replaying
their records, and the game service on top."""

from yukon.storage import errors
from yukon.storage.backends import open_store
from yukon.storage.errors import *  # noqa: F403 (exported as errors.__all__ says, below)
from yukon.storage.figures import DailyFigures
from yukon.storage.live import GameClock, LiveGame
from yukon.storage.paths import default_db_path
from yukon.storage.rows import GameRow, Practice
from yukon.storage.service import GameService
from yukon.storage.settings import LANGUAGES, Language, PlayerSettings
from yukon.storage.stats import DailyStats, RulesStats, rules_stats
from yukon.storage.store import Store, describe_database, is_postgres_url

__all__ = [
    "LANGUAGES",
    "DailyFigures",
    "DailyStats",
    "GameClock",
    "GameRow",
    "GameService",
    "Language",
    "LiveGame",
    "PlayerSettings",
    "Practice",
    "RulesStats",
    "Store",
    "default_db_path",
    "describe_database",
    "is_postgres_url",
    "open_store",
    "rules_stats",
]
# The errors, as the errors module lists them (its __all__ is the one list to keep).
__all__ += errors.__all__
