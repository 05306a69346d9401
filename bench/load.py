"""Server load: N simulated players play legal moves against a real ``yukon serve``
on loopback for a bounded time, then print acknowledged moves per second, latency
percentiles and errors. Asserts nothing; stops by itself.

    .venv/bin/python bench/load.py [--players 200] [--rate 2000] [--seconds 10] [--warmup 2]
                                   [--db sqlite|PATH|postgresql://…] [--workers N]

``--rate`` is the load offered by all the players together (each player sends a
move every players/rate seconds, or at once when it is behind); ``--rate 0``
measures saturation: every player sends its next move as soon as the last is
answered, so the latency is then mostly queueing (players / throughput).

The server runs as its own process (``--workers N``: N processes) on a fresh
database: an SQLite file in a temporary folder by default, the file *PATH*, or a
new schema in the PostgreSQL database at the URL, dropped afterwards. The server
CPU reported is that of all its processes; PostgreSQL's own (its server processes
on this machine, when /proc shows them) is reported beside it, and so is this
process's own: all per request sent, the warm-up's included. The players share
this process, each an asyncio protocol on one keep-alive HTTP/1.1 connection
whose answers httptools parses (a full HTTP client would cost more CPU than the
server it measures, on the same 2 cores); they ask for gzip as a browser does.
Only 127.0.0.1 is ever contacted.

Measured on the 2-core development machine, 200 players, 2,000 moves/s offered,
10 s after 2 s of warm-up, at nice -10 (server, players and PostgreSQL with its
default fsync on) while other jobs kept the CPUs busy (load average 8-17;
/proc/pressure/cpu: a task waited for a CPU 85 % of the time): the latencies and
moves/s say more about those jobs than about the server, the CPU per request
does not. Before and after issue 10's p99 work (offload crossing, gzip from
4 KB, orjson, legal moves from the targets' side, the collector's thresholds),
the old and the new server run by turns under the same load, CPU per request:

    server CPU                before    after   PostgreSQL's own    players
    SQLite, 1 process         693 µs   414 µs                     112 -> 79 µs
    SQLite, 2 processes       727 µs   420 µs                     113 -> 81 µs
    PostgreSQL, 1 process     923 µs   575 µs   212 -> 188 µs     131 -> 97 µs
    PostgreSQL, 2 processes   911 µs   535 µs   199 -> 151 µs     139 -> 79 µs

So at 2,000 moves/s SQLite with 2 processes needs 1.0 of the 2 cores (server
and players) and PostgreSQL with 2 processes 1.5 (with PostgreSQL's own), down
from 1.7 and 2.5. At saturation (``--rate 0``) PostgreSQL's 2 processes can do
at most 2 / (S + P + G) moves/s against 1 / S for one process (S the server's,
P PostgreSQL's and G the players' CPU per move): 2S / (S + P + G) = 1.40 times
as many here, whatever the load; 1.5 needs a machine where PostgreSQL and the
players do not share the server's 2 cores.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httptools
import orjson
from server import HOST, free_port, start_server

from yukon.engine import RULE_SETS

_TIMEOUT = 10.0
_ACCEPT_ENCODING = "gzip, deflate, br, zstd"  # as Chromium asks


@dataclass
class Tally:
    """What the players saw: latencies of acknowledged moves, and everything else."""

    latencies: list[float] = field(default_factory=list)
    other_requests: int = 0
    sent: int = 0
    """Every request sent, those of the warm-up included (for CPU per request)."""
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class Connection(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection with the player's cookie. It asks for
    gzip as a browser does (the server compresses only long answers).

    The players share the server's CPUs, so they are as cheap as can be: each
    path's request head is written once, and answers are parsed by httptools
    (uvicorn's parser) as they arrive, with no stream reader in between."""

    def __init__(self) -> None:
        self.cookie = b""
        self.sent = 0
        self._heads: dict[str, bytes] = {}
        self._transport: asyncio.Transport | None = None
        self._parser = httptools.HttpResponseParser(self)
        self._waiter: asyncio.Future[tuple[int, bytes]] | None = None
        self._body: list[bytes] = []
        self._packed = False

    @classmethod
    async def open(cls, port: int) -> Connection:
        _, connection = await asyncio.get_running_loop().create_connection(cls, HOST, port)
        return connection

    def _head(self, path: str) -> bytes:
        head = self._heads.get(path)
        if head is None:
            cookie = b"Cookie: " + self.cookie + b"\r\n" if self.cookie else b""
            head = (
                (
                    f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                    f"Accept-Encoding: {_ACCEPT_ENCODING}\r\n"
                ).encode()
                + cookie
                + b"Content-Length: "
            )
            self._heads[path] = head
        return head

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        if self._transport is None or self._transport.is_closing():
            raise ConnectionResetError("the server closed the connection")
        payload = orjson.dumps(body)
        self.sent += 1
        self._waiter = asyncio.get_running_loop().create_future()
        self._transport.write(b"%s%d\r\n\r\n%s" % (self._head(path), len(payload), payload))
        # asyncio.timeout, not wait_for: wait_for runs the wait as a task of its own.
        async with asyncio.timeout(_TIMEOUT):
            status, answer = await self._waiter
        return status, orjson.loads(answer) if answer else None

    # asyncio's and httptools' callbacks

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError as error:
            self._settle(error)

    def connection_lost(self, exc: Exception | None) -> None:
        self._settle(exc or ConnectionResetError("the server closed the connection"))

    def on_header(self, name: bytes, value: bytes) -> None:
        name = name.lower()
        if name == b"content-encoding":
            self._packed = value.strip() == b"gzip"
        elif name == b"set-cookie":
            cookie = value.strip().split(b";")[0]
            if cookie != self.cookie:
                self.cookie, self._heads = cookie, {}

    def on_body(self, body: bytes) -> None:
        self._body.append(body)

    def on_message_complete(self) -> None:
        body = b"".join(self._body)
        if self._packed:
            body = gzip.decompress(body)
        self._body, self._packed = [], False
        self._settle((self._parser.get_status_code(), body))

    def _settle(self, outcome: tuple[int, bytes] | BaseException) -> None:
        waiter, self._waiter = self._waiter, None
        if waiter is None or waiter.done():
            return
        if isinstance(outcome, BaseException):
            waiter.set_exception(outcome)
        else:
            waiter.set_result(outcome)

    def close(self) -> None:
        if self._transport is not None:
            self._transport.close()


