"""The search: quick phases that find most wins, and a complete depth-first search with a
transposition table, the only phase that may say "unwinnable".

Four phases take turns, each on its own board, each going on where it stopped: (1) a focused
depth-first search (no take-backs, no idle shuffles), (2) a best-first search over milestones,
(3) restarts in budgets growing as the Luby sequence (and, once the search is deep, restarts
over every move beside them), and (4) the complete depth-first search, which leaves out
positions proven lost and whose exhaustion proves the position unwinnable. Once the search is
deep, two fresh focused searches take turns too: milestones with longer local searches, and a
depth-first search with its moves of similar promise shuffled. The proofs of
:mod:`yukon.solver.proofs` are asked as the schedule says. Every phase is deterministic under a
budget in states, and what the search does in its first *n* states does not depend on the
budget. A win is shortened and replayed through the engine before it is returned.
docs/solver.md tells the whole of it, with the measurements behind each number.

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
from typing import Final, Protocol, TypeAlias

from yukon.engine import Game, IllegalMoveError, Move, Position
from yukon.solver import schedule
from yukon.solver.board import Board, Snapshot, Undo
from yukon.solver.measures import progress
from yukon.solver.proofs.frozen import LostPositions
from yukon.solver.proofs.pairs import Pairs
from yukon.solver.proofs.provers import Provers
from yukon.solver.proofs.reach import unreached
from yukon.solver.result import (
    SEARCH,
    SOLUTION,
    Limit,
    ProvedBy,
    SolverError,
    SolveResult,
    Status,
)
from yukon.solver.shorten import shorten
from yukon.solver.tables import FOUNDATION

__all__ = ["VERSION", "SolverError", "solve", "verify"]

VERSION: Final = "15"
"""The search's revision, recorded with every verdict of ``yukon analyze``: a
change that can alter a verdict or a count of states under the same budget takes a new one, so
that results of two searches are never mixed into one figure. docs/solver.md says what each
version changed, with its figures."""

_CLOCK_EVERY: Final = 512
"""How many states between looks at the clock."""
_NEVER: Final = 1 << 60
"""A number of states no budget reaches."""
_UNFOCUSED: Final = (3, 4)
"""The numbers of the phases over every move (the complete search, the restarts over every
move); the others search the focused moves only."""
_SHUFFLED_SEED: Final = 1
"""The seed of the shuffled depth-first search's generator."""


def solve(position: Position, limit: Limit) -> SolveResult:
    """Search *position* within *limit*.

    :returns: ``WON`` with moves that the engine has replayed to a win,
        ``UNWINNABLE`` when the complete search is exhausted, else ``UNKNOWN``.
    :raises SolverError: if a solution does not replay (a bug in the solver).
    """
    budget = _Budget(limit)
    phases = _Phases(position)
    for name in schedule.asked(schedule.ROOT):
        proof = phases.prove(name, budget)
        if proof is not None:
            return SolveResult(Status.UNWINNABLE, (), 0, budget.elapsed(), proof)
    found = [] if phases.complete.board.is_won else phases.run(budget)
    if found is None:
        if not phases.complete.done:
            return SolveResult(Status.UNKNOWN, (), budget.states, budget.elapsed())
        proof = phases.proof or ProvedBy(SEARCH)
        return SolveResult(Status.UNWINNABLE, (), budget.states, budget.elapsed(), proof)
    moves = tuple(phases.complete.board.to_move(move) for move in shorten(position, found))
    verify(position, moves)
    return SolveResult(Status.WON, moves, budget.states, budget.elapsed(), ProvedBy(SOLUTION))


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
    """The states and time spent over all phases, and the current turn's slice."""

    def __init__(self, limit: Limit) -> None:
        self.started = time.perf_counter()
        self.states = 0
        self.stopped = False
        """Whether the whole budget ran out."""
        self.paused = False
        """Whether the current turn's slice ran out (or the whole budget)."""
        self._limit = limit
        self._deadline = None if limit.seconds is None else self.started + limit.seconds
        self._pause_at = 0

    def turn(self, states: int) -> _Budget:
        """Start a turn of at most *states* states."""
        self._pause_at = self.states + states
        self.paused = self.stopped
        return self

    def spend(self) -> bool:
        """Count one state; whether the turn must end (``paused``)."""
        self.states += 1
        limit = self._limit
        if limit.states is not None and self.states >= limit.states:
            self.stopped = True
        elif self._deadline is not None and self.states % _CLOCK_EVERY == 0:
            self.stopped = time.perf_counter() >= self._deadline
        self.paused = self.stopped or self.states >= self._pause_at
        return self.paused

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def can_spare(self, seconds: float) -> bool:
        """Whether the budget has no seconds, or at least *seconds* left."""
        return self._deadline is None or self._deadline - time.perf_counter() >= seconds

    def out_of_time(self) -> bool:
        """Whether the budget's seconds have run out (never, without any)."""
        return self._deadline is not None and time.perf_counter() >= self._deadline


