"""The app on a phone's home screen: the page links a web app manifest that
Chromium reads without an error and finds installable, which opens the app full
screen in any orientation, with icons that load at their stated sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Playwright

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS
from tests.web.server import ServerProcess

pytestmark = pytest.mark.browser

_ICON_SIZES_JS = """async (urls) => Promise.all(urls.map(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return `${image.naturalWidth}x${image.naturalHeight}`;
}))"""


def read_manifest(page: Page) -> dict[str, Any]:
    """The manifest as Chromium reads it for *page*, its errors and its icons'
    sizes as loaded."""
    session = page.context.new_cdp_session(page)
    answer: dict[str, Any] = session.send("Page.getAppManifest")
    manifest: dict[str, Any] = answer["manifest"]
    urls = [icon["url"] for icon in manifest["icons"]]
    loaded = page.evaluate(_ICON_SIZES_JS, urls)
    return {**manifest, "url": answer["url"], "errors": answer["errors"], "loaded": loaded}


def check_manifest(manifest: dict[str, Any], root: str) -> None:
    """Full screen in any orientation, from the app's own address *root*, with
    icons for a home screen (one a phone may crop to its shape)."""
    assert manifest["errors"] == []
    assert manifest["url"] == f"{root}static/manifest.webmanifest"
    assert manifest["display"] in ("kFullscreen", "kStandalone")
    assert manifest["orientation"] == "ANY"
    assert manifest["startUrl"] == root
    assert manifest["scope"] == root
    assert manifest["name"] == "Yukon"
    assert manifest["loaded"] == [icon["sizes"] for icon in manifest["icons"]]
    assert {"192x192", "512x512"} <= set(manifest["loaded"])
    assert all(icon["url"].startswith(f"{root}static/icons/") for icon in manifest["icons"])


def test_the_app_can_be_added_to_a_home_screen(
    playwright: Playwright, server: ServerProcess, tmp_path: Path
) -> None:
    # A profile of its own: Chromium finds no app installable in a private window.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        base_url=server.url,
        viewport={"width": 390, "height": 844},
    )
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body:not(.booting)")
        check_manifest(read_manifest(page), f"{server.url}/")
        session = context.new_cdp_session(page)
        assert session.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        touch_icon = page.evaluate(
            "async () => { const link = document.querySelector('link[rel=apple-touch-icon]');"
            " const image = new Image(); image.src = link.href; await image.decode();"
            " return image.naturalWidth; }"
        )
        assert touch_icon == 180
    finally:
        context.close()
