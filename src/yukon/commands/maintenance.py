"""``yukon backup`` and ``yukon prune``: the database's housekeeping, safe to run
while the server serves it."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Final

from yukon.commands import CommandError, Subcommands, printable
from yukon.commands.options import add_option, positive_int

__all__ = ["register"]

_DAY: Final = 24 * 3600


def register(commands: Subcommands) -> None:
    """Add ``backup`` and ``prune`` to the ``yukon`` parser."""
    backup = commands.add_parser("backup", help="copy the database, also while the server runs")
    backup.add_argument("path", type=Path, help="the copy to write (a new file)")
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
    add_option(parser, "--db", Path, None, "the database file", shown="the user's data folder")


def _existing_db(args: argparse.Namespace) -> Path:
    """The database the command works on; it must exist (a typo must not create one)."""
    from yukon.storage import default_db_path

    path: Path = args.db if args.db is not None else default_db_path()
    if not path.is_file():
        raise CommandError(f"there is no database at {path}")
    return path


def _cmd_backup(args: argparse.Namespace) -> int:
    import sqlite3

    from yukon.storage import StorageError
    from yukon.storage.backup import backup

    source = _existing_db(args)
    try:
        games = backup(source, args.path)
    except (sqlite3.Error, StorageError) as error:
        raise CommandError(f"cannot back up {source} to {args.path}: {error}") from None
    print(printable(f"{source} copied to {args.path} ({games} games)"))
    return 0


def _cmd_prune(args: argparse.Namespace) -> int:
    import sqlite3

    from yukon.storage import Database, StorageError

    path = _existing_db(args)
    try:
        database = Database(path)
    except (sqlite3.Error, StorageError) as error:
        raise CommandError(f"cannot use the database {path}: {error}") from None
    try:
        players, games = database.prune_inactive(time.time() - args.inactive_days * _DAY)
    finally:
        database.close()
    print(
        f"deleted {players} players not seen for {args.inactive_days} days, and their {games} games"
    )
    return 0
