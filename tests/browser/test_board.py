"""The board as drawn: the server's state exactly, on phone and desktop sizes,
with no horizontal scrolling, no cut-off card and a readable index on every
overlapped card."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import OWNED_JS, AppPage, stuck_line
from yukon.engine import Game

pytestmark = pytest.mark.browser

# The Examples page's line on YU1-C-AACRWEA: after 21 moves column 1 holds 17 cards.
LONG_COLUMN = [
    "QC>5", "TD>1", "9S>4", "8S>5", "TS>1", "6S>7", "8C>4", "QH>1", "5S>4", "3D>6", "AC>F",
    "AD>F", "2D>F", "2C>6", "3C>2", "2C>F", "3C>F", "3D>F", "4C>F", "KH>3", "7D>1",
]  # fmt: skip

SIZES = [(360, 640), (390, 844), (1280, 800), (1920, 1080)]


def test_the_deal_is_drawn_as_the_server_sends_it(open_app: OpenApp) -> None:
    app = open_app("/play/YU1-C-AAAAAAB")
    assert app.page.url.endswith("/"), "the link's code is not left in the address"
    state = app.state()
    assert state["code"] == "YU1-C-AAAAAAB"
    assert app.drawn_columns() == state["columns"]
    expected = Game.from_code("YU1-C-AAAAAAB")
    assert [column["hidden"] for column in app.drawn_columns()] == list(expected.hidden)
    marks = app.page.locator("#board .foundation .mark").all_inner_texts()
    assert marks == ["♠", "♥", "♦", "♣"]
    assert app.page.locator("#board .info .code").inner_text() == "YU1-C-AAAAAAB"
    seven = app.card("7H")
    assert seven.locator(".index").inner_text().replace("\n", "") == "7♥"
    assert "red" in (seven.get_attribute("class") or "")


def _check_fits(app: AppPage, width: int, height: int) -> None:
    page = app.page
    state = app.state()
    in_columns = sum(column["hidden"] + len(column["cards"]) for column in state["columns"])
    on_foundations = sum(min(2, foundation["height"]) for foundation in state["foundations"])
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, "horizontal scrolling"
    boxes = page.evaluate(
        """[...document.querySelectorAll('#board .card')].map(card => {
            const box = card.getBoundingClientRect();
            return [box.left, box.top, box.right, box.bottom];
        })"""
    )
    assert len(boxes) == in_columns + on_foundations
    for left, top, right, bottom in boxes:
        assert left >= 0, "a card is cut off at the side"
        assert right <= width, "a card is cut off at the side"
        assert top >= 0, "a card is cut off at the top"
        assert bottom <= height + 0.5, "a card is cut off at the bottom"


def _check_readable_strips(app: AppPage) -> None:
    """Each face-up card that another covers shows its whole index."""
    hidden_parts = app.page.evaluate(
        f"""[...document.querySelectorAll('#board .column')].flatMap(column => {{
            const faces = ({OWNED_JS})(column).filter(card => card.matches('.face'));
            return faces.slice(0, -1).map((card, i) => {{
                const index = card.querySelector('.index').getBoundingClientRect();
                const next = faces[i + 1].getBoundingClientRect();
                return [card.dataset.card, index.bottom - next.top, index.height];
            }});
        }})"""
    )
    for card, overlap, index_height in hidden_parts:
        assert overlap <= 0.5, f"the index of {card} is covered"
        assert index_height >= 12, f"the index of {card} is too small to read"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_layout_fits_and_stays_readable(
    open_app: OpenApp, screenshots: Path, width: int, height: int
) -> None:
    touch = width < 600
    app = open_app(viewport={"width": width, "height": height}, touch=touch)
    app.open_deal("YU1-C-AACRWEA")
    _check_fits(app, width, height)
    _check_readable_strips(app)
    app.page.screenshot(path=screenshots / f"board-{width}x{height}.png")
    for button in app.page.locator(".bar .tool").all():
        if button.is_visible():
            box = app.box(button)
            assert box["height"] >= 40, "a button too small for a thumb"
            assert box["width"] >= 40, "a button too small for a thumb"


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800)])
def test_a_long_column_tightens_to_fit(
    open_app: OpenApp, screenshots: Path, width: int, height: int
) -> None:
    app = open_app(viewport={"width": width, "height": height}, touch=width < 600)
    state = app.open_deal("YU1-C-AACRWEA", LONG_COLUMN)
    assert len(state["columns"][0]["cards"]) == 17
    _check_fits(app, width, height)
    _check_readable_strips(app)
    app.page.screenshot(path=screenshots / f"long-column-{width}x{height}.png")


def test_resizing_the_window_lays_the_board_out_again(open_app: OpenApp) -> None:
    app = open_app(viewport={"width": 1280, "height": 800})
    app.open_deal("YU1-C-AACRWEA")
    wide = app.box(app.card("JS"))["width"]
    app.page.set_viewport_size({"width": 400, "height": 700})
    app.page.wait_for_function(
        "() => document.querySelector('#board .card.face').getBoundingClientRect().width < 60"
    )
    _check_fits(app, 400, 700)
    assert app.box(app.card("JS"))["width"] < wide


def _offsets(app: AppPage, number: int, kind: str = "face") -> list[float]:
    """The distances between the tops of the face-up (or, with *kind* ``back``,
    the face-down) cards of column *number*."""
    tops: list[float] = app.column(number).evaluate(
        f"""column => ({OWNED_JS})(column).filter(card => card.matches('.{kind}'))
            .map(card => card.getBoundingClientRect().top)"""
    )
    return [below - above for above, below in pairwise(tops)]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 640)])
def test_a_phone_held_upright_spreads_the_columns_over_its_height(
    open_app: OpenApp, width: int, height: int
) -> None:
    app = open_app(viewport={"width": width, "height": height}, touch=True)
    app.open_deal("YU1-C-AACRWEA")
    card = app.box(app.card("7H"))["height"]
    assert min(_offsets(app, 7)) >= 0.7 * card, "most of each overlapped card shows"
    assert min(_offsets(app, 7, "back")) >= 0.2 * card, "the face-down strips spread too"
    _check_fits(app, width, height)


def test_a_phone_held_sideways_puts_the_foundations_beside_the_columns(
    open_app: OpenApp, screenshots: Path
) -> None:
    app = open_app(viewport={"width": 844, "height": 390}, touch=True)
    app.open_deal("YU1-C-AACRWEA")
    columns_right = app.box(app.column(7))["x"] + app.box(app.column(7))["width"]
    assert all(app.box(app.foundation(suit))["x"] > columns_right for suit in "SHDC")
    assert app.box(app.card("7H"))["width"] >= 58, "the cards use the width"
    _check_fits(app, 844, 390)
    _check_readable_strips(app)
    app.page.screenshot(path=screenshots / "board-844x390.png")


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844), (1280, 800)])
def test_only_a_long_column_tightens(open_app: OpenApp, width: int, height: int) -> None:
    app = open_app(viewport={"width": width, "height": height}, touch=width < 600)
    app.open_deal("YU1-C-AACRWEA")
    card = app.box(app.card("JS"))["width"]
    info = app.page.locator("#board .info-slot").evaluate("node => getComputedStyle(node).fontSize")
    app.play_api(LONG_COLUMN)
    app.reload()
    assert app.box(app.card("JS"))["width"] == card, "the cards keep their size"
    assert (
        app.page.locator("#board .info-slot").evaluate("node => getComputedStyle(node).fontSize")
        == info
    )
    assert max(_offsets(app, 1)) <= min(_offsets(app, 5)), "the long column is the tight one"
    _check_fits(app, width, height)
    _check_readable_strips(app)


def _covered_cards(app: AppPage, notice: str) -> list[str]:
    covered: list[str] = app.page.evaluate(
        """selector => {
            const notice = document.querySelector(selector).getBoundingClientRect();
            return [...document.querySelectorAll('#board .card')].filter(card => {
                const box = card.getBoundingClientRect();
                return box.bottom > notice.top && box.top < notice.bottom &&
                    box.right > notice.left && box.left < notice.right;
            }).map(card => card.dataset.card ?? 'face-down');
        }""",
        notice,
    )
    return covered


def test_a_message_never_covers_a_card(open_app: OpenApp) -> None:
    app = open_app(viewport={"width": 360, "height": 640}, touch=True)
    app.open_deal("YU1-C-AACRWEA", LONG_COLUMN)
    state = app.state()
    assert "TH" not in state["double_tap"], app.drawn_columns()
    app.double_tap("TH", touch=True)
    app.message()
    app.page.wait_for_function(
        """() => {
            const top = document.querySelector('#message').getBoundingClientRect().top;
            return [...document.querySelectorAll('#board .card')]
                .every(card => card.getBoundingClientRect().bottom <= top);
        }"""
    )
    assert _covered_cards(app, "#message") == []


def test_the_no_move_notice_never_covers_a_card(open_app: OpenApp) -> None:
    app = open_app(viewport={"width": 360, "height": 640}, touch=True)
    code, line = stuck_line()
    app.open_deal(code, line)
    app.page.locator("#notice").wait_for(state="visible")
    assert _covered_cards(app, "#notice") == []


@pytest.mark.parametrize(
    ("language", "index"), [("en", "J♠"), ("sk", "V♠"), ("hu", "B♠"), ("ru", "В♠")]
)
def test_card_indices_use_the_letters_of_the_languages_decks(
    open_app: OpenApp, language: str, index: str
) -> None:
    app = open_app(f"/play/YU1-C-AACRWEA?lang={language}")
    assert app.card("JS").locator(".index").inner_text().replace("\n", "") == index
