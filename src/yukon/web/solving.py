"""The solver behind the hint, "Can this still be won?" and the review ("Where
did it go wrong?", one position at a time), shared fairly.

Searches run in worker processes (:mod:`yukon.solver.serving.worker`), one per CPU and
at least two, so that they use every CPU while the event loop only waits for a
pipe to become readable. Fairness comes from four rules:

- **One search at a time per player.** A player asking again for the same
  position shares the search under way; asking about another position of the
  same game drops the old search (its answer is no longer needed); anything
  else is refused with ``429`` and ``Retry-After`` until the first is done.
- **A bounded line per kind.** Hints, analyses and reviews wait in three lines of
  at most *queue* searches each; beyond that the answer is ``429`` too.
- **A worker kept for hints.** Analyses and reviews (the long searches) never
  take the last worker between them, and a waiting hint goes first; so a hint
  waits at most for another hint, however many analyses are asked for.
- **Nothing searched in vain.** A search nobody waits for any more (the client
  went away, or the player moved on) is dropped: taken from its line, or its
  process killed and replaced, which stops it at once.

Answers are cached per position (:mod:`yukon.solver.serving.service`), so asking again
is instant; a won search also answers every position along its solution.
"""

from __future__ import annotations

import asyncio
import enum
import math
from collections import deque
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Final

from yukon.engine import Game, Move, Position
from yukon.solver import Limit, SolveResult
from yukon.solver.serving.service import cached_result, remember, suggested_move
from yukon.solver.serving.worker import SolverProcess, SolverProcessError, prepare, usable_cpus
from yukon.web.errors import ApiError, retry_later

__all__ = ["Asker", "Kind", "Solving", "default_workers"]

_MIN_WORKERS: Final = 2  # one for hints, one for the rest, even on one CPU


def default_workers(server_processes: int = 1) -> int:
    """Solver processes for each of *server_processes* server processes: the CPUs
    this process may run on shared among them (each has its own pool), so that N
    processes do not start N solver processes per CPU; and at least two in each,
    so that hints keep one while analyses search (with one, a hint waited behind
    3-second analyses: a median of 2.7 s while 8 players hammered the solver)."""
    return max(_MIN_WORKERS, usable_cpus() // max(1, server_processes))


class Kind(enum.Enum):
    """What a search is for; each kind has its own budget and its own line."""

    HINT = "hint"
    ANALYSIS = "analysis"
    REVIEW = "review"
    """One position of a review's line (:mod:`yukon.web.review` asks them in turn)."""


@dataclass(frozen=True, slots=True)
class Asker:
    """Who asks, about which game: the player's own limits are per player."""

    player: str
    game_id: str


@dataclass(eq=False, slots=True)
class _Search:
    """One search asked for, waiting in its line or running in a worker."""

    kind: Kind
    asker: Asker
    position: Position
    seconds: float
    answer: asyncio.Future[SolveResult]
    waiters: int = 0
    started: float | None = None
    pid: int | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)


def _busy(seconds: float) -> ApiError:
    wait = max(1, math.ceil(seconds))
    return retry_later("solver_busy", f"the solver is busy; try again in {wait} s", wait)


def _moved_on() -> ApiError:
    return ApiError(409, "stale_version", "the game changed while the solver was searching it")


