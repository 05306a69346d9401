"""A copy of the database taken while the server runs (SQLite's online backup:
the copy is one consistent moment, and writers go on meanwhile)."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from yukon.storage.errors import StorageError

__all__ = ["backup"]


def backup(source: Path, target: Path) -> int:
    """Copy the database *source* to the new file *target*; returns the number of
    games in the copy. The copy appears under its name only once it is whole and
    checked, so that a failed backup never looks like a good one.

    :raises FileExistsError: when *target* exists (a backup never overwrites).
    :raises FileNotFoundError: when there is no database at *source*.
    :raises StorageError: when the copy does not check out.
    """
    if target.exists():
        raise FileExistsError(f"{target} exists; a backup never overwrites a file")
    if not source.is_file():
        raise FileNotFoundError(f"there is no database at {source}")
    partial = target.with_name(f".{target.name}.partial")
    try:
        with (
            closing(sqlite3.connect(source)) as reading,
            closing(sqlite3.connect(partial)) as copy,
        ):
            reading.backup(copy)
            (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
            if verdict != "ok":
                raise StorageError(f"the copy of {source} does not check out: {verdict}")
            (games,) = copy.execute("SELECT count(*) FROM games").fetchone()
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return int(games)
