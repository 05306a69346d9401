"""uvicorn's HTTP protocol, with the security headers also on the answers it
writes itself (a request it cannot parse gets a 400 before the app sees it)."""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from yukon.web.middleware import SECURITY_HEADERS

__all__ = ["SecureHttpToolsProtocol"]


class SecureHttpToolsProtocol(HttpToolsProtocol):
    """:class:`HttpToolsProtocol` whose own 400 answers carry :data:`SECURITY_HEADERS`."""

    def send_400_response(self, msg: str) -> None:
        body = msg.encode("utf-8")
        headers = [
            *self.server_state.default_headers,
            *SECURITY_HEADERS,
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"content-length", str(len(body)).encode("ascii")),
            (b"connection", b"close"),
        ]
        lines = [b"HTTP/1.1 400 Bad Request", *(name + b": " + value for name, value in headers)]
        self.transport.write(b"\r\n".join(lines) + b"\r\n\r\n" + body)
        self.transport.close()
