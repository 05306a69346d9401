"""Two players on one server: each sees and changes only their own games."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.web.helpers import API, get_state, new_game, play


def test_another_players_game_is_not_found_and_unchanged(
    client: TestClient, other_client: TestClient
) -> None:
    mine = play(client, new_game(client), "QC>5")
    theirs = new_game(other_client, "YU1-R-AAAAAAB")
    game = f"{API}/games/{mine['id']}"
    attempts = [
        other_client.get(game),
        other_client.post(f"{game}/moves", json={"move": "TD>1", "version": mine["version"]}),
        other_client.post(f"{game}/undo", json={"version": mine["version"]}),
        other_client.post(f"{game}/hint", json={"version": mine["version"]}),
        other_client.post(f"{game}/replay"),
        other_client.post(f"{game}/visibility", json={"hidden": True}),
        other_client.get(f"{game}/analysis"),
    ]
    for answer in attempts:
        assert answer.status_code == 404
        error = answer.json()["error"]
        assert answer.json() == {
            "error": {"code": "not_found", "message": error["message"], "detail": error["detail"]}
        }
        # The same words as for an id that never existed: nothing about the game leaks.
        assert error["detail"] == f"there is no game {mine['id']!r}"
        assert "state" not in answer.json()
    assert get_state(client, mine["id"]) == mine
    # Neither the current game nor the list nor the settings leak across players.
    assert other_client.get(f"{API}/games/current").json()["id"] == theirs["id"]
    assert [g["id"] for g in other_client.get(f"{API}/games").json()["games"]] == [theirs["id"]]
    assert [g["id"] for g in client.get(f"{API}/games").json()["games"]] == [mine["id"]]
    other_client.put(f"{API}/settings", json={"language": "ru"})
    assert client.get(f"{API}/settings").json()["language"] is None


def test_the_answer_for_another_players_game_is_the_answer_for_no_game(
    client: TestClient, other_client: TestClient
) -> None:
    mine = new_game(client)
    # An id that never existed: the random id with its last character changed (to "x",
    # or to "y" when it ends in "x": one id in 64 does).
    last = "y" if mine["id"].endswith("x") else "x"
    never = mine["id"][:-1] + last
    foreign = other_client.get(f"{API}/games/{mine['id']}")
    unknown = other_client.get(f"{API}/games/{never}")
    assert foreign.status_code == unknown.status_code == 404
    assert foreign.json()["error"]["code"] == unknown.json()["error"]["code"]


def test_game_ids_are_long_and_random(client: TestClient) -> None:
    ids = {new_game(client)["id"] for _ in range(20)}
    assert len(ids) == 20
    assert all(len(game_id) >= 22 for game_id in ids)
