"""Driving the app in a real browser: the page, its console, its cards and slots,
mouse and touch gestures, and the API as the page's own player."""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path
from typing import Any, Final

from playwright.sync_api import ConsoleMessage, Locator, Page

from yukon.engine import CLASSIC, Game, GameCode

CHROMIUM: Final = Path("/usr/bin/chromium")
# Playwright itself starts Chromium with --no-sandbox, --no-first-run, --disable-sync,
# --disable-component-update and --disable-background-networking; only the GPU is left.
CHROMIUM_ARGS: Final = ["--disable-gpu"]
SCREENSHOTS: Final = Path(__file__).resolve().parents[2] / "screenshots"
_REFUSAL_LOG: Final = re.compile(
    r"Failed to load resource: the server responded with a status of (\d+)"
)

Point = tuple[float, float]
State = dict[str, Any]

# The cards a column or foundation holds, bottom first: the board draws every card
# in one layer of its own, and each place owns its cards for assistive technology.
OWNED_JS: Final = """slot => (slot.getAttribute("aria-owns") || "").split(" ").filter(Boolean)
    .map(id => document.getElementById(id))"""


def drawn_columns_js(board: str) -> str:
    """A script that reads the columns of the board *board* (a selector) as drawn:
    face-down count and face-up cards, bottom to top."""
    return f"""[...document.querySelectorAll('{board} .column')].map({OWNED_JS}).map(cards => ({{
        hidden: cards.filter(card => card.matches('.back')).length,
        cards: cards.filter(card => card.matches('.face')).map(card => card.dataset.card),
    }}))"""


def owned_cards(slot: Locator) -> list[Locator]:
    """The cards *slot* (a column or a foundation) holds, bottom first."""
    ids: list[str] = slot.evaluate(f"slot => ({OWNED_JS})(slot).map(card => card.id)")
    return [slot.page.locator(f"#{card}") for card in ids]


def owned_faces(slot: Locator) -> list[str]:
    """The face-up cards *slot* holds, bottom first, in notation."""
    cards: list[str] = slot.evaluate(
        f"slot => ({OWNED_JS})(slot).filter(card => card.matches('.face'))"
        ".map(card => card.dataset.card)"
    )
    return cards


_PLAY_RECORD_JS: Final = """async ([state, tokens]) => {
    for (const token of tokens) {
        const undo = token === "U";
        const body = undo ? {version: state.version} : {move: token, version: state.version};
        const response = await fetch(`/api/v1/games/${state.id}/${undo ? "undo" : "moves"}`, {
            method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify(body),
        });
        state = await response.json();
        if (!response.ok) return {error: state, token};
    }
    return state;
}"""


