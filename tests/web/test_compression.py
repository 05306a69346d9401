"""gzip where it is worth it: files and long answers to a client that takes it;
a move's state, a partial answer and a client that takes no gzip go as they are."""

from __future__ import annotations

import gzip
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.helpers import API, new_game, play
from yukon.web.compress import MINIMUM_SIZE

GZIP = {"accept-encoding": "gzip, deflate, br"}
STATIC = Path(__file__).parents[2] / "src" / "yukon" / "web" / "static"


def _raw(client: TestClient, path: str, headers: dict[str, str]) -> tuple[dict[str, str], bytes]:
    """The answer's headers and its body as it went over the wire (not unpacked)."""
    with client.stream("GET", path, headers=headers) as answer:
        assert answer.status_code in (200, 206), answer.status_code
        return dict(answer.headers), b"".join(answer.iter_raw())


def test_files_and_long_answers_are_compressed(client: TestClient) -> None:
    for _ in range(25):
        new_game(client)
    for path in ("/static/js/app.js", "/i18n/en.json", f"{API}/games?limit=25"):
        headers, wire = _raw(client, path, GZIP)
        assert headers["content-encoding"] == "gzip"
        assert headers["vary"] == "Accept-Encoding"
        assert int(headers["content-length"]) == len(wire)
        body = gzip.decompress(wire)
        assert len(body) >= MINIMUM_SIZE
        assert len(wire) < len(body) / 2


def test_a_file_sent_in_parts_is_compressed_whole() -> None:
    """courts.svg is larger than one part of a file answer (64 KiB): it is
    compressed as a stream, without a length, and unpacks to the file."""
    from yukon.web import AppSettings, create_app  # a fresh app: no database needed

    file = STATIC / "cards" / "courts.svg"
    assert file.stat().st_size > 64 * 1024
    app = create_app(AppSettings(db_path=Path(":memory:")))
    with TestClient(app) as client:
        headers, wire = _raw(client, "/static/cards/courts.svg", GZIP)
    assert headers["content-encoding"] == "gzip"
    assert "content-length" not in headers
    assert gzip.decompress(wire) == file.read_bytes()


def test_a_move_answer_goes_as_it_is(client: TestClient) -> None:
    state = new_game(client, "YU1-C-AACRWEA")
    answer = client.post(
        f"{API}/games/{state['id']}/moves", json={"move": "QC>5", "version": 1}, headers=GZIP
    )
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers
    assert int(answer.headers["content-length"]) == len(answer.content) < MINIMUM_SIZE
    assert answer.json()["version"] == 2
    assert play(client, answer.json(), "TH>1")["version"] == 3


def test_no_gzip_for_a_client_that_takes_none(client: TestClient) -> None:
    headers, wire = _raw(client, "/i18n/en.json", {"accept-encoding": "identity"})
    assert "content-encoding" not in headers
    assert wire == (Path(__file__).parents[2] / "src" / "yukon" / "i18n" / "en.json").read_bytes()


def test_a_range_of_a_file_is_not_compressed(client: TestClient) -> None:
    headers, wire = _raw(client, "/static/js/app.js", {**GZIP, "range": "bytes=0-9999"})
    assert "content-encoding" not in headers
    assert wire == (STATIC / "js" / "app.js").read_bytes()[:10000]
