"""The answers of every route, recorded: a fixed conversation with the real app
(two players, a clock moved by hand, a seeded random source) whose answers,
status, headers and body, are kept in ``golden_api.json`` and compared byte for
byte by ``test_golden.py``. What varies from run to run is replaced by a name:
game ids (``<game 1>``…), the player id in the cookie, the seconds a search
took, and the app page's own bytes (which change with the page, not the API).

After a change that means to change an answer, write the file anew and read
its diff: ``python -m tests.web.golden``.
"""

from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from starlette.testclient import TestClient

from tests.web.conftest import FakeClock
from tests.web.helpers import API, EXAMPLE, WIN_CODE, WIN_LINE, another_client
from yukon.web import AppSettings, create_app

__all__ = ["GOLDEN_FILE", "converse", "golden_settings"]

GOLDEN_FILE: Final = Path(__file__).with_name("golden_api.json")
_GAME = "{game}"
"""Stands for the game the conversation is about in a request's path."""
_FILES_DROPPED: Final = frozenset({"etag", "content-length", "last-modified"})
"""Headers of a page or a file (any answer outside the API but its refusals) that
follow the file's bytes, not the server's code."""
_IDENTITY: Final = {"accept-encoding": "identity"}
"""Answers as the app writes them, not compressed on the way."""
_SECONDS: Final = re.compile(r'"seconds":[0-9.e-]+')
_GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{22}")
_PLAYER: Final = re.compile(r"yukon_player=[A-Za-z0-9_-]{43}")


def golden_settings(database: Path | str, clock: FakeClock) -> AppSettings:
    return AppSettings(
        db_path=database,
        clock=clock,
        rng=random.Random(7),
        hint_seconds=0.3,
        analysis_seconds=0.5,
        games_per_minute=6,
    )


class _Recorder:
    """Sends requests and writes down their answers, with the names in place."""

    def __init__(self) -> None:
        self._ids: dict[str, str] = {}
        self.game = ""
        self.exchanges: list[dict[str, object]] = []

    def send(self, client: TestClient, method: str, path: str, **options: Any) -> Any:
        """One request, its answer recorded; *path* may name ``{game}``."""
        answer = client.request(method, path.replace(_GAME, self.game), **options)
        is_file = answer.status_code < 400 and not path.startswith((API, "/healthz"))
        if answer.content and not is_file:
            self._learn_ids(answer.json())
        self.exchanges.append(
            {
                "request": f"{method} {path}" + _shown_body(options),
                "status": answer.status_code,
                "headers": self._headers(answer, is_file=is_file),
                "body": self._body(answer, is_file=is_file),
            }
        )
        return answer

    def _learn_ids(self, data: Any) -> None:
        for found in _iter_ids(data):
            self._ids.setdefault(found, f"<game {len(self._ids) + 1}>")

    def _named(self, text: str) -> str:
        for game_id, name in self._ids.items():
            text = text.replace(game_id, name)
        return _PLAYER.sub("yukon_player=<player>", text)

    def _headers(self, answer: Any, *, is_file: bool) -> list[list[str]]:
        # A search's seconds vary in their digits, and so does the length of its answer.
        timed = not is_file and _SECONDS.search(answer.text) is not None
        return [
            [name, self._named(value)]
            for name, value in answer.headers.multi_items()
            if not (is_file and name in _FILES_DROPPED) and not (timed and name == "content-length")
        ]

    def _body(self, answer: Any, *, is_file: bool) -> str:
        if is_file:
            return "<some bytes>" if answer.content else "<no bytes>"
        return _SECONDS.sub('"seconds":"<seconds>"', self._named(answer.text))


def _iter_ids(data: Any) -> Iterator[str]:
    """The game ids in an answer (a rule set's id is a word, not one of them)."""
    if isinstance(data, dict):
        if isinstance(data.get("id"), str) and _GAME_ID.fullmatch(data["id"]):
            yield data["id"]
        for value in data.values():
            yield from _iter_ids(value)
    elif isinstance(data, list):
        for value in data:
            yield from _iter_ids(value)


