"""Nothing is lost: the server is killed with SIGKILL mid-game and restarted, and
the game is exactly where it was; and two tabs racing never fork a game."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.helpers import WIN_CODE, WIN_LINE
from tests.web.server import ServerProcess

API = "/api/v1"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "served.sqlite3")
    yield process
    process.stop()


def _post(client: httpx.Client, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(API + path, json=body)
    assert answer.status_code in (200, 201), answer.text
    result: dict[str, Any] = answer.json()
    return result


def _without_time(state: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "elapsed_ms"}


def test_a_killed_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    first = ServerProcess(tmp_path / "served.sqlite3")
    try:
        with httpx.Client(base_url=first.url, timeout=10) as client:
            state = _post(client, "/games", {"code": WIN_CODE})
            for move in WIN_LINE[:30]:
                state = _post(
                    client,
                    f"/games/{state['id']}/moves",
                    {"move": move, "version": state["version"]},
                )
            state = _post(client, f"/games/{state['id']}/undo", {"version": state["version"]})
            state = _post(client, f"/games/{state['id']}/hint", {"version": state["version"]})[
                "state"
            ]
            client.put(f"{API}/settings", json={"language": "pt"})
            cookies = dict(client.cookies)
        first.kill()
    finally:
        first.stop()
    second = ServerProcess(tmp_path / "served.sqlite3")
    try:
        with httpx.Client(base_url=second.url, timeout=10, cookies=cookies) as client:
            resumed = client.get(f"{API}/games/current").json()
            assert _without_time(resumed) == _without_time(state)
            assert resumed["elapsed_ms"] >= state["elapsed_ms"]
            assert client.get(f"{API}/settings").json()["language"] == "pt"
            # The undo history came back: the game goes on, and back, as before.
            undone = _post(client, f"/games/{state['id']}/undo", {"version": state["version"]})
            assert undone["moves"] == state["moves"]
            assert undone["undos"] == state["undos"] + 1
    finally:
        second.stop()


def _all_at_once(tabs: list[httpx.Client], path: str, body: dict[str, Any]) -> list[httpx.Response]:
    """Every tab posts *body* at the same moment (released together by a barrier)."""
    barrier = threading.Barrier(len(tabs))

    def send(tab: httpx.Client) -> httpx.Response:
        barrier.wait()
        return tab.post(path, json=body)

    with ThreadPoolExecutor(len(tabs)) as pool:
        return list(pool.map(send, tabs))


def test_two_tabs_racing_never_fork_a_game(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as first_tab:
        state = _post(first_tab, "/games", {"code": WIN_CODE})
        cookies = dict(first_tab.cookies)
    tabs = [httpx.Client(base_url=server.url, timeout=10, cookies=cookies) for _ in range(6)]
    try:
        for move in WIN_LINE[:8]:
            body = {"move": move, "version": state["version"]}
            answers = _all_at_once(tabs, f"{API}/games/{state['id']}/moves", body)
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200] + [409] * (len(tabs) - 1)
            for answer in answers:
                if answer.status_code == 409:
                    assert answer.json()["error"]["code"] == "stale_version"
                    assert answer.json()["state"]["version"] == state["version"] + 1
            state = next(answer.json() for answer in answers if answer.status_code == 200)
        stored = tabs[0].get(f"{API}/games/{state['id']}").json()
        assert stored["record"] == " ".join([WIN_CODE, *WIN_LINE[:8]])
        assert stored["moves"] == 8
    finally:
        for tab in tabs:
            tab.close()
