"""Which build of the solver runs: compiled by mypyc, or pure Python.

The package is pure Python; ``scripts/compile.sh`` builds a wheel whose hot
path (:data:`COMPILED_MODULES`) is compiled to C by mypyc from the same
sources, about four times the states a second. The verdicts are the same, and so
are the states under a budget in states; only the speed differs, so figures
per second say which build measured them.

>>> solver_build() in (COMPILED, PURE)
True
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

__all__ = ["COMPILED", "COMPILED_MODULES", "PURE", "is_compiled", "solver_build"]

COMPILED_MODULES: Final = (
    "yukon.solver.board",
    "yukon.solver.proofs.frozen",
    "yukon.solver.measures",
    "yukon.solver.proofs.closure",
    "yukon.solver.proofs.reach",
    "yukon.solver.safe",
    "yukon.solver.search",
    "yukon.solver.shorten",
    "yukon.solver.tables",
)
"""The modules the compiled build compiles: those the search runs in its loop
(the list in ``pyproject.toml``, which a test compares with this one)."""
COMPILED: Final = "compiled"
PURE: Final = "pure Python"


def is_compiled(name: str) -> bool:
    """Whether module *name* was imported from an extension module (mypyc's
    output) rather than from its source."""
    path = importlib.import_module(name).__file__ or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def solver_build() -> str:
    """:data:`COMPILED` when the whole hot path is compiled, :data:`PURE` when
    none of it is, and ``"partly compiled"`` otherwise (a broken build)."""
    compiled = [is_compiled(name) for name in COMPILED_MODULES]
    if all(compiled):
        return COMPILED
    return PURE if not any(compiled) else "partly compiled"
