"""The single-page app, its static files and the language catalogs."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from yukon.i18n import LANGUAGES
from yukon.web.errors import ApiError

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


def page_routes(static_dir: Path, i18n_dir: Path) -> list[BaseRoute]:
    """The app's pages (all the same HTML: the app routes itself), ``/static/``
    and ``/i18n/{lang}.json``. Files answer with an ETag, so a reload costs a 304."""
    # check_dir=False: the browser developer's files may land after the server starts.
    static = StaticFiles(directory=static_dir, check_dir=False)
    catalogs = StaticFiles(directory=i18n_dir, check_dir=False)

    async def page(request: Request) -> Response:
        if not (static_dir / INDEX).is_file():
            raise ApiError(404, "not_found", f"the app page is missing: {INDEX} is not installed")
        return await static.get_response(INDEX, request.scope)

    async def catalog(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            raise ApiError(
                404, "not_found", f"no language {lang!r}; there are {', '.join(LANGUAGES)}"
            )
        return await catalogs.get_response(f"{lang}.json", request.scope)

    return [
        *(Route(path, page, methods=["GET", "HEAD"]) for path in SPA_PATHS),
        Route("/i18n/{lang}.json", catalog, methods=["GET", "HEAD"]),
        Mount("/static", app=static, name="static"),
    ]
