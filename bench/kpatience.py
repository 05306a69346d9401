"""Our solver against KPatience's, on KPatience's Yukon deals (default 301–700, 3 s a deal).

KPatience (KDE's patience games) numbers its deals: game N is its deck shuffled by
the Windows FreeCell generator seeded with N, then dealt into Yukon's seven
columns in its own order. This script deals KPatience's game N as KPatience does
(:func:`kpat_deal`; the shuffle is checked against KPatience's own test vectors
before anything runs, and every deal against the one KPatience's own code deals,
compiled into the program below) and gives the layout to our solver under Classic
rules and to KPatience's Yukon solver, built from KPatience's sources as a
command-line program by bench/kpatience/build.sh: one deal at a time, one solver
at a time, the same budget in seconds for both.

Prints, for each solver, the share of deals decided, its wins and losses; the
deals one calls won and the other lost (there must be none); and the median time
per deal over the deals both decide, ours against KPatience's, with the ratio.
Every win of ours is replayed through the engine, and so is every win of
KPatience's (the moves the program prints). KPatience's Yukon is our Classic but
for two rules: it moves a group of any size (ours refuses more than 20 cards)
and never takes a card back from a foundation. Its wins are replayed under its
rules; the report says how many move a group of more than 20 cards.

    sh bench/kpatience/build.sh KPAT_SOURCE ./kpatience-yukon   # once
    python bench/kpatience.py --kpat ./kpatience-yukon           # deals 301–700, 3 s
    python bench/kpatience.py --kpat ./kpatience-yukon --from 1 --to 20 --seconds 1 --verbose

Run it with the compiled build of the solver (scripts/compile.sh) on the path,
alone on the machine or at a higher priority than what else runs: the budget is
in seconds. The figures measured are in docs/solver.md (*Against KPatience*).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeVar

from yukon.engine import CLASSIC, Card, Game, Move, Position, Reason, fits_empty
from yukon.engine.position import format_column
from yukon.solver import Limit, Status, solve
from yukon.solver.build import COMPILED, solver_build

T = TypeVar("T")

KPAT_DECK: Final = tuple(Card.parse(rank + suit) for rank in "A23456789TJQK" for suit in "CDHS")
"""KPatience's deck in the order it creates its cards (DealerScene::setDeckContents):
rank by rank, each in KCardDeck's suit order clubs, diamonds, hearts, spades."""

SHUFFLE_VECTORS: Final = {
    1: "6H 2H 9C 6S TC 8C 3D 6C QS 8D 8S 6D 7D JH 2C 8H TH 4S TD 3S 7S 4D AC 4H QH TS"
    " 5C 4C 3C AH AS JS QD 9D KS 2S 3H KH QC AD 5S 9S KC KD 5H 7C 7H 5D JC 9H 2D JD",
    24: "AS 3D QD 2H 9D JD 7C 8D 6D KS 4H 4S 8S 8H KC TD JH 3S 3H QS 4D AD TS TC 5C 9H"
    " AC 8C 7D 6S KH TH JC 6H 3C 9C 6C 5S JS KD 2S 9S QH 2C 7S AH 7H 2D 5D QC 5H 4C",
}
"""KPatience's own test of its shuffle (autotests/shuffle_test.cpp): its deck order
shuffled with seeds 1 and 24."""

VERDICTS: Final = {
    "SolutionExists": "won",
    "NoSolutionExists": "lost",
}
"""KPatience's verdicts that decide a deal; every other (SearchAborted when the time
ran out, UnableToDetermineSolvability when its 30 MB of memory did) leaves it open."""


def kpat_shuffled(items: Sequence[T], seed: int) -> list[T]:
    """KpatShuffle::shuffled (KPatience's src/shuffle.h): a Fisher–Yates shuffle
    from the end, drawing from the Windows FreeCell generator (32-bit seed)."""
    result = list(items)
    for i in range(len(result), 1, -1):
        seed = (214013 * seed + 2531011) & 0xFFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % i
        result[i - 1], result[j] = result[j], result[i - 1]
    return result


def kpat_deal(number: int) -> Position:
    """KPatience's Yukon game *number* (1 or more) as a Classic position.

    Yukon::restart deals in 11 rounds; in round r, column j (0–6, left to right)
    takes a card if j is 0 and r is 0, or if j is not 0 and r < j + 5; each card
    is taken from the end of the shuffled deck, goes on top of its column, and
    is face up if r >= j. So column j gets j face-down cards and then 5 face up
    (column 0 one card, face up): the 1, 6, 7, …, 11 layout of our deals.
    """
    deck = kpat_shuffled(KPAT_DECK, number)
    columns: list[list[Card]] = [[] for _ in range(7)]
    hidden = [0] * 7
    for round_ in range(11):
        for j in range(7):
            if (j == 0 and round_ == 0) or (j and round_ < j + 5):
                columns[j].append(deck.pop())
                if not (round_ >= j or j == 0):
                    hidden[j] += 1
    assert not deck, "Yukon deals the whole deck"
    return Position(CLASSIC, tuple(map(tuple, columns)), tuple(hidden), (0, 0, 0, 0))


