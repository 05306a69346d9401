"""A solver in a process of its own: it answers, reports a failed search and goes
on serving, and a kill stops a search at once."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.web.live import wait_for
from yukon.engine import Game, Move
from yukon.solver import Limit, Status
from yukon.solver.serving.worker import SolverProcess, SolverProcessError, usable_cpus


@pytest.fixture
def process() -> Iterator[SolverProcess]:
    started = SolverProcess.start()
    yield started
    started.stop()


def test_a_failed_search_is_reported_and_the_process_serves_on(process: SolverProcess) -> None:
    process.send("not a position", Limit(states=10))  # type: ignore[arg-type]
    with pytest.raises(SolverProcessError, match="failed in the solver process"):
        process.receive()
    process.send(Game.from_code("YU1-C-AAAAAAB").position(), Limit(states=50_000))
    assert process.receive().status is Status.WON


def test_a_kill_stops_a_search_at_once(process: SolverProcess) -> None:
    game = Game.from_code("YU1-C-AAAAAGK")
    game.play(Move.parse("TH>1"))  # a hard position: ten minutes are not enough
    process.send(game.position(), Limit(seconds=600))
    process.kill()
    with pytest.raises(SolverProcessError, match="ended"):
        process.receive()
    # Its end has been read from the pipe; the exit is seen once the process is reaped.
    wait_for(lambda: not process.is_alive(), "the killed process to be reaped", 10)


def test_the_cpus_are_those_the_process_may_run_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """A container or ``taskset`` gives the process 2 of the host's 64 CPUs: 2 it is
    (``yukon analyze``'s default cluster and the server's solver processes)."""
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {4, 5}, raising=False)
    assert usable_cpus() == 2
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # not on Linux
    assert usable_cpus() == 64
