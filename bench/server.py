"""A real ``yukon serve`` on a free loopback port, for the benchmarks that need one."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

HOST = "127.0.0.1"


def free_port() -> int:
    """A loopback port that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    """Start ``yukon serve`` on *port* with the database *db*; return once it listens.

    :raises RuntimeError: when it exits or does not listen within 20 s.
    """
    command = [
        sys.executable, "-m", "yukon", "serve", "--no-browser",
        "--host", HOST, "--port", str(port), "--db", str(db),
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
