"""The web app manifest and its icons as the real app serves them: the
manifest's content type, fields that open the app full screen from its own
address, and icons that are PNG images of their stated sizes."""

from __future__ import annotations

import json
import random
import struct
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from starlette.testclient import TestClient

from yukon.web import AppSettings, create_app

MANIFEST = "/static/manifest.webmanifest"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[TestClient]:
    settings = AppSettings(db_path=tmp_path / "y.sqlite3", rng=random.Random(1))
    with TestClient(create_app(settings)) as client:
        yield client


def png_size(data: bytes) -> str:
    """A PNG image's size, read from its header: "192x192"."""
    assert data.startswith(PNG_SIGNATURE)
    width, height = struct.unpack(">II", data[16:24])
    return f"{width}x{height}"


def test_the_page_links_the_manifest(site: TestClient) -> None:
    page = site.get("/").text
    assert '<link rel="manifest" href="static/manifest.webmanifest">' in page
    assert '<base href="/">' in page


def test_the_manifest_opens_the_app_full_screen_in_any_orientation(site: TestClient) -> None:
    answer = site.get(MANIFEST)
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.text)
    address = f"http://testserver{MANIFEST}"
    assert urljoin(address, manifest["start_url"]) == "http://testserver/"
    assert urljoin(address, manifest["scope"]) == "http://testserver/"
    assert manifest["display"] in ("fullscreen", "standalone")
    assert manifest["orientation"] == "any"
    assert manifest["name"] == manifest["short_name"] == "Yukon"


def test_the_icons_are_png_images_of_their_sizes(site: TestClient) -> None:
    manifest = site.get(MANIFEST).json()
    purposes = set()
    for icon in manifest["icons"]:
        answer = site.get(urljoin(MANIFEST, icon["src"]))
        assert answer.status_code == 200, icon
        assert answer.headers["content-type"] == icon["type"] == "image/png"
        assert png_size(answer.content) == icon["sizes"]
        purposes.add(icon["purpose"])
    assert purposes == {"any", "maskable"}
    touch = site.get("/static/icons/apple-touch-icon.png")
    assert png_size(touch.content) == "180x180"
