"""``yukon serve`` as a real process: what uvicorn answers by itself, what it
refuses to read, the log."""

from __future__ import annotations

import json
import re
import select
import socket
from pathlib import Path

import httpx
import pytest

from tests.web.server import LOOPBACK, ServerProcess
from yukon.web.middleware import SECURITY_HEADERS
from yukon.web.protocol import MAX_HEAD_BYTES


def _raw_request(port: int, data: bytes) -> bytes:
    with socket.create_connection((LOOPBACK, port), timeout=10) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    return answer


def test_uvicorns_own_bad_request_answer_has_the_security_headers(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3")
    try:
        answer = _raw_request(server.port, b"NOT HTTP AT ALL\r\n\r\n")
    finally:
        server.stop()
    head = answer.split(b"\r\n\r\n", 1)[0].lower().split(b"\r\n")
    assert head[0] == b"http/1.1 400 bad request"
    for name, value in SECURITY_HEADERS:
        assert name + b": " + value.lower() in head


def test_the_log_has_time_level_logger_and_the_access_log_on_request(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3", "--access-log", "--log-level", "info")
    try:
        assert httpx.get(f"{server.url}/api/v1/settings").status_code == 200
        assert httpx.get(f"{server.url}/api/v1/games/current").status_code == 404
    finally:
        server.stop()
    stamp = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}"
    lines = server.output.splitlines()
    assert any(
        re.fullmatch(stamp + r" INFO uvicorn\.error: Application startup complete\.", line)
        for line in lines
    )
    assert any(
        re.fullmatch(
            stamp + r' INFO uvicorn\.access: .*"GET /api/v1/games/current HTTP/1\.1" 404', line
        )
        for line in lines
    )


def test_without_the_access_log_requests_are_not_logged(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3", "--log-level", "warning")
    try:
        assert httpx.get(f"{server.url}/api/v1/settings").status_code == 200
    finally:
        server.stop()
    assert server.output.splitlines()[1:] == []  # the banner only


_PIECE = 64 * 1024
_SENT_AT_MOST = 32 * 1024 * 1024
"""A request that is never read whole: the server must answer long before it is sent."""
_READ_AT_MOST = _SENT_AT_MOST // 2
"""What may have been sent before the answer: the server's reading cap, and what the
loopback's buffers (some megabytes) took meanwhile."""


def _send_until_closed(port: int, head: bytes, piece: bytes) -> tuple[bytes, int]:
    """Send *head*, then *piece* again and again (up to :data:`_SENT_AT_MOST`), until
    the server closes the connection; what it answered, and the bytes sent by then."""
    answer = b""
    with socket.create_connection((LOOPBACK, port), timeout=30) as connection:
        connection.sendall(head)
        connection.setblocking(False)
        sent = len(head)
        while sent < _SENT_AT_MOST:
            readable, writable, _ = select.select([connection], [connection], [], 30)
            assert readable or writable, "the server neither reads nor answers"
            try:
                if readable:
                    received = connection.recv(65536)
                    if not received:
                        break  # closed, the answer read
                    answer += received
                else:
                    sent += connection.send(piece)
            except (BrokenPipeError, ConnectionResetError):
                break
    return answer, sent


def test_a_huge_header_is_answered_431_without_being_read(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3")
    try:
        head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: yukon_player="
        answer, sent = _send_until_closed(server.port, head, b"a" * _PIECE)
        # The server still answers others at once.
        assert httpx.get(f"{server.url}/api/v1/settings", timeout=10).status_code == 200
    finally:
        server.stop()
    assert sent < _READ_AT_MOST
    status, rest = answer.split(b"\r\n", 1)
    assert status == b"HTTP/1.1 431 Request Header Fields Too Large"
    fields, body = rest.split(b"\r\n\r\n", 1)
    assert b"connection: close" in fields.lower().split(b"\r\n")
    for name, value in SECURITY_HEADERS:
        assert name + b": " + value in fields.split(b"\r\n")
    assert json.loads(body) == {
        "error": {
            "code": "headers_too_large",
            "message": f"the request's head is larger than {MAX_HEAD_BYTES} bytes",
        }
    }


@pytest.mark.parametrize(
    ("head", "piece"),
    [
        # Refused by its declared length, and its rest is not read.
        (
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 999999999\r\n\r\n",
            b"a" * _PIECE,
        ),
        # No length: read up to the limit, and no further.
        (
            b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n",
            b"%x\r\n" % _PIECE + b"a" * _PIECE + b"\r\n",
        ),
        # Answered without a look at the body (no such route): the body is not drained.
        (
            b"POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999999\r\n\r\n",
            b"a" * _PIECE,
        ),
    ],
    ids=["declared", "chunked", "unread"],
)
def test_a_huge_body_is_refused_without_being_read(
    tmp_path: Path, head: bytes, piece: bytes
) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3")
    try:
        answer, sent = _send_until_closed(server.port, head, piece)
    finally:
        server.stop()
    assert sent < _READ_AT_MOST
    assert answer.split(b"\r\n", 1)[0] in (
        b"HTTP/1.1 413 Request Entity Too Large",
        b"HTTP/1.1 404 Not Found",
    )
