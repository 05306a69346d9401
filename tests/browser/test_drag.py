"""Drag and drop with mouse and finger: legal drops, refused drops that slide
back and explain the rule, placement help, automatic placement, take-backs."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage

pytestmark = pytest.mark.browser

# YU1-C-AAAAAAB: 6♣ (with K♥ on it) fits on 7♥ in column 1; 5♥ does not fit on J♥.
DEAL = "YU1-C-AAAAAAB"
# YU1-C-AACRWEA after the Examples page's 26 moves: 6♦ tops the ♦ foundation and
# 7♠ ends column 3, so 6♦ may be taken back there.
TAKE_BACK_LINE = [
    "QC>5", "TD>1", "9S>4", "8S>5", "TS>1", "6S>7", "8C>4", "QH>1", "5S>4", "3D>6", "AC>F",
    "AD>F", "2D>F", "2C>6", "3C>2", "2C>F", "3C>F", "3D>F", "4C>F", "KH>3", "7D>1", "7S>3",
    "6D>3", "4D>F", "5D>F", "6D>F",
]  # fmt: skip


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_legal_drop_moves_the_card_and_the_cards_on_it(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    before = app.open_deal(DEAL)
    assert "1" in before["targets"]["6C"]
    app.drag("6C", "1", touch=touch)
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["columns"][0]["cards"] == ["7H", "6C", "KS"]
    assert state["moves"] == 1
    assert app.drawn_columns() == state["columns"]
    assert app.page.locator(".card.dragging").count() == 0


def _wait_back(app: AppPage, code: str, start: dict[str, float]) -> None:
    """Wait until the card has slid back to where it was (*start*), however busy the machine."""
    app.page.wait_for_function(
        """([code, x, y]) => {
            const card = document.querySelector(`#board .card.face[data-card="${code}"]`);
            const box = card.getBoundingClientRect();
            return document.getAnimations().length === 0
                && Math.abs(box.x - x) < 0.5 && Math.abs(box.y - y) < 0.5;
        }""",
        arg=[code, start["x"], start["y"]],
    )
    assert app.box(app.card(code)) == pytest.approx(start, abs=0.5)


def _refused_drop(app: AppPage, *, touch: bool = False) -> dict[str, float]:
    start = app.box(app.card("5H"))
    app.drag("5H", "2", touch=touch)
    return start


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_refused_drop_explains_the_rule_and_changes_nothing(
    open_app: OpenApp, touch: bool
) -> None:
    app = open_app(touch=touch)
    app.console.allow_refusals(422)
    before = app.open_deal(DEAL)
    start = _refused_drop(app, touch=touch)
    assert app.message() == "5♥ goes on a black 6 — 6♠ or 6♣, not on J♥"
    state = app.state()
    assert state["version"] == before["version"]
    assert state["columns"] == before["columns"]
    assert app.drawn_columns() == before["columns"]
    _wait_back(app, "5H", start)


def test_without_interactive_rules_a_refused_drop_is_not_sent(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(interactive_rules=False)
    sent: list[str] = []
    app.page.on("request", lambda request: sent.append(request.url))
    start = _refused_drop(app)
    # Back in place, the drop is over: a move would have been sent when it ended.
    _wait_back(app, "5H", start)
    assert not any("/moves" in url for url in sent)
    assert app.page.locator("#message").is_hidden()
    assert app.state()["version"] == before["version"]


_RECORD_ANIMATIONS = """() => {
  window.durations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.durations.push(typeof options === "number" ? options : options.duration);
    return animate.call(this, keyframes, options);
  };
}"""


def test_the_slide_back_is_short_and_off_under_reduced_motion(open_app: OpenApp) -> None:
    for reduced in (False, True):
        app = open_app(reduced_motion=reduced)
        app.console.allow_refusals(422)
        app.open_deal(DEAL)
        app.page.evaluate(_RECORD_ANIMATIONS)
        start = _refused_drop(app)
        app.message()
        durations = app.page.evaluate("window.durations")
        if reduced:
            assert durations == []
            assert app.box(app.card("5H")) == start
        else:
            assert durations, "the cards slide back"
            assert max(durations) <= 200


def test_placement_help_highlights_the_targets_while_dragging(open_app: OpenApp) -> None:
    app = open_app()
    state = app.open_deal(DEAL)
    start = app.grip("6C")
    app.mouse_drag(start, (start[0], start[1] + 120), release=False)
    lit = app.page.eval_on_selector_all(
        "#board .slot.allowed", "nodes => nodes.map(n => n.dataset.target)"
    )
    assert lit == state["targets"]["6C"]
    app.page.mouse.up()
    app.page.wait_for_function("() => !document.querySelector('#board .slot.allowed')")

    app.set_setting(placement_help=False)
    app.mouse_drag(app.grip("6C"), (start[0], start[1] + 120), release=False)
    assert app.page.locator("#board .slot.allowed").count() == 0
    app.page.mouse.up()


def test_automatic_placement_chooses_the_target_on_release(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(auto_placement=True)
    target = before["double_tap"]["6C"]
    # Let go over column 6, where 6♣ does not fit: the app places it itself.
    app.mouse_drag(app.grip("6C"), app.drop_point("6", "6C"))
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["columns"][int(target) - 1]["cards"][-2:] == ["6C", "KS"]


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "touch"])
def test_a_foundation_card_is_taken_back_by_dragging(open_app: OpenApp, touch: bool) -> None:
    app = open_app(touch=touch)
    before = app.open_deal("YU1-C-AACRWEA", TAKE_BACK_LINE)
    assert before["foundations"][2]["top"] == "6D"
    assert "3" in before["targets"]["6D"]
    app.drag("6D", "3", touch=touch)
    app.wait_version(before["version"] + 1)
    state = app.state()
    assert state["foundations"][2]["top"] == "5D"
    assert state["columns"][2]["cards"][-1] == "6D"
    assert state["score"] == before["score"]
    assert app.drawn_columns() == state["columns"]


def test_a_drag_goes_on_when_an_earlier_move_is_drawn_meanwhile(open_app: OpenApp) -> None:
    """The answer to a tap arrives while another card is held: the board is
    drawn anew, and the held card is picked up again and still follows."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA", ["TH>1"])
    session = app.page.context.new_cdp_session(app.page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1},
    )
    app.tap("AS")
    start = app.grip("8C")
    home = app.box(app.card("8C"))
    app.mouse_drag(start, (start[0] + 60, start[1] + 100), release=False)
    app.page.wait_for_function(
        "v => Number(document.body.dataset.version) > v", arg=before["version"]
    )
    app.page.mouse.move(start[0] + 80, start[1] + 120, steps=2)
    assert app.page.locator('#board .card.dragging[data-card="8C"]').count() == 1
    assert app.box(app.card("8C"))["y"] > home["y"] + 60
    app.page.mouse.move(*start, steps=4)
    app.page.mouse.up()
    app.wait_idle()
    assert app.state()["record"] == "YU1-C-AACRWEA TH>1 AS>F"
