"""Pages, static files, language catalogs, the player cookie and the security
headers. The files are the test's own, in a temporary folder."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.helpers import API, new_game
from yukon.web import AppSettings, create_app
from yukon.web.middleware import COOKIE_NAME

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'"
)
INDEX = "<!doctype html><title>Yukon</title><script type=module src=/static/app.js></script>"


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    static, i18n = tmp_path / "static", tmp_path / "i18n"
    static.mkdir()
    i18n.mkdir()
    (static / "index.html").write_text(INDEX, encoding="utf-8")
    (static / "app.js").write_text("export {};\n", encoding="utf-8")
    (i18n / "sk.json").write_text('{"app.title": "Yukon"}', encoding="utf-8")
    return static, i18n


@pytest.fixture
def site(tmp_path: Path, files: tuple[Path, Path]) -> Iterator[TestClient]:
    static, i18n = files
    settings = AppSettings(
        db_path=tmp_path / "y.sqlite3", static_dir=static, i18n_dir=i18n, rng=random.Random(1)
    )
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/play/YU1-C-AAAAAAB",
        "/stats",
        "/history",
        "/history/k3J9x",
        "/rules",
        "/examples",
        "/faq",
    ],
)
def test_every_page_is_the_single_page_app(site: TestClient, path: str) -> None:
    answer = site.get(path)
    assert answer.status_code == 200
    assert answer.text == INDEX
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/v1/settings", "/nowhere"])
def test_every_answer_has_the_security_headers(site: TestClient, path: str) -> None:
    headers = site.get(path).headers
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"


def test_static_files_are_revalidated_by_etag(site: TestClient) -> None:
    first = site.get("/static/app.js")
    assert first.status_code == 200
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers["etag"]
    again = site.get("/static/app.js", headers={"if-none-match": etag})
    assert again.status_code == 304
    assert site.get("/static/missing.js").status_code == 404
    assert site.get("/static/../../y.sqlite3").status_code == 404


def test_language_catalogs_are_served_for_the_apps_languages_only(site: TestClient) -> None:
    answer = site.get("/i18n/sk.json")
    assert answer.status_code == 200
    assert answer.json() == {"app.title": "Yukon"}
    assert "etag" in answer.headers
    assert site.get("/i18n/pt.json").status_code == 404  # a language without its file (here)
    for unknown in ("de", "SK", "..%2Fy.sqlite3", "sk.json"):
        assert site.get(f"/i18n/{unknown}.json").status_code == 404


def test_api_answers_are_never_cached(site: TestClient) -> None:
    assert site.get(f"{API}/settings").headers["cache-control"] == "no-store"


def test_a_new_visitor_gets_a_long_random_http_only_cookie(site: TestClient) -> None:
    answer = site.get("/")
    cookie = answer.headers["set-cookie"]
    name, _, rest = cookie.partition("=")
    value = rest.split(";")[0]
    assert name == COOKIE_NAME
    assert len(value) == 43
    for flag in ("HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"):
        assert flag in cookie
    # The client sends it back now: the same player, for a year from this visit.
    renewed = site.get("/").headers["set-cookie"]
    assert renewed == cookie


def test_files_do_not_hand_out_cookies(tmp_path: Path, files: tuple[Path, Path]) -> None:
    static, i18n = files
    settings = AppSettings(db_path=tmp_path / "y.sqlite3", static_dir=static, i18n_dir=i18n)
    with TestClient(create_app(settings)) as fresh:
        assert "set-cookie" not in fresh.get("/static/app.js").headers


def test_a_forged_or_malformed_cookie_gets_a_new_player(site: TestClient) -> None:
    new_game(site)
    for forged in ("x", "a" * 42, "a" * 44, "<script>", "a" * 40 + "%%%"):
        site.cookies.clear()
        answer = site.get(f"{API}/games/current", headers={"cookie": f"{COOKIE_NAME}={forged}"})
        assert answer.status_code == 404
        assert "set-cookie" in answer.headers


def test_without_the_app_page_the_pages_say_so(tmp_path: Path) -> None:
    settings = AppSettings(db_path=tmp_path / "y.sqlite3", static_dir=tmp_path / "none")
    with TestClient(create_app(settings)) as bare:
        answer = bare.get("/")
        assert answer.status_code == 404
        assert "index.html" in answer.json()["error"]["detail"]
