"""The daily deal's derivation, frozen like the codes: these vectors must hold on
every machine and in every future version (docs/daily.md). A change that breaks
one is a new derivation, not a fix: never update them to make a test pass."""

from __future__ import annotations

from datetime import date

import pytest

from yukon.daily import daily_deal, day_number
from yukon.daily.choice import candidates, derive, seed_of
from yukon.daily.search import frozen_search
from yukon.engine import RULE_SETS, Game, RuleSet

# (day, rules letter) -> the daily deal's code: days in the shipped table (its first,
# a day in it, its last) and past it (derived on the spot).
VECTORS: dict[tuple[str, str], str] = {
    ("2026-01-01", "C"): "YU1-C-DWYZGBG",
    ("2026-01-01", "R"): "YU1-R-GNAUMEH",
    ("2026-01-01", "S"): "YU1-S-LOEJMRX",
    ("2026-01-01", "A"): "YU1-A-TBQQVEE",
    ("2026-12-06", "C"): "YU1-C-XZBURHR",
    ("2026-12-06", "R"): "YU1-R-LVVEOYM",
    ("2026-12-06", "S"): "YU1-S-AQSAKLV",
    ("2026-12-06", "A"): "YU1-A-GPUNNHM",
    ("2027-12-31", "C"): "YU1-C-RTGGGAT",
    ("2027-12-31", "R"): "YU1-R-EBKLRSL",
    ("2027-12-31", "S"): "YU1-S-UHZIABS",
    ("2027-12-31", "A"): "YU1-A-SYSUPQJ",
    ("2030-01-01", "C"): "YU1-C-WEZOISJ",
    ("2030-01-01", "R"): "YU1-R-ANCZTAV",
    ("2030-01-01", "S"): "YU1-S-LFNHNQX",
    ("2030-01-01", "A"): "YU1-A-XLQOKOV",
}

# The first candidates of one day: the seed and SplitMix64 (SPEC §2) alone.
CANDIDATES = {
    "C": [7402917435, 4727289281, 6770430950],
    "R": [3657259332, 2182082732, 1671535449],
    "S": [4059949058, 1282714548, 4372551246],
    "A": [7373281814, 2041092286, 2028445652],
}


def test_the_seed_is_the_day_number_and_the_rules_letter() -> None:
    assert day_number(date(2026, 12, 6)) == 20_793
    assert seed_of(20_793, RuleSet.parse("classic")) == 20_793 * 256 + ord("C")
    assert seed_of(0, RuleSet.parse("alaska")) == 65


@pytest.mark.parametrize("letter", sorted(CANDIDATES))
def test_the_candidates_of_a_day(letter: str) -> None:
    numbers = candidates(20_793, RuleSet.parse(letter))
    assert [next(numbers) for _ in range(3)] == CANDIDATES[letter]


@pytest.mark.parametrize(("day", "letter"), sorted(VECTORS))
def test_frozen_vectors(day: str, letter: str) -> None:
    deal = daily_deal(date.fromisoformat(day), RuleSet.parse(letter))
    assert str(deal.code) == VECTORS[day, letter]
    assert deal.shipped == (day < "2028-01-01")


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.id)
def test_a_derived_deal_is_the_first_candidate_won_and_its_solution_wins(rules: RuleSet) -> None:
    day = day_number(date(2031, 6, 30))
    derived = derive(day, rules)
    numbers = candidates(day, rules)
    tried = [next(numbers) for _ in range(derived.candidate + 1)]
    assert tried[-1] == derived.code.number
    assert all(frozen_search(number, rules) is None for number in tried[:-1])
    game = Game.from_code(derived.code)
    for move in derived.solution:
        game.play(move)
    assert game.is_won
