"""What every command module shares: the parser's sub-commands they add to, and
:class:`CommandError`, the bad input a command reports in one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, ClassVar, TypeAlias

__all__ = ["EXIT_USAGE", "CommandError", "Register", "Subcommands", "printable"]

Subcommands: TypeAlias = "argparse._SubParsersAction[Any]"
Register: TypeAlias = Callable[[Subcommands], None]
"""A command module's ``register``: adds its sub-commands to ``yukon``'s."""

EXIT_USAGE = 2
"""The exit status of a bad input, as argparse's own."""


class CommandError(Exception):
    """A bad input the command reports in one line; ``yukon`` then exits with
    :attr:`exit_code` (as Click's ``ClickException`` carries its own)."""

    exit_code: ClassVar[int] = EXIT_USAGE


def printable(text: str) -> str:
    r"""*text* with what cannot be written as UTF-8 escaped: a file name or an
    argument that was not text arrives as lone surrogates.

    >>> printable("games/caf\udce9.sqlite3")
    'games/caf\\udce9.sqlite3'
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
