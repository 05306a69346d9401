"""``yukon solve`` through :func:`yukon.cli.main`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yukon.cli import main
from yukon.engine import Record


def test_solve_a_code_prints_a_solution_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-C-AAAAAAB", "--states", "50000"]) == 0
    out = capsys.readouterr().out
    assert "verdict: won" in out
    solution = next(line for line in out.splitlines() if line.startswith("solution"))
    moves = solution.split(": ", 1)[1]
    assert main(["replay", "YU1-C-AAAAAAB", *moves.split()]) == 0
    assert "won" in capsys.readouterr().out


def test_solve_a_record_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "YU1-C-AACRWEA", "QC>5", "TD>1", "--states", "200000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "won"
    assert data["proved_by"] == "solution"
    record = Record.parse(data["record"])
    assert [str(m) for m in record.moves[:2]] == ["QC>5", "TD>1"]
    assert record.replay().is_won


def test_solve_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "YU1-R-AAAAAAB", "--json"]) == 0
    path = tmp_path / "position.json"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["solve", "--position", str(path), "--states", "50000", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "won"


@pytest.mark.parametrize(
    "argv",
    [
        ["solve"],
        ["solve", "YU1-C-AAAAAA"],
        ["solve", "YU1-C-AAAAAAB", "QQ>1"],
        ["solve", "YU1-C-AAAAAAB", "--states", "0"],
        ["solve", "YU1-C-AAAAAAB", "--position", "x.json"],
        ["solve", "--position", "/nonexistent/position.json"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1


def test_solve_a_position_file_that_is_not_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    assert main(["solve", "--position", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err
