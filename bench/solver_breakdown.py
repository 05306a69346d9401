"""Where one deal's states go: each phase's share of a solve, and the complete
search run alone, its states by the kind of move that made them and how many
of them it found lost at once.

    python bench/solver_breakdown.py 70 --states 3000000
    python bench/solver_breakdown.py 43 --rules classic --states 1000000

A state is a position made by a move, so the figures are the same on every
machine; the CPU seconds and states per CPU second are this machine's.

Measured with version 3 of the search (the CPU figure under a load average of
3–4 on the 2-core development machine):

    deal 70 (classic), 3,000,000 states at most
    solve: unwinnable in 2,941,426 states
      first           385,000
      milestones      226,682
      restarts        607,500
      complete      1,722,244
    complete search alone: exhausted in 1,722,244 states, 25.9 CPU s
      66,585 states per CPU second
      positions entered: 1,722,245
      cut as lost at once: 851,181 of 1,523,944 checked
      off a card it does not fit on        714,623
      turns a card                         436,897
      off a card it fits on                316,141
      to a foundation                      198,300
      take-back                             41,421
      from a column's bottom                12,684
      King to an empty column                2,178

Two fifths of the proof of deal 70 go to the quick phases, which cannot prove
anything, and half of the complete search's states are positions cut as lost
as soon as they are made. With version 4 (past 200,000 states only the restarts
and the complete search take turns) the quick phases take under a quarter:

    solve: unwinnable in 2,253,610 states
      first            20,000
      milestones       40,366
      restarts        471,000
      complete      1,722,244

(the complete search's figures are the same: its states do not depend on the
schedule). This script replaces the phases of a solve by counting ones, which
the compiled build refuses: run it on the pure-Python package.

Deal 116 (unwinnable in 106,841 states): 52,041 in
the complete search, 29,898 of them moves off a card the group fits on. Deal
43 (won in 720,031 by version 3): 90,000 / 75,203 / 164,328 / 390,500 by phase; the complete
search alone needs 969,166 states to find a win.
"""

from __future__ import annotations

import argparse
import collections
import time
from typing import Any

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit, SolveResult, solve
from yukon.solver.board import Board, Undo
from yukon.solver.build import is_compiled
from yukon.solver.proofs.frozen import LostPositions
from yukon.solver.proofs.reach import unreached
from yukon.solver.search import _Budget, _DepthFirst, _Phase, _Phases
from yukon.solver.tables import BOTTOM, FOUNDATION

_PHASES = ("first", "milestones", "restarts", "complete")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("deal", type=int)
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--states", type=int, default=3_000_000)
    args = parser.parse_args()
    if is_compiled("yukon.solver.search"):
        parser.error(
            "the compiled build cannot take the counting phases this script puts in: run it"
            " on the pure-Python package (without the unpacked wheel on PYTHONPATH)"
        )
    position = Position.from_code(GameCode(RuleSet.parse(args.rules), args.deal))
    shares, result = _phase_shares(position, args.states)
    print(f"deal {args.deal} ({args.rules}), {args.states:,} states at most")
    print(f"solve: {result.status.value} in {result.states:,} states")
    for name in _PHASES:
        print(f"  {name:<11}{shares[name]:>12,}")
    _complete_alone(position, args.states)


class _Counted:
    """A phase that counts the states it spends."""

    def __init__(self, phase: _Phase) -> None:
        self.phase = phase
        self.states = 0

    @property
    def done(self) -> bool:
        return self.phase.done

    @done.setter
    def done(self, value: bool) -> None:
        self.phase.done = value  # the search ends a phase so (a proof found before it ran)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.phase, name)  # what the search reads of a phase (its board)

    def run(self, budget: _Budget) -> list[int] | None:
        before = budget.states
        found = self.phase.run(budget)
        self.states += budget.states - before
        return found


def _phase_shares(position: Position, states: int) -> tuple[dict[str, int], SolveResult]:
    """The states each phase spent in a solve (the solve made again with counting
    phases; the search is deterministic, so both make the same moves)."""
    result = solve(position, Limit(states=states))
    phases = _Phases(position)
    counted = {name: _Counted(getattr(phases, name)) for name in _PHASES}
    for name, phase in counted.items():
        setattr(phases, name, phase)
    if result.states:
        phases.run(_Budget(Limit(states=states)))
    return {name: phase.states for name, phase in counted.items()}, result


class _Kinds(Board):
    """A board that counts the moves it makes by their kind."""

    __slots__ = ("kinds",)

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.kinds: collections.Counter[str] = collections.Counter()

    def make(self, move: int, key: int | None = None) -> Undo:
        self.kinds[self._kind(move)] += 1
        return super().make(move, key)

    def _kind(self, move: int) -> str:
        card, target = move >> 3, move & 7
        if self.where[card] < 0:
            return "take-back"
        if target == FOUNDATION:
            return "to a foundation"
        under = self.below[card]
        if under < 0:
            return "from a column's bottom"
        if self.down[under]:
            return "turns a card"
        if not self.columns[target]:
            return "King to an empty column"
        if self.tables.stacks[card * BOTTOM + under]:
            return "off a card it fits on"
        return "off a card it does not fit on"


class _Counting(LostPositions):
    """The check for lost positions, counting its answers."""

    __slots__ = ("asked", "lost")

    def __init__(self, board: Board) -> None:
        super().__init__(board)
        self.asked = self.lost = 0

    def after_move(self, card: int) -> bool:
        answer = super().after_move(card)
        self.asked += 1
        self.lost += answer
        return answer


def _complete_alone(position: Position, states: int) -> None:
    board = _Kinds(position)
    if unreached(board):
        print("complete search alone: not needed, the deal is lost before a move (reach.py)")
        return
    lost = _Counting(board)
    search = _DepthFirst(board, lost)
    budget = _Budget(Limit(states=states))
    started = time.process_time()
    found = search.run(budget.turn(states))
    seconds = time.process_time() - started
    verdict = "won" if found is not None else "exhausted" if search.done else "open"
    print(f"complete search alone: {verdict} in {budget.states:,} states, {seconds:.1f} CPU s")
    if seconds > 0:
        print(f"  {budget.states / seconds:,.0f} states per CPU second")
    print(f"  positions entered: {len(search.seen):,}")
    print(f"  cut as lost at once: {lost.lost:,} of {lost.asked:,} checked")
    for kind, count in board.kinds.most_common():
        print(f"  {kind:<32}{count:>12,}")


if __name__ == "__main__":
    main()
