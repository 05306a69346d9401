"""Which shares of the states past ``DEEP`` would decide the most of a study's hard deals.

``collect`` runs each quick phase of the search alone from a deal, on its own board as in a
solve, up to a cap of its own states, and appends where it wins (or runs out) to a JSON-lines
file; it skips what the file has. The search's quick phases are ``first``, ``milestones``,
``restarts``, ``wide`` and, since version 15, ``milestones:3000`` and ``shuffled:1``; other
finders of those two kinds can be run to see what they would add: ``milestones:L`` (phase 2
with local searches of L states) and ``shuffled:S`` (phase 1 with the moves of similar promise
shuffled by seed S).

``shares`` then works out, for each deal a study (``yukon analyze`` file) searched past
``DEEP``, whether it is decided under other turns past ``DEEP``: the phases share nothing, so a
phase wins once its own states reach those it needed alone, and its own states after so many
states of the search follow from the weights. The complete search's own states for a verdict
come from the study's line, split by the weights its version gave past ``DEEP``
(``--study-deep``), for its proofs and for the wins named by ``--complete-wins`` (the study's
wins past ``DEEP`` that no profiled phase explains); ``--lost-at-deep`` names deals a later
version proves lost at ``DEEP``, like the study's ``orders`` proofs there. Finders the search
does not have take turns past ``DEEP`` only, after the search's seven. On the ninth edition
(version 13) and ``bench/study_phases_v14.jsonl`` (phases 1 and 2 alone from the 116 Classic
deals version 13 or 14 leaves open and the 32 either wins past ``DEEP``, the restarts on those
32, the new phases on the 105 version 14 leaves open) it gives version 14's 105 undecided
deals, the very ones its real run left open, and 99 for version 15's shares:

    python bench/solver_shares.py collect --out phases.jsonl --cap 2000000 \\
        --phases first,milestones,restarts,wide 2730 18057
    python bench/solver_shares.py shares bench/study_phases_v14.jsonl \\
        --lost-at-deep 3147,5346,10521 --weights 0,0,1,4,1,0,0 --complete-wins \\
        252,398,980,989,2251,3304,5223,8591,12211,12737,17307,18585,19655
    ... --weights 0,2,2,12,2,1,1          (version 15's, the default)
    ... --finders shuffled:2 --finder-weights 1
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit
from yukon.solver.schedule import DEEP, DEEP_WEIGHTS, LATE, LATE_WEIGHTS, WEIGHTS
from yukon.solver.search import _Budget, _DepthFirst, _focused, _Milestones, _Phase, _Phases

_PHASES = ("first", "milestones", "restarts", "complete", "wide", "milestones:3000", "shuffled:1")
"""The search's phases, by their number (the last two since version 15)."""
_BUDGET = 2_000_000


_OWN = {
    "first": "first",
    "milestones": "milestones",
    "restarts": "restarts",
    "wide": "wide",
    "milestones:3000": "broad",
    "shuffled:1": "shuffled",
}
"""The search's quick phases by name, as :class:`_Phases` builds them."""


def _finder(name: str, position: Position) -> _Phase:
    if name in _OWN:
        phase: _Phase = getattr(_Phases(position), _OWN[name])
        return phase
    kind, _, arg = name.partition(":")
    if kind == "milestones" and arg:
        return _Milestones(_focused(position), int(arg))
    if kind == "shuffled" and arg:
        board = _focused(position)
        board.noise = random.Random(int(arg))
        return _DepthFirst(board)
    raise SystemExit(f"no finder {name!r}")


def _alone(job: tuple[str, int, str, int]) -> dict[str, object]:
    rules, number, name, cap = job
    phase = _finder(name, Position.from_code(GameCode(RuleSet.parse(rules), number)))
    budget = _Budget(Limit(states=cap))
    won = phase.run(budget.turn(cap)) is not None
    return {
        "deal": number,
        "rules": rules,
        "phase": name,
        "won": won,
        "done": phase.done,
        "states": budget.states,
    }


