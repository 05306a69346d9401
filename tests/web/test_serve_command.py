"""``yukon serve``: its options, where the database goes, and when it opens a browser."""

from __future__ import annotations

import os
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from yukon import cli
from yukon.commands import serve
from yukon.web.app import DATABASE_VARIABLE, DURABLE_VARIABLE, app_from_environ


class Recorder:
    """Stands in for uvicorn.run and webbrowser.open: records, serves nothing."""

    def __init__(self) -> None:
        self.runs: list[dict[str, Any]] = []
        self.opened: list[str] = []
        self.opened_event = threading.Event()

    def run(self, app: Any, **options: Any) -> None:
        self.runs.append({"app": app, **options})

    def open(self, url: str) -> bool:
        self.opened.append(url)
        self.opened_event.set()
        return True


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    import uvicorn

    recorded = Recorder()
    monkeypatch.setattr(uvicorn, "run", recorded.run)
    monkeypatch.setattr("webbrowser.open", recorded.open)
    monkeypatch.setattr(serve, "_open_when_listening", lambda host, port, url: recorded.open(url))
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
    assert run["app"].state.settings.db_path == db
    assert run["app"].state.settings.durable is False
    assert recorder.opened == []


def test_durable_asks_for_a_sync_per_move(recorder: Recorder, tmp_path: Path) -> None:
    assert cli.main(["serve", "--no-browser", "--durable", "--db", str(tmp_path / "y")]) == 0
    assert recorder.runs[0]["app"].state.settings.durable is True


def test_the_default_database_is_in_the_users_data_folder(
    recorder: Recorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli.main(["serve", "--no-browser"]) == 0
    settings = recorder.runs[0]["app"].state.settings
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


def test_a_bad_port_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--port", "eighty"]) == 2
    assert "invalid int value" in capsys.readouterr().err


def test_the_database_may_be_a_postgresql_url_or_come_from_the_environment(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = "postgresql://yukon:secret@db.example/yukon"
    assert cli.main(["serve", "--no-browser", "--db", url]) == 0
    assert recorder.runs[0]["app"].state.settings.db_path == url
    out = capsys.readouterr().out
    assert "postgresql://yukon:***@db.example/yukon" in out
    assert "secret" not in out
    monkeypatch.setenv(DATABASE_VARIABLE, url)
    assert cli.main(["serve", "--no-browser"]) == 0
    assert recorder.runs[1]["app"].state.settings.db_path == url


def test_several_workers_import_the_app_by_name_with_the_settings_in_the_environment(
    recorder: Recorder, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(DATABASE_VARIABLE, raising=False)
    monkeypatch.delenv(DURABLE_VARIABLE, raising=False)
    db = tmp_path / "shared.sqlite3"
    assert cli.main(["serve", "--no-browser", "--workers", "3", "--durable", "--db", str(db)]) == 0
    (run,) = recorder.runs
    assert (run["app"], run["workers"], run["factory"]) == (
        "yukon.web.app:app_from_environ",
        3,
        True,
    )
    assert os.environ[DATABASE_VARIABLE] == str(db)
    settings = app_from_environ().state.settings
    assert (settings.db_path, settings.durable) == (db, True)


@pytest.mark.parametrize("workers", ["0", "two", "²", "65"])
def test_a_bad_worker_count_is_a_usage_error(
    workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["serve", "--workers", workers]) == 2
    assert "whole number of processes from 1 to 64" in capsys.readouterr().err
