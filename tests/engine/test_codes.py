"""Game codes (SPEC §2): format, parse, and every way a code can be wrong."""

from __future__ import annotations

import pickle
import random

import pytest

from yukon.engine import (
    CLASSIC,
    DEAL_COUNT,
    RELAXED,
    RULE_SETS,
    CodeProblem,
    GameCode,
    InvalidCodeError,
    RuleSet,
)
from yukon.engine.codes import letters_to_number, number_to_letters


def test_the_letters_are_the_deal_number_in_base_26() -> None:
    assert GameCode.parse("YU1-C-AAAAAAA").number == 0
    assert GameCode.parse("YU1-C-AAAAAAB").number == 1
    assert GameCode.parse("YU1-C-AAAAABA").number == 26
    assert GameCode.parse("YU1-C-ZZZZZZZ").number == 26**7 - 1 == 8_031_810_175
    assert DEAL_COUNT == 26**7


@pytest.mark.parametrize("text", ["yu1-c-aaaaaab", "  YU1-C-AAAAAAB\n", "\tYu1-c-AaAaAaB "])
def test_parse_ignores_case_and_surrounding_white_space(text: str) -> None:
    assert str(GameCode.parse(text)) == "YU1-C-AAAAAAB"


def test_rules_letter_selects_the_rule_set_of_the_same_deal() -> None:
    classic = GameCode.parse("YU1-C-ABCDEFG")
    relaxed = GameCode.parse("YU1-R-ABCDEFG")
    assert classic.rules is CLASSIC
    assert relaxed.rules is RELAXED
    assert classic.number == relaxed.number
    assert classic.with_rules(RELAXED) == relaxed


@pytest.mark.parametrize(
    ("text", "problem", "fragment"),
    [
        ("", CodeProblem.EMPTY, "empty"),
        ("   ", CodeProblem.EMPTY, "empty"),
        ("YU2-C-AAAAAAB", CodeProblem.PREFIX, "unknown prefix 'YU2'"),
        ("KL1-C-AAAAAAB", CodeProblem.PREFIX, "unknown prefix"),
        ("AAAAAAB", CodeProblem.PREFIX, "unknown prefix"),
        ("YU1-AAAAAAB", CodeProblem.PARTS, "2 parts"),
        ("YU1-C-AAAAAAB-X", CodeProblem.PARTS, "4 parts"),
        ("YU1-X-AAAAAAB", CodeProblem.RULES, "bad rules letter 'X'"),
        ("YU1--AAAAAAB", CodeProblem.RULES, "bad rules letter"),
        ("YU1-C-AAAAAA", CodeProblem.LENGTH, "6 letters"),
        ("YU1-C-AAAAAAAA", CodeProblem.LENGTH, "8 letters"),
        ("YU1-C-AAAA1AB", CodeProblem.CHARACTER, "'1' at position 5"),
        ("YU1-C-AAAAAÄB", CodeProblem.CHARACTER, "position 6"),
        ("YU1-C-AAA AAB", CodeProblem.CHARACTER, "' ' at position 4"),
    ],
)
def test_every_malformed_code_says_what_is_wrong(
    text: str, problem: CodeProblem, fragment: str
) -> None:
    with pytest.raises(InvalidCodeError, match=fragment) as caught:
        GameCode.parse(text)
    assert caught.value.problem is problem


def test_non_text_is_refused() -> None:
    with pytest.raises(InvalidCodeError) as caught:
        GameCode.parse(42)  # type: ignore[arg-type]
    assert caught.value.problem is CodeProblem.NOT_TEXT


@pytest.mark.parametrize("number", [-1, DEAL_COUNT])
def test_deal_numbers_outside_the_range_are_refused(number: int) -> None:
    with pytest.raises(InvalidCodeError, match="outside"):
        GameCode(CLASSIC, number)
    with pytest.raises(InvalidCodeError, match="outside"):
        number_to_letters(number)


def test_letters_and_numbers_are_inverse() -> None:
    rng = random.Random(7)
    for number in [0, 1, 25, 26, 675, 676, DEAL_COUNT - 1, *rng.sample(range(DEAL_COUNT), 200)]:
        assert letters_to_number(number_to_letters(number)) == number


def test_random_codes_are_uniform_over_all_deals_and_reproducible_with_a_seed() -> None:
    first = [GameCode.random(RELAXED, rng=random.Random(3)) for _ in range(2)]
    assert first[0] == first[1]
    assert first[0].rules is RELAXED
    codes = {GameCode.random(CLASSIC, rng=random.Random(seed)).number for seed in range(200)}
    assert len(codes) == 200
    assert max(codes) > DEAL_COUNT // 2 > min(codes)


def test_repr_is_an_evaluable_call() -> None:
    code = GameCode.parse("YU1-R-QWERTYU")
    assert repr(code) == "GameCode.parse('YU1-R-QWERTYU')"
    assert eval(repr(code)) == code


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("C", CLASSIC),
        ("classic", CLASSIC),
        ("R", RELAXED),
        ("Relaxed", RELAXED),
    ],
)
def test_rules_parse(text: str, rules: RuleSet) -> None:
    assert RuleSet.parse(text) is rules


def test_every_rule_set_is_found_by_its_letter_and_id() -> None:
    for rules in RULE_SETS:
        assert (
            RuleSet.parse(rules.letter.lower()) is RuleSet.parse(f" {rules.id.upper()} ") is rules
        )
        assert GameCode.parse(f"YU1-{rules.letter}-AAAAAAB").rules is rules
        assert pickle.loads(pickle.dumps(rules)) is rules
    assert len({r.letter for r in RULE_SETS}) == len({r.id for r in RULE_SETS}) == len(RULE_SETS)


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(InvalidCodeError, match="unknown rules 'spider'"):
        RuleSet.parse("spider")
    with pytest.raises(InvalidCodeError, match="bad rules letter 'CLASSIC'"):
        GameCode.parse("YU1-CLASSIC-AAAAAAB")
