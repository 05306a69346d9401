"""``yukon backup`` while a real server takes moves, and ``yukon prune``."""

from __future__ import annotations

import re
import secrets
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest

from tests.databases import Target, database_target, execute
from tests.web.server import ServerProcess
from yukon.cli import main
from yukon.engine import GameCode, Move
from yukon.storage import GameService, LiveGame, SchemaError, open_store

API = "/api/v1"
_DAY = 24 * 3600
RESTORE = ("pg_restore", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error")
"""How docs/deploy.md restores a dump of ``yukon backup``."""


def _player(server: ServerProcess, stop: threading.Event, made: list[int]) -> None:
    """A player who starts games and moves until *stop*; *made* counts acknowledged moves."""
    with httpx.Client(base_url=server.url) as client:
        while not stop.is_set():
            state = client.post(f"{API}/games", json={"code": "YU1-C-AACRWEA"}).json()
            for move in ("QC>5", "TD>1"):
                answer = client.post(
                    f"{API}/games/{state['id']}/moves",
                    json={"move": move, "version": state["version"]},
                )
                assert answer.status_code == 200, answer.text
                state = answer.json()
                made[0] += 1
            time.sleep(0.01)  # pace the writer; the backups race it either way


def _check_copy(copy: Path, source: Target) -> int:
    """Every game in the copy resumes exactly (record, counters, version agree);
    a PostgreSQL dump is checked in a new database restored from it."""
    if isinstance(source, Path):
        with closing(sqlite3.connect(copy)) as connection:
            (verdict,) = connection.execute("PRAGMA integrity_check").fetchone()
            assert verdict == "ok"
        return _check_games(copy)
    with _restored(copy, source) as restored:
        return _check_games(restored)


def _check_games(target: Target) -> int:
    store = open_store(target)
    try:
        players = [row[0] for row in execute(target, "SELECT id FROM players")]
        rows = [row for player in players for row in store.all_games(player)]
        for row in rows:
            LiveGame.from_row(row)  # raises CorruptGameError if the row is torn
        return len(rows)
    finally:
        store.close()


@contextmanager
def _restored(dump: Path, source: str) -> Iterator[str]:
    """*source*'s URL, pointing to a new database restored from *dump* by pg_restore
    as docs/deploy.md restores one, into the schema of *source* (made first: the
    dump holds the tables, not the schema, which for ``public`` every database has)."""
    name = f"restore_{secrets.token_hex(6)}"
    parts = urlsplit(source)
    server = urlunsplit(parts._replace(query=""))
    execute(server, f"CREATE DATABASE {name}")
    try:
        restored = urlunsplit(parts._replace(path=f"/{name}"))
        (schema,) = re.findall(r"search_path%3D(\w+)", source)
        execute(urlunsplit(parts._replace(path=f"/{name}", query="")), f"CREATE SCHEMA {schema}")
        command = [
            *RESTORE,
            f"--dbname={urlunsplit(parts._replace(path=f'/{name}', query=''))}",
            str(dump),
        ]
        subprocess.run(command, check=True, capture_output=True)
        yield restored
    finally:
        execute(server, f"DROP DATABASE {name} WITH (FORCE)")


def test_a_backup_taken_while_moves_are_made_is_whole_and_consistent(
    database: Target, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if isinstance(database, Path):
        database.parent.mkdir(parents=True)
    open_store(database).close()
    server = ServerProcess(database, "--games-per-minute", "10000")
    stop, made = threading.Event(), [0]
    writer = threading.Thread(target=_player, args=(server, stop, made))
    writer.start()
    try:
        counts = []
        for number in range(4):
            while made[0] < 4 * (number + 1):  # wait for the moves this backup must race
                assert writer.is_alive(), "the player stopped"
                time.sleep(0.01)
            copy = tmp_path / f"copy-{number}.backup"
            assert main(["backup", str(copy), "--db", str(database)]) == 0
            counts.append(_check_copy(copy, database))
        assert counts == sorted(counts)
        assert counts[-1] >= 2
        said = capsys.readouterr().out
        assert f"({counts[-1]} games" in said
        assert ("copied to" if isinstance(database, Path) else "restore with pg_restore") in said
    finally:
        stop.set()
        writer.join(30)
        server.stop()
    final = tmp_path / "final.backup"
    assert main(["backup", str(final), "--db", str(database)]) == 0
    assert _check_copy(final, database) == _check_games(database)


@pytest.mark.parametrize(
    ("target", "problem"),
    [
        ("exists.sqlite3", "exists; a backup never overwrites a file"),
        ("no/such/folder/copy.sqlite3", "cannot back up"),
    ],
)
def test_a_backup_never_overwrites_and_says_what_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], target: str, problem: str
) -> None:
    open_store(tmp_path / "y.sqlite3").close()
    (tmp_path / "exists.sqlite3").write_text("keep me", encoding="utf-8")
    status = main(["backup", str(tmp_path / target), "--db", str(tmp_path / "y.sqlite3")])
    assert status == 2
    err = capsys.readouterr().err
    assert problem in err
    assert err.count("\n") == 1
    assert (tmp_path / "exists.sqlite3").read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(
    "command", [["backup", "copy.sqlite3"], ["prune", "--inactive-days", "30"]]
)
def test_housekeeping_never_creates_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    missing = tmp_path / "typo.sqlite3"
    assert main([*command, "--db", str(missing)]) == 2
    assert f"there is no database at {missing}" in capsys.readouterr().err
    assert not missing.exists()


