"""uvicorn's HTTP protocol, with a cap on what one request may make the server
read, and the security headers also on the answers it writes itself (a request
it cannot parse gets a 400 before the app sees it).

uvicorn with httptools reads a request's head to its end, however long: a 30 MB
``Cookie`` header was read whole (seconds of the event loop, while every other
player waited) before the app could refuse it. Here the head is fed to the
parser at most :data:`MAX_HEAD_BYTES` at a time; past that, the answer is 431 and
the connection is closed, unread. A body is the app's to read
(:mod:`yukon.web.bodies` stops at its limit); what a client still sends after its
answer is not read either: the connection is closed instead of drained.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Final

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from yukon.engine.words import counted
from yukon.web.guard import MAX_HEADER_BYTES
from yukon.web.middleware import SECURITY_HEADERS

__all__ = ["MAX_HEAD_BYTES", "SecureHttpToolsProtocol"]

MAX_HEAD_BYTES: Final = 2 * MAX_HEADER_BYTES
"""The most bytes of a request's head (request line and headers, as sent) that are
read: room for the headers the app accepts (:data:`~yukon.web.guard.MAX_HEADER_BYTES`
of names and values) and a long address."""


class SecureHttpToolsProtocol(HttpToolsProtocol):
    """:class:`HttpToolsProtocol` that reads at most :data:`MAX_HEAD_BYTES` of a
    head, reads nothing of a request after its answer, and whose own answers carry
    :data:`SECURITY_HEADERS`."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._in_head = True  # the next bytes are a head's
        self._head_bytes = 0

    def data_received(self, data: bytes) -> None:
        while data and self._in_head:
            room = MAX_HEAD_BYTES - self._head_bytes
            part, data = data[:room], data[room:]
            self._head_bytes += len(part)
            super().data_received(part)
            if self.transport.is_closing():
                return
            if data and self._in_head:
                self._refuse_head()
                return
        if data:
            super().data_received(data)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._head_bytes = 0
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._in_head = True

    def on_body(self, body: bytes) -> None:
        if self.cycle.response_complete:
            # Answered already (a 413, a 404 …): the rest is not worth reading.
            self.transport.close()
            return
        super().on_body(body)

    def _refuse_head(self) -> None:
        message = f"the request's head is larger than {counted(MAX_HEAD_BYTES, 'byte')}"
        body = json.dumps({"error": {"code": "headers_too_large", "message": message}})
        self._answer(b"431 Request Header Fields Too Large", body.encode(), b"application/json")

    def send_400_response(self, msg: str) -> None:
        self._answer(b"400 Bad Request", msg.encode("utf-8"), b"text/plain; charset=utf-8")

    def _answer(self, status: bytes, body: bytes, kind: bytes) -> None:
        """Answer *status* with *body* of type *kind* and close the connection."""
        headers = [
            *self.server_state.default_headers,
            *SECURITY_HEADERS,
            (b"content-type", kind),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"connection", b"close"),
        ]
        lines = [b"HTTP/1.1 " + status, *(name + b": " + value for name, value in headers)]
        self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n" + body)
        self.transport.close()
