"""Reading request bodies: size-limited JSON objects and typed fields (a rule
set's name among them)."""

from __future__ import annotations

import json
import re
from typing import Final, TypeVar, overload

from starlette.requests import ClientDisconnect, Request
from starlette.types import Scope

from yukon.engine import InvalidCodeError, RuleSet
from yukon.engine.words import counted
from yukon.web.errors import ApiError, bad_request

__all__ = ["optional", "read_object", "required", "rule_set"]

T = TypeVar("T")
_LENGTH: Final = re.compile(r"[0-9]{1,18}")
_JSON: Final = "application/json"
_KIND_NAMES: Final[dict[type, str]] = {
    str: "text",
    int: "a whole number",
    bool: "true or false",
}


async def read_object(request: Request, limit: int) -> dict[str, object]:
    """The request's JSON object (``{}`` for an empty body).

    Only a body declared ``application/json`` is read: a form that another site
    posts (``text/plain`` made to look like JSON) is refused by its type too.

    :raises ApiError: ``too_large`` past *limit* bytes, ``unsupported_media_type``
        for a body of another type, ``bad_request`` for malformed JSON, text
        that is not Unicode, or anything but an object.
    """
    declared, declared_type = _declared(request.scope)
    # The declared length may be anything: only a plain number is worth reading.
    if declared is not None and _LENGTH.fullmatch(declared) and int(declared) > limit:
        raise _too_large(limit)
    body = b""
    more = True
    while more:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        body += message.get("body", b"")
        more = message.get("more_body", False)
        # The declared length may be absent or false: count what really arrives.
        if len(body) > limit:
            raise _too_large(limit)
    if not body.strip():
        return {}
    _check_type(declared_type)
    try:
        data = json.loads(body)
        # JSON may spell a lone surrogate (\udfff), which is no character at all.
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise bad_request("the body holds a lone surrogate (\\ud800-\\udfff): not text") from None
    except (ValueError, RecursionError) as error:
        raise bad_request(f"the body is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise bad_request(f"the body must be a JSON object, not {type(data).__name__}")
    return data


def _declared(scope: Scope) -> tuple[str | None, str]:
    """The request's declared length (``None`` if not given) and type (``""``),
    from one pass over its headers: Starlette's ``request.headers`` builds a
    mapping of them all, more work than reading the body."""
    length, kind = None, ""
    for name, value in scope["headers"]:
        if name == b"content-length":
            length = value.decode("latin-1")
        elif name == b"content-type":
            kind = value.decode("latin-1")
    return length, kind


def _check_type(declared: str) -> None:
    if declared.split(";", 1)[0].strip().lower() != _JSON:
        raise ApiError(
            415,
            "unsupported_media_type",
            f"the body must be sent as {_JSON}, not {declared or 'without a type'!r}",
        )


def _too_large(limit: int) -> ApiError:
    # The rest of the body is not read: the connection ends with the answer.
    return ApiError(
        413,
        "too_large",
        f"the body is larger than {counted(limit, 'byte')}",
        headers={"Connection": "close"},
    )


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


def rule_set(name: str) -> RuleSet:
    """The rule set named *name* (a body's or a query's ``rules``).

    :raises ApiError: ``bad_request`` listing the rule sets there are.
    """
    try:
        return RuleSet.parse(name)
    except InvalidCodeError as error:
        raise bad_request(f"'rules': {error}") from None
