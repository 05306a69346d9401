"""Playing by keyboard alone in a real browser: where a card is, the keys that
focus it and move it, and what the live region said."""

from __future__ import annotations

from typing import Final

from tests.browser.helpers import AppPage, State
from yukon.i18n import translate

FOUNDATIONS: Final = "SHDC"

_WATCH_POINTERS_JS: Final = """() => {
    window.pointerEvents = 0;
    for (const kind of ["pointerdown", "mousedown", "touchstart", "pointerup", "mouseup"]) {
        document.addEventListener(kind, () => { window.pointerEvents += 1; }, true);
    }
}"""


def watch_pointers(app: AppPage) -> None:
    """Count every pointer, mouse and touch event the page receives from now on."""
    app.page.evaluate(_WATCH_POINTERS_JS)


def pointer_events(app: AppPage) -> int:
    return int(app.page.evaluate("window.pointerEvents"))


def focused_card(app: AppPage) -> str | None:
    """The card that has DOM focus (SPEC §7: its text is in data-card)."""
    card: str | None = app.page.evaluate("document.activeElement?.dataset?.card ?? null")
    return card


def where(state: State, card: str) -> tuple[str, int, int]:
    """("column", column 1–7, cards above it) or ("foundation", index, 0)."""
    for number, column in enumerate(state["columns"], start=1):
        if card in column["cards"]:
            return "column", number, len(column["cards"]) - 1 - column["cards"].index(card)
    for index, foundation in enumerate(state["foundations"]):
        if foundation["top"] == card:
            return "foundation", index, 0
    raise AssertionError(f"{card} cannot be picked up in {state}")


def focus_card(app: AppPage, state: State, card: str) -> int:
    """Focus *card* with the keys alone; returns the number of keys pressed."""
    place, number, above = where(state, card)
    keyboard = app.page.keyboard
    if place == "column":
        keys = [str(number)] + ["ArrowUp"] * above
    else:
        # From column 7, Right goes through the foundations in their order.
        keys = ["7"] + ["ArrowRight"] * (number + 1)
    for key in keys:
        keyboard.press(key)
    assert focused_card(app) == card, (card, keys)
    return len(keys)


def play_move(app: AppPage, move: str) -> State:
    """Make *move* ("TD>5", "AH>F") with the keys alone, wait for the board to
    show its answer and return the new state."""
    state = app.state()
    card, target = move.split(">")
    focus_card(app, state, card)
    if target == "F":
        app.page.keyboard.press("f")
    else:
        app.page.keyboard.press("Enter")
        app.page.keyboard.press(target)
    app.wait_version(state["version"] + 1)
    return app.state()


def announced(app: AppPage) -> str:
    """The live region's words."""
    return app.page.locator("#announcer").inner_text()


def card_name(language: str, card: str) -> str:
    """A card's name as the catalog writes it: "10 of diamonds", "kárová desiatka"."""
    rank = "A23456789TJQK".index(card[0]) + 1
    suit = translate(language, f"card.suit.{card[1]}")
    return translate(language, f"card.name.{rank}", suit=suit)


def card_label(language: str, card: str) -> str:
    """A card's accessible name on the board: its name, led by the label drawn in
    its corner where the name does not say it ("A, ace of spades"; WCAG 2.5.3)."""
    name = card_name(language, card)
    label = translate(language, "card.ranks").split()["A23456789TJQK".index(card[0])]
    if label.lower() in name.lower().replace(",", " ").split():
        return name
    return translate(language, "card.labelled", label=label, name=name)


def expected_words(language: str, before: State, after: State, move: str) -> str:
    """What the live region should say for *move*, built from the catalog and the
    two states: the move, each card it turned, the score when it changed."""
    card, target = move.split(">")
    name = card_name(language, card)
    if target == "F":
        words = [translate(language, "announce.to_foundation", card=name)]
    else:
        column = int(target)
        place, _, above = where(before, card)
        if place == "foundation":
            words = [translate(language, "announce.taken_back", card=name, column=column)]
        elif above:
            key = "announce.group_to_column"
            words = [translate(language, key, card=name, count=above, column=column)]
        else:
            words = [translate(language, "announce.to_column", card=name, column=column)]
    pairs = zip(before["columns"], after["columns"], strict=True)
    for number, (old, new) in enumerate(pairs, start=1):
        if new["hidden"] < old["hidden"]:
            turned = card_name(language, new["cards"][0])
            words.append(translate(language, "announce.turned", card=turned, column=number))
    if after["score"] != before["score"]:
        words.append(translate(language, "announce.score", score=after["score"]))
    return " ".join(words)
