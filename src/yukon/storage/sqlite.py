"""The embedded default: one SQLite file, WAL, a few connections shared by threads.

With WAL and ``synchronous=NORMAL`` a committed change survives the process being
killed (SIGKILL, a crash); ``synchronous=FULL`` (``durable=True``) also survives a
power cut, at the price of one fsync per change. Several processes may share the
file: SQLite locks it for each write, readers never wait, and a writer that finds
the lock taken waits for it (``busy_timeout``) in its own thread.

SQLite's own wait is a sleep of 1 to 100 ms between tries: under load one write
in ten slept, some for tenths of a second, while the lock was free again after
some microseconds. So the app's writers first queue for a lock that wakes the
next one as soon as it is released: a thread lock within a process, and, where
the system has ``flock``, a lock file beside the database (``NAME-lock``) among
processes. SQLite's wait remains for other programs that write the file.

A write that waits longer than :data:`BUSY_TIMEOUT_MS` for either lock (another
program holding the file, ``sqlite3`` in a shell, a backup tool) is given up as a
:class:`~yukon.storage.errors.DatabaseBusyError`: nothing changed, and the web
layer answers 503 with ``Retry-After`` instead of keeping a thread, and a player,
waiting without end.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Final

try:
    import fcntl
except ImportError:  # Windows: the thread lock only
    fcntl = None  # type: ignore[assignment]

from yukon.storage.dialect import SQLITE
from yukon.storage.errors import DatabaseBusyError
from yukon.storage.schema import check_schema, migrate
from yukon.storage.sql import SqlStore

__all__ = ["BUSY_TIMEOUT_MS", "SqliteStore"]

BUSY_TIMEOUT_MS: Final = 5000
"""How long a write waits for another connection's (or process's) write lock."""
_WAL_RETRY_SECONDS: Final = 0.005


class _WriteLock:
    """The app's writers to one file take turns here before SQLite's lock (see
    above): a thread lock, then the lock file's ``flock`` for other processes.
    The lock file is made at the first write, once SQLite has opened the database
    (a database that cannot be opened is reported as SQLite says)."""

    def __init__(self, path: Path | str) -> None:
        self._threads = threading.Lock()
        self._path: str | None = None
        if fcntl is not None and str(path) != ":memory:":
            self._path = f"{path}-lock"
        self._fd: int | None = None

    @contextmanager
    def held(self) -> Iterator[None]:
        """The lock, for the block.

        :raises DatabaseBusyError: when another thread's write held it for longer
            than :data:`BUSY_TIMEOUT_MS` (it waits for a lock another program holds).
        """
        if not self._threads.acquire(timeout=BUSY_TIMEOUT_MS / 1000):
            raise DatabaseBusyError()
        try:
            if self._path is None:
                yield
                return
            if self._fd is None:
                self._fd = os.open(self._path, os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(self._fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
        finally:
            self._threads.release()

    def close(self) -> None:
        with self._threads:
            if self._fd is not None:
                os.close(self._fd)
                self._fd = None


def _is_busy(error: sqlite3.OperationalError) -> bool:
    """Whether *error* is SQLite giving up on a lock held by another connection."""
    return error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


@contextmanager
def _busy_is_refused() -> Iterator[None]:
    """A lock waited for in vain, as :class:`DatabaseBusyError`."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if _is_busy(error):
            raise DatabaseBusyError() from error
        raise


def _turn_wal_on(connection: sqlite3.Connection) -> None:
    """``PRAGMA journal_mode = WAL``, tried again while another connection opens
    the same new file: the switch needs the file to itself, and SQLite answers
    "database is locked" at once there instead of waiting (``busy_timeout``
    does not cover it; 4 threads opening a fresh file failed so in 1 of 30)."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(_WAL_RETRY_SECONDS)


class _SqliteConnections:
    """Connections to one file, reused: a thread takes one for a call and gives it
    back, so that no two threads ever use one connection at once."""

    def __init__(self, path: Path | str, durable: bool) -> None:
        self._path = str(path)
        self._durable = durable
        self._idle: list[sqlite3.Connection] = []
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._writers = _WriteLock(path)

    def _open(self) -> sqlite3.Connection:
        # Autocommit mode: every transaction is an explicit BEGIN … COMMIT.
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _turn_wal_on(connection)
        connection.execute(f"PRAGMA synchronous = {'FULL' if self._durable else 'NORMAL'}")
        connection.execute("PRAGMA foreign_keys = ON")
        return connection

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            connection = self._idle.pop() if self._idle else None
        if connection is None:
            connection = self._open()
            with self._lock:
                self._all.append(connection)
        try:
            yield connection
        finally:
            with self._lock:
                self._idle.append(connection)

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A connection for one write statement, the app's write lock held.

        :raises DatabaseBusyError: when a lock was waited for in vain.
        """
        with _busy_is_refused(), self._writers.held(), self.connection() as connection:
            yield connection

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` with the app's write lock held, rolled
        back on any exception."""
        with self.write() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for connection in self._all:
                connection.close()
            self._all.clear()
            self._idle.clear()
        self._writers.close()


def _check_existing(path: Path) -> None:
    """Read an existing file before the app opens it (which turns WAL on, a change
    to the file): one that is not Yukon's database is refused untouched.

    :raises SchemaError: for another application's tables or a newer schema.
    :raises sqlite3.DatabaseError: for a file that is not a database, or a damaged one.
    """
    if not path.is_file() or path.stat().st_size == 0:
        return
    uri = f"{path.resolve().as_uri()}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as connection:
        # One read transaction: the version and the tables from one snapshot. Read
        # apart, another process's first migration could commit in between (the
        # version read as 0, its tables listed: taken for another application's).
        connection.execute("BEGIN")
        try:
            check_schema(connection, SQLITE)
        finally:
            connection.execute("ROLLBACK")


class SqliteStore(SqlStore):
    """The app's SQLite file at *path* (its folder is created on first use)."""

    def __init__(self, path: Path | str, *, durable: bool = False) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            _check_existing(self.path)
        connections = _SqliteConnections(path, durable)
        with connections.connection() as connection:
            version = migrate(connection, SQLITE)
        super().__init__(connections, SQLITE, version)
