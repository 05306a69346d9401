"""Reading request bodies: size-limited JSON objects and typed fields."""

from __future__ import annotations

import json
import re
from typing import Final, TypeVar, overload

from starlette.requests import Request

from yukon.web.errors import ApiError, bad_request

__all__ = ["optional", "read_object", "required"]

T = TypeVar("T")
_LENGTH: Final = re.compile(r"[0-9]{1,18}")
_KIND_NAMES: Final[dict[type, str]] = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
}


async def read_object(request: Request, limit: int) -> dict[str, object]:
    """The request's JSON object (``{}`` for an empty body).

    :raises ApiError: ``too_large`` past *limit* bytes, ``bad_request`` for
        malformed JSON or anything but an object.
    """
    declared = request.headers.get("content-length")
    # The declared length may be anything: only a plain number is worth reading.
    if declared is not None and _LENGTH.fullmatch(declared) and int(declared) > limit:
        raise _too_large(limit)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        # The declared length may be absent or false: count what really arrives.
        if len(body) > limit:
            raise _too_large(limit)
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as error:
        raise bad_request(f"the body is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise bad_request(f"the body must be a JSON object, not {type(data).__name__}")
    return data


def _too_large(limit: int) -> ApiError:
    return ApiError(413, "too_large", f"the body is larger than {limit} bytes")


def _check(name: str, value: object, kind: type[T]) -> T:
    # bool is an int in Python, but true is not a version number.
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    raise bad_request(f"{name!r} must be {_KIND_NAMES.get(kind, kind.__name__)}, not {value!r}")


def required(body: dict[str, object], name: str, kind: type[T]) -> T:
    """The field *name* of *body*, which must be there and of type *kind*.

    :raises ApiError: ``bad_request`` naming the field.
    """
    if name not in body:
        raise bad_request(f"the body needs {name!r}")
    return _check(name, body[name], kind)


@overload
def optional(body: dict[str, object], name: str, kind: type[T]) -> T | None: ...
@overload
def optional(body: dict[str, object], name: str, kind: type[T], default: T) -> T: ...
def optional(
    body: dict[str, object], name: str, kind: type[T], default: T | None = None
) -> T | None:
    """The field *name* when present (``null`` counts as absent), else *default*.

    :raises ApiError: ``bad_request`` when it is of another type.
    """
    value = body.get(name)
    if value is None:
        return default
    return _check(name, value, kind)
