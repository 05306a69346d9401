"""What the product asks of the solver: a hint, "can this still be won?", and
winnable deals on demand.

These functions use the whole position, face-down cards included: the server
knows them, and the app says so when it shows a verdict.

>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> analyse(game, seconds=2.0).status
<Status.WON: 'won'>
>>> game.is_legal(suggest_move(game))
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Final

from yukon.engine import Game, Move, Position
from yukon.solver.board import Board
from yukon.solver.result import Limit, SolveResult, Status
from yukon.solver.search import solve

__all__ = [
    "analyse",
    "cached_result",
    "clear_cache",
    "heuristic_move",
    "remember",
    "suggest_move",
    "suggested_move",
]

CACHE_SIZE: Final = 4096
"""How many positions' verdicts are kept (a solution also fills in every
position along it, so one search answers the following hints at once)."""


class _Cache:
    """A thread-safe LRU map from position to result."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Position, SolveResult] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, position: Position) -> SolveResult | None:
        with self._lock:
            result = self._items.get(position)
            if result is not None:
                self._items.move_to_end(position)
            return result

    def put(self, position: Position, result: SolveResult) -> None:
        with self._lock:
            self._items[position] = result
            self._items.move_to_end(position)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_CACHE: Final = _Cache(CACHE_SIZE)


def clear_cache() -> None:
    """Forget every cached verdict (for tests and benchmarks)."""
    _CACHE.clear()


def analyse(game: Game, *, seconds: float = 3.0) -> SolveResult:
    """Whether *game* can still be won from its current position.

    Decided verdicts are cached per position, so asking again is instant; an
    ``UNKNOWN`` is searched again only when given more time than before.
    """
    position = game.position()
    cached = cached_result(position, seconds)
    if cached is not None:
        return cached
    result = solve(position, Limit(seconds=seconds))
    remember(position, result)
    return result


def cached_result(position: Position, seconds: float) -> SolveResult | None:
    """The cached verdict for *position*, when it is as good as a search of
    *seconds* would give: decided, or undecided after at least as long a search."""
    cached = _CACHE.get(position)
    if cached is not None and (cached.is_decided or cached.seconds >= seconds):
        return cached
    return None


def remember(position: Position, result: SolveResult) -> None:
    """Cache *result* (found elsewhere, e.g. in a worker process), and for a win
    every position along its solution too."""
    _CACHE.put(position, result)
    if result.status is not Status.WON:
        return
    game = Game(position)
    for done, move in enumerate(result.moves[:-1], 1):
        game.push(move)
        rest = SolveResult(Status.WON, result.moves[done:], 0, 0.0)
        _CACHE.put(game.position(), rest)


def suggest_move(game: Game, *, seconds: float = 1.0) -> Move | None:
    """A good next move for *game*: the first move of a solution found within
    *seconds*, else the most promising legal move; ``None`` only when no move is
    legal. The hint counter is the caller's (``game.count_hint()``)."""
    if game.is_won:
        return None
    return suggested_move(game, analyse(game, seconds=seconds))


def suggested_move(game: Game, result: SolveResult) -> Move | None:
    """The move *result* (a search of the current position of *game*) suggests:
    its solution's first move, else the most promising legal move."""
    if game.is_won:
        return None
    if result.status is Status.WON and result.moves and game.is_legal(result.moves[0]):
        return result.moves[0]
    return heuristic_move(game)


def heuristic_move(game: Game) -> Move | None:
    """The legal move the search would try first, or ``None`` when there is none."""
    board = Board(game.position())
    for move in reversed(board.moves()):
        candidate = board.to_move(move)
        if game.is_legal(candidate):
            return candidate
    return next(iter(game.legal_moves), None)
