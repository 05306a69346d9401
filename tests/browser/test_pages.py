"""The Rules, Examples and FAQ pages: reachable from the app, drawn from the
catalog's markup, and the Examples game stepped through on a board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage, owned_faces
from yukon.engine import Game, Move

pytestmark = pytest.mark.browser

CATALOG = json.loads(
    (Path(__file__).resolve().parents[2] / "src/yukon/i18n/en.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(
    ("link", "title", "prefix"),
    [("/rules", "Rules", "rules."), ("/faq", "Questions and answers", "faq.")],
)
def test_text_pages_show_every_section(
    open_app: OpenApp, screenshots: Path, link: str, title: str, prefix: str
) -> None:
    app = open_app()
    app.page.click("#menu summary")
    app.page.click(f'.menu-items a[data-route="{link}"]')
    page = app.page.locator("#page")
    page.locator("h1").wait_for()
    assert app.page.url.endswith(link)
    assert page.locator("h1").inner_text() == title
    headings = page.locator("h2").all_inner_texts()
    expected = [
        text.split("\n", 1)[0].removeprefix("## ")
        for key, text in CATALOG.items()
        if key.startswith(prefix)
    ]
    assert headings == expected
    # Markup becomes elements, never HTML: card pictures, bold, code.
    if prefix == "rules.":
        assert page.locator('.mini[aria-label="7 of hearts"]').count() >= 1
    assert page.locator("strong").count() >= 1
    assert "<" not in page.inner_text()
    app.page.screenshot(path=screenshots / f"page-{link.strip('/')}.png", full_page=True)
    page.locator('a[data-route="/"]').click()
    app.page.locator("#board").wait_for(state="visible")
    assert app.page.url.endswith("/")


def test_the_faq_publishes_the_shuffle(open_app: OpenApp) -> None:
    app = open_app("/faq")
    # The page's module loads after the game: wait for the text measured.
    app.page.locator('#page section[data-key="faq.shuffle"]').wait_for()
    text = app.page.locator("#page").inner_text()
    for needle in ("SplitMix64", "0x9E3779B97F4A7C15", "0xBF58476D1CE4E5B9", "Fisher–Yates"):
        assert needle in text
    game = Game.from_code("YU1-C-AAAAAAB")
    for number, (cards, hidden) in enumerate(zip(game.columns, game.hidden, strict=True), 1):
        shown = " ".join(f"[{card}]" if i < hidden else str(card) for i, card in enumerate(cards))
        assert f"{number}: {shown}" in text


def test_the_examples_page_steps_through_a_real_game(open_app: OpenApp) -> None:
    app = open_app("/examples")
    page = app.page
    caption = page.locator(".step-caption")
    # The caption is on the page, empty, before the game's positions are answered.
    expect(caption).to_have_text("The deal YU1-C-AACRWEA")
    game = Game.from_code("YU1-C-AACRWEA")
    moves = ["QC>5", "TD>1"]
    for number, move in enumerate(moves, 1):
        page.click('[data-step="next"]')
        assert caption.inner_text() == f"Move {number} of 26: {move}"
        game.play(Move.parse(move))
    # The board shows the position after 2. TD>1: the group 10♦ 5♥ J♦ 8♠ on J♠.
    cards = owned_faces(page.locator(".example-board .column").first)
    assert cards == [str(card) for card in game.columns[0]] == ["JS", "TD", "5H", "JD", "8S"]
    for _ in range(11):
        page.keyboard.press("ArrowRight")
    assert caption.inner_text() == "After move 12, a try: 9D>3"
    assert page.locator(".step-note .refusal").inner_text() == (
        "Only a king may go to an empty column, not 9 of diamonds."
    )
    page.click('[data-step="last"]')
    assert caption.inner_text() == "Move 26 of 26: 6D>F"
    assert page.locator('[data-step="next"]').is_disabled()
    assert page.locator(".example-board .info-slot").inner_text() == "Score 140"


def _marked(app: AppPage, mark: str) -> list[str]:
    cards: list[str] = app.page.eval_on_selector_all(
        f".example-board .card.{mark}", "cards => cards.map(card => card.dataset.card)"
    )
    return cards


def test_the_examples_page_on_a_phone_shows_the_board_and_marks_what_moved(
    open_app: OpenApp,
) -> None:
    app = open_app("/examples", viewport={"width": 360, "height": 640}, touch=True)
    caption = app.page.locator(".step-caption")
    app.page.wait_for_selector(".step-caption:not(:empty)")
    board = app.box(app.page.locator(".example-board"))
    assert board["y"] + board["height"] / 2 < 640, "most of the board is above the fold"
    assert _marked(app, "moved") == []
    app.page.click('[data-step="next"]')
    app.page.click('[data-step="next"]')
    assert caption.inner_text() == "Move 2 of 26: TD>1"
    assert _marked(app, "moved") == ["TD", "5H", "JD", "8S"]
    for _ in range(11):
        app.page.keyboard.press("ArrowRight")
    assert caption.inner_text() == "After move 12, a try: 9D>3"
    assert (_marked(app, "moved"), _marked(app, "refused")) == ([], ["9D"])
    app.page.keyboard.press("ArrowLeft")
    assert _marked(app, "moved") == ["AD"]
