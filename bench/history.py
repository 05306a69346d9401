"""The game history in a real browser, at its limits: the list of the most games the
API gives (200), and a game of 1000 moves and undos (the most the server replays)
watched move by move. Prints figures; asserts nothing.

    .venv/bin/python bench/history.py [--games 200] [--steps 1000]

Figures: time from a click on the menu's link to the list drawn; for the long
game, the size of the replay's answer, the time to its first position drawn, and
the time of a step (a key press to the next position drawn). The server runs as
its own process on a fresh database in a temporary folder; only 127.0.0.1 is
contacted. Needs Debian's chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import app_in_chromium

from yukon.engine import CLASSIC, Game, GameCode

# Make a game of *tokens* (moves, and U for an undo) through the API, in the page.
_PLAY_JS = """async ([code, tokens]) => {
    const post = async (path, body) => (await fetch(`/api/v1${path}`, {method: "POST",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})).json();
    let state = await post("/games", {code});
    for (const token of tokens) {
        const undo = token === "U";
        state = await post(`/games/${state.id}/${undo ? "undo" : "moves"}`,
            undo ? {version: state.version} : {move: token, version: state.version});
    }
    return state.id;
}"""


# Follow an in-app address as a link does (the app routes on popstate).
_FOLLOW_JS = """id => {
    history.pushState(null, "", `/history/${id}`);
    dispatchEvent(new PopStateEvent("popstate"));
}"""
_CHANGED_JS = "text => document.querySelector('.step-caption').textContent !== text"


def _long_record(steps: int) -> tuple[str, list[str]]:
    """A deal and *steps* moves and undos: two moves, then a move and its undo over and over."""
    code = GameCode(CLASSIC, 1)
    game = Game.from_code(code)
    tokens: list[str] = []
    while len(tokens) < steps:
        move = next(iter(game.legal_moves))
        game.play(move)
        tokens.append(str(move))
        if len(tokens) > 2 and len(tokens) < steps:
            game.undo()
            tokens.append("U")
    return str(code), tokens


def _clock(page: Page) -> float:
    now: float = page.evaluate("performance.now()")
    return now


def measure_list(page: Page, games: int) -> float:
    """Make *games* games of one move each; the time to draw their list, in ms."""
    for number in range(games):
        code = GameCode(CLASSIC, number + 10)
        first = str(next(iter(Game.from_code(code).legal_moves)))
        page.evaluate(_PLAY_JS, [str(code), [first]])
    page.goto("/")
    page.wait_for_selector("body:not(.booting)")
    page.click("#menu summary")
    start = _clock(page)
    page.click('.menu-items a[data-route="/history"]')
    page.wait_for_function("n => document.querySelectorAll('.game-row').length >= n", arg=games)
    return _clock(page) - start


def measure_watch(page: Page, steps: int) -> tuple[int, float, list[float]]:
    """Bytes of the replay's answer, ms to the first position, ms per step."""
    code, tokens = _long_record(steps)
    game_id = page.evaluate(_PLAY_JS, [code, tokens])
    sizes: list[int] = []
    page.on(
        "response",
        lambda answer: (
            sizes.append(len(answer.body())) if "/records/replay" in answer.url else None
        ),
    )
    start = _clock(page)
    page.evaluate(_FOLLOW_JS, game_id)
    page.wait_for_selector(".step-caption:not(:empty)")
    first = _clock(page) - start
    times = []
    for _ in range(30):
        before = page.locator(".step-caption").inner_text()
        start = _clock(page)
        page.keyboard.press("ArrowRight")
        page.wait_for_function(_CHANGED_JS, arg=before)
        times.append(_clock(page) - start)
    return sizes[0] if sizes else 0, first, times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games in the list (200)")
    parser.add_argument("--steps", type=int, default=1000, help="moves and undos of the long game")
    args = parser.parse_args()
    with app_in_chromium() as (browser, base):
        context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto("/")
        listed = measure_list(page, args.games)
        size, first, steps = measure_watch(page, args.steps)
    print(f"history of {args.games} games: drawn {listed:.0f} ms after the click")
    print(
        f"watching a game of {args.steps} moves and undos: replay answer {size / 1024:.0f} KB,"
        f" first position {first:.0f} ms after following the link"
    )
    print(
        f"  a step: median {statistics.median(steps):.1f} ms, max {max(steps):.1f} ms"
        f" (key press to the next position drawn, {len(steps)} steps)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