def check_shuffle() -> None:
    """Stop unless the shuffle gives KPatience's own test vectors."""
    for seed, expected in SHUFFLE_VECTORS.items():
        got = " ".join(str(card) for card in kpat_shuffled(KPAT_DECK, seed))
        if got != expected:
            sys.exit(f"the shuffle differs from KPatience's for seed {seed}:\n{got}\n{expected}")


def layout_text(position: Position) -> str:
    """The layout as the program reads it: a line a column, bottom to top."""
    columns = zip(position.columns, position.hidden, strict=True)
    return "".join(" ".join(format_column(cards, hidden)) + "\n" for cards, hidden in columns)


@dataclass(frozen=True, slots=True)
class Run:
    """One solver's answer on one deal: ``won``, ``lost`` or ``open``."""

    verdict: str
    seconds: float
    moves: tuple[Move, ...] = ()
    detail: str = ""
    why: str = ""
    """What left it open, where the solver says (KPatience's status)."""

    @property
    def decided(self) -> bool:
        return self.verdict != "open"


def run_ours(position: Position, seconds: float) -> Run:
    """Our solver, in this process, timed around the call."""
    started = time.perf_counter()
    result = solve(position, Limit(seconds=seconds))
    used = time.perf_counter() - started
    verdict = {Status.WON: "won", Status.UNWINNABLE: "lost"}.get(result.status, "open")
    return Run(verdict, used, result.moves, f"{result.states} states")


def check_deal(program: Path, number: int, position: Position) -> None:
    """Stop unless KPatience's own code (the program's ``--deal``: its shuffle and
    the body of its Yukon::restart, compiled unchanged) deals game *number* as
    :func:`kpat_deal` does."""
    answer = subprocess.run(
        [str(program), "--deal", str(number)], capture_output=True, text=True, check=True
    )
    if answer.stdout != layout_text(position):
        sys.exit(f"KPatience deals game {number} otherwise:\n{answer.stdout}")


def run_kpat(program: Path, position: Position, seconds: float) -> Run:
    """KPatience's solver, in its own process; the time is the one it measures
    around patsolve(), without the process's start."""
    answer = subprocess.run(
        [str(program), "--seconds", str(seconds)],
        input=layout_text(position),
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    )
    fields = dict(line.partition(" ")[::2] for line in answer.stdout.splitlines())
    status = fields["verdict"]
    moves = tuple(Move.parse(text) for text in fields.get("moves", "").split())
    detail = f"{status}, {fields.get('positions', '?')} positions"
    return Run(VERDICTS.get(status, "open"), float(fields["seconds"]), moves, detail, status)


@dataclass(frozen=True, slots=True)
class Replay:
    """A win replayed through the engine's checked play: whether it wins, the
    refusal that stopped it if not, and the moves of it that a rule set allows
    and the other not: groups of more than 20 cards (KPatience allows any size,
    our rules refuse them) and take-backs from the foundations (ours allow them,
    KPatience not)."""

    wins: bool
    refusal: str = ""
    big_groups: int = 0
    take_backs: int = 0


def replay(position: Position, moves: Sequence[Move], *, any_group: bool) -> Replay:
    """Replay *moves* from *position*; with *any_group*, a group of more than 20
    cards that fits its target is played too (KPatience's rules)."""
    game = Game(position)
    big_groups = take_backs = 0
    for number, move in enumerate(moves, 1):
        refusal = game.check(move)
        if refusal is not None and refusal.reason is Reason.GROUP_TOO_LARGE and any_group:
            refusal = None if _fits(game, move) else refusal
            big_groups += 1
        if refusal is not None:
            return Replay(False, f"move {number} ({move}): {refusal}", big_groups, take_backs)
        take_backs += game.column_of(move.card) is None
        game.push(move)
    return Replay(game.is_won, "" if game.is_won else "not won at the end", big_groups, take_backs)


def _fits(game: Game, move: Move) -> bool:
    """Whether a group refused only for its size fits its target (the engine
    checks the size first; the card is face up, the target another column)."""
    assert move.column is not None
    target = game.columns[move.column]
    if not target:
        return fits_empty(move.card)
    return game.hidden[move.column] < len(target) and game.rules.can_stack(move.card, target[-1])


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal's two runs, and their wins replayed (``None`` for a run not won)."""

    number: int
    ours: Run
    kpat: Run
    ours_replay: Replay | None
    kpat_replay: Replay | None


def bench(args: argparse.Namespace) -> list[Deal]:
    deals = []
    for number in range(args.start, args.to + 1):
        position = kpat_deal(number)
        check_deal(args.kpat, number, position)
        ours = run_ours(position, args.seconds)
        kpat = run_kpat(args.kpat, position, args.seconds)
        deal = Deal(
            number,
            ours,
            kpat,
            replay(position, ours.moves, any_group=False) if ours.verdict == "won" else None,
            replay(position, kpat.moves, any_group=True) if kpat.verdict == "won" else None,
        )
        deals.append(deal)
        if args.verbose:
            print(_line(deal), file=sys.stderr)
    return deals


