"""A game damaged in the database answers a clear error for that game only; the
server and the player's other games go on."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.databases import Target, execute
from tests.web.helpers import API, get_state, new_game, play
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