def test_prune_deletes_only_the_players_inactive_for_so_long(
    database: Target, capsys: pytest.CaptureFixture[str]
) -> None:
    now = time.time()
    clock = [now - 90 * _DAY]
    service = GameService(open_store(database), clock=lambda: clock[0])
    code = GameCode.parse("YU1-C-AACRWEA")
    service.create("gone", code)  # played 90 days ago, never since
    service.update_settings("gone-settings-only", {"language": "sk"})
    returning = service.create("returning", code)  # started long ago, played yesterday
    service.create("recent", code)
    clock[0] = now - 1 * _DAY
    service.move("returning", returning.id, Move.parse("QC>5"), returning.version)
    service.create("recent", code)
    service.close()

    assert main(["prune", "--inactive-days", "30", "--db", str(database)]) == 0
    assert capsys.readouterr().out == "deleted 2 players not seen for 30 days, and their 1 game\n"
    players = execute(database, "SELECT id FROM players ORDER BY id")
    assert [row[0] for row in players] == ["recent", "returning"]
    store = open_store(database)
    try:
        assert len(store.all_games("recent")) == 2
        assert len(store.all_games("returning")) == 1
    finally:
        store.close()


def test_one_player_one_day_and_one_game_are_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "y.sqlite3"
    service = GameService(open_store(database), clock=lambda: time.time() - 2 * _DAY)
    service.create("gone", GameCode.parse("YU1-C-AACRWEA"))
    service.close()
    assert main(["backup", str(tmp_path / "copy.sqlite3"), "--db", str(database)]) == 0
    assert capsys.readouterr().out.endswith(" (1 game)\n")
    assert main(["prune", "--inactive-days", "1", "--db", str(database)]) == 0
    assert capsys.readouterr().out == "deleted 1 player not seen for 1 day, and their 1 game\n"


def test_another_applications_database_is_refused_untouched(database: Target) -> None:
    if isinstance(database, Path):
        database.parent.mkdir(parents=True)
    execute(database, "CREATE TABLE customers (id INTEGER)")
    with pytest.raises(SchemaError, match=r"tables of another application \(customers\)"):
        open_store(database)
    tables = execute(database, "SELECT count(*) FROM customers")
    assert tables == [(0,)]


def test_a_postgresql_backup_says_what_it_needs_and_never_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with database_target("postgresql", tmp_path) as database:
        open_store(database).close()
        kept = tmp_path / "exists.backup"
        kept.write_text("keep me", encoding="utf-8")
        assert main(["backup", str(kept), "--db", str(database)]) == 2
        assert "exists; a backup never overwrites a file" in capsys.readouterr().err
        assert kept.read_text(encoding="utf-8") == "keep me"
        monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump to be found
        assert main(["backup", str(tmp_path / "new.backup"), "--db", str(database)]) == 2
        err = capsys.readouterr().err
        assert "pg_dump and pg_restore are needed" in err
        assert err.count("\n") == 1
        assert sorted(p.name for p in tmp_path.iterdir()) == ["exists.backup"]