def _legal_moves(state: dict[str, Any]) -> list[str]:
    return [f"{card}>{target}" for card, targets in state["targets"].items() for target in targets]


async def _new_game(connection: Connection, rng: random.Random, tally: Tally) -> dict[str, Any]:
    rules = rng.choice([rules.id for rules in RULE_SETS])
    status, state = await connection.post("/api/v1/games", {"rules": rules})
    tally.other_requests += 1
    if status != 201:
        raise RuntimeError(f"new game refused: {status} {state}")
    return dict(state)


async def _player(
    port: int, seed: int, interval: float, warm: float, end: float, tally: Tally
) -> None:
    """Play until *end*: a move every *interval* seconds (0: as fast as answered)."""
    rng = random.Random(seed)
    connection = await Connection.open(port)
    # Spread the players' schedules so that they do not all send at once.
    next_at = time.perf_counter() + rng.random() * interval
    try:
        state = await _new_game(connection, rng, tally)
        while time.perf_counter() < end:
            delay = next_at - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            next_at += interval
            moves = _legal_moves(state)
            if not moves or state["won"]:
                state = await _new_game(connection, rng, tally)
                continue
            body = {"move": rng.choice(moves), "version": state["version"]}
            sent = time.perf_counter()
            status, answer = await connection.post(f"/api/v1/games/{state['id']}/moves", body)
            took = time.perf_counter() - sent
            if status != 200:
                tally.error(f"HTTP {status}")
                state = answer.get("state", state) if isinstance(answer, dict) else state
                continue
            state = answer
            if sent >= warm:
                tally.latencies.append(took)
    except (TimeoutError, OSError, httptools.HttpParserError, RuntimeError) as error:
        tally.error(type(error).__name__)
    finally:
        tally.sent += connection.sent
        connection.close()


