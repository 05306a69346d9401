"""The game service over a real database, SQLite and PostgreSQL in turn: every
change stored, games resumed exactly by replaying their records, damaged games
reported without harm to others, and several services on one database never
serving a stale game."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.databases import Target, execute
from yukon.engine import GameCode, IllegalMoveError, Move, NothingToUndoError, Record
from yukon.storage import (
    CorruptGameError,
    DatabaseBusyError,
    GameNotFoundError,
    GameRefusedError,
    GameService,
    GameTooLongError,
    InvalidSettingError,
    LiveGame,
    StaleVersionError,
    open_store,
    sqlite,
)

CODE = GameCode.parse("YU1-C-AAAAAAB")
LINE = ("5H>5", "TS>2", "7H>7", "KH>1")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def service(database: Target) -> Iterator[GameService]:
    service = _open(database)
    yield service
    service.close()


@pytest.fixture
def other(service: GameService, database: Target) -> Iterator[GameService]:
    """A second service on the same database, as another server process has."""
    other = _open(database)
    yield other
    other.close()


def _open(database: Target, **options: int) -> GameService:
    return GameService(open_store(database), clock=Clock(), **options)


def _play(service: GameService, live: LiveGame, *moves: str) -> LiveGame:
    for text in moves:
        live = service.move(live.player, live.id, Move.parse(text), live.version)
    return live


def _snapshot(live: LiveGame) -> tuple[object, ...]:
    game = live.game
    return (
        game.columns, game.hidden, game.foundations, game.score, game.move_count,
        game.undo_count, game.hint_count, game.undo_depth, game.line, game.log,
        live.record, live.version, live.clock,
    )  # fmt: skip


def test_the_record_kept_beside_the_game_is_the_engines_record(service: GameService) -> None:
    live = _play(service, service.create("ann", CODE), *LINE)
    live = service.undo("ann", live.id, live.version)
    assert live.record == str(Record.from_game(live.game, with_undos=True))
    assert live.record == "YU1-C-AAAAAAB 5H>5 TS>2 7H>7 KH>1 U"


def test_a_game_resumes_exactly_from_the_database(service: GameService, other: GameService) -> None:
    live = _play(service, service.create("ann", CODE), *LINE)
    live = service.undo("ann", live.id, live.version)
    live = service.record_hint("ann", live.id, live.version, Move.parse("KH>1"))
    live = service.set_page_hidden("ann", live.id, True)
    resumed = other.get("ann", live.id)
    assert _snapshot(resumed) == _snapshot(live)
    # The undo history came back too: the same moves can be taken back, to the deal.
    expected = Record.parse(live.record).replay()
    for _ in range(3):
        expected.undo()
        resumed = other.undo("ann", resumed.id, resumed.version)
        assert resumed.game.columns == expected.columns
    assert not resumed.game.can_undo


def test_a_refused_move_changes_nothing(service: GameService, database: Target) -> None:
    live = _play(service, service.create("ann", CODE), "5H>5")
    before = _snapshot(live)
    with pytest.raises(GameRefusedError) as refused:
        service.move("ann", live.id, Move.parse("JH>1"), live.version)
    assert isinstance(refused.value.cause, IllegalMoveError)
    assert _snapshot(service.get("ann", live.id)) == before
    stored = execute(database, "SELECT record, version FROM games WHERE id = ?", (live.id,))
    assert stored == [(live.record, live.version)]


def test_nothing_to_undo_is_refused_with_the_engines_error(service: GameService) -> None:
    live = service.create("ann", CODE)
    with pytest.raises(GameRefusedError) as refused:
        service.undo("ann", live.id, 1)
    assert isinstance(refused.value.cause, NothingToUndoError)


def test_a_stale_version_is_refused_with_the_current_game(service: GameService) -> None:
    live = _play(service, service.create("ann", CODE), "5H>5")
    with pytest.raises(StaleVersionError) as stale:
        service.move("ann", live.id, Move.parse("TS>2"), 1)
    assert stale.value.live.version == 2
    assert service.get("ann", live.id).game.move_count == 1


def test_a_game_at_its_length_limit_refuses_moves_and_undos(database: Target) -> None:
    service, other = _open(database, max_steps=2), _open(database, max_steps=2)
    live = _play(service, service.create("ann", CODE), "5H>5")
    # The second step is made elsewhere: the limit is decided on the game as stored.
    live = _play(other, other.get("ann", live.id), "TS>2")
    with pytest.raises(GameTooLongError) as refused:
        service.move("ann", live.id, Move.parse("7H>7"), live.version)
    assert refused.value.live.record == "YU1-C-AAAAAAB 5H>5 TS>2"
    with pytest.raises(GameTooLongError):
        service.undo("ann", live.id, live.version)
    assert service.get("ann", live.id).version == live.version
    service.close()
    other.close()


def test_another_players_game_is_not_found(service: GameService) -> None:
    live = service.create("ann", CODE)
    with pytest.raises(GameNotFoundError):
        service.get("bob", live.id)
    with pytest.raises(GameNotFoundError):
        service.move("bob", live.id, Move.parse("5H>5"), 1)
    with pytest.raises(GameNotFoundError):
        service.get("ann", "no-such-game")


def test_a_game_changed_by_another_server_on_the_same_file_is_stale(
    service: GameService, other: GameService
) -> None:
    live = service.create("ann", CODE)
    other.move("ann", live.id, Move.parse("5H>5"), 1)
    with pytest.raises(StaleVersionError) as stale:
        service.move("ann", live.id, Move.parse("TS>2"), 1)
    assert stale.value.live.record == "YU1-C-AAAAAAB 5H>5"
    assert service.get("ann", live.id).version == 2


def test_games_evicted_from_memory_are_resumed_from_the_database(database: Target) -> None:
    service = _open(database, cache_size=2)
    games = [_play(service, service.create("ann", CODE), "5H>5") for _ in range(5)]
    for live in games:
        resumed = service.get("ann", live.id)
        assert resumed.record == "YU1-C-AAAAAAB 5H>5"
        assert _play(service, resumed, "TS>2").version == 3
    service.close()


def test_a_damaged_record_is_reported_for_that_game_only(
    service: GameService, database: Target
) -> None:
    damaged = _play(service, service.create("ann", CODE), "5H>5")
    healthy = _play(service, service.create("ann", CODE), "5H>5")
    execute(
        database, "UPDATE games SET record = 'YU1-C-AAAAAAB 5H>5 ZZ>9' WHERE id = ?", (damaged.id,)
    )
    fresh = _open(database)
    with pytest.raises(CorruptGameError, match=r"move 2 \(ZZ>9\)"):
        fresh.get("ann", damaged.id)
    assert fresh.get("ann", healthy.id).record == healthy.record
    assert _play(fresh, fresh.get("ann", healthy.id), "TS>2").version == 3
    fresh.close()


def test_a_record_of_another_deal_is_reported(service: GameService, database: Target) -> None:
    live = service.create("ann", CODE)
    execute(database, "UPDATE games SET code = 'YU1-R-AAAAAAB' WHERE id = ?", (live.id,))
    fresh = _open(database)
    with pytest.raises(CorruptGameError, match="does not start with"):
        fresh.get("ann", live.id)
    fresh.close()


def test_a_failed_commit_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite, "BUSY_TIMEOUT_MS", 0)
    path = tmp_path / "y.sqlite3"
    service = _open(path)
    live = service.create("ann", CODE)
    blocker = sqlite3.connect(path, timeout=0)
    blocker.execute("BEGIN EXCLUSIVE")  # hold the write lock: the next commit fails
    with pytest.raises(DatabaseBusyError):
        service.move("ann", live.id, Move.parse("5H>5"), 1)
    blocker.rollback()
    resumed = service.get("ann", live.id)
    assert (resumed.record, resumed.version) == ("YU1-C-AAAAAAB", 1)
    assert resumed.game.move_count == 0
    service.close()


def test_settings_are_kept_and_checked(service: GameService) -> None:
    assert service.settings("ann").double_click is True
    service.update_settings("ann", {"double_click": False, "language": "hu"})
    assert service.settings("ann").as_dict()["language"] == "hu"
    assert service.settings("bob").double_click is True
    with pytest.raises(InvalidSettingError, match="unknown setting"):
        service.update_settings("ann", {"sound": True})
    with pytest.raises(InvalidSettingError, match="true or false"):
        service.update_settings("ann", {"double_click": 1})
    with pytest.raises(InvalidSettingError, match="language"):
        service.update_settings("ann", {"language": "de"})
    assert service.settings("ann").double_click is False


def test_one_tap_plays_is_off_until_chosen_and_then_kept(service: GameService) -> None:
    assert service.settings("ann").one_tap is False
    # Settings stored before the setting existed read with it off.
    service.store.save_settings("bob", {"double_click": False}, 1.0)
    assert (service.settings("bob").one_tap, service.settings("bob").double_click) == (False, False)
    service.update_settings("ann", {"one_tap": True})
    assert service.settings("ann").one_tap is True
    with pytest.raises(InvalidSettingError, match="one_tap must be true or false, not 'yes'"):
        service.update_settings("ann", {"one_tap": "yes"})
    assert service.settings("ann").one_tap is True


def test_a_game_changed_by_another_service_is_read_as_it_is_now(
    service: GameService, other: GameService
) -> None:
    live = service.create("ann", CODE)
    assert service.get("ann", live.id) is live  # in memory, and current
    moved = other.move("ann", live.id, Move.parse("5H>5"), 1)
    read = service.get("ann", live.id)
    assert (read.version, read.record) == (2, "YU1-C-AAAAAAB 5H>5")
    assert _snapshot(read) == _snapshot(moved)
    assert service.move("ann", live.id, Move.parse("TS>2"), 2).version == 3
    assert other.get("ann", live.id).record == "YU1-C-AAAAAAB 5H>5 TS>2"


def test_a_clock_change_never_overwrites_a_move_made_elsewhere(
    service: GameService, other: GameService
) -> None:
    live = _play(service, service.create("ann", CODE), "5H>5")
    other.get("ann", live.id)  # the other service has the game at version 2 in memory
    service.move("ann", live.id, Move.parse("TS>2"), 2)
    hidden = other.set_page_hidden("ann", live.id, True)
    assert (hidden.version, hidden.record) == (3, "YU1-C-AAAAAAB 5H>5 TS>2")
    assert hidden.clock.page_hidden
    assert not hidden.clock.is_running
    resumed = service.get("ann", live.id)
    assert _snapshot(resumed) == _snapshot(hidden)


def test_a_move_after_a_clock_change_elsewhere_keeps_both(
    service: GameService, other: GameService
) -> None:
    live = _play(service, service.create("ann", CODE), "5H>5")
    other.set_page_hidden("ann", live.id, True)
    moved = service.move("ann", live.id, Move.parse("TS>2"), 2)  # same version: accepted
    assert moved.version == 3
    assert moved.clock.is_running
    assert other.get("ann", live.id).record == "YU1-C-AAAAAAB 5H>5 TS>2"


def test_threads_racing_on_one_game_make_each_version_once(service: GameService) -> None:
    live = service.create("ann", CODE)
    line = ("5H>5", "TS>2", "7H>7", "KH>1")

    def race(version: int) -> list[LiveGame | None]:
        def attempt(_: int) -> LiveGame | None:
            try:
                return service.move("ann", live.id, Move.parse(line[version - 1]), version)
            except StaleVersionError:
                return None

        with ThreadPoolExecutor(max_workers=4) as pool:
            return list(pool.map(attempt, range(4)))

    for version in range(1, len(line) + 1):
        accepted = [result for result in race(version) if result is not None]
        assert [result.version for result in accepted] == [version + 1]
    assert service.get("ann", live.id).record == "YU1-C-AAAAAAB " + " ".join(line)
