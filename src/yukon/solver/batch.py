"""Solving many deals into a JSON-lines file, resumably (``yukon analyze``).

Each line is one deal's verdict together with what it was found with, so that
a file says by itself which figure it makes::

    {"deal":1,"rules":"C","budget":"states=1000000","solver":"1","status":"won",...}

and then ``states`` searched, ``seconds`` taken, ``moves`` (the length of
the solution, 0 unless won) and ``proved_by``, what decided the verdict
(:meth:`~yukon.solver.result.ProvedBy.as_json`; ``null`` when undecided, and
absent from the lines of files written before it was recorded).

Deals already in a file are skipped, so an
interrupted run goes on where it stopped; a file made with another budget or
another :data:`~yukon.solver.search.VERSION` of the search is refused instead of
mixed into one figure. A hard kill can leave half a line at the end: it is cut
off and its deal solved again.

Nothing here runs in parallel: :func:`solve_deal` is the one job that every
executor (a Dask worker on this machine or another) runs.

>>> verdict = solve_deal(GameCode.parse("YU1-C-AAAAAAB"), Limit(states=50_000))
>>> verdict.status, verdict.budget
(<Status.WON: 'won'>, Limit(seconds=None, states=50000))
>>> Verdict.parse(verdict.to_json()) == verdict
True
>>> verdict.to_json().endswith('"proved_by":"solution"}')
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from yukon.engine import GameCode, Position, RuleSet, YukonError
from yukon.solver.result import Limit, ProvedBy, Status
from yukon.solver.search import VERSION, solve

__all__ = ["AnalysisFileError", "Verdict", "read_verdicts", "solve_deal", "undecided"]

_FIELDS: Final = ("deal", "rules", "budget", "solver", "status", "states", "seconds", "moves")


class AnalysisFileError(YukonError):
    """An analysis file that cannot be resumed: damaged, or made with another
    budget or search. Nothing in it is changed."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One deal's line in an analysis file."""

    code: GameCode
    budget: Limit
    solver: str
    status: Status
    states: int
    seconds: float
    moves: int
    proved_by: ProvedBy | None = None

    def to_json(self) -> str:
        """The line, without its newline (compact: a study holds thousands)."""
        return json.dumps(
            {
                "deal": self.code.number,
                "rules": self.code.rules.letter,
                "budget": str(self.budget),
                "solver": self.solver,
                "status": self.status.value,
                "states": self.states,
                "seconds": self.seconds,
                "moves": self.moves,
                "proved_by": None if self.proved_by is None else self.proved_by.as_json(),
            },
            separators=(",", ":"),
        )

    @classmethod
    def parse(cls, line: str) -> Verdict:
        """The inverse of :meth:`to_json`.

        :raises ValueError: for a line that is not a verdict.
        """
        data = json.loads(line)
        if not isinstance(data, dict) or sorted(set(data) - {"proved_by"}) != sorted(_FIELDS):
            raise ValueError(f"the fields are not {', '.join(_FIELDS)} (and proved_by)")
        deal, states, seconds, moves = data["deal"], data["states"], data["seconds"], data["moves"]
        if not all(isinstance(n, int) for n in (deal, states, moves)):
            raise ValueError("deal, states and moves are whole numbers")
        if not isinstance(seconds, int | float) or not isinstance(data["solver"], str):
            raise ValueError("seconds is a number and solver a text")
        return cls(
            GameCode(RuleSet.parse(str(data["rules"])), deal),
            Limit.parse(str(data["budget"])),
            data["solver"],
            Status(data["status"]),
            states,
            float(seconds),
            moves,
            None if data.get("proved_by") is None else ProvedBy.from_json(data["proved_by"]),
        )


def solve_deal(code: GameCode, budget: Limit) -> Verdict:
    """Solve deal *code* within *budget* (every win replayed by :func:`solve`)."""
    result = solve(Position.from_code(code), budget)
    return Verdict(
        code,
        budget,
        VERSION,
        result.status,
        result.states,
        round(result.seconds, 3),
        len(result.moves),
        result.decided_by,
    )


def read_verdicts(path: Path, budget: Limit, solver: str = VERSION) -> dict[GameCode, Verdict]:
    """The verdicts already in *path* (none if it does not exist), to resume a
    run with *budget* and this search (or to read a file of an older *solver*).

    A last line without its newline was cut short by a kill: it is removed from
    the file (the one change made here) and its deal counts as not done.

    :raises AnalysisFileError: for a damaged line, or one found with another
        budget or search.
    """
    if not path.exists():
        return {}
    data = path.read_bytes()
    whole = data.rfind(b"\n") + 1
    verdicts: dict[GameCode, Verdict] = {}
    for number, verdict in _whole_lines(path, data):
        _check_matches(path, number, verdict, budget, solver)
        verdicts.setdefault(verdict.code, verdict)
    if whole < len(data):
        with path.open("r+b") as torn:
            torn.truncate(whole)
    return verdicts


def undecided(path: Path) -> set[GameCode]:
    """The deals *path* left undecided, whatever its budget or search: the ones
    a larger budget may still decide. Only reads (a torn last line is skipped).

    :raises AnalysisFileError: when *path* is missing or has a damaged line.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise AnalysisFileError(f"cannot read {path}: {error.strerror or error}") from None
    verdicts = (verdict for _, verdict in _whole_lines(path, data))
    return {verdict.code for verdict in verdicts if verdict.status is Status.UNKNOWN}


def _whole_lines(path: Path, data: bytes) -> Iterator[tuple[int, Verdict]]:
    """The verdicts of *data* (the contents of *path*) with their line numbers; a
    last line without its newline (cut short by a kill) is left out."""
    whole = data[: data.rfind(b"\n") + 1].decode("utf-8", errors="replace")
    for number, line in enumerate(whole.splitlines(), 1):
        if line.strip():
            yield number, _parse_line(path, number, line)


def _parse_line(path: Path, number: int, line: str) -> Verdict:
    try:
        return Verdict.parse(line)
    except (ValueError, KeyError, TypeError, RecursionError) as error:
        raise AnalysisFileError(
            f"{path}:{number}: not a line of yukon analyze ({error}); the file is left as it is"
        ) from None


def _check_matches(path: Path, number: int, verdict: Verdict, budget: Limit, solver: str) -> None:
    if verdict.budget == budget and verdict.solver == solver:
        return
    raise AnalysisFileError(
        f"{path}:{number}: found with budget {verdict.budget} by solver {verdict.solver},"
        f" but this run has budget {budget} and solver {solver}: one file holds one budget"
        " and one solver, so give the same budget or write to another file"
    )