class _Phase(Protocol):
    done: bool
    """Whether the phase has nothing more to search."""

    def run(self, budget: _Budget) -> list[int] | None:
        """Search on until *budget* pauses; the moves of a win, if one is found."""


class _LostCheck(Protocol):
    """:class:`LostPositions` as the complete search uses it (a test checks each
    answer through a wrapper: the compiled build's classes cannot be subclassed)."""

    def after_move(self, card: int) -> bool:
        """Whether the position is lost just after a move put *card* on a column."""


_IN_THE_LOOP: Final = {
    schedule.AFTER_MOVE: ("frozen",),
    schedule.AFTER_TURN: ("reach", "pairs"),
}
"""The proofs the complete search's loop can ask at each point of a line."""


def _asks(when: str) -> list[schedule.Ask]:
    """The schedule's asks at *when*, a point of the complete search's loop.

    :raises ValueError: when it asks a proof there that the loop cannot ask (see
        :data:`_IN_THE_LOOP`).
    """
    asks = [ask for ask in schedule.SCHEDULE if ask.when == when]
    for ask in asks:
        if ask.proof not in _IN_THE_LOOP[when]:
            raise ValueError(f"the search cannot ask the proof {ask.proof!r} at {when!r}")
    return asks


def _after(when: str, proof: str) -> int:
    """From how many states on the schedule asks *proof* at *when* (never: :data:`_NEVER`)."""
    return min((ask.after for ask in _asks(when) if ask.proof == proof), default=_NEVER)


def _seconds(when: str, proof: str) -> float:
    """The seconds a budget in seconds must have left for the schedule to ask *proof* at
    *when* (0 when it does not say)."""
    return max((ask.seconds for ask in _asks(when) if ask.proof == proof), default=0.0)


class _Phases:
    """The four phases of the module docstring, each on its own board, taking turns, and the
    proofs asked between turns as the schedule says."""

    def __init__(self, position: Position) -> None:
        board = Board(position)
        self.complete = _DepthFirst(
            board,
            LostPositions(board),
            lost_from=_after(schedule.AFTER_MOVE, "frozen"),
            relaxed_from=_after(schedule.AFTER_TURN, "reach"),
            paired_from=_after(schedule.AFTER_TURN, "pairs"),
        )
        self.complete.origin = position
        self.first = _DepthFirst(_focused(position))
        self.restarts = _Restarts(_focused(position))
        every = Board(position)
        self.wide = _Restarts(every, LostPositions(every))
        """The restarts over every move, from :data:`~yukon.solver.schedule.EVERY_MOVE` on."""
        self.milestones = _Milestones(_focused(position))
        self.broad = _Milestones(_focused(position), schedule.BROAD_LOCAL_STATES)
        """The milestones with longer local searches, from :data:`~yukon.solver.schedule.DEEP`
        on."""
        self.shuffled = _DepthFirst(_shuffled(position))
        """Phase 1 with its moves of similar promise shuffled, from ``DEEP`` on."""
        self.started = False
        """Whether the complete search has had a turn (and the proofs asked before it)."""
        self.provers = Provers(position, board)
        self.asked: list[tuple[str, int]] = []
        """Each proof asked, with the states spent when it was (a test compares them with the
        schedule)."""
        self.pending: list[schedule.Ask] = [
            ask for ask in schedule.SCHEDULE if ask.when == schedule.ONCE
        ]
        """The asks of :data:`~yukon.solver.schedule.ONCE` not yet made."""
        self.proof: ProvedBy | None = None
        """What proved the position lost, if a proof did."""

    def run(self, budget: _Budget) -> list[int] | None:
        """Turns until a win, the complete search's end or the budget's.

        When a focused depth-first search runs out of moves, every focused line
        has been tried: the other focused phases could find nothing more. The
        quick phases do not look for lost positions: measured, the check costs
        them more time than it saves.
        """
        if not budget.can_spare(_seconds(schedule.AFTER_TURN, "pairs")):
            self.complete.paired_from = _NEVER
        phases: list[tuple[_Phase, int]] = [
            (self.first, 0),
            (self.milestones, 1),
            (self.restarts, 2),
            (self.complete, 3),
            (self.wide, 4),
            (self.broad, 5),
            (self.shuffled, 6),
        ]
        while not budget.stopped:
            for phase, number in phases:
                weight = schedule.weights(budget.states)[number]
                if not weight:
                    continue
                self.proof = self._proved(phase is self.complete, budget)
                if self.proof is not None:
                    self.complete.done = True  # lost: a proof
                    return None
                found = phase.run(budget.turn(schedule.SLICE * weight))
                if found is not None or self.complete.done:
                    return found
                if phase.done or budget.stopped:
                    break
            focused = not (self.first.done or self.restarts.done)
            phases = [
                (phase, number)
                for phase, number in phases
                if not phase.done and (focused or number in _UNFOCUSED)
            ]
        return None

    def prove(self, proof: str, budget: _Budget) -> ProvedBy | None:
        """Ask *proof* (cut short when *budget*'s seconds run out)."""
        self.asked.append((proof, budget.states))
        return self.provers.prove(proof, budget.out_of_time)

    def _proved(self, complete: bool, budget: _Budget) -> ProvedBy | None:
        """Ask, before a turn (of the complete search if *complete*), the proofs the schedule
        asks there; what found the position lost, if one did."""
        if complete and not self.started:
            self.started = True
            for name in schedule.asked(schedule.COMPLETE_START):
                proof = self.prove(name, budget)
                if proof is not None:
                    return proof
        for ask in [ask for ask in self.pending if budget.states >= ask.after]:
            self.pending.remove(ask)
            if not ask.seconds or budget.can_spare(ask.seconds):
                proof = self.prove(ask.proof, budget)
                if proof is not None:
                    return proof
        return None


