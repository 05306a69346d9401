"""Who may talk to the server: the checks made on every request before any
handler runs (the Host header, oversized headers, requests sent by other sites).

A browser tells where a request comes from in ``Sec-Fetch-Site`` (recent
browsers) and ``Origin`` (every browser, on every POST). A request that another
site made the browser send may carry the player's cookie, so it must neither
change anything nor be given an identity. Clients that are not browsers (curl,
scripts) send neither header and are served as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from starlette.types import Scope

from yukon.engine.words import counted

__all__ = [
    "ANY_HOST",
    "HEALTH_PATH",
    "Refusal",
    "check_request",
    "host_name",
    "is_foreign",
    "loopback_hosts",
]

ANY_HOST: Final = "*"
MAX_HEADER_BYTES: Final = 16 * 1024
"""The most bytes of request headers (names and values) the server reads."""
_SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_OWN_SITE: Final = frozenset({b"same-origin", b"none"})
_LOOPBACK: Final = ("127.0.0.1", "::1", "localhost")
HEALTH_PATH: Final = "/healthz"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A request refused before it reaches the app: HTTP status, stable code, why."""

    status: int
    code: str
    message: str


def loopback_hosts(bind: str) -> tuple[str, ...]:
    """The default allowed hosts for a server listening on *bind*: only the
    loopback names when it listens on loopback (no DNS rebinding reaches it),
    any host otherwise (the operator names them with ``--allowed-hosts``)."""
    if bind in _LOOPBACK or bind.startswith("127."):
        return ("localhost", "127.0.0.1", "[::1]")
    return (ANY_HOST,)


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port, in lower case.

    >>> host_name("Example.COM:8000"), host_name("[::1]:8000"), host_name("localhost")
    ('example.com', '[::1]', 'localhost')
    """
    host = host.lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0]


def _host_allowed(host: str, allowed: tuple[str, ...]) -> bool:
    name = host_name(host)
    for pattern in allowed:
        if pattern == ANY_HOST or name == pattern:
            return True
        if pattern.startswith("*.") and name.endswith(pattern[1:]):
            return True
    return False


def is_foreign(scope: Scope) -> bool:
    """Whether another site (another origin) made the browser send this request."""
    fetch_site = _header(scope, b"sec-fetch-site")
    if fetch_site is not None:
        return fetch_site not in _OWN_SITE
    origin = _header(scope, b"origin")
    if origin is None:
        return False
    own = f"{scope.get('scheme', 'http')}://".encode() + (_header(scope, b"host") or b"")
    return origin.lower() != own.lower()


def route_path(scope: Scope) -> str:
    """The path below the app's root (``--root-path`` behind a proxy)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


def check_request(
    scope: Scope, *, allowed_hosts: tuple[str, ...], max_header_bytes: int
) -> Refusal | None:
    """Why this request is refused before any handler sees it, or ``None``."""
    size = sum(len(name) + len(value) for name, value in scope["headers"])
    if size > max_header_bytes:
        most = counted(max_header_bytes, "byte")
        return Refusal(431, "headers_too_large", f"the request headers exceed {most}")
    # The health check answers for any name: a local probe knows no public one.
    if ANY_HOST not in allowed_hosts and route_path(scope) != HEALTH_PATH:
        host = (_header(scope, b"host") or b"").decode("latin-1")
        if not _host_allowed(host, allowed_hosts):
            return Refusal(400, "bad_host", f"this server does not answer for the host {host!r}")
    if scope["method"] not in _SAFE_METHODS and is_foreign(scope):
        return Refusal(
            403, "foreign_origin", "another site may not change a player's games or settings"
        )
    return None
