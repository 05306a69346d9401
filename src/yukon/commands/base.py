"""What every command module shares: the parser's sub-commands they add to, and
:class:`CommandError`, the bad input a command reports in one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TextIO, TypeAlias

from yukon.engine import Record

__all__ = [
    "EXIT_ADDRESS",
    "EXIT_FAILED",
    "EXIT_UNAVAILABLE",
    "EXIT_USAGE",
    "AddressError",
    "CommandError",
    "FailedError",
    "Register",
    "Subcommands",
    "UnavailableError",
    "printable",
    "read_record",
]

Subcommands: TypeAlias = "argparse._SubParsersAction[Any]"
Register: TypeAlias = Callable[[Subcommands], None]
"""A command module's ``register``: adds its sub-commands to ``yukon``'s."""

EXIT_FAILED = 1
"""The exit status of a command that failed for a reason its log gives."""
EXIT_USAGE = 2
"""The exit status of a bad input, as argparse's own: a bad option, or a setting
(such as the database) that must change before the command can work; a service
manager should not start it again as it is."""
EXIT_ADDRESS = 3
"""``yukon serve`` cannot listen where it was told: another program holds the port,
the address is not this machine's, or the port needs privileges."""
EXIT_UNAVAILABLE = 4
"""The database cannot be reached now (PostgreSQL down, starting or full): the same
command may work later."""


class CommandError(Exception):
    """A bad input the command reports in one line; ``yukon`` then exits with
    :attr:`exit_code` (as Click's ``ClickException`` carries its own)."""

    exit_code: ClassVar[int] = EXIT_USAGE


class FailedError(CommandError):
    """A command that could not do its work, for a reason its log gives."""

    exit_code = EXIT_FAILED


class AddressError(CommandError):
    """``yukon serve`` cannot listen on the address and port it was given."""

    exit_code = EXIT_ADDRESS


class UnavailableError(CommandError):
    """The database cannot be reached now; a later try may work."""

    exit_code = EXIT_UNAVAILABLE


def printable(text: str) -> str:
    r"""*text* with what cannot be written as UTF-8 escaped: a file name or an
    argument that was not text arrives as lone surrogates.

    >>> printable("games/caf\udce9.sqlite3")
    'games/caf\\udce9.sqlite3'
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def read_record(parts: Sequence[str], stdin: TextIO) -> Record:
    """A record as ``yukon replay`` and ``yukon review`` take it: the code and moves
    as arguments, or ``-`` to read them from *stdin*.

    :raises CommandError: when there is none; the record's own errors as they are.
    """
    text = stdin.read() if list(parts) == ["-"] else " ".join(parts)
    if not text.strip():
        raise CommandError("no record given: pass the code and moves, or '-' to read them")
    return Record.parse(text)
