"""The app factory: ``create_app(settings)`` builds the Starlette app; the database,
the game service and the solver open in the lifespan and close with it.

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

from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.types import ASGIApp

from yukon.web.api import api_routes
from yukon.web.compress import Compression
from yukon.web.config import AppSettings
from yukon.web.errors import HANDLED
from yukon.web.failures import handle_error
from yukon.web.health import health_routes
from yukon.web.middleware import PlayerMiddleware
from yukon.web.pages import page_routes
from yukon.web.resources import open_resources

__all__ = ["YukonApp", "create_app"]


@asynccontextmanager
async def _lifespan(app: YukonApp) -> AsyncIterator[Mapping[str, object]]:
    """The app's resources, given to every request as its ``state``."""
    async with open_resources(app.settings) as resources:
        yield {"resources": resources}


class YukonApp(Starlette):
    """Starlette with its :class:`AppSettings`, and with the player middleware
    outside everything else, its error middleware included, so that even a 500
    carries the security headers."""

    def __init__(self, settings: AppSettings) -> None:
        self.settings = settings
        super().__init__(
            routes=[
                *api_routes(),
                *health_routes(),
                *page_routes(settings.static_dir),
            ],
            middleware=[Middleware(Compression)],
            exception_handlers=dict.fromkeys(HANDLED, handle_error),
            lifespan=_lifespan,
        )

    def build_middleware_stack(self) -> ASGIApp:
        return PlayerMiddleware(
            super().build_middleware_stack(),
            secure_cookies=self.settings.secure_cookies,
            allowed_hosts=self.settings.allowed_hosts,
            max_header_bytes=self.settings.max_header_bytes,
        )


def create_app(settings: AppSettings) -> YukonApp:
    """The Yukon web app: JSON API, pages and files, over the database at
    ``settings.db_path`` (created on first run); its resources open in the
    lifespan (:mod:`yukon.web.resources`)."""
    return YukonApp(settings)
