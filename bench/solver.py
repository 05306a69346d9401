"""Solver benchmark: YU1 deals 0–199 under Classic rules, 10 s each.

Prints the counts of won / unwinnable / unknown deals, the median and 90th
percentile time per decided deal, and states per second. Every win has been
replayed through the engine before it is counted.

    python bench/solver.py --workers 2           # the full run (under 2 min on 2 cores)
    python bench/solver.py --count 40 --seconds 2 --workers 2   # a quick look
    python bench/solver.py --states 1500000 --workers 2         # deterministic budget
    python bench/solver.py --fresh 1 --count 100 --seconds 1    # fresh deals: the hint's case

Measured with version 1 of the search on the 2-core development machine (two
workers, nothing else running):

    classic deals 0–199, 10 s each, 2 worker(s), 79 s wall
    won 182  unwinnable 8  unknown 10  decided 95.0 %
    time per decided deal: median 0.008 s, p90 1.047 s
    states per second: 140,737

The slowest decided deal is YU1-C-AAAAAEM (deal 116, unwinnable), at 8.3 s.
With ``--states 1500000`` the counts are the same (182 / 8 / 10). Relaxed rules,
deals 0–99 at 2 s each: all 100 won, median 0.009 s.

Version 2 (the phases take turns instead of fixed shares of the budget),
measured while two other developers' test runs shared the machine (load
average 10–16), so budgets in states stand in for seconds: a second of one idle
core is about 120,000 states, a second of a worker under that load 10,000–20,000.

    classic deals 0–199, 1500000 states each, 2 worker(s), 755 s wall
    won 182  unwinnable 8  unknown 10  decided 95.0 %

the same counts as version 1 (1,500,000 states stood in for its 10 s on an
idle core). The costliest decided deals: 156 and 116 (unwinnable) in 960,143
and 893,710 states, 43 (won) in 720,031. The 10 undecided are the open deals of
the study (17, 27, 37, 47, 61, 70, 75, 104, 159, 166); version 1 leaves all ten
undecided at 5,000,000 states as well.

Version 3 (a face-down card may belong to a closed set by itself, and the
complete search looks for one after every move onto a column), one worker,
measured while the machine was shared (load average 9–16):

    classic deals 0–199, 1500000 states each, 1 worker(s), 552 s wall
    won 182  unwinnable 13  unknown 5  decided 97.5 %

Five of the ten open deals are now proved unwinnable before a move (27, 37, 47,
104 and 159 hold a closed set from the deal on; version 2 took 7,921,130 states
to prove deal 27 and left the others open at 5,000,000), and the proofs of deals
116 and 156 take 106,841 and 59,422 states instead of 893,710 and 960,143. The
costliest decided deal is now 43 (won) at 720,031 states, so every budget from
720,031 states on decides the same 195: 10 s needs 72,000 states a second, half
of what one idle core managed with version 2. The check costs the complete
search about a sixth of its states per second (58,000–59,000 a CPU second
against 68,000–72,000 for version 2 on deal 43 under the same load), and saves
more than that wherever a deal is unwinnable: YU1 deals 0–59 at 120,000 states
take 647,119 states and 9.4–10.0 CPU seconds instead of 1,038,118 and 13.4–13.6.
Still open at 1,500,000 states: 17, 61, 70, 75 and 166. At 10,000,000 states
(one at a time, nice -n 19) version 3 proves deal 70 unwinnable in 2,941,426;
17, 61, 75 and 166 stay open (17 also at 20,000,000 with version 2). Fresh deals at 120,000
states, seeds 1, 2 and 3: 291 of 300 decided (93+100+98, 97.0 %; version 2:
288), under load average 14–19.

The compiled build (``scripts/compile.sh``: the solver's hot path compiled by
mypyc; run this script with the unpacked wheel first on ``PYTHONPATH``, see the
README) searches the same states to the same verdicts, faster. Deal 43 (won,
720,031 states), one process, best of two runs of each under load average 4:
88,000 states a CPU second in pure Python, 220,000 compiled (2.5 times; 85,800
and 179,600 before the typing and data changes made for mypyc, which also
helped pure Python). After issue 14 (the check for lost positions on bit masks
and flat lists, fewer 128-bit XORs and look-ups in seen; the same states), best
of two runs each under load average 1–3.5: deal 43 in 2.47 CPU s compiled
(291,800 states a CPU second; 3.91 s before) and 9.2 s pure (78,300; 9.5 s
before); deal 70 proved unwinnable in 2,941,426 states, 8.4 CPU s compiled
(351,900 a CPU second; 14.3 s before) and 31.6 s pure (93,000; 37.4 s before).
YU1 deals 0–199, two workers, one run after the other while other developers'
tests shared the machine (load average 5–6 at 10 s):

    build          budget              decided                 states/s   wall
    pure Python    10 s                181 / 13 / 6  97.0 %      47,818    50 s
    compiled       10 s                182 / 13 / 5  97.5 %     133,034    39 s
    compiled       1,500,000 states    182 / 13 / 5  97.5 %      68,998    75 s

(won / unwinnable / unknown). At 1,500,000 states the compiled build decides
the same 195 deals as pure Python; at 10 s it decides them all, pure Python
one fewer (the costliest, deal 43, needs 72,000 states a second). Under load
average 10 the same 10 s runs gave 50,822 states a second compiled (97.0 %)
and 26,524 pure (96.5 %).

Fresh deals (``--fresh SEED --count 100``, the hint's case), decided of 300
(seeds 1, 2 and 3; seed 1 is the hardest):

    budget                          version 1            version 2
    120,000 states (1 s idle)       286 (91+98+97)       288 (92+99+97)   96.0 %
    20,000 states (1 s loaded)      273 (85+94+94)       277 (87+95+95)   92.3 %
    1 s, load average 12–14         272 (85+93+94)       275 (86+94+95)   91.7 %

Of seed 1's 8 deals undecided at 120,000 states, 7 stay undecided with 300,000
states for each phase alone (the eighth is proved unwinnable by the complete
search alone in 108,964): they need a stronger search, not another split of
the budget.

Version 4 (past 200,000 states only the restarts and the complete search take
turns, four states of five for the complete search), compiled build, two
workers, load average 2.6–3.5 (budgets in states, so the counts are the same
on any machine):

    classic deals 0–199, 1500000 states each, 2 worker(s), 35 s wall, compiled solver
    won 182  unwinnable 13  unknown 5  decided 97.5 %
    classic deals 0–199, 2700000 states each, 2 worker(s), 69 s wall, compiled solver
    won 182  unwinnable 14  unknown 4  decided 98.0 %

At 1,500,000 states the verdicts are version 3's, in 9,533,567 states in all
instead of 9,535,119: only the two deals that take more than 200,000 states to
decide changed, 43 (won in 720,454 instead of 720,031) and 110 (won in 321,315
instead of 323,290). Deal 70 is proved unwinnable in 2,253,610 states instead of
2,941,426, so 2,700,000 states (10 s at 270,000 a second) decide 196 deals, 98 %;
here it took 14.4 CPU seconds (157,000 states a CPU second under load average
2.4–2.9). Still open at 2,700,000: 17, 61, 75 and 166. In seconds, one worker,
load average 1.2:

    classic deals 0–199, 10 s each, 1 worker(s), 62 s wall, compiled solver
    won 182  unwinnable 13  unknown 5  decided 97.5 %
    states per second: 208,014

deal 70 reached 1,894,912 states in its 10 s (188,000 a second): 98 % at 10 s
needs 225,000 states a second on deal 70. Where the states of the
deals above 200,000 go, each phase run alone (its own states until it wins or
runs out; "—" none within the cap in brackets):

    deal  verdict      first        milestones   restarts     complete
    43    won          — (2.0M)     1,568,157    164,328        969,166
    110   won          — (2.0M)       254,772     84,000      — (2.0M)
    70    unwinnable   — (3.0M)     — (3.0M)     — (3.0M)     1,722,244

Both wins past 200,000 states are the restarts', so past 200,000 phases 1 and
2 sit out; deal 70's proof is its complete search's 1,722,244 states plus what
the other phases spend meanwhile (1,219,182 in version 3, 531,366 now).

Fresh deals at 120,000 states: 93 + 100 + 98 of 300, as with version 3, with the
same states for every deal (a solve under 200,000 states is unchanged). Seed 1's
seven undecided deals cannot be decided within 120,000 states by any split of
the budget between the phases: five stay undecided at 1,500,000 (1095513148,
7568935301, 1001090105, 7929357535, 6684920391; for the last two no phase alone
ends within 1,500,000 states of its own), and the other two are unwinnable with
proofs whose complete search alone takes 99,451 (731644238) and 426,173
(2170177477) states, proved by version 4 in 224,548 and 633,475 states in all
(version 3: 234,572 and 753,027). Reaching 95 of seed 1 needs a stronger proof
or search, not a new schedule.

Version 5 (before its first turn the complete search asks whether some card's
every way out leads into a closed set, :mod:`yukon.solver.proofs.escape`), pure
Python, two workers, budgets in states while other work loaded the machine
(load average 3.5–9):

    classic deals 0–199, 1500000 states each, 2 worker(s), 169 s wall, pure Python solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %
    classic deals 0–199, 2700000 states each, 2 worker(s), 179 s wall, pure Python solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %

Deal 61, open in version 4 at every budget tried (200,000,000 states), is lost
from the deal: T♥ can leave T♦ only for J♣, and there it closes a set with T♦
and the cards under it; proved in 3,056 states (the turns before the complete
search's first). Deal 70 is found lost the same way, in 3,000 states instead of
2,253,610. No other verdict changed. Still open at 2,700,000: 17, 75 and 166
(``bench/solver_hard.py`` shows what their complete searches go round in).

Fresh deals, seeds 1–10 (1,000 deals), pure Python, one solve per worker:

    budget               version 4      version 5
    80,000 states        —              951  (95.1 %)
    100,000 states       952            957  (95.7 %)

(86+93+95+89+87+87+84+91+87+90 won and 951 decided at 80,000 states, about a
second of one idle core in pure Python.) The five deals gained at 100,000
states (5348570189, 7728234666, 2756803948, 1474167116, 1795131191) are proved
lost in 3,000–3,016 states; every other deal searches exactly the states of
version 4. At ``--seconds 1`` the figure follows the load (this machine,
shared): 936 decided under load average 4.5, 932 (878 won) under 3.7–4.0 with
22,000–37,000 states a second per worker, 910 under 7–8; 95 % needs about
80,000 states a second, an idle core's. Of version 4's 48
deals undecided at 100,000 states, the rest show no card with a single way
out at the start, and the check finds nothing inside the searches either: in
the complete search of 731644238 (lost, 99,451 states) none of the 77,424
positions not lost by closed sets is lost one move later, nor any of the first
3,000 positions of five others, so asking at every position would only cost
(10 ms an ask). Two such cards at once (each with its own ways out) find
nothing more in 12 of the 48, nor in YU1's 17, 75 and 166.

Version 5 in seconds, on an idle machine (load average 1.3-1.5), two workers:

    build         YU1 0-199 at 10 s          fresh deals at 1 s, seeds 1-10 (1,000)
    compiled      182 / 15 / 3  98.5 %       965 decided (96.5 %), 900 won
    pure Python   181 / 15 / 4  98.0 %       952 decided (95.2 %), 892 won

(version 4, the same day, idle: compiled 182 / 14 / 4 at 10 s and 961 fresh;
pure 944 fresh). Relaxed, YU1 0-199 at 10 s: all 200 won, a median of 0.003 s
compiled and 0.009 s in pure Python.

Version 6 (before any phase, a card that cannot reach the foundations even in
the relaxed game of :mod:`yukon.solver.proofs.reach` proves the position lost; it
finds every closed set too), compiled build, one worker, budgets in states
while other work loaded the machine (load average 2.9–5):

    classic deals 0–199, 1500000 states each, 1 worker(s), 25 s wall, compiled solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %
    classic deals 0–199, 2700000 states each, 1 worker(s), 43 s wall, compiled solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %

The same verdicts as version 5; deals 24 and 62 (unwinnable) now end before
any phase, in 0 states instead of 110 and 254. Still open at 2,700,000: 17,
75 and 166. Deal 17 is decided at a larger budget: the complete search proves
it unwinnable in 32,376,070 states (108 s, 2.6 GB, compiled, one worker at
nice 19, load average 3.4; version 5 the same states). 75 and 166 stay open at
every budget tried (``bench/solver_hard.py`` says what a proof would need). Fresh
deals, seeds 1–10 (1,000 deals), compiled:

    budget               version 5      version 6
    80,000 states        951            952  (889 won)
    100,000 states       957            958  (895 won)

The deal gained, 1095513148, open in version 5 at 1,500,000 states, is lost
before a move; six more (6398184956, 7315970364, 3341731568, 4555540491,
6919739692, 1179842093) are lost before a move instead of in 620–36,731
states; the rest search the states of version 5. The check is asked once per
solve and costs about 0.1 ms in pure Python. At ``--seconds 1``, pure Python,
one worker, load average 2.9–5.3 (shared): seeds 1–3 decide 93 + 98 + 98 =
289 of 300 (274 won), seeds 1–10 942 of 1,000 (882 won).

Version 7 (past :data:`LATE` states the complete search also asks the relaxed
game after every move that turns a card; nothing changes before), idle, two
workers unless said:

    classic deals 0–199, 1500000 states each, 2 worker(s), 16 s wall, compiled solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %
    classic deals 0–199, 10 s each, 2 worker(s), 23 s wall, compiled solver
    won 182  unwinnable 15  unknown 3  decided 98.5 %   (253,774 states/s)
    classic deals 0–199, 10 s each, 1 worker(s), 60 s wall, pure Python solver
    won 181  unwinnable 15  unknown 4  decided 98.0 %   (63,938 states/s)

Fresh deals at 1 s search what version 6 searched (no second reaches
200,000 states). Of the 33 fresh deals of seeds 1–10 open at 300,000 states,
at 2,000,000 states compiled: version 6 decides 13, version 7 14 (7732883967
lost in 300,196 states; 4130958051, 2170177477, 4286223921, 3026530898 and
1200367645 lost in 5–27 % fewer states); deal 17 takes 32,291,535 states
(136 s, compiled, with the pure run above on the other core).

Fresh deals at ``--seconds 1``, pure Python, two workers, seeds 1–10, on a
new machine of the same size, idle (load average under 0.5): 94 100 98 95 93
94 96 98 94 95, 957 of 1,000 decided (895 won, 62 lost). Of the 43 left open,
at 400,000 states: 4 decided within 125,000 states (4816099817 lost in 66,299,
2 % more than its second had searched; 648200381, 4936225151 and 7503061694
won in 92,662–120,540), 9 more (2 won, 7 lost) in 178,393–395,658, and 30
open. In those four, the closed-set check (:mod:`yukon.solver.proofs.frozen`) takes
46 % of the time (cProfile), ``closed_set`` alone 29 %. Made cheaper (each
card's keepers found once; the conditions of a known set checked in one loop;
the same states), six of those deals at 400,000 states take 9.45 s instead of
9.93 in pure Python and 2.27 s instead of 2.21 compiled. Fresh deals at 1 s,
seeds 1–10, idle: pure 958 of 1,000 (4816099817 now decided), compiled 967.

Version 8 (before its first turn the complete search also asks
:mod:`yukon.solver.proofs.pairs`; nothing else changes), idle:

    classic deals 0–199, 10 s each, 2 worker(s), 15 s wall, compiled solver
    won 182  unwinnable 16  unknown 2  decided 99.0 %   (349,915 states/s)
    classic deals 0–199, 10 s each, 1 worker(s), 42 s wall, pure Python solver
    won 182  unwinnable 16  unknown 2  decided 99.0 %   (93,657 states/s)
    relaxed deals 0–199, 10 s each, 2 worker(s), 0 s wall, compiled solver
    won 200  unwinnable 0  unknown 0  decided 100.0 %
    relaxed deals 0–199, 10 s each, 1 worker(s), 1 s wall, pure Python solver
    won 200  unwinnable 0  unknown 0  decided 100.0 %

Deal 17 is proved lost in 3,000 states (32,291,535 in version 7); only 75 and
166 stay open. Fresh deals at ``--seconds 1``, pure Python, two workers, seeds
1–10: 94 100 98 95 94 94 97 98 95 95, 960 of 1,000 (895 won, 65 lost):
3026530898, 4544070773 and 5361239470, open at 1 s in version 7 (lost in
80,896–112,128 states there), are lost at 3,000–3,005 states; 4816099817,
decided in 0.969 s in version 7, fell just short this time (58,880 states of
its 66,299). Compiled, the same way: 95 100 98 96 97 95 99 98 97 95, 970 of
1,000 (900 won, 70 lost; 967 in version 7). The ask costs about 10 ms, pure or
compiled (big-integer work that mypyc does not speed up), once per deal that
reaches the complete search.

Version 9 (past 200,000 states, once, the orders of :mod:`yukon.solver.proofs.orders`,
with 5 s of a budget in seconds to spare), idle:

    classic deals 0–199, 10 s each, 2 worker(s), 12 s wall, compiled solver
    won 182  unwinnable 17  unknown 1  decided 99.5 %   (210,646 states/s)
    classic deals 0–199, 10 s each, 1 worker(s), 39 s wall, pure Python solver
    won 181  unwinnable 17  unknown 2  decided 99.0 %   (76,222 states/s)
    relaxed deals 0–199, 10 s each, 2 worker(s), 0 s wall, compiled solver
    won 200  unwinnable 0  unknown 0  decided 100.0 %

Deal 166 is proved lost at 200,313 states (2.6 s compiled); only 75 stays
open. In pure Python one win is lost to the ask's 2–3 s: deal 43, won in
720,454 states, no longer fits in 10 s. Fresh deals at ``--seconds 1``,
compiled, seeds 1–10: 95 100 98 97 97 95 99 98 97 95, 971 of 1,000 (900 won,
71 lost); asking with any time left instead, 966 (94 100 98 96 94 95 99 98 97
95): the second's last part went to an ask cut short.

Version 10 (past 1,000,000 states, once, the orders again with rule 3, with
10 s of a budget in seconds to spare), idle:

    classic deals 0–199, 10 s each, 2 worker(s), 12 s wall, compiled solver
    won 182  unwinnable 17  unknown 1  decided 99.5 %   (192,762 states/s)
    classic deals 0–199, 10 s each, 2 worker(s), 21 s wall, pure Python solver
    won 181  unwinnable 17  unknown 2  decided 99.0 %   (70,350 states/s)
    relaxed deals 0–199, 10 s each, 2 worker(s), 0 s wall, pure Python solver
    won 200  unwinnable 0  unknown 0  decided 100.0 %

The same counts as version 9: a budget of 10 s never has 10 s left past
1,000,000 states, so nothing changes below it. Fresh deals at ``--seconds
1``, compiled, seeds 1–10: 95 100 98 96 97 95 99 98 97 95, 970 of 1,000 (900
won, 70 lost), within a deal of version 9 (the same search: a second's
budget reaches neither 1,000,000 states nor 10 s to spare).

Version 11 (in the layouts of the orders, a card that has left a place it
may not be put back on is kept off it), compiled, idle, on a machine about
half as fast as the one above (version 10 there and then: the same counts,
95,924 states/s):

    classic deals 0–199, 10 s each, 2 worker(s), 19 s wall, compiled solver
    won 182  unwinnable 17  unknown 1  decided 99.5 %   (96,984 states/s)
    classic deals 0–199, 1100000 states each, 2 worker(s), 21 s wall, compiled solver
    won 182  unwinnable 18  unknown 0  decided 100.0 %

The last open deal, 75, is proved lost by the deeper orders at 1,000,393
states (15 s compiled, 38 s pure Python): every budget from 1,000,393
states on decides all 200, and so does ``yukon solve YU1-C-AAAAACX
--seconds 40``. A budget of 10 s never has 10 s left past 1,000,000 states,
and a solve under 200,000 states searches the same states as in version 10,
so the counts at 10 s and Relaxed's are those above. Fresh deals at
``--seconds 1``, compiled, seeds 1–10, on this slower machine: 94 100 98 96 94
94 98 98 97 95, 964 of 1,000 (898 won, 66 lost); version 10's 970 was
measured on the faster one.

The compiled build against pure Python in CPU seconds (issue 39: the README's
"2.5 times" was measured on deal 43; a run in seconds depends on the load): the
states searched divided by the CPU seconds of the process that searched them (the
line "states per CPU second"), version 11, one worker, budgets in states so that
both builds search the same states, load average 13-21 from other work:

    deals             states        pure Python        compiled           ratio
    0-199             3,242,922     35,268 /CPU s      112,280 /CPU s     3.2
    43                  720,454     35,304              89,055            2.5
    377 (undecided)   2,000,000     25,379              67,242            2.6
    398 (undecided)   2,000,000     23,039              68,084            3.0

(``--states 2000000``; ``--from 43 --count 1`` and so on for one deal.)

The other rule sets, deals 0–49 at 50,000 states each, version 1 → 2:
Relaxed 50 won → 50 won; Russian 3 won, 46 unwinnable → the same; Alaska 35 won,
2 unwinnable → 34 won, 2 unwinnable.

Russian Solitaire and Alaska with version 1, deals 0–199 at 10 s each, two
workers, measured while the machine was shared with other test runs (so fewer
states per second):

    russian deals 0–199, 10 s each, 2 worker(s), 19 s wall
    won 16  unwinnable 184  unknown 0  decided 100.0 %
    time per decided deal: median 0.002 s, p90 0.415 s

    alaska deals 0–199, 10 s each, 2 worker(s), 613 s wall
    won 143  unwinnable 9  unknown 48  decided 76.0 %
    time per decided deal: median 4.685 s, p90 6.559 s
    states per second: 5,833

Russian deals are seldom winnable: a card has one place to go, so a card lying
on its only target or on a lower card of its suit is stuck for good, which the
lost-position proof sees at once. Alaska doubles the places a card may go.
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
