"""``yukon analyze``: how often deals are won, solved on a Dask cluster.

Solves deals ``--from N`` … ``N + K - 1`` under each rule set asked for into a
JSON-lines file (:mod:`yukon.solver.batch`), skipping deals already in it, and
prints the share won with a Wilson 95 % interval: undecided deals count as lost
for the lower bound and as won for the upper one. Shards of one study are runs
with other ``--from``/``--count`` (on other machines, into other files), and
``--retry`` gives the deals an earlier run left undecided a larger budget.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Final, Never, TextIO

from tqdm import tqdm

from yukon.commands.base import Subcommands
from yukon.commands.options import file_path
from yukon.commands.solve import SolveInputError, add_limit, limit_of
from yukon.engine import RULE_SETS, GameCode, RuleSet, YukonError
from yukon.engine.words import counted
from yukon.solver import Limit, Status
from yukon.solver.batch import Verdict, read_verdicts, undecided
from yukon.solver.serving.worker import usable_cpus

__all__ = ["register", "summary_lines", "wilson"]

EXIT_INTERRUPTED: Final = 130
"""128 + SIGINT, as other command-line tools end on Ctrl+C."""
_Z95: Final = 1.959964


def register(commands: Subcommands) -> None:
    """Add ``analyze`` to the ``yukon`` parser."""
    names = ", ".join(rules.id for rules in RULE_SETS)
    analyze = commands.add_parser("analyze", help="solve many deals on a Dask cluster")
    analyze.add_argument(
        "--from", dest="start", type=int, required=True, metavar="N", help="first deal number"
    )
    analyze.add_argument("--count", type=int, required=True, metavar="K", help="how many deals")
    analyze.add_argument(
        "--rules",
        default="classic",
        metavar="LIST",
        help=f"comma-separated, of: {names}; NAME:K takes K deals of that one instead of --count",
    )
    analyze.add_argument(
        "--out",
        type=file_path,
        required=True,
        metavar="FILE.jsonl",
        help="results; deals in it are skipped",
    )
    analyze.add_argument(
        "--retry",
        type=file_path,
        metavar="EARLIER.jsonl",
        help="only the deals of the range that an earlier run's file left undecided"
        " (give them a larger budget, into another --out)",
    )
    add_limit(analyze, "per deal")
    where = analyze.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        metavar="W",
        help="processes of the local cluster (default: the CPUs it may use)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="a running Dask scheduler, e.g. tcp://host:8786"
    )
    analyze.add_argument(
        "--plot", metavar="FILE.png", help="draw the shares won and the solve times (needs [plot])"
    )
    analyze.set_defaults(handler=_cmd_analyze)


def _cmd_analyze(args: argparse.Namespace) -> int:
    if args.plot is not None:
        from yukon.commands.plot import require_matplotlib

        require_matplotlib()
    codes = _codes_of(args)
    budget = limit_of(args)
    out: Path = args.out
    if not codes:
        print(f"{args.retry} leaves no deal of this range undecided: nothing to retry")
        return 0
    verdicts = read_verdicts(out, budget)
    todo = [code for code in codes if code not in verdicts]
    interrupted = False
    if todo:
        try:
            _solve(todo, budget, out, verdicts, scheduler=args.scheduler, workers=args.workers)
        except KeyboardInterrupt:
            interrupted = True
    found = [verdicts[code] for code in codes if code in verdicts]
    for line in summary_lines(found):
        print(line)
    if interrupted:
        print(
            f"yukon: stopped with {counted(len(found), 'deal')} of {len(codes)} in {out};"
            " the same command goes on from there",
            file=sys.stderr,
        )
        return EXIT_INTERRUPTED
    if args.plot is not None:
        from yukon.commands.plot import plot_study

        plot_study(found, Path(args.plot))
    return 0


def _codes_of(args: argparse.Namespace) -> list[GameCode]:
    if args.start < 0 or args.count < 1:
        raise SolveInputError("--from must be at least 0 and --count at least 1")
    if args.workers is not None and args.workers < 1:
        raise SolveInputError("--workers must be at least 1")
    counts = _counts_of(args.rules, args.count)
    codes = [
        GameCode(rules, number)
        for rules, count in counts.items()
        for number in range(args.start, args.start + count)
    ]
    if args.retry is None:
        return codes
    retried = undecided(args.retry)
    return [code for code in codes if code in retried]


def _counts_of(rules: str, count: int) -> dict[RuleSet, int]:
    """How many deals of each rule set *rules* asks for: ``classic:20000,alaska``
    takes 20,000 Classic deals and *count* Alaska ones (the first entry of a rule
    set named twice counts)."""
    counts: dict[RuleSet, int] = {}
    for entry in rules.split(","):
        name, colon, own = entry.partition(":")
        try:
            ruleset = RuleSet.parse(name)
        except YukonError as error:
            raise SolveInputError(str(error)) from None
        if colon and not (own.isdecimal() and int(own) >= 1):
            raise SolveInputError(
                f"--rules {entry}: the count after the colon must be a whole number of at least 1"
            )
        counts.setdefault(ruleset, int(own) if colon else count)
    return counts


def _solve(
    todo: Sequence[GameCode],
    budget: Limit,
    out: Path,
    verdicts: dict[GameCode, Verdict],
    *,
    scheduler: str | None,
    workers: int | None,
) -> None:
    """Solve *todo*, appending each verdict to *out* (and *verdicts*) as it comes."""
    from yukon.commands.cluster import connect, iter_verdicts, worker_builds

    counts: Counter[Status] = Counter()
    with (
        connect(scheduler, workers or usable_cpus()) as client,
        out.open("a", encoding="utf-8") as sink,
        _progress(len(todo), sys.stderr) as bar,
    ):
        print(
            f"solving {counted(len(todo), 'deal')}, {' and '.join(worker_builds(client))} solver",
            flush=True,
        )
        for verdict in iter_verdicts(client, todo, budget):
            # One write a line, flushed: a kill can tear only the last line.
            sink.write(verdict.to_json() + "\n")
            sink.flush()
            verdicts[verdict.code] = verdict
            counts[verdict.status] += 1
            bar.set_postfix({status.value: counts[status] for status in Status}, refresh=False)
            bar.update()


def _progress(total: int, stream: TextIO) -> tqdm[Never]:
    """A bar with rate and time left on a terminal; nothing when redirected."""
    return tqdm(total=total, unit="deal", file=stream, disable=None, dynamic_ncols=True)


def summary_lines(verdicts: Iterable[Verdict]) -> list[str]:
    """Per rule set: the counts, the share undecided and the share won with
    its interval, e.g. for the command's last lines."""
    by_rules: dict[RuleSet, Counter[Status]] = {}
    for verdict in verdicts:
        by_rules.setdefault(verdict.code.rules, Counter())[verdict.status] += 1
    lines = []
    for rules, counts in by_rules.items():
        total = counts.total()
        won, unknown = counts[Status.WON], counts[Status.UNKNOWN]
        low, _ = wilson(won, total)
        _, high = wilson(won + unknown, total)
        lines.append(
            f"{rules.id}: {counted(total, 'deal')}: {won} won, {counts[Status.UNWINNABLE]}"
            f" unwinnable, {unknown} unknown ({100 * unknown / total:.1f} % undecided)"
        )
        lines.append(
            f"  winnable: {_down(Fraction(won, total), 2)} % to"
            f" {_up(Fraction(won + unknown, total), 2)} %,"
            f" 95 % interval {_down(low, 1)} – {_up(high, 1)} %"
        )
    return lines


def _down(share: Fraction | float, digits: int) -> str:
    """*share* as a percentage with *digits* decimals, rounded down: a lower bound
    never claims more than the data.

    >>> _down(Fraction(2, 3), 2), _up(Fraction(2, 3), 2), _up(Fraction(1, 2), 1)
    ('66.66', '66.67', '50.0')
    """
    return _decimal(math.floor(Fraction(share) * 100 * 10**digits), digits)


def _up(share: Fraction | float, digits: int) -> str:
    """*share* as a percentage with *digits* decimals, rounded up (an upper bound)."""
    return _decimal(math.ceil(Fraction(share) * 100 * 10**digits), digits)


def _decimal(scaled: int, digits: int) -> str:
    """*scaled* (a whole number of 10**-*digits*) written with *digits* decimals."""
    whole, part = divmod(scaled, 10**digits)
    return f"{whole}.{part:0{digits}d}"


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