def _shown_body(options: dict[str, Any]) -> str:
    if options.get("json") is not None:
        return " " + json.dumps(options["json"])
    if "content" in options:
        return f" <{len(options['content'])} bytes>"
    return ""


def _play_a_game(recorder: _Recorder, client: TestClient) -> None:
    """A game's life: moves, refusals, undo, visibility, replay and resume."""
    send = recorder.send
    send(client, "GET", f"{API}/games/current")
    recorder.game = send(client, "POST", f"{API}/games", json={"code": EXAMPLE}).json()["id"]
    for method in ("GET", "HEAD"):
        send(client, method, f"{API}/games/current")
        send(client, method, f"{API}/games/{_GAME}")
    moves = f"{API}/games/{_GAME}/moves"
    send(client, "POST", moves, json={"move": "QC>5", "version": 1})
    for body in (
        {"move": "TC>1", "version": 2},
        {"move": "9C>1", "version": 2},
        {"move": "JS>2", "version": 1},
        {"move": "QC>8", "version": 2},
        {"move": "QC>5"},
        {"move": "QC>5", "version": "2"},
    ):
        send(client, "POST", moves, json=body)
    send(client, "POST", moves, content=b"{", headers={"content-type": "application/json"})
    send(client, "POST", moves, content=b'{"move": "QC>5", "version": 2}')
    send(client, "POST", moves, content=b'{"pad": "' + b"x" * 20_000 + b'"}')
    send(client, "POST", f"{API}/games/{_GAME}/undo", json={"version": 2})
    send(client, "POST", f"{API}/games/{_GAME}/undo", json={"version": 3})
    send(client, "POST", f"{API}/games/{_GAME}/visibility", json={"hidden": True})
    send(client, "POST", f"{API}/games/{_GAME}/visibility", json={"hidden": "yes"})
    first = recorder.game
    recorder.game = send(client, "POST", f"{API}/games/{_GAME}/replay").json()["id"]
    recorder.game = first
    send(client, "POST", f"{API}/games/{_GAME}/resume")


def _new_games(recorder: _Recorder, client: TestClient) -> None:
    """Refused requests for a game, random deals, and the limit on new games
    (every request for one counts, refused or not: six a minute here)."""
    for body in (
        {"rules": "nope"},
        {"code": "YU1-C-AAAA"},
        {"code": 7},
        {"winnable": "yes"},
        {"rules": "relaxed"},
        {},
        {"code": EXAMPLE},
    ):
        recorder.send(client, "POST", f"{API}/games", json=body)


def _win(recorder: _Recorder, client: TestClient) -> None:
    """A won game: what is still asked of it and refused."""
    send = recorder.send
    recorder.game = send(client, "POST", f"{API}/games", json={"code": WIN_CODE}).json()["id"]
    for version, move in enumerate(WIN_LINE, start=1):
        client.post(f"{API}/games/{recorder.game}/moves", json={"move": move, "version": version})
    version = len(WIN_LINE) + 1
    send(client, "GET", f"{API}/games/{_GAME}")
    send(client, "POST", f"{API}/games/{_GAME}/moves", json={"move": "KS>1", "version": version})
    send(client, "POST", f"{API}/games/{_GAME}/undo", json={"version": version})
    send(client, "POST", f"{API}/games/{_GAME}/hint", json={"version": version})
    send(client, "POST", f"{API}/games/{_GAME}/hint", json={"version": 1})
    send(client, "GET", f"{API}/games/{_GAME}/analysis")
    send(client, "POST", f"{API}/games/{_GAME}/resume")


