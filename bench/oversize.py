"""An oversized request against another player's latency: prints how soon the
server answers a request with a huge header (or body) and how much of it it read,
and the latency of another player's cheap requests meanwhile. Asserts nothing;
stops by itself; only 127.0.0.1 is contacted.

    .venv/bin/python bench/oversize.py [--megabytes 30] [--kind cookie|body|chunked]
                                       [--attackers 1] [--seconds 10]

- ``cookie``: ``GET /`` whose ``Cookie`` header is that many megabytes long.
- ``body``: ``POST /api/v1/games`` declaring and sending a body that large.
- ``chunked``: the same body sent in chunks, with no length declared.

Each attacker sends one such request after another for ``--seconds``, as fast
as its connection takes them, in 64 KiB pieces, and stops each at the first byte
of an answer or when the server closes; "sent until then" is an upper bound of
what the server read (the rest lay in the kernel's buffers of the loopback). The
victim asks ``GET /api/v1/settings`` every 10 ms on a connection of its own, for
``--seconds`` undisturbed, then as long again during the attacks (each attacker
is a process of its own, so that its work does not slow the victim's client). The
server is a real ``yukon serve`` on a fresh SQLite database.

Measured on the 2-core development machine shared with other developers' work
(load average 17-20, which alone gives the victim a p99 of 120-290 ms), one
attacker, 10 s each:

    before (issue 39; the head read whole, a 413's body drained):
      cookie:   5 requests, 431 after a median 353 ms (max 5.9 s), all 30 MB read;
                victim meanwhile p50 334 ms, p99 5,522 ms (undisturbed p50 5.4 ms)
      body:     182 requests, 413 after a median 19.8 ms, then drained;
                victim meanwhile p50 22.3 ms, p99 486 ms (undisturbed p50 4.9 ms)
    now (the head capped at 32 KiB, the connection closed after the answer):
      cookie:   11,832 requests, 431 after a median 0.1 ms, at most 4 MiB sent by then;
                victim meanwhile p50 3.2 ms, p99 125 ms (undisturbed p50 7.2 ms, p99 289 ms)
      body:     3,139 requests, 413 after a median 0.6 ms, at most 4.4 MiB sent;
                victim meanwhile p50 2.9 ms, p99 180 ms (undisturbed p50 3.6 ms, p99 121 ms)
      chunked:  3,723 requests, 413 after a median 1.7 ms, at most 5.3 MiB sent;
                victim meanwhile p50 2.8 ms, p99 37 ms (undisturbed p50 7.4 ms, p99 141 ms)

The attacks no longer move the victim's figures; what is left of its p99 is the
machine's load (the undisturbed runs show as much).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import tempfile
import time
from collections import Counter
from multiprocessing import Process, Queue
from pathlib import Path

from server import HOST, free_port, start_server
from victim import figures, latencies_during

_PIECE = 64 * 1024
_TAILS = {"cookie": b"\r\n\r\n", "body": b"", "chunked": b"0\r\n\r\n"}
_TIMEOUT = 30.0


def _head(kind: str, size: int) -> bytes:
    if kind == "cookie":
        return f"GET / HTTP/1.1\r\nHost: {HOST}\r\nCookie: a=".encode()
    framing = f"Content-Length: {size}" if kind == "body" else "Transfer-Encoding: chunked"
    return (
        f"POST /api/v1/games HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
        f"{framing}\r\n\r\n"
    ).encode()


def _oversized(kind: str, size: int) -> bytes:
    """The oversized part: the cookie's value, or the body as it is framed."""
    if kind != "chunked":
        return b"a" * size
    piece = f"{_PIECE:x}\r\n".encode() + b"a" * _PIECE + b"\r\n"
    return piece * (size // _PIECE)


def _ended(connection: socket.socket) -> str | None:
    """The status line of an answer, how the connection ended, or ``None``: no word yet."""
    try:
        answer = connection.recv(4096)
    except BlockingIOError:
        return None
    except ConnectionError as error:
        return type(error).__name__
    return answer.split(b"\r\n", 1)[0].decode() if answer else "closed"


def attack(port: int, data: memoryview) -> tuple[str, float, int]:
    """Send the oversized request *data*; the answer's status line (or how the
    connection ended), the seconds until then, and the bytes sent until then."""
    with socket.create_connection((HOST, port), timeout=_TIMEOUT) as connection:
        connection.setblocking(False)
        started = time.perf_counter()
        sent = 0
        deadline = started + _TIMEOUT
        while time.perf_counter() < deadline:
            ended = _ended(connection)
            if ended is not None:
                return ended, time.perf_counter() - started, sent
            if sent == len(data):
                time.sleep(0.001)  # all sent: wait for the answer
                continue
            try:
                sent += connection.send(data[sent : sent + _PIECE])
            except BlockingIOError:
                time.sleep(0.001)  # the server does not read: its buffers are full
            except ConnectionError as error:
                return type(error).__name__, time.perf_counter() - started, sent
        return "no answer", _TIMEOUT, sent


Ends = list[tuple[str, float, int]]


def _attacker(port: int, kind: str, size: int, until: float, results: Queue[Ends]) -> None:
    """One attacking process: oversized requests one after another until *until*."""
    data = memoryview(_head(kind, size) + _oversized(kind, size) + _TAILS[kind])
    ends = []
    while time.time() < until:
        ends.append(attack(port, data))
    results.put(ends)


def _watch(url: str, port: int | None, args: argparse.Namespace) -> tuple[list[float], Ends]:
    """The victim's latencies over ``--seconds``, with attackers on *port* if given."""
    results: Queue[Ends] = Queue()
    size = args.megabytes * 1024 * 1024
    until = time.time() + args.seconds
    attackers = [
        Process(target=_attacker, args=(port, args.kind, size, until, results))
        for _ in range(args.attackers if port is not None else 0)
    ]
    latencies = latencies_during(url, attackers, until, _TIMEOUT)
    ends = [end for _ in attackers for end in results.get(timeout=2 * _TIMEOUT)]
    for attacker in attackers:
        attacker.join()
    return latencies, ends


def _measure(url: str, port: int, args: argparse.Namespace) -> None:
    quiet, _ = _watch(url, None, args)
    loud, ends = _watch(url, port, args)
    answers = Counter(ended for ended, _, _ in ends)
    times = sorted(seconds for _, seconds, _ in ends)
    print(
        f"{len(ends)} requests with a {args.megabytes} MB {args.kind} in {args.seconds:g} s"
        f" from {args.attackers} connection(s) at a time: "
        + ", ".join(f"{count} × {ended!r}" for ended, count in answers.items())
    )
    print(
        f"  answered after: median {1000 * statistics.median(times):.1f} ms,"
        f" max {1000 * times[-1]:.1f} ms; sent until then: at most"
        f" {max(sent for _, _, sent in ends) / 1024:,.0f} KiB"
    )
    print(f"victim, undisturbed:   {figures(quiet)}")
    print(f"victim, meanwhile:     {figures(loud)}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--megabytes", type=int, default=30, help="size of the oversized part")
    parser.add_argument("--attackers", type=int, default=1, help="connections attacking at once")
    parser.add_argument("--kind", choices=("cookie", "body", "chunked"), default="cookie")
    parser.add_argument(
        "--seconds", type=float, default=10.0, help="seconds measured, undisturbed and attacked"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(Path(folder) / "bench.sqlite3", port)
        try:
            _measure(f"http://{HOST}:{port}", port, args)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
