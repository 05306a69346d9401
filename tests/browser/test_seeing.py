"""Other ways to see the game (SPEC §7): the four-colour deck and the left-handed
layout, kept as the player's settings, and a focus that is always visible. The
screenshots (screenshots/seeing/) are for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, owned_cards
from tests.browser.test_keyboard import CODE

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
BLUE, GREEN = "rgb(23, 71, 194)", "rgb(19, 112, 58)"


def _foundations_offset(app: AppPage) -> float:
    """How far right of the board's middle the foundations' middle lies (left: below 0)."""
    boxes = [app.box(app.foundation(suit)) for suit in "SHDC"]
    middle = sum(box["x"] + box["width"] / 2 for box in boxes) / len(boxes)
    board = app.box(app.page.locator("#board"))
    return middle - (board["x"] + board["width"] / 2)


def _in_reading_order(app: AppPage) -> bool:
    """Whether the foundations read ♠ ♥ ♦ ♣ row by row (a row, or two rows of two)."""
    places = [(round(box["y"]), box["x"]) for box in (app.box(app.foundation(s)) for s in "SHDC")]
    return places == sorted(places)


def _colour(page: Page, selector: str) -> str:
    colour: str = page.evaluate(f"getComputedStyle(document.querySelector('{selector}')).color")
    return colour


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("language", ["en", "is"])
def test_four_colours_left_handed_and_a_visible_focus(
    open_app: OpenApp, screenshots: Path, language: str, size: str
) -> None:
    app = open_app(f"/play/{CODE}?lang={language}", viewport=SIZES[size])
    page = app.page
    folder = screenshots / "seeing"
    folder.mkdir(exist_ok=True)
    page.keyboard.press("4")
    page.keyboard.press("ArrowUp")
    page.screenshot(path=folder / f"{language}-{size}-focus.png")
    assert _foundations_offset(app) > 0, "the foundations lie on the right"
    app.set_setting(four_color=True, left_handed=True)
    page.keyboard.press("4")
    page.keyboard.press("ArrowUp")
    focused = page.evaluate(
        "(() => { const node = document.activeElement, style = getComputedStyle(node);"
        " return [node.dataset.card, style.outlineStyle, style.outlineWidth]; })()"
    )
    assert focused == ["JD", "solid", "3px"]
    # ♦ blue, ♣ green, ♥ still red, ♠ still black.
    assert _colour(page, '#board .card[data-card="TD"]') == BLUE
    assert _colour(page, '#board .card[data-card="8C"]') == GREEN
    assert _colour(page, '#board .card[data-card="5H"]') == "rgb(196, 15, 42)"
    assert _colour(page, '#board .card[data-card="8S"]') == "rgb(27, 27, 27)"
    # The foundations go to the left, in their order.
    assert _foundations_offset(app) < 0
    assert _in_reading_order(app)
    page.screenshot(path=folder / f"{language}-{size}-four-colours-left-handed.png")


def test_the_cards_follow_their_places_when_the_hand_changes(open_app: OpenApp) -> None:
    """Left-handed, switched on in the Settings window, moves the foundations to
    the left at once; the cards, drawn in a layer of their own, move with them."""
    app = open_app()
    app.open_deal("YU1-C-AACRWEA", ["TH>1", "AS>F"])
    page = app.page
    page.click("#menu summary")
    page.click("#btn-settings")
    dialog = page.locator("#dlg-settings")
    dialog.wait_for(state="visible")
    dialog.locator('input[name="left_handed"]').check()
    page.wait_for_function("() => document.body.classList.contains('left-handed')")
    place, card = app.box(app.foundation("S")), app.box(app.card("AS"))
    assert (card["x"], card["y"]) == pytest.approx((place["x"], place["y"]), abs=0.5)
    for number in range(1, 8):
        column = app.box(app.column(number))
        bottom = app.box(owned_cards(app.column(number))[0])
        assert (bottom["x"], bottom["y"]) == pytest.approx((column["x"], column["y"]), abs=0.5)