def collect(out: Path, rules: str, cap: int, names: Sequence[str], deals: Sequence[int]) -> None:
    deal = Position.from_code(GameCode(RuleSet.parse(rules), deals[0]))
    for name in names:
        _finder(name, deal)  # says at once if a name is unknown, not in each worker
    done = {(line["deal"], line["rules"], line["phase"]) for line in _lines(out)}
    jobs = [(rules, n, name, cap) for name in names for n in deals if (n, rules, name) not in done]
    with multiprocessing.Pool(2) as pool, out.open("a", encoding="utf-8") as file:
        for line in pool.imap_unordered(_alone, jobs):
            file.write(json.dumps(line) + "\n")
            file.flush()


def _lines(path: Path) -> Iterator[dict[str, object]]:
    if path.exists():
        for text in path.read_text(encoding="utf-8").splitlines():
            yield json.loads(text)


def own(phase: int, states: float, deep: Sequence[int]) -> float:
    """The states of its own phase *phase* has had after *states* of the search."""
    pad = (0,) * (len(deep) - len(WEIGHTS))
    spans = ((0, LATE, WEIGHTS + pad), (LATE, DEEP, LATE_WEIGHTS + pad), (DEEP, _BUDGET, deep))
    return sum(
        (min(states, end) - start) * weights[phase] / sum(weights)
        for start, end, weights in spans
        if states > start
    )


def _enough(phase: int, needs: float, deep: Sequence[int]) -> bool:
    return own(phase, _BUDGET, deep) >= needs


def shares(
    alone: Path,
    study: Path,
    rules: str,
    study_deep: Sequence[int],
    lost_at_deep: set[int],
    deep: Sequence[int],
    finders: Sequence[str],
    complete_wins: set[int],
) -> set[int]:
    """The deals of *rules* the *study* searched past ``DEEP`` left undecided under *deep*."""
    wins: dict[int, dict[int, int]] = {}
    index = {name: number for number, name in enumerate([*_PHASES, *finders])}
    for line in _lines(alone):
        if line["rules"] == rules and line["won"] and line["phase"] in index:
            wins.setdefault(int(str(line["deal"])), {})[index[str(line["phase"])]] = int(
                str(line["states"])
            )
    undecided = set()
    for line in _lines(study):
        states, number = int(str(line["states"])), int(str(line["deal"]))
        if line["rules"] != rules or states <= DEEP:
            continue
        proved = line["proved_by"]
        if isinstance(proved, dict) or number in lost_at_deep:
            continue  # the orders at DEEP
        needs = dict(wins.get(number, {}))
        if proved == "search" or number in complete_wins:
            needs[3] = round(own(3, states, study_deep))
        if not any(_enough(p, s, deep) for p, s in needs.items()):
            undecided.add(number)
    return undecided


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",") if part)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("collect")
    run.add_argument("deals", type=int, nargs="+")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--rules", default="C", choices=[rules.letter for rules in RULE_SETS])
    run.add_argument("--cap", type=int, default=_BUDGET)
    run.add_argument("--phases", default="first,milestones,restarts,wide")
    work = commands.add_parser("shares")
    work.add_argument("alone", type=Path)
    work.add_argument("--study", type=Path, default=Path("docs/winnability.jsonl"))
    work.add_argument("--rules", default="C")
    work.add_argument("--study-deep", type=_ints, default=(0, 0, 0, 4, 1), help="its version's")
    work.add_argument("--lost-at-deep", type=_ints, default=(), help="proved lost at DEEP since")
    work.add_argument(
        "--complete-wins", type=_ints, default=(), help="the study's wins the complete search made"
    )
    work.add_argument("--weights", type=_ints, default=DEEP_WEIGHTS)
    work.add_argument("--finders", default="")
    work.add_argument("--finder-weights", type=_ints, default=())
    args = parser.parse_args()
    if args.command == "collect":
        collect(args.out, args.rules, args.cap, args.phases.split(","), args.deals)
        return
    finders = [name for name in args.finders.split(",") if name]
    deep = (*args.weights, *args.finder_weights)
    if len(deep) != len(_PHASES) + len(finders):
        raise SystemExit(f"give one weight for each of the {len(_PHASES)} phases and each finder")
    left = shares(
        args.alone,
        args.study,
        args.rules,
        args.study_deep,
        set(args.lost_at_deep),
        deep,
        finders,
        set(args.complete_wins),
    )
    print(f"{len(left)} undecided: {' '.join(map(str, sorted(left)))}")


if __name__ == "__main__":
    main()
