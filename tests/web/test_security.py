"""What no other site, host name or greedy client can do: act as a player, give
them a new identity, rebind a name to the server, or make it answer 5xx."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import FakeClock
from tests.web.helpers import API, EXAMPLE, another_client, new_game, play, resources
from yukon.i18n.messages import error_message
from yukon.web import AppSettings, create_app
from yukon.web.middleware import COOKIE_NAME, SECURITY_HEADERS

FORM_AS_JSON = b'{"code": "YU1-C-AAAAAAB", "x": "="}'
"""What a cross-site ``<form enctype=text/plain>`` can post: a JSON look-alike."""


def _assert_secured(headers: dict[str, str] | object) -> None:
    for name, value in SECURITY_HEADERS:
        assert headers[name.decode()] == value.decode()  # type: ignore[index]


@pytest.mark.parametrize(
    "origin_headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://testserver:8001"},  # the same host on another port
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site", "origin": "http://games.testserver"},
    ],
)
def test_another_site_can_neither_act_for_a_player_nor_give_them_an_identity(
    client: TestClient, origin_headers: dict[str, str]
) -> None:
    state = new_game(client)
    cookie = client.cookies[COOKIE_NAME]
    for path, body, kind in (
        (f"{API}/games", FORM_AS_JSON, "text/plain"),
        (f"{API}/games", b'{"code": "YU1-C-AAAAAAB"}', "application/json"),
        (f"{API}/games/{state['id']}/moves", b'{"move": "QC>5", "version": 1}', "text/plain"),
    ):
        answer = client.post(path, content=body, headers={"content-type": kind, **origin_headers})
        assert answer.status_code == 403, answer.text
        assert answer.json()["error"]["code"] == "foreign_origin"
        assert "set-cookie" not in answer.headers
        _assert_secured(answer.headers)
    # A new visitor arriving from another site is not given a cookie either.
    fresh = another_client(client)
    answer = fresh.post(f"{API}/games", content=FORM_AS_JSON, headers=origin_headers)
    assert answer.status_code == 403
    assert "set-cookie" not in answer.headers
    # Nothing changed: the same player, the same current game, untouched.
    assert client.cookies[COOKIE_NAME] == cookie
    assert client.get(f"{API}/games/current").json()["id"] == state["id"]
    assert client.get(f"{API}/games/current").json()["moves"] == 0


@pytest.mark.parametrize(
    "own_headers",
    [
        {},  # a script or curl: no browser headers at all
        {"origin": "http://testserver"},
        {"sec-fetch-site": "same-origin", "origin": "http://testserver"},
    ],
)
def test_the_players_own_pages_and_scripts_are_served(
    client: TestClient, own_headers: dict[str, str]
) -> None:
    answer = client.post(f"{API}/games", json={"code": EXAMPLE}, headers=own_headers)
    assert answer.status_code == 201, answer.text
    assert COOKIE_NAME in answer.headers["set-cookie"]


def test_a_link_from_another_site_shows_the_page_but_sets_no_cookie(client: TestClient) -> None:
    answer = client.get(f"{API}/settings", headers={"sec-fetch-site": "cross-site"})
    assert answer.status_code == 200
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"]
)
def test_only_json_bodies_are_read(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"content-type": content_type}
    answer = client.post(f"{API}/games", content=b'{"code": "YU1-C-AAAAAAB"}', headers=headers)
    assert answer.status_code == 415
    assert answer.json()["error"]["code"] == "unsupported_media_type"
    assert client.get(f"{API}/games/current").status_code == 404


def test_json_with_a_charset_is_json(client: TestClient) -> None:
    answer = client.post(
        f"{API}/games",
        content=b'{"code": "YU1-C-AAAAAAB"}',
        headers={"content-type": "Application/JSON; charset=utf-8"},
    )
    assert answer.status_code == 201


@pytest.mark.parametrize(
    ("path", "body"),
    [
        (f"{API}/records/replay", b'{"record": "\\udfff"}'),
        (f"{API}/records/replay", b'{"record": "YU1-C-AACRWEA QC>5 \\ud800"}'),
        (f"{API}/games", b'{"code": "\\udfff"}'),
        (f"{API}/settings", b'{"language": "\\udc80"}'),
    ],
)
def test_a_lone_surrogate_is_a_bad_request(client: TestClient, path: str, body: bytes) -> None:
    method = "PUT" if path.endswith("settings") else "POST"
    json_type = {"content-type": "application/json"}
    answer = client.request(method, path, content=body, headers=json_type)
    assert answer.status_code == 400
    assert "surrogate" in answer.json()["error"]["message"]


@pytest.fixture
def loopback_only(settings: AppSettings) -> TestClient:
    limited = replace(settings, allowed_hosts=("localhost", "127.0.0.1", "[::1]"))
    return TestClient(create_app(limited), base_url="http://localhost:8000")


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example"])
def test_only_the_allowed_hosts_are_answered(loopback_only: TestClient, host: str) -> None:
    with loopback_only as client:
        for path in ("/", f"{API}/settings", "/static/", "/stats/"):
            answer = client.get(path, headers={"host": host}, follow_redirects=False)
            assert answer.status_code == 400
            assert answer.json()["error"]["code"] == "bad_host"
            assert "location" not in answer.headers
            _assert_secured(answer.headers)
        for good in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST"):
            assert client.get(f"{API}/settings", headers={"host": good}).status_code == 200


def test_a_subdomain_pattern_allows_its_subdomains_only(settings: AppSettings) -> None:
    app = create_app(replace(settings, allowed_hosts=("*.example.org",)))
    with TestClient(app) as client:
        assert client.get("/", headers={"host": "yukon.example.org"}).status_code != 400
        assert client.get("/", headers={"host": "example.org.evil"}).status_code == 400


def test_oversized_headers_are_refused(client: TestClient) -> None:
    answer = client.get(f"{API}/settings", headers={"x-padding": "a" * 20_000})
    assert answer.status_code == 431
    assert answer.json()["error"]["code"] == "headers_too_large"
    _assert_secured(answer.headers)


def test_a_game_stops_growing_at_its_length_limit(settings: AppSettings) -> None:
    with TestClient(create_app(replace(settings, max_game_steps=3))) as client:
        state = play(client, new_game(client), "QC>5")
        undone = client.post(f"{API}/games/{state['id']}/undo", json={"version": state["version"]})
        state = play(client, undone.json(), "QC>5")
        for path, body in (("moves", {"move": "TD>1"}), ("undo", {})):
            answer = client.post(
                f"{API}/games/{state['id']}/{path}", json={**body, "version": state["version"]}
            )
            assert answer.status_code == 409
            assert answer.json()["error"]["code"] == "game_too_long"
            assert answer.json()["error"]["message"] == error_message("en", "game_too_long")
        assert client.get(f"{API}/games/{state['id']}").json() == state


def test_a_player_may_start_only_so_many_games_a_minute(
    settings: AppSettings, clock: FakeClock
) -> None:
    with TestClient(create_app(replace(settings, games_per_minute=3))) as client:
        state = new_game(client)
        new_game(client)
        # Replaying a deal stores a new game too.
        assert client.post(f"{API}/games/{state['id']}/replay", json={}).status_code == 201
        clock.advance(20)
        refused = client.post(f"{API}/games/{state['id']}/replay", json={})
        assert refused.status_code == 429
        answer = client.post(
            f"{API}/games", json={"rules": "classic"}, headers={"accept-language": "sk"}
        )
        assert answer.status_code == 429
        error = answer.json()["error"]
        assert error["code"] == "too_many_requests"
        assert error["message"] == error_message("sk", "too_many_requests")
        assert "at most 3 new games a minute" in error["detail"]
        assert answer.headers["retry-after"] == "40"
        assert another_client(client).post(f"{API}/games", json={}).status_code == 201
        clock.advance(40)
        new_game(client)


def test_a_limit_of_one_is_said_in_the_singular(settings: AppSettings) -> None:
    with TestClient(create_app(replace(settings, max_body=1))) as client:
        error = client.post(f"{API}/games", content=b"{}").json()["error"]
        assert error["message"] == "the body is larger than 1 byte"
    with TestClient(create_app(replace(settings, games_per_minute=1))) as client:
        new_game(client)
        refused = client.post(f"{API}/games").json()["error"]
        assert "at most 1 new game a minute" in refused["detail"]


def test_the_cookie_slides_a_year_past_the_last_visit(client: TestClient) -> None:
    new_game(client)
    player = client.cookies[COOKIE_NAME]
    for path in ("/", f"{API}/games/current", f"{API}/stats"):
        renewed = client.get(path).headers["set-cookie"]
        assert renewed.startswith(f"{COOKIE_NAME}={player};")
        assert "Max-Age=31536000" in renewed


def test_cookies_are_secure_behind_https(client: TestClient) -> None:
    secure = another_client(client, base_url="https://testserver")
    assert "; Secure" in secure.get(f"{API}/settings").headers["set-cookie"]
    assert "Secure" not in client.get(f"{API}/settings").headers["set-cookie"]


def test_a_server_error_still_carries_the_security_headers_and_is_logged_with_its_request(
    settings: AppSettings, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        service = resources(client).service

        def broken(player: str) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(service, "stats", broken)
        with caplog.at_level(logging.ERROR, logger="yukon.web"):
            answer = client.get(f"{API}/stats")
        assert answer.status_code == 500
        assert answer.json()["error"]["code"] == "internal_error"
        _assert_secured(answer.headers)
    (record,) = [r for r in caplog.records if r.name == "yukon.web"]
    assert record.getMessage() == "unexpected error in GET /api/v1/stats"
    assert record.exc_info is not None
