"""The player cookie, the request checks of :mod:`yukon.web.guard` and the
security headers, as one plain ASGI middleware (cheaper per request than
Starlette's ``BaseHTTPMiddleware``). It wraps the whole app, error pages
included, so that every answer carries the security headers."""

from __future__ import annotations

import json
import re
import secrets
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from yukon.web.guard import (
    ANY_HOST,
    HEALTH_PATH,
    MAX_HEADER_BYTES,
    Refusal,
    check_request,
    is_foreign,
    route_path,
)

__all__ = ["COOKIE_NAME", "SECURITY_HEADERS", "PlayerMiddleware", "new_player_id"]

COOKIE_NAME: Final = "yukon_player"
COOKIE_MAX_AGE: Final = 365 * 24 * 3600
"""A year from the last visit: the cookie is set again on every answer."""
# A well-formed id in the Cookie header; anything else is treated as no cookie.
_COOKIE: Final = re.compile(
    rb"(?:^|;)\s*" + COOKIE_NAME.encode() + rb"=([A-Za-z0-9_-]{43})\s*(?:;|$)"
)
_PLAYER_BYTES: Final = 32

SECURITY_HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        b" connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
# Files are revalidated with their ETag on every load: no build step stamps names,
# so a stale cached module after an update would break the app.
_REVALIDATE: Final = (b"cache-control", b"no-cache")
_NO_STORE: Final = (b"cache-control", b"no-store")
_FILE_PREFIXES: Final = ("/static/", "/i18n/")


def new_player_id() -> str:
    """A new anonymous player id: 256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(_PLAYER_BYTES)


def _player_from_cookie(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"cookie":
            match = _COOKIE.search(value)
            if match is not None:
                return match.group(1).decode("ascii")
    return None


class PlayerMiddleware:
    """Gives every request a player (``request.state.player``): the one named by a
    valid ``yukon_player`` cookie, or a new one; refuses what
    :func:`~yukon.web.guard.check_request` refuses; and adds the security and
    cache headers to every answer.

    The cookie is set again on every answer the player's own pages ask for, so
    it expires a year after the last visit, not after the first. A request that
    another site made the browser send never sets it: no other site can give a
    player a new identity.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        secure_cookies: bool = False,
        allowed_hosts: tuple[str, ...] = (ANY_HOST,),
        max_header_bytes: int = MAX_HEADER_BYTES,
    ) -> None:
        self.app = app
        self.secure_cookies = secure_cookies
        self.allowed_hosts = allowed_hosts
        self.max_header_bytes = max_header_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = check_request(
            scope, allowed_hosts=self.allowed_hosts, max_header_bytes=self.max_header_bytes
        )
        if refusal is not None:
            await _refuse(refusal, send)
            return
        path = route_path(scope)
        is_file = path.startswith(_FILE_PREFIXES)
        player = _player_from_cookie(scope) or new_player_id()
        scope.setdefault("state", {})["player"] = player
        extra = list(SECURITY_HEADERS)
        extra.append(_NO_STORE if path.startswith("/api/") or path == HEALTH_PATH else _REVALIDATE)
        if not is_file and not is_foreign(scope):
            extra.append((b"set-cookie", self._cookie(player, scope)))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    header for header in message.get("headers", []) if header[0] != b"cache-control"
                ]
                message = {**message, "headers": headers + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _cookie(self, player: str, scope: Scope) -> bytes:
        # Behind an HTTPS proxy whose forwarded headers are trusted the scheme says so.
        secure = "; Secure" if self.secure_cookies or scope.get("scheme") == "https" else ""
        path = scope.get("root_path", "") or "/"
        return (
            f"{COOKIE_NAME}={player}; Max-Age={COOKIE_MAX_AGE}; Path={path}; HttpOnly;"
            f" SameSite=Lax{secure}"
        ).encode("latin-1")


async def _refuse(refusal: Refusal, send: Send) -> None:
    body = json.dumps({"error": {"code": refusal.code, "message": refusal.message}}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode("ascii")),
        *SECURITY_HEADERS,
        _NO_STORE,
    ]
    await send({"type": "http.response.start", "status": refusal.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
