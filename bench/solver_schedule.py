"""What another schedule of the search's phases would give, without solving again.

Each phase runs alone on a deal, on its own board as in a solve, up to a cap of
its own states: where it wins or runs out, and for phase 2 where each of its
local searches ends (a turn of phase 2 ends only between them). The phases do
not share anything, so the turns of a solve can then be replayed on these
profiles for any :data:`~yukon.solver.search.SLICE`, ``WEIGHTS``, ``LATE`` and
``LATE_WEIGHTS``: the verdict and the states of a solve under that schedule,
exactly: replayed, the 100 fresh deals of seed 1 at 120,000 states and YU1
deals 43, 70, 110, 116 and 156 at 3,000,000 give each solve's verdict and states
under versions 3 and 4. A replay that needs a phase past its cap says so.

    python bench/solver_schedule.py 70 43 110 --cap 3000000 --states 3000000 \\
        --late-weights 0,0,1,4
    python bench/solver_schedule.py --fresh 1 --count 100 --cap 130000 --states 120000 \\
        --weights 1,2,3,4 --workers 2

Version 3 → 4 was chosen with it: per phase alone, deals 43 and 110 (the YU1
wins past 200,000 states) are won by the restarts in 164,328 and 84,000 states,
and deal 70's complete search runs out in 1,722,244 while phases 1–3 find no end
in 3,000,000. Of the nine fresh deals of seeds 1–3 undecided at 120,000 states,
no phase alone wins one within 130,000 states, and the complete search alone
proves one (731644238, in 99,451 states, more than four fifths of the budget):
no split of 120,000 states between the phases decides more of them.
"""

from __future__ import annotations

import argparse
import bisect
import multiprocessing
import random
from collections.abc import Sequence
from dataclasses import dataclass

from yukon.engine import DEAL_COUNT, RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit
from yukon.solver.proofs.reach import unreached
from yukon.solver.search import LATE, LATE_WEIGHTS, SLICE, WEIGHTS, _Budget, _Phase, _Phases

_NAMES = ("first", "milestones", "restarts", "complete")


@dataclass(frozen=True)
class Alone:
    """One phase run alone: ``won``, ``done`` (ran out) or ``open`` (reached
    the cap) after *states* of its own; for phase 2, where its local searches
    ended before that."""

    end: str
    states: int
    cap: int
    stops: tuple[int, ...] = ()


@dataclass(frozen=True)
class Profile:
    deal: int
    lost_at_once: bool
    phases: tuple[Alone, ...]


class PastCapError(Exception):
    """The replay needs a phase further than its profile goes."""


def profile(job: tuple[GameCode, int]) -> Profile:
    code, cap = job
    phases = _Phases(Position.from_code(code))
    if unreached(phases.complete.board):
        return Profile(code.number, True, ())
    alone = (
        _alone(phases.first, cap),
        _milestones(phases.milestones, cap),
        _alone(phases.restarts, cap),
        _alone(phases.complete, cap),
    )
    return Profile(code.number, False, alone)


def _alone(phase: _Phase, cap: int) -> Alone:
    budget = _Budget(Limit(states=cap))
    found = phase.run(budget.turn(cap))
    end = "won" if found is not None else "done" if phase.done else "open"
    return Alone(end, budget.states, cap)


def _milestones(phase: _Phase, cap: int) -> Alone:
    # A turn of one state ends at the end of the first local search that spends one.
    budget = _Budget(Limit(states=cap))
    stops: list[int] = []
    while True:
        found = phase.run(budget.turn(1))
        if found is not None or phase.done or budget.stopped:
            end = "won" if found is not None else "done" if phase.done else "open"
            return Alone(end, budget.states, cap, tuple(stops))
        stops.append(budget.states)


@dataclass(frozen=True)
class Schedule:
    slice: int = SLICE
    weights: tuple[int, ...] = WEIGHTS
    late: int = LATE
    late_weights: tuple[int, ...] = LATE_WEIGHTS


