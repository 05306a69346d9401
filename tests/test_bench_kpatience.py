"""bench/kpatience.py deals KPatience's games as KPatience does and replays its wins
under its rules (a group of any size), not ours."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from yukon.engine import Move

_BENCH = Path(__file__).parents[1] / "bench" / "kpatience.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_kpatience", _BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


kpatience = _load()

GAME_1 = """\
JD
[2D] 5H QC QD 5C 7S
[9H] [KD] KH JS TS 3S 2C
[JC] [KC] [3H] AS QH TD JH 8D
[5D] [9S] [2S] [AH] 4H 4S 7D QS 8C
[7H] [5S] [KS] [3C] [AC] TH 6D 6C TC 9C
[7C] [AD] [9D] [4C] [4D] [8H] 8S 3D 6S 2H 6H
"""
"""KPatience's Yukon game 1, as its own code deals it (Yukon::restart on
KpatShuffle::shuffled, compiled into bench/kpatience/'s program: ``--deal 1``)."""

KPAT_WIN_1 = (
    "6H>2 AS>7 8D>6 TC>7 5H>6 AS>2 7S>2 4H>6 AH>F 2H>F 2S>4 5H>7 5C>2 JS>7 5H>6 QC>3 TS>1"
    " TH>3 AC>F 2C>F 2D>1 5H>7 KH>2 QC>3 3C>F QD>6 JD>3 KD>1 8S>3 8H>5 5H>6 QC>2 3S>7 9H>2"
    " KS>3 4D>6 3H>7 7S>5 4S>3 3S>5 QD>4 5H>2 3S>6 7S>6 QD>3 QH>4 AS>F 2S>F 3H>F 4C>F 3S>4"
    " QC>1 7S>5 3S>6 8S>7 5H>3 4H>F 5C>F 5S>5 7H>3 KC>6 6S>3 8S>1 TD>4 JC>6 7S>6 QS>2 5H>2"
    " 6C>F 7S>5 5S>3 8C>7 JH>2 9S>6 4S>5 6S>5 7S>2 5H>F 6H>F 6D>2 9S>3 7H>F 8H>F 7D>7 9C>6"
    " 9D>2 AD>F 2D>F 3D>F 3S>F 4S>F 4D>F 5D>F 5S>F 6S>F 6D>F 7D>F 7S>F 8S>F 9S>F 8D>F 7C>F"
    " 9H>F TS>F 8C>F 9D>F TH>F JS>F 9C>F TC>F JH>F TD>F JD>F QS>F QD>F KS>F JC>F QC>F KD>F"
    " QH>F KH>F KC>F"
)
"""KPatience's solver's win of game 1 (the program's ``moves``): its 28th move, K♦
to column 1, carries 21 cards."""


def test_the_shuffle_gives_kpatiences_own_test_vectors() -> None:
    for seed, expected in kpatience.SHUFFLE_VECTORS.items():
        shuffled = kpatience.kpat_shuffled(kpatience.KPAT_DECK, seed)
        assert " ".join(str(card) for card in shuffled) == expected


def test_game_1_is_dealt_as_kpatience_deals_it() -> None:
    assert kpatience.layout_text(kpatience.kpat_deal(1)) == GAME_1


def test_every_game_has_the_classic_layout() -> None:
    for number in (1, 301, 700, 2**31 - 1):
        position = kpatience.kpat_deal(number)
        assert [len(column) for column in position.columns] == [1, 6, 7, 8, 9, 10, 11]
        assert position.hidden == (0, 1, 2, 3, 4, 5, 6)


def test_a_kpatience_win_with_a_group_of_21_replays_under_its_rules_only() -> None:
    moves = [Move.parse(text) for text in KPAT_WIN_1.split()]
    ours = kpatience.replay(kpatience.kpat_deal(1), moves, any_group=False)
    assert not ours.wins
    assert ours.refusal.startswith("move 28 (KD>1)")
    theirs = kpatience.replay(kpatience.kpat_deal(1), moves, any_group=True)
    assert (theirs.wins, theirs.big_groups, theirs.take_backs) == (True, 1, 0)


def test_a_group_over_20_that_does_not_fit_is_refused_even_under_kpatiences_rules() -> None:
    moves = [Move.parse(text) for text in KPAT_WIN_1.split()]
    moves[27] = Move.parse("KD>2")  # column 2 is not empty then
    replayed = kpatience.replay(kpatience.kpat_deal(1), moves, any_group=True)
    assert not replayed.wins
    assert replayed.refusal.startswith("move 28 (KD>2)")
