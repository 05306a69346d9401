"""Small helpers shared by the API tests."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from yukon.web.resources import Resources

API = "/api/v1"
EXAMPLE = "YU1-C-AACRWEA"  # SPEC §5: 1. QC>5 2. TD>1 moves an unordered group
WIN_CODE = "YU1-C-AAAAAAB"
# A win of WIN_CODE (found once by the solver, checked by replaying it here).
_WIN_TEXT = (
    "TS>2 8S>6 6D>2 7H>2 KC>1 AD>F 2D>F 4D>6 6S>4 6C>2 AH>F 2H>F 5H>4 TH>3 QH>1 JC>2 QD>1"
    " 9D>5 3D>7 JH>5 9H>5 JS>1 8H>3 4H>3 8D>2 3S>3 QS>4 7D>1 4S>4 AS>F 2S>F 3C>6 3S>F 3H>F"
    " 4H>F KS>7 5D>5 TC>4 TD>7 9C>7 5S>3 AC>F 2C>F 3C>F 3D>F 4C>F 4D>F 4S>F 5S>F 5D>F 5C>F"
    " 6C>F 6H>6 7S>7 JD>1 QC>5 6D>F 7C>F KH>3 5H>F 6S>F 7D>F 6H>F 7H>F 8C>F 7S>F 8D>F 8S>F"
    " 9D>F 8H>F 9S>F 9H>F TS>F 9C>F TH>F TC>F JH>F TD>F JS>F JD>F QS>F JC>F QH>F QC>F KH>F"
    " QD>F KC>F KD>F KS>F"
)
WIN_LINE = tuple(_WIN_TEXT.split())


def new_game(client: TestClient, code: str = EXAMPLE) -> dict[str, Any]:
    answer = client.post(f"{API}/games", json={"code": code})
    assert answer.status_code == 201, answer.text
    state: dict[str, Any] = answer.json()
    return state


def play(client: TestClient, state: dict[str, Any], move: str) -> dict[str, Any]:
    """Make *move* on *state*'s game at its version; the move must be accepted."""
    answer = client.post(
        f"{API}/games/{state['id']}/moves", json={"move": move, "version": state["version"]}
    )
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def get_state(client: TestClient, game_id: str) -> dict[str, Any]:
    answer = client.get(f"{API}/games/{game_id}")
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def without_clock(state: dict[str, Any]) -> dict[str, Any]:
    """The state less what moves with time."""
    return {key: value for key, value in state.items() if key not in ("elapsed_ms",)}


def another_client(client: TestClient, **options: Any) -> TestClient:
    """Another visitor (no cookie shared) of the app that *client* runs: the app's
    resources, opened in *client*'s lifespan, are handed to its requests too."""
    other = TestClient(client.app, **options)
    other.app_state.update(client.app_state)
    return other


def resources(client: TestClient) -> Resources:
    """The resources of the app that *client* runs (inside its ``with`` block)."""
    found: Resources = client.app_state["resources"]
    return found
