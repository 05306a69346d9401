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
from starlette.types import ASGIApp

from yukon.storage import GameService, open_store
from yukon.web.api import api_routes
from yukon.web.compress import Compression
from yukon.web.config import AppSettings
from yukon.web.errors import HANDLED
from yukon.web.failures import handle_error
from yukon.web.health import health_routes
from yukon.web.limits import RateLimit
from yukon.web.middleware import PlayerMiddleware
from yukon.web.offload import Offload
from yukon.web.pages import page_routes
from yukon.web.solving import Solving

__all__ = ["create_app"]


class _App(Starlette):
    """Starlette with the player middleware outside everything else, its error
    middleware included, so that even a 500 carries the security headers."""

    def build_middleware_stack(self) -> ASGIApp:
        settings: AppSettings = self.state.settings
        return PlayerMiddleware(
            super().build_middleware_stack(),
            secure_cookies=settings.secure_cookies,
            allowed_hosts=settings.allowed_hosts,
            max_header_bytes=settings.max_header_bytes,
        )


def create_app(settings: AppSettings) -> Starlette:
    """The Yukon web app: JSON API, pages and files, over the database at
    ``settings.db_path`` (created on first run)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(settings.db_path, durable=settings.durable)
        service = GameService(
            store,
            clock=settings.clock,
            cache_size=settings.cache_size,
            max_steps=settings.max_game_steps,
        )
        solving = Solving(
            workers=settings.solver_workers,
            queue=settings.solver_queue,
            hint_seconds=settings.hint_seconds,
            analysis_seconds=settings.analysis_seconds,
        )
        offload = Offload()
        app.state.service = service
        app.state.solving = solving
        app.state.offload = offload
        solving.start()
        try:
            yield
        finally:
            await solving.close()
            offload.close()
            service.close()

    app = _App(
        routes=[
            *api_routes(),
            *health_routes(),
            *page_routes(settings.static_dir, settings.i18n_dir),
        ],
        middleware=[Middleware(Compression)],
        exception_handlers=dict.fromkeys(HANDLED, handle_error),
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.new_games = RateLimit(settings.games_per_minute, clock=settings.clock)
    return app
