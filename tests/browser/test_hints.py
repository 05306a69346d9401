"""The hint shows its move (SPEC §5): an outline round the card and the cards on
it as they show, the cards' trip to their target and back (a still arrow under
reduced motion), and the move in words, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE, OpenApp
from tests.browser.helpers import AppPage
from yukon.engine import Card
from yukon.i18n import LANGUAGES, translate
from yukon.i18n.messages import card_name

pytestmark = pytest.mark.browser

# Fresh, its hint is Q♠ to column 1 (on K♥), with 7♦ and K♠ lying on Q♠.
DEAL = "YU1-C-AAAAAAU"
GROUP = ["QS", "7D", "KS"]
SIZES = {"phone": PHONE, "desktop": DESKTOP}

_RECORD_ANIMATIONS = """() => {
    window.animations = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
        window.animations.push({
            card: this.dataset.card ?? this.className,
            keyframes: JSON.stringify(keyframes),
        });
        return animate.call(this, keyframes, options);
    };
}"""


def _ask_hint(app: AppPage) -> dict[str, str]:
    with app.page.expect_response(lambda response: response.url.endswith("/hint")) as answer:
        app.page.click("#btn-hint")
    hint: dict[str, str] = json.loads(answer.value.body())["hint"]
    app.page.wait_for_selector("#board .hint-outline:not([hidden])")
    return hint


def _union(boxes: list[dict[str, float]]) -> dict[str, float]:
    left = min(box["x"] for box in boxes)
    top = min(box["y"] for box in boxes)
    right = max(box["x"] + box["width"] for box in boxes)
    bottom = max(box["y"] + box["height"] for box in boxes)
    return {"x": left, "y": top, "width": right - left, "height": bottom - top}


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_hint_outlines_the_cards_it_moves_as_they_show(
    open_app: OpenApp, size: str, screenshots: Path
) -> None:
    app = open_app(viewport=SIZES[size], touch=size == "phone")
    state = app.open_deal(DEAL)
    assert state["columns"][6]["cards"][-3:] == GROUP
    assert _ask_hint(app)["move"] == "QS>1"
    app.settle()  # the trip is over: the cards are back in their places
    outline = app.box(app.page.locator("#board .hint-outline"))
    union = _union([app.box(app.card(card)) for card in GROUP])
    assert outline == pytest.approx(union, abs=0.5)
    # Q♠ is covered but for its strip: no ring of its own runs down its hidden part.
    assert app.card("QS").evaluate("card => getComputedStyle(card).outlineStyle") == "none"
    assert app.page.locator('#board .slot.hinted[data-target="1"]').count() == 1
    assert app.message() == "Q♠ and the 2 cards on it to column 1."
    assert app.page.locator("#announcer").inner_text() == (
        "Hint: queen of spades and the 2 cards on it to column 1."
    )
    width, height = SIZES[size]["width"], SIZES[size]["height"]
    app.page.screenshot(path=screenshots / f"hint-{width}x{height}.png")
    # The hint goes with the next move, its outline too.
    app.double_tap(sorted(state["double_tap"])[0])
    app.wait_version(state["version"] + 2)
    assert app.page.locator("#board .hint-outline").is_hidden()


def _trips(app: AppPage) -> dict[str, list[dict[str, Any]]]:
    recorded: list[dict[str, str]] = app.page.evaluate("window.animations")
    return {entry["card"]: json.loads(entry["keyframes"]) for entry in recorded}


def test_the_hinted_cards_travel_to_their_target_and_back(open_app: OpenApp) -> None:
    app = open_app()
    app.open_deal(DEAL)
    king = app.box(app.card("KH"))
    queen = app.box(app.card("QS"))
    app.page.evaluate(_RECORD_ANIMATIONS)
    _ask_hint(app)
    trips = _trips(app)
    assert sorted(trips) == sorted([*GROUP, "hint-outline"])
    offsets = set()
    for keyframes in trips.values():
        assert keyframes[0]["transform"] == keyframes[-1]["transform"] == "none"
        there = re.fullmatch(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", keyframes[1]["transform"])
        assert there is not None
        offsets.add((float(there.group(1)), float(there.group(2))))
    # All go together, Q♠ onto K♥ with K♥'s index still showing.
    assert len(offsets) == 1
    ((dx, dy),) = offsets
    assert queen["x"] + dx == pytest.approx(king["x"], abs=1)
    assert king["y"] + 10 < queen["y"] + dy < king["y"] + king["height"] / 2
    app.settle()
    assert app.box(app.card("QS")) == queen


def test_under_reduced_motion_an_arrow_points_the_way(open_app: OpenApp, screenshots: Path) -> None:
    app = open_app(touch=True, reduced_motion=True)
    app.open_deal(DEAL)
    app.page.evaluate(_RECORD_ANIMATIONS)
    _ask_hint(app)
    assert app.page.evaluate("window.animations") == []
    arrow = app.page.locator("#board .hint-arrow")
    assert arrow.is_visible()
    ends = arrow.evaluate(
        """svg => {
            const box = svg.getBoundingClientRect();
            const line = svg.querySelector(".shaft");
            const at = (length) => line.getPointAtLength(length);
            return [at(0), at(line.getTotalLength())].map((p) => [box.x + p.x, box.y + p.y]);
        }"""
    )
    (x1, y1), (x2, y2) = ends
    queen, king = app.box(app.card("QS")), app.box(app.card("KH"))
    assert queen["x"] < x1 < queen["x"] + queen["width"]
    assert queen["y"] < y1 < queen["y"] + queen["height"]
    assert king["x"] < x2 < king["x"] + king["width"]
    assert king["y"] < y2 < king["y"] + 2 * king["height"]
    app.page.screenshot(path=screenshots / "hint-arrow-390x844.png")


_SENTENCES_JS = """async (moves) => {
    const { hintSentence, hintWords } = await import("/static/js/announce.js");
    const { cardSymbol } = await import("/static/js/cards.js");
    return moves.map(([target, on]) => [
        hintSentence("QS", target, on, cardSymbol),
        hintWords("QS", target, on),
    ]);
}"""
# Each kind of hinted move: to a foundation, a card alone, with one card on it, with
# several (2 and 5 take different plural forms in Slovak and Russian), taken back.
MOVES: list[tuple[str, int | None]] = [
    ("F", 0),
    ("1", 0),
    ("1", 1),
    ("1", 2),
    ("1", 5),
    ("1", None),
]


def _expected(language: str, target: str, on: int | None, card: str) -> str:
    words = {"card": card, "column": 1}
    if target == "F":
        return translate(language, "hint.to_foundation", **words)
    if on is None:
        return translate(language, "hint.taken_back", **words)
    if on == 0:
        return translate(language, "hint.to_column", **words)
    if on == 1:
        return translate(language, "hint.pair_to_column", **words)
    return translate(language, "hint.group_to_column", count=on, **words)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hint_names_its_move_in_every_language(open_app: OpenApp, language: str) -> None:
    app = open_app(f"/?lang={language}")
    said = app.page.evaluate(_SENTENCES_JS, [list(move) for move in MOVES])
    # Shown with the rank letter of the language's decks, said with the card's name.
    symbol = translate(language, "card.ranks").split()[11] + "♠"
    name = card_name(language, Card.parse("QS"))
    for (target, on), (shown, spoken) in zip(MOVES, said, strict=True):
        assert shown == _expected(language, target, on, symbol)
        assert spoken == translate(
            language, "announce.hint", hint=_expected(language, target, on, name)
        )
    assert len({shown for shown, _ in said}) == len(MOVES)
    if language == "en":
        assert [shown for shown, _ in said] == [
            "Q♠ to its foundation.",
            "Q♠ to column 1.",
            "Q♠ and the card on it to column 1.",
            "Q♠ and the 2 cards on it to column 1.",
            "Q♠ and the 5 cards on it to column 1.",
            "Q♠ from its foundation back to column 1.",
        ]