class Solving:
    """Runs the solver in worker processes with fixed budgets per kind of question."""

    def __init__(
        self,
        *,
        workers: int | None = None,
        queue: int = 4,
        hint_seconds: float = 1.0,
        analysis_seconds: float = 3.0,
        review_seconds: float = 1.0,
    ) -> None:
        self.workers = default_workers() if workers is None else workers
        if self.workers < 1:
            raise ValueError(f"the solver needs at least one worker, not {self.workers}")
        if queue < 0:
            raise ValueError(f"the solver's line holds 0 searches or more, not {queue}")
        self.queue = queue
        self.budgets: Final = {
            Kind.HINT: hint_seconds,
            Kind.ANALYSIS: analysis_seconds,
            Kind.REVIEW: review_seconds,
        }
        # Analyses and reviews leave one worker to the hints (when there are two or more).
        others = max(1, self.workers - 1)
        self._slots = {Kind.HINT: self.workers, Kind.ANALYSIS: others, Kind.REVIEW: others}
        self._lines: dict[Kind, deque[_Search]] = {kind: deque() for kind in Kind}
        self._running: set[_Search] = set()
        self._by_player: dict[str, _Search] = {}
        self._idle: list[SolverProcess] = []
        self._processes = 0  # idle, busy or starting
        self._background: set[asyncio.Task[None]] = set()
        self._closed = False

    # The two questions.

    async def hint(self, asker: Asker, position: Position) -> Move | None:
        """A good next move from *position* (the game's, taken where the game is
        safe to read): the first move of a solution, else the solver's best
        guess; ``None`` when no move is legal.

        :raises ApiError: ``429`` when the player or the line is full,
            ``409`` when the player moved on before the answer.
        """
        game = Game(position)
        if game.is_won:
            return None
        return suggested_move(game, await self._solve(Kind.HINT, asker, position))

    async def analysis(self, asker: Asker, position: Position) -> SolveResult:
        """Whether the game can still be won from *position*, within the analysis
        budget (raises as :meth:`hint` does)."""
        return await self._solve(Kind.ANALYSIS, asker, position)

    async def review_step(self, asker: Asker, position: Position, seconds: float) -> SolveResult:
        """The verdict on one position of a review's line within *seconds* (at
        most the review's budget per position; raises as :meth:`hint` does)."""
        return await self._solve(
            Kind.REVIEW, asker, position, min(seconds, self.budgets[Kind.REVIEW])
        )

    def start(self) -> None:
        """Get the worker processes' fork server going, without waiting for it (the
        processes themselves start when first needed)."""
        self._in_background(asyncio.to_thread(prepare))

    def moved_on(self, asker: Asker, game: Game) -> None:
        """The game of *asker* is now *game*: a search of another position of it is
        no longer needed. The position is built only when such a search is under
        way (building it costs as much as the rest of a move's answer)."""
        search = self._by_player.get(asker.player)
        if search is not None and search.asker == asker and search.position != game.position():
            self._drop(search, _moved_on())

    def searching(self) -> list[int]:
        """The process ids of the searches under way (for tests and operators)."""
        return [search.pid for search in self._running if search.pid is not None]

    @property
    def waiting(self) -> int:
        """How many searches wait in the lines (for tests and operators)."""
        return sum(len(line) for line in self._lines.values())

    async def close(self) -> None:
        """Drop every search and end every worker process."""
        self._closed = True
        tasks = [search.task for search in self._running if search.task is not None]
        waiting = [search for line in self._lines.values() for search in line]
        for search in [*self._running, *waiting]:
            self._drop(search, None)
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.gather(*self._background, return_exceptions=True)
        idle, self._idle = self._idle, []
        await asyncio.gather(*(asyncio.to_thread(process.stop) for process in idle))

    # Asking: the cache, the player's own search, the lines.

    async def _solve(
        self, kind: Kind, asker: Asker, position: Position, seconds: float | None = None
    ) -> SolveResult:
        seconds = self.budgets[kind] if seconds is None else seconds
        cached = cached_result(position, seconds)
        if cached is not None:
            return cached
        search = self._search_for(kind, asker, position, seconds)
        search.waiters += 1
        try:
            return await asyncio.shield(search.answer)
        finally:
            search.waiters -= 1
            if search.waiters == 0 and not search.answer.done():
                self._drop(search, None)  # nobody waits for it any more

    def _search_for(self, kind: Kind, asker: Asker, position: Position, seconds: float) -> _Search:
        """The player's search under way for *position*, or a new one in its line."""
        mine = self._by_player.get(asker.player)
        if mine is not None:
            if mine.position == position and mine.seconds >= seconds:
                return mine
            if mine.asker != asker or mine.position == position:
                raise _busy(self._time_left(mine))
            self._drop(mine, _moved_on())  # the player's game moved on
        line = self._lines[kind]
        if len(line) >= self.queue and not self._can_start(kind):
            raise _busy(self._wait_in_line(kind, len(line)))
        loop = asyncio.get_running_loop()
        search = _Search(kind, asker, position, seconds, loop.create_future())
        line.append(search)
        self._by_player[asker.player] = search
        self._dispatch()
        return search

    def _time_left(self, search: _Search) -> float:
        """About how long until *search* is done."""
        if search.started is not None:
            return search.seconds - (asyncio.get_running_loop().time() - search.started)
        return (
            self._wait_in_line(search.kind, self._lines[search.kind].index(search)) + search.seconds
        )

    def _wait_in_line(self, kind: Kind, place: int) -> float:
        """About how long the search at *place* in the line of *kind* waits to start."""
        return self.budgets[kind] * (place // self._slots[kind] + 1)

    def _drop(self, search: _Search, error: ApiError | None) -> None:
        """Stop *search* wherever it is; its waiters, if any, get *error*."""
        line = self._lines[search.kind]
        if search in line:
            line.remove(search)
        if search.task is not None:
            search.task.cancel()  # its process is killed and replaced (_run)
        self._forget(search)
        if not search.answer.done():
            if error is not None and search.waiters:
                search.answer.set_exception(error)
            else:
                search.answer.cancel()

    def _forget(self, search: _Search) -> None:
        if self._by_player.get(search.asker.player) is search:
            del self._by_player[search.asker.player]

    # Running: free workers take the waiting searches, hints first.

    def _can_start(self, kind: Kind) -> bool:
        # The long searches (analyses, reviews) share their slots: the last worker is the hints'.
        hint = kind is Kind.HINT
        running = sum(1 for search in self._running if (search.kind is Kind.HINT) is hint)
        return running < self._slots[kind] and (bool(self._idle) or self._processes < self.workers)

    def _next(self) -> _Search | None:
        for kind in Kind:  # hints first
            if self._lines[kind] and self._can_start(kind):
                return self._lines[kind][0]
        return None

    def _dispatch(self) -> None:
        while not self._closed and (search := self._next()) is not None:
            if not self._idle:
                self._start_process()
                return
            self._lines[search.kind].popleft()
            process = self._idle.pop()
            search.started = asyncio.get_running_loop().time()
            search.pid = process.pid
            self._running.add(search)
            search.task = asyncio.create_task(self._run(search, process))

    def _start_process(self, replacing: SolverProcess | None = None) -> None:
        """Start a worker in a thread (a fork takes milliseconds, not the event loop's)."""
        if replacing is None:
            self._processes += 1

        async def start() -> None:
            try:
                if replacing is not None:
                    await asyncio.to_thread(replacing.stop)
                if self._closed:
                    self._processes -= 1
                    return
                process = await asyncio.to_thread(SolverProcess.start)
            except BaseException:
                self._processes -= 1
                raise
            if self._closed:
                self._processes -= 1
                await asyncio.to_thread(process.stop)
                return
            self._idle.append(process)
            self._dispatch()

        self._in_background(start())

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run *work* as a task that :meth:`close` waits for."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _run(self, search: _Search, process: SolverProcess) -> None:
        try:
            result = await _search_in(process, search.position, Limit(seconds=search.seconds))
        except asyncio.CancelledError:
            process.kill()
            self._start_process(replacing=process)
            raise
        except SolverProcessError as error:
            self._start_process(replacing=process)
            if not search.answer.done():
                search.answer.set_exception(error)
        else:
            remember(search.position, result)
            self._idle.append(process)
            if not search.answer.done():
                search.answer.set_result(result)
        finally:
            self._running.discard(search)
            self._forget(search)
            self._dispatch()


async def _search_in(process: SolverProcess, position: Position, limit: Limit) -> SolveResult:
    """Ask *process* for a search and wait, without blocking the loop, for its answer."""
    loop = asyncio.get_running_loop()
    readable: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not readable.done():
            readable.set_result(None)

    process.send(position, limit)
    loop.add_reader(process.fileno(), wake)
    try:
        await readable
    finally:
        loop.remove_reader(process.fileno())
    return process.receive()
