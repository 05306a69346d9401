"""A database that another program locks: the server answers a move 503 with
``Retry-After``; the page asks once more after that wait, and when the database is
still locked it says so in the player's language, the game as it was. The lock is
a real one, taken by another connection to the server's SQLite file."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Response

from tests.browser.conftest import OpenApp
from tests.web.server import ServerProcess

CATALOGS = Path(__file__).resolve().parents[2] / "src" / "yukon" / "i18n"
DEAL = "YU1-C-AACRWEA"


@contextmanager
def _locked(database: Path) -> Iterator[sqlite3.Connection]:
    """Another program's write lock on *database* (released on leaving, if still held)."""
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield other
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()


def _moves_answered(statuses: list[int]) -> Callable[[Response], None]:
    """Records the status of every answer to a move in *statuses*."""

    def record(response: Response) -> None:
        if response.url.endswith("/moves"):
            statuses.append(response.status)

    return record


def test_a_move_refused_for_a_locked_database_is_asked_again_and_made(
    open_app: OpenApp, server: ServerProcess
) -> None:
    app = open_app()
    app.console.allow_refusals(503)
    state = app.open_deal(DEAL)
    statuses: list[int] = []
    app.page.on("response", _moves_answered(statuses))
    with _locked(Path(server.db_path)) as other:
        with app.page.expect_response(lambda answer: answer.status == 503, timeout=30_000):
            app.drag("QC", "5")
        other.execute("ROLLBACK")  # the other program is done: the page's second ask succeeds
    app.wait_version(state["version"] + 1)
    assert statuses == [503, 200]
    assert app.state()["record"] == f"{DEAL} QC>5"
    assert app.page.locator("#message").is_hidden()


def test_a_database_still_locked_is_said_in_the_players_language(
    open_app: OpenApp, server: ServerProcess
) -> None:
    app = open_app(locale="sk")
    app.console.allow_refusals(503)
    state = app.open_deal(DEAL)
    drawn = app.drawn_columns()
    statuses: list[int] = []
    app.page.on("response", _moves_answered(statuses))
    with _locked(Path(server.db_path)):
        app.drag("QC", "5")
        # Said after the second refusal: twice the server's 5 s wait, and the 1 s between.
        app.page.wait_for_selector("#message:not([hidden])", timeout=60_000)
        said = app.message()
    catalog = json.loads((CATALOGS / "sk.json").read_text(encoding="utf-8"))
    assert said == catalog["error.database_busy"]
    assert statuses == [503, 503]
    app.wait_idle()
    assert app.drawn_columns() == drawn  # the cards back where they were
    assert app.state() == state
    # The lock gone, the same move is made.
    app.drag("QC", "5")
    app.wait_version(state["version"] + 1)
