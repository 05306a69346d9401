"""The app's one exception handler: every refusal and failure answered as JSON
(:func:`~yukon.web.errors.error_answer` says how), its message in the player's
language, with the game's state when a change to a game was refused."""

from __future__ import annotations

import logging
from typing import Final

from starlette.requests import Request
from starlette.responses import Response

from yukon.i18n.messages import localized_error
from yukon.storage import GameRefusedError
from yukon.web.errors import answer_headers, error_answer
from yukon.web.resources import Resources, off_loop, request_language
from yukon.web.responses import JsonResponse
from yukon.web.state import state_json

__all__ = ["handle_error"]

_log: Final = logging.getLogger("yukon.web")


def _log_failure(request: Request, error: Exception, status: int, code: str) -> None:
    """A failure of the server (5xx), with what was asked, so that the log says where."""
    where = (request.method, request.url.path)
    if code == "internal_error":
        _log.error("unexpected error in %s %s", *where, exc_info=error)
    elif status >= 500:
        _log.error("%s in %s %s: %s", code, *where, error)


async def handle_error(request: Request, error: Exception) -> Response:
    """Every refusal and failure as JSON, its message in the player's language
    (:func:`request_language`)."""
    status, body = error_answer(error)
    _log_failure(request, error, status, str(body["code"]))
    # The saved language is a database read: off the event loop like every other.
    language = await off_loop(request, lambda: request_language(request))
    content: dict[str, object] = {"error": localized_error(language, error, body)}
    if isinstance(error, GameRefusedError):
        content["state"] = state_json(error.live, Resources.of(request).service.now())
    return JsonResponse(content, status_code=status, headers=answer_headers(error))
