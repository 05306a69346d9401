"""Long answers that stop when their client goes away.

An ASGI server does not cancel a handler whose client has disconnected; it only
tells it through ``receive()``. :func:`while_connected` listens there while the
work runs, and cancels the work as soon as the client is gone, so that a solver
search nobody will read stops using a CPU.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.types import Receive

from yukon.web.errors import ApiError

__all__ = ["while_connected"]

T = TypeVar("T")


async def _disconnected(receive: Receive) -> None:
    """Return once the client has disconnected (the body has been read before)."""
    while (await receive())["type"] != "http.disconnect":
        pass


async def while_connected(request: Request, work: Coroutine[Any, Any, T]) -> T:
    """The result of *work*, or, when the client disconnects first, *work*
    cancelled and an ``ApiError`` 499 (the status nginx logs for a client that
    closed its request; nobody reads the answer).

    Call it only once the request's body has been read.
    """
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request.receive))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watcher.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    if task.cancelled():
        raise ApiError(499, "client_closed", "the client closed the connection before the answer")
    return task.result()
