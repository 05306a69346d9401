"""The board at every size from a small phone to a large monitor, upright and
sideways (issue 34): every column's last card whole on the screen with the
toolbar in sight and nothing to scroll, a very long column squeezing a run of
its cards that opens where it is touched or focused, the foundations and the
info beside the columns where the window is wide (on the left for a
left-handed player), the columns spanning most of a desktop's width, strips
that cut no pip, and court pictures in the four-colour deck's colours. The
screenshots (screenshots/layout/) are for a person to look at."""

from __future__ import annotations

import base64
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import OWNED_JS, AppPage

pytestmark = pytest.mark.browser

# From the deal, four moves make column 2 hold 1 face-down and 23 face-up cards.
LONG_CODE = "YU1-C-AAAAAAB"
LONG_LINE = ["6D>7", "TS>2", "8C>2", "5H>2"]
SIZES = [
    (360, 640), (390, 844), (640, 360), (667, 375), (844, 390), (1024, 768), (1280, 800),
    (1366, 768), (1920, 1080), (2560, 1440),
]  # fmt: skip

# Each column's cards as drawn, bottom first: the card, its box, whether it is
# squeezed, and its index's box and visibility.
_COLUMNS_JS = f"""() => [...document.querySelectorAll('#board .column')].map(column =>
    ({OWNED_JS})(column).map(card => {{
        const box = card.getBoundingClientRect();
        const index = card.querySelector('.index');
        const mark = index ? index.getBoundingClientRect() : box;
        return {{
            card: card.dataset.card ?? null, top: box.top, bottom: box.bottom,
            left: box.left, right: box.right, squeezed: card.matches('.squeezed'),
            indexBottom: mark.bottom, indexShown: !!index && index.checkVisibility(
                {{visibilityProperty: true}}),
        }};
    }}))"""


def drawn(app: AppPage) -> list[list[dict[str, Any]]]:
    columns: list[list[dict[str, Any]]] = app.page.evaluate(_COLUMNS_JS)
    return columns


def check_in_sight(app: AppPage) -> list[list[dict[str, Any]]]:
    """Every card on the screen (every column's last one whole), the toolbar
    in sight, nothing to scroll, and every overlapped card's index whole but
    for a squeezed card's, which is not drawn. Returns the columns as drawn."""
    page = app.page
    width, height = page.evaluate("[innerWidth, innerHeight]")
    scroll = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"
    )
    assert scroll == [width, height], "the page scrolls"
    bar = app.box(page.locator(".bar"))
    assert bar["y"] >= 0
    assert bar["y"] + bar["height"] <= height
    for tool in page.locator(".bar .tool").all():
        if tool.is_visible():
            box = app.box(tool)
            assert 0 <= box["x"] <= box["x"] + box["width"] <= width
    columns = drawn(app)
    for number, cards in enumerate(columns, start=1):
        for card in cards:
            assert 0 <= card["left"] <= card["right"] <= width, f"column {number} off the side"
            assert 0 <= card["top"] <= card["bottom"] <= height + 0.5, f"column {number}: {card}"
        faces = [card for card in cards if card["card"]]
        for card, above in pairwise(faces):
            if card["squeezed"]:
                assert not card["indexShown"], f"the sliver of {card['card']}'s index"
            else:
                assert card["indexShown"]
                assert card["indexBottom"] <= above["top"] + 0.5, f"{card['card']}'s index is cut"
        if faces:
            assert not faces[-1]["squeezed"]
    for suit in "SHDC":
        box = app.box(app.foundation(suit))
        assert box["y"] + box["height"] <= height
        assert box["x"] + box["width"] <= width
    return columns


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_last_card_lies_whole_on_the_screen(
    open_app: OpenApp, screenshots: Path, width: int, height: int
) -> None:
    touch = min(width, height) < 600
    app = open_app(viewport={"width": width, "height": height}, touch=touch)
    folder = screenshots / "layout"
    folder.mkdir(exist_ok=True)
    app.open_deal(LONG_CODE)
    check_in_sight(app)
    app.page.screenshot(path=folder / f"{width}x{height}-deal.png")
    state = app.open_deal(LONG_CODE, LONG_LINE)
    assert (state["columns"][1]["hidden"], len(state["columns"][1]["cards"])) == (1, 23)
    check_in_sight(app)
    assert app.drawn_columns() == state["columns"], "every card is still in its column"
    app.page.screenshot(path=folder / f"{width}x{height}-long.png")


