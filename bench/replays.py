"""Record replays against another player's latency: prints the latency of one
player's cheap requests while *clients* anonymous clients post 1000-move records
to ``POST /api/v1/records/replay`` in a loop, and what those clients got. Asserts
nothing; stops by itself; only 127.0.0.1 is contacted.

    .venv/bin/python bench/replays.py [--clients 16] [--seconds 10]

Each replaying client is a process of its own (so that its work does not slow
the victim's client), sends no cookie (each request is a new anonymous player),
takes gzip as browsers do, and asks again as soon as it has its answer, ignoring
``Retry-After``. The victim asks ``GET /api/v1/settings`` every 10 ms, for
``--seconds`` undisturbed and as long again among the replays. The server is a
real ``yukon serve`` on a fresh SQLite database.

Measured on the 2-core development machine while other developers' work shared
it (load average 14-30; the undisturbed figures show what that load alone does):

    replays in the server's threads (before issue 39):
      4 clients:   victim median 431.9 ms, p90 672.9 ms (undisturbed 2.2 ms); 22 replays
      16 clients:  not one of the victim's requests answered in 10 s
    in a process of their own, each client in turn, compressed there:
      4 clients:   victim median 16.7 ms, p90 89.7 ms (undisturbed 8.2 ms); 15 replays
      16 clients:  victim median 9.1 ms, p90 60.9 ms (undisturbed 2.0 ms); 42 replays

(The issue's figures, on a quieter machine: a median of 239 ms with 16 clients,
41 ms with 4, 1 ms undisturbed.) All 16 clients come from 127.0.0.1, so they
share one line, as one client with 16 connections would.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections import Counter
from multiprocessing import Process, Queue
from pathlib import Path

import httpx
from server import HOST, free_port, start_server
from victim import figures, latencies_during

from yukon.engine import Game, GameCode, NothingToUndoError

_TIMEOUT = 60.0


def long_record(moves: int = 1000, seed: int = 1) -> str:
    """A legal record of *moves* random moves and undos of one deal."""
    code = GameCode.parse("YU1-C-AACRWEA")
    game, rng = Game.from_code(code), random.Random(seed)
    tokens: list[str] = []
    while len(tokens) < moves:
        legal = list(game.legal_moves)
        if legal and rng.random() < 0.8:
            move = rng.choice(legal)
            game.play(move)
            tokens.append(str(move))
        else:
            try:
                game.undo()
            except NothingToUndoError:
                continue
            tokens.append("U")
    return f"{code} {' '.join(tokens)}"


def _replaying(url: str, record: str, until: float, results: Queue[Counter[str]]) -> None:
    seen: Counter[str] = Counter()
    with httpx.Client(base_url=url, timeout=_TIMEOUT) as client:
        while time.time() < until:
            answer = client.post("/api/v1/records/replay", json={"record": record})
            client.cookies.clear()  # anonymous: a new player every time
            seen[f"HTTP {answer.status_code}"] += 1
    results.put(seen)


def _watch(url: str, clients: int, seconds: float) -> tuple[list[float], Counter[str]]:
    """The victim's latencies over *seconds* while *clients* replay, and what they got."""
    results: Queue[Counter[str]] = Queue()
    until = time.time() + seconds
    record = long_record()
    replaying = [
        Process(target=_replaying, args=(url, record, until, results)) for _ in range(clients)
    ]
    latencies = latencies_during(url, replaying, until, _TIMEOUT)
    seen: Counter[str] = Counter()
    for _ in replaying:
        seen.update(results.get(timeout=2 * _TIMEOUT))
    for process in replaying:
        process.join()
    return latencies, seen


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=16, help="clients replaying (16)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of each phase (10)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        url = f"http://{HOST}:{port}"
        server = start_server(Path(folder) / "bench.sqlite3", port)
        try:
            quiet, _ = _watch(url, 0, args.seconds)
            loud, seen = _watch(url, args.clients, args.seconds)
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"victim, undisturbed:          {figures(quiet)}")
    print(f"victim, {args.clients:2} clients replaying: {figures(loud)}")
    print(
        f"replays of 1000 moves in {args.seconds:g} s: "
        + ", ".join(f"{kind} {count}" for kind, count in sorted(seen.items()))
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
