"""Where ``yukon analyze`` solves: a Dask cluster, local or already running.

By default a :class:`~distributed.LocalCluster` of worker processes starts on
this machine and stops with the command; ``--scheduler ADDRESS`` uses a running
cluster instead (its workers need ``yukon-solitaire`` installed). Either way
each task is :func:`yukon.solver.batch.solve_deal`, the one job.

Ctrl+C belongs to the command alone: the local workers start with the
interrupt ignored (a terminal sends it to the whole process group), so the
command stops them itself, once, instead of each dying with a traceback.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterable, Iterator
from typing import Final

from distributed import Client, LocalCluster, as_completed

from yukon.commands.solve import SolveInputError
from yukon.engine import GameCode
from yukon.solver import Limit
from yukon.solver.batch import Verdict, solve_deal
from yukon.solver.build import solver_build

__all__ = ["connect", "iter_verdicts", "worker_builds"]

CONNECT_SECONDS: Final = 10
"""How long to wait for a running scheduler to answer."""


@contextlib.contextmanager
def connect(scheduler: str | None, workers: int) -> Iterator[Client]:
    """A client of the scheduler at *scheduler*, or of a new local cluster of
    *workers* processes (closed on the way out, also after Ctrl+C).

    :raises OSError: when the scheduler cannot be reached.
    :raises SolveInputError: for an address that is not one.
    """
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS)
        except ValueError as error:
            raise SolveInputError(f"--scheduler {scheduler!r}: {error}") from None
        with client:
            yield client
        return
    with _interrupt_ignored():
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,  # the search is pure Python: one process a core
            processes=True,
            dashboard_address="127.0.0.1:0",  # a free port: other clusters may run here
            silence_logs=logging.CRITICAL,  # a task's error comes back as its result
        )
    interrupted = False
    try:
        with cluster, Client(cluster) as client:
            try:
                yield client
            except KeyboardInterrupt:
                # Workers stopped in the middle of a task: what the cluster logs
                # while it closes (a heartbeat to a closed scheduler…) is no news.
                logging.disable(logging.CRITICAL)
                interrupted = True
                raise
    finally:
        if interrupted:
            logging.disable(logging.NOTSET)


@contextlib.contextmanager
def _interrupt_ignored() -> Iterator[None]:
    """Ignore SIGINT while processes start, so that they inherit the ignoring."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def worker_builds(client: Client) -> list[str]:
    """The builds of the solver the workers run (:func:`solver_build`): states
    a second differ by about two between them, verdicts do not."""
    builds: dict[str, str] = client.run(solver_build)
    return sorted(set(builds.values()))


def iter_verdicts(client: Client, codes: Iterable[GameCode], budget: Limit) -> Iterator[Verdict]:
    """Solve *codes* on the cluster, yielding each verdict as it comes; what is
    still queued or running is cancelled when the caller stops early."""
    futures = client.map(solve_deal, list(codes), budget=budget, pure=False)
    try:
        for future in as_completed(futures):
            verdict: Verdict = future.result()
            yield verdict
    finally:
        client.cancel(futures)
