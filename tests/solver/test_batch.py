"""The analysis file: one verdict a line, resumable, refusing to mix budgets or
searches, and surviving a line torn by a kill."""

from __future__ import annotations

from pathlib import Path

import pytest

from yukon.engine import CLASSIC, RULE_SETS, GameCode
from yukon.solver import Limit, Status
from yukon.solver.batch import AnalysisFileError, Verdict, read_verdicts, solve_deal
from yukon.solver.search import VERSION

BUDGET = Limit(states=3000)


def _write(path: Path, verdicts: list[Verdict]) -> None:
    path.write_text("".join(v.to_json() + "\n" for v in verdicts), encoding="utf-8")


@pytest.fixture(scope="module")
def verdicts() -> list[Verdict]:
    return [solve_deal(GameCode(rules, n), BUDGET) for rules in RULE_SETS for n in range(3)]


def test_a_verdict_records_deal_rules_budget_and_search(verdicts: list[Verdict]) -> None:
    verdict = verdicts[0]
    assert verdict.code == GameCode(CLASSIC, 0)
    assert (verdict.budget, verdict.solver) == (BUDGET, VERSION)
    assert verdict.status is Status.WON
    assert verdict.moves > 0
    assert 0 < verdict.states <= 3000
    line = verdict.to_json()
    assert line.startswith('{"deal":0,"rules":"C","budget":"states=3000","solver":')
    assert Verdict.parse(line) == verdict


@pytest.mark.parametrize(
    "limit", [Limit(states=5), Limit(seconds=2.5), Limit(seconds=0.1, states=7), Limit()]
)
def test_a_budget_round_trips_through_text(limit: Limit) -> None:
    assert Limit.parse(str(limit)) == limit


@pytest.mark.parametrize("text", ["", "states", "states=", "states=1,states=2", "time=3", "x=1"])
def test_text_that_is_no_budget_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="budget"):
        Limit.parse(text)


def test_a_missing_file_holds_nothing(tmp_path: Path) -> None:
    assert read_verdicts(tmp_path / "none.jsonl", BUDGET) == {}


def test_the_verdicts_of_a_file_are_read_back(tmp_path: Path, verdicts: list[Verdict]) -> None:
    path = tmp_path / "deals.jsonl"
    _write(path, verdicts)
    assert read_verdicts(path, BUDGET) == {v.code: v for v in verdicts}


def test_a_line_torn_by_a_kill_is_cut_off(tmp_path: Path, verdicts: list[Verdict]) -> None:
    path = tmp_path / "deals.jsonl"
    _write(path, verdicts[:2])
    whole = path.read_bytes()
    path.write_bytes(whole + verdicts[2].to_json()[:17].encode())
    assert list(read_verdicts(path, BUDGET)) == [v.code for v in verdicts[:2]]
    assert path.read_bytes() == whole


def test_a_damaged_line_is_refused_and_the_file_kept(
    tmp_path: Path, verdicts: list[Verdict]
) -> None:
    path = tmp_path / "deals.jsonl"
    _write(path, verdicts[:2])
    text = path.read_text(encoding="utf-8").replace('"status":"won"', '"status":"maybe"', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AnalysisFileError, match=r"deals.jsonl:1: not a line of yukon analyze"):
        read_verdicts(path, BUDGET)
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "line",
    [
        "[1, 2]",
        '{"deal": 1}',
        '{"deal":"1","rules":"C","budget":"states=3","solver":"1","status":"won",'
        '"states":1,"seconds":0.1,"moves":3}',
        '{"deal":1,"rules":"Q","budget":"states=3","solver":"1","status":"won",'
        '"states":1,"seconds":0.1,"moves":3}',
        '{"deal":1,"rules":"C","budget":"states=3","solver":1,"status":"won",'
        '"states":1,"seconds":0.1,"moves":3}',
    ],
)
def test_lines_that_are_not_verdicts_are_refused(line: str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - each line is wrong in its own way
        Verdict.parse(line)


@pytest.mark.parametrize("budget", [Limit(states=4000), Limit(seconds=10)])
def test_another_budget_is_refused(tmp_path: Path, verdicts: list[Verdict], budget: Limit) -> None:
    path = tmp_path / "deals.jsonl"
    _write(path, verdicts)
    with pytest.raises(AnalysisFileError, match=f"budget states=3000 .* budget {budget}"):
        read_verdicts(path, budget)


def test_another_search_is_refused(tmp_path: Path, verdicts: list[Verdict]) -> None:
    path = tmp_path / "deals.jsonl"
    older = Verdict.parse(verdicts[0].to_json().replace(f'"solver":"{VERSION}"', '"solver":"0"'))
    _write(path, [older, *verdicts[1:]])
    with pytest.raises(AnalysisFileError, match=f"by solver 0, .* solver {VERSION}"):
        read_verdicts(path, BUDGET)