def _line(deal: Deal) -> str:
    ours, kpat = deal.ours, deal.kpat
    notes = [
        f"{name} win: {r.refusal or 'replayed'},"
        f" {r.big_groups} groups over 20, {r.take_backs} take-backs"
        for name, r in (("our", deal.ours_replay), ("KPatience's", deal.kpat_replay))
        if r is not None and (r.refusal or r.big_groups or r.take_backs)
    ]
    return (
        f"{deal.number}: ours {ours.verdict} {ours.seconds:.3f} s ({ours.detail}),"
        f" KPatience {kpat.verdict} {kpat.seconds:.3f} s ({kpat.detail})"
        + "".join(f"; {note}" for note in notes)
    )


def report(deals: list[Deal], args: argparse.Namespace, wall: float) -> None:
    total = len(deals)
    print(
        f"KPatience's Yukon deals {args.start}–{args.to} ({total}), {args.seconds:g} s a deal"
        f" for each solver, one at a time; {solver_build()} solver; {wall:.0f} s wall"
    )
    print(
        f"machine: {os.cpu_count()} cores, this run at nice {os.nice(0)},"
        f" load average {os.getloadavg()[0]:.2f} at the end"
    )
    _report_solver("ours", [d.ours for d in deals], [d.ours_replay for d in deals])
    _report_solver("KPatience", [d.kpat for d in deals], [d.kpat_replay for d in deals])
    disagreements = [
        d.number
        for d in deals
        if d.ours.decided and d.kpat.decided and d.ours.verdict != d.kpat.verdict
    ]
    print(
        f"disagreements: {len(disagreements)}"
        + (f" (deals {_numbers(disagreements)})" if disagreements else "")
    )
    both = [d for d in deals if d.ours.decided and d.kpat.decided]
    if both:
        ours = statistics.median(d.ours.seconds for d in both)
        theirs = statistics.median(d.kpat.seconds for d in both)
        print(
            f"median time over the {len(both)} deals both decide: ours {ours:.4f} s,"
            f" KPatience {theirs:.4f} s, ours / KPatience {ours / max(theirs, 1e-9):.2f}"
            f" (mean ours {statistics.fmean(d.ours.seconds for d in both):.4f} s,"
            f" KPatience {statistics.fmean(d.kpat.seconds for d in both):.4f} s)"
        )
    for name, open_ in (
        ("ours", [d.number for d in deals if not d.ours.decided]),
        ("KPatience", [d.number for d in deals if not d.kpat.decided]),
    ):
        print(f"open for {name}: {_numbers(open_) if open_ else 'none'}")


def _report_solver(name: str, runs: list[Run], replays: list[Replay | None]) -> None:
    total = len(runs)
    won = sum(run.verdict == "won" for run in runs)
    lost = sum(run.verdict == "lost" for run in runs)
    decided = [run.seconds for run in runs if run.decided]
    median = f"{statistics.median(decided):.4f} s" if decided else "–"
    print(
        f"{name:>9}: decided {won + lost} of {total} ({100 * (won + lost) / max(total, 1):.1f} %),"
        f" won {won}, lost {lost}, open {total - won - lost};"
        f" median time per deal it decides {median}"
    )
    whys = Counter(run.why for run in runs if not run.decided and run.why)
    if whys:
        print(f"{'':>9}  open: " + ", ".join(f"{why} {n}" for why, n in sorted(whys.items())))
    wins = [r for r in replays if r is not None]
    print(
        f"{'':>9}  wins replayed through the engine: {sum(r.wins for r in wins)} of {len(wins)};"
        f" with a group of more than 20 cards {sum(r.big_groups > 0 for r in wins)},"
        f" with a take-back {sum(r.take_backs > 0 for r in wins)}"
    )
    for r in wins:
        if not r.wins:
            print(f"{'':>9}  not replayed: {r.refusal}")


def _numbers(numbers: Sequence[int]) -> str:
    return " ".join(str(number) for number in numbers)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--kpat", type=Path, required=True, help="the program bench/kpatience/build.sh built"
    )
    parser.add_argument("--from", dest="start", type=int, default=301)
    parser.add_argument("--to", type=int, default=700)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--verbose", action="store_true", help="one line per deal, on stderr")
    args = parser.parse_args()
    if not 1 <= args.start <= args.to <= 2**31 - 1:
        parser.error("KPatience's deals are numbered 1 to 2147483647: give --from <= --to in it")
    if not args.kpat.is_file():
        parser.error(f"{args.kpat}: no such program (build it with bench/kpatience/build.sh)")
    check_shuffle()
    if solver_build() != COMPILED:
        print(
            f"note: the {solver_build()} solver; the figures are meant for the compiled one",
            file=sys.stderr,
        )
    solve(kpat_deal(1), Limit(states=1_000))  # the tables it builds once, before any timing
    started = time.perf_counter()
    deals = bench(args)
    report(deals, args, time.perf_counter() - started)


if __name__ == "__main__":
    main()
