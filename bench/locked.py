"""A database locked by another program: prints what a move gets while another
connection holds the SQLite file's write lock for ``--seconds``, and what the
move asked again as the answer says gets; and how another player's reads fare
meanwhile. Asserts nothing; stops by itself; only 127.0.0.1 is contacted.

    .venv/bin/python bench/locked.py [--seconds 7]

The player sends the move as the page does (api.js): once, and once more after
the ``Retry-After`` of a 503. The server is a real ``yukon serve`` on a fresh
SQLite database; the lock is ``BEGIN EXCLUSIVE`` on another connection, as the
``sqlite3`` shell or a backup tool would hold it.

Measured on the 2-core development machine shared with other work (load average
about 17), the lock held for 7 s:

    before (issue 39):  the move answered 500 after 5.18 s; nothing asked again
    now:                the move answered 503 after 5.85 s, Retry-After 1;
                        asked again at 6.85 s, 200 after 0.19 s (the lock gone at 7 s)
    another player's reads meanwhile: median 2.5-3.8 ms (reads never wait for the lock)
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
from server import HOST, free_port, start_server

_PAUSE = 0.010


def _hold(database: Path, seconds: float, held: threading.Event) -> None:
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    held.set()
    time.sleep(seconds)
    other.execute("ROLLBACK")
    other.close()


def _reader(client: httpx.Client, stop: threading.Event, latencies: list[float]) -> None:
    """Another player, who looks at their game (started before the lock)."""
    while not stop.is_set():
        sent = time.perf_counter()
        client.get("/api/v1/games/current").raise_for_status()
        latencies.append(time.perf_counter() - sent)
        time.sleep(_PAUSE)


def _move(client: httpx.Client, game: dict[str, object], started: float) -> httpx.Response:
    sent = time.perf_counter()
    answer = client.post(
        f"/api/v1/games/{game['id']}/moves", json={"move": "QC>5", "version": game["version"]}
    )
    print(
        f"  at {sent - started:5.2f} s: the move answered {answer.status_code} after"
        f" {time.perf_counter() - sent:.2f} s"
        + (f", Retry-After {answer.headers['retry-after']}" if answer.status_code == 503 else "")
    )
    return answer


def _measure(url: str, database: Path, seconds: float) -> None:
    with (
        httpx.Client(base_url=url, timeout=60) as client,
        httpx.Client(base_url=url, timeout=60) as other,
    ):
        game = client.post("/api/v1/games", json={"code": "YU1-C-AACRWEA"}).json()
        other.post("/api/v1/games", json={"code": "YU1-C-AAAAAAB"}).raise_for_status()
        stop, latencies = threading.Event(), list[float]()
        reader = threading.Thread(target=_reader, args=(other, stop, latencies))
        reader.start()
        held = threading.Event()
        holder = threading.Thread(target=_hold, args=(database, seconds, held))
        holder.start()
        held.wait()
        started = time.perf_counter()
        print(f"another connection holds the write lock for {seconds:g} s")
        answer = _move(client, game, started)
        if answer.status_code == 503:
            time.sleep(int(answer.headers["retry-after"]))
            answer = _move(client, game, started)
        holder.join()
        stop.set()
        reader.join()
        after = client.get(f"/api/v1/games/{game['id']}").json()
    print(
        f"the game: version {game['version']} before, {after['version']} after, {after['record']}"
    )
    ordered = sorted(latencies)
    print(
        f"another player's reads meanwhile: median {1000 * statistics.median(ordered):.1f} ms,"
        f" max {1000 * ordered[-1]:.1f} ms ({len(ordered)} reads)"
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=7.0, help="how long the lock is held")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "bench.sqlite3"
        port = free_port()
        server = start_server(database, port)
        try:
            _measure(f"http://{HOST}:{port}", database, args.seconds)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
