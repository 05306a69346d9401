"""No notice or message ever covers a button or a card (SPEC §5), at the sizes of
a phone held either way and of a desktop: the no-move notice, a hint's words, a
hint that finds nothing and a refused tap, each alone and together."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import OpenApp
from tests.browser.helpers import AppPage
from yukon.i18n import LANGUAGES, translate

pytestmark = pytest.mark.browser

SIZES = [(360, 640), (390, 844), (667, 375), (844, 390), (1280, 800)]
# After these moves no legal move is left, and column 6 holds 17 face-up cards.
STUCK = ("YU1-C-AAAAAAH", ["3C>1", "TC>2", "JH>7", "QH>1", "7D>7", "8C>6", "4C>7", "TD>6"])

# The boxes of every message shown, each with the cards and buttons (other than
# its own) that it overlaps by more than half a pixel each way.
_COVERED_JS = """() => {
    const shown = (node) => {
        const box = node.getBoundingClientRect();
        const drawn = node.checkVisibility({ visibilityProperty: true });
        return drawn && box.width > 0 && box.height > 0;
    };
    const overlap = (one, other) =>
        Math.min(one.right, other.right) - Math.max(one.left, other.left) > 0.5 &&
        Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top) > 0.5;
    const name = (node) => node.dataset.card || node.id || node.dataset.action || node.className;
    const things = [...document.querySelectorAll("#board .card, button, .tool")].filter(shown);
    return [...document.querySelectorAll("#message, #notice")].filter(shown).map((message) => {
        const box = message.getBoundingClientRect();
        const covered = things.filter(
            (thing) => !message.contains(thing) && overlap(box, thing.getBoundingClientRect()),
        );
        return [message.id, covered.map(name)];
    });
}"""


def _covered(app: AppPage) -> dict[str, list[str]]:
    """What each message shown covers, once the cards have taken their places."""
    app.page.wait_for_function("() => (document.body.dataset.pending ?? '0') === '0'")
    app.settle()
    return dict(app.page.evaluate(_COVERED_JS))


def _open(open_app: OpenApp, width: int, height: int) -> AppPage:
    app = open_app(viewport={"width": width, "height": height}, touch=width < 1000)
    app.console.allow_refusals(422)
    return app


def _hint(app: AppPage) -> str:
    with app.page.expect_response(lambda response: response.url.endswith("/hint")):
        app.page.click("#btn-hint")
    return app.message()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_when_no_move_is_left_nothing_is_covered(
    open_app: OpenApp, width: int, height: int, screenshots: Path
) -> None:
    app = _open(open_app, width, height)
    state = app.open_deal(*STUCK)
    assert state["no_legal_moves"] is True
    assert _covered(app) == {"notice": []}
    assert _hint(app) == translate("en", "hint.none")
    # Held sideways the message shows in the notice's place in the toolbar, else over it.
    covered = _covered(app)
    assert "message" in covered
    assert not any(covered.values()), covered
    app.page.screenshot(path=screenshots / f"no-moves-hint-{width}x{height}.png")
    # The notice's words come back once the message goes; its buttons stay at hand.
    app.page.locator("#message").click()
    app.page.locator("#message").wait_for(state="hidden")
    assert _covered(app) == {"notice": []}
    undo = app.page.locator('#notice [data-action="undo"]')
    toolbar_undo = app.page.locator("#btn-undo")
    (undo if undo.is_visible() else toolbar_undo).click()
    app.wait_version(state["version"] + 1)
    assert app.page.locator("#notice").is_hidden()


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_hints_words_and_a_refusal_cover_nothing(
    open_app: OpenApp, width: int, height: int, screenshots: Path
) -> None:
    app = _open(open_app, width, height)
    app.open_deal("YU1-C-AAAAAAU")
    assert _hint(app) == "Q♠ and the 2 cards on it to column 1."
    assert _covered(app) == {"message": []}
    app.page.screenshot(path=screenshots / f"hint-words-{width}x{height}.png")
    app.open_deal("YU1-C-AAAAAAB")
    app.tap("4H", touch=width < 1000)
    assert app.message().startswith("Only the last card of a column")
    assert _covered(app) == {"message": []}
    app.page.screenshot(path=screenshots / f"tap-refused-{width}x{height}.png")


SIDEWAYS = [(640, 360), (667, 375), (844, 390)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("width", "height"), SIDEWAYS, ids=[f"{w}x{h}" for w, h in SIDEWAYS])
def test_held_sideways_the_notice_is_one_short_line_in_the_toolbar(
    open_app: OpenApp, language: str, width: int, height: int, screenshots: Path
) -> None:
    """One short line and *Where did it go wrong?* (the toolbar has the other ways on)."""
    app = open_app(viewport={"width": width, "height": height}, touch=True)
    assert app.api("PUT", "/settings", {"language": language})[0] == 200
    state = app.open_deal(*STUCK)
    notice = app.page.locator("#notice")
    notice.wait_for()
    shown = notice.locator("p:visible, button:visible")
    review = translate(language, "review.button")
    assert shown.all_inner_texts() == [translate(language, "notice.no_moves_short"), review]
    bar = app.box(app.page.locator(".bar"))
    box = app.box(notice)
    assert bar["y"] <= box["y"]
    assert box["y"] + box["height"] <= bar["y"] + bar["height"]
    assert box["x"] + box["width"] <= bar["x"] + bar["width"]
    assert _covered(app) == {"notice": []}
    button = app.box(notice.get_by_role("button", name=review))
    assert button["height"] >= 24  # WCAG 2.5.8: a target of 24 px at least
    app.page.screenshot(path=screenshots / f"no-moves-sideways-{language}-{width}x{height}.png")
    notice.get_by_role("button", name=review).click()
    app.page.wait_for_url(f"**/history/{state['id']}")
    app.page.locator(".review-answer:not([hidden])").wait_for()
