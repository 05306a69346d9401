"""Taps and double taps, with mouse and finger: the last card of a column goes to
its foundation; a double tap sends a card where the server says."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import owned_faces

pytestmark = pytest.mark.browser

DEAL = "YU1-C-AAAAAAB"
# YU1-C-AACRWEA after these moves ends column 2 with A♣.
ACE_LAST = ["QC>5", "TD>1", "9S>4", "8S>5", "TS>1", "6S>7", "8C>4", "QH>1", "5S>4", "3D>6"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_tapping_the_last_card_sends_it_to_its_foundation(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    before = app.open_deal("YU1-C-AACRWEA", ACE_LAST)
    assert before["columns"][1]["cards"][-1] == "AC"
    app.tap("AC", touch=touch)
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["foundations"][3] == {"suit": "C", "height": 1, "top": "AC"}
    assert state["score"] == before["score"] + 10
    assert owned_faces(app.foundation("C")) == ["AC"]


def test_tapping_a_card_that_cannot_go_up_does_nothing(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    sent: list[str] = []
    app.page.on("request", lambda request: sent.append(request.url))
    app.tap("JH")
    # The tap is queued as a request would be: once the queue is empty, any request was sent.
    app.wait_idle()
    assert sent == []
    assert app.state()["version"] == before["version"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_double_tap_sends_the_card_where_the_server_says(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    before = app.open_deal(DEAL)
    target = before["double_tap"]["6C"]
    app.double_tap("6C", touch=touch)
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["columns"][int(target) - 1]["cards"][-2:] == ["6C", "KS"]
    assert state["moves"] == 1


def test_a_double_tap_with_no_place_says_why(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    assert "JH" not in before["double_tap"]
    app.double_tap("JH")
    assert app.message() == (
        "Jack of hearts goes on a black queen: queen of spades or queen of clubs."
        " No such place is free now."
    )
    assert app.state()["version"] == before["version"]


def test_double_click_off_leaves_the_card(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(double_click=False)
    app.double_tap("6C")
    app.wait_idle()
    assert app.state()["version"] == before["version"]
    assert app.drawn_columns() == before["columns"]


def test_with_automatic_placement_one_tap_places_a_card(open_app: OpenApp) -> None:
    app = open_app(touch=True)
    before = app.open_deal(DEAL)
    app.set_setting(auto_placement=True)
    target = before["double_tap"]["6C"]
    app.tap("6C", touch=True)
    app.wait_version(before["version"] + 1)
    assert app.state()["columns"][int(target) - 1]["cards"][-2:] == ["6C", "KS"]


@pytest.mark.parametrize(
    ("touch", "latency_ms"),
    [(False, 0), (False, 200), (True, 0), (True, 200)],
    ids=["mouse", "mouse-slow", "touch", "touch-slow"],
)
def test_a_double_tap_on_a_card_that_goes_home_is_one_move(
    open_app: OpenApp, touch: bool, latency_ms: int
) -> None:
    app = open_app(touch=touch)
    before = app.open_deal("YU1-C-AACRWEA", ["TH>1"])
    assert before["columns"][3]["cards"][-1] == "AS"
    app.slow_network(latency_ms)
    app.double_tap("AS", touch=touch)
    app.wait_idle()
    state = app.state()
    assert state["record"] == "YU1-C-AACRWEA TH>1 AS>F"
    assert owned_faces(app.foundation("S")) == ["AS"]
