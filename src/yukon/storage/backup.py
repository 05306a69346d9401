"""A copy of the database taken while the server runs: one consistent moment,
and writers go on meanwhile. SQLite's online backup makes a database file;
PostgreSQL's own ``pg_dump`` makes an archive for ``pg_restore``."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from contextlib import closing
from pathlib import Path

from yukon.storage.errors import StorageError

__all__ = ["backup", "dump_postgres"]


def backup(source: Path, target: Path) -> int:
    """Copy the database *source* to the new file *target*; returns the number of
    games in the copy. The copy appears under its name only once it is whole and
    checked, so that a failed backup never looks like a good one.

    :raises FileExistsError: when *target* exists (a backup never overwrites).
    :raises FileNotFoundError: when there is no database at *source*.
    :raises StorageError: when the copy does not check out.
    """
    _refuse_existing(target)
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


def dump_postgres(url: str, target: Path) -> int:
    """Dump the app's schema of the PostgreSQL database at *url* into the new file
    *target* (``pg_dump``'s custom format, restored with ``pg_restore``); returns
    the number of games in the dump. The games are counted in the very snapshot
    ``pg_dump`` copies, the password reaches it through its environment (never
    its command line, which other users can see), and the file appears under its
    name only once ``pg_restore`` reads it back.

    :raises FileExistsError: when *target* exists (a backup never overwrites).
    :raises StorageError: when ``pg_dump`` is missing or fails.
    """
    import psycopg
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    _refuse_existing(target)
    dump, restore = shutil.which("pg_dump"), shutil.which("pg_restore")
    if dump is None or restore is None:
        raise StorageError("pg_dump and pg_restore are needed (Debian: postgresql-client)")
    settings = conninfo_to_dict(url)
    environment = dict(os.environ)
    password = settings.pop("password", None)
    if password is not None:
        environment["PGPASSWORD"] = str(password)
    partial = target.with_name(f".{target.name}.partial")
    try:
        with psycopg.connect(url) as connection:
            connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
            connection.read_only = True
            row = connection.execute(
                "SELECT pg_export_snapshot(), current_schema(), (SELECT count(*) FROM games)"
            ).fetchone()
            assert row is not None  # a SELECT without FROM gives one row
            snapshot, schema, games = row
            options = [
                f"--snapshot={snapshot}",
                f"--table={_every_table(schema)}",
                f"--file={partial}",
            ]
            _run(
                [dump, "--format=custom", *options, f"--dbname={make_conninfo('', **settings)}"],
                environment,
            )
        contents = _run([restore, "--list", str(partial)], environment)
        if " TABLE DATA " not in contents or " games " not in contents:
            raise StorageError(f"the dump of {schema} holds no games table")
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return int(games)


def _every_table(schema: str) -> str:
    """``pg_dump``'s pattern for the tables of *schema* (with their data, keys and
    indexes), without the schema itself: a dump of ``--schema=public`` would
    create ``public`` again, and its restore fail on the one every database has.

    >>> _every_table("public"), _every_table('odd"name')
    ('"public".*', '"odd""name".*')
    """
    return '"' + schema.replace('"', '""') + '".*'


def _refuse_existing(target: Path) -> None:
    if target.exists():
        raise FileExistsError(f"{target} exists; a backup never overwrites a file")


def _run(command: list[str], environment: dict[str, str]) -> str:
    """*command*'s output; its last line of errors as a StorageError when it fails."""
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise StorageError(f"{Path(command[0]).name}: {lines[-1]}")
    return done.stdout
