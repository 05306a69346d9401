"""``yukon serve``'s socket: bound here, before anything is printed, so that a
port another program holds ends the command in one line (uvicorn would log
its error among the start-up lines and exit after starting the app), and then
handed to uvicorn, whose processes all serve it (``--workers``)."""

from __future__ import annotations

import errno
import socket
from typing import TYPE_CHECKING, Any, Final

from yukon.commands.base import AddressError, FailedError

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["listen", "run_server"]

_WHAT_TO_DO: Final = {
    errno.EADDRINUSE: "another program listens on it: stop that program, or choose another"
    " port with --port (YUKON_PORT)",
    errno.EACCES: "a port below 1024 needs privileges: choose a port from 1024 up with"
    " --port (YUKON_PORT), behind a proxy that listens on the low one",
    errno.EADDRNOTAVAIL: "the address is not one of this machine's: choose another with"
    " --host (YUKON_HOST)",
}


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to *host* and *port*, as uvicorn binds its own.

    :raises AddressError: naming the address and what to do, when it cannot be bound.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        shown = f"[{host}]:{port}" if family == socket.AF_INET6 else f"{host}:{port}"
        advice = _WHAT_TO_DO.get(error.errno or 0, error.strerror or str(error))
        if isinstance(error, socket.gaierror):
            advice = f"{host!r} is not an address or a known host name ({error.strerror})"
        raise AddressError(f"cannot listen on {shown}: {advice}") from None
    sock.set_inheritable(True)  # the worker processes of --workers serve it too
    return sock


def run_server(app: Starlette | str, sock: socket.socket, **options: Any) -> None:
    """Serve *app* on *sock* with uvicorn's *options* (those of ``uvicorn.run``),
    in ``options["workers"]`` processes.

    :raises FailedError: when the app could not start (the log says why).
    """
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(app, **options)
    try:
        if config.workers > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            uvicorn.Server(config).run(sockets=[sock])
    except SystemExit as stop:
        if stop.code != STARTUP_FAILURE:
            raise
        raise FailedError("the app could not start: the log above says why") from None
    finally:
        sock.close()
