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

# Imported after REGISTRY exists: each command module imports Subcommands from here.
from yukon.commands import analyze, serve, solve  # noqa: E402

REGISTRY.append(serve.register)
REGISTRY.append(solve.register)
REGISTRY.append(analyze.register)
