"""The deal (SPEC §2): SplitMix64, Fisher–Yates and the layout, pinned by golden data."""

from __future__ import annotations

import pytest

from yukon.engine import DECK, RULE_SETS, GameCode, Position, RuleSet
from yukon.engine.deal import COLUMN_SIZES, deal, shuffled_deck, splitmix64

CHECK_VALUE = """\
1: 7H
2: [9S] 4H 8D 8H 5C JH
3: [6H] [9C] JS 5H KH 3S 2H
4: [JD] [5D] [7D] 4D 2S AH 6C KS
5: [KD] [TD] [TC] [JC] TH 8C QS 4C 6S
6: [7S] [AC] [5S] [AD] [KC] 6D QC QD QH 9H
7: [3H] [3C] [AS] [4S] [2D] [8S] TS 3D 2C 9D 7C"""

# The layouts of some deals, by their seven letters: the same under every rule set.
GOLDEN = {
    "AAAAAAA": """\
1: 8C
2: [JD] 9S 2C 2H QH 6C
3: [TS] [3H] AS JS 7S 9D 8S
4: [QC] [KD] [5D] 2S 3D 5S AD 6S
5: [4C] [TH] [5H] [8D] 8H AH QD TC QS
6: [JH] [3C] [4H] [2D] [9H] 3S KH AC 7C 9C
7: [7H] [JC] [6D] [KC] [4S] [7D] 5C 6H 4D KS TD""",
    "AACRWEA": """\
1: JS
2: [4H] 2C 3C AC 3D 2D
3: [AD] [5S] TS 3H KS KC 8C
4: [AH] [5C] [AS] TH TD 5H JD 8S
5: [4S] [6C] [JC] [2H] 9D 9S 6H QH KD
6: [7C] [8H] [3S] [QS] [2S] 4C QC 9H 6S 5D
7: [JH] [9C] [QD] [4D] [6D] [7S] KH TC 8D 7D 7H""",
    "ZZZZZZZ": """\
1: 6C
2: [5C] JD 4H 4C 2C AS
3: [7H] [9S] TS AD KC 3S 6D
4: [8D] [TD] [JC] 6H 2D QS 2H 8C
5: [8H] [8S] [9H] [6S] JS 9C KD 4S 5D
6: [9D] [3C] [KH] [2S] [KS] QD 7C 5S 4D JH
7: [3H] [AC] [QC] [AH] [7S] [TC] TH 7D 5H QH 3D""",
    "HELLOYU": """\
1: JH
2: [QS] 6D 7H 2H 8C 7S
3: [9S] [3H] JD 4C KH JC 6C
4: [4H] [8H] [QC] 5D 8D 6H KS 3D
5: [5H] [7C] [9C] [9H] TH KD AD JS 3C
6: [TS] [3S] [2C] [5S] [TD] 8S 6S QH 2D KC
7: [AC] [QD] [4S] [4D] [9D] [2S] 5C 7D AH TC AS""",
}


def layout(code: str) -> str:
    return "\n".join(Position.from_code(GameCode.parse(code)).layout_lines())


# The rules letter does not change the deal: every layout is checked under each.
@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_check_value_of_spec(rules: RuleSet) -> None:
    assert layout(f"YU1-{rules.letter}-AAAAAAB") == CHECK_VALUE


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
@pytest.mark.parametrize("letters", sorted(GOLDEN))
def test_golden_layouts(letters: str, rules: RuleSet) -> None:
    assert layout(f"YU1-{rules.letter}-{letters}") == GOLDEN[letters]


def test_splitmix64_reference_values() -> None:
    # The published first outputs of SplitMix64 seeded with 0 and 1.
    draws = splitmix64(0)
    assert [next(draws) for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    assert next(splitmix64(1)) == 0x910A2DEC89025CC1


def test_every_deal_uses_the_whole_deck_once() -> None:
    for number in [0, 1, 2, 12345, 8_031_810_175]:
        assert sorted(card.index for card in shuffled_deck(number)) == list(range(52))


def test_layout_shape() -> None:
    columns = deal(99)
    assert tuple(len(column.cards) for column in columns) == COLUMN_SIZES == (1, 6, 7, 8, 9, 10, 11)
    assert tuple(column.hidden for column in columns) == (0, 1, 2, 3, 4, 5, 6)
    assert sum(column.hidden for column in columns) == 21
    assert sum(len(column.cards) - column.hidden for column in columns) == 31


def test_deal_is_taken_from_the_front_of_the_shuffled_deck() -> None:
    deck = shuffled_deck(1)
    dealt = [card for column in deal(1) for card in column.cards]
    assert tuple(dealt) == deck
    assert set(deck) == set(DECK)
