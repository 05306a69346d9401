"""The solver: verdicts you can trust, hints that lead to a win, winnable deals.

Imports the engine only. :func:`solve` searches any position completely (so an
exhausted search proves it unwinnable) and replays every win through the
engine before returning it.
"""

from yukon.solver.result import Limit, ProvedBy, SolveResult, Status
from yukon.solver.search import SolverError, solve, verify
from yukon.solver.serving.pool import find_winnable_deal, pool, winnable_deal
from yukon.solver.serving.service import analyse, clear_cache, heuristic_move, suggest_move

__all__ = [
    "Limit",
    "ProvedBy",
    "SolveResult",
    "SolverError",
    "Status",
    "analyse",
    "clear_cache",
    "find_winnable_deal",
    "heuristic_move",
    "pool",
    "solve",
    "suggest_move",
    "verify",
    "winnable_deal",
]
