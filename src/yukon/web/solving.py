"""The solver behind the hint, "Can this still be won?" and winnable deals.

Searches run in a small pool of worker threads, so that the event loop goes on
answering moves meanwhile; at most *workers* searches run at once and the others
wait their turn (a search is pure Python: more threads would only share the same
interpreter lock). Each search gets a copy of the position, never the live game,
which the event loop may change while the search runs.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from yukon.engine import Game, Move
from yukon.solver import SolveResult, analyse, suggest_move

__all__ = ["Solving"]

_THREAD_PREFIX: Final = "yukon-solver"


def _copy(game: Game) -> Game:
    """The current position of *game* as a new game (no history: the solver needs none)."""
    return Game(game.position(), code=game.code)


class Solving:
    """Runs the solver off the event loop, with fixed budgets per kind of question."""

    def __init__(
        self, *, workers: int = 1, hint_seconds: float = 1.0, analysis_seconds: float = 3.0
    ) -> None:
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=_THREAD_PREFIX)
        self.hint_seconds = hint_seconds
        self.analysis_seconds = analysis_seconds

    async def hint(self, game: Game) -> Move | None:
        """A good next move: the first move of a solution, else the solver's best
        guess; ``None`` when no move is legal."""
        copy = _copy(game)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor, lambda: suggest_move(copy, seconds=self.hint_seconds)
        )

    async def analysis(self, game: Game) -> SolveResult:
        """Whether the game can still be won, within the analysis budget."""
        copy = _copy(game)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor, lambda: analyse(copy, seconds=self.analysis_seconds)
        )

    def close(self) -> None:
        # Searches are bounded by their budgets; waiting for them would only delay exit.
        self._executor.shutdown(wait=False, cancel_futures=True)
