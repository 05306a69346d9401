"""What a screen reader meets on the board (SPEC §7): columns and foundations
as named groups with their counts, cards by name, and a polite live region that
says every move, turned card and score change in the player's language."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.keyboard import announced, card_name, expected_words, play_move
from tests.browser.test_keyboard import CODE, OPENING
from yukon.i18n import translate

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "sk"]


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
    lines += [f'  - button "{card_name(language, card)}"' for card in cards]
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
    for move in OPENING[:2]:
        play_move(app, move)
    spades = translate(language, "board.foundation", suit="♠")
    one = translate(language, "board.cards", count=1)
    assert app.foundation("S").aria_snapshot() == (
        f'- group "{spades}, {one}":\n  - button "{card_name(language, "AS")}"'
    )
