"""``yukon serve``: run the game server and open the browser at the game.

Every setting is a flag and a ``YUKON_*`` environment variable
(:mod:`yukon.commands.options`); ``yukon serve --help`` lists them with their
defaults.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import socket
import sqlite3
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Final

from yukon.commands.base import CommandError, Subcommands, UnavailableError, printable
from yukon.commands.listening import listen, run_server
from yukon.commands.logs import LOG_LEVELS, logging_config
from yukon.commands.options import (
    add_option,
    add_switch,
    database_target,
    host_list,
    port_number,
    positive_float,
    positive_int,
)
from yukon.storage.service import DEFAULT_CACHE_SIZE
from yukon.web.config import GAMES_PER_MINUTE, MAX_BODY, MAX_GAME_STEPS, AppSettings
from yukon.web.guard import loopback_hosts

if TYPE_CHECKING:
    from yukon.web.app import YukonApp

__all__ = ["register"]

_BROWSER_WAIT: Final = 10.0
_DEFAULTS: Final = AppSettings(db_path=Path())
_MAX_WORKERS: Final = 64
DATABASE_VARIABLE: Final = "YUKON_DATABASE_URL"
"""The database when ``--db`` is not given: an SQLite file's path or a ``postgresql://`` URL."""
WORKER_SETTINGS: Final = "YUKON_WORKER_SETTINGS"
"""How ``--workers N`` hands the parsed settings to the worker processes."""
COLLECTOR_THRESHOLDS: Final = (50_000, 10, 10)
"""Python's cycle collector in a server process (its defaults: 700, 10, 10).

A request leaves almost nothing behind (its objects are freed as soon as it is
answered), but with the default first threshold the collector ran every hundred
or so requests, and its passes over the games kept in memory cost 22 µs of CPU
per move request (bench/load.py) and pauses of up to 20 ms for every answer under
way: the slowest answers. From 50,000 it runs every few thousand requests, about
2 µs per request."""


def register(commands: Subcommands) -> None:
    serve = commands.add_parser(
        "serve",
        help="run the game server and open it in the browser",
        description="Run the game server. Every option can also be set by the environment"
        " variable named in brackets; the flag wins.",
    )
    _add_network(serve)
    _add_storage(serve)
    _add_limits(serve)
    _add_logging(serve)
    serve.set_defaults(handler=_cmd_serve)


def _add_network(serve: argparse.ArgumentParser) -> None:
    add_option(serve, "--host", str, "127.0.0.1", "address to listen on")
    add_option(serve, "--port", port_number, 8000, "port to listen on")
    add_option(
        serve,
        "--allowed-hosts",
        host_list,
        None,
        "host names the server answers for, separated by commas (*.example.org for"
        " subdomains, * for any)",
        shown="the loopback names when listening on loopback, else *",
    )
    add_option(
        serve,
        "--root-path",
        _root_path,
        "",
        "the sub-path the app is served under behind a reverse proxy, such as /yukon",
        shown="none",
    )
    add_option(
        serve,
        "--forwarded-allow-ips",
        str,
        "127.0.0.1",
        "addresses of proxies whose X-Forwarded-For and X-Forwarded-Proto are trusted"
        " (comma-separated, * for any)",
    )
    add_switch(serve, "--secure-cookies", "mark the player cookie Secure (always so behind HTTPS)")
    add_switch(serve, "--no-browser", "do not open a browser")


def _add_storage(serve: argparse.ArgumentParser) -> None:
    add_option(
        serve,
        "--db",
        database_target,
        None,
        "the SQLite database file, or a postgresql:// URL",
        shown="a file in the user's data folder",
        env=DATABASE_VARIABLE,
    )
    add_option(
        serve,
        "--workers",
        _workers,
        1,
        "server processes sharing the port and the database; for several, PostgreSQL is"
        " the database that scales, SQLite stays correct",
    )
    add_switch(
        serve,
        "--durable",
        "make every move survive a power cut too (an fsync per move; by default a move"
        " survives a crash of the server or a kill, not a power cut)",
    )
    add_option(serve, "--cache-size", positive_int, DEFAULT_CACHE_SIZE, "games kept in memory")


def _add_limits(serve: argparse.ArgumentParser) -> None:
    add_option(
        serve,
        "--solver-workers",
        positive_int,
        _DEFAULTS.solver_workers,
        "solver processes of each server process (hints and analyses search in them,"
        " never on the event loop)",
        shown="the CPUs divided by --workers, at least two (one for hints while analyses search)",
    )
    add_option(
        serve,
        "--solver-queue",
        positive_int,
        _DEFAULTS.solver_queue,
        "searches of each kind that may wait for a solver process; more are answered 429",
    )
    add_option(
        serve, "--hint-seconds", positive_float, _DEFAULTS.hint_seconds, "solver time per hint"
    )
    add_option(
        serve,
        "--analysis-seconds",
        positive_float,
        _DEFAULTS.analysis_seconds,
        "solver time per 'Can this still be won?'",
    )
    add_option(
        serve,
        "--review-seconds",
        positive_float,
        _DEFAULTS.review_seconds,
        "solver time per position of a game's review ('Where did it go wrong?')",
    )
    add_option(
        serve,
        "--review-total-seconds",
        positive_float,
        _DEFAULTS.review_total_seconds,
        "solver time per review in all; what it leaves undecided is 'unknown'",
    )
    add_option(serve, "--max-body", positive_int, MAX_BODY, "largest request body in bytes")
    add_option(
        serve, "--max-game-steps", positive_int, MAX_GAME_STEPS, "most moves and undos in a game"
    )
    add_option(
        serve,
        "--games-per-minute",
        positive_int,
        GAMES_PER_MINUTE,
        "most new games a player may start in a minute",
    )