def _squeezed(app: AppPage, number: int) -> list[str]:
    return [card["card"] for card in drawn(app)[number - 1] if card["squeezed"]]


def _sliver(app: AppPage, code: str) -> tuple[float, float]:
    """A point on the edge a squeezed card shows."""
    box = app.box(app.card(code))
    return (box["x"] + box["width"] / 2, box["y"] + 1)


@pytest.mark.parametrize(("width", "height"), [(844, 390), (1280, 800)])
def test_a_squeezed_run_opens_where_it_is_touched(
    open_app: OpenApp, screenshots: Path, width: int, height: int
) -> None:
    touch = height < 600
    app = open_app(viewport={"width": width, "height": height}, touch=touch)
    state = app.open_deal(LONG_CODE, LONG_LINE)
    squeezed = _squeezed(app, 2)
    assert squeezed, "the long column squeezes a run"
    assert squeezed == state["columns"][1]["cards"][: len(squeezed)], "next to the face-down card"
    touched = squeezed[len(squeezed) // 2]
    point = _sliver(app, touched)
    if touch:
        app.page.touchscreen.tap(*point)
    else:
        app.page.mouse.click(*point)
    app.page.wait_for_function(
        "code => !document.querySelector(`#board .card[data-card='${code}']`).matches('.squeezed')",
        arg=touched,
    )
    app.settle()
    columns = check_in_sight(app)
    run = [card["card"] for card in columns[1] if card["squeezed"]]
    assert touched not in run
    assert len(run) == len(squeezed), "as many cards squeezed, elsewhere"
    assert app.state()["version"] == state["version"], "the touch played nothing"
    assert app.drawn_columns() == state["columns"]
    app.page.screenshot(path=screenshots / "layout" / f"{width}x{height}-opened.png")


def test_the_keyboard_opens_a_squeezed_run_at_the_card_it_focuses(open_app: OpenApp) -> None:
    app = open_app(viewport={"width": 844, "height": 390}, touch=True)
    state = app.open_deal(LONG_CODE, LONG_LINE)
    cards = state["columns"][1]["cards"]
    assert _squeezed(app, 2)
    page = app.page
    page.keyboard.press("2")
    # Up the column to its first face-up card: the focused card always shows its index.
    for code in reversed(cards):
        page.wait_for_function("code => document.activeElement.dataset.card === code", arg=code)
        page.wait_for_function(
            "(card => !card.matches('.squeezed') &&"
            " card.querySelector('.index').checkVisibility({visibilityProperty: true}))"
            "(document.activeElement)"
        )
        app.settle()
        check_in_sight(app)
        page.keyboard.press("ArrowUp")
    # A screen reader still meets every card in its column, in order.
    assert app.drawn_columns() == state["columns"]


@pytest.mark.parametrize(("width", "height"), [(667, 375), (844, 390)])
@pytest.mark.parametrize("hand", ["right", "left"])
def test_sideways_the_foundations_and_the_info_go_beside_the_columns(
    open_app: OpenApp, screenshots: Path, width: int, height: int, hand: str
) -> None:
    app = open_app(viewport={"width": width, "height": height}, touch=True)
    app.open_deal(LONG_CODE)
    app.set_setting(left_handed=hand == "left")
    page = app.page
    first, last = app.box(app.column(1)), app.box(app.column(7))
    beside = [app.box(app.foundation(suit)) for suit in "SHDC"]
    beside.append(app.box(page.locator("#board .info-slot")))
    if hand == "right":
        assert all(box["x"] >= last["x"] + last["width"] for box in beside)
    else:
        assert all(box["x"] + box["width"] <= first["x"] for box in beside)
    places = [(round(box["y"]), box["x"]) for box in beside[:4]]
    assert places == sorted(places), "♠ ♥ / ♦ ♣"
    assert (last["x"] + last["width"] - first["x"]) / width >= 0.7, "the columns take the rest"
    assert app.box(app.card("7H"))["width"] >= 60
    check_in_sight(app)
    page.screenshot(path=screenshots / "layout" / f"{width}x{height}-{hand}-handed.png")


def _tops(app: AppPage, number: int) -> list[float]:
    tops: list[float] = app.column(number).evaluate(
        f"column => ({OWNED_JS})(column).map(card => card.getBoundingClientRect().top)"
    )
    return tops


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1920, 1080)])
def test_a_desktops_columns_span_most_of_its_width(
    open_app: OpenApp, width: int, height: int
) -> None:
    app = open_app(viewport={"width": width, "height": height})
    app.open_deal(LONG_CODE)
    first, last = app.box(app.column(1)), app.box(app.column(7))
    assert (last["x"] + last["width"] - first["x"]) / width >= 0.7
    card, untouched = app.box(app.card("7H"))["width"], _tops(app, 4)
    app.play_api(LONG_LINE)
    app.reload()
    assert app.box(app.card("7H"))["width"] == card, "no card shrinks"
    assert _tops(app, 4) == untouched, "only the long column tightens"
    check_in_sight(app)