def _practice(recorder: _Recorder, client: TestClient) -> None:
    """Try from here (SPEC §6) from the game the conversation is about: refused
    starts, a practice game, and the history that lists it."""
    path = f"{API}/games/{_GAME}/practice"
    for body in ({"moves": 1000}, {"moves": -1}, {"moves": "3"}, {"moves": True}, {}):
        recorder.send(client, "POST", path, json=body)
    recorder.send(client, "POST", path, json={"moves": 3})
    recorder.send(client, "GET", f"{API}/games?limit=2")


def _lists_and_settings(recorder: _Recorder, client: TestClient) -> None:
    send = recorder.send
    for method, path in (
        ("GET", "/games"),
        ("HEAD", "/games"),
        ("GET", "/games?limit=2"),
        ("GET", "/games?limit=0"),
        ("GET", "/stats"),
        ("HEAD", "/stats"),
        ("GET", "/settings"),
        ("HEAD", "/settings"),
        ("GET", "/export"),
    ):
        send(client, method, API + path)
    send(client, "PUT", f"{API}/settings", json={"language": "sk", "four_color": True})
    send(client, "PUT", f"{API}/settings", json={"sound": True})
    send(client, "POST", f"{API}/games/{_GAME}/moves", json={"move": "TC>1", "version": 99})
    send(client, "PUT", f"{API}/settings", json={"language": None})


def _records_and_rules(recorder: _Recorder, client: TestClient) -> None:
    send = recorder.send
    for record in (
        f"{EXAMPLE} QC>5 TD>1",
        f"{EXAMPLE} QC>5 TC>1",
        f"{EXAMPLE} U",
        "YU1-C-AAA QC>5",
    ):
        send(client, "POST", f"{API}/records/replay", json={"record": record})
    send(client, "POST", f"{API}/records/replay", json={})
    for query in ("", "?language=hu", "?language=de"):
        send(client, "GET", f"{API}/rules{query}")
    send(client, "HEAD", f"{API}/rules")


def _not_found(recorder: _Recorder, client: TestClient) -> None:
    for method, path in (
        ("GET", "/games/nope"),
        ("POST", "/games/nope/moves"),
        ("POST", "/games/nope/undo"),
        ("POST", "/games/nope/hint"),
        ("POST", "/games/nope/replay"),
        ("POST", "/games/nope/resume"),
        ("POST", "/games/nope/practice"),
        ("GET", "/games/nope/analysis"),
        ("GET", "/games/nope/review"),
        ("POST", "/games/nope/visibility"),
        ("GET", "/games/" + "x" * 65),
        ("GET", "/nothing-here"),
    ):
        post = {"version": 1, "move": "QC>5", "hidden": True, "moves": 1}
        body = post if method == "POST" else None
        recorder.send(client, method, API + path, json=body)


def _daily(recorder: _Recorder, client: TestClient, clock: FakeClock) -> None:
    """The daily deal, on a day that has one (the clock moved on to it): the day's
    codes, refused days, a day's deal started and taken up, the day's figures."""
    clock.now = 1_796_558_400.0  # 2026-12-06 12:00 UTC
    for query in ("", "?date=2026-01-01", "?date=2026-02-30", "?date=2027-01-01"):
        recorder.send(client, "GET", f"{API}/daily{query}")
    for body in ({"daily": "2026-12-06", "rules": "russian"}, {"daily": "2025-12-31"}):
        recorder.send(client, "POST", f"{API}/games", json=body)
    recorder.game = recorder.send(
        client, "POST", f"{API}/games", json={"daily": "2026-12-06", "rules": "russian"}
    ).json()["id"]
    for query in ("?rules=russian", "?rules=classic&date=2026-12-01", "?rules=spider"):
        recorder.send(client, "GET", f"{API}/daily/figures{query}")


