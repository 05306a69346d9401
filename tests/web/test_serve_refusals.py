"""What ``yukon serve`` says when it cannot start as it was told: one line on
standard error, in words, never the password, and an exit status that says
whether to fix the settings (2), free the address (3) or try later (4)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from tests.databases import PostgresLogin, postgres_login, require_passwords
from tests.web.server import LOOPBACK, ServerProcess, free_port
from yukon import cli
from yukon.commands import serve
from yukon.commands.base import EXIT_ADDRESS, EXIT_USAGE


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """``serve`` stops before listening: what it would have run is recorded."""
    runs: list[object] = []
    monkeypatch.setattr(serve, "listen", lambda host, port: object())
    monkeypatch.setattr(serve, "run_server", lambda app, sock, **options: runs.append(app))
    monkeypatch.setattr(serve, "tune_collector", lambda: None)  # this process's stays as it is
    return runs


@pytest.fixture
def login() -> Iterator[PostgresLogin]:
    with postgres_login() as made:
        yield made


@pytest.fixture
def checked_login(login: PostgresLogin) -> PostgresLogin:
    """A login whose password the cluster checks."""
    require_passwords(login)
    return login


def _serve_in_a_process(*options: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """``yukon serve`` with *options* as a program of its own, run until it ends,
    with the *environment* variables added to this process's."""
    return subprocess.run(
        [sys.executable, "-m", "yukon", "serve", "--no-browser", *options],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **environment},
    )


def test_a_port_another_program_holds_is_one_line_with_status_3(tmp_path: Path) -> None:
    with socket.socket() as other:
        other.bind((LOOPBACK, 0))
        other.listen()
        port = other.getsockname()[1]
        done = _serve_in_a_process("--port", str(port), "--db", str(tmp_path / "y.sqlite3"))
    assert done.returncode == EXIT_ADDRESS
    assert done.stdout == ""  # no banner: nothing was served
    assert done.stderr == (
        f"yukon: cannot listen on 127.0.0.1:{port}: another program listens on it: stop that"
        " program, or choose another port with --port (YUKON_PORT)\n"
    )


def test_several_server_processes_share_the_port_bound_before_they_start(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "y.sqlite3", "--workers", "2")
    try:
        assert httpx.get(f"{server.url}/healthz", timeout=10).json()["status"] == "ok"
    finally:
        server.stop()


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--no-browser", "--db", "mysql://games@db/yukon"],
        ["serve", "--no-browser", "--db", "sqlite:///games.sqlite3"],
        ["backup", "copy.sqlite3", "--db", "mysql://games@db/yukon"],
        ["prune", "--inactive-days", "9", "--db", "mysql://games@db/yukon"],
    ],
)
def test_a_database_url_of_another_kind_is_refused_and_creates_nothing(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    no_server: list[object],
) -> None:
    monkeypatch.chdir(tmp_path)
    url = argv[-1]
    assert cli.main(argv) == EXIT_USAGE
    assert capsys.readouterr().err == (
        f"yukon: argument --db: {url!r} is not a database this app can use: give an SQLite"
        " file's path or a postgresql:// URL\n"
    )
    # From the environment the same, and the variable is named.
    monkeypatch.setenv("YUKON_DATABASE_URL", url)
    assert cli.main(argv[:-2]) == EXIT_USAGE
    assert capsys.readouterr().err.endswith(" URL (from YUKON_DATABASE_URL)\n")
    assert list(tmp_path.iterdir()) == []
    assert no_server == []


def _wrong_password(login: PostgresLogin) -> str:
    return login.url(password="not-the-password")


def _no_password(login: PostgresLogin) -> str:
    return login.url(password="")


def _no_database(login: PostgresLogin) -> str:
    return login.url(database="yukon_no_such_database")


@pytest.mark.parametrize(
    ("make_url", "problem"),
    [
        (
            _wrong_password,
            "PostgreSQL at {host} refused the password of the user '{user}' (check the"
            " password file, PGPASSFILE, or the URL)",
        ),
        (
            _no_password,
            "PostgreSQL at {host} asks for the password of the user '{user}' and none was"
            " given: put it in a password file named by PGPASSFILE (mode 0600), or in the URL",
        ),
        (
            _no_database,
            "PostgreSQL at {host} has no database 'yukon_no_such_database': create it, for"
            " example with createdb --owner {user} yukon_no_such_database",
        ),
    ],
)
def test_postgresql_refusing_the_login_is_one_line_in_words_without_the_password(
    checked_login: PostgresLogin,
    make_url: Callable[[PostgresLogin], str],
    problem: str,
    capsys: pytest.CaptureFixture[str],
    no_server: list[object],
) -> None:
    url = make_url(checked_login)
    assert cli.main(["serve", "--no-browser", "--db", url]) == EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    shown = re.sub(r":[^:@/]+@", ":***@", url)
    said = problem.format(host=checked_login.host, user=checked_login.user)
    assert err == f"yukon: cannot use the database {shown}: {said}\n"
    assert checked_login.password not in err
    assert "not-the-password" not in err
    assert no_server == []


