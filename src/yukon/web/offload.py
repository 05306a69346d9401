"""Blocking work off the event loop: database calls, replays, the answer's state.

One set of threads per app, not Starlette's (anyio's, up to 40 threads): a move's
request crosses to a thread once, and CPython's threads take turns on one lock
(the GIL), so every thread more in the turn costs every request time. Sixteen
threads are as many as the PostgreSQL pool has connections (most of a commit is
a wait for PostgreSQL's flush); SQLite's writers queue for one write lock anyway
(:mod:`yukon.storage.sqlite`) and its readers never wait.

The crossing is as cheap as it can be: the call goes to the threads on one
queue, and its result comes back to an asyncio future set by the event loop
(:meth:`~asyncio.AbstractEventLoop.call_soon_threadsafe`). A
:class:`~concurrent.futures.ThreadPoolExecutor` makes a second future with a
condition variable and chains the two with callbacks: measured with 32 callers
under uvloop, a crossing took 13 µs of CPU that way and 2 µs this way.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = ["THREADS", "Offload"]

T = TypeVar("T")

THREADS: Final = 16
"""Threads per server process for blocking work."""

_Job = tuple[Callable[[], Any], "asyncio.Future[Any]", asyncio.AbstractEventLoop]


class Offload:
    """The app's threads for blocking work; closed with the app."""

    def __init__(self, threads: int = THREADS) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._work, name=f"yukon-db_{number}", daemon=True)
            for number in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    async def run(self, call: Callable[[], T]) -> T:
        """The result of *call*, run in one of the threads."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((call, future, loop))
        return await future

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            call, future, loop = job
            try:
                result = call()
            except BaseException as error:  # handed to the request that awaits it
                _answer(loop, _fail, future, error)
            else:
                _answer(loop, _settle, future, result)

    def close(self) -> None:
        """Let the calls under way and queued finish, then end the threads."""
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join()


def _answer(
    loop: asyncio.AbstractEventLoop,
    setter: Callable[[asyncio.Future[Any], Any], None],
    future: asyncio.Future[Any],
    value: Any,
) -> None:
    # A loop closed meanwhile (the server stopped) has nobody left to answer.
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(setter, future, value)


def _settle(future: asyncio.Future[Any], result: Any) -> None:
    # A request cancelled meanwhile (its client left) no longer wants the result.
    if not future.done():
        future.set_result(result)


def _fail(future: asyncio.Future[Any], error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)
