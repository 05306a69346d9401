"""Whether a change to the solver's code left its search the same: a fixed set of deals,
each solved at a fixed budget in states, and for each the verdict, the states spent and the
moves found, saved to a file or compared with one (a restructuring must change none of them,
in either build: see docs/solver.md).

    python bench/solver_same.py --save before.json
    python bench/solver_same.py --compare before.json
    python bench/solver_same.py --compare bench/solver_same.json

``bench/solver_same.json`` holds version 12 of the search: 353 deals, 7,254,533 states (93.6 s
compiled). Version 11's file (7,643,631 states), recorded before the solver was laid out anew
(proofs/, schedule, serving/), was matched by every line of the new layout, pure Python and
compiled, and by the pairs derived in machine words (closure.py, compiled: 31.9 s); version 12
matches 351 of its 353 lines, every deal at 250,000 states among them, and proves 307 and 1689
lost by the exhausted search in 920,115 and 691,646 states instead of the deeper orders'
1,000,169 and 1,000,690.

The set: YU1 Classic deals 0–199 and deals 0–49 of each other rule set at 250,000 states
(past the search's LATE, so the orders are asked too), and three Classic deals proved lost
only past its DEEP (75, 307, 1689) at 1,100,000. Between them every proof decides some deal.
``--quick`` solves the first tenth of each range only (a smoke run, not a proof).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from solver_parts import fingerprint, save_or_compare

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
            found[f"{letter} {deal} {states}"] = fingerprint(result)
            proof = result.as_dict().get("proved_by")
            if proof is not None:
                decided_by[str(proof["proof"] if isinstance(proof, dict) else proof)] += 1
            total += result.states
            print(f"{letter} {deal:>5} {result.status.value:<11}{result.states:>10,} {proof or ''}")
    seconds = time.process_time() - started
    print(f"{solver_build()}: {len(found)} deals, {total:,} states, {seconds:.1f} CPU s")
    if decided_by:
        print("decided by: " + ", ".join(f"{name} {n}" for name, n in decided_by.most_common()))
    save_or_compare(found, args.save, args.compare)


if __name__ == "__main__":
    main()