_WRONG_METHODS: Final = (
    ("DELETE", f"{API}/games"),
    ("PUT", f"{API}/games"),
    ("POST", f"{API}/games/current"),
    ("DELETE", f"{API}/games/{_GAME}"),
    ("GET", f"{API}/games/{_GAME}/moves"),
    ("HEAD", f"{API}/games/{_GAME}/moves"),
    ("GET", f"{API}/games/{_GAME}/undo"),
    ("GET", f"{API}/games/{_GAME}/hint"),
    ("GET", f"{API}/games/{_GAME}/replay"),
    ("GET", f"{API}/games/{_GAME}/resume"),
    ("GET", f"{API}/games/{_GAME}/practice"),
    ("POST", f"{API}/games/{_GAME}/analysis"),
    ("POST", f"{API}/games/{_GAME}/review"),
    ("GET", f"{API}/games/{_GAME}/visibility"),
    ("GET", f"{API}/records/replay"),
    ("POST", f"{API}/settings"),
    ("DELETE", f"{API}/settings"),
    ("POST", f"{API}/stats"),
    ("PUT", f"{API}/rules"),
    ("POST", f"{API}/daily"),
    ("DELETE", f"{API}/daily/figures"),
    ("POST", f"{API}/export"),
    ("GET", f"{API}/player"),
    ("POST", f"{API}/player"),
    ("POST", f"{API}/version"),
    ("POST", "/healthz"),
    ("POST", "/"),
    ("DELETE", "/play/YU1-C-AAAAAAB"),
    ("POST", "/i18n/en.json"),
    ("OPTIONS", f"{API}/games"),
)


def _outside_the_api(recorder: _Recorder, client: TestClient) -> None:
    """Health, version, pages and catalogs."""
    for method, path in (
        ("GET", "/healthz"),
        ("HEAD", "/healthz"),
        ("GET", f"{API}/version"),
        ("HEAD", f"{API}/version"),
        ("GET", "/"),
        ("HEAD", "/"),
        ("GET", "/play/YU1-C-AAAAAAB"),
        ("GET", "/history/nope"),
        ("GET", "/i18n/sk.json"),
        ("GET", "/i18n/de.json"),
        ("GET", "/static/nope.js"),
    ):
        recorder.send(client, method, path)


def converse(settings: AppSettings, clock: FakeClock) -> list[dict[str, object]]:
    """The whole conversation with a new app over *settings*' database."""
    recorder = _Recorder()
    with TestClient(create_app(settings), headers=_IDENTITY) as client:
        phases: list[Callable[[_Recorder, TestClient], None]] = [
            _play_a_game,
            _new_games,
            _win,
            _lists_and_settings,
            _records_and_rules,
            _not_found,
            _practice,
        ]
        for phase in phases:
            clock.advance(61)
            phase(recorder, client)
        _daily(recorder, client, clock)
        for method, path in _WRONG_METHODS:
            recorder.send(client, method, path)
        _outside_the_api(recorder, client)
        slovak = another_client(client, headers={**_IDENTITY, "accept-language": "sk"})
        recorder.send(slovak, "GET", f"{API}/games/current")
        recorder.send(slovak, "POST", f"{API}/games", json={"code": EXAMPLE})
        recorder.send(slovak, "POST", f"{API}/records/replay", json={"record": f"{EXAMPLE} TC>1"})
        recorder.send(client, "DELETE", f"{API}/player")
        recorder.send(client, "GET", f"{API}/games")
    return recorder.exchanges


def _write() -> None:
    with tempfile.TemporaryDirectory() as folder:
        clock = FakeClock()
        exchanges = converse(golden_settings(Path(folder) / "yukon.sqlite3", clock), clock)
    # One exchange a line: a change to an answer is a change to its line.
    lines = (json.dumps(exchange, ensure_ascii=False) for exchange in exchanges)
    text = "[\n" + ",\n".join(lines) + "\n]\n"
    GOLDEN_FILE.write_text(text, encoding="utf-8")
    print(f"{len(exchanges)} exchanges written to {GOLDEN_FILE.name}", file=sys.stderr)


if __name__ == "__main__":
    _write()
