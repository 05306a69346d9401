"""Playing by keyboard alone in a real browser: where a card is, the keys that
focus it and move it, and what the live region said."""

from __future__ import annotations

from typing import Final

from tests.browser.helpers import AppPage, State

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
