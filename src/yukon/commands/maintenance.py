"""``yukon backup`` and ``yukon prune``: the database's housekeeping, safe to run
while the server serves it."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Final

from yukon.commands.base import CommandError, Subcommands, printable
from yukon.commands.options import add_option, database_target, file_path, positive_int
from yukon.engine.words import counted

__all__ = ["register"]

_DAY: Final = 24 * 3600


def register(commands: Subcommands) -> None:
    """Add ``backup`` and ``prune`` to the ``yukon`` parser."""
    backup = commands.add_parser(
        "backup",
        help="copy the database, also while the server runs",
        description="Copy the database at one consistent moment while the server runs: an"
        " SQLite database into a new database file, a PostgreSQL one into a pg_dump archive"
        " (custom format, restored with pg_restore; needs Debian's postgresql-client).",
    )
    backup.add_argument("path", type=file_path, help="the copy to write (a new file)")
    _add_db(backup)
    backup.set_defaults(handler=_cmd_backup)

    prune = commands.add_parser(
        "prune", help="delete players who have not played for a while, with their games"
    )
    prune.add_argument(
        "--inactive-days",
        type=positive_int,
        required=True,
        metavar="N",
        help="delete the players not seen for N days or more",
    )
    _add_db(prune)
    prune.set_defaults(handler=_cmd_prune)


def _add_db(parser: argparse.ArgumentParser) -> None:
    add_option(
        parser,
        "--db",
        database_target,
        None,
        "the SQLite database file, or a postgresql:// URL",
        shown="a file in the user's data folder",
        env="YUKON_DATABASE_URL",
    )


def _existing_db(args: argparse.Namespace) -> Path | str:
    """The database the command works on; a file must exist (a typo must not create one)."""
    from yukon.storage import default_db_path

    target: Path | str = args.db if args.db is not None else default_db_path()
    if isinstance(target, Path) and not target.is_file():
        raise CommandError(f"there is no database at {target}")
    return target


def _cmd_backup(args: argparse.Namespace) -> int:
    import sqlite3

    import psycopg

    from yukon.storage import StorageError, describe_database
    from yukon.storage.backup import backup, dump_postgres

    source = _existing_db(args)
    where = describe_database(source)
    try:
        if isinstance(source, Path):
            games = backup(source, args.path)
            done = f"{where} copied to {args.path} ({counted(games, 'game')})"
        else:
            games = dump_postgres(source, args.path)
            copied = counted(games, "game")
            done = f"{where} dumped to {args.path} ({copied}; restore with pg_restore)"
    except (sqlite3.Error, psycopg.Error, StorageError) as error:
        raise CommandError(f"cannot back up {where} to {args.path}: {error}") from None
    print(printable(done))
    return 0


def _cmd_prune(args: argparse.Namespace) -> int:
    import sqlite3

    from yukon.storage import StorageError, describe_database, open_store

    target = _existing_db(args)
    try:
        store = open_store(target)
    except (sqlite3.Error, StorageError) as error:
        where = describe_database(target)
        raise CommandError(f"cannot use the database {where}: {error}") from None
    try:
        players, games = store.prune_inactive(time.time() - args.inactive_days * _DAY)
    finally:
        store.close()
    print(
        f"deleted {counted(players, 'player')} not seen for {counted(args.inactive_days, 'day')},"
        f" and their {counted(games, 'game')}"
    )
    return 0