def _shuffled(position: Position) -> Board:
    board = _focused(position)
    board.noise = random.Random(_SHUFFLED_SEED)
    return board


def _focused(position: Position) -> Board:
    board = Board(position)
    board.focused = True
    return board


class _DepthFirst:
    """A depth-first search from *board* for a win that goes on where its last
    turn stopped; positions seen are never searched again.

    With *lost*, from *lost_from* states of the budget on, lines are cut where a move onto a
    column leaves a position proven lost (a move to the foundations never does). From
    *relaxed_from* states on, lines are also cut where a move that turns a card leaves a
    position lost in the relaxed game of :mod:`yukon.solver.proofs.reach`, and from
    *paired_from* states on where it leaves one :mod:`yukon.solver.proofs.pairs` finds lost. With
    *cap*, the search ends (``capped``) once it has seen that many positions.
    """

    def __init__(
        self,
        board: Board,
        lost: _LostCheck | None = None,
        cap: int = 0,
        lost_from: int = 0,
        relaxed_from: int = _NEVER,
        paired_from: int = _NEVER,
    ) -> None:
        self.board = board
        self.origin: Position | None = None
        """Where *board* started, for the pairs (to be set with *paired_from*)."""
        self.lost = lost
        self.lost_from = lost_from
        self.relaxed_from = relaxed_from
        self.paired_from = paired_from
        self.pairs: Pairs | None = None
        """Made from *origin* at the first ask (its places hold for every position the search
        reaches from there)."""
        self.cap = cap
        self.seen = {board.key}
        self.path: list[Undo] = []
        self.frames = [board.moves(self.seen)]
        self.done = False
        """Whether every line has been tried (without a win)."""
        self.capped = False

    def run(self, budget: _Budget) -> list[int] | None:
        if budget.paused or self.capped:
            return None
        board, seen, path, frames, lost = self.board, self.seen, self.path, self.frames, self.lost
        # Whether nothing was added to seen since frames[-1] was made: its moves,
        # which Board.moves keeps only when they lead to new positions, still do.
        fresh = False
        while frames:
            moves = frames[-1]
            if not moves:
                frames.pop()
                fresh = False
                if path:
                    board.unmake(path.pop())
                continue
            move = moves.pop()
            key = board.key_after(move)
            if not fresh and key in seen:
                continue
            undo = board.make(move, key)
            seen.add(key)
            fresh = False
            path.append(undo)
            if board.left == 0:
                return [step.move for step in path]
            if (
                lost is not None
                and move & 7 != FOUNDATION
                and budget.states >= self.lost_from
                and lost.after_move(move >> 3)
            ):
                board.unmake(path.pop())  # lost for good: nothing to try from here
            elif undo.turned and self._lost_after_turn(budget.states):
                board.unmake(path.pop())  # likewise
            else:
                frames.append(board.moves(seen))
                fresh = True
            self.capped = len(seen) == self.cap
            if budget.spend() or self.capped:
                return None
        self.done = True
        return None

    def _lost_after_turn(self, states: int) -> bool:
        """Whether the proofs asked after a turn, after *states* states, find the board's
        position lost: ``reach`` from *relaxed_from* states, then ``pairs`` from *paired_from*."""
        if states >= self.relaxed_from and unreached(self.board):
            return True
        if states < self.paired_from:
            return False
        if self.pairs is None:
            assert self.origin is not None, "paired_from needs the origin"
            self.pairs = Pairs(Board(self.origin))
        return self.pairs.lost(self.board)

    def rewind(self) -> None:
        """Take back every move of the current line: the board is as given."""
        while self.path:
            self.board.unmake(self.path.pop())


