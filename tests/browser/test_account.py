"""The menu's "Export my games" and "Delete my data", in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.conftest import PHONE, OpenApp

pytestmark = pytest.mark.browser

CODE = "YU1-C-AACRWEA"


def test_a_player_downloads_their_games_and_then_deletes_them(
    open_app: OpenApp, screenshots: Path
) -> None:
    app = open_app()
    old = app.open_deal(CODE, ["QC>5"])
    app.page.click("#menu summary")
    app.page.screenshot(path=screenshots / "menu-account.png")
    with app.page.expect_download() as download:
        app.page.click("#menu-export")
    assert download.value.suggested_filename == "yukon-games.json"
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    # The app's first random deal, then the linked one with its move.
    assert len(exported["games"]) == 2
    assert exported["games"][-1]["record"] == f"{CODE} QC>5"
    assert exported["games"][-1]["id"] == old["id"]

    app.page.click("#menu summary")
    app.page.once("dialog", lambda dialog: dialog.accept())
    with app.page.expect_navigation():
        app.page.click("#btn-delete-data")
    app.wait_ready()
    app.console.allow_refusals(404)  # the old game, asked for below
    status, _ = app.api("GET", f"/games/{old['id']}")
    assert status == 404
    status, stats = app.api("GET", "/stats")
    assert stats["classic"]["won"] == 0
    assert stats["classic"]["best_score"] is None


def test_deleting_asks_first_and_a_no_keeps_everything(open_app: OpenApp) -> None:
    app = open_app(viewport=PHONE, locale="pt-PT")
    state = app.open_deal(CODE, ["QC>5"])
    app.page.click("#menu summary")
    messages: list[str] = []

    def dismiss(dialog: object) -> None:
        messages.append(dialog.message)  # type: ignore[attr-defined]
        dialog.dismiss()  # type: ignore[attr-defined]

    app.page.once("dialog", dismiss)
    app.page.click("#btn-delete-data")
    app.page.wait_for_function("() => !document.querySelector('#menu').open")
    assert messages == [
        "Apagar deste servidor todos os seus jogos, estatísticas e definições?"
        " Esta ação não pode ser desfeita."
    ]
    status, kept = app.api("GET", f"/games/{state['id']}")
    assert status == 200
    assert kept["moves"] == 1
