"""``yukon serve``: run the game server and open the browser at the game."""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Final

from yukon.commands import Subcommands

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["register"]

_BROWSER_WAIT: Final = 10.0
_MAX_WORKERS: Final = 64


def register(commands: Subcommands) -> None:
    serve = commands.add_parser("serve", help="run the game server and open it in the browser")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--db",
        type=_database,
        default=None,
        help="the SQLite database file, or a postgresql:// URL (default: $YUKON_DATABASE_URL,"
        " else a file in the user's data folder)",
    )
    serve.add_argument(
        "--workers",
        type=_workers,
        default=1,
        help="server processes sharing the port and the database (1); for several, PostgreSQL"
        " is the database that scales, SQLite stays correct",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--durable",
        action="store_true",
        help="make every move survive a power cut too (an fsync per move; by default a move"
        " survives a crash of the server or a kill, not a power cut)",
    )
    serve.set_defaults(handler=_cmd_serve)


def _database(text: str) -> Path | str:
    """An SQLite file's path, or a PostgreSQL URL as it was written."""
    from yukon.storage import is_postgres_url

    return text if is_postgres_url(text) else Path(text)


def _workers(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= _MAX_WORKERS:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of processes from 1 to {_MAX_WORKERS}, not {text!r}"
        )
    return int(text)


def _has_display() -> bool:
    """Whether a browser window can be shown: always on Windows and macOS; on
    other systems only with an X or Wayland display."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _open_when_listening(host: str, port: int, url: str) -> None:
    """Open *url* once the server accepts connections (so the page never fails)."""
    deadline = time.monotonic() + _BROWSER_WAIT
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((host, port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.1)
    else:
        return
    webbrowser.open(url)


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from yukon.storage import describe_database
    from yukon.web import AppSettings, create_app
    from yukon.web.app import (
        DATABASE_VARIABLE,
        DURABLE_VARIABLE,
        app_from_environ,
        database_from_environ,
    )

    database = args.db if args.db is not None else database_from_environ()
    app: Starlette | str
    if args.workers > 1:
        # Each worker is a process that imports the app by name: it learns the
        # settings from the environment it inherits.
        os.environ[DATABASE_VARIABLE] = str(database)
        os.environ[DURABLE_VARIABLE] = "1" if args.durable else ""
        app = f"{app_from_environ.__module__}:{app_from_environ.__name__}"
    else:
        app = create_app(AppSettings(db_path=database, durable=args.durable))
    url = _url(args.host, args.port)
    print(
        f"Yukon Solitaire at {url}  (games in {describe_database(database)}; Ctrl+C stops)",
        flush=True,
    )
    if not args.no_browser and _has_display():
        probe = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
        threading.Thread(
            target=_open_when_listening, args=(probe, args.port, url), daemon=True
        ).start()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        workers=args.workers,
        factory=args.workers > 1,
        log_level="warning",
        access_log=False,
    )
    return 0
