"""``yukon analyze`` on real Dask clusters: its own local one and a running one;
resuming, refusing a mixed file, a torn line, Ctrl+C, the progress bar, the plot."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster

from tests.web.live import wait_for
from yukon.cli import main
from yukon.commands.analyze import summary_lines, wilson
from yukon.engine import CLASSIC, RELAXED, GameCode
from yukon.solver import Limit, Status
from yukon.solver.batch import Verdict, read_verdicts, solve_deal
from yukon.solver.build import PURE

BUDGET = Limit(states=3000)
YUKON = [sys.executable, "-m", "yukon"]
PNG = b"\x89PNG\r\n\x1a\n"
WAIT = 180
"""Seconds to wait for a command's cluster to start, answer or stop (a loaded machine)."""


def _analyze(out: Path, *flags: str, count: int = 3) -> list[str]:
    return ["analyze", "--from", "0", "--count", str(count), "--out", str(out), *flags]


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _expected(codes: list[GameCode]) -> dict[GameCode, Verdict]:
    """What the one job gives in this process; seconds differ from run to run."""
    return {code: solve_deal(code, BUDGET) for code in codes}


def _same_but_time(found: dict[GameCode, Verdict], expected: dict[GameCode, Verdict]) -> bool:
    def key(v: Verdict) -> tuple[object, ...]:
        return (str(v.code), str(v.budget), v.solver, v.status.value, v.states, v.moves)

    return sorted(map(key, found.values())) == sorted(map(key, expected.values()))


@pytest.mark.slow
def test_a_local_cluster_of_two_workers_resumes_past_a_torn_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    assert main(_analyze(out, "--states", "3000", "--workers", "2")) == 0
    first = _lines(out)
    assert len(first) == 3
    with out.open("a", encoding="utf-8") as sink:
        sink.write(solve_deal(GameCode(CLASSIC, 3), BUDGET).to_json()[:25])  # a kill
    flags = ("--states", "3000", "--workers", "2", "--rules", "classic,relaxed")
    assert main(_analyze(out, *flags, count=5)) == 0
    lines = _lines(out)
    assert lines[:3] == first
    for line in map(json.loads, lines):  # every line says what decided it
        assert (line["proved_by"] is None) == (line["status"] == "unknown")
    codes = [GameCode(rules, n) for rules in (CLASSIC, RELAXED) for n in range(5)]
    assert _same_but_time(read_verdicts(out, BUDGET), _expected(codes))
    printed = capsys.readouterr()
    assert "classic: 5 deals: " in printed.out
    assert "relaxed: 5 deals: " in printed.out
    assert "95 % interval" in printed.out
    # The workers' build: the compiled run of these tests must solve compiled.
    assert f"solving 7 deals, {os.environ.get('YUKON_EXPECT_BUILD', PURE)} solver" in printed.out
    assert printed.err == ""  # no progress bar into a file or a pipe


