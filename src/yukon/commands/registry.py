"""The commands of the layers above the engine, in the order ``yukon --help``
lists them: a plain list, as a Click group keeps its commands. A new command
module adds its ``register`` here."""

from __future__ import annotations

from typing import Final

from yukon.commands import analyze, daily, maintenance, review, serve, solve
from yukon.commands.base import Register

__all__ = ["REGISTRY"]

REGISTRY: Final[tuple[Register, ...]] = (
    serve.register,
    solve.register,
    analyze.register,
    review.register,
    daily.register,
    maintenance.register,
)
