"""Review benchmark (SPEC §6 *Where did it go wrong?*): lost games reviewed at
the default budget.

Each game is a deal of 0 – 1999 the winnability study (docs/winnability.jsonl)
records as won under Classic rules, played by seeded random legal moves for 70 moves or
until no legal move is left. Random play often leaves a game that can still be
won: those are not lost games, so they are counted apart (their review is one
call) and more games are drawn until the given number of lost ones (answered
``found``, or ``unknown`` when the budget cannot decide) is reviewed. Prints the
median and 90th percentile seconds per review (by the clock, and in CPU time,
which a busy machine disturbs less), the share answered ``found`` and the
solver calls per review, and how many ``found`` reviews show a better move
that takes back the move before it.

    python bench/review.py                    # 100 games, seed 1, the default budget
    python bench/review.py --games 20 --seed 2 --states 50000

Measured with the final search on the 2-core development machine, nothing else
running but a study at the lowest priority, at the default budget (400,000
states a call, each question first a quarter of it), seed 1:

    build     found  unknown  seconds median / p90  calls median / p90
    pure      95 %   5        0.09 / 5.66           7 / 9
    compiled  95 %   5        0.07 / 2.39           7 / 9

(the compiled build: scripts/compile.sh's wheel first on PYTHONPATH; the coach
itself stays pure Python, the solver's search is compiled). Earlier, in pure
Python (no compiled module; CPython 3.11) while other work shared the machine
(load average 4-8):

    seed  found  unknown  seconds median / p90  CPU s median / p90  calls median / p90
    1     95 %   5        0.19 / 12.03          0.10 / 6.11         7 / 9
    2     96 %   4        0.20 / 12.40          0.09 / 5.15         7 / 9

(34 and 21 games drawn could still be won.) Before the review asked about
other moves in place of a take-back, seed 1's better move took back the move
before it in 18 of the 95 found reviews; now in none, each at one more call
(the first other move asked about won; 13,570 more states in all), with the
CPU seconds as before (median 0.09, p90 5.87 then, 5.95 now, pure Python, the
machine busy). The same reviews of seed 1 on the
idle machine, but for the unknown ones (which the p90 does not reach), took
0.10 s median and 6.13 s p90 by the clock. The unknown reviews are the
costliest (14-29 CPU seconds, 1.2-1.8 million states, 2 to 52 positions left
open); the costliest found review took 13 CPU seconds (YU1-C-AAAACTB, a
million states). With every question at
a whole budget of 100,000 states, seed 1's first 40 games were 85 % found;
of 250,000, 95 % but with a p90 of 32 s (busy): the positions on either side
of the losing move are the hard ones (YU1-C-AAAACTB: the one before it won in
171,063 states, the one after it proved lost in 126,357), and a quarter of
the budget decides the others.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from yukon.coach import DEFAULT_LIMIT, Review, ReviewStatus, review
from yukon.coach.review import takes_back
from yukon.engine import CLASSIC, Game, GameCode, Move, Record
from yukon.solver import Limit

STUDY = Path(__file__).resolve().parents[1] / "docs" / "winnability.jsonl"
MOVES = 70


def won_deals() -> list[int]:
    """The Classic deals of 0 – 1999 the study records as won (the range the
    figures above were measured on; the study holds 20,000)."""
    deals = []
    with STUDY.open(encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            won = entry["rules"] == CLASSIC.letter and entry["status"] == "won"
            if won and entry["deal"] < 2000:
                deals.append(entry["deal"])
    return sorted(deals)


def random_game(deal: int, rng: random.Random) -> tuple[GameCode, list[Move]]:
    """*deal* played by random legal moves for :data:`MOVES` moves or until stuck."""
    code = GameCode(CLASSIC, deal)
    game = Game.from_code(code)
    for _ in range(MOVES):
        moves = list(game.legal_moves)
        if not moves or game.is_won:
            break
        game.play(rng.choice(moves))
    return code, list(game.line)


def better_takes_back(code: GameCode, done: Review) -> bool:
    """Whether the better move of a ``found`` review takes back the move before it."""
    last = done.last_winnable
    if done.better_move is None or not last:
        return False
    before = Record(code, done.line[: last - 1]).replay().position()
    return takes_back(before, done.line[last - 1], done.better_move)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--states", type=int, help="state budget per solver call")
    parser.add_argument("--verbose", action="store_true", help="a line per game")
    args = parser.parse_args()
    limit = DEFAULT_LIMIT if args.states is None else Limit(states=args.states)
    rng = random.Random(args.seed)
    deals = won_deals()
    seconds: list[float] = []
    cpu_seconds: list[float] = []
    calls: list[float] = []
    answers: Counter[ReviewStatus] = Counter()
    still_winnable = 0
    taken_back = 0
    while len(seconds) < args.games:
        code, line = random_game(rng.choice(deals), rng)
        started, cpu = time.perf_counter(), time.process_time()
        done: Review = review(code, line, limit)
        if done.status is ReviewStatus.STILL_WINNABLE:
            still_winnable += 1
            continue
        seconds.append(time.perf_counter() - started)
        cpu_seconds.append(time.process_time() - cpu)
        calls.append(done.solver_calls)
        answers[done.status] += 1
        back = better_takes_back(code, done)
        taken_back += back
        if args.verbose:
            where = done.last_winnable if done.unknown_between is None else done.unknown_between
            print(
                f"{len(seconds):3} {code} {len(line):3} moves: {done.status.value} {where}"
                f" calls {done.solver_calls} states {done.states} {seconds[-1]:.2f} s"
                f" (CPU {cpu_seconds[-1]:.2f} s){' take-back' if back else ''}",
                flush=True,
            )
    print(f"{args.games} lost games, seed {args.seed}, budget {limit} a call")
    print(f"({still_winnable} games drawn could still be won; not counted)")
    median, p90 = statistics.median(seconds), percentile(seconds, 0.9)
    print(f"seconds per review: median {median:.2f}, p90 {p90:.2f}")
    median, p90 = statistics.median(cpu_seconds), percentile(cpu_seconds, 0.9)
    print(f"CPU seconds per review: median {median:.2f}, p90 {p90:.2f}")
    median, p90 = statistics.median(calls), percentile(calls, 0.9)
    print(f"solver calls per review: median {median:g}, p90 {p90:g}")
    shares = ", ".join(f"{status.value} {count}" for status, count in answers.most_common())
    print(f"answers: {shares}; found {answers[ReviewStatus.FOUND] / args.games:.0%}")
    found = answers[ReviewStatus.FOUND]
    print(f"better move a take-back of the move before it: {taken_back} of {found} found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
