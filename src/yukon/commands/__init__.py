"""Command-line commands of the layers above the engine (solver, server).

Each module here has ``register(commands)`` that adds its sub-commands to the
``yukon`` parser; :data:`REGISTRY` lists them in the order ``--help`` shows.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, TypeAlias

Subcommands: TypeAlias = "argparse._SubParsersAction[Any]"
Register: TypeAlias = Callable[[Subcommands], None]

REGISTRY: list[Register] = []


class CommandError(Exception):
    """A bad input the command reports in one line, with exit status 2."""


def printable(text: str) -> str:
    r"""*text* with what cannot be written as UTF-8 escaped: a file name or an
    argument that was not text arrives as lone surrogates.

    >>> printable("games/caf\udce9.sqlite3")
    'games/caf\\udce9.sqlite3'
    """
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


# Imported after REGISTRY exists: each command module imports Subcommands from here.
from yukon.commands import analyze, maintenance, serve, solve  # noqa: E402

REGISTRY.append(serve.register)
REGISTRY.append(solve.register)
REGISTRY.append(analyze.register)
REGISTRY.append(maintenance.register)
