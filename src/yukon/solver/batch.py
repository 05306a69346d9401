"""Solving many deals in parallel into a JSON-lines file, resumably.

Each line is one deal's verdict: ``{"code", "status", "states", "seconds",
"moves"}`` (``moves`` is the length of the solution). Deals already in the file
are skipped, so an interrupted run picks up where it stopped.
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final, TextIO

from yukon.engine import GameCode, Position, YukonError
from yukon.solver.result import Limit, Status
from yukon.solver.search import solve

__all__ = ["read_done", "run_analysis", "solve_code"]

_BAR: Final = 30


def solve_code(job: tuple[str, Limit]) -> dict[str, object]:
    """Solve one deal given as code text (a picklable job for worker processes)."""
    code, limit = job
    result = solve(Position.from_code(GameCode.parse(code)), limit)
    return {
        "code": code,
        "status": result.status.value,
        "states": result.states,
        "seconds": round(result.seconds, 3),
        "moves": len(result.moves),
    }


def read_done(path: Path) -> dict[str, Status]:
    """The verdicts already in *path* by code text (none if it does not exist).

    :raises OSError: when a line is not one of ours (the file is not overwritten).
    """
    done: dict[str, Status] = {}
    if not path.exists():
        return done
    # Bytes that are not UTF-8 become U+FFFD: that line is then reported, not a traceback.
    with path.open(encoding="utf-8", errors="replace") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                done[str(GameCode.parse(entry["code"]))] = Status(entry["status"])
            except (ValueError, KeyError, TypeError, YukonError) as error:
                raise OSError(f"{path}:{number}: not an analysis line ({error})") from None
            except RecursionError:
                raise OSError(
                    f"{path}:{number}: not an analysis line (nested too deeply)"
                ) from None
    return done


def run_analysis(
    codes: Iterable[GameCode],
    limit: Limit,
    out: Path,
    *,
    workers: int = 1,
    progress: TextIO | None = None,
) -> Counter[Status]:
    """Solve every deal of *codes* not yet in *out*, appending a line per deal.

    :returns: the verdicts of all the *codes*, from earlier runs included.
    """
    wanted = [str(code) for code in codes]
    done = read_done(out)
    counts: Counter[Status] = Counter(done[code] for code in wanted if code in done)
    todo = [code for code in wanted if code not in done]
    started = time.perf_counter()
    with out.open("a", encoding="utf-8") as sink:
        for finished, entry in enumerate(_results(todo, limit, workers), 1):
            sink.write(json.dumps(entry) + "\n")
            sink.flush()
            counts[Status(entry["status"])] += 1
            if progress is not None:
                _show(progress, counts, len(wanted), finished, len(todo), started)
    if progress is not None and todo:
        progress.write("\n")
    return counts


def _results(todo: list[str], limit: Limit, workers: int) -> Iterator[dict[str, object]]:
    jobs = [(code, limit) for code in todo]
    if workers == 1 or len(jobs) <= 1:
        yield from map(solve_code, jobs)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap_unordered(solve_code, jobs)


def _show(
    stream: TextIO, counts: Counter[Status], total: int, finished: int, todo: int, started: float
) -> None:
    filled = _BAR * finished // todo
    elapsed = time.perf_counter() - started
    stream.write(
        f"\r[{'#' * filled}{'.' * (_BAR - filled)}] {sum(counts.values())}/{total}"
        f"  won {counts[Status.WON]}  unwinnable {counts[Status.UNWINNABLE]}"
        f"  unknown {counts[Status.UNKNOWN]}  {elapsed:.0f} s"
    )
    stream.flush()
