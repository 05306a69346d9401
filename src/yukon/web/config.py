"""What the server is built from: the database, the files it serves, the clock."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from yukon.storage.service import DEFAULT_CACHE_SIZE

__all__ = ["I18N_DIR", "MAX_BODY", "STATIC_DIR", "AppSettings"]

STATIC_DIR: Final = Path(__file__).resolve().parent / "static"
I18N_DIR: Final = Path(__file__).resolve().parent.parent / "i18n"
MAX_BODY: Final = 16 * 1024
"""The largest request body accepted (docs/api.md)."""


@dataclass(frozen=True, slots=True)
class AppSettings:
    """Settings of one server. Tests pass their own *clock* and *rng*.

    *db_path* is an SQLite file's path or a ``postgresql://`` URL;
    *clock* gives wall-clock seconds (the game clocks and timestamps);
    *durable* makes every commit survive a power cut too (``synchronous=FULL``),
    not only a crash of the process; *secure_cookies* marks the player cookie
    ``Secure`` for a server behind HTTPS. The solver gets *hint_seconds* per
    hint and *analysis_seconds* per "Can this still be won?", in at most
    *solver_workers* searches at once.
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
    solver_workers: int = 1
