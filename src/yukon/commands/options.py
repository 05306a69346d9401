"""Options that are also environment variables: ``--hint-seconds`` is
``YUKON_HINT_SECONDS``, the flag winning over the variable, and ``--help`` shows
both with the default in force.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_option(parser, "--port", port_number, 8000, "port", environ={"YUKON_PORT": "8080"})
>>> parser.parse_args([]).port, parser.parse_args(["--port", "9000"]).port
(8080, 9000)
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final

__all__ = [
    "add_option",
    "add_switch",
    "database_target",
    "env_name",
    "file_path",
    "host_list",
    "port_number",
    "positive_float",
    "positive_int",
    "switch_value",
]

_TRUE: Final = frozenset({"1", "true", "yes", "on"})
_FALSE: Final = frozenset({"0", "false", "no", "off", ""})
_URL: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+://")


def env_name(flag: str) -> str:
    """``--hint-seconds`` → ``YUKON_HINT_SECONDS``."""
    return "YUKON_" + flag.lstrip("-").replace("-", "_").upper()


def _number(
    kind: Callable[[str], int | float], low: float, high: float, what: str
) -> Callable[[str], int | float]:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}")
        return value

    return parse


port_number = _number(int, 1, 65535, "a port number from 1 to 65535")
positive_int = _number(int, 1, 1_000_000_000, "a whole number of at least 1")
positive_float = _number(float, 0.001, 86_400, "a number of seconds above 0")


def file_path(text: str) -> Path:
    """A file's path as given; a NUL character, which no path may hold, is refused
    here rather than by the first call that touches the file."""
    if "\x00" in text:
        raise argparse.ArgumentTypeError(f"{text!r} is not a path: it holds a NUL character")
    return Path(text)


def database_target(text: str) -> Path | str:
    """An SQLite file's path, or a PostgreSQL URL as it was written. Any other URL
    is refused: taken for a file's path, ``mysql://db/games`` would make a folder
    ``mysql:`` and a new, empty database in it.

    >>> database_target("games.sqlite3"), database_target("postgresql://db/yukon")
    (PosixPath('games.sqlite3'), 'postgresql://db/yukon')
    >>> database_target("mysql://db/games")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'mysql://db/games' is not a database this app can use: ...
    """
    from yukon.storage import is_postgres_url

    if is_postgres_url(text):
        return text
    if _URL.match(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a database this app can use: give an SQLite file's path or a"
            " postgresql:// URL"
        )
    return file_path(text)


def host_list(text: str) -> tuple[str, ...]:
    """Host names separated by commas: ``yukon.example.org,*.example.org`` or ``*``."""
    names = tuple(name.strip().lower() for name in text.split(",") if name.strip())
    if not names:
        raise argparse.ArgumentTypeError("give at least one host name, or * for any")
    return names


def switch_value(text: str) -> bool:
    """An on/off environment variable: 1/true/yes/on or 0/false/no/off."""
    lowered = text.strip().lower()
    if lowered in _TRUE | _FALSE:
        return lowered in _TRUE
    raise argparse.ArgumentTypeError(f"{text!r} is not one of 1, 0, true, false, yes, no, on, off")


def add_option(
    parser: argparse.ArgumentParser,
    flag: str,
    kind: Callable[[str], object],
    default: object,
    help_text: str,
    *,
    shown: str | None = None,
    env: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Add *flag* whose default comes from its ``YUKON_*`` variable (or *env*),
    else *default* (*shown* in the help instead of it, when given)."""
    env = env or env_name(flag)
    value = (os.environ if environ is None else environ).get(env)

    def parse(text: str) -> object:
        try:
            return kind(text)
        except argparse.ArgumentTypeError as error:
            if isinstance(text, _FromEnvironment):
                raise argparse.ArgumentTypeError(f"{error} (from {env})") from None
            raise

    parser.add_argument(
        flag,
        type=parse,
        # argparse passes a text default through *parse*, so a bad variable is reported.
        default=default if value is None else _FromEnvironment(value),
        help=f"{help_text} [{env}; default: {default if shown is None else shown}]",
    )


class _FromEnvironment(str):
    """A default read from the environment, so that an error can say so."""

    __slots__ = ()


def add_switch(
    parser: argparse.ArgumentParser,
    flag: str,
    help_text: str,
    *,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Add an on/off *flag*, off unless its ``YUKON_*`` variable turns it on."""
    env = env_name(flag)
    value = (os.environ if environ is None else environ).get(env)
    try:
        default = False if value is None else switch_value(value)
    except argparse.ArgumentTypeError as error:
        parser.error(f"{env}: {error}")
    parser.add_argument(
        flag, action="store_true", default=default, help=f"{help_text} [{env}; default: off]"
    )
