"""The round trip docs/deploy.md gives for PostgreSQL, run as it is written: a
backup of a served database, ``createdb`` and ``pg_restore`` into a new one,
which then serves every game as it was; the password read from a password file."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.databases import PostgresLogin, execute, postgres_login
from tests.web.server import ServerProcess
from yukon.cli import main

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
DOCUMENTED = "postgresql://yukon@localhost/yukon"
"""The database the commands of docs/deploy.md name."""
BACKUP = "yukon backup /var/backups/yukon/$(date +%F).dump --db " + DOCUMENTED
CREATE = "createdb --owner yukon yukon_restored"
RESTORE = (
    "pg_restore --no-owner --no-privileges --single-transaction --exit-on-error"
    f" --dbname={DOCUMENTED}_restored /var/backups/yukon/2026-12-06.dump"
)
_TABLES = ("players", "games", "yukon_schema")


@pytest.fixture
def login() -> Iterator[PostgresLogin]:
    with postgres_login(owns_database=True) as made:
        yield made


def _documented() -> str:
    """docs/deploy.md with its commands' continued lines joined."""
    return " ".join(DEPLOY.read_text(encoding="utf-8").replace("\\\n", " ").split())


def _ours(command: str, login: PostgresLogin, restored: str, dump: Path) -> list[str]:
    """A documented *command* for the test's cluster, user, databases and dump."""
    text = command.replace(f"{DOCUMENTED}_restored", login.url(password="", database=restored))
    text = text.replace("/var/backups/yukon/2026-12-06.dump", str(dump))
    text = text.replace("--owner yukon yukon_restored", f"--owner {login.user} {restored}")
    return text.split()


def _play(server: ServerProcess) -> None:
    """Two players, three games, moves and a setting."""
    for language in ("sk", "is"):
        with httpx.Client(base_url=server.url, timeout=30) as client:
            assert client.put("/api/v1/settings", json={"language": language}).status_code == 200
            for code in ("YU1-C-AACRWEA", "YU1-R-AAAAAAB"):
                state = client.post("/api/v1/games", json={"code": code}).json()
                if code == "YU1-C-AACRWEA":
                    for move in ("QC>5", "TD>1"):
                        body = {"move": move, "version": state["version"]}
                        state = client.post(f"/api/v1/games/{state['id']}/moves", json=body).json()


def _rows(url: str) -> dict[str, list[object]]:
    return {table: execute(url, f"SELECT * FROM {table} ORDER BY 1") for table in _TABLES}


def test_the_documented_backup_restores_into_a_new_database_that_serves_every_game(
    login: PostgresLogin, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    documented = _documented()
    for command in (BACKUP, CREATE, RESTORE):
        assert command in documented, command
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"{login.host}:*:{login.user}:{login.password}\n", encoding="utf-8")
    pgpass.chmod(0o600)
    monkeypatch.setenv("PGPASSFILE", str(pgpass))
    url, restored = login.url(password=""), f"{login.database}_restored"

    server = ServerProcess(url)
    try:
        _play(server)
    finally:
        server.stop()
    dump = tmp_path / "2026-12-06.dump"
    assert main(["backup", str(dump), "--db", url]) == 0
    host, port = login.host.split(":")
    superuser = {**os.environ, "PGHOST": host, "PGPORT": port, "PGUSER": "postgres"}
    subprocess.run(_ours(CREATE, login, restored, dump), env=superuser, check=True)
    try:
        restore = _ours(RESTORE, login, restored, dump)
        done = subprocess.run(restore, capture_output=True, text=True, check=False)
        assert (done.returncode, done.stderr) == (0, "")
        copy = login.superuser_url().replace(login.database, restored)
        assert _rows(copy) == _rows(login.superuser_url())
        # A database that already holds the tables is refused, and left as it was.
        again = subprocess.run(restore, capture_output=True, text=True, check=False)
        assert again.returncode == 1
        assert re.search(r'relation "\w+" already exists', again.stderr)
        assert _rows(copy) == _rows(login.superuser_url())
        _serve_again(login.url(password="", database=restored))
    finally:
        execute(login.server, f"DROP DATABASE {restored} WITH (FORCE)")


def _serve_again(url: str) -> None:
    """The restored database serves: a game resumes where it was, and takes a move."""
    rows = execute(url, "SELECT id, player FROM games WHERE code = 'YU1-C-AACRWEA'")
    assert len(rows) == 2
    (game_id, player), _ = rows
    server = ServerProcess(url)
    try:
        cookies = {"yukon_player": player}
        with httpx.Client(base_url=server.url, cookies=cookies, timeout=30) as client:
            state = client.get(f"/api/v1/games/{game_id}").json()
            assert state["record"] == "YU1-C-AACRWEA QC>5 TD>1"
            card, (target, *_) = next(iter(state["targets"].items()))
            body = {"move": f"{card}>{target}", "version": state["version"]}
            assert client.post(f"/api/v1/games/{game_id}/moves", json=body).status_code == 200
    finally:
        server.stop()
