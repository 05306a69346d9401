"""Build the shipped pools of winnable deals: ``src/yukon/solver/data/*.txt``.

Deal numbers are drawn from a fixed-seed generator, so the pool is reproducible;
each is kept only when the solver wins it within the state budget (and every win
is replayed through the engine before it counts).

    python bench/solver_pool.py --count 300 --states 60000
    python bench/solver_pool.py --rules russian      # one rule set's pool only
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from yukon.engine import DEAL_COUNT, RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, Status, solve

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--states", type=int, default=60_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rules", action="append", choices=[rules.id for rules in RULE_SETS])
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    for rules in RULE_SETS:
        if args.rules and rules.id not in args.rules:
            continue
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
