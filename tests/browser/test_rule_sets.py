"""Every rule set of the registry in the browser: the New game window offers it
by its name, a game starts under it, and a move its rules allow is played by
dragging, in the same way for each (the browser keeps no list of its own)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OpenApp
from yukon.engine import RULE_SETS, RuleSet
from yukon.i18n import translate

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_a_game_starts_and_a_move_is_played_under_each_rule_set(
    open_app: OpenApp, rules: RuleSet
) -> None:
    app = open_app()
    first = app.state()
    app.page.click("#btn-new")
    dialog = app.page.locator("#dlg-new")
    dialog.wait_for(state="visible")
    choice = dialog.locator("label.choice", has=app.page.locator(f'input[value="{rules.id}"]'))
    assert choice.locator("b").inner_text() == translate("en", f"new.{rules.id}")
    choice.locator("input").check()
    dialog.locator("#new-start").click()
    app.page.wait_for_function("id => document.body.dataset.game !== id", arg=first["id"])
    started = app.state()
    assert started["rules"] == rules.id
    assert started["code"].startswith(f"YU1-{rules.letter}-")

    state = app.open_deal(f"YU1-{rules.letter}-AAAAAAB")
    card, target = next(
        (card, target)
        for card, targets in state["targets"].items()
        for target in targets
        if target != "F"
    )
    app.drag(card, target)
    app.wait_version(state["version"] + 1)
    played = app.state()
    assert played["moves"] == 1
    assert played["record"] == f"{state['code']} {card}>{target}"
    assert card in played["columns"][int(target) - 1]["cards"]
