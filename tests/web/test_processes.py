"""Several server processes on one database, SQLite and PostgreSQL in turn: checked
request by request, no answer is stale and no move is lost; a process killed with
SIGKILL under load loses no acknowledged move."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.databases import Target
from tests.web.server import ServerProcess

API = "/api/v1"
CODE = "YU1-C-AACRWEA"
pytestmark = pytest.mark.slow


def _json(answer: httpx.Response, *statuses: int) -> dict[str, Any]:
    assert answer.status_code in statuses, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _a_move(state: dict[str, Any], rng: random.Random) -> str | None:
    moves = [f"{card}>{target}" for card, targets in state["targets"].items() for target in targets]
    return rng.choice(sorted(moves)) if moves else None


@pytest.fixture
def servers(database: Target) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    # The second serves with two worker processes of its own: three processes in all.
    first = ServerProcess(database)
    second = ServerProcess(database, "--workers", "2")
    yield first, second
    first.stop()
    second.stop()


def test_no_answer_is_stale_across_processes(servers: tuple[ServerProcess, ...]) -> None:
    rng = random.Random(10)
    clients = [httpx.Client(base_url=server.url, timeout=10) for server in servers]
    state = _json(clients[0].post(f"{API}/games", json={"code": CODE}), 201)
    for client in clients[1:]:
        client.cookies = clients[0].cookies
    game = f"{API}/games/{state['id']}"
    checked = 0
    for _ in range(240):
        client = rng.choice(clients)
        kind = rng.random()
        move = _a_move(state, rng)
        if kind < 0.45 and move is not None and not state["won"]:
            body = {"move": move, "version": state["version"]}
            answer = _json(client.post(f"{game}/moves", json=body), 200)
            assert answer["version"] == state["version"] + 1
            assert answer["record"] == f"{state['record']} {move}"
        elif kind < 0.55 and state["can_undo"]:
            answer = _json(client.post(f"{game}/undo", json={"version": state["version"]}), 200)
            assert answer["record"] == f"{state['record']} U"
        elif kind < 0.75:
            hidden = rng.random() < 0.5
            answer = _json(client.post(f"{game}/visibility", json={"hidden": hidden}), 200)
            assert (answer["version"], answer["record"]) == (state["version"], state["record"])
            assert answer["clock_running"] is (state["moves"] > 0 and not hidden)
        else:
            answer = _json(client.get(game), 200)
            # Exactly the last acknowledged answer, clock included while it is stopped.
            assert (answer["version"], answer["record"]) == (state["version"], state["record"])
            assert answer["clock_running"] is state["clock_running"]
            if not state["clock_running"]:
                assert answer["elapsed_ms"] == state["elapsed_ms"]
        state = answer
        checked += 1
    assert checked == 240
    for client in clients:
        client.close()


@dataclass
class _Player:
    """One player's moves, sent alternately to the two servers."""

    clients: list[httpx.Client]
    acknowledged: dict[str, Any]


_progress = threading.Condition()
"""Notified at every acknowledged move, so that the test waits for the state it needs."""


def _play_until(player: _Player, stop: threading.Event, dead: set[int], seed: int) -> None:
    rng = random.Random(seed)
    state = player.acknowledged
    turn = 0
    unsure = False  # whether a move of ours died with the killed server
    while not stop.is_set():
        turn += 1
        index = turn % 2 if 0 not in dead else 1
        client = player.clients[index]
        move = _a_move(state, rng)
        try:
            if move is None or state["won"]:
                answer = client.post(f"{API}/games/{state['id']}/undo", json=_version(state))
            else:
                body = {"move": move, **_version(state)}
                answer = client.post(f"{API}/games/{state['id']}/moves", json=body)
        except httpx.TransportError:
            # The killed server: what it did with this move is unknown; read the game anew.
            dead.add(index)
            unsure = True
            state = _json(player.clients[1].get(f"{API}/games/{state['id']}"), 200)
            continue
        # A move sent to the killed server can still be committed by PostgreSQL after the
        # kill (its COMMIT was on the way): then the 409 carries the stored game. Any other
        # 409 would be a stale answer, and _json fails on it.
        stale = answer.status_code == 409 and answer.json()["error"]["code"] == "stale_version"
        state = answer.json()["state"] if unsure and stale else _json(answer, 200)
        with _progress:
            player.acknowledged = state
            _progress.notify_all()


def _version(state: dict[str, Any]) -> dict[str, int]:
    return {"version": state["version"]}


def _least_version(players: list[_Player], since: int | list[int]) -> int:
    """The fewest versions any player has gone past *since* (one start for all, or each's)."""
    starts = since if isinstance(since, list) else [since] * len(players)
    return int(min(p.acknowledged["version"] - s for p, s in zip(players, starts, strict=True)))


def test_a_process_killed_under_load_loses_no_acknowledged_move(database: Target) -> None:
    servers: list[ServerProcess] = []
    players: list[_Player] = []
    stop, dead = threading.Event(), set[int]()
    threads: list[threading.Thread] = []
    # Whatever fails, the players stop and every server ends: a player left playing would
    # keep the test run from ending, and a server would be left behind on the database.
    try:
        servers.append(ServerProcess(database))
        servers.append(ServerProcess(database))
        first, second = servers
        for _ in range(4):
            clients = [httpx.Client(base_url=server.url, timeout=10) for server in (first, second)]
            state = _json(clients[1].post(f"{API}/games", json={"code": CODE}), 201)
            clients[0].cookies = clients[1].cookies
            players.append(_Player(clients, state))
        threads = [
            threading.Thread(target=_play_until, args=(player, stop, dead, seed))
            for seed, player in enumerate(players)
        ]
        for thread in threads:
            thread.start()
        # Kill the first server once every player has had moves acknowledged by both.
        with _progress:
            assert _progress.wait_for(lambda: _least_version(players, 0) >= 20, timeout=120)
        first.kill()
        with _progress:
            killed_at = [player.acknowledged["version"] for player in players]
            assert _progress.wait_for(lambda: _least_version(players, killed_at) >= 20, timeout=120)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        second.stop()
        # A fresh process reads what was stored: every acknowledged move is there.
        third = ServerProcess(database)
        servers.append(third)
        for player in players:
            acknowledged = player.acknowledged
            client = httpx.Client(base_url=third.url, cookies=player.clients[1].cookies)
            stored = _json(client.get(f"{API}/games/{acknowledged['id']}"), 200)
            assert stored["version"] == acknowledged["version"]
            assert stored["record"] == acknowledged["record"]
            client.close()
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        for server in servers:
            server.stop()
        for player in players:
            for client in player.clients:
                client.close()
