"""``yukon serve``: its options, where the database goes, and when it opens a browser."""

from __future__ import annotations

import gc
import os
import re
import socket
import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from yukon import cli
from yukon.commands import serve
from yukon.commands.base import EXIT_UNAVAILABLE
from yukon.commands.logs import logging_config
from yukon.commands.serve import DATABASE_VARIABLE, WORKER_SETTINGS, worker_app
from yukon.storage import open_store


class Recorder:
    """Stands in for the server's socket, its run and webbrowser.open: records,
    listens on no port, serves nothing."""

    def __init__(self) -> None:
        self.runs: list[dict[str, Any]] = []
        self.opened: list[str] = []
        self.opened_event = threading.Event()
        self.tuned: list[bool] = []

    def run(self, app: Any, sock: object, **options: Any) -> None:
        self.runs.append({"app": app, **options})

    def open(self, url: str) -> bool:
        self.opened.append(url)
        self.opened_event.set()
        return True


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    recorded = Recorder()
    monkeypatch.setattr(serve, "listen", lambda host, port: object())
    monkeypatch.setattr(serve, "run_server", recorded.run)
    monkeypatch.setattr("webbrowser.open", recorded.open)
    monkeypatch.setattr(serve, "_open_when_listening", lambda host, port, url: recorded.open(url))
    # The collector of this test process stays as it is.
    monkeypatch.setattr(serve, "tune_collector", lambda: recorded.tuned.append(True))
    return recorded


