"""Every refusal the server answers, mapped to HTTP in this one place: a table
from error class to status and code, looked up along the error's class's MRO
(as Starlette finds an exception's handler), so that the nearest class decides.

Each answer has the shape ``{"error": {"code", "message", …}}`` and, when a game
is concerned, ``"state"`` with the game as it is (nothing changed): see
:mod:`yukon.web.failures`, the app's one exception handler.

>>> error_answer(GameNotFoundError("there is no game 'x'"))
(404, {'code': 'not_found', 'message': "there is no game 'x'"})
>>> error_answer(OSError("disk full"))
(500, {'code': 'internal_error', 'message': 'something went wrong on the server'})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from starlette.exceptions import HTTPException

from yukon.daily import InvalidDayError
from yukon.engine import (
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidRecordError,
    NothingToUndoError,
    YukonError,
)
from yukon.i18n import DEFAULT_LANGUAGE
from yukon.i18n.messages import refusal_message
from yukon.storage import (
    CorruptGameError,
    DatabaseBusyError,
    GameNotFoundError,
    GameRefusedError,
    GameTooLongError,
    GameWonError,
    InvalidPracticeError,
    InvalidSettingError,
    StaleVersionError,
    StorageError,
)

__all__ = [
    "ERRORS",
    "HANDLED",
    "ApiError",
    "answer_headers",
    "bad_request",
    "error_answer",
    "retry_later",
]

V = TypeVar("V")


class ApiError(Exception):
    """A refusal decided by the web layer itself (bad body, too large, …): it
    names its own status and code."""

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


ERRORS: Final[Mapping[type[Exception], tuple[int, str]]] = {
    # The engine's: bad input and refused moves.
    IllegalMoveError: (422, "illegal_move"),
    InvalidCodeError: (400, "invalid_code"),
    InvalidMoveError: (400, "invalid_move"),
    InvalidCardError: (400, "invalid_move"),
    NothingToUndoError: (409, "nothing_to_undo"),
    InvalidDayError: (400, "invalid_date"),
    YukonError: (400, "bad_request"),
    # The storage layer's: games refused, missing or damaged.
    StaleVersionError: (409, "stale_version"),
    GameWonError: (409, "game_won"),
    GameTooLongError: (409, "game_too_long"),
    GameNotFoundError: (404, "not_found"),
    InvalidSettingError: (400, "bad_request"),
    InvalidPracticeError: (400, "invalid_practice"),
    CorruptGameError: (500, "corrupt_game"),
    DatabaseBusyError: (503, "database_busy"),
    StorageError: (500, "storage_error"),
    # Anything else is the server's failure.
    Exception: (500, "internal_error"),
}
"""Status and code by error class. An :class:`ApiError` and Starlette's own
:class:`HTTPException` (404, 405, …) carry theirs."""

_HTTP_CODES: Final = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}

_FIELDS: Final[Mapping[type[Exception], Callable[[Any], dict[str, object]]]] = {
    IllegalMoveError: lambda error: {
        **error.refusal.as_dict(),
        "message": refusal_message(DEFAULT_LANGUAGE, error.refusal),
    },
    InvalidCodeError: lambda error: {"message": str(error), "problem": error.problem.value},
    ApiError: lambda error: {"message": str(error), **error.details},
    DatabaseBusyError: lambda error: {"message": str(error), "retry_after": error.retry_after},
    HTTPException: lambda error: {"message": error.detail},
    Exception: lambda error: {"message": str(error)},
}
"""What an answer says beside its code, by error class: a refused move in the
catalog's words (the player's language is put in by the one handler)."""

_UNSAID: Final = {
    "storage_error": "the game could not be stored; try again",
    "internal_error": "something went wrong on the server",
}
"""Messages that stand for the error's own, which may name the server's insides."""

HANDLED: Final[tuple[type[Exception], ...]] = (ApiError, HTTPException, *ERRORS)
"""The exception classes the app's handler is registered for."""


def _nearest(table: Mapping[type[Exception], V], error: Exception) -> V:
    """The entry for *error*'s nearest class in *table*: the first along its MRO."""
    return next(table[kind] for kind in type(error).__mro__ if kind in table)


def status_and_code(error: Exception) -> tuple[int, str]:
    """The HTTP status and the API's error code for *error*."""
    if isinstance(error, ApiError):
        return error.status, error.code
    if isinstance(error, HTTPException):
        return error.status_code, _HTTP_CODES.get(error.status_code, "bad_request")
    return _nearest(ERRORS, error)


def _answered_as(error: Exception) -> Exception:
    """The error that decides *error*'s answer: a refused change or an unreadable
    record answers as the engine's error it wraps (its ``cause``)."""
    cause = getattr(error, "cause", None)
    if isinstance(error, GameRefusedError | InvalidRecordError) and isinstance(cause, YukonError):
        return cause
    return error


def answer_headers(error: Exception) -> Mapping[str, str] | None:
    """The headers the answer to *error* carries: its own, or when to ask again."""
    if isinstance(error, HTTPException | ApiError):
        return error.headers
    if isinstance(error, DatabaseBusyError):
        return {"Retry-After": str(error.retry_after)}
    return None


def error_answer(error: Exception) -> tuple[int, dict[str, object]]:
    """The status and the error object (``code``, ``message``, …) for *error*."""
    answered = _answered_as(error)
    status, code = status_and_code(answered)
    body = {"code": code, **_nearest(_FIELDS, answered)(answered)}
    if code in _UNSAID:
        body["message"] = _UNSAID[code]
    if isinstance(error, InvalidRecordError):
        # Where in the record: its code (position 0) or a move's notation.
        body |= {"message": str(error), "position": error.position, "text": error.text}
    return status, body
