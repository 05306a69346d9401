"""Hypothesis throws arbitrary arguments, files and standard input at every
subcommand: the answer is a result (status 0) or one line on standard error and
status 2, never a traceback."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yukon.cli import main

TEXT = st.text(max_size=12) | st.text(alphabet="\udcff\udce9\x00é♠", max_size=4)
NUMBER = st.sampled_from(["0", "-1", "1", "2", "1e400", "nan", "9" * 5000, "0x10", "", " 3"])
CODE = st.sampled_from(["YU1-C-AAAAAAB", "yu1-r-zzzzzzz", "YU1-X-AAAAAAB", "YU1-C-AAAAAA"]) | TEXT
# In the shipped table, or not dates, or before the first daily deal: none is searched.
DATES = ["2026-12-06", "2027-01-31", "2026-02-30", "tomorrow", "2025-12-31", "9999-99-99"]
MOVE = st.sampled_from(["QC>5", "TD>1", "AS>F", "U", "QC'>'5", "ZZ>9"]) | TEXT
CONTENT = (
    st.binary(max_size=64)
    | st.sampled_from(
        [
            b"[" * 3000 + b"]" * 3000,
            b'{"columns": ' + b"9" * 5000 + b"}",
            b'{"code": "caf\xe9"}',
            b'{"code": "YU1-C-AAAAAAB", "columns": [[1, 2]], "foundations": {}}',
            b'{"code": "YU1-C-AAAAAAB", "status": "won"}\n',
            b"\xff\xfe not UTF-8\n",
        ]
    )
    | st.text(max_size=40).map(lambda text: text.encode("utf-8", "surrogatepass"))
)


def _argv(command: str, draw: Any, file: Path) -> list[str]:
    """Arguments for *command*: a few of its own options with odd values, and
    always a small budget so that a valid search ends at once."""
    path = st.just(str(file)) | st.sampled_from(["/nonexistent/x", "/", str(file.parent)])
    table: dict[str, list[st.SearchStrategy[Any]]] = {
        "deal": [st.just(["--json"]), st.tuples(CODE)],
        "replay": [st.just(["--json"]), st.just(["-"]), st.tuples(CODE, MOVE, MOVE)],
        "review": [
            st.just(["--json"]),
            st.just(["-"]),
            st.tuples(CODE, MOVE, MOVE),
            st.tuples(st.just("--states"), NUMBER),
        ],
        "new": [st.tuples(st.just("--rules"), TEXT | st.sampled_from(["relaxed", "classic"]))],
        "daily": [
            st.tuples(st.just("--date"), TEXT | st.sampled_from(DATES)),
            st.tuples(st.just("--rules"), TEXT | st.sampled_from(["russian", "alaska"])),
            st.just(["--solution"]),
        ],
        "solve": [
            st.tuples(st.just("--position"), path),
            st.tuples(CODE, MOVE),
            st.tuples(st.sampled_from(["--seconds", "--states"]), NUMBER),
            st.just(["--json"]),
        ],
        "analyze": [
            st.tuples(st.sampled_from(["--from", "--count", "--workers"]), NUMBER),
            st.tuples(st.sampled_from(["--out", "--retry"]), path),
            st.tuples(st.just("--rules"), TEXT),
        ],
        "serve": [
            st.tuples(
                st.sampled_from(["--port", "--hint-seconds", "--max-body", "--allowed-hosts"]),
                NUMBER | TEXT,
            ),
            st.tuples(st.sampled_from(["--root-path", "--log-level", "--db"]), TEXT | path),
            st.just(["--durable"]),
        ],
        "backup": [st.tuples(TEXT | path), st.tuples(st.just("--db"), TEXT | path)],
        "prune": [
            st.tuples(st.just("--inactive-days"), NUMBER),
            st.tuples(st.just("--db"), TEXT | path),
        ],
    }
    options = table[command]
    argv = [command]
    for chosen in draw(st.lists(st.one_of(*options), max_size=4)):
        argv.extend(chosen)
    if command in ("solve", "analyze"):
        argv += ["--states", "50", "--seconds", "5"]
    if command == "review":
        argv += ["--states", "50"]
    if command == "analyze" and draw(st.booleans()):
        argv += ["--from", "0", "--count", "2", "--out", str(file)]
    if command == "serve":
        argv += ["--no-browser"]
    return argv


@pytest.mark.parametrize(
    "command",
    ["deal", "replay", "review", "new", "daily", "solve", "analyze", "serve", "backup", "prune"],
)
def test_no_input_makes_a_command_fail_with_a_traceback(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from yukon.commands import analyze, serve

    # serve binds no port and serves nothing.
    monkeypatch.setattr(serve, "listen", lambda host, port: None)
    monkeypatch.setattr(serve, "run_server", lambda app, sock, **options: None)
    # The collector of this test process stays as it is: a server's tuning (a frozen heap,
    # passes 70 times rarer) would carry over to every test run after this one.
    monkeypatch.setattr(serve, "tune_collector", lambda: None)
    # yukon analyze without --workers starts a cluster of one worker per CPU, several times
    # a run: two, as on CI, whatever the machine (64 CPUs were 64 processes each time).
    monkeypatch.setattr(analyze, "usable_cpus", lambda: 2)
    # A relative --db or --out lands in the test's own folder, never in the checkout.
    monkeypatch.chdir(tmp_path)
    file = tmp_path / "input.json"

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(data=st.data(), content=CONTENT, stdin=st.text(max_size=30))
    def run(data: st.DataObject, content: bytes, stdin: str) -> None:
        file.write_bytes(content)
        argv = _argv(command, data.draw, file)
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(argv)
        _, err = capsys.readouterr()
        # 4: a database that cannot be reached now (a URL drawn by chance).
        assert status in (0, 2, 4), (argv, err)
        if status != 0:
            assert err.startswith("yukon: ") or "move " in err or "game code" in err, err
            assert err.count("\n") == 1, err
        assert "Traceback" not in err

    run()