def test_a_user_without_the_right_to_create_tables_is_told_the_grant_that_gives_it(
    login: PostgresLogin, capsys: pytest.CaptureFixture[str], no_server: list[object]
) -> None:
    # PostgreSQL 15 and later: only the database's owner may create in public.
    login.as_superuser(f"REVOKE CREATE ON SCHEMA public FROM PUBLIC, {login.user}")
    assert cli.main(["serve", "--no-browser", "--db", login.url()]) == EXIT_USAGE
    err = capsys.readouterr().err
    grant = f"GRANT CREATE ON SCHEMA public TO {login.user}"
    assert err == (
        f"yukon: cannot use the database {login.url(password='***')}: the PostgreSQL user"
        f" '{login.user}' may not create tables in the schema 'public' of the database"
        f" '{login.database}': as the database's owner, run {grant}\n"
    )
    # The GRANT it names is the one needed.
    login.as_superuser(grant)
    assert cli.main(["serve", "--no-browser", "--db", login.url()]) == 0
    assert len(no_server) == 1


def test_a_user_who_may_not_write_the_tables_is_told_the_grant_that_gives_it(
    login: PostgresLogin, capsys: pytest.CaptureFixture[str], no_server: list[object]
) -> None:
    # Tables made by another user (the superuser here) in a schema the user may create in.
    login.as_superuser("CREATE SCHEMA games")
    login.as_superuser(f"GRANT USAGE, CREATE ON SCHEMA games TO {login.user}")
    url = login.superuser_url() + "?options=-csearch_path%3Dgames"
    assert cli.main(["serve", "--no-browser", "--db", url]) == 0
    mine = login.url() + "?options=-csearch_path%3Dgames"
    assert cli.main(["serve", "--no-browser", "--db", mine]) == EXIT_USAGE
    grant = f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA games TO {login.user}"
    assert capsys.readouterr().err.endswith(
        f": the PostgreSQL user '{login.user}' may not read and write the app's tables in the"
        f" schema 'games' (permission denied for table yukon_schema): as their owner, run {grant}\n"
    )
    login.as_superuser(grant)
    assert cli.main(["serve", "--no-browser", "--db", mine]) == 0


def _password_file(folder: Path, login: PostgresLogin) -> Path:
    """A libpq password file for *login* (``host:port:database:user:password``)."""
    path = folder / "pgpass"
    path.write_text(f"{login.host}:{login.database}:{login.user}:{login.password}\n")
    path.chmod(0o600)  # libpq ignores a file that others may read
    return path


def test_the_password_may_come_from_a_password_file_and_is_never_logged(
    checked_login: PostgresLogin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    login = checked_login
    login.as_superuser(f"GRANT CREATE ON SCHEMA public TO {login.user}")
    monkeypatch.setenv("PGPASSFILE", str(_password_file(tmp_path, login)))
    server = ServerProcess(login.url(password=""), "--access-log", "--log-level", "debug")
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            created = client.post("/api/v1/games", json={"code": "YU1-C-AAAAAAB"})
            assert created.status_code == 201
            assert client.post("/api/v1/games", json={"code": "nonsense"}).status_code == 400
            assert client.get("/healthz").json()["status"] == "ok"
    finally:
        server.stop()
    assert "Application startup complete" in server.output
    assert login.password not in server.output


def test_a_password_in_the_url_is_never_printed_or_logged(
    checked_login: PostgresLogin, tmp_path: Path
) -> None:
    login = checked_login
    login.as_superuser(f"GRANT CREATE ON SCHEMA public TO {login.user}")
    in_query = f"postgresql://{login.host}/{login.database}?user={login.user}"
    for url in (login.url(), f"{in_query}&password={login.password}"):
        server = ServerProcess(url, "--access-log", "--log-level", "debug")
        try:
            assert httpx.get(f"{server.url}/healthz", timeout=30).status_code == 200
        finally:
            server.stop()
        assert "Application startup complete" in server.output
        assert login.password not in server.output
    # Refused, the same.
    wrong = f"{in_query}&password=not-the-password"
    done = _serve_in_a_process(
        "--db", wrong, "--port", str(free_port()), PGPASSFILE=str(tmp_path / "none")
    )
    assert done.returncode == EXIT_USAGE
    assert "refused the password" in done.stderr
    assert "not-the-password" not in done.stderr + done.stdout
