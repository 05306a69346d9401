"""A real ``yukon serve`` on a free loopback port, for the benchmarks that need one."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

HOST = "127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
# Playwright itself starts Chromium with --no-sandbox, --no-first-run, --disable-sync,
# --disable-component-update and --disable-background-networking; only the GPU is left.
CHROMIUM_ARGS = ["--disable-gpu"]


def free_port() -> int:
    """A loopback port that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: Path | str, port: int, *options: str) -> subprocess.Popen[bytes]:
    """Start ``yukon serve`` on *port* with the database *db* (a file or a
    PostgreSQL URL) and any further *options*; return once it listens.

    :raises RuntimeError: when it exits or does not listen within 20 s.
    """
    command = [
        sys.executable, "-m", "yukon", "serve", "--no-browser",
        "--host", HOST, "--port", str(port), "--db", str(db), *options,
        # The benchmarks start games far faster than a player may (30 a minute).
        "--games-per-minute", "1000000",
    ]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return server
        except OSError:
            if server.poll() is not None:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start in time")


@contextmanager
def app_in_chromium() -> Iterator[tuple[Browser, str]]:
    """A fresh ``yukon serve`` with an empty database and Debian's Chromium: yields
    the browser and the server's base URL, and stops both afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "bench.sqlite3", port)
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    yield browser, f"http://{HOST}:{port}"
                finally:
                    browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
