"""Opening a store: a path is SQLite, a URL PostgreSQL; a database that cannot be
reached is reported clearly, without the password."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.databases import Target
from yukon.storage import StorageError, open_store
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
    with pytest.raises(StorageError, match="cannot connect to the PostgreSQL database") as error:
        open_store(url)
    assert f"postgresql://yukon:***@127.0.0.1:{port}/yukon" in str(error.value)
    assert "secret" not in str(error.value)
