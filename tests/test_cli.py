"""The command line: deal, replay, new; one clear line and exit status 2 on bad input."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys

import pytest

from tests.engine.test_deal import CHECK_VALUE
from yukon import __version__, cli
from yukon.cli import main
from yukon.commands.base import CommandError
from yukon.engine import Card, GameCode, Reason, Record, Refusal, RuleSet
from yukon.i18n.messages import refusal_message


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_prints_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["deal", " yu1-c-aaaaaab "], capsys)
    assert (status, err) == (0, "")
    assert out == CHECK_VALUE + "\n"


def test_deal_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["deal", "--json", "YU1-C-AAAAAAB"], capsys)
    data = json.loads(out)
    assert status == 0
    assert data["code"] == "YU1-C-AAAAAAB"
    assert data["columns"][0] == ["7H"]
    assert data["columns"][1] == ["[9S]", "4H", "8D", "8H", "5C", "JH"]
    assert data["foundations"] == {"S": 0, "H": 0, "D": 0, "C": 0}
    assert (data["score"], data["moves"], data["won"]) == (0, 0, False)


def test_replay_prints_the_position_after_the_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["replay", "YU1-C-AACRWEA", "QC>5", "TD>1"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "1: JS TD 5H JD 8S"
    assert out.splitlines()[-1] == "score 0, moves 2"


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("YU1-C-AACRWEA 1. QC>5\n2. TD>1\n"))
    status, out, _ = run(["replay", "--json", "-"], capsys)
    assert status == 0
    assert json.loads(out)["columns"][0] == ["JS", "TD", "5H", "JD", "8S"]


@pytest.mark.parametrize(
    ("record", "where", "refusal"),
    [
        (
            "QC>5 TD>1 8S>3",
            "move 3 (8S>3)",
            Refusal(Reason.WRONG_RANK, Card.parse("8S"), Card.parse("8C"), 2),
        ),
        ("QC>5 QC>5", "move 2 (QC>5)", Refusal(Reason.SAME_COLUMN, Card.parse("QC"), column=4)),
    ],
)
def test_replay_reports_an_illegal_move_in_the_english_catalogs_words(
    record: str, where: str, refusal: Refusal, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["replay", f"YU1-C-AACRWEA {record}"], capsys)
    assert (status, out) == (2, "")
    assert err == f"{where}: {refusal_message('en', refusal)}\n"


@pytest.mark.parametrize("rules", ["classic", "relaxed"])
def test_new_prints_a_fresh_code(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    status, out, _ = run(["new", "--rules", rules], capsys)
    assert status == 0
    assert GameCode.parse(out).rules is RuleSet.parse(rules)


def test_daily_prints_the_code_of_a_days_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["daily", "--date", "2026-12-06", "--rules", "russian"], capsys)
    assert (status, out, err) == (0, "YU1-S-AQSAKLV\n", "")


def test_daily_is_today_in_utc_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("time.time", lambda: 1_796_601_599.0)  # 2026-12-06 23:59:59 UTC
    assert run(["daily"], capsys)[1] == "YU1-C-XZBURHR\n"


def test_daily_solution_is_a_record_that_wins(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["daily", "--date", "2026-12-06", "--rules", "alaska", "--solution"], capsys
    )
    assert status == 0
    assert out.startswith("YU1-A-")
    assert Record.parse(out).replay().is_won


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["deal", "YU2-C-AAAAAAB"], "unknown prefix 'YU2'"),
        (["deal", "YU1-C-AAAAAA"], "6 letters"),
        (["replay", "YU1-C-AAAAAAB", "7H>9"], "move 1 (7H>9): in move '7H>9': unknown target"),
        (["replay", "-"], "no record given"),
        (["new", "--rules", "spider"], "invalid choice"),
        (["daily", "--date", "2026-02-30"], "'2026-02-30' is not a date: February 2026 has 28"),
        (["daily", "--date", "tomorrow"], "'tomorrow' is not a date: write it as YYYY-MM-DD"),
        (["daily", "--rules", "nonsense"], "invalid choice: 'nonsense'"),
        (["daily", "--date", "2025-12-31"], "there is no daily deal of 2025-12-31"),
        (["review", "YU1-C-AAAAAAB", "6C>1", "6C>1"], "move 2 (6C>1): "),
        (["review", "YU1-C-AAAAAAB", "7H>9"], "move 1 (7H>9): in move '7H>9': unknown target"),
        (["review", "YU1-X-AAAAAAB"], "bad rules letter"),
        (["review", "-"], "no record given"),
        (["review", "YU1-C-AAAAAAB", "--states", "0"], "--states must be at least 1, not 0"),
        (["review", "YU1-C-AAAAAAB", "--states", "many"], "invalid int value: 'many'"),
        (["review"], "the following arguments are required: record"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str],
    fragment: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert fragment in err
    assert "Traceback" not in err


def test_a_command_error_ends_the_command_with_its_own_exit_code(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class BusyError(CommandError):
        exit_code = 75

    def busy(args: argparse.Namespace) -> int:
        raise BusyError("the database is busy: try again")

    monkeypatch.setattr(cli, "_cmd_new", busy)
    assert run(["new"], capsys) == (75, "", "yukon: the database is busy: try again\n")
    assert CommandError("bad").exit_code == 2


def test_a_bare_yukon_prints_what_it_can_do(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([], capsys)
    assert status == 2
    assert out == ""
    assert err.startswith("usage: yukon ")
    for command in ("deal", "replay", "new", "serve", "solve", "analyze", "daily"):
        assert f"    {command} " in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"yukon {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_console_script_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "yukon", "deal", "YU1-C-AAAAAAB"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout == CHECK_VALUE + "\n"


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    # As with `yukon solve CODE | head -1`: the pipe's reading end is closed.
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "yukon", "deal", "YU1-C-AAAAAAB"],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    finally:
        os.close(writer)
    assert done.stderr == ""
    assert done.returncode == 141
