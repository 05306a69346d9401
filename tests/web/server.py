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

from yukon.commands.base import EXIT_ADDRESS

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


_PORT_TRIES = 5
_LISTEN = "0A"
"""TCP_LISTEN, as /proc/net/tcp shows a socket's state."""


def _listens(pid: int, port: int) -> bool:
    """Whether process *pid* holds a socket listening on *port* (read from /proc:
    the listening socket's inode is among the process's open files)."""
    try:
        files = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    except (FileNotFoundError, ProcessLookupError):  # the process ended meanwhile
        return False
    listening = set()
    for line in Path("/proc/net/tcp").read_text(encoding="ascii").splitlines()[1:]:
        fields = line.split()
        local, state, inode = fields[1], fields[3], fields[9]
        if state == _LISTEN and int(local.rpartition(":")[2], 16) == port:
            listening.add(f"socket:[{inode}]")
    return not listening.isdisjoint(files)


class ServerProcess:
    """``yukon serve --no-browser`` over *db_path* (a file or a PostgreSQL URL), on
    a free loopback port, with any further *options*."""

    def __init__(self, db_path: Path | str, *options: str) -> None:
        self.db_path = db_path
        self.output = ""
        # The port is free when probed, but another program may bind it before the
        # server does: the server then exits, and is started again on another port.
        for _ in range(_PORT_TRIES):
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
            if self._wait_until_ready():
                return
        raise RuntimeError(f"the server found no free port in {_PORT_TRIES} tries: {self.output}")

    def _wait_until_ready(self, seconds: float = 20.0) -> bool:
        """Wait until the server listens on its port and answers; ``False`` when
        another program had taken the port. Until the server's own socket listens,
        nothing is asked of the port: another program's server could answer."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self._close_pipe()
                if self.process.returncode == EXIT_ADDRESS:
                    return False
                raise RuntimeError(f"the server exited: {self.output}")
            if _listens(self.process.pid, self.port):
                try:
                    httpx.get(f"{self.url}/api/v1/settings", timeout=1.0)
                    return True
                except httpx.TransportError:
                    pass
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
