"""A small reverse proxy for the tests, doing what nginx does in docs/deploy.md:
``/yukon/…`` is passed to the server without its prefix, with the
``X-Forwarded-For`` and ``X-Forwarded-Proto`` headers and the original Host."""

from __future__ import annotations

from contextlib import AbstractContextManager

import httpx
from starlette.types import Receive, Scope, Send

from tests.web.live import live_server

_HOP_BY_HOP = {b"connection", b"keep-alive", b"transfer-encoding", b"upgrade", b"host"}


class PrefixProxy:
    """An ASGI app that forwards *prefix*``/…`` to *backend* and answers 404 elsewhere."""

    def __init__(self, prefix: str, backend: str) -> None:
        self.prefix = prefix
        self.backend = backend

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        path: str = scope["path"]
        if not (path == self.prefix or path.startswith(self.prefix + "/")):
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b"outside the prefix"})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        headers = [(k, v) for k, v in scope["headers"] if k not in _HOP_BY_HOP]
        host = dict(scope["headers"]).get(b"host", b"")
        headers += [
            (b"host", host),
            (b"x-forwarded-for", scope["client"][0].encode()),
            (b"x-forwarded-proto", b"http"),
        ]
        query = b"?" + scope["query_string"] if scope["query_string"] else b""
        url = self.backend + (path[len(self.prefix) :] or "/") + query.decode()
        async with httpx.AsyncClient() as client:
            answer = await client.request(scope["method"], url, headers=headers, content=body)
        out = [(k, v) for k, v in answer.headers.raw if k.lower() not in _HOP_BY_HOP]
        out = [(k, v) for k, v in out if k.lower() not in (b"content-encoding", b"content-length")]
        content = answer.content  # unpacked by httpx: sent on as it is
        out.append((b"content-length", str(len(content)).encode()))
        await send({"type": "http.response.start", "status": answer.status_code, "headers": out})
        await send({"type": "http.response.body", "body": content})


def running_proxy(prefix: str, backend: str) -> AbstractContextManager[str]:
    """The proxy on a free loopback port, until the block ends; yields its address."""
    return live_server(PrefixProxy(prefix, backend))
