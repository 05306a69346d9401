"""``yukon backup`` while a real server takes moves, and ``yukon prune``."""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from tests.databases import Target, execute
from tests.web.server import ServerProcess
from yukon.cli import main
from yukon.engine import GameCode, Move
from yukon.storage import GameService, LiveGame, SchemaError, open_store

API = "/api/v1"
_DAY = 24 * 3600


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


def _check_copy(path: Path) -> int:
    """Every game in the copy resumes exactly (record, counters, version agree)."""
    with closing(sqlite3.connect(path)) as connection:
        (verdict,) = connection.execute("PRAGMA integrity_check").fetchone()
        assert verdict == "ok"
    store = open_store(path)
    try:
        rows = [row for player in _players(path) for row in store.all_games(player)]
        for row in rows:
            LiveGame.from_row(row)  # raises CorruptGameError if the row is torn
        return len(rows)
    finally:
        store.close()


def _players(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        return [row[0] for row in connection.execute("SELECT id FROM players")]


def test_a_backup_taken_while_moves_are_made_is_whole_and_consistent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = ServerProcess(tmp_path / "live.sqlite3")
    stop, made = threading.Event(), [0]
    writer = threading.Thread(target=_player, args=(server, stop, made))
    writer.start()
    try:
        counts = []
        for number in range(4):
            while made[0] < 4 * (number + 1):  # wait for the moves this backup must race
                assert writer.is_alive(), "the player stopped"
                time.sleep(0.01)
            copy = tmp_path / f"copy-{number}.sqlite3"
            assert main(["backup", str(copy), "--db", str(server.db_path)]) == 0
            counts.append(_check_copy(copy))
        assert counts == sorted(counts)
        assert counts[-1] >= 2
        assert "copied to" in capsys.readouterr().out
    finally:
        stop.set()
        writer.join(30)
        server.stop()
    final = tmp_path / "final.sqlite3"
    assert main(["backup", str(final), "--db", str(server.db_path)]) == 0
    assert _check_copy(final) == _check_copy(Path(server.db_path))


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
    assert capsys.readouterr().out == (
        "deleted 2 players not seen for 30 days, and their 1 games\n"
    )
    players = execute(database, "SELECT id FROM players ORDER BY id")
    assert [row[0] for row in players] == ["recent", "returning"]
    store = open_store(database)
    try:
        assert len(store.all_games("recent")) == 2
        assert len(store.all_games("returning")) == 1
    finally:
        store.close()


def test_another_applications_database_is_refused_untouched(database: Target) -> None:
    if isinstance(database, Path):
        database.parent.mkdir(parents=True)
    execute(database, "CREATE TABLE customers (id INTEGER)")
    with pytest.raises(SchemaError, match=r"tables of another application \(customers\)"):
        open_store(database)
    tables = execute(database, "SELECT count(*) FROM customers")
    assert tables == [(0,)]
