"""Where the database lives by default: the user's data directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

__all__ = ["APP_DIR", "DB_NAME", "default_db_path"]

APP_DIR: Final = "yukon-solitaire"
DB_NAME: Final = "yukon.sqlite3"


def default_db_path(environ: Mapping[str, str] | None = None, home: Path | None = None) -> Path:
    """``$XDG_DATA_HOME/yukon-solitaire/yukon.sqlite3``, or under ``~/.local/share``
    when ``XDG_DATA_HOME`` is unset or not absolute (as the XDG spec asks).

    >>> str(default_db_path({"XDG_DATA_HOME": "/data"}))
    '/data/yukon-solitaire/yukon.sqlite3'
    >>> str(default_db_path({}, home=Path("/home/ann")))
    '/home/ann/.local/share/yukon-solitaire/yukon.sqlite3'
    """
    env = os.environ if environ is None else environ
    base_text = env.get("XDG_DATA_HOME", "")
    base = Path(base_text) if base_text and os.path.isabs(base_text) else None
    if base is None:
        base = (Path.home() if home is None else home) / ".local" / "share"
    return base / APP_DIR / DB_NAME
