"""Motion: a card that turns over flips, a picked-up group lifts at once (the
card under it shows whole), the place a drag would drop on is marked, and a win
ends with a celebration. Every step but the celebration takes at most 200 ms,
and none of it moves under reduced motion."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, owned_cards
from tests.web.helpers import WIN_CODE, WIN_LINE

pytestmark = pytest.mark.browser

DEAL = "YU1-C-AACRWEA"

_RECORD_ANIMATIONS = """() => {
  window.animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.animations.push({
      card: this.dataset.card ?? null,
      duration: typeof options === "number" ? options : options.duration,
      first: JSON.stringify(keyframes[0] ?? {}),
    });
    return animate.call(this, keyframes, options);
  };
}"""


def _animations(app: AppPage) -> list[dict[str, Any]]:
    recorded: list[dict[str, Any]] = app.page.evaluate("window.animations")
    return recorded


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced"])
def test_a_card_that_turns_over_flips(open_app: OpenApp, reduced: bool) -> None:
    app = open_app(reduced_motion=reduced)
    before = app.open_deal(DEAL)
    app.page.evaluate(_RECORD_ANIMATIONS)
    app.drag("TH", "1")
    app.wait_version(before["version"] + 1)
    assert app.state()["columns"][3]["cards"] == ["AS"]
    flips = [a for a in _animations(app) if a["card"] == "AS" and "rotateY" in a["first"]]
    if reduced:
        assert _animations(app) == []
    else:
        assert len(flips) == 1
        assert max(a["duration"] for a in _animations(app)) <= 200


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced"])
def test_a_picked_up_group_lifts(open_app: OpenApp, reduced: bool) -> None:
    """Every picked-up card is lifted (grown and shadowed) at once, in the
    pick-up's own frame: no transition runs, with motion or without (a lift
    that grew over 120 ms restyled the lifted cards in every frame of it)."""
    app = open_app(reduced_motion=reduced)
    app.open_deal(DEAL)
    app.page.evaluate(
        """() => {
            window.transitions = [];
            document.addEventListener("transitionrun", (event) => {
                window.transitions.push([event.target.dataset.card, event.propertyName]);
            });
        }"""
    )
    start = app.grip("TD")
    app.mouse_drag(start, (start[0] + 40, start[1] + 80), release=False)
    lifted = app.page.eval_on_selector_all(
        "#board .card.dragging",
        """cards => cards.map(card => {
            const grown = card.getBoundingClientRect().width / card.offsetWidth;
            return [card.dataset.card, grown.toFixed(2), getComputedStyle(card).boxShadow];
        })""",
    )
    assert [card for card, _, _ in lifted] == ["TD", "5H", "JD", "8S"]
    assert {scale for _, scale, _ in lifted} == {"1.05"}
    assert {shadow for _, _, shadow in lifted} == {"rgba(0, 0, 0, 0.4) 0px 10px 24px 0px"}
    assert app.page.evaluate("document.getAnimations().length") == 0
    assert app.page.evaluate("window.transitions") == []
    app.page.mouse.up()


def _foot_shown(app: AppPage, card: str) -> bool:
    shown: bool = (
        app.card(card)
        .locator(".foot")
        .evaluate("foot => getComputedStyle(foot).visibility === 'visible'")
    )
    return shown


def test_the_card_under_a_dragged_group_shows_whole(open_app: OpenApp) -> None:
    """A covered card's hidden parts show while the cards on it are dragged
    away, and hide again once they are back."""
    app = open_app()
    app.open_deal(DEAL)
    assert not _foot_shown(app, "TH")
    start = app.grip("TD")
    app.mouse_drag(start, (start[0] + 40, start[1] + 80), release=False)
    assert app.page.locator("#board .card.dragging").count() == 4
    assert _foot_shown(app, "TH")
    app.page.mouse.move(*start, steps=4)
    app.page.mouse.up()
    app.wait_idle()
    assert app.page.locator("#board .card.dragging").count() == 0
    assert not _foot_shown(app, "TH")


def test_a_focused_card_keeps_the_focus_while_dragged(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    app.card("TD").focus()
    focused = "() => document.activeElement?.dataset.card ?? null"
    start = app.grip("TD")
    app.mouse_drag(start, (start[0] + 40, start[1] + 80), release=False)
    assert app.page.evaluate(focused) == "TD"
    app.page.mouse.move(*start, steps=4)
    app.page.mouse.up()
    app.wait_idle()
    assert app.page.evaluate(focused) == "TD"


def _marked(app: AppPage) -> list[tuple[str, bool]]:
    marked: list[list[Any]] = app.page.eval_on_selector_all(
        "#board .slot.over",
        "slots => slots.map(slot => [slot.dataset.target, slot.classList.contains('allowed')])",
    )
    return [(str(target), bool(allowed)) for target, allowed in marked]


def test_the_place_under_the_dragged_cards_is_marked(open_app: OpenApp) -> None:
    app = open_app()
    state = app.open_deal(DEAL)
    card, target = sorted(state["double_tap"].items())[0]
    other = next(str(n) for n in range(1, 8) if str(n) not in state["targets"][card])
    start = app.grip(card)
    app.mouse_drag(start, app.drop_point(target, card), release=False)
    assert _marked(app) == [(target, True)]
    outline = app.box(app.column(int(target)))
    cards = owned_cards(app.column(int(target)))
    first, last = app.box(cards[0]), app.box(cards[-1])
    # The cards lie on whole pixels, as the page draws the outline's edges.
    assert outline["y"] == pytest.approx(first["y"], abs=0.5)
    assert outline["y"] + outline["height"] == pytest.approx(last["y"] + last["height"], abs=1)
    app.page.mouse.move(*app.drop_point(other, card), steps=4)
    app.page.wait_for_selector(f'#board .slot.over[data-target="{other}"]')
    assert _marked(app) == [(other, False)]
    app.page.mouse.move(*start, steps=4)
    app.page.mouse.up()
    app.wait_idle()
    assert app.page.locator("#board .slot.over").count() == 0


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced"])
def test_a_win_ends_with_a_celebration(open_app: OpenApp, reduced: bool) -> None:
    app = open_app(reduced_motion=reduced)
    app.open_deal(WIN_CODE, list(WIN_LINE[:-1]))
    app.page.evaluate(_RECORD_ANIMATIONS)
    app.tap(WIN_LINE[-1].split(">")[0])
    app.page.locator("#dlg-win").wait_for(state="visible")
    flights = [a for a in _animations(app) if a["duration"] > 200]
    if reduced:
        assert _animations(app) == []
    else:
        assert len(flights) == 52, "every card bounces away"
        assert {a["card"] for a in flights} == {str(card) for card in _deck()}
    assert app.page.locator(".celebration").count() == 0


def _deck() -> list[str]:
    return [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
