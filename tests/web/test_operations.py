"""What an operator and a player ask of the server beyond the game: the health
check, the version, a player's export of their games and the deletion of their data."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.helpers import API, EXAMPLE, WIN_CODE, another_client, new_game, play, resources
from yukon import __version__
from yukon.engine import Record
from yukon.storage.schema import MIGRATIONS
from yukon.web import AppSettings, create_app


def test_the_health_check_reads_the_database(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "version": __version__, "schema": len(MIGRATIONS)}
    assert (
        answer.headers["cache-control"] == "no-store"
        or "no-cache" in answer.headers["cache-control"]
    )


def test_the_health_check_says_when_the_database_cannot_be_read(
    client: TestClient, settings: AppSettings
) -> None:
    # Its connections closed (PostgreSQL's pool then refuses), its file's folder gone.
    resources(client).service.store.close()
    if isinstance(settings.db_path, Path):
        shutil.rmtree(settings.db_path.parent)
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "version": __version__, "problem": "database"}


def test_the_health_check_answers_a_local_probe_whatever_the_allowed_hosts(
    settings: AppSettings,
) -> None:
    app = create_app(replace(settings, allowed_hosts=("games.example.org",)))
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/healthz").status_code == 200
        assert client.get(f"{API}/settings").status_code == 400


def test_the_api_says_its_version(client: TestClient) -> None:
    assert client.get(f"{API}/version").json() == {"version": __version__, "api": 1}


def test_a_player_exports_every_game_with_its_record_and_settings(client: TestClient) -> None:
    client.put(f"{API}/settings", json={"language": "is"})
    first = play(client, new_game(client), "QC>5")
    undone = client.post(f"{API}/games/{first['id']}/undo", json={"version": first["version"]})
    assert undone.status_code == 200
    second = new_game(client, WIN_CODE)
    answer = client.get(f"{API}/export")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="yukon-games.json"'
    data = answer.json()
    assert data["settings"]["language"] == "is"
    assert [game["id"] for game in data["games"]] == [first["id"], second["id"]]
    exported = data["games"][0]
    assert exported["record"] == f"{EXAMPLE} QC>5 U"
    assert (exported["moves"], exported["undos"], exported["code"]) == (1, 1, EXAMPLE)
    # The record replays to the game as it stands.
    assert Record.parse(exported["record"]).replay().move_count == 1
    # Another player's export holds none of it.
    other = another_client(client).get(f"{API}/export").json()
    assert other["games"] == []


def test_a_player_deletes_their_data_and_only_theirs(
    client: TestClient, other_client: TestClient
) -> None:
    client.put(f"{API}/settings", json={"language": "ru"})
    mine = play(client, new_game(client), "QC>5")
    theirs = new_game(other_client)
    answer = client.delete(f"{API}/player")
    assert answer.status_code == 200
    assert answer.json() == {"deleted_games": 1}
    assert client.get(f"{API}/games/{mine['id']}").status_code == 404
    assert client.get(f"{API}/games/current").status_code == 404
    assert client.get(f"{API}/export").json()["games"] == []
    assert client.get(f"{API}/settings").json()["language"] is None
    assert client.get(f"{API}/stats").json()["classic"]["played"] == 0
    assert other_client.get(f"{API}/games/{theirs['id']}").status_code == 200


def test_another_site_cannot_delete_a_players_data(client: TestClient) -> None:
    state = new_game(client)
    answer = client.delete(f"{API}/player", headers={"origin": "https://evil.example"})
    assert answer.status_code == 403
    assert client.get(f"{API}/games/{state['id']}").status_code == 200
