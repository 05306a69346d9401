"""What the server is built from: the database, the files it serves, the clock."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from yukon.storage.service import DEFAULT_CACHE_SIZE
from yukon.web.guard import ANY_HOST, MAX_HEADER_BYTES

__all__ = [
    "GAMES_PER_MINUTE",
    "I18N_DIR",
    "MAX_BODY",
    "MAX_GAME_STEPS",
    "STATIC_DIR",
    "AppSettings",
]

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
I18N_DIR: Final = Path(__file__).resolve().parent.parent / "i18n"
MAX_BODY: Final = 16 * 1024
"""The largest request body accepted (docs/api.md)."""
MAX_GAME_STEPS: Final = 3000
"""The most moves and undos one game may hold: every answer carries the game's
record, about 3.5 bytes a step (a game is won in a few hundred)."""
GAMES_PER_MINUTE: Final = 30
"""The most games one player may start in a minute (each is stored for good)."""


@dataclass(frozen=True, slots=True)
class AppSettings:
    """Settings of one server. Tests pass their own *clock* and *rng*.

    *db_path* is an SQLite file's path or a ``postgresql://`` URL;
    *clock* gives wall-clock seconds (the game clocks and timestamps);
    *durable* makes every commit survive a power cut too (``synchronous=FULL``),
    not only a crash of the process; *secure_cookies* marks the player cookie
    ``Secure`` for a server behind HTTPS. The solver gets *hint_seconds* per
    hint, *analysis_seconds* per "Can this still be won?" and *review_seconds*
    per position of a review's line, at most *review_total_seconds* in all, in
    *solver_workers* processes (``None``: one per CPU, at least two), with at
    most *solver_queue* searches of each kind waiting (see :mod:`yukon.web.solving`).
    *allowed_hosts* are the names the server
    answers for in the ``Host`` header (``*`` any; ``*.example.org`` a domain's
    subdomains); *max_header_bytes*, *max_game_steps* and *games_per_minute*
    bound what one request or one player may cost.
    """

    db_path: Path | str
    static_dir: Path = STATIC_DIR
    i18n_dir: Path = I18N_DIR
    clock: Callable[[], float] = time.time
    rng: random.Random = field(default_factory=random.SystemRandom)
    max_body: int = MAX_BODY
    cache_size: int = DEFAULT_CACHE_SIZE
    durable: bool = False
    secure_cookies: bool = False
    hint_seconds: float = 1.0
    analysis_seconds: float = 3.0
    review_seconds: float = 1.0
    review_total_seconds: float = 10.0
    solver_workers: int | None = None
    solver_queue: int = 4
    allowed_hosts: tuple[str, ...] = (ANY_HOST,)
    max_header_bytes: int = MAX_HEADER_BYTES
    max_game_steps: int = MAX_GAME_STEPS
    games_per_minute: int = GAMES_PER_MINUTE