class _Restarts:
    """Short depth-first searches, each with its moves of similar promise shuffled
    differently, in budgets growing as the Luby sequence (phase 3): over the moves of *board*
    (focused or every move), with the complete search's cuts given as *lost*. Once one of
    them tries every line it may, so would the rest: ``done``."""

    def __init__(self, board: Board, lost: LostPositions | None = None) -> None:
        self.board = board
        self.lost = lost
        self.runs = 0
        self.current = self._next()
        self.done = False

    def _next(self) -> _DepthFirst:
        self.runs += 1
        self.board.noise = random.Random(self.runs)
        cap = schedule.RESTART_STATES * _luby(self.runs)
        return _DepthFirst(self.board, self.lost, cap=cap)

    def run(self, budget: _Budget) -> list[int] | None:
        while not budget.paused:
            found = self.current.run(budget)
            if found is not None:
                return found
            if self.current.done:
                self.done = True
                return None
            if self.current.capped:
                self.current.rewind()
                self.current = self._next()
        return None


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, the *i*-th term (from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


_Entry: TypeAlias = tuple[int, int, int, Snapshot, tuple[int, ...]]
"""A queued milestone: progress measure, cards left, order, position, moves to it."""


class _Milestones:
    """Best-first search over milestones (phase 2): positions that just made
    progress (see :func:`measures.progress`). The queue of milestones and the
    positions seen by all local searches; ``done`` once the queue is empty."""

    def __init__(self, board: Board, local: int = schedule.LOCAL_STATES) -> None:
        self.board = board
        self.local = local
        """How far each local search looks for the next milestone."""
        self.seen = {board.key}
        self.queue: list[_Entry] = [(progress(board), board.left, 0, board.snapshot(), ())]
        self.pushed = 0
        self.done = False

    def run(self, budget: _Budget) -> list[int] | None:
        while self.queue and not budget.paused:
            mark, _, _, snapshot, line = heapq.heappop(self.queue)
            self.board.restore(snapshot)
            found = self._explore(mark, line, budget)
            if found is not None:
                return found
        self.done = not self.queue
        return None

    def _explore(self, mark: int, line: tuple[int, ...], budget: _Budget) -> list[int] | None:
        """A depth-first search of at most ``local`` states (phase 2:
        :data:`~yukon.solver.schedule.LOCAL_STATES`; more once every card is face up) that
        queues every position whose progress measure is below *mark* instead of going on from
        it. Only the end of the whole budget
        cuts it short, not the end of a turn: the next turn could not take it up again."""
        board, seen = self.board, self.seen
        path: list[Undo] = []
        frames = [board.moves(seen)]
        local = 0
        most = self.local if mark else schedule.FACE_UP_STATES
        while local < most:
            while frames and not frames[-1]:
                frames.pop()
                if path:
                    board.unmake(path.pop())
            if not frames:
                return None
            move = frames[-1].pop()
            key = board.key_after(move)
            if key in seen:
                continue
            undo = board.make(move, key)
            seen.add(key)
            path.append(undo)
            local += 1
            if board.left == 0:
                return [*line, *(step.move for step in path)]
            budget.spend()
            if budget.stopped:
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
