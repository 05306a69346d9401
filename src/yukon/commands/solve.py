"""``yukon solve`` and ``yukon analyze``: the solver on the command line.

``yukon solve CODE|RECORD`` searches the position the record reaches (or a
position read with ``--position FILE``) and prints the verdict, the states
searched, the time and, when won, the solution in SPEC §3 notation, together
with the whole record so that ``yukon replay`` can check it.

``yukon analyze`` solves a range of deals in parallel into a JSON-lines file,
skipping deals already in it, and prints the winnability with a Wilson 95 %
interval (unknown deals counted lost for the lower bound, won for the upper).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Final

from yukon.commands import Subcommands
from yukon.engine import (
    RULE_SETS,
    GameCode,
    Position,
    Record,
    RuleSet,
    YukonError,
)
from yukon.solver import Limit, SolveResult, Status, solve
from yukon.solver.batch import run_analysis

__all__ = ["SolveInputError", "limit_of", "register", "wilson"]

DEFAULT_SECONDS: Final = 10.0
_Z95: Final = 1.959964


class SolveInputError(YukonError):
    """Bad input to ``solve`` or ``analyze``: ``yukon`` prints it in one line, exit 2."""


def register(commands: Subcommands) -> None:
    """Add ``solve`` and ``analyze`` to the ``yukon`` parser."""
    parser = commands.add_parser("solve", help="search a deal, record or position for a win")
    parser.add_argument("record", nargs="*", help="a game code, optionally followed by moves")
    parser.add_argument("--position", metavar="FILE", help="a position as JSON (yukon deal --json)")
    _add_limit(parser, "per search")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_cmd_solve)

    analyze = commands.add_parser("analyze", help="solve many deals in parallel")
    analyze.add_argument(
        "--from", dest="start", type=int, required=True, metavar="N", help="first deal number"
    )
    analyze.add_argument("--count", type=int, required=True, metavar="K", help="how many deals")
    analyze.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    analyze.add_argument("--workers", type=int, default=1, metavar="W", help="processes")
    analyze.add_argument(
        "--out", required=True, metavar="FILE.jsonl", help="results; deals in it are skipped"
    )
    _add_limit(analyze, "per deal")
    analyze.set_defaults(handler=_cmd_analyze)


def _add_limit(parser: argparse.ArgumentParser, unit: str) -> None:
    parser.add_argument(
        "--seconds", type=float, metavar="S", help=f"time budget {unit} (default 10)"
    )
    parser.add_argument(
        "--states", type=int, metavar="N", help=f"state budget {unit} (deterministic)"
    )


def limit_of(args: argparse.Namespace) -> Limit:
    """The budget the flags ask for: ``--states`` alone is deterministic; with
    neither flag, :data:`DEFAULT_SECONDS`.

    :raises SolveInputError: for a bound that is not positive.
    """
    seconds = args.seconds
    if seconds is None and args.states is None:
        seconds = DEFAULT_SECONDS
    try:
        return Limit(seconds=seconds, states=args.states)
    except ValueError as error:
        raise SolveInputError(str(error)) from None


def _cmd_solve(args: argparse.Namespace) -> int:
    limit = limit_of(args)
    record: Record | None = None
    if args.position is not None:
        if args.record:
            raise SolveInputError("give either a code or record, or --position FILE, not both")
        position = _read_position(Path(args.position))
    elif args.record:
        record = Record.parse(" ".join(args.record))
        position = record.replay().position()
    else:
        raise SolveInputError("nothing to solve: give a game code, a record or --position FILE")
    result = solve(position, limit)
    _print_result(result, record, as_json=args.json)
    return 0


def _read_position(path: Path) -> Position:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise SolveInputError(f"{path}: not UTF-8 text (byte {error.start + 1})") from None
    except json.JSONDecodeError as error:
        raise SolveInputError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise SolveInputError(f"{path}: nested too deeply to be a position") from None
    except ValueError as error:  # a number too long to read, for one
        raise SolveInputError(f"{path}: not a position ({error})") from None
    if not isinstance(data, dict):
        raise SolveInputError(f"{path}: a position is a JSON object")
    return Position.from_dict(data)


def _print_result(result: SolveResult, record: Record | None, *, as_json: bool) -> None:
    full = None
    if record is not None and result.status is Status.WON:
        full = Record(record.code, (*record.moves, *result.moves))
    if as_json:
        data = result.as_dict() | {"record": None if full is None else str(full)}
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return
    print(f"verdict: {result.status.value}")
    print(f"states: {result.states}")
    print(f"time: {result.seconds:.2f} s")
    if result.status is Status.WON:
        print(f"solution ({len(result.moves)} moves): {' '.join(map(str, result.moves))}")
    if full is not None:
        print(f"record: {full}")


def _cmd_analyze(args: argparse.Namespace) -> int:
    if args.start < 0 or args.count < 1 or args.workers < 1:
        raise SolveInputError("--from must be at least 0, --count and --workers at least 1")
    try:
        rules = RuleSet.parse(args.rules)
        codes = [GameCode(rules, n) for n in range(args.start, args.start + args.count)]
    except YukonError as error:
        raise SolveInputError(str(error)) from None
    counts = run_analysis(
        codes, limit_of(args), Path(args.out), workers=args.workers, progress=sys.stderr
    )
    _print_summary(counts)
    return 0


def _print_summary(counts: Counter[Status]) -> None:
    total = sum(counts.values())
    won, unknown = counts[Status.WON], counts[Status.UNKNOWN]
    low, _ = wilson(won, total)
    _, high = wilson(won + unknown, total)
    print(f"{total} deals: {won} won, {counts[Status.UNWINNABLE]} unwinnable, {unknown} unknown")
    if total:
        print(
            f"winnable: {100 * won / total:.1f} %,"
            f" 95 % interval {100 * low:.1f} – {100 * high:.1f} %"
        )


def wilson(successes: int, total: int) -> tuple[float, float]:
    """The Wilson score 95 % interval for *successes* out of *total*.

    >>> tuple(round(x, 4) for x in wilson(8, 10))
    (0.4902, 0.9433)
    """
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    spread = _Z95 * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return max(0.0, centre - spread), min(1.0, centre + spread)