def _stat(pid: int | str) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (field 3 onwards)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) used so far by process *pid* and its children (the
    workers of ``--workers N``), where /proc tells it."""
    own = _stat(pid)
    if own is None:
        return None
    total = 0.0
    for entry in Path("/proc").iterdir():
        fields = _stat(entry.name) if entry.name.isdigit() else None
        # Fields 4 (parent), 14 and 15 of stat(5), counted after the command name.
        if fields is not None and (entry.name == str(pid) or fields[1] == str(pid)):
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


@contextmanager
def _database(db: str, folder: str) -> Iterator[str]:
    """The server's database: a new SQLite file, the file *db*, or a new schema in
    the PostgreSQL database *db* (dropped afterwards)."""
    if db == "sqlite":
        yield str(Path(folder) / "load.sqlite3")
        return
    if not db.startswith(("postgresql://", "postgres://")):
        yield db
        return
    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(db, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{db}{'&' if '?' in db else '?'}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(db, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


def _postgres_pid(db: str) -> int | None:
    """The PostgreSQL server process (the parent of every connection's process)
    when it runs on this machine and /proc shows it, else ``None``."""
    if not db.startswith(("postgresql://", "postgres://")):
        return None
    import psycopg

    with psycopg.connect(db, autocommit=True) as connection:
        row = connection.execute("SELECT pg_backend_pid()").fetchone()
        # Read while this connection's process is alive: it ends with the connection.
        fields = _stat(row[0]) if row is not None else None
    return None if fields is None else int(fields[1])


def _percentile(sorted_values: list[float], fraction: float) -> float:
    index = min(len(sorted_values) - 1, int(fraction * len(sorted_values)))
    return sorted_values[index]


def _report(
    args: argparse.Namespace,
    tally: Tally,
    measured: float,
    cpu: float,
    server_cpu: float | None,
    database_cpu: float | None,
) -> None:
    moves = len(tally.latencies)
    latencies = sorted(tally.latencies)
    offered = f"{args.rate:,.0f} moves/s offered" if args.rate > 0 else "as fast as answered"
    backend = "PostgreSQL" if args.db.startswith(("postgresql:", "postgres:")) else "SQLite"
    print(f"{backend}, {args.workers} server process(es)")
    print(
        f"players {args.players}, {offered}, measured {measured:.1f} s"
        f" after {args.warmup:.1f} s warm-up"
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")
    print(f"acknowledged moves: {moves}  ({moves / measured:,.0f} moves/s)")
    if latencies:
        ms = [value * 1000 for value in latencies]
        print(
            f"latency ms: p50 {_percentile(ms, 0.50):.2f}  p95 {_percentile(ms, 0.95):.2f}"
            f"  p99 {_percentile(ms, 0.99):.2f}  max {ms[-1]:.2f}"
            f"  mean {statistics.fmean(ms):.2f}"
        )
    print(f"other requests (new games): {tally.other_requests}")
    errors = ", ".join(f"{kind}: {count}" for kind, count in sorted(tally.errors.items()))
    print(f"errors: {sum(tally.errors.values())}" + (f" ({errors})" if errors else ""))
    # CPU is counted over the whole run, warm-up included, and so are the requests.
    sent = max(1, tally.sent)
    print(f"requests sent (warm-up included): {tally.sent}")
    print(f"load generator CPU: {cpu:.1f} s, {cpu / sent * 1e6:.0f} µs per request")
    if server_cpu is not None:
        per_request = server_cpu / sent * 1e6
        print(
            f"server CPU: {server_cpu:.1f} s, {per_request:.0f} µs per request"
            f" (about {1e6 / per_request:,.0f} requests/s on one free core)"
        )
    if database_cpu is not None:
        print(
            f"PostgreSQL CPU: {database_cpu:.1f} s, {database_cpu / sent * 1e6:.0f} µs per request"
        )


async def _run(args: argparse.Namespace, port: int) -> Tally:
    tally = Tally()
    warm = time.perf_counter() + args.warmup
    end = warm + args.seconds
    interval = args.players / args.rate if args.rate > 0 else 0.0
    players = [
        _player(port, args.seed * 100_003 + number, interval, warm, end, tally)
        for number in range(args.players)
    ]
    await asyncio.gather(*players)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured time first")
    parser.add_argument(
        "--rate",
        type=float,
        default=2000.0,
        help="moves per second offered by all players together (0: as fast as answered)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--db",
        default="sqlite",
        help="sqlite (a new file; the default), an SQLite file's path, or a postgresql:// URL"
        " (a new schema in it)",
    )
    parser.add_argument("--workers", type=int, default=1, help="server processes (1)")
    parser.add_argument(
        "--port", type=int, default=None, help="use a server already running on 127.0.0.1:PORT"
    )
    args = parser.parse_args()
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    server_cpu: float | None = None
    database_cpu: float | None = None
    if args.port is not None:
        tally, cpu = _players(args, args.port)
    else:
        with tempfile.TemporaryDirectory() as folder, _database(args.db, folder) as db:
            port = free_port()
            server = start_server(db, port, "--workers", str(args.workers))
            postgres = _postgres_pid(db)
            try:
                start = [_cpu_seconds(pid) for pid in (server.pid, postgres) if pid is not None]
                tally, cpu = _players(args, port)
                end = [_cpu_seconds(pid) for pid in (server.pid, postgres) if pid is not None]
                used = [
                    None if after is None or before is None else after - before
                    for before, after in zip(start, end, strict=True)
                ]
                server_cpu = used[0]
                database_cpu = used[1] if len(used) > 1 else None
            finally:
                server.terminate()
                server.wait(timeout=10)
    _report(args, tally, args.seconds, cpu, server_cpu, database_cpu)


def _players(args: argparse.Namespace, port: int) -> tuple[Tally, float]:
    """The players' tally, and the CPU time this process spent on them."""
    cpu = time.process_time()
    tally = asyncio.run(_run(args, port))
    return tally, time.process_time() - cpu


if __name__ == "__main__":
    main()
