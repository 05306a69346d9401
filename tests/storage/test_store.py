"""Opening a store: a path is SQLite, a URL PostgreSQL; a database that cannot be
reached is reported clearly, without the password."""

from __future__ import annotations

import fcntl
import os
import socket
import threading
from pathlib import Path

import pytest

from tests.databases import Target
from yukon.storage import DatabaseUnreachableError, open_store
from yukon.storage.postgres import PostgresStore
from yukon.storage.sqlite import SqliteStore


def test_a_path_opens_sqlite_and_a_url_postgresql(database: Target) -> None:
    store = open_store(database)
    expected = SqliteStore if isinstance(database, Path) else PostgresStore
    assert isinstance(store, expected)
    store.close()


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    with socket.socket() as probe:  # a port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://yukon:secret@127.0.0.1:{port}/yukon"
    with pytest.raises(DatabaseUnreachableError) as error:
        open_store(url)
    assert str(error.value) == f"cannot reach PostgreSQL at 127.0.0.1:{port}: Connection refused"


def test_sqlite_writers_take_turns_on_the_lock_file_beside_the_database(tmp_path: Path) -> None:
    path = tmp_path / "y.sqlite3"
    store = SqliteStore(path)
    stored = threading.Event()

    def write() -> None:
        store.save_settings("ann", {"language": "sk"}, 1.0)
        stored.set()

    # Another process's writer holds the lock (another open file counts as one).
    other = os.open(f"{path}-lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(other, fcntl.LOCK_EX)
    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert not stored.wait(0.3)  # the write waits for its turn …
    finally:
        fcntl.flock(other, fcntl.LOCK_UN)
        os.close(other)
    writer.join(timeout=30)
    assert stored.is_set()  # … and is made as soon as the lock is free
    assert store.load_settings("ann") == {"language": "sk"}
    store.close()
