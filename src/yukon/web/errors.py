"""Every refusal the server answers, mapped to HTTP in this one place.

Each answer has the shape ``{"error": {"code", "message", …}}`` and, when a game
is concerned, ``"state"`` with the game as it is (nothing changed).
"""

from __future__ import annotations

import logging
from typing import Final

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from yukon.engine import (
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidRecordError,
    NothingToUndoError,
    YukonError,
)
from yukon.i18n.messages import choose_language, localized_error
from yukon.storage import (
    CorruptGameError,
    GameNotFoundError,
    GameRefusedError,
    GameTooLongError,
    GameWonError,
    InvalidSettingError,
    StaleVersionError,
    StorageError,
)
from yukon.web.offload import off_loop
from yukon.web.responses import JsonResponse
from yukon.web.state import state_json

__all__ = ["HANDLED", "ApiError", "handle_error", "request_language"]

_log: Final = logging.getLogger("yukon.web")


class ApiError(Exception):
    """A refusal decided by the web layer itself (bad body, too large, …)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        headers: dict[str, str] | None = None,
        **details: object,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.headers = headers
        self.details = details


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


def retry_later(code: str, message: str, wait: int) -> ApiError:
    """A 429 refusal for now: ``Retry-After`` (and ``retry_after``) say after how
    many seconds to ask again."""
    return ApiError(429, code, message, headers={"Retry-After": str(wait)}, retry_after=wait)


def _engine_answer(error: YukonError) -> tuple[int, dict[str, object]]:
    """Status and error object for an engine error."""
    message = str(error)
    if isinstance(error, IllegalMoveError):
        return 422, {"code": "illegal_move", **error.refusal.as_dict()}
    if isinstance(error, InvalidCodeError):
        return 400, {"code": "invalid_code", "message": message, "problem": error.problem.value}
    if isinstance(error, InvalidMoveError | InvalidCardError):
        return 400, {"code": "invalid_move", "message": message}
    if isinstance(error, NothingToUndoError):
        return 409, {"code": "nothing_to_undo", "message": message}
    if isinstance(error, InvalidRecordError):
        return _record_answer(error)
    return 400, {"code": "bad_request", "message": message}


def _record_answer(error: InvalidRecordError) -> tuple[int, dict[str, object]]:
    """An unreadable record: its code (position 0) or a move's notation."""
    status, body = _engine_answer(error.cause)
    return status, {**body, "message": str(error), "position": error.position, "text": error.text}


def _storage_answer(error: StorageError) -> tuple[int, dict[str, object]]:
    message = str(error)
    if isinstance(error, StaleVersionError):
        return 409, {"code": "stale_version", "message": message}
    if isinstance(error, GameWonError):
        return 409, {"code": "game_won", "message": message}
    if isinstance(error, GameTooLongError):
        return 409, {"code": "game_too_long", "message": message}
    if isinstance(error, GameRefusedError) and isinstance(error.cause, YukonError):
        return _engine_answer(error.cause)
    if isinstance(error, GameNotFoundError):
        return 404, {"code": "not_found", "message": message}
    if isinstance(error, InvalidSettingError):
        return 400, {"code": "bad_request", "message": message}
    if isinstance(error, CorruptGameError):
        _log.error("%s", message)
        return 500, {"code": "corrupt_game", "message": message}
    _log.error("storage error: %s", message)
    return 500, {"code": "storage_error", "message": "the game could not be stored; try again"}


_HTTP_CODES: Final = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}


def _answer(error: Exception) -> tuple[int, dict[str, object]]:
    if isinstance(error, ApiError):
        return error.status, {"code": error.code, "message": str(error), **error.details}
    if isinstance(error, YukonError):
        return _engine_answer(error)
    if isinstance(error, StorageError):
        return _storage_answer(error)
    if isinstance(error, HTTPException):
        code = _HTTP_CODES.get(error.status_code, "bad_request")
        return error.status_code, {"code": code, "message": error.detail}
    return 500, {"code": "internal_error", "message": "something went wrong on the server"}


def request_language(request: Request) -> str:
    """The language of the player's messages: their saved setting, else the
    ``Accept-Language`` header's best match, else English."""
    saved = None
    try:
        saved = request.app.state.service.settings(request.state.player).language
    except Exception:  # a failing database must not stop the answer; the header decides
        _log.debug("no saved language for the error answer", exc_info=True)
    return choose_language(saved, request.headers.get("accept-language"))


async def handle_error(request: Request, error: Exception) -> Response:
    """The one exception handler of the app: every refusal and failure as JSON,
    its message in the player's language (:func:`request_language`)."""
    status, body = _answer(error)
    if body["code"] == "internal_error":
        # With what was asked, so that the log says where it broke.
        _log.error("unexpected error in %s %s", request.method, request.url.path, exc_info=error)
    # The saved language is a database read: off the event loop like every other.
    language = await off_loop(request, lambda: request_language(request))
    body = localized_error(language, error, body)
    content: dict[str, object] = {"error": body}
    if isinstance(error, GameRefusedError):
        content["state"] = state_json(error.live, request.app.state.service.now())
    headers = error.headers if isinstance(error, HTTPException | ApiError) else None
    return JsonResponse(content, status_code=status, headers=headers)


HANDLED: Final[tuple[type[Exception], ...]] = (
    ApiError,
    YukonError,
    StorageError,
    HTTPException,
    Exception,
)
"""The exception classes :func:`handle_error` is registered for."""
