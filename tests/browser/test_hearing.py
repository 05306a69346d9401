"""What a screen reader meets on the board (SPEC §7): an application that takes
screen readers out of browse mode by itself, columns and foundations as named
groups with their counts, cards by a name that holds the label they show, and a
polite live region that says every move, turned card, score change and refusal,
where picked-up cards may go and whether the place under the focus takes them,
in the player's language, with suits in words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.lists import format_list
from playwright.sync_api import expect

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, State
from tests.browser.keyboard import (
    announced,
    card_label,
    card_name,
    expected_words,
    focus_card,
    focused_card,
    play_move,
)
from tests.browser.test_keyboard import CODE, OPENING
from yukon.i18n import BABEL_LOCALES, translate

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "sk"]
SUIT_SYMBOLS = re.compile("[♠♥♦♣]")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_is_announced(open_app: OpenApp, language: str) -> None:
    app = open_app(f"/play/{CODE}?lang={language}")
    region = app.page.locator("#announcer")
    assert region.get_attribute("aria-live") == "polite"
    before = app.state()
    # The opening moves: single cards and groups, turned cards, the foundations, the score.
    for move in OPENING:
        after = play_move(app, move)
        assert announced(app) == expected_words(language, before, after, move), move
        before = after


def _group(language: str, number: int, cards: list[str], hidden: int) -> str:
    """The aria snapshot of a column: its name with its counts, then its cards."""
    name = ", ".join(
        [
            translate(language, "board.column", number=number),
            translate(language, "board.cards", count=hidden + len(cards)),
            *([translate(language, "board.face_down", count=hidden)] if hidden else []),
        ]
    )
    lines = [f'- group "{name}":']
    lines += [f'  - img "{translate(language, "card.face_down")}"'] * hidden
    lines += [f'  - button "{card_label(language, card)}"' for card in cards]
    return "\n".join(lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_columns_and_foundations_are_named_groups(open_app: OpenApp, language: str) -> None:
    app = open_app(f"/play/{CODE}?lang={language}")
    state = app.state()
    for number, column in enumerate(state["columns"], start=1):
        expected = _group(language, number, column["cards"], column["hidden"])
        assert app.column(number).aria_snapshot() == expected
    # "Column 3, 7 cards, 2 face down", as SPEC §7 writes it.
    if language == "en":
        assert app.column(3).get_attribute("aria-label") == "Column 3, 7 cards, 2 face down"
        assert app.card("AC").get_attribute("aria-label") == "A, ace of clubs"
        assert app.card("8C").get_attribute("aria-label") == "8 of clubs"
    for move in OPENING[:2]:
        play_move(app, move)
    spades = translate(language, "board.foundation", suit=translate(language, "card.suit.S"))
    one = translate(language, "board.cards", count=1)
    assert app.foundation("S").aria_snapshot() == (
        f'- group "{spades}, {one}":\n  - button "{card_label(language, "AS")}"'
    )


def _tree(app: AppPage) -> list[dict[str, Any]]:
    """Chromium's accessibility tree: what a screen reader is given."""
    session = app.page.context.new_cdp_session(app.page)
    try:
        nodes: list[dict[str, Any]] = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    return nodes


def _inside(nodes: list[dict[str, Any]], role: str) -> set[str]:
    """The names of every node inside the first node of *role*."""
    by_id = {node["nodeId"]: node for node in nodes}
    top = next(node for node in nodes if node["role"]["value"] == role)
    names: set[str] = set()
    todo = list(top.get("childIds", []))
    while todo:
        node = by_id[todo.pop()]
        names.add(str(node.get("name", {}).get("value", "")))
        todo += node.get("childIds", [])
    return names


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_is_an_application_that_screen_readers_play_in(
    open_app: OpenApp, language: str
) -> None:
    """The ARIA authoring practices' application: NVDA and JAWS leave browse mode
    for it by themselves, so that the game's keys reach the game. It is named and
    described by its keys; it is one tab stop whose focus is on a card; the info
    bar is read outside it, as text."""
    app = open_app(f"/play/{CODE}?lang={language}")
    board = app.page.locator("#board")
    assert board.get_attribute("role") == "application"
    assert board.get_attribute("aria-label") == translate(language, "board.label")
    described = app.page.locator(f"#{board.get_attribute('aria-describedby')}")
    assert described.text_content() == translate(language, "board.keys")
    assert app.page.locator("#board [tabindex='0']").count() == 1
    app.page.keyboard.press("3")
    assert app.page.evaluate("document.activeElement.closest('[role=application]')?.id") == "board"
    assert app.page.evaluate("document.activeElement.getAttribute('role')") == "button"
    nodes = _tree(app)
    inside = _inside(nodes, "application")
    assert translate(language, "board.column", number=3) + "," in " ".join(inside)
    assert card_label(language, "8C") in inside
    time = translate(language, "info.time")
    assert time in {str(node.get("name", {}).get("value", "")) for node in nodes}
    assert time not in inside, "the info bar is read as text, outside the application"