class ConsoleWatch:
    """Every console error or warning and page error of one page."""

    def __init__(self, page: Page) -> None:
        self.messages: list[str] = []
        self.allowed: set[int] = set()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.messages.append(f"page error: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            url = message.location.get("url", "")
            self.messages.append(f"{message.type}: {message.text} ({url})")

    def allow_refusals(self, *statuses: int) -> None:
        """Accept the browser's log line for API answers with these statuses (the
        test provokes them on purpose)."""
        self.allowed.update(statuses)

    def problems(self) -> list[str]:
        problems = []
        for text in self.messages:
            match = _REFUSAL_LOG.search(text)
            if match and int(match.group(1)) in self.allowed and "/api/v1/" in text:
                continue
            problems.append(text)
        return problems


class AppPage:
    """The app in one page, as one player."""

    def __init__(self, page: Page, console: ConsoleWatch) -> None:
        self.page = page
        self.console = console

    # Navigation and state

    def goto(self, path: str) -> None:
        self.page.goto(path)
        self.wait_ready()

    def reload(self) -> None:
        self.page.reload()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector("body:not(.booting)")
        self.page.wait_for_function("() => document.body.dataset.version !== undefined")
        self.settle()

    def api(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        """Call the API from the page, with its player cookie."""
        status, answer = self.page.evaluate(
            """async ([method, path, body]) => {
                    const init = {method, headers: {"Content-Type": "application/json"}};
                    if (body !== null) init.body = JSON.stringify(body);
                    const response = await fetch("/api/v1" + path, init);
                    return [response.status, await response.json()];
                }""",
            [method, path, body],
        )
        return int(status), answer

    def state(self) -> State:
        status, state = self.api("GET", "/games/current")
        assert status == 200, state
        return dict(state)

    def play_api(self, moves: list[str]) -> State:
        """Make *moves* through the API (as another tab would); the page learns of
        them on reload."""
        state = self.state()
        for move in moves:
            status, state = self.api(
                "POST", f"/games/{state['id']}/moves", {"move": move, "version": state["version"]}
            )
            assert status == 200, (move, state)
        return state

    def play_record(self, code: str, tokens: list[str]) -> State:
        """Start a game of *code* through the API (it becomes the current game) and
        make its moves and undos (`U`) in one go, as another tab would."""
        status, state = self.api("POST", "/games", {"code": code})
        assert status == 201, state
        answer: State = self.page.evaluate(_PLAY_RECORD_JS, [state, tokens])
        assert "error" not in answer, answer
        return answer

    def open_deal(self, code: str, moves: list[str] | None = None) -> State:
        """Start the deal *code* by its link, make *moves* through the API, reload."""
        self.goto(f"/play/{code}")
        if moves:
            self.play_api(moves)
            self.reload()
        return self.state()

    def version(self) -> int:
        return int(self.page.evaluate("Number(document.body.dataset.version)"))

    def wait_version(self, version: int) -> None:
        self.page.wait_for_function(
            "version => Number(document.body.dataset.version) >= version", arg=version
        )
        self.settle()

    def wait_idle(self) -> None:
        """Wait until every request the page queued has been answered and drawn."""
        self.page.wait_for_function("() => document.body.dataset.pending === '0'")
        self.settle()

    def settle(self) -> None:
        """Wait until no card is sliding, so that its place on screen is final."""
        self.page.wait_for_function("() => document.getAnimations().length === 0")

    def slow_network(self, latency_ms: int) -> None:
        """Every answer of the server arrives *latency_ms* late, as on a phone network."""
        session = self.page.context.new_cdp_session(self.page)
        session.send("Network.enable")
        conditions = {"offline": False, "latency": latency_ms}
        unlimited = {"downloadThroughput": -1, "uploadThroughput": -1}
        session.send("Network.emulateNetworkConditions", {**conditions, **unlimited})

    def set_setting(self, **values: object) -> None:
        status, _ = self.api("PUT", "/settings", values)
        assert status == 200
        self.reload()

    def sent_requests(self) -> list[str]:
        """The URLs of the requests the page sends from now on, in a list that grows."""
        sent: list[str] = []
        self.page.on("request", lambda request: sent.append(request.url))
        return sent

    # What the board shows

    def card(self, code: str) -> Locator:
        return self.page.locator(f'#board .card.face[data-card="{code}"]')

    def column(self, number: int) -> Locator:
        return self.page.locator(f'#board .column[data-target="{number}"]')

    def foundation(self, suit: str) -> Locator:
        return self.page.locator(f'#board .foundation[data-suit="{suit}"]')

    def drawn_columns(self) -> list[dict[str, Any]]:
        """The columns as drawn: face-down count and face-up cards, bottom to top."""
        drawn: list[dict[str, Any]] = self.page.evaluate(drawn_columns_js("#board"))
        return drawn

    def message(self) -> str:
        locator = self.page.locator("#message")
        locator.wait_for(state="visible")
        return locator.inner_text()

    def box(self, locator: Locator) -> dict[str, float]:
        box = locator.bounding_box()
        assert box is not None
        return {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}

    # Gestures

    def grip(self, code: str) -> Point:
        """A point on the card's index strip: the part an overlapped card shows."""
        box = self.box(self.card(code))
        return (box["x"] + box["width"] / 2, box["y"] + 8)

    def drop_point(self, target: str, card: str) -> Point:
        """Where to let go so that *card*, held by its strip, lands on *target*."""
        if target == "F":
            box = self.box(self.foundation(card[1]))
            return (box["x"] + box["width"] / 2, box["y"] + 10)
        column = self.column(int(target))
        cards = owned_cards(column)
        box = self.box(cards[-1] if cards else column)
        return (box["x"] + box["width"] / 2, box["y"] + 24)

    def mouse_drag(self, start: Point, end: Point, *, release: bool = True) -> None:
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(start[0] + 3, start[1] + 8, steps=2)
        mouse.move(*end, steps=8)
        if release:
            mouse.up()
        else:
            # The drag's marks are drawn a frame after the lift (drag.js): the
            # place under the cards is one of them.
            self.page.wait_for_selector("#board .slot.over")

    def touch_drag(self, start: Point, end: Point) -> None:
        """A finger drag, through the DevTools protocol's touch events."""
        session = self.page.context.new_cdp_session(self.page)

        def touch(kind: str, point: Point | None) -> None:
            points = [] if point is None else [{"x": point[0], "y": point[1]}]
            session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        touch("touchStart", start)
        for step in range(1, 11):
            fraction = step / 10
            touch(
                "touchMove",
                (
                    start[0] + (end[0] - start[0]) * fraction,
                    start[1] + (end[1] - start[1]) * fraction,
                ),
            )
        touch("touchEnd", None)
        session.detach()

    def drag(self, card: str, target: str, *, touch: bool = False) -> None:
        start, end = self.grip(card), self.drop_point(target, card)
        if touch:
            self.touch_drag(start, end)
        else:
            self.mouse_drag(start, end)

    def tap(self, card: str, *, touch: bool = False) -> None:
        point = self.grip(card)
        if touch:
            self.page.touchscreen.tap(*point)
        else:
            self.page.mouse.click(*point)

    def double_tap(self, card: str, *, touch: bool = False) -> None:
        point = self.grip(card)
        if touch:
            self.page.touchscreen.tap(*point)
            self.page.wait_for_timeout(80)
            self.page.touchscreen.tap(*point)
        else:
            self.page.mouse.dblclick(*point)


@functools.cache
def stuck_line() -> tuple[str, list[str]]:
    """A deal and moves after which no legal move is left, found by seeded random play."""
    rng = random.Random(1)
    while True:
        code = GameCode(CLASSIC, rng.randrange(26**7))
        game = Game.from_code(code)
        line: list[str] = []
        for _ in range(60):
            moves = list(game.legal_moves)
            if not moves:
                return str(code), line
            move = rng.choice(moves)
            game.play(move)
            line.append(str(move))
