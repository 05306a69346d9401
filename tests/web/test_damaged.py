"""A game damaged in the database answers a clear error for that game only; the
server and the player's other games go on. A database that another program
locks answers 503 for a while, changing nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from starlette.testclient import TestClient

from tests.databases import Target, execute
from tests.web.conftest import FakeClock
from tests.web.helpers import API, get_state, new_game, play
from yukon.i18n.messages import error_message
from yukon.web import AppSettings, create_app


def _damage(database: Target, game_id: str, record: str) -> None:
    execute(database, "UPDATE games SET record = ? WHERE id = ?", (record, game_id))


def test_a_damaged_game_is_reported_and_the_others_play_on(
    settings: AppSettings, database: Target
) -> None:
    with TestClient(create_app(settings)) as client:
        healthy = play(client, new_game(client), "QC>5")
        damaged = play(client, new_game(client), "QC>5")
        healthy = get_state(client, healthy["id"])  # left for the other: its clock stopped
        cookies = dict(client.cookies)
    _damage(database, damaged["id"], "YU1-C-AACRWEA QC>5 QC>5")
    # A fresh server: nothing in memory, every game is resumed from the database.
    with TestClient(create_app(settings), raise_server_exceptions=False, cookies=cookies) as client:
        for answer in (
            client.get(f"{API}/games/{damaged['id']}"),
            client.get(f"{API}/games/current"),
            client.post(f"{API}/games/{damaged['id']}/moves", json={"move": "TD>1", "version": 2}),
        ):
            assert answer.status_code == 500
            error = answer.json()["error"]
            assert error["code"] == "corrupt_game"
            assert damaged["id"] in error["detail"]
            assert "move 2 (QC>5)" in error["detail"]
        assert get_state(client, healthy["id"]) == healthy
        assert play(client, healthy, "TD>1")["moves"] == 2
        assert new_game(client)["moves"] == 0
        listed = client.get(f"{API}/games").json()["games"]
        assert damaged["id"] in [game["id"] for game in listed]


def test_a_move_while_another_program_locks_the_database_is_answered_503_then_made(
    tmp_path: Path, clock: FakeClock
) -> None:
    db = tmp_path / "y.sqlite3"
    settings = AppSettings(db_path=db, clock=clock)
    with TestClient(create_app(settings)) as client:
        state = new_game(client)
        # Another program (here another connection to the file) holds the write lock.
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            answer = client.post(
                f"{API}/games/{state['id']}/moves",
                json={"move": "QC>5", "version": state["version"]},
                headers={"accept-language": "sk"},
            )
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "1"
            error = answer.json()["error"]
            assert error["code"] == "database_busy"
            assert error["retry_after"] == 1
            assert error["message"] == error_message("sk", "database_busy")
            assert get_state(client, state["id"]) == state  # reads go on; nothing changed
        finally:
            other.execute("ROLLBACK")
            other.close()
        # Asked again once the lock is gone, the move is made.
        moved = play(client, state, "QC>5")
        assert (moved["version"], moved["moves"]) == (state["version"] + 1, 1)
