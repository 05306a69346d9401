"""A page being closed can still tell the server: ``navigator.sendBeacon`` with a
JSON body passes the server's content-type and origin checks."""

from __future__ import annotations

import time

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage

pytestmark = pytest.mark.browser

_BEACON = """([id, hidden]) => navigator.sendBeacon(
    `api/v1/games/${id}/visibility`,
    new Blob([JSON.stringify({hidden})], {type: "application/json"}))"""


def _wait_for_clock(app: AppPage, game_id: str, *, running: bool) -> None:
    """Ask the server until the game's clock is *running* (or not): the beacon's effect."""
    deadline = time.monotonic() + 10
    while app.api("GET", f"/games/{game_id}")[1]["clock_running"] is not running:
        assert time.monotonic() < deadline, "the beacon did not arrive"


def test_a_beacon_with_a_json_body_is_accepted(open_app: OpenApp) -> None:
    app = open_app()
    state = app.open_deal("YU1-C-AACRWEA", ["QC>5"])
    for hidden in (True, False, True):
        assert app.page.evaluate(_BEACON, [state["id"], hidden]) is True
        _wait_for_clock(app, state["id"], running=not hidden)