def replay(found: Profile, states: int, schedule: Schedule) -> tuple[str, int]:
    """The verdict and states of a solve under *schedule* and a budget of *states*,
    following ``_Phases.run`` turn by turn."""
    if found.lost_at_once:
        return "unwinnable", 0
    own = [0, 0, 0, 0]
    done = [False] * 4
    spent = 0

    def turn(number: int, size: int) -> bool:
        """One turn; whether the phase won."""
        nonlocal spent
        alone = found.phases[number]
        start = own[number]
        stop = start + states - spent  # where the whole budget runs out
        if number == 1:  # a turn of phase 2 ends between local searches
            index = bisect.bisect_left(alone.stops, start + size)
            after = alone.stops[index] if index < len(alone.stops) else None
            if after is None and alone.end == "open" and alone.states < stop:
                raise PastCapError(f"deal {found.deal}: {_NAMES[number]}")
            end = min(after if after is not None else alone.states, stop)
            ended = after is None and alone.states < stop
        else:
            end = min(start + size, stop)
            ended = alone.end != "open" and alone.states < end
            if ended:
                end = alone.states
            elif alone.end == "open" and end > alone.states:
                raise PastCapError(f"deal {found.deal}: {_NAMES[number]}")
        spent += end - start
        own[number] = end
        done[number] = ended and alone.end == "done"
        return ended and alone.end == "won"

    order = [0, 1, 2, 3]
    while spent < states:
        for number in order:
            weights = schedule.weights if spent < schedule.late else schedule.late_weights
            if not weights[number]:
                continue
            if turn(number, schedule.slice * weights[number]):
                return "won", spent
            if done[3]:
                return "unwinnable", spent
            if done[number] or spent >= states:
                break
        # Phase 1 or 3 running out ends the quick phases, as in a solve.
        order = [3] if done[0] or done[2] else [number for number in order if not done[number]]
    return "unknown", spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("deals", type=int, nargs="*")
    parser.add_argument("--fresh", type=int, metavar="SEED", help="random deals drawn with SEED")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--cap", type=int, default=1_000_000, help="states of each phase alone")
    parser.add_argument("--states", type=int, default=1_500_000, help="the budget replayed")
    parser.add_argument("--slice", type=int, default=SLICE)
    parser.add_argument("--weights", type=_weights, default=WEIGHTS)
    parser.add_argument("--late", type=int, default=LATE)
    parser.add_argument("--late-weights", type=_weights, default=LATE_WEIGHTS)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    numbers: Sequence[int] = args.deals
    if args.fresh is not None:
        rng = random.Random(args.fresh)
        numbers = [rng.randrange(DEAL_COUNT) for _ in range(args.count)]
    rules = RuleSet.parse(args.rules)
    jobs = [(GameCode(rules, number), args.cap) for number in numbers]
    with multiprocessing.Pool(args.workers) as pool:
        profiles = pool.map(profile, jobs)
    current = Schedule()
    other = Schedule(args.slice, args.weights, args.late, args.late_weights)
    print(f"{len(profiles)} deals, each phase alone up to {args.cap:,} states")
    print(f"replayed at {args.states:,} states: now {current}; other {other}")
    totals = {"now": [0, 0], "other": [0, 0]}
    for found in profiles:
        ends = "  ".join(
            f"{name} {alone.end} {alone.states:,}"
            for name, alone in zip(_NAMES, found.phases, strict=False)
        )
        cells = []
        for key, schedule in (("now", current), ("other", other)):
            try:
                verdict, spent = replay(found, args.states, schedule)
            except PastCapError:
                cells.append(f"{key}: past the cap")
                continue
            totals[key][0] += verdict != "unknown"
            totals[key][1] += spent
            cells.append(f"{key}: {verdict} {spent:,}")
        print(f"{found.deal}: {'; '.join(cells)}  |  {ends or 'lost at once'}")
    for key, (decided, spent) in totals.items():
        print(f"{key}: {decided} decided, {spent:,} states")


def _weights(text: str) -> tuple[int, ...]:
    weights = tuple(int(part) for part in text.split(","))
    if len(weights) != len(_NAMES) or min(weights) < 0 or not weights[3]:
        raise argparse.ArgumentTypeError("four weights of 0 or more, the last above 0")
    return weights


if __name__ == "__main__":
    main()
