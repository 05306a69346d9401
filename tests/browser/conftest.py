"""Real-browser tests: Debian's Chromium through Playwright against ``yukon serve``
running as a real process on a loopback port, once per session.

Every page fails its test on any console error or warning, and on any page
error, except the browser's own log lines for API refusals that a test asked for
(a refused move answers 422, a bad code 400: the browser logs each such answer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, AppPage, ConsoleWatch
from tests.web.server import ServerProcess

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("browser") / "yukon.sqlite3")
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield chromium
    finally:
        chromium.close()


OpenApp = Callable[..., AppPage]


@pytest.fixture
def open_app(browser: Browser, server: ServerProcess) -> Iterator[OpenApp]:
    """Opens the app in a fresh context (a new player) with the given viewport,
    touch, motion and browser-language settings; checks the console of every page
    at the end."""
    contexts: list[tuple[BrowserContext, ConsoleWatch]] = []

    def opener(
        path: str = "/",
        *,
        viewport: dict[str, int] | None = None,
        touch: bool = False,
        reduced_motion: bool = False,
        locale: str | None = None,
    ) -> AppPage:
        context = browser.new_context(
            base_url=server.url,
            locale=locale,
            viewport=viewport or (PHONE if touch else DESKTOP),  # type: ignore[arg-type]
            has_touch=touch,
            is_mobile=touch,
            reduced_motion="reduce" if reduced_motion else "no-preference",
        )
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = context.new_page()
        watch = ConsoleWatch(page)
        contexts.append((context, watch))
        app = AppPage(page, watch)
        app.goto(path)
        return app

    yield opener
    problems = [problem for _, watch in contexts for problem in watch.problems()]
    for context, _ in contexts:
        context.close()
    assert problems == [], "console errors or warnings"


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
