"""The API's messages in the player's language: the saved setting, else the
``Accept-Language`` header, else English; reason and problem codes never change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from yukon.engine import RULE_SETS, CodeProblem, Game, Move
from yukon.i18n import LANGUAGES, translate
from yukon.i18n.messages import code_problem_message, refusal_message
from yukon.web import AppSettings, create_app

API = "/api/v1"
DEAL = "YU1-C-AAAAAAB"
REFUSED = "7H>3"  # 7♥ on 2♥: the wrong rank


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(AppSettings(db_path=tmp_path / "y.sqlite3"))) as test_client:
        yield test_client


def _refused(client: TestClient, language: str | None = None) -> dict[str, Any]:
    headers = {"Accept-Language": language} if language else {}
    game = client.post(f"{API}/games", json={"code": DEAL}).json()
    answer = client.post(
        f"{API}/games/{game['id']}/moves",
        json={"move": REFUSED, "version": game["version"]},
        headers=headers,
    )
    assert answer.status_code == 422
    error: dict[str, Any] = answer.json()["error"]
    return error


def _expected_refusal(language: str) -> str:
    refusal = Game.from_code(DEAL).check(Move.parse(REFUSED))
    assert refusal is not None
    return refusal_message(language, refusal)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_in_the_browsers_language(client: TestClient, language: str) -> None:
    error = _refused(client, f"{language};q=0.9,de;q=0.8")
    assert error["message"] == _expected_refusal(language)
    assert (error["code"], error["reason"], error["card"], error["target"]) == (
        "illegal_move", "wrong_rank", "7H", "2H",
    )  # fmt: skip


def test_the_saved_language_wins_over_the_browsers(client: TestClient) -> None:
    assert client.put(f"{API}/settings", json={"language": "hu"}).status_code == 200
    assert _refused(client, "sk")["message"] == _expected_refusal("hu")
    client.put(f"{API}/settings", json={"language": None})
    assert _refused(client, "sk")["message"] == _expected_refusal("sk")


def test_without_a_language_the_words_are_english(client: TestClient) -> None:
    assert _refused(client)["message"] == _expected_refusal("en")
    assert _refused(client, "de-DE,fr;q=0.5")["message"] == _expected_refusal("en")


def test_a_bad_code_is_explained_in_the_language(client: TestClient) -> None:
    answer = client.post(
        f"{API}/games", json={"code": "YU2-C-AAAAAAB"}, headers={"Accept-Language": "ru"}
    )
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["code"], error["problem"]) == ("invalid_code", "prefix")
    assert error["message"] == code_problem_message("ru", CodeProblem.PREFIX)


def test_not_found_is_in_the_language_with_the_english_diagnosis(client: TestClient) -> None:
    client.put(f"{API}/settings", json={"language": "is"})
    answer = client.get(f"{API}/games/nosuchgame")
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert error["message"] == translate("is", "error.not_found")
    assert error["detail"] == "there is no game 'nosuchgame'"


def test_a_stale_version_and_an_empty_undo_are_in_the_language(client: TestClient) -> None:
    headers = {"Accept-Language": "pt-PT"}
    game = client.post(f"{API}/games", json={"code": DEAL}).json()
    version = {"version": game["version"]}
    undo = client.post(f"{API}/games/{game['id']}/undo", json=version, headers=headers)
    assert undo.json()["error"]["message"] == translate("pt", "error.nothing_to_undo")
    stale = client.post(f"{API}/games/{game['id']}/undo", json={"version": 9}, headers=headers)
    assert stale.status_code == 409
    assert stale.json()["error"]["message"] == translate("pt", "error.stale_version")


def test_a_refused_move_in_a_replayed_record_is_in_the_language(client: TestClient) -> None:
    answer = client.post(
        f"{API}/records/replay",
        json={"record": f"{DEAL} {REFUSED}"},
        headers={"Accept-Language": "sk-SK"},
    )
    error = answer.json()["error"]
    assert (error["position"], error["reason"]) == (1, "wrong_rank")
    assert error["message"] == _expected_refusal("sk")


def test_a_malformed_request_keeps_its_english_diagnosis(client: TestClient) -> None:
    answer = client.post(f"{API}/games", json={"rules": "easy"}, headers={"Accept-Language": "ru"})
    assert answer.json()["error"] == {
        "code": "bad_request",
        "message": "'rules': unknown rules 'easy': use "
        + ", ".join(f"{rules.letter!r} ({rules.id})" for rules in RULE_SETS),
    }
