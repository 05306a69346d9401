"""The real app under uvicorn on a free loopback port, in a thread of the test's
own process: real HTTP, real connections that a client can drop, and the app's
lifespan state (its resources) still at hand for a test to wait on."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.types import ASGIApp

from .server import LOOPBACK

_START_SECONDS = 20.0
# A failed test may leave a request open: the server then cancels it rather than wait.
_STOP_SECONDS = 5
_POLL = 0.01


def wait_for(condition: Callable[[], bool], what: str, seconds: float = 20.0) -> None:
    """Return once *condition* holds; fail with *what* after *seconds*."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(_POLL)


@contextmanager
def live_server(app: ASGIApp) -> Iterator[str]:
    """Serve *app* until the block ends; yields its base URL."""
    with live_app(app) as (url, _):
        yield url


@contextmanager
def live_app(app: ASGIApp) -> Iterator[tuple[str, dict[str, Any]]]:
    """Serve *app* until the block ends; yields its base URL and its lifespan state."""
    # The server is handed the socket bound here: no other program can take its port
    # between a probe for a free one and uvicorn's own bind.
    listener = socket.socket()
    listener.bind((LOOPBACK, 0))
    port = listener.getsockname()[1]
    config = uvicorn.Config(
        app,
        host=LOOPBACK,
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=_STOP_SECONDS,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listener]}, name="live-server", daemon=True
    )
    thread.start()
    try:
        wait_for(lambda: server.started, "the server to start", _START_SECONDS)
        yield f"http://{LOOPBACK}:{port}", server.lifespan.state
    finally:
        server.should_exit = True
        thread.join()
        listener.close()


def send_and_keep(
    url: str, path: str, cookie: str, method: str = "GET", body: str = ""
) -> socket.socket:
    """Send one request on a new connection and return the open socket unread
    (closing it is the client going away)."""
    host, port = url.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)))
    payload = body.encode()
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nCookie: yukon_player={cookie}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
    )
    connection.sendall(head.encode() + payload)
    return connection
