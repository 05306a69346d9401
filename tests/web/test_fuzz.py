"""Hypothesis throws arbitrary requests at the API: never a 500, and a refused
request changes nothing (the game and the settings read back the same)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.web.conftest import FakeClock
from tests.web.helpers import API
from yukon.engine import DECK
from yukon.web import AppSettings, create_app

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)
CARD_TEXT = st.sampled_from([str(card) for card in DECK]) | st.text(max_size=3)
TARGET_TEXT = st.sampled_from(list("1234567F089x")) | st.text(max_size=2)
MOVE_TEXT = st.builds(
    lambda c, t, sep: f"{c}{sep}{t}", CARD_TEXT, TARGET_TEXT, st.sampled_from([">", " > ", "-", ""])
)
VERSION = st.integers(-1, 6) | st.booleans() | st.text(max_size=2) | st.none()
# Days around the fuzzing clock's (2026-12-06): shipped, to come, before the first, not days.
DAY = st.sampled_from(["2026-12-06", "2026-01-01", "2026-12-07", "2025-12-31", "2026-02-30"])
RULES = st.sampled_from(["classic", "russian", "S", "spider"])
BODY = (
    st.fixed_dictionaries({"move": MOVE_TEXT | JSON, "version": VERSION})
    | st.fixed_dictionaries({"daily": DAY | JSON, "rules": RULES | JSON})
    | st.fixed_dictionaries({"version": VERSION})
    | st.fixed_dictionaries({"hidden": st.booleans() | JSON})
    | st.fixed_dictionaries({"moves": st.integers(-2, 8) | JSON})
    | JSON
)
KINDS = (
    "legal",
    "legal",
    "moves",
    "undo",
    "hint",
    "visibility",
    "replay",
    "resume",
    "review",
    "practice",
    "get",
    "settings",
    "records",
    "create",
    "daily",
    "figures",
)
OPERATION = st.tuples(
    st.sampled_from(KINDS),
    BODY,
    st.booleans(),  # use the current version when the body is an object
    st.one_of(st.none(), st.binary(max_size=40)),  # raw bytes instead of JSON, sometimes
    st.integers(0, 10_000),  # which legal move, for "legal"
)
CODES = st.sampled_from(["YU1-C-AACRWEA", "YU1-R-AACRWEA", "YU1-C-AAAAAAB", "YU1-R-ZZZZZZZ"])


def _send(client: TestClient, game_id: str, kind: str, body: Any, raw: bytes | None) -> Any:
    game = f"{API}/games/{game_id}"
    paths = {
        "legal": ("POST", f"{game}/moves"),
        "moves": ("POST", f"{game}/moves"),
        "undo": ("POST", f"{game}/undo"),
        "hint": ("POST", f"{game}/hint"),
        "visibility": ("POST", f"{game}/visibility"),
        "replay": ("POST", f"{game}/replay"),
        "resume": ("POST", f"{game}/resume"),
        "review": ("GET", f"{game}/review"),
        "practice": ("POST", f"{game}/practice"),
        "get": ("GET", game),
        "settings": ("PUT", f"{API}/settings"),
        "records": ("POST", f"{API}/records/replay"),
        "create": ("POST", f"{API}/games"),
        "daily": ("GET", f"{API}/daily"),
        "figures": ("GET", f"{API}/daily/figures"),
    }
    method, path = paths[kind]
    if kind in ("daily", "figures") and isinstance(body, dict):
        # A query's parameters are text: the body's fields written as such.
        query = {"date" if key == "daily" else key: str(value) for key, value in body.items()}
        return client.request(method, path, params=query)
    if raw is not None:
        return client.request(method, path, content=raw)
    return client.request(method, path, json=body)


def _legal_move(state: dict[str, Any], choice: int, current: bool) -> dict[str, object]:
    """One of the moves the state lists, at the current version or a stale one."""
    moves = [f"{card}>{target}" for card, targets in state["targets"].items() for target in targets]
    move = moves[choice % len(moves)] if moves else "AS>F"
    return {"move": move, "version": state["version"] if current else state["version"] - 1}


def test_no_request_breaks_the_server_or_changes_what_it_refuses(tmp_path: Path) -> None:
    app_settings = AppSettings(
        db_path=tmp_path / "fuzz.sqlite3",
        clock=FakeClock(1_796_558_400.0),  # 2026-12-06 12:00 UTC: a day with a daily deal
        rng=random.Random(3),
        hint_seconds=0.05,
        analysis_seconds=0.05,
        review_seconds=0.05,
        review_total_seconds=0.2,
        games_per_minute=100_000,  # every example starts a game; the limit has its own test
    )
    with TestClient(create_app(app_settings), raise_server_exceptions=False) as client:

        @settings(
            max_examples=120,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(CODES, st.lists(OPERATION, max_size=8))
        def run(code: str, operations: list[tuple[str, Any, bool, bytes | None, int]]) -> None:
            state = client.post(f"{API}/games", json={"code": code}).json()
            preferences = client.get(f"{API}/settings").json()
            for kind, body, current, raw, choice in operations:
                if kind == "legal":
                    body, raw = _legal_move(state, choice, current), None
                elif current and isinstance(body, dict) and "version" in body:
                    body = {**body, "version": state["version"]}
                answer = _send(client, state["id"], kind, body, raw)
                assert answer.status_code < 500, answer.text
                assert answer.headers["content-type"] == "application/json"
                if answer.status_code >= 400:
                    assert answer.json()["error"]["code"]
                    assert client.get(f"{API}/games/{state['id']}").json() == state
                    assert client.get(f"{API}/settings").json() == preferences
                elif kind in ("legal", "moves", "undo", "visibility", "resume", "get"):
                    state = answer.json()
                elif kind in ("replay", "create", "practice"):
                    # The game left for the new one: its clock stopped.
                    state = client.get(f"{API}/games/{state['id']}").json()
                elif kind == "hint":
                    state = answer.json()["state"]
                elif kind == "settings":
                    preferences = answer.json()

        run()
