"""Whether a change to the solver's code left its search the same: a fixed set of deals,
each solved at a fixed budget in states, and for each the verdict, the states spent and the
moves found, saved to a file or compared with one (a restructuring must change none of them,
in either build: see docs/solver.md).

    python bench/solver_same.py --save before.json
    python bench/solver_same.py --compare before.json
    python bench/solver_same.py --compare bench/solver_same.json

``bench/solver_same.json`` was recorded from version 11 of the search as it stood before the
solver was laid out anew (proofs/, schedule, serving/): 353 deals, 7,643,631 states; the new
layout matches every line of it, pure Python and compiled.

The set: YU1 Classic deals 0–199 and deals 0–49 of each other rule set at 250,000 states
(past the search's LATE, so the orders are asked too), and three Classic deals proved lost
only past its DEEP (75, 307, 1689) at 1,100,000. Between them every proof decides some deal.
``--quick`` solves the first tenth of each range only (a smoke run, not a proof).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, solve
from yukon.solver.build import solver_build

_SETS: tuple[tuple[str, range | tuple[int, ...], int], ...] = (
    ("C", range(200), 250_000),
    *((rules.letter, range(50), 250_000) for rules in RULE_SETS if rules.letter != "C"),
    ("C", (75, 307, 1689), 1_100_000),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--save", metavar="FILE")
    what.add_argument("--compare", metavar="FILE")
    parser.add_argument("--quick", action="store_true", help="a tenth of each range")
    args = parser.parse_args()
    found: dict[str, list[object]] = {}
    decided_by: Counter[str] = Counter()
    total = 0
    started = time.process_time()
    for letter, deals, states in _SETS:
        rules = RuleSet.parse(letter, letter=True)
        chosen = deals[: max(1, len(deals) // 10)] if args.quick else deals
        for deal in chosen:
            result = solve(Position.from_code(GameCode(rules, deal)), Limit(states=states))
            moves = " ".join(str(move) for move in result.moves)
            found[f"{letter} {deal} {states}"] = [result.status.value, result.states, moves]
            proof = result.as_dict().get("proved_by")
            if proof is not None:
                decided_by[str(proof["proof"] if isinstance(proof, dict) else proof)] += 1
            total += result.states
            print(f"{letter} {deal:>5} {result.status.value:<11}{result.states:>10,} {proof or ''}")
    seconds = time.process_time() - started
    print(f"{solver_build()}: {len(found)} deals, {total:,} states, {seconds:.1f} CPU s")
    if decided_by:
        print("decided by: " + ", ".join(f"{name} {n}" for name, n in decided_by.most_common()))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(found, file, indent=0)
        return
    with open(args.compare, encoding="utf-8") as file:
        saved = json.load(file)
    differ = [name for name, line in found.items() if saved.get(name) != line]
    print(f"{len(found) - len(differ)} of {len(found)} deals the same as {args.compare}")
    for name in differ:
        print(f"  differs: {name}: {saved.get(name)} -> {found[name]}")
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
