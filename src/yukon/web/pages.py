"""The single-page app, its static files and the language catalogs."""

from __future__ import annotations

import hashlib
import html
from pathlib import Path
from typing import Final

from starlette.endpoints import HTTPEndpoint
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from yukon.i18n import LANGUAGES
from yukon.web.errors import ApiError
from yukon.web.resources import Resources

__all__ = ["page_routes"]

SPA_PATHS = (
    "/",
    "/play/{code}",
    "/stats",
    "/history",
    "/history/{game_id}",
    "/rules",
    "/examples",
    "/faq",
)
INDEX = "index.html"
_BASE: Final = '<base href="/">'


def render_index(text: str, root_path: str) -> str:
    """The app page for a server under *root_path* (``--root-path``): every
    address in the page and the app is relative to its ``<base href>``.

    >>> render_index('<head><base href="/"></head>', "/yukon")
    '<head><base href="/yukon/"></head>'
    """
    return text.replace(_BASE, f'<base href="{html.escape(root_path)}/">', 1)


def _index_response(text: str, request: Request) -> Response:
    """The page with an ETag, so that a reload costs a 304 as for the files."""
    tag = '"' + hashlib.sha256(text.encode("utf-8")).hexdigest()[:20] + '"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"etag": tag})
    return HTMLResponse(text, headers={"etag": tag})


class Page(HTTPEndpoint):
    """The app's page: all the same HTML, the app routes itself."""

    async def get(self, request: Request) -> Response:
        index = Resources.of(request).settings.static_dir / INDEX
        if not index.is_file():
            raise ApiError(404, "not_found", f"the app page is missing: {INDEX} is not installed")
        text = index.read_text(encoding="utf-8")
        return _index_response(render_index(text, request.scope.get("root_path", "")), request)


class Catalog(HTTPEndpoint):
    """``/i18n/{lang}.json``: the language catalog of one of the app's languages."""

    async def get(self, request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            raise ApiError(
                404, "not_found", f"no language {lang!r}; there are {', '.join(LANGUAGES)}"
            )
        # check_dir=False: the browser developer's files may land after the server starts.
        catalogs = StaticFiles(directory=Resources.of(request).settings.i18n_dir, check_dir=False)
        return await catalogs.get_response(f"{lang}.json", request.scope)


def page_routes(static_dir: Path) -> list[BaseRoute]:
    """The app's pages, ``/static/`` and ``/i18n/{lang}.json``. Files answer with
    an ETag, so a reload costs a 304."""
    static = StaticFiles(directory=static_dir, check_dir=False)
    return [
        *(Route(path, Page) for path in SPA_PATHS),
        Route("/i18n/{lang}.json", Catalog),
        Mount("/static", app=static, name="static"),
    ]
