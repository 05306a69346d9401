"""The app factory: ``create_app(settings)`` builds the Starlette app; the database
and the game service open in the lifespan and close with it.

>>> import tempfile, pathlib
>>> from starlette.testclient import TestClient
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app(AppSettings(db_path=pathlib.Path(folder.name) / "y.sqlite3"))
>>> with TestClient(app) as client:
...     answer = client.post("/api/v1/games", json={"code": "YU1-C-AAAAAAB"})
...     answer.status_code, answer.json()["columns"][0]
(201, {'hidden': 0, 'cards': ['7H']})
>>> folder.cleanup()
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware

from yukon.storage import Database, GameService
from yukon.web.api import api_routes
from yukon.web.config import AppSettings
from yukon.web.errors import HANDLED, handle_error
from yukon.web.middleware import PlayerMiddleware
from yukon.web.pages import page_routes
from yukon.web.solving import Solving

__all__ = ["create_app"]


def create_app(settings: AppSettings) -> Starlette:
    """The Yukon web app: JSON API, pages and files, over the database at
    ``settings.db_path`` (created on first run)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        database = Database(settings.db_path, durable=settings.durable)
        service = GameService(database, clock=settings.clock, cache_size=settings.cache_size)
        solving = Solving(
            workers=settings.solver_workers,
            hint_seconds=settings.hint_seconds,
            analysis_seconds=settings.analysis_seconds,
        )
        app.state.service = service
        app.state.solving = solving
        try:
            yield
        finally:
            solving.close()
            service.close()

    app = Starlette(
        routes=[*api_routes(), *page_routes(settings.static_dir, settings.i18n_dir)],
        # Compressed answers: the scripts, catalogs and card pictures are text that
        # shrinks to a third, which keeps a phone's first load small.
        middleware=[
            Middleware(GZipMiddleware, minimum_size=1024),
            Middleware(PlayerMiddleware, secure_cookies=settings.secure_cookies),
        ],
        exception_handlers=dict.fromkeys(HANDLED, handle_error),
        lifespan=lifespan,
    )
    app.state.settings = settings
    return app