def _places(language: str, targets: list[str]) -> str:
    words = [
        translate(language, "announce.place_foundation")
        if target == "F"
        else translate(language, "announce.place_column", column=int(target))
        for target in targets
    ]
    return format_list(words, style="or", locale=BABEL_LOCALES[language])


def _picked(language: str, state: State, card: str) -> str:
    """What picking *card* up should say: where it may go, from the server's targets."""
    column = next(c["cards"] for c in state["columns"] if card in c["cards"])
    count = len(column) - column.index(card) - 1
    name = card_name(language, card)
    targets = state["targets"].get(card, [])
    group = "_group" if count else ""
    if not targets:
        return translate(language, f"announce.picked{group}_nowhere", card=name, count=count)
    places = _places(language, targets)
    return translate(language, f"announce.picked{group}", card=name, count=count, places=places)


@pytest.mark.parametrize("language", LANGUAGES)
def test_picking_up_says_where_the_cards_may_go(open_app: OpenApp, language: str) -> None:
    app = open_app(f"/play/{CODE}?lang={language}")
    state = app.state()
    # 7♥ and 7♦ go on 8♣ or 8♠; 10♦ with three cards on it on J♠ alone; 8♣ nowhere.
    assert state["targets"]["7H"] == state["targets"]["7D"] == ["3", "4"]
    assert state["targets"]["TD"] == ["1"]
    assert not state["targets"].get("8C")
    region = app.page.locator("#announcer")
    for card in ("7H", "7D", "TD", "8C"):
        focus_card(app, state, card)
        app.page.keyboard.press("Enter")
        expect(region).to_have_text(_picked(language, state, card))
        assert not SUIT_SYMBOLS.search(announced(app))
        app.page.keyboard.press("Escape")
        assert focused_card(app) == card
    if language == "en":
        focus_card(app, state, "7H")
        app.page.keyboard.press("Enter")
        expect(region).to_have_text("7 of hearts picked up: column 3 or column 4.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_moving_over_a_place_says_whether_it_takes_the_cards(
    open_app: OpenApp, language: str
) -> None:
    app = open_app(f"/play/{CODE}?lang={language}")
    state = app.state()
    region = app.page.locator("#announcer")
    focus_card(app, state, "TD")
    app.page.keyboard.press("Enter")

    def says(answer: str, place: str) -> None:
        words = translate(language, f"announce.{answer}_group", place=place)
        expect(region).to_have_text(words[0].upper() + words[1:])

    def column(number: int) -> str:
        return translate(language, "board.column", number=number)

    # From column 4 leftwards: 3 and 2 do not take them, 1 (J♠) does.
    for number, answer in ((3, "refuses"), (2, "refuses"), (1, "takes")):
        app.page.keyboard.press("ArrowLeft")
        says(answer, column(number))
    # Left of column 1 lie the foundations: the one of its suit is named.
    app.page.keyboard.press("ArrowLeft")
    diamonds = translate(language, "card.suit.D")
    says("refuses", translate(language, "board.foundation", suit=diamonds))
    for _ in range(4):
        app.page.keyboard.press("ArrowRight")
    says("home", column(4))
    # Enter puts them back where they came from; nothing moved.
    app.page.keyboard.press("Enter")
    assert app.page.locator("#board .card.lifted").count() == 0
    assert app.state()["version"] == state["version"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_is_said_with_suits_in_words(open_app: OpenApp, language: str) -> None:
    app = open_app(f"/play/{CODE}?lang={language}")
    app.console.allow_refusals(422)
    state = app.state()
    focus_card(app, state, "8C")
    app.page.keyboard.press("Enter")
    app.page.keyboard.press("4")
    message = app.message()
    expect(app.page.locator("#announcer")).to_have_text(message)
    assert card_name(language, "8C").lower() in message.lower()
    assert not SUIT_SYMBOLS.search(message), message
    assert app.state()["version"] == state["version"]