# Every pip and court picture drawn on a face-up card that another covers, and
# where the next card's edge lies.
_CUT_JS = f"""() => [...document.querySelectorAll('#board .column')].flatMap(column => {{
    const faces = ({OWNED_JS})(column).filter(card => card.matches('.face'));
    return faces.flatMap((card, i) => {{
        const edge = i + 1 < faces.length ? faces[i + 1].getBoundingClientRect().top : Infinity;
        return [...card.querySelectorAll('.pip, .court-frame')]
            .filter(part => part.checkVisibility({{visibilityProperty: true}}))
            .map(part => [card.dataset.card, part.getBoundingClientRect().bottom, edge]);
    }});
}})"""


def _check_no_cut(app: AppPage) -> None:
    parts: list[tuple[str, float, float]] = app.page.evaluate(_CUT_JS)
    cut = [(card, bottom, edge) for card, bottom, edge in parts if bottom > edge + 0.5]
    assert cut == []
    # A last card shows all of its own: 7♥ all seven pips, K♠ its picture.
    assert sum(1 for card, _, _ in parts if card == "7H") == 7
    assert any(card == "KS" for card, _, _ in parts)


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (844, 390), (1280, 800)])
def test_a_strip_cuts_no_pip_nor_picture(open_app: OpenApp, width: int, height: int) -> None:
    touch = min(width, height) < 600
    app = open_app(viewport={"width": width, "height": height}, touch=touch)
    app.open_deal(LONG_CODE)
    _check_no_cut(app)
    # Turned the other way, the board is laid out anew: so is what each strip shows.
    card = app.box(app.card("7H"))["width"]
    app.page.set_viewport_size({"width": height, "height": width})
    app.page.wait_for_function(
        "width => document.querySelector('#board .card.face').offsetWidth !== width",
        arg=card,
    )
    app.settle()
    _check_no_cut(app)


# How many pixels of an image (a PNG) lie near a colour.
_COUNT_JS = """async ([data, [r, g, b]]) => {
    const bytes = Uint8Array.from(atob(data), c => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4) {
        const [red, green, blue] = pixels.subarray(i, i + 3);
        if (Math.abs(red - r) + Math.abs(green - g) + Math.abs(blue - b) < 60) count++;
    }
    return count;
}"""
BLUE, GREEN = (23, 71, 194), (19, 112, 58)
# J♦ and Q♣ lie last in their columns, their pictures whole; so does J♥.
COURTS_CODE = "YU1-C-AAAAABA"
PICTURES = [("JD", BLUE), ("QC", GREEN), ("JH", BLUE), ("JH", GREEN)]


def _picture_pixels(app: AppPage, card: str, colour: tuple[int, int, int]) -> int:
    picture = app.card(card).locator(".court-frame img:visible")
    picture.evaluate("image => image.decode()")
    data = base64.b64encode(picture.screenshot()).decode("ascii")
    count: int = app.page.evaluate(_COUNT_JS, [data, list(colour)])
    return count


def test_four_colour_court_pictures(open_app: OpenApp, screenshots: Path) -> None:
    app = open_app()
    app.open_deal(COURTS_CODE)
    before = [_picture_pixels(app, card, colour) for card, colour in PICTURES]
    app.set_setting(four_color=True)
    after = [_picture_pixels(app, card, colour) for card, colour in PICTURES]
    # The pictures draw blue lines of their own; the suits add hundreds of pixels.
    assert after[0] > before[0] + 200, "the diamonds in J♦'s picture are blue"
    assert after[1] > before[1] + 200, "the clubs in Q♣'s picture are green"
    assert after[2:] == before[2:], "J♥'s picture is as it was"
    app.page.screenshot(path=screenshots / "layout" / "four-colour-courts.png")
