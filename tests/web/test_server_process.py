"""``yukon serve`` as a real process: what uvicorn answers by itself, the log."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import httpx

from tests.web.server import LOOPBACK, ServerProcess
from yukon.web.middleware import SECURITY_HEADERS


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
