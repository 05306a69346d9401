"""Blocking work off the event loop: database calls, replays, the answer's state.

One thread pool per app, not Starlette's (anyio's, up to 40 threads): a move's
request crosses to a thread once, and CPython's threads take turns on one lock
(the GIL), so every thread more in the turn costs every request time. Sixteen
threads are as many as the PostgreSQL pool has connections (most of a commit is
a wait for PostgreSQL's flush); SQLite's writers queue for one write lock anyway
(:mod:`yukon.storage.sqlite`) and its readers never wait. On the move request
(bench/load.py) this pool cost about 70 µs of CPU less per request than anyio's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Final, TypeVar

from starlette.requests import Request

__all__ = ["THREADS", "Offload", "off_loop"]

T = TypeVar("T")

THREADS: Final = 16
"""Threads per server process for blocking work."""


class Offload:
    """The app's thread pool for blocking work; closed with the app."""

    def __init__(self, threads: int = THREADS) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="yukon-db")

    async def run(self, call: Callable[[], T]) -> T:
        """The result of *call*, run in one of the pool's threads."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        """Wait for the calls under way, then end the threads."""
        self._pool.shutdown(wait=True)


async def off_loop(request: Request, call: Callable[[], T]) -> T:
    """The result of *call*, run in the thread pool of *request*'s app."""
    offload: Offload = request.app.state.offload
    return await offload.run(call)