@pytest.fixture(scope="module")
def running_cluster() -> Iterator[str]:
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0"
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
def test_a_running_scheduler_runs_the_same_job(running_cluster: str, tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    assert main(_analyze(out, "--states", "3000", "--scheduler", running_cluster, count=4)) == 0
    codes = [GameCode(CLASSIC, n) for n in range(4)]
    assert _same_but_time(read_verdicts(out, BUDGET), _expected(codes))


@pytest.mark.slow
def test_a_retry_gives_only_the_undecided_deals_a_larger_budget(
    running_cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    earlier, retried = tmp_path / "small.jsonl", tmp_path / "larger.jsonl"
    small = Limit(states=150)
    codes = [GameCode(CLASSIC, n) for n in range(6)]
    verdicts = [solve_deal(code, small) for code in codes]
    open_codes = [v.code for v in verdicts if v.status is Status.UNKNOWN]
    assert 0 < len(open_codes) < len(codes)  # both kinds, or the test proves nothing
    earlier.write_text("".join(v.to_json() + "\n" for v in verdicts), "utf-8")
    before = earlier.read_bytes()
    flags = ("--states", "3000", "--scheduler", running_cluster, "--retry", str(earlier))
    assert main(_analyze(retried, *flags, count=6)) == 0
    assert _same_but_time(read_verdicts(retried, BUDGET), _expected(open_codes))
    assert earlier.read_bytes() == before
    deals = "1 deal" if len(open_codes) == 1 else f"{len(open_codes)} deals"
    assert f"classic: {deals}: " in capsys.readouterr().out
    (decided, *_) = [v.code.number for v in verdicts if v.status is not Status.UNKNOWN]
    only_decided = [
        "analyze",
        "--from",
        str(decided),
        "--count",
        "1",
        "--out",
        str(tmp_path / "no"),
    ]
    assert main([*only_decided, *flags]) == 0
    assert "nothing to retry" in capsys.readouterr().out
    assert not (tmp_path / "no").exists()


def test_a_retry_of_a_missing_or_damaged_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text('{"deal": 0}\n', "utf-8")
    for earlier, problem in (
        (tmp_path / "missing.jsonl", "cannot read"),
        (damaged, ":1: not a line"),
    ):
        out = tmp_path / "out.jsonl"
        assert main(_analyze(out, "--retry", str(earlier))) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert problem in err
        assert not out.exists()


def test_a_resume_with_another_budget_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    out.write_text(solve_deal(GameCode(CLASSIC, 0), BUDGET).to_json() + "\n", "utf-8")
    before = out.read_bytes()
    assert main(_analyze(out, "--states", "6000")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "budget states=3000" in err
    assert "budget states=6000" in err
    assert out.read_bytes() == before


@pytest.mark.parametrize(
    "flags",
    [
        ["--count", "0"],
        ["--from", "-1"],
        ["--rules", "classic,nonsense"],
        ["--rules", "classic:0"],
        ["--rules", "classic:many"],
        ["--rules", "classic:"],
        ["--rules", "classic:-5"],
        ["--workers", "0"],
        ["--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"],
        ["--seconds", "0"],
        ["--scheduler", "nonsense"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    flags: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    assert main([*_analyze(out), *flags]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not out.exists()


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_keeps_every_line(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    # Deal 75 alone takes a whole 1,000,000-state budget: the run is still busy.
    argv = [*YUKON, *_analyze(out, "--states", "1000000", "--workers", "2", count=80)]
    # A command started in the background of a shell inherits an ignored SIGINT:
    # the child must get the default, as from a terminal.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        run = subprocess.Popen(
            argv, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    wait_for(lambda: out.exists() and out.stat().st_size > 0, "a first verdict", WAIT)
    os.killpg(run.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
    stdout, stderr = run.communicate(timeout=WAIT)
    assert run.returncode == 130
    assert "Traceback" not in stderr
    done = read_verdicts(out, Limit(states=1_000_000))
    assert 0 < len(done) < 80
    deals = "1 deal" if len(done) == 1 else f"{len(done)} deals"
    assert f"yukon: stopped with {deals} of 80 in {out}; the same command goes on" in stderr
    assert f"classic: {deals}:" in stdout
    wait_for(lambda: not _group_alive(run.pid), "no worker left behind", WAIT)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.slow
def test_a_terminal_shows_a_progress_bar_with_rate_and_time_left(tmp_path: Path) -> None:
    out = tmp_path / "deals.jsonl"
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # rows, cols
    argv = [*YUKON, *_analyze(out, "--states", "3000", "--workers", "1", count=4)]
    run = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=terminal)
    os.close(terminal)
    shown = _read_all(controller)
    assert run.wait(timeout=WAIT) == 0
    assert "4/4" in shown
    assert "deal/s" in shown or "s/deal" in shown  # the rate
    assert "<" in shown  # elapsed<left
    assert "won=" in shown


def _read_all(fd: int) -> str:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the terminal closed with the command
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def _complete_file(out: Path) -> None:
    out.write_text(
        "".join(solve_deal(GameCode(CLASSIC, n), BUDGET).to_json() + "\n" for n in range(3)),
        "utf-8",
    )


def test_a_rule_set_may_take_its_own_count_of_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--rules classic,relaxed:1`` reads (or solves) 3 Classic deals and 1 Relaxed
    one from one file, as the published study holds 20,000 Classic deals and 2,000
    of each other rule set."""
    out, picture = tmp_path / "deals.jsonl", tmp_path / "study.png"
    _complete_file(out)
    with out.open("a", encoding="utf-8") as sink:
        for number in range(2):  # the second Relaxed deal lies outside the range
            sink.write(solve_deal(GameCode(RELAXED, number), BUDGET).to_json() + "\n")
    flags = ("--states", "3000", "--rules", "classic,relaxed:1", "--plot", str(picture))
    assert main(_analyze(out, *flags)) == 0  # nothing to solve: no cluster starts
    printed = capsys.readouterr().out
    assert "classic: 3 deals: " in printed
    assert "relaxed: 1 deal: " in printed
    assert picture.read_bytes().startswith(PNG)


def test_plot_draws_a_png(tmp_path: Path) -> None:
    out, picture = tmp_path / "deals.jsonl", tmp_path / "study.png"
    _complete_file(out)  # nothing left to solve: no cluster starts
    assert main([*_analyze(out, "--states", "3000"), "--plot", str(picture)]) == 0
    assert picture.read_bytes().startswith(PNG)


def test_plot_without_matplotlib_says_what_to_install_before_solving_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "deals.jsonl"  # three deals to solve
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    assert main([*_analyze(out, "--states", "3000"), "--plot", str(tmp_path / "x.png")]) == 2
    printed = capsys.readouterr()
    assert printed.out == ""  # no cluster, no deal, no summary
    assert printed.err == (
        "yukon: --plot needs matplotlib, which is not installed: pip install"
        " 'yukon-solitaire[plot]' (with pipx: pipx inject yukon-solitaire matplotlib),"
        " or leave --plot out\n"
    )
    assert not out.exists()


def test_the_summary_counts_unknown_deals_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    tiny = Limit(states=1)
    out.write_text(
        "".join(solve_deal(GameCode(CLASSIC, n), tiny).to_json() + "\n" for n in range(4)),
        "utf-8",
    )
    statuses = [json.loads(line)["status"] for line in _lines(out)]
    assert main(_analyze(out, "--states", "1", count=4)) == 0
    won = statuses.count("won")
    low, high = wilson(won, 4)[0], wilson(won + statuses.count("unknown"), 4)[1]
    assert f"95 % interval {100 * low:.1f} – {100 * high:.1f} %" in capsys.readouterr().out


def test_wilson_interval() -> None:
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.95 < high < 0.98
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_summary_says_deal_for_one_and_deals_for_more() -> None:
    one = solve_deal(GameCode.parse("YU1-C-AAAAAAB"), Limit(states=50_000))
    assert summary_lines([one])[0].startswith("classic: 1 deal: 1 won, 0 unwinnable, 0 unknown")
    two = [one, solve_deal(GameCode.parse("YU1-C-AAAAAAC"), Limit(states=50_000))]
    assert summary_lines(two)[0].startswith("classic: 2 deals: ")
