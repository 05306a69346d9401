"""CPU-heavy requests (a record's replay) done in a process of their own, each
client in turn.

A replay of 1000 moves is some 50 ms of CPU (the replay and its 0.7 MB of JSON).
Done in the server's threads, 16 clients replaying in a loop held the
interpreter's lock so often that another player's cheap request waited a median
of 239 ms. Here:

- the work runs in another process (:data:`WORKERS`), whose interpreter lock is
  its own: the event loop and the database threads never wait for it, and
  however many clients ask, it takes one CPU at most;
- each client (an address; behind a trusted proxy, the one it forwards:
  anonymous clients have no other name) has a line of its own, and the lines
  take turns, one request each: a client asking again and again waits for its
  own earlier requests, not the others for it. Waiting costs nothing, so a
  client that asks in a loop is slowed to its share;
- a client's line holds at most *per_client* requests and all lines *waiting*;
  beyond, the answer is ``429`` with ``Retry-After``, at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import multiprocessing
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from yukon.engine.words import counted
from yukon.web.errors import retry_later

__all__ = ["PER_CLIENT", "WAITING", "WORKERS", "FairShare"]

T = TypeVar("T")

WORKERS: Final = 1
"""Processes for heavy requests: one keeps them from taking more than a CPU from
the players' moves, however many clients ask."""
PER_CLIENT: Final = 16
"""Requests one client may have waiting (the Examples page asks for two at once)."""
WAITING: Final = 256
"""Requests all clients may have waiting."""
_RETRY_AFTER: Final = 1


@dataclass(eq=False, slots=True)
class _Job:
    call: Callable[[], Any]
    answer: asyncio.Future[Any]


def _context() -> multiprocessing.context.BaseContext:
    """``forkserver`` where there is one: a fork of the server, with its threads
    and open connections, would not be safe."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    return multiprocessing.get_context(method)


class FairShare:
    """Lines of heavy calls, one per client, run in turn in *workers* processes
    (started with the first call)."""

    def __init__(
        self, *, workers: int = WORKERS, per_client: int = PER_CLIENT, waiting: int = WAITING
    ) -> None:
        self.workers = workers
        self.per_client = per_client
        self.waiting = waiting
        self._pool = self._new_pool()
        self._lines: dict[str, deque[_Job]] = {}
        """The clients' lines, in the order they take their turns."""
        self._running = 0

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=_context())

    async def run(self, client: str, call: Callable[..., T], *args: object) -> T:
        """``call(*args)`` in a worker process, in *client*'s turn; *call* must be
        a module's function, and its arguments and result picklable.

        :raises ApiError: ``too_many_requests`` (429) when *client*'s line or all
            lines are full; nothing is run then.
        """
        line = self._lines.get(client, deque())
        if len(line) >= self.per_client or self._waiting() >= self.waiting:
            raise retry_later(
                "server_busy",
                f"at most {counted(self.per_client, 'replay')} of a client wait at a time;"
                f" try again in {_RETRY_AFTER} s",
                _RETRY_AFTER,
            )
        job = _Job(functools.partial(call, *args), asyncio.get_running_loop().create_future())
        line.append(job)
        self._lines.setdefault(client, line)
        self._start_next()
        try:
            result: T = await job.answer
        finally:
            if job in line:  # the request was cancelled while waiting: out of its line
                line.remove(job)
                if not line and self._lines.get(client) is line:
                    del self._lines[client]
        return result

    def _waiting(self) -> int:
        return sum(len(line) for line in self._lines.values())

    def _start_next(self) -> None:
        """Start the first job of the next client's line, while a worker is free."""
        while self._running < self.workers and self._lines:
            client, line = next(iter(self._lines.items()))
            job = line.popleft()
            del self._lines[client]
            if line:
                self._lines[client] = line  # to the end: the others go first
            self._running += 1
            done = self._submit(job.call)
            done.add_done_callback(functools.partial(self._finish, job))

    def _submit(self, call: Callable[[], Any]) -> Future[Any]:
        try:
            return self._pool.submit(call)
        except BrokenProcessPool:
            # The worker died (killed, out of memory): a new one for this call and the next.
            self._pool.shutdown(wait=False)
            self._pool = self._new_pool()
            return self._pool.submit(call)

    def _finish(self, job: _Job, done: Future[Any]) -> None:
        """In the pool's thread: hand the result to the event loop (if it still runs)."""
        with contextlib.suppress(RuntimeError):
            job.answer.get_loop().call_soon_threadsafe(self._answer, job, done)

    def _answer(self, job: _Job, done: Future[Any]) -> None:
        self._running -= 1
        if not job.answer.done():
            error = done.exception()
            if error is None:
                job.answer.set_result(done.result())
            else:
                job.answer.set_exception(error)
        self._start_next()

    def close(self) -> None:
        """Stop the worker processes; calls waiting are dropped."""
        self._pool.shutdown(wait=True, cancel_futures=True)
