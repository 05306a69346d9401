"""What the app holds while it runs: the game service over the database, the
solver's processes, the threads for blocking work, the process of heavy requests
and the count of new games.
They open in the lifespan and close with it; every request reaches them through
its ``state`` (Starlette's lifespan state), typed by :meth:`Resources.of`.

>>> import tempfile, pathlib
>>> from starlette.testclient import TestClient
>>> from yukon.web import create_app
>>> folder = tempfile.TemporaryDirectory()
>>> app = create_app(AppSettings(db_path=pathlib.Path(folder.name) / "y.sqlite3"))
>>> with TestClient(app) as client:
...     type(client.app_state["resources"]).__name__
'Resources'
>>> folder.cleanup()
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Final, TypeVar

from starlette.requests import HTTPConnection

from yukon.i18n.messages import choose_language
from yukon.storage import GameService, open_store
from yukon.web.config import AppSettings
from yukon.web.fairshare import FairShare
from yukon.web.limits import RateLimit
from yukon.web.offload import Offload
from yukon.web.solving import Solving

__all__ = ["Resources", "off_loop", "open_resources", "player_of", "request_language"]

T = TypeVar("T")

_log: Final = logging.getLogger("yukon.web")


@dataclass(frozen=True, slots=True)
class Resources:
    """The app's resources while it runs (see :func:`open_resources`)."""

    settings: AppSettings
    service: GameService
    solving: Solving
    offload: Offload
    replays: FairShare
    new_games: RateLimit

    @staticmethod
    def of(connection: HTTPConnection) -> Resources:
        """The resources of the app that serves *connection*."""
        resources: Resources = connection.state.resources
        return resources


@asynccontextmanager
async def open_resources(settings: AppSettings) -> AsyncIterator[Resources]:
    """The app's resources for *settings*, open until the block ends."""
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
        review_seconds=settings.review_seconds,
    )
    offload = Offload()
    replays = FairShare()
    new_games = RateLimit(settings.games_per_minute, clock=settings.clock)
    solving.start()
    try:
        yield Resources(settings, service, solving, offload, replays, new_games)
    finally:
        await solving.close()
        replays.close()
        offload.close()
        service.close()


def player_of(connection: HTTPConnection) -> str:
    """The player who asks (:class:`~yukon.web.middleware.PlayerMiddleware` names one)."""
    player: str = connection.state.player
    return player


async def off_loop(connection: HTTPConnection, call: Callable[[], T]) -> T:
    """The result of *call*, run in the threads of *connection*'s app."""
    return await Resources.of(connection).offload.run(call)


def request_language(connection: HTTPConnection) -> str:
    """The language of the player's messages: their saved setting, else the
    ``Accept-Language`` header's best match, else English."""
    saved = None
    try:
        saved = Resources.of(connection).service.settings(player_of(connection)).language
    except Exception:  # a failing database must not stop the answer; the header decides
        _log.debug("no saved language for the error answer", exc_info=True)
    return choose_language(saved, connection.headers.get("accept-language"))