def test_serve_prints_the_url_and_runs_uvicorn_on_the_given_database(
    recorder: Recorder, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "here.sqlite3"
    status = cli.main(["serve", "--no-browser", "--port", "8123", "--db", str(db)])
    assert status == 0
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out
    (run,) = recorder.runs
    assert (run["host"], run["port"]) == ("127.0.0.1", 8123)
    assert run["app"].settings.db_path == db
    assert run["app"].settings.durable is False
    assert recorder.opened == []
    assert recorder.tuned == [True]


def test_durable_asks_for_a_sync_per_move(recorder: Recorder, tmp_path: Path) -> None:
    assert cli.main(["serve", "--no-browser", "--durable", "--db", str(tmp_path / "y")]) == 0
    assert recorder.runs[0]["app"].settings.durable is True


def test_the_default_database_is_in_the_users_data_folder(
    recorder: Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli.main(["serve", "--no-browser"]) == 0
    settings = recorder.runs[0]["app"].settings
    assert settings.db_path == tmp_path / "xdg" / "yukon-solitaire" / "yukon.sqlite3"


def test_the_browser_opens_when_there_is_a_display(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    assert cli.main(["serve", "--port", "8124", "--db", str(tmp_path / "y.sqlite3")]) == 0
    assert recorder.opened_event.wait(5)
    assert recorder.opened == ["http://127.0.0.1:8124/"]


def test_no_browser_without_a_display(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert cli.main(["serve", "--db", str(tmp_path / "y.sqlite3")]) == 0
    assert recorder.opened == []


def test_the_browser_waits_until_the_server_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr("webbrowser.open", opened.append)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        serve._open_when_listening("127.0.0.1", port, "http://127.0.0.1/")
    assert opened == ["http://127.0.0.1/"]


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000/"),
        ("0.0.0.0", "http://127.0.0.1:8000/"),
        ("::1", "http://[::1]:8000/"),
        ("localhost", "http://localhost:8000/"),
    ],
)
def test_the_printed_url(host: str, url: str) -> None:
    assert serve._url(host, 8000) == url


@pytest.mark.parametrize("port", ["eighty", "99999", "0", "-1", "8000.5"])
def test_a_bad_port_is_a_usage_error(
    recorder: Recorder, capsys: pytest.CaptureFixture[str], port: str
) -> None:
    assert cli.main(["serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err == f"yukon: argument --port: {port!r} is not a port number from 1 to 65535\n"
    assert recorder.runs == []


SETTINGS_FLAGS = {
    "--cache-size": ("cache_size", "7", 7),
    "--solver-workers": ("solver_workers", "3", 3),
    "--hint-seconds": ("hint_seconds", "0.25", 0.25),
    "--analysis-seconds": ("analysis_seconds", "2.5", 2.5),
    "--review-seconds": ("review_seconds", "0.5", 0.5),
    "--review-total-seconds": ("review_total_seconds", "20", 20.0),
    "--max-body": ("max_body", "2048", 2048),
    "--max-game-steps": ("max_game_steps", "500", 500),
    "--games-per-minute": ("games_per_minute", "5", 5),
    "--allowed-hosts": (
        "allowed_hosts",
        "yukon.example.org, *.example.net",
        ("yukon.example.org", "*.example.net"),
    ),
}


@pytest.mark.parametrize("flag", list(SETTINGS_FLAGS))
def test_every_setting_is_a_flag_and_an_environment_variable(
    recorder: Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: str
) -> None:
    field, text, value = SETTINGS_FLAGS[flag]
    db = ["--no-browser", "--db", str(tmp_path / "y.sqlite3")]
    assert cli.main(["serve", *db, flag, text]) == 0
    monkeypatch.setenv("YUKON_" + flag[2:].replace("-", "_").upper(), text)
    assert cli.main(["serve", *db]) == 0
    first, second = (getattr(run["app"].settings, field) for run in recorder.runs)
    assert first == second == value


def test_switches_and_server_options_come_from_the_environment_too(
    recorder: Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in {
        "YUKON_DATABASE_URL": str(tmp_path / "env.sqlite3"),
        "YUKON_DURABLE": "yes",
        "YUKON_SECURE_COOKIES": "1",
        "YUKON_NO_BROWSER": "true",
        "YUKON_PORT": "8125",
        "YUKON_HOST": "0.0.0.0",
        "YUKON_ROOT_PATH": "/yukon/",
        "YUKON_FORWARDED_ALLOW_IPS": "10.0.0.1",
        "YUKON_LOG_LEVEL": "WARNING",
        "YUKON_ACCESS_LOG": "on",
    }.items():
        monkeypatch.setenv(name, value)
    assert cli.main(["serve", "--port", "8126"]) == 0  # the flag wins
    (run,) = recorder.runs
    settings = run["app"].settings
    assert (settings.db_path, settings.durable, settings.secure_cookies) == (
        tmp_path / "env.sqlite3",
        True,
        True,
    )
    assert settings.allowed_hosts == ("*",)  # listening on every address
    assert (run["host"], run["port"], run["root_path"]) == ("0.0.0.0", 8126, "/yukon")
    assert (run["forwarded_allow_ips"], run["log_level"], run["access_log"]) == (
        "10.0.0.1",
        "warning",
        True,
    )
    assert recorder.opened == []


def test_on_loopback_only_the_loopback_names_are_answered(
    recorder: Recorder, tmp_path: Path
) -> None:
    assert cli.main(["serve", "--no-browser", "--db", str(tmp_path / "y")]) == 0
    settings = recorder.runs[0]["app"].settings
    assert settings.allowed_hosts == ("localhost", "127.0.0.1", "[::1]")


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("YUKON_PORT", "http", "'http' is not a port number from 1 to 65535 (from YUKON_PORT)"),
        ("YUKON_HINT_SECONDS", "-1", "'-1' is not a number of seconds above 0"),
        ("YUKON_LOG_LEVEL", "loud", "'loud' is not one of debug, info, warning"),
        ("YUKON_DURABLE", "maybe", "YUKON_DURABLE: 'maybe' is not one of 1, 0, true"),
        ("YUKON_ROOT_PATH", "yukon", "'yukon' is not a path such as /yukon"),
    ],
)
def test_a_bad_environment_variable_is_named(
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    value: str,
    message: str,
) -> None:
    monkeypatch.setenv(name, value)
    assert cli.main(["serve", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("yukon: ")
    assert message in err
    assert len(err.splitlines()) == 1
    assert recorder.runs == []


def test_help_shows_every_option_with_its_variable_and_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    others = "--port --host --durable --root-path --forwarded-allow-ips --secure-cookies --workers"
    for flag in [*SETTINGS_FLAGS, *others.split(), "--log-level", "--access-log"]:
        variable = "YUKON_" + flag[2:].replace("-", "_").upper()
        assert f"[{variable}; default: " in text, flag
    assert "[YUKON_PORT; default: 8000]" in text
    assert "--db DB the SQLite database file, or a postgresql:// URL [YUKON_DATABASE_URL;" in text


def test_the_log_has_time_level_and_logger(capsys: pytest.CaptureFixture[str]) -> None:
    import logging.config

    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    logging.config.dictConfig(logging_config("info"))
    try:
        logging.getLogger("yukon.web").info("a move was stored")
        logging.getLogger("yukon.web").debug("not shown at info")
    finally:
        # The root's handler writes to this test's captured stderr, closed after it: a later
        # test's records must not reach it (nor be let through at info).
        for handler in root.handlers[:]:
            root.removeHandler(handler)
            handler.close()
        root.handlers[:] = handlers
        root.setLevel(level)
    (line,) = capsys.readouterr().err.splitlines()
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO yukon.web: a move was stored", line
    )


def _not_a_database(folder: Path) -> Path:
    (folder / "notes.sqlite3").write_text("shopping list\n", encoding="utf-8")
    return folder / "notes.sqlite3"


def _future_schema(folder: Path) -> Path:
    path = folder / "future.sqlite3"
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA user_version = 99")
    return path


def _foreign(folder: Path) -> Path:
    path = folder / "shop.sqlite3"
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("CREATE TABLE customers (id INTEGER)")
    return path


def _damaged(folder: Path) -> Path:
    path = folder / "damaged.sqlite3"
    open_store(path).close()
    with path.open("r+b") as file:
        file.seek(100)
        file.write(bytes(range(256)) * 12)
    return path


def _under_a_file(folder: Path) -> Path:
    (folder / "file").write_text("x", encoding="utf-8")
    return folder / "file" / "yukon.sqlite3"


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (_not_a_database, "file is not a database"),
        (_future_schema, "schema version 99, newer than this app knows"),
        (_foreign, "holds tables of another application (customers)"),
        (_damaged, "malformed"),
        (_under_a_file, "is a file, not a folder"),
        (lambda folder: folder, "it is a folder, not a file"),
        # A place nobody may write to, root included.
        (lambda folder: Path("/proc/yukon.sqlite3"), "unable to open database file"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line_before_any_banner(
    recorder: Recorder,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], Path],
    problem: str,
) -> None:
    path = make(tmp_path)
    before = path.read_bytes() if path.is_file() else None
    assert cli.main(["serve", "--no-browser", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"yukon: cannot use the database {path}: ")
    assert problem in err
    assert err.count("\n") == 1
    assert recorder.runs == []
    if before is not None:
        assert path.read_bytes() == before  # nothing written into someone else's file


def test_the_database_may_be_a_postgresql_url_or_come_from_the_environment(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Only the plumbing here: no PostgreSQL answers at db.example (see the test below).
    monkeypatch.setattr(serve, "_check_database", lambda target: None)
    url = "postgresql://yukon:secret@db.example/yukon"
    assert cli.main(["serve", "--no-browser", "--db", url]) == 0
    assert recorder.runs[0]["app"].settings.db_path == url
    out = capsys.readouterr().out
    assert "postgresql://yukon:***@db.example/yukon" in out
    assert "secret" not in out
    monkeypatch.setenv(DATABASE_VARIABLE, url)
    assert cli.main(["serve", "--no-browser"]) == 0
    assert recorder.runs[1]["app"].settings.db_path == url


def test_several_workers_import_the_app_by_name_with_the_settings_in_the_environment(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(WORKER_SETTINGS, raising=False)
    db = tmp_path / "shared.sqlite3"
    argv = ["serve", "--no-browser", "--workers", "3", "--durable", "--db", str(db)]
    assert cli.main([*argv, "--hint-seconds", "0.5", "--allowed-hosts", "games.example.org"]) == 0
    (run,) = recorder.runs
    assert (run["app"], run["workers"], run["factory"]) == (
        "yukon.commands.serve:worker_app",
        3,
        True,
    )
    assert recorder.tuned == []  # the parent serves nothing: each worker tunes its own
    settings = worker_app().settings
    assert recorder.tuned == [True]
    assert (settings.db_path, settings.durable, settings.hint_seconds) == (db, True, 0.5)
    assert settings.allowed_hosts == ("games.example.org",)
    monkeypatch.delenv(WORKER_SETTINGS)


@pytest.mark.parametrize(
    ("cpus", "workers", "each"),
    [(1, 1, 2), (2, 1, 2), (8, 1, 8), (2, 2, 2), (8, 2, 4), (8, 3, 2), (16, 4, 4), (4, 8, 2)],
)
def test_the_solver_pools_of_several_server_processes_share_the_cpus(
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    cpus: int,
    workers: int,
    each: int,
) -> None:
    monkeypatch.delenv(WORKER_SETTINGS, raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cpus)))
    db = ["--no-browser", "--db", str(tmp_path / "y.sqlite3")]
    assert cli.main(["serve", *db, "--workers", str(workers)]) == 0
    settings = worker_app().settings if workers > 1 else recorder.runs[0]["app"].settings
    assert settings.solver_workers == each
    # A number given is each process's, whatever the number of processes.
    assert cli.main(["serve", *db, "--workers", str(workers), "--solver-workers", "3"]) == 0
    settings = worker_app().settings if workers > 1 else recorder.runs[1]["app"].settings
    assert settings.solver_workers == 3
    monkeypatch.delenv(WORKER_SETTINGS, raising=False)


def test_the_help_says_how_the_solver_pools_are_sized(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "the CPUs divided by --workers, at least two" in text


def test_an_unreachable_postgresql_is_one_line_without_its_password(
    recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"postgresql://yukon:secret@127.0.0.1:{_closed_port()}/yukon"
    # Not reached now, perhaps later: a service manager may start it again.
    assert cli.main(["serve", "--no-browser", "--db", url]) == EXIT_UNAVAILABLE
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("yukon: cannot use the database postgresql://yukon:***@127.0.0.1:")
    assert "cannot reach PostgreSQL at 127.0.0.1:" in err
    assert "secret" not in err
    assert err.count("\n") == 1
    assert recorder.runs == []


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("workers", ["0", "two", "²", "65"])
def test_a_bad_worker_count_is_a_usage_error(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--workers", workers]) == 2
    assert "whole number of processes from 1 to 64" in capsys.readouterr().err


def test_a_server_process_collects_cycles_seldom_and_never_scans_its_modules() -> None:
    thresholds = gc.get_threshold()
    try:
        serve.tune_collector()
        assert gc.get_threshold() == serve.COLLECTOR_THRESHOLDS
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
