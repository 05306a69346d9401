"""The shipped table of daily deals: it covers every day from the first daily
deal through 2027-12-31 under every rule set, every solution in it wins when
replayed through the engine, and the frozen derivation finds the same deals
again (a sample of days: each day costs the derivation a second or so)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from yukon.daily import FIRST_DAY, day_number, is_shipped
from yukon.daily.choice import derive
from yukon.daily.table import DailyTable, table
from yukon.engine import RULE_SETS, Game, RuleSet

COVERED_THROUGH = date(2027, 12, 31)
"""The last day the table must hold; the docs promise at least this."""


def shipped(rules: RuleSet) -> DailyTable:
    return table(rules)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.id)
def test_the_table_covers_every_day_from_the_first(rules: RuleSet) -> None:
    days = shipped(rules)
    assert days.first == FIRST_DAY
    assert days.last >= COVERED_THROUGH
    assert is_shipped(COVERED_THROUGH, rules)
    assert not is_shipped(FIRST_DAY - timedelta(days=1), rules)
    assert not is_shipped(days.last + timedelta(days=1), rules)
    assert all(deal.code.rules is rules for deal in days.deals)


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.id)
def test_every_solution_in_the_table_wins(rules: RuleSet) -> None:
    for offset, deal in enumerate(shipped(rules).deals):
        game = Game.from_code(deal.code)
        for move in deal.solution:
            game.play(move)
        assert game.is_won, f"{FIRST_DAY + timedelta(days=offset)} {deal.code}"


def _sample(rules: RuleSet) -> list[date]:
    """The table's first and last days and two between, different for each rule set."""
    days = shipped(rules)
    span = (days.last - days.first).days
    step = span // 3
    shift = RULE_SETS.index(rules) * 17
    return [days.first, *(days.first + timedelta(days=step * k + shift) for k in (1, 2)), days.last]


@pytest.mark.parametrize(
    ("rules", "day"),
    [(rules, day) for rules in RULE_SETS for day in _sample(rules)],
    ids=str,
)
def test_the_derivation_finds_the_tables_deals(rules: RuleSet, day: date) -> None:
    assert derive(day_number(day), rules) == shipped(rules).get(day)
