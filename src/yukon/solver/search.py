"""The search: quick phases that find most wins, then a complete depth-first
search with a transposition table, the only phase that may say "unwinnable".

The quick phases are *focused*: no take-backs, no idle shuffles (see
:attr:`Board.focused`). They give up completeness for speed.

1. A focused depth-first search — most deals fall to it within a few hundred
   states. If it exhausts its moves, phases 2 and 3 could find nothing more.
2. A best-first search over *milestones*: positions where a face-down card has
   just turned, fewest face-down cards first (an empty column for a waiting
   King counts as half a card), each explored by a short depth-first search.
3. Restarts: short depth-first searches in budgets growing as the Luby sequence,
   each shuffling moves of similar promise with its own seeded generator. Search
   times are heavy-tailed; restarts cut the tail.
4. The complete depth-first search over every move (less those proven useless,
   see :meth:`Board.moves`), leaving out positions proven lost
   (:mod:`yukon.solver.frozen`). Exhausting it proves the position unwinnable.

Every phase is deterministic under a budget in states. Any win is shortened
(:mod:`yukon.solver.shorten`) and replayed through the engine's checked play
before it is returned.

>>> from yukon.engine import GameCode, Record
>>> result = solve(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")), Limit(states=200_000))
>>> result.status
<Status.WON: 'won'>
>>> Record(GameCode.parse("YU1-C-AAAAAAB"), result.moves).replay().is_won
True
"""

from __future__ import annotations

import heapq
import random
import time
from typing import Final, TypeAlias

from yukon.engine import Game, IllegalMoveError, Move, Position
from yukon.solver.board import Board, Snapshot, Undo
from yukon.solver.frozen import LostPositions, is_lost
from yukon.solver.measures import progress
from yukon.solver.result import Limit, SolveResult, Status
from yukon.solver.shorten import shorten

__all__ = ["SHARES", "VERSION", "SolverError", "solve", "verify"]

VERSION: Final = "1"
"""The search's revision, recorded with every verdict of ``yukon analyze``: a
change that can alter a verdict or a count of states under the same budget
(phases, shares, move order, proofs) takes a new one, so that results of two
searches are never mixed into one figure."""

SHARES: Final = (0.1, 0.05, 0.25)
"""The parts of the budget phases 1, 2 and 3 may use; phase 4 has the rest."""
LOCAL_STATES: Final = 300
"""How far phase 2 looks from one milestone for the next."""
FACE_UP_STATES: Final = 50 * LOCAL_STATES
"""How far it looks for a win from a milestone with every card face up."""
RESTART_STATES: Final = 300
"""The unit of the restart budgets in phase 3."""
_CLOCK_EVERY: Final = 512
"""How many states between looks at the clock."""


class SolverError(RuntimeError):
    """A solution the engine refuses: a bug in the solver, never a verdict."""


def solve(position: Position, limit: Limit) -> SolveResult:
    """Search *position* within *limit*.

    :returns: ``WON`` with moves that the engine has replayed to a win,
        ``UNWINNABLE`` when the complete search is exhausted, else ``UNKNOWN``.
    :raises SolverError: if a solution does not replay (a bug in the solver).
    """
    budget = _Budget(limit)
    board = Board(position)
    if is_lost(board):
        return SolveResult(Status.UNWINNABLE, (), 0, budget.elapsed())
    found = [] if board.is_won else _quick(board, budget)
    if found is None:
        found = _depth_first(board, budget.phase(1.0), LostPositions(board))
        if found is None:
            status = Status.UNWINNABLE if budget.exhausted else Status.UNKNOWN
            return SolveResult(status, (), budget.states, budget.elapsed())
    moves = tuple(board.to_move(move) for move in shorten(position, found))
    verify(position, moves)
    return SolveResult(Status.WON, moves, budget.states, budget.elapsed())


def _quick(board: Board, budget: _Budget) -> list[int] | None:
    """The focused phases 1–3; the board is left as given and unfocused.

    They do not look for lost positions (:mod:`yukon.solver.frozen`): measured,
    the check costs them more time than it saves.
    """
    board.focused = True
    try:
        found = _depth_first(board, budget.phase(SHARES[0]))
        if found is not None or budget.exhausted:
            # A win, or the focused moves are exhausted: the other focused phases
            # could find nothing more.
            return found
        found = _milestones(board, budget.phase(SHARES[1]))
        if found is None:
            found = _restarts(board, budget.phase(SHARES[2]))
        return found
    finally:
        board.focused = False


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


