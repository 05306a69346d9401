"""Nothing a request waits for holds up the others: while another program holds
the database's write lock, a move waits for it in the thread pool and the event
loop goes on answering other players."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.web.server import ServerProcess

API = "/api/v1"
CODE = "YU1-C-AACRWEA"


def test_a_move_waiting_for_the_write_lock_does_not_stop_other_players(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    server = ServerProcess(path)
    waiting = httpx.Client(base_url=server.url, timeout=30)
    other = httpx.Client(base_url=server.url, timeout=30)
    try:
        mine = waiting.post(f"{API}/games", json={"code": CODE}).json()
        theirs = other.post(f"{API}/games", json={"code": CODE}).json()
        blocker = sqlite3.connect(path, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        with ThreadPoolExecutor(max_workers=1) as pool:
            body = {"move": "QC>5", "version": mine["version"]}
            move = pool.submit(waiting.post, f"{API}/games/{mine['id']}/moves", json=body)
            for _ in range(5):
                answer = other.get(f"{API}/games/{theirs['id']}")
                assert answer.status_code == 200
                assert not move.done()  # the move is still waiting for the lock
            blocker.execute("COMMIT")
            moved = move.result(timeout=30)
        assert moved.status_code == 200
        assert moved.json()["record"] == f"{CODE} QC>5"
        blocker.close()
    finally:
        waiting.close()
        other.close()
        server.stop()
