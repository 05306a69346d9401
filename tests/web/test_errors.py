"""Bad input gets a 4xx with one error shape and a clear message; never a 500, and
nothing stored changes."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.helpers import API, get_state, new_game, play

MOVE_BODIES: list[tuple[object, int, str]] = [
    ({}, 400, "bad_request"),
    ({"move": "QC>5"}, 400, "bad_request"),
    ({"version": 2}, 400, "bad_request"),
    ({"move": "QC>5", "version": "2"}, 400, "bad_request"),
    ({"move": "QC>5", "version": True}, 400, "bad_request"),
    ({"move": "QC>5", "version": 2.0}, 400, "bad_request"),
    ({"move": 5, "version": 2}, 400, "bad_request"),
    ({"move": None, "version": 2}, 400, "bad_request"),
    ({"move": "XX>5", "version": 2}, 400, "invalid_move"),
    ({"move": "QC>8", "version": 2}, 400, "invalid_move"),
    ({"move": "QC>0", "version": 2}, 400, "invalid_move"),
    ({"move": "QC5", "version": 2}, 400, "invalid_move"),
    ({"move": "", "version": 2}, 400, "invalid_move"),
    ({"move": "QC>5" * 1000, "version": 2}, 400, "invalid_move"),
    ({"move": "JS>2", "version": 1}, 409, "stale_version"),
    ({"move": "JS>2", "version": 99}, 409, "stale_version"),
    ({"move": "TC>1", "version": 2}, 422, "illegal_move"),
    ({"move": "9C>1", "version": 2}, 422, "illegal_move"),  # face down
    ([1, 2], 400, "bad_request"),
    ("QC>5", 400, "bad_request"),
    (None, 400, "bad_request"),
]


def _error(answer: Any, status: int, code: str) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/json"
    error: dict[str, Any] = answer.json()["error"]
    assert error["code"] == code
    assert isinstance(error["message"], str)
    assert error["message"]
    return error


@pytest.mark.parametrize(("body", "status", "code"), MOVE_BODIES)
def test_a_bad_move_request_is_refused_and_changes_nothing(
    client: TestClient, body: object, status: int, code: str
) -> None:
    state = play(client, new_game(client), "QC>5")
    answer = client.post(f"{API}/games/{state['id']}/moves", json=body)
    _error(answer, status, code)
    assert get_state(client, state["id"]) == state


@pytest.mark.parametrize(
    "raw", [b"{", b"{'move': 1}", b"\xff\xfe", b"[" * 8000 + b"]" * 8000, b"NaN", b"1e999"]
)
def test_malformed_json_is_a_bad_request(client: TestClient, raw: bytes) -> None:
    state = new_game(client)
    answer = client.post(
        f"{API}/games/{state['id']}/moves",
        content=raw,
        headers={"content-type": "application/json"},
    )
    _error(answer, 400, "bad_request")
    assert get_state(client, state["id"]) == state


def test_an_oversized_body_is_refused_even_without_a_declared_length(client: TestClient) -> None:
    state = new_game(client)
    big = b'{"move": "QC>5", "version": 1, "pad": "' + b"x" * 20_000 + b'"}'
    declared = client.post(f"{API}/games/{state['id']}/moves", content=big)
    _error(declared, 413, "too_large")

    def chunks() -> Any:
        for start in range(0, len(big), 1000):
            yield big[start : start + 1000]

    streamed = client.post(f"{API}/games/{state['id']}/moves", content=chunks())
    _error(streamed, 413, "too_large")
    assert get_state(client, state["id"]) == state


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("", "empty"),
        ("XX1-C-AAAAAAB", "prefix"),
        ("YU1-C", "parts"),
        ("YU1-X-AAAAAAB", "rules"),
        ("YU1-C-AAAA", "length"),
        ("YU1-C-AAAAAA1", "character"),
    ],
)
def test_an_invalid_code_says_what_is_wrong(client: TestClient, code: str, problem: str) -> None:
    error = _error(client.post(f"{API}/games", json={"code": code}), 400, "invalid_code")
    assert error["problem"] == problem
    assert client.get(f"{API}/games/current").status_code == 404


@pytest.mark.parametrize(
    "body",
    [{"code": 7}, {"rules": "easy"}, {"rules": 1}, {"winnable": "yes"}, {"code": ["YU1"]}],
)
def test_a_bad_new_game_request_creates_nothing(client: TestClient, body: object) -> None:
    _error(client.post(f"{API}/games", json=body), 400, "bad_request")
    assert client.get(f"{API}/games").json() == {"games": []}


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/games/nope", None),
        ("POST", "/games/nope/moves", {"move": "QC>5", "version": 1}),
        ("POST", "/games/nope/undo", {"version": 1}),
        ("POST", "/games/nope/hint", {"version": 1}),
        ("POST", "/games/nope/replay", None),
        ("POST", "/games/nope/visibility", {"hidden": True}),
        ("GET", "/games/" + "x" * 5000, None),
        ("GET", "/nothing-here", None),
    ],
)
def test_unknown_games_and_paths_are_not_found(
    client: TestClient, method: str, path: str, body: object
) -> None:
    _error(client.request(method, API + path, json=body), 404, "not_found")


@pytest.mark.parametrize("path", ["/games", "/settings", "/stats", "/games/current"])
def test_head_is_answered_like_get(client: TestClient, path: str) -> None:
    new_game(client)
    assert client.head(API + path).status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/games", "GET, HEAD, POST"),
        ("POST", "/settings", "GET, HEAD, PUT"),
        ("GET", "/games/nope/moves", "POST"),
        ("HEAD", "/player", "DELETE"),
    ],
)
def test_a_wrong_method_is_refused_with_the_methods_allowed(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    answer = client.request(method, API + path)
    assert answer.status_code == 405
    assert answer.headers["allow"] == allowed
    if method != "HEAD":
        _error(answer, 405, "method_not_allowed")


@pytest.mark.parametrize("limit", ["0", "-1", "201", "ten", "1.5", "", "²", "٣", "1" * 5000])
def test_a_bad_list_limit_is_refused(client: TestClient, limit: str) -> None:
    _error(client.get(f"{API}/games", params={"limit": limit}), 400, "bad_request")


@pytest.mark.parametrize(
    "body", [{"sound": True}, {"double_click": "yes"}, {"language": "de"}, {"language": 3}, [1]]
)
def test_bad_settings_are_refused_and_change_nothing(client: TestClient, body: object) -> None:
    before = client.get(f"{API}/settings").json()
    _error(client.put(f"{API}/settings", json=body), 400, "bad_request")
    assert client.get(f"{API}/settings").json() == before


@pytest.mark.parametrize(
    ("record", "code"),
    [
        ("", "bad_request"),
        ("YU1-C-AAAAAA", "invalid_code"),
        ("YU1-C-AACRWEA QC>5 TD>9", "invalid_move"),
    ],
)
def test_an_unreadable_record_is_refused(client: TestClient, record: str, code: str) -> None:
    _error(client.post(f"{API}/records/replay", json={"record": record}), 400, code)


def test_the_visibility_flag_must_be_a_boolean(client: TestClient) -> None:
    state = new_game(client)
    _error(
        client.post(f"{API}/games/{state['id']}/visibility", json={"hidden": "yes"}),
        400,
        "bad_request",
    )


def test_a_record_too_long_to_replay_is_refused(client: TestClient) -> None:
    record = "YU1-C-AACRWEA " + " ".join(["QC>5", "U"] * 501)
    error = _error(
        client.post(f"{API}/records/replay", json={"record": record}), 400, "bad_request"
    )
    assert "at most 1000" in error["message"]


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_every_method_on_every_path_is_answered_without_a_server_error(
    client: TestClient, method: str
) -> None:
    state = new_game(client)
    game = f"{API}/games/{state['id']}"
    paths = [
        f"{API}/games", f"{API}/games/current", game, f"{game}/moves", f"{game}/undo",
        f"{game}/hint", f"{game}/replay", f"{game}/analysis", f"{game}/visibility",
        f"{API}/records/replay", f"{API}/settings", f"{API}/stats", "/", "/rules",
        "/i18n/en.json", "/static/", "/play/x",
    ]  # fmt: skip
    for path in paths:
        answer = client.request(method, path)
        assert answer.status_code < 500, (method, path, answer.text)
