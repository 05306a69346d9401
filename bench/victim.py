"""Another player's latency while a benchmark loads the server: a client that asks
``GET /api/v1/settings`` every 10 ms on a connection of its own, and its figures."""

from __future__ import annotations

import statistics
import threading
import time
from multiprocessing import Process

import httpx

_PAUSE = 0.010


def victim(url: str, stop: threading.Event, latencies: list[float], timeout: float) -> None:
    """Ask for the settings until *stop*, adding each answer's seconds to *latencies*."""
    with httpx.Client(base_url=url, timeout=timeout) as client:
        client.get("/api/v1/settings")
        while not stop.is_set():
            sent = time.perf_counter()
            client.get("/api/v1/settings").raise_for_status()
            latencies.append(time.perf_counter() - sent)
            time.sleep(_PAUSE)


def latencies_during(url: str, load: list[Process], until: float, timeout: float) -> list[float]:
    """Start the processes *load* and measure the victim on *url* until *until*
    (``time.time()``); the caller collects what *load* found and joins it."""
    latencies: list[float] = []
    stop = threading.Event()
    watcher = threading.Thread(target=victim, args=(url, stop, latencies, timeout))
    for process in load:
        process.start()
    watcher.start()
    time.sleep(max(0.0, until - time.time()))
    stop.set()
    watcher.join()
    return latencies


def figures(latencies: list[float]) -> str:
    """The median, p90, p99 and slowest of *latencies*, in milliseconds."""
    if not latencies:
        return "not one request answered"
    ordered = sorted(latencies)

    def ms(fraction: float) -> str:
        return f"{1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]:.1f} ms"

    return (
        f"median {1000 * statistics.median(ordered):.1f} ms  p90 {ms(0.9)}  p99 {ms(0.99)}"
        f"  max {1000 * ordered[-1]:.1f} ms  ({len(ordered)} requests)"
    )