def _add_logging(serve: argparse.ArgumentParser) -> None:
    add_option(
        serve, "--log-level", _log_level, "info", f"least level logged: {', '.join(LOG_LEVELS)}"
    )
    add_switch(serve, "--access-log", "log every request")


def _root_path(text: str) -> str:
    path = text.strip().rstrip("/")
    if path and (not path.startswith("/") or any(c in path for c in "?#% ")):
        raise argparse.ArgumentTypeError(f"{text!r} is not a path such as /yukon")
    return path


def _log_level(text: str) -> str:
    level = text.strip().lower()
    if level not in LOG_LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(LOG_LEVELS)}")
    return level


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


# The options that are settings of the same name as they stand.
_AS_GIVEN: Final = (
    "durable", "secure_cookies", "cache_size", "solver_queue", "hint_seconds",
    "analysis_seconds", "review_seconds", "review_total_seconds", "max_body", "max_game_steps",
    "games_per_minute",
)  # fmt: skip
# The options app_settings reads: what each server process of --workers N is given.
_SETTINGS_FIELDS: Final = (*_AS_GIVEN, "db", "solver_workers", "allowed_hosts", "host", "workers")


def app_settings(args: argparse.Namespace) -> AppSettings:
    """The server's settings from the parsed options."""
    from yukon.storage import default_db_path
    from yukon.web.solving import default_workers

    allowed = args.allowed_hosts if args.allowed_hosts is not None else loopback_hosts(args.host)
    solver_workers = args.solver_workers
    if solver_workers is None:
        solver_workers = default_workers(args.workers)
    return AppSettings(
        db_path=args.db if args.db is not None else default_db_path(),
        solver_workers=solver_workers,
        allowed_hosts=tuple(allowed),
        **{name: getattr(args, name) for name in _AS_GIVEN},
    )


def tune_collector() -> None:
    """Set Python's cycle collector for a server process (:data:`COLLECTOR_THRESHOLDS`),
    and keep the objects made so far (the modules, their tables) out of its passes
    for good: they stay as long as the process."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def worker_app() -> YukonApp:
    """The app of one of several server processes (``--workers N``): uvicorn calls
    it by name in each, and it takes the settings the parent parsed from
    :data:`WORKER_SETTINGS`."""
    from yukon.web import create_app

    tune_collector()

    values = json.loads(os.environ[WORKER_SETTINGS])
    if values["db"] is not None:
        values["db"] = database_target(values["db"])
    return create_app(app_settings(argparse.Namespace(**values)))


def _check_database(target: Path | str) -> None:
    """Open the database once before anything is printed, so that a path that
    cannot hold it, a file that is not Yukon's database or a PostgreSQL server
    that cannot be reached ends the command in one line naming both.

    :raises UnavailableError: naming the database and the problem, when it cannot
        be reached now (a later start may work).
    :raises CommandError: naming the database and the problem, otherwise.
    """
    from yukon.storage import (
        DatabaseUnreachableError,
        StorageError,
        describe_database,
        open_store,
    )

    problem: object
    error_class = CommandError
    if isinstance(target, Path) and target.is_dir():
        problem = "it is a folder, not a file"
    else:
        try:
            open_store(target).close()
            return
        except (FileExistsError, NotADirectoryError) as error:
            problem = f"{error.filename} is a file, not a folder"
        except (OSError, sqlite3.Error, StorageError) as error:
            problem = error
            if isinstance(error, DatabaseUnreachableError):
                error_class = UnavailableError
    where = describe_database(target)
    raise error_class(f"cannot use the database {where}: {problem}")


def _cmd_serve(args: argparse.Namespace) -> int:
    from yukon.storage import describe_database
    from yukon.web import create_app
    from yukon.web.protocol import SecureHttpToolsProtocol

    settings = app_settings(args)
    _check_database(settings.db_path)
    sock = listen(args.host, args.port)
    app: YukonApp | str
    if args.workers > 1:
        # Each worker is a process that imports the app by name: it learns the
        # settings from the environment it inherits.
        fields = {name: getattr(args, name) for name in _SETTINGS_FIELDS}
        os.environ[WORKER_SETTINGS] = json.dumps(fields, default=str)
        app = f"{worker_app.__module__}:{worker_app.__name__}"
    else:
        app = create_app(settings)
        tune_collector()
    url = _url(args.host, args.port)
    where = describe_database(settings.db_path)
    print(printable(f"Yukon Solitaire at {url}  (games in {where}; Ctrl+C stops)"), flush=True)
    if not args.no_browser and _has_display():
        probe = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
        threading.Thread(
            target=_open_when_listening, args=(probe, args.port, url), daemon=True
        ).start()
    run_server(
        app,
        sock,
        host=args.host,
        port=args.port,
        workers=args.workers,
        factory=args.workers > 1,
        http=SecureHttpToolsProtocol,
        root_path=args.root_path,
        proxy_headers=True,
        forwarded_allow_ips=args.forwarded_allow_ips,
        log_config=logging_config(args.log_level),
        log_level=args.log_level,
        access_log=args.access_log,
        server_header=False,
    )
    return 0
