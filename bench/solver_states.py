"""What the search does, deal by deal, as a fingerprint: the verdict, the states
spent and the moves found for each deal at a fixed budget in states, saved to a
file or compared with one. A change meant only to make the search faster must
leave every line the same.

    python bench/solver_states.py --save before.json 0-59 --states 120000
    python bench/solver_states.py --compare before.json 0-59 --states 120000
    python bench/solver_states.py --save d70.json 70 --states 3000000

Deals are YU1 deal numbers, single or ranges (``0-59 70 116``).
"""

from __future__ import annotations

import argparse
import time

from solver_parts import fingerprint, save_or_compare

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, solve


def _deals(specs: list[str]) -> list[int]:
    deals: list[int] = []
    for spec in specs:
        first, _, last = spec.partition("-")
        deals += range(int(first), int(last or first) + 1)
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("deals", nargs="+", help="deal numbers or ranges, e.g. 0-59 70")
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--states", type=int, default=120_000)
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--save", metavar="FILE")
    what.add_argument("--compare", metavar="FILE")
    args = parser.parse_args()
    rules = RuleSet.parse(args.rules)
    found: dict[str, list[object]] = {}
    total = 0
    started = time.process_time()
    for deal in _deals(args.deals):
        result = solve(Position.from_code(GameCode(rules, deal)), Limit(states=args.states))
        found[f"{args.rules} {deal} {args.states}"] = fingerprint(result)
        total += result.states
        print(f"deal {deal:>4}  {result.status.value:<11}{result.states:>11,} states", flush=True)
    seconds = time.process_time() - started
    print(f"{total:,} states, {seconds:.1f} CPU s, {total / max(seconds, 1e-9):,.0f} a CPU second")
    save_or_compare(found, args.save, args.compare)


if __name__ == "__main__":
    main()
