"""A solver in a process of its own, for a server that must stay fair.

A search is pure Python, so threads would share one interpreter lock; and a
search cannot be interrupted from outside. A process solves both: searches run
side by side on the CPUs, and a search whose answer is no longer wanted stops at
once, really freeing its CPU and memory, when its process is killed.

Processes are forked from a small server process that has already imported the
solver (``forkserver``), so a new one is ready in milliseconds and never copies
the threads or open files of the web server.

>>> from yukon.engine import Game
>>> from yukon.solver.result import Limit
>>> process = SolverProcess.start()
>>> process.send(Game.from_code("YU1-C-AAAAAAB").position(), Limit(states=50_000))
>>> process.receive().status.value
'won'
>>> process.stop()
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
from multiprocessing import forkserver
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Final

from yukon.engine import Position
from yukon.solver.result import Limit, SolveResult
from yukon.solver.search import solve

__all__ = ["SolverProcess", "SolverProcessError", "prepare", "usable_cpus"]

_PROCESS_NAME: Final = "yukon-solver"
_JOIN_SECONDS: Final = 5.0


class SolverProcessError(RuntimeError):
    """The solver's process ended or failed without an answer."""


@functools.cache
def _context() -> BaseContext:
    """``forkserver`` where the system has it (Linux, macOS), else ``spawn``."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def prepare() -> None:
    """Start the fork server now rather than with the first worker (it takes about
    half a second, once per server process); a no-op where there is none."""
    if _context().get_start_method() == "forkserver":
        forkserver.ensure_running()


def _serve(connection: Connection) -> None:
    """The worker's loop: a position and a budget in, a result (or the error's
    text) out, until the server closes its end."""
    # Ctrl+C in a terminal reaches the whole process group; the server stops us.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            position, limit = connection.recv()
        except EOFError:
            return
        try:
            answer: SolveResult | str = solve(position, limit)
        except Exception as error:  # the server reports it; the worker serves on
            answer = f"{type(error).__name__}: {error}"
        try:
            connection.send(answer)
        except OSError:  # the server has gone (killed): nobody to answer
            return


class SolverProcess:
    """One worker process and the server's end of its pipe."""

    def __init__(self, process: BaseProcess, connection: Connection) -> None:
        self._process = process
        self._connection = connection

    @classmethod
    def start(cls) -> SolverProcess:
        """Start a worker (blocks for the few milliseconds a fork takes)."""
        context = _context()
        ours, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), name=_PROCESS_NAME, daemon=True)  # type: ignore[attr-defined]
        process.start()
        theirs.close()
        return cls(process, ours)

    @property
    def pid(self) -> int | None:
        return self._process.pid

    def is_alive(self) -> bool:
        return self._process.is_alive()

    def fileno(self) -> int:
        """The pipe's descriptor: readable once the answer (or the end) is there."""
        return self._connection.fileno()

    def send(self, position: Position, limit: Limit) -> None:
        """Ask for a search; the answer is read by :meth:`receive`."""
        self._connection.send((position, limit))

    def receive(self) -> SolveResult:
        """The answer to the last search (waits for it).

        :raises SolverProcessError: when the process ended or the search failed.
        """
        try:
            answer = self._connection.recv()
        except (EOFError, OSError) as error:
            raise SolverProcessError(f"the solver process {self.pid} ended") from error
        if isinstance(answer, str):
            raise SolverProcessError(f"the search failed in the solver process: {answer}")
        result: SolveResult = answer
        return result

    def kill(self) -> None:
        """End the process at once, whatever it is doing (returns without waiting)."""
        self._process.kill()

    def stop(self) -> None:
        """End the process and wait until it is gone (a few milliseconds)."""
        self._process.kill()
        self._process.join(_JOIN_SECONDS)
        self._connection.close()
        self._process.close()


def usable_cpus() -> int:
    """The CPUs this process may run on: fewer than the machine's in a container or
    under ``taskset`` (where ``os.cpu_count()`` still counts every CPU of the host)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
