"""A victim's hint while others hammer the solver: prints the latency of one
player's hints while *hammers* other players keep asking "Can this still be
won?" about fresh hard positions. Asserts nothing; stops by itself.

    .venv/bin/python bench/hints.py [--hammers 8] [--hints 20] [--mode close|wait]

Each hammer plays one to three random moves of a hard deal (``YU1-C-AAAAACX``,
``YU1-C-AAAAAGK``, open at every budget tried), so that positions are fresh, and asks
for its analysis:

- ``--mode close`` (the attack of issue 10): the hammer sends the request and
  closes the connection at once, then starts again; a server that keeps
  searching for gone clients piles up work nobody reads.
- ``--mode wait``: the hammer waits for each answer (or its ``429``) and asks
  again at once, ignoring ``Retry-After``: the solver is busy all the time.

Meanwhile the victim asks for a hint about a fresh random deal every
``--pause`` seconds. The server is a real ``yukon serve`` (default settings:
hints 1 s, analyses 3 s, one solver process per CPU and at least two) on a fresh
database; only 127.0.0.1 is contacted.

Measured on the 2-core development machine while other test runs shared it
(load average 17-19), 20 victim hints each:

    no hammers:            median 0.304 s  p90 0.605 s  max 1.228 s
    8 hammers, close:      median 0.305 s  p90 1.147 s  max 1.339 s  (751 analyses sent and dropped)
    8 hammers, wait:       median 0.549 s  p90 1.285 s  max 2.069 s  (38 answered, 472 refused 429)
    the same, --seed 2:    median 0.327 s  p90 1.083 s  max 1.353 s  (45 answered, 782 refused 429)

Before the solver processes (one solver thread, an unbounded queue, searches
kept after their client had gone), 8 hammers in ``close`` mode made one of 5
hints wait 43.7 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from server import HOST, free_port, start_server

HARD_DEALS = ("YU1-C-AAAAACX", "YU1-C-AAAAAGK")
API = "/api/v1"
_TIMEOUT = 60.0


async def _fresh_hard_game(client: httpx.AsyncClient, rng: random.Random) -> str:
    """A new game of a hard deal after one to three random moves (so that the
    position is rarely one the server has cached); its id."""
    state = (await client.post(f"{API}/games", json={"code": rng.choice(HARD_DEALS)})).json()
    for _ in range(rng.randint(1, 3)):
        moves = [f"{card}>{to}" for card, targets in state["targets"].items() for to in targets]
        if not moves:
            break
        body = {"move": rng.choice(moves), "version": state["version"]}
        state = (await client.post(f"{API}/games/{state['id']}/moves", json=body)).json()
    game_id: str = state["id"]
    return game_id


async def _send_and_close(port: int, path: str, cookie: str) -> None:
    """Send a GET and close the connection without reading the answer."""
    _, writer = await asyncio.open_connection(HOST, port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nCookie: yukon_player={cookie}\r\n\r\n".encode()
    )
    await writer.drain()
    writer.close()
    await writer.wait_closed()


async def _hammer(
    url: str, port: int, mode: str, seed: int, stop: asyncio.Event, seen: Counter[str]
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=_TIMEOUT) as client:
        while not stop.is_set():
            game_id = await _fresh_hard_game(client, rng)
            path = f"{API}/games/{game_id}/analysis"
            if mode == "close":
                await _send_and_close(port, path, client.cookies["yukon_player"])
                seen["sent and closed"] += 1
            else:
                answer = await client.get(path)
                seen[f"HTTP {answer.status_code}"] += 1


async def _victim(url: str, hints: int, pause: float, seed: int) -> list[float]:
    """Latencies of *hints* hints, each on a fresh random deal."""
    rng = random.Random(seed)
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=url, timeout=_TIMEOUT) as client:
        for _ in range(hints):
            await asyncio.sleep(pause * rng.random())
            code = f"YU1-C-{''.join(rng.choice('ABCDEFGHIJKLMNOPQRSTUVWXYZ') for _ in range(7))}"
            state = (await client.post(f"{API}/games", json={"code": code})).json()
            sent = time.perf_counter()
            answer = await client.post(f"{API}/games/{state['id']}/hint", json={"version": 1})
            latencies.append(time.perf_counter() - sent)
            if answer.status_code != 200:
                print(f"victim's hint refused: {answer.status_code} {answer.text}")
    return latencies


async def _run(args: argparse.Namespace, port: int) -> tuple[list[float], Counter[str], float]:
    url = f"http://{HOST}:{port}"
    stop = asyncio.Event()
    seen: Counter[str] = Counter()
    hammers = [
        asyncio.create_task(_hammer(url, port, args.mode, args.seed + number, stop, seen))
        for number in range(args.hammers)
    ]
    # Let the hammers get going before the first hint.
    await asyncio.sleep(args.warmup)
    started = time.perf_counter()
    latencies = await _victim(url, args.hints, args.pause, args.seed)
    took = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*hammers)
    return latencies, seen, took


def _report(
    args: argparse.Namespace, latencies: list[float], seen: Counter[str], took: float
) -> None:
    ordered = sorted(latencies)
    print(f"{args.hammers} hammers ({args.mode}), {args.hints} victim hints over {took:.1f} s")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")
    print(
        f"victim's hint s: median {statistics.median(ordered):.3f}"
        f"  p90 {ordered[int(0.9 * (len(ordered) - 1))]:.3f}  max {ordered[-1]:.3f}"
    )
    print(
        "hammers' analyses: " + ", ".join(f"{kind} {count}" for kind, count in sorted(seen.items()))
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hammers", type=int, default=8, help="players hammering the solver (8)")
    parser.add_argument("--hints", type=int, default=20, help="hints the victim asks for (20)")
    parser.add_argument(
        "--mode", choices=("close", "wait"), default="close", help="how the hammers ask (close)"
    )
    parser.add_argument(
        "--pause", type=float, default=1.0, help="most seconds between the victim's hints (1)"
    )
    parser.add_argument(
        "--warmup", type=float, default=3.0, help="seconds of hammering before the first hint (3)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "bench.sqlite3", port)
        try:
            latencies, seen, took = asyncio.run(_run(args, port))
        finally:
            server.terminate()
            server.wait(timeout=30)
    _report(args, latencies, seen, took)


if __name__ == "__main__":
    main()
