"""A whole deal won by keyboard alone in a real browser (SPEC §7): how many keys
it takes, how long each move takes from its last key to the board drawn again
with the focus back on a card, and what the live region says. Prints figures;
asserts nothing.

    .venv/bin/python bench/keyboard.py [--code YU1-C-AACRWEA]

The solution comes from the solver; the server runs as its own process on a
fresh database in a temporary folder; only 127.0.0.1 is contacted. Needs
Debian's chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import Page
from server import app_in_chromium

from yukon.engine import GameCode, Position
from yukon.solver import Limit, Status, solve

_STATE_JS = "fetch('/api/v1/games/current').then((answer) => answer.json())"
# Drawn, with the focus back on the board (or, after the last move, in the win window).
_DRAWN_JS = """version => Number(document.body.dataset.version) >= version &&
    (document.activeElement?.closest("#board") !== null ||
     document.querySelector("dialog[open]") !== null)"""


def _keys_for(state: dict[str, object], move: str) -> list[str]:
    """The keys that focus the move's card and send it where the move says."""
    card, target = move.split(">")
    columns = state["columns"]
    assert isinstance(columns, list)
    keys: list[str] = []
    for number, column in enumerate(columns, start=1):
        cards = column["cards"]
        if card in cards:
            keys = [str(number)] + ["ArrowUp"] * (len(cards) - 1 - cards.index(card))
    if not keys:
        keys = ["7"] + ["ArrowRight"] * ("SHDC".index(card[1]) + 1)
    return keys + (["f"] if target == "F" else ["Enter", target])


def play(page: Page, moves: list[str]) -> tuple[int, list[float], list[str]]:
    """Play *moves* by keys; the keys pressed, each move's time and what was said."""
    pressed, times, said = 0, [], []
    for move in moves:
        state = page.evaluate(_STATE_JS)
        keys = _keys_for(state, move)
        for key in keys[:-1]:
            page.keyboard.press(key)
        started = time.perf_counter()
        page.keyboard.press(keys[-1])
        page.wait_for_function(_DRAWN_JS, arg=state["version"] + 1)
        times.append((time.perf_counter() - started) * 1000)
        said.append(page.locator("#announcer").inner_text())
        pressed += len(keys)
    return pressed, times, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--code", default="YU1-C-AACRWEA", help="the deal to win")
    args = parser.parse_args()
    result = solve(Position.from_code(GameCode.parse(args.code)), Limit(states=200_000))
    if result.status is not Status.WON:
        print(f"{args.code}: the solver found no win ({result.status.value})")
        return 1
    moves = [str(move) for move in result.moves]
    with app_in_chromium() as (browser, base):
        page = browser.new_page(base_url=base, viewport={"width": 1280, "height": 800})
        page.goto(f"/play/{args.code}")
        page.wait_for_function("() => document.body.dataset.version !== undefined")
        pressed, times, said = play(page, moves)
        won = page.locator("#dlg-win").is_visible()
    ordered = sorted(times)
    print(f"{args.code}: {len(moves)} moves by keyboard alone, {pressed} keys, won: {won}")
    print(
        f"  last key to board drawn, focus back: median {statistics.median(ordered):.0f} ms,"
        f" p95 {ordered[int(0.95 * (len(ordered) - 1))]:.0f} ms, max {ordered[-1]:.0f} ms"
    )
    print(f"  the live region after move 1 ({moves[0]}): {said[0]!r}")
    print(f"  the live region after the last move ({moves[-1]}): {said[-1]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
