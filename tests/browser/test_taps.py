"""Taps and double taps, with mouse and finger: the last card of a column goes to
its foundation; a double tap sends a card where the server says; with *One tap
plays* a tap plays the card's best move; a tap that plays nothing shakes the card
and, with *Interactive rules*, says why."""

from __future__ import annotations

import pytest
from playwright.sync_api import Response

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, owned_faces

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


def _watch_refusals(app: AppPage) -> None:
    """Record every card marked as refused (with its ring as drawn then) and
    every animation the page starts, from now on."""
    app.page.evaluate(
        """() => {
            window.refused = [];
            new MutationObserver((records) => {
                for (const record of records) {
                    const card = record.target;
                    if (!card.classList.contains("tap-refused")) continue;
                    if ((record.oldValue ?? "").includes("tap-refused")) continue;
                    window.refused.push([card.dataset.card, getComputedStyle(card).boxShadow]);
                }
            }).observe(document.querySelector("#board"), {
                subtree: true, attributeFilter: ["class"], attributeOldValue: true,
            });
            window.animations = [];
            const animate = Element.prototype.animate;
            Element.prototype.animate = function (keyframes, options) {
                window.animations.push([this.dataset.card ?? null, JSON.stringify(keyframes)]);
                return animate.call(this, keyframes, options);
            };
        }"""
    )


def _refused(app: AppPage) -> list[str]:
    """The cards marked refused so far, once there is one."""
    app.page.wait_for_function("() => window.refused.length > 0")
    app.wait_idle()
    return [card for card, _ in app.page.evaluate("window.refused")]


def _shaken(app: AppPage) -> list[str]:
    """The cards that shook: moved side to side, and nothing else."""
    animations: list[tuple[str | None, str]] = app.page.evaluate("window.animations")
    return [card or "" for card, frames in animations if "translateX" in frames]


REFUSED_RING = "rgb(217, 72, 15) 0px 0px 0px 3px inset"


@pytest.mark.parametrize(
    ("touch", "reduced"),
    [(False, False), (True, False), (True, True)],
    ids=["mouse", "touch", "touch-reduced-motion"],
)
def test_a_tap_that_plays_nothing_shakes_the_card_and_says_why(
    open_app: OpenApp, touch: bool, reduced: bool
) -> None:
    app = open_app(touch=touch, reduced_motion=reduced)
    app.console.allow_refusals(422)
    before = app.open_deal(DEAL)
    # 4♥ lies face up under 8♦: not the last card, and no place on the tableau.
    assert before["columns"][1]["cards"][:2] == ["4H", "8D"]
    assert "4H" not in before["double_tap"]
    _watch_refusals(app)
    app.tap("4H", touch=touch)
    assert _refused(app) == ["4H"]
    # Without motion the card's edge flashes; it never moves then.
    assert app.page.evaluate("window.refused[0][1]") == REFUSED_RING
    assert _shaken(app) == ([] if reduced else ["4H"])
    words = (
        "Only the last card of a column may go to a foundation, and 4 of hearts has cards on it."
    )
    assert app.message() == words
    assert app.page.locator("#announcer").inner_text() == words
    assert app.state()["version"] == before["version"]
    app.page.wait_for_selector("#board .card.tap-refused", state="detached")
    assert app.drawn_columns() == before["columns"]


def test_without_interactive_rules_a_refused_tap_only_shakes(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(interactive_rules=False)
    sent = app.sent_requests()
    _watch_refusals(app)
    app.tap("JH")
    assert _refused(app) == ["JH"]
    assert _shaken(app) == ["JH"]
    assert sent == []
    assert app.page.locator("#message").is_hidden()
    assert app.page.locator("#announcer").inner_text() == ""
    assert app.state()["version"] == before["version"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_double_tap_sends_the_card_where_the_server_says(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    app.console.allow_refusals(422)
    before = app.open_deal(DEAL)
    target = before["double_tap"]["6C"]
    _watch_refusals(app)
    app.double_tap("6C", touch=touch)
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["columns"][int(target) - 1]["cards"][-2:] == ["6C", "KS"]
    assert state["moves"] == 1
    # Its first tap, which alone plays nothing, is not refused: a tap refused
    # later is the only one (a refusal waits as long for every tap).
    app.tap("JH", touch=touch)
    assert _refused(app) == ["JH"]


def test_a_double_tap_with_no_place_says_why(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    assert "JH" not in before["double_tap"]
    _watch_refusals(app)
    app.double_tap("JH")
    assert app.message() == (
        "Jack of hearts goes on a black queen: queen of spades or queen of clubs."
        " No such place is free now."
    )
    assert _refused(app) == ["JH"]
    assert app.state()["version"] == before["version"]


def test_double_click_off_makes_each_tap_a_tap(open_app: OpenApp) -> None:
    app = open_app()
    app.console.allow_refusals(422)
    before = app.open_deal(DEAL)
    app.set_setting(double_click=False)
    _watch_refusals(app)
    app.double_tap("6C")
    app.page.wait_for_function(
        "() => window.animations.filter(([card]) => card === '6C').length === 2"
    )
    app.wait_idle()
    assert _shaken(app) == ["6C", "6C"]
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


def _settings_saved(response: Response) -> bool:
    return response.url.endswith("/settings") and response.request.method == "PUT"


def _choose_one_tap(app: AppPage) -> None:
    app.page.click("#menu summary")
    app.page.click("#btn-settings")
    dialog = app.page.locator("#dlg-settings")
    dialog.wait_for(state="visible")
    one_tap = dialog.locator('input[name="one_tap"]')
    assert not one_tap.is_checked(), "off by default"
    assert "One tap plays" in dialog.inner_text()
    with app.page.expect_response(_settings_saved):
        one_tap.check()
    dialog.locator('button[value="close"]').click()
    dialog.wait_for(state="hidden")


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_one_tap_plays_the_best_move_and_is_kept(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    before = app.open_deal("YU1-C-AACRWEA", ["TH>1"])
    _choose_one_tap(app)
    app.reload()
    _, settings = app.api("GET", "/settings")
    assert settings["one_tap"] is True
    # Home when it can go there: A♠ is the last card of column 4.
    assert before["columns"][3]["cards"] == ["AS"]
    app.tap("AS", touch=touch)
    app.wait_version(before["version"] + 1)
    assert owned_faces(app.foundation("S")) == ["AS"]
    # Else as a double tap: a card in the middle of a column, with the cards on it.
    placed = app.state()
    card, target, group = next(
        (card, target, column["cards"][column["cards"].index(card) :])
        for card, target in sorted(placed["double_tap"].items())
        for column in placed["columns"]
        if card in column["cards"][:-1]
    )
    app.tap(card, touch=touch)
    app.wait_version(placed["version"] + 1)
    state = app.state()
    assert state["columns"][int(target) - 1]["cards"][-len(group) :] == group
    assert state["moves"] == before["moves"] + 2


def test_with_one_tap_plays_a_card_with_no_place_says_why(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(one_tap=True)
    _watch_refusals(app)
    app.tap("4H")
    assert app.message() == (
        "4 of hearts goes on a black 5: 5 of spades or 5 of clubs. No such place is free now."
    )
    assert _refused(app) == ["4H"]
    assert app.state()["version"] == before["version"]


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
