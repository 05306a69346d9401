"""Drag and drop with mouse and finger: legal drops, refused drops that slide
back and explain the rule, placement help, automatic placement, take-backs."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import Route

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, drawn_columns_js, owned_faces

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
    assert app.message() == (
        "5 of hearts goes on a black 6: 6 of spades or 6 of clubs; jack of hearts does not take it."
    )
    state = app.state()
    assert state["version"] == before["version"]
    assert state["columns"] == before["columns"]
    assert app.drawn_columns() == before["columns"]
    _wait_back(app, "5H", start)


def test_without_interactive_rules_a_refused_drop_is_not_sent(open_app: OpenApp) -> None:
    app = open_app()
    before = app.open_deal(DEAL)
    app.set_setting(interactive_rules=False)
    sent = app.sent_requests()
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


# Counts the frames drawn without the place under the held cards marked, until
# window.counting is set false.
_COUNT_UNMARKED_FRAMES = """() => {
    window.unmarked = 0;
    window.counting = true;
    const tick = () => {
        if (!document.querySelector('#board .slot.over')) window.unmarked += 1;
        if (window.counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


def test_a_drag_goes_on_when_an_earlier_move_is_drawn_meanwhile(open_app: OpenApp) -> None:
    """The answer to a tap arrives while another card is held still: the board
    is drawn anew, and the held card stays under the pointer and still follows."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA", ["TH>1"])
    app.slow_network(1500)
    app.tap("AS")
    start = app.grip("8C")
    home = app.box(app.card("8C"))
    app.mouse_drag(start, (start[0] + 60, start[1] + 100), release=False)
    app.page.evaluate(_COUNT_UNMARKED_FRAMES)
    app.page.wait_for_function(
        "v => Number(document.body.dataset.version) > v", arg=before["version"]
    )
    app.settle()
    # Not one frame home: the cards would slide there and wait for the pointer to move.
    assert app.page.locator('#board .card.dragging[data-card="8C"]').count() == 1
    assert app.box(app.card("8C"))["y"] > home["y"] + 60
    # Nor one frame without the place under them marked: the mark would blink.
    assert app.page.evaluate("() => { window.counting = false; return window.unmarked; }") == 0
    app.page.mouse.move(start[0] + 80, start[1] + 120, steps=2)
    assert app.page.locator('#board .card.dragging[data-card="8C"]').count() == 1
    assert app.box(app.card("8C"))["y"] > home["y"] + 60
    app.page.mouse.move(*start, steps=4)
    app.page.mouse.up()
    app.wait_idle()
    assert app.state()["record"] == "YU1-C-AACRWEA TH>1 AS>F"


class _HeldMove:
    """Holds the page's first request for a move until :meth:`answer`: the page
    waits for its answer as long as a slow network would make it wait."""

    def __init__(self, app: AppPage) -> None:
        self.route: Route | None = None
        app.page.route("**/api/v1/games/*/moves", self._hold)

    def _hold(self, route: Route) -> None:
        if self.route is None:
            self.route = route
        else:
            route.continue_()

    def answer(self) -> None:
        assert self.route is not None, "no move was sent"
        self.route.continue_()


def _wait_drawn(app: AppPage, column: int, card: str) -> None:
    """Wait until column *column* (1 … 7) is drawn ending with *card*."""
    app.page.wait_for_function(
        f"([column, card]) => ({drawn_columns_js('#board')})[column - 1].cards.at(-1) === card",
        arg=[column, card],
    )
    app.settle()


def test_a_drop_is_drawn_before_its_answer_comes(open_app: OpenApp) -> None:
    """The cards go at once, however slow the network: 10♥ and the cards on it
    lie on J♠ before the server has answered, and A♠, uncovered, stays face
    down until the answer names it."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA")
    group = before["columns"][3]["cards"]  # 10♥ and the four cards on it, all face up
    assert group[0] == "TH"
    assert before["columns"][0]["cards"][-1] == "JS"
    held = _HeldMove(app)
    app.drag("TH", "1")
    _wait_drawn(app, 1, group[-1])
    drawn = app.drawn_columns()
    assert drawn[0]["cards"] == before["columns"][0]["cards"] + group
    assert drawn[3] == {"hidden": before["columns"][3]["hidden"], "cards": []}
    jack, ten = app.box(app.card("JS")), app.box(app.card("TH"))
    assert abs(ten["x"] - jack["x"]) < 1
    assert ten["y"] > jack["y"]
    assert app.page.locator(".card.dragging, .card.held").count() == 0
    # Not answered yet: the page still holds the version from before the move.
    assert app.version() == before["version"]
    assert app.page.evaluate("document.body.dataset.pending") == "1"
    held.answer()
    app.wait_idle()
    state = app.state()
    assert state["record"] == "YU1-C-AACRWEA TH>1"
    assert state["columns"][3]["cards"] == ["AS"]
    assert app.drawn_columns() == state["columns"]


def test_a_drop_drawn_before_a_refusal_goes_back(open_app: OpenApp) -> None:
    """Another tab moved first: the move drawn at once is refused as stale, and
    the board shows the game as it stands, 10♥ back where it was."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA")
    app.console.allow_refusals(409)
    held = _HeldMove(app)
    group = before["columns"][3]["cards"]
    app.drag("TH", "1")
    _wait_drawn(app, 1, group[-1])
    app.play_api(["QC>5"])
    held.answer()
    app.wait_idle()
    state = app.state()
    assert state["record"] == "YU1-C-AACRWEA QC>5"
    assert state["version"] == before["version"] + 1
    assert app.drawn_columns() == state["columns"]
    assert app.drawn_columns()[3]["cards"] == group


def test_moves_to_and_from_a_foundation_are_drawn_before_their_answers(
    open_app: OpenApp,
) -> None:
    """A take-back of 6♦ onto 7♠, held unanswered: 6♦ lies on 7♠ and 5♦ tops its
    foundation again; then a tap sends it home, drawn before the answer too."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA", TAKE_BACK_LINE)
    assert before["columns"][2]["cards"][-1] == "7S"
    held = _HeldMove(app)
    app.drag("6D", "3")
    _wait_drawn(app, 3, "6D")
    assert owned_faces(app.foundation("D"))[-1] == "5D"
    assert app.version() == before["version"]
    held.answer()
    app.wait_idle()
    assert app.drawn_columns() == app.state()["columns"]
    held = _HeldMove(app)
    app.tap("6D")
    app.page.wait_for_function(
        "() => document.querySelector('#board .foundation[data-suit=\"D\"]')"
        ".getAttribute('aria-owns')?.includes(document.querySelector('[data-card=\"6D\"]').id)"
    )
    app.settle()
    assert owned_faces(app.foundation("D"))[-1] == "6D"
    assert app.drawn_columns()[2]["cards"][-1] == "7S"
    assert app.version() == before["version"] + 1
    held.answer()
    app.wait_idle()
    state = app.state()
    assert state["record"].endswith("6D>F 6D>3 6D>F")
    assert app.drawn_columns() == state["columns"]


# Each frame, the card's centre, until tracking stops.
_TRACK_CENTRE = """(code) => {
    window.tracking = true;
    window.centres = [];
    const card = document.querySelector(`#board .card.face[data-card="${code}"]`);
    const track = () => {
        if (!window.tracking) return;
        const box = card.getBoundingClientRect();
        window.centres.push([box.x + box.width / 2, box.y + box.height / 2]);
        requestAnimationFrame(track);
    };
    requestAnimationFrame(track);
}"""


def _centre(box: dict[str, float]) -> tuple[float, float]:
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _farthest_off_the_way(
    app: AppPage, start: tuple[float, float], end: tuple[float, float]
) -> float:
    """Stop tracking: how far the centres tracked strayed from the way from *start* to *end*."""
    centres: list[list[float]] = app.page.evaluate(
        "() => { window.tracking = false; return window.centres; }"
    )
    assert centres
    way = (end[0] - start[0], end[1] - start[1])
    length = way[0] ** 2 + way[1] ** 2
    farthest = 0.0
    for x, y in centres:
        along = ((x - start[0]) * way[0] + (y - start[1]) * way[1]) / length if length else 0.0
        along = min(1.0, max(0.0, along))
        off = math.hypot(x - start[0] - along * way[0], y - start[1] - along * way[1])
        farthest = max(farthest, off)
    return farthest


def test_held_cards_stay_under_the_pointer_and_slide_on_from_where_they_were_let_go(
    open_app: OpenApp,
) -> None:
    """10♥, held by its index, is carried across the board: its centre moves as
    far as the pointer, however far (it is drawn larger while held, around its
    centre), and when let go on J♠ it slides from there straight to its place."""
    app = open_app()
    app.open_deal("YU1-C-AACRWEA")
    start, end = app.grip("TH"), app.drop_point("1", "TH")
    assert math.hypot(end[0] - start[0], end[1] - start[1]) > 300
    home = _centre(app.box(app.card("TH")))
    app.mouse_drag(start, end, release=False)
    held = _centre(app.box(app.card("TH")))
    assert held[0] - home[0] == pytest.approx(end[0] - start[0], abs=1)
    assert held[1] - home[1] == pytest.approx(end[1] - start[1], abs=1)
    app.page.evaluate(_TRACK_CENTRE, "TH")
    app.page.mouse.up()
    app.wait_idle()
    assert app.state()["record"] == "YU1-C-AACRWEA TH>1"
    placed = _centre(app.box(app.card("TH")))
    assert _farthest_off_the_way(app, held, placed) < 2


def test_a_drop_made_while_an_earlier_move_awaits_its_answer_goes_straight_on(
    open_app: OpenApp,
) -> None:
    """Q♣ is dropped on column 5 while the answer to 10♥'s move is still on its
    way: its move is decided once that answer comes, and drawn with it, so that
    Q♣ goes straight from where it was let go to its place, never a frame back
    towards where it was picked up first."""
    app = open_app()
    before = app.open_deal("YU1-C-AACRWEA")
    held = _HeldMove(app)
    app.drag("TH", "1")
    _wait_drawn(app, 1, before["columns"][3]["cards"][-1])
    home = _centre(app.box(app.card("QC")))
    app.drag("QC", "5")
    assert app.page.locator('#board .card.dragging[data-card="QC"]').count() == 1
    let_go = _centre(app.box(app.card("QC")))
    assert math.hypot(let_go[0] - home[0], let_go[1] - home[1]) > 100
    app.page.evaluate(_TRACK_CENTRE, "QC")
    held.answer()
    app.wait_idle()
    assert app.state()["record"] == "YU1-C-AACRWEA TH>1 QC>5"
    assert app.drawn_columns() == app.state()["columns"]
    placed = _centre(app.box(app.card("QC")))
    assert _farthest_off_the_way(app, let_go, placed) < 2
