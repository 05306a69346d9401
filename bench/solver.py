"""Solver benchmark: YU1 deals 0–199 under Classic rules, 10 s each.

Prints the counts of won / unwinnable / unknown deals, the median and 90th
percentile time per decided deal, and states per second. Every win has been
replayed through the engine before it is counted.

    python bench/solver.py --workers 2           # the full run (under 2 min on 2 cores)
    python bench/solver.py --count 40 --seconds 2 --workers 2   # a quick look
    python bench/solver.py --states 1500000 --workers 2         # deterministic budget
    python bench/solver.py --fresh 1 --count 100 --seconds 1    # fresh deals: the hint's case

The figures measured with each version of the search are in docs/solver.md
(*The benchmark, version by version*).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence

from yukon.engine import DEAL_COUNT, RULE_SETS, GameCode, RuleSet
from yukon.solver import Limit, Status
from yukon.solver.batch import Verdict, solve_deal
from yukon.solver.build import solver_build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--states", type=int, help="a state budget instead (deterministic)")
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--verbose", action="store_true", help="one line per deal")
    parser.add_argument(
        "--fresh", type=int, metavar="SEED", help="random deal numbers drawn with SEED instead"
    )
    args = parser.parse_args()
    rules = RuleSet.parse(args.rules)
    limit = Limit(states=args.states) if args.states else Limit(seconds=args.seconds)
    numbers: Sequence[int] = range(args.start, args.start + args.count)
    if args.fresh is not None:
        rng = random.Random(args.fresh)
        numbers = [rng.randrange(DEAL_COUNT) for _ in range(args.count)]
    jobs = [(GameCode(rules, n), limit) for n in numbers]
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        entries = []
        cpu = 0.0
        for entry, used in pool.imap_unordered(_solve, jobs):
            entries.append(entry)
            cpu += used
            if args.verbose:
                print(entry.to_json(), file=sys.stderr)
    report(entries, args, time.perf_counter() - started, cpu)


def _solve(job: tuple[GameCode, Limit]) -> tuple[Verdict, float]:
    """The verdict, and the CPU seconds its process spent on it: unlike the time,
    they do not depend on what else the machine runs."""
    started = time.process_time()
    verdict = solve_deal(*job)
    return verdict, time.process_time() - started


def report(entries: list[Verdict], args: argparse.Namespace, wall: float, cpu: float) -> None:
    counts = dict.fromkeys(("won", "unwinnable", "unknown"), 0)
    decided: list[float] = []
    states = seconds = 0.0
    for entry in entries:
        counts[entry.status.value] += 1
        if entry.status is not Status.UNKNOWN:
            decided.append(entry.seconds)
        states += entry.states
        seconds += entry.seconds
    total = len(entries)
    deals = (
        f"{total} fresh deals (seed {args.fresh})"
        if args.fresh is not None
        else f"deals {args.start}–{args.start + total - 1}"
    )
    print(
        f"{args.rules} {deals},"
        f" {f'{args.states} states' if args.states else f'{args.seconds:g} s'} each,"
        f" {args.workers} worker(s), {wall:.0f} s wall, {solver_build()} solver"
    )
    print(
        f"won {counts['won']}  unwinnable {counts['unwinnable']}  unknown {counts['unknown']}"
        f"  decided {100 * len(decided) / max(total, 1):.1f} %"
    )
    if decided:
        decided.sort()
        p90 = decided[min(len(decided) - 1, int(0.9 * len(decided)))]
        print(f"time per decided deal: median {statistics.median(decided):.3f} s, p90 {p90:.3f} s")
    print(f"states per second: {states / max(seconds, 1e-9):,.0f}")
    print(f"states per CPU second: {states / max(cpu, 1e-9):,.0f} ({states:,.0f} in {cpu:.1f} s)")
    # Under a budget in seconds the figures depend on the share of the CPU each
    # worker gets: say how busy the machine was.
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
