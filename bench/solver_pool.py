"""Build the shipped pools of winnable deals: ``src/yukon/solver/data/*.txt``.

Deal numbers are drawn from a fixed-seed generator, so the pool is reproducible;
each is kept only when the solver wins it within the state budget (and every win
is replayed through the engine before it counts).

    python bench/solver_pool.py --count 300 --states 60000
    python bench/solver_pool.py --study docs/winnability.jsonl   # add a study's wins

A random sample won within a small budget leans towards easy deals; the deals a
study (``yukon analyze``) won within its larger budget are nearly all the
winnable deals of its range, so adding them makes the pool a fairer sample.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from yukon.engine import DEAL_COUNT, RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, Status, pool, solve
from yukon.solver.batch import Verdict

DATA = Path(__file__).resolve().parents[1] / "src" / "yukon" / "solver" / "data"


def build(rules: RuleSet, count: int, states: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    won: list[int] = []
    tried = 0
    while len(won) < count:
        number = rng.randrange(DEAL_COUNT)
        tried += 1
        result = solve(Position.from_code(GameCode(rules, number)), Limit(states=states))
        if result.status is Status.WON:
            won.append(number)
        print(f"\r{rules.id}: {len(won)}/{count} won of {tried}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return sorted(won)


def add_study(study: Path) -> None:
    """Append to each rule set's pool the deals *study* records as won (every
    win there was replayed through the engine), with a comment saying whence."""
    verdicts = [Verdict.parse(line) for line in study.read_text(encoding="utf-8").splitlines()]
    for rules in RULE_SETS:
        mine = [v for v in verdicts if v.code.rules is rules]
        path = DATA / f"{rules.id}.txt"
        if not mine or not path.exists():
            continue
        shipped = set(pool(rules))
        won = sorted({v.code.number for v in mine if v.status is Status.WON} - shipped)
        if not won:
            continue  # nothing new: the pool already holds this study's wins
        deals = sorted(v.code.number for v in mine)
        header = (
            f"# YU1 deals {deals[0]}–{deals[-1]} won in the winnability study"
            f" ({study.name}, {mine[0].budget} each, solver {mine[0].solver})\n"
        )
        with path.open("a", encoding="utf-8") as sink:
            sink.write(header + "".join(f"{n}\n" for n in won))
        print(f"{path.name}: {len(won)} deals added", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--states", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--study", type=Path, help="add the wins of a yukon analyze file")
    parser.add_argument("--rules", action="append", choices=[rules.id for rules in RULE_SETS])
    args = parser.parse_args()
    if args.study is not None:
        add_study(args.study)
        return
    DATA.mkdir(parents=True, exist_ok=True)
    for rules in RULE_SETS:
        if args.rules and rules.id not in args.rules:
            continue  # one rule set's pool without rebuilding the others
        started = time.perf_counter()
        numbers = build(rules, args.count, args.states, args.seed)
        header = (
            f"# YU1 deal numbers won by the solver under {rules.id} rules"
            f" within {args.states} states (bench/solver_pool.py, seed {args.seed})\n"
        )
        path = DATA / f"{rules.id}.txt"
        path.write_text(header + "".join(f"{n}\n" for n in numbers), encoding="utf-8")
        elapsed = time.perf_counter() - started
        print(f"{path.name}: {len(numbers)} deals in {elapsed:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
