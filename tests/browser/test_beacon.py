"""A page being closed can still tell the server: ``navigator.sendBeacon`` with a
JSON body passes the server's content-type and origin checks."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OpenApp

pytestmark = pytest.mark.browser

_BEACON = """([id, hidden]) => navigator.sendBeacon(
    `api/v1/games/${id}/visibility`,
    new Blob([JSON.stringify({hidden})], {type: "application/json"}))"""
_CLOCK_IS = """async ([id, running]) =>
    (await (await fetch(`api/v1/games/${id}`)).json()).clock_running === running"""


def test_a_beacon_with_a_json_body_is_accepted(open_app: OpenApp) -> None:
    app = open_app()
    state = app.open_deal("YU1-C-AACRWEA", ["QC>5"])
    for hidden in (False, True, False):
        assert app.page.evaluate(_BEACON, [state["id"], hidden]) is True
        app.page.wait_for_function(_CLOCK_IS, arg=[state["id"], not hidden])
