"""The app behind a reverse proxy under a sub-path (``--root-path /yukon``):
every page, file and API call stays under the prefix, and the cookie is the
prefix's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.helpers import AppPage, ConsoleWatch
from tests.browser.proxy import running_proxy
from tests.browser.test_home_screen import check_manifest, read_manifest
from tests.web.server import ServerProcess
from yukon.web.middleware import COOKIE_NAME

pytestmark = pytest.mark.browser

PREFIX = "/yukon"
CODE = "YU1-C-AACRWEA"


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("sub-path")
    backend = ServerProcess(folder / "yukon.sqlite3", "--root-path", PREFIX)
    try:
        with running_proxy(PREFIX, backend.url) as address:
            yield address
    finally:
        backend.stop()


def test_the_app_works_under_a_sub_path(browser: Browser, front: str) -> None:
    context = browser.new_context(base_url=front)
    page = context.new_page()
    watch = ConsoleWatch(page)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    app = AppPage(page, watch)
    try:
        app.goto(f"{PREFIX}/play/{CODE}")
        assert page.url == f"{front}{PREFIX}/"  # the link's code was taken, the address left
        state = page.evaluate("async () => (await fetch('api/v1/games/current')).json()")
        assert state["code"] == CODE
        page.click("#menu summary")
        page.click(".menu-items a[data-route='/stats']")
        page.wait_for_url(f"{front}{PREFIX}/stats")
        page.wait_for_selector("#view-page:not([hidden])")
        app.reload()
        assert page.url == f"{front}{PREFIX}/stats"
        outside = [url for url in requested if not url.startswith(f"{front}{PREFIX}/")]
        assert outside == []
        (cookie,) = [c for c in context.cookies() if c["name"] == COOKIE_NAME]
        assert cookie["path"] == PREFIX
        assert watch.problems() == []
    finally:
        context.close()


def test_the_home_screen_app_stays_under_the_sub_path(browser: Browser, front: str) -> None:
    """The manifest and its icons are served under the prefix, and the app the
    home screen opens starts there."""
    context = browser.new_context(base_url=front)
    page = context.new_page()
    watch = ConsoleWatch(page)
    try:
        AppPage(page, watch).goto(f"{PREFIX}/")
        answer = page.request.get(f"{PREFIX}/static/manifest.webmanifest")
        assert answer.headers["content-type"] == "application/manifest+json"
        check_manifest(read_manifest(page), f"{front}{PREFIX}/")
        assert watch.problems() == []
    finally:
        context.close()


def test_a_direct_address_outside_the_prefix_is_not_the_app(front: str) -> None:
    import httpx

    assert httpx.get(f"{front}/play/{CODE}").status_code == 404
    page = httpx.get(f"{front}{PREFIX}/rules")
    assert page.status_code == 200
    assert f'<base href="{PREFIX}/">' in page.text
