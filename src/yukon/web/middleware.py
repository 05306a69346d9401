"""The player cookie and the security headers, as one plain ASGI middleware
(cheaper per request than Starlette's ``BaseHTTPMiddleware``)."""

from __future__ import annotations

import re
import secrets
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["COOKIE_NAME", "SECURITY_HEADERS", "PlayerMiddleware", "new_player_id"]

COOKIE_NAME: Final = "yukon_player"
_COOKIE_MAX_AGE: Final = 365 * 24 * 3600
# A well-formed id in the Cookie header; anything else is treated as no cookie.
_COOKIE: Final = re.compile(
    rb"(?:^|;)\s*" + COOKIE_NAME.encode() + rb"=([A-Za-z0-9_-]{43})\s*(?:;|$)"
)
_PLAYER_BYTES: Final = 32

SECURITY_HEADERS: Final[tuple[tuple[bytes, bytes], ...]] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        b" connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
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
    valid ``yukon_player`` cookie, or a new one that the answer sets; and adds the
    security and cache headers to every answer."""

    def __init__(self, app: ASGIApp, *, secure_cookies: bool = False) -> None:
        self.app = app
        self.secure_cookies = secure_cookies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        is_file = path.startswith(_FILE_PREFIXES)
        player = _player_from_cookie(scope)
        set_cookie = player is None and not is_file
        if player is None:
            player = new_player_id()
        scope.setdefault("state", {})["player"] = player
        extra = list(SECURITY_HEADERS)
        extra.append(_REVALIDATE if is_file or not path.startswith("/api/") else _NO_STORE)
        if set_cookie:
            extra.append((b"set-cookie", self._cookie(player)))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    header for header in message.get("headers", []) if header[0] != b"cache-control"
                ]
                message = {**message, "headers": headers + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _cookie(self, player: str) -> bytes:
        secure = "; Secure" if self.secure_cookies else ""
        return (
            f"{COOKIE_NAME}={player}; Max-Age={_COOKIE_MAX_AGE}; Path=/; HttpOnly;"
            f" SameSite=Lax{secure}"
        ).encode("latin-1")
