"""The published winnability study: its data is whole, of one budget and one
solver, and the figures of docs/winnability.md are the ones the data gives."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from yukon.commands.analyze import summary_lines
from yukon.engine import CLASSIC, RELAXED, RULE_SETS, GameCode, RuleSet
from yukon.i18n import LANGUAGES, translate
from yukon.solver import Status, pool
from yukon.solver.batch import Verdict, read_verdicts

DOCS = Path(__file__).resolve().parents[2] / "docs"
DATA = DOCS / "winnability.jsonl"
STUDIED = tuple(RULE_SETS)  # every rule set of the registry
DEALS = {rules: range(20_000 if rules is CLASSIC else 2000) for rules in STUDIED}


def _read(path: Path) -> dict[GameCode, Verdict]:
    first = Verdict.parse(path.read_text(encoding="utf-8").split("\n", 1)[0])
    # Refuses a line of another budget or solver than the first line's: the study
    # keeps the solver it was made with when the search gets a new version.
    return read_verdicts(path, first.budget, first.solver)


def _verdicts() -> dict[GameCode, Verdict]:
    return _read(DATA)


def test_every_deal_of_the_study_is_in_the_data_once() -> None:
    verdicts = _verdicts()
    assert len(DATA.read_text(encoding="utf-8").splitlines()) == len(verdicts)
    assert sorted(verdicts, key=str) == sorted(
        (GameCode(rules, number) for rules in STUDIED for number in DEALS[rules]), key=str
    )


def test_the_page_states_the_figures_of_the_data() -> None:
    page = (DOCS / "winnability.md").read_text(encoding="utf-8")
    verdicts = list(_verdicts().values())
    for rules in STUDIED:
        counts = Counter(v.status for v in verdicts if v.code.rules is rules)
        row = next(line for line in page.splitlines() if line.startswith(f"| {rules.id.title()}"))
        for status in Status:
            assert f"| {counts[status]:,} (" in row, (rules, status)
    lines = summary_lines(verdicts)
    for line in lines[1::2]:  # "  winnable: a % to b %, 95 % interval c – d %"
        interval = line.split("interval ", 1)[1]
        assert interval in page


def _share(verdicts: list[Verdict], rules: RuleSet, status: Status, digits: int = 0) -> str:
    mine = [v for v in verdicts if v.code.rules is rules]
    share = 100 * sum(v.status is status for v in mine) / len(mine)
    return f"{share:.{digits}f}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_faq_states_the_figures_of_the_data(language: str) -> None:
    """ "How often can a deal be won?" gives, in order, Classic's shares won, proved
    unwinnable and undecided, Relaxed's won, Russian Solitaire's won, Alaska's won and
    undecided: the study's, rounded as the answer writes them (the undecided to a tenth, for
    they are under one per cent), in every language."""
    verdicts = list(_verdicts().values())
    expected = [
        _share(verdicts, CLASSIC, Status.WON),
        _share(verdicts, CLASSIC, Status.UNWINNABLE),
        _share(verdicts, CLASSIC, Status.UNKNOWN, 1),
        _share(verdicts, RELAXED, Status.WON, 2),
        _share(verdicts, RuleSet.parse("russian"), Status.WON),
        _share(verdicts, RuleSet.parse("alaska"), Status.WON),
        _share(verdicts, RuleSet.parse("alaska"), Status.UNKNOWN, 1),
    ]
    answer = translate(language, "faq.winnable")
    stated = [share.replace(",", ".") for share in re.findall(r"(\d+(?:[.,]\d+)?)\s?%", answer)]
    assert stated == expected


def test_the_pools_hold_the_deals_the_study_won() -> None:
    pools = {rules: set(pool(rules)) for rules in STUDIED}
    for verdict in _verdicts().values():
        if verdict.status is Status.WON:
            assert verdict.code.number in pools[verdict.code.rules], verdict.code
