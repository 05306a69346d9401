"""Running ``yukon serve`` as a real process on a free loopback port, for the
tests that need a real server (restart, races)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``yukon serve --no-browser`` over *db_path* (a file or a PostgreSQL URL), on
    a free loopback port, with any further *options*."""

    def __init__(self, db_path: Path | str, *options: str) -> None:
        self.db_path = db_path
        self.output = ""
        self.port = free_port()
        self.url = f"http://{LOOPBACK}:{self.port}"
        command = [
            sys.executable, "-m", "yukon", "serve", "--no-browser",
            "--host", LOOPBACK, "--port", str(self.port), "--db", str(db_path), *options,
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self._wait_until_ready()

    def _wait_until_ready(self, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server exited: {output}")
            try:
                httpx.get(f"{self.url}/api/v1/settings", timeout=1.0)
                return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush: only what was committed survives."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self._close_pipe()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self._close_pipe()

    def _close_pipe(self) -> None:
        """Keep what the server printed (in :attr:`output`) and close the pipe."""
        if self.process.stdout is not None and not self.process.stdout.closed:
            self.output = self.process.stdout.read().decode("utf-8", "replace")
            self.process.stdout.close()
