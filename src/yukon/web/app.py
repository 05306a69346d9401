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

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from starlette.applications import Starlette
from starlette.middleware import Middleware

from yukon.storage import GameService, default_db_path, is_postgres_url, open_store
from yukon.web.api import api_routes
from yukon.web.config import AppSettings
from yukon.web.errors import HANDLED, handle_error
from yukon.web.middleware import PlayerMiddleware
from yukon.web.pages import page_routes
from yukon.web.solving import Solving

__all__ = [
    "DATABASE_VARIABLE",
    "DURABLE_VARIABLE",
    "app_from_environ",
    "create_app",
    "database_from_environ",
]

DATABASE_VARIABLE: Final = "YUKON_DATABASE_URL"
"""The database when ``--db`` is not given: an SQLite file's path or a ``postgresql://`` URL."""
DURABLE_VARIABLE: Final = "YUKON_DURABLE"


def create_app(settings: AppSettings) -> Starlette:
    """The Yukon web app: JSON API, pages and files, over the database at
    ``settings.db_path`` (created on first run)."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = open_store(settings.db_path, durable=settings.durable)
        service = GameService(store, clock=settings.clock, cache_size=settings.cache_size)
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
        middleware=[Middleware(PlayerMiddleware, secure_cookies=settings.secure_cookies)],
        exception_handlers=dict.fromkeys(HANDLED, handle_error),
        lifespan=lifespan,
    )
    app.state.settings = settings
    return app


def app_from_environ() -> Starlette:
    """The app over the database named by ``YUKON_DATABASE_URL`` (else the file in
    the user's data folder), durable when ``YUKON_DURABLE`` is ``1``. ``yukon serve
    --workers N`` has uvicorn call it by name in each worker process."""
    durable = os.environ.get(DURABLE_VARIABLE) == "1"
    return create_app(AppSettings(db_path=database_from_environ(), durable=durable))


def database_from_environ() -> Path | str:
    """The database ``YUKON_DATABASE_URL`` names, else the file in the user's data folder."""
    text = os.environ.get(DATABASE_VARIABLE, "")
    if not text:
        return default_db_path()
    return text if is_postgres_url(text) else Path(text)
