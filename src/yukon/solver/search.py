"""Depth-first search with a transposition table: complete, so an exhausted
search proves a position unwinnable.

>>> from yukon.engine import GameCode, Record
>>> result = solve(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")), Limit(states=200_000))
>>> result.status
<Status.WON: 'won'>
>>> Record(GameCode.parse("YU1-C-AAAAAAB"), result.moves).replay().is_won
True
"""

from __future__ import annotations

import time
from typing import Final

from yukon.engine import Game, IllegalMoveError, Move, Position
from yukon.solver.board import Board, Undo
from yukon.solver.result import Limit, SolveResult, Status

__all__ = ["SolverError", "solve"]

_CLOCK_EVERY: Final = 1024
"""How many states between looks at the clock."""


class SolverError(RuntimeError):
    """A solution the engine refuses: a bug in the solver, never a verdict."""


def solve(position: Position, limit: Limit) -> SolveResult:
    """Search *position* within *limit*.

    :returns: ``WON`` with moves that the engine has replayed to a win,
        ``UNWINNABLE`` when the complete search is exhausted, else ``UNKNOWN``.
    :raises SolverError: if a solution does not replay (a bug in the solver).
    """
    started = time.perf_counter()
    search = _Search(Board(position), limit, started)
    found = search.run()
    seconds = time.perf_counter() - started
    if found is None:
        status = Status.UNKNOWN if search.stopped else Status.UNWINNABLE
        return SolveResult(status, (), search.states, seconds)
    moves = tuple(search.board.to_move(undo.move) for undo in found)
    verify(position, moves)
    return SolveResult(Status.WON, moves, search.states, seconds)


def verify(position: Position, moves: tuple[Move, ...]) -> None:
    """Replay *moves* from *position* through the engine's checked play.

    :raises SolverError: when a move is refused or the game is not won at the end.
    """
    game = Game(position)
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise SolverError(f"solution move {number} ({move}) refused: {error}") from error
    if not game.is_won:
        raise SolverError(f"the solution of {len(moves)} moves does not win")


class _Search:
    """One depth-first search: the board, the states seen, the budget."""

    def __init__(self, board: Board, limit: Limit, started: float) -> None:
        self.board = board
        self.states = 0
        self.stopped = False
        self._max_states = limit.states
        self._deadline = None if limit.seconds is None else started + limit.seconds

    def run(self) -> list[Undo] | None:
        """The moves of a win, or ``None`` (``stopped`` says whether by budget)."""
        board = self.board
        if board.is_won:
            return []
        seen = {board.key}
        path: list[Undo] = []
        frames = [board.moves()]
        while frames:
            moves = frames[-1]
            if not moves:
                frames.pop()
                if path:
                    board.unmake(path.pop())
                continue
            undo = board.make(moves.pop())
            if board.key in seen:
                board.unmake(undo)
                continue
            seen.add(board.key)
            path.append(undo)
            if board.left == 0:
                return path
            self.states += 1
            if self._out_of_budget():
                return None
            frames.append(board.moves())
        return None

    def _out_of_budget(self) -> bool:
        if self._max_states is not None and self.states >= self._max_states:
            self.stopped = True
        elif self._deadline is not None and self.states % _CLOCK_EVERY == 0:
            self.stopped = time.perf_counter() >= self._deadline
        return self.stopped