class _Budget:
    """The states and time spent over all phases, and the current phase's share."""

    def __init__(self, limit: Limit) -> None:
        self.started = time.perf_counter()
        self.states = 0
        self.stopped = False
        """Whether the whole budget (not only a phase's share) ran out."""
        self.phase_over = False
        """Whether the current phase's share ran out (or the whole budget)."""
        self.exhausted = False
        """Whether the last depth-first search ran out of moves (not of budget)."""
        self._limit = limit
        self._phase_states: int | None = None
        self._phase_deadline: float | None = None

    def phase(self, share: float) -> _Budget:
        """Start a phase that may use *share* of the whole budget from now on."""
        limit = self._limit
        self.phase_over = self.stopped
        if limit.states is not None:
            self._phase_states = self.states + max(1, int(limit.states * share))
        if limit.seconds is not None:
            self._phase_deadline = time.perf_counter() + limit.seconds * share
        return self

    def spend(self) -> bool:
        """Count one state; whether the phase must stop (``phase_over``)."""
        self.states += 1
        limit = self._limit
        if limit.states is not None and self.states >= limit.states:
            self.stopped = True
        elif self._phase_states is not None and self.states >= self._phase_states:
            self.phase_over = True
        elif self._phase_deadline is not None and self.states % _CLOCK_EVERY == 0:
            now = time.perf_counter()
            assert limit.seconds is not None
            self.stopped = now >= self.started + limit.seconds
            self.phase_over = now >= self._phase_deadline
        self.phase_over = self.phase_over or self.stopped
        return self.phase_over

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def _depth_first(
    board: Board, budget: _Budget, lost: LostPositions | None = None, *, cap: int | None = None
) -> list[int] | None:
    """Depth-first search from *board* for a win; the board is left as given.

    :returns: the moves of a win, or ``None`` when exhausted or out of budget.
    """
    budget.exhausted = False
    if budget.phase_over:
        return None
    seen = {board.key}
    path: list[Undo] = []
    frames = [board.moves(seen)]
    while True:
        if not frames:
            budget.exhausted = True
            break
        moves = frames[-1]
        if not moves:
            frames.pop()
            if path:
                board.unmake(path.pop())
            continue
        move = moves.pop()
        if board.key_after(move) in seen:
            continue
        undo = board.make(move)
        seen.add(board.key)
        path.append(undo)
        if board.left == 0:
            return [step.move for step in path]
        if budget.spend() or len(seen) == cap:
            break
        if undo.turned and lost is not None and lost.after_turn(undo.source):
            board.unmake(path.pop())  # lost for good: nothing to try from here
            continue
        frames.append(board.moves(seen))
    while path:
        board.unmake(path.pop())
    return None


def _restarts(board: Board, budget: _Budget) -> list[int] | None:
    """Short focused depth-first searches, each with its moves of similar promise
    shuffled differently, in budgets growing as the Luby sequence (phase 3)."""
    run = 0
    try:
        while not budget.phase_over:
            run += 1
            board.noise = random.Random(run)
            found = _depth_first(board, budget, cap=RESTART_STATES * _luby(run))
            if found is not None or budget.exhausted:
                # A win, or every focused line tried: leave the rest to phase 4.
                return found
        return None
    finally:
        board.noise = None


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, the *i*-th term (from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _milestones(board: Board, budget: _Budget) -> list[int] | None:
    """Best-first search over milestones (phase 2): positions that just made
    progress (see :func:`measures.progress`); the board is left as given.

    :returns: the moves of a win, or ``None`` when exhausted or out of budget.
    """
    start = board.snapshot()
    try:
        return _Milestones(board, budget).run()
    finally:
        board.restore(start)


_Entry: TypeAlias = tuple[int, int, int, Snapshot, tuple[int, ...]]
"""A queued milestone: progress measure, cards left, order, position, moves to it."""


class _Milestones:
    """The queue of milestones and the positions seen by all local searches."""

    def __init__(self, board: Board, budget: _Budget) -> None:
        self.board = board
        self.budget = budget
        self.seen = {board.key}
        self.queue: list[_Entry] = [(progress(board), board.left, 0, board.snapshot(), ())]
        self.pushed = 0

    def run(self) -> list[int] | None:
        while self.queue and not self.budget.phase_over:
            mark, _, _, snapshot, line = heapq.heappop(self.queue)
            self.board.restore(snapshot)
            found = self._explore(mark, line)
            if found is not None:
                return found
        return None

    def _explore(self, mark: int, line: tuple[int, ...]) -> list[int] | None:
        """A depth-first search of at most :data:`LOCAL_STATES` states (more once
        every card is face up) that queues every position whose progress measure
        is below *mark* instead of going on from it."""
        board, seen = self.board, self.seen
        path: list[Undo] = []
        frames = [board.moves(seen)]
        local = 0
        while local < (LOCAL_STATES if mark else FACE_UP_STATES):
            while frames and not frames[-1]:
                frames.pop()
                if path:
                    board.unmake(path.pop())
            if not frames:
                return None
            move = frames[-1].pop()
            if board.key_after(move) in seen:
                continue
            undo = board.make(move)
            seen.add(board.key)
            path.append(undo)
            local += 1
            if board.left == 0:
                return [*line, *(step.move for step in path)]
            if self.budget.spend():
                return None
            if progress(board) < mark:
                self._push(line, path)
                board.unmake(path.pop())
                continue
            frames.append(board.moves(seen))
        return None

    def _push(self, line: tuple[int, ...], path: list[Undo]) -> None:
        board = self.board
        self.pushed += 1
        steps = (*line, *(step.move for step in path))
        entry = (progress(board), board.left, -self.pushed, board.snapshot(), steps)
        heapq.heappush(self.queue, entry)
