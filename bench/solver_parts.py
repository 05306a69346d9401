"""What the solver's bench scripts share: the fingerprint of a search that
``solver_same.py`` and ``solver_states.py`` save and compare, and the one deal
and the complete search run alone of ``solver_breakdown.py`` and
``solver_hard.py``. Not a script: the others import it from this folder."""

from __future__ import annotations

import argparse
import json
import sys
import time

from yukon.engine import RULE_SETS, GameCode, RuleSet
from yukon.solver import Limit, SolveResult
from yukon.solver.board import Board
from yukon.solver.proofs.frozen import LostPositions
from yukon.solver.search import _Budget, _DepthFirst


def fingerprint(result: SolveResult) -> list[object]:
    """What a search did, as the files keep it: the verdict, the states spent and the moves."""
    return [result.status.value, result.states, " ".join(str(move) for move in result.moves)]


def save_or_compare(found: dict[str, list[object]], save: str | None, compare: str | None) -> None:
    """Save the fingerprints *found* to the file *save*, or compare them with those
    of the file *compare*: each that differs is printed, and the script then fails."""
    if save:
        with open(save, "w", encoding="utf-8") as file:
            json.dump(found, file, indent=0)
        return
    if not compare:
        return
    with open(compare, encoding="utf-8") as file:
        saved = json.load(file)
    differ = [name for name, line in found.items() if saved.get(name) != line]
    print(f"{len(found) - len(differ)} of {len(found)} deals the same as {compare}")
    for name in differ:
        print(f"  differs: {name}: {saved.get(name)} -> {found[name]}")
    if differ:
        sys.exit(1)


def one_deal(parser: argparse.ArgumentParser, states: int) -> tuple[argparse.Namespace, GameCode]:
    """The arguments of a script about one deal (its YU1 number, ``--rules`` and a
    budget of ``--states``, *states* unless said) and the deal's code."""
    parser.add_argument("deal", type=int)
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--states", type=int, default=states)
    args = parser.parse_args()
    return args, GameCode(RuleSet.parse(args.rules), args.deal)


def complete_alone(
    board: Board, lost: LostPositions, states: int
) -> tuple[_DepthFirst, int, float]:
    """The complete search run alone on *board* within *states*, cutting what *lost*
    finds lost, its verdict printed: the search (to read more of it), the states it
    spent and its CPU seconds."""
    search = _DepthFirst(board, lost)
    budget = _Budget(Limit(states=states))
    started = time.process_time()
    found = search.run(budget.turn(states))
    seconds = time.process_time() - started
    verdict = "won" if found is not None else "exhausted" if search.done else "open"
    print(f"complete search alone: {verdict} in {budget.states:,} states, {seconds:.1f} CPU s")
    return search, budget.states, seconds
