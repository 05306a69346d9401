"""gzip for the answers worth it, as one plain ASGI middleware.

Starlette's ``GZipMiddleware`` wraps every answer, also for a client that takes
no gzip, and compresses from 500 bytes: every state a move answers (about a
kilobyte, more as the record grows) cost 24 µs of compression on the server's
CPU to save under a kilobyte that the first packets of the answer carry anyway.
Here an answer is compressed only when the client takes gzip and its body is at
least :data:`MINIMUM_SIZE` bytes (the app's files, a long list of games, the
export); a client that takes no gzip meets no wrapper at all.
"""

from __future__ import annotations

import asyncio
import zlib
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["MINIMUM_SIZE", "Compression", "gzipped", "takes_gzip"]

MINIMUM_SIZE: Final = 4096
"""Bodies shorter than this many bytes are sent as they are: a few kilobytes fit
in the first round trip of a connection either way (TCP's initial window is ten
packets, some 14 KB)."""
_LEVEL: Final = 6
_THREAD_FROM: Final = 64 * 1024
"""Parts at least this long are compressed in a thread (zlib lets go of the GIL),
not on the event loop: a long export takes milliseconds per megabyte."""
_VARY: Final = (b"vary", b"Accept-Encoding")


def takes_gzip(scope: Scope) -> bool:
    """Whether the client of *scope* takes gzip."""
    for name, value in scope["headers"]:
        if name == b"accept-encoding":
            return b"gzip" in value
    return False


class Compression:
    """gzip for answers of at least *minimum_size* bytes to clients that take it,
    streamed answers (a large file, sent in parts) included. A partial answer
    (``206``) and one with a ``content-encoding`` already are passed on as they are.
    """

    def __init__(self, app: ASGIApp, *, minimum_size: int = MINIMUM_SIZE) -> None:
        self.app = app
        self.minimum_size = minimum_size

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not takes_gzip(scope):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        compressor: zlib._Compress | None = None
        passing = False

        async def send_compressed(message: Message) -> None:
            nonlocal start, compressor, passing
            if passing:
                await send(message)
            elif compressor is not None:
                more = message.get("more_body", False)
                await send({**message, "body": await _squeeze(compressor, message["body"], more)})
            elif message["type"] == "http.response.start":
                start = message
            else:
                assert start is not None, "an answer starts before its body"
                headers = [*start.get("headers", ()), _VARY]
                body, more = message.get("body", b""), message.get("more_body", False)
                if _worth_compressing(start["status"], headers, body, more, self.minimum_size):
                    compressor = zlib.compressobj(_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
                    body = await _squeeze(compressor, body, more)
                    headers = [h for h in headers if h[0] != b"content-length"]
                    headers.append((b"content-encoding", b"gzip"))
                    if not more:
                        headers.append((b"content-length", str(len(body)).encode("ascii")))
                    message = {**message, "body": body}
                else:
                    passing = True
                await send({**start, "headers": headers})
                await send(message)

        await self.app(scope, receive, send_compressed)


def gzipped(body: bytes) -> bytes:
    """*body* compressed as this middleware would: for an answer made compressed
    elsewhere (a worker process), which the middleware then passes on as it is.

    >>> import gzip
    >>> gzip.decompress(gzipped(b"7H>8S " * 100)) == b"7H>8S " * 100
    True
    """
    return zlib.compress(body, _LEVEL, 16 + zlib.MAX_WBITS)


def _worth_compressing(
    status: int, headers: list[tuple[bytes, bytes]], body: bytes, more: bool, minimum: int
) -> bool:
    if status == 206 or (len(body) < minimum and not more):
        return False
    return not any(name == b"content-encoding" for name, _ in headers)


async def _squeeze(compressor: zlib._Compress, body: bytes, more: bool) -> bytes:
    """*body* through *compressor*: flushed so that the client can unpack each part
    as it comes, and finished with the last part."""
    if len(body) >= _THREAD_FROM:
        return await asyncio.to_thread(_deflate, compressor, body, more)
    return _deflate(compressor, body, more)


def _deflate(compressor: zlib._Compress, body: bytes, more: bool) -> bytes:
    return compressor.compress(body) + compressor.flush(
        zlib.Z_SYNC_FLUSH if more else zlib.Z_FINISH
    )
