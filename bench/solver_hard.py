"""What the complete search of a hard deal spends its states on: the cards it
never turns, never moves or never sends up, the fewest face-down cards and the
most foundation cards it reaches, and how its states spread over those.

    python bench/solver_hard.py 61 --states 1000000
    python bench/solver_hard.py 7929357535 --states 1500000

Only the complete search (phase 4) runs, alone: the one phase that can prove a
deal lost, so where it goes round is what a stronger proof must cut. Pure
Python only (the board is subclassed to watch its moves).

Measured with version 5, 300,000 states each (face-down cards never turned;
the fewest face-down cards any position reached, of 21):

    deal         never turned        fewest down  most up  never moved
    61 (YU1)     A♠ 2♥ 3♥ 4♦ J♠      5            9        now lost before a move
    75 (YU1)     2♣ 5♦ J♠            3            14       9♠ T♦ J♠ 2♣ 5♦
    166 (YU1)    2♣ 5♥ 6♦ T♦         4            11       4♠ 6♣ 9♠ 9♦ 9♣ T♦ …
    7929357535   8 cards             9            5        14 cards
    6684920391   7 cards             11           13       12 cards
    1095513148   8 cards             9            8        12 cards

Read by hand, the open deals are stuck on pairs of cards of one rank that need
the same place. Deal 75: T♦ may go only onto J♠ (under it) or J♣ (above it, in
its own column), 5♦ lies under it, and 9♠ waits for T♦ or T♥ (face down above
T♦). Deal 166: 9♠ lies on T♥ and may leave it only for T♦ (face down under
9♣) or the foundation (7♠ lies under T♥), and 9♣ may go only onto T♥ or up:
every line that frees T♦ needs the clubs up to 8♣ first. Deal 1095513148: T♠
may go only onto J♦ (under T♣) or up (J♥ is under T♠ itself, 5♠ at the bottom
of column 5), T♣ only onto J♥ or up (8♣ lies under J♦, under T♣). These are closed sets broken
by one foundation route each: a proof for them has to follow which suits can
still climb, which neither closed sets nor one card's ways out
(:mod:`yukon.solver.escape`) do. Meanwhile the complete search goes round
the cards that are free, never getting below the fewest face-down cards above.
"""

from __future__ import annotations

import argparse
import collections
import time

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit
from yukon.solver.board import Board, Undo
from yukon.solver.escape import escape_lost
from yukon.solver.frozen import LostPositions
from yukon.solver.reach import unreached
from yukon.solver.search import _Budget, _DepthFirst
from yukon.solver.tables import FOUNDATION, card_name


class _Watched(Board):
    """A board that records which cards its moves turn, move and send up, and
    the spread of the positions it makes."""

    __slots__ = ("by_down", "by_up", "highest_up", "lowest_down", "moved", "sent_up", "turned")

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.turned: set[int] = set()
        self.moved: set[int] = set()
        self.sent_up: set[int] = set()
        self.by_down: collections.Counter[int] = collections.Counter()
        self.by_up: collections.Counter[int] = collections.Counter()
        self.lowest_down = sum(self.hidden)
        self.highest_up = sum(self.foundations)

    def make(self, move: int, key: int | None = None) -> Undo:
        undo = super().make(move, key)
        card = move >> 3
        self.moved.add(card)
        if move & 7 == FOUNDATION:
            self.sent_up.add(card)
        if undo.turned:
            self.turned.add(self.columns[undo.source][-1])
        down = sum(self.hidden)
        up = sum(self.foundations)
        self.by_down[down] += 1
        self.by_up[up] += 1
        self.lowest_down = min(self.lowest_down, down)
        self.highest_up = max(self.highest_up, up)
        return undo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("deal", type=int)
    parser.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    parser.add_argument("--states", type=int, default=1_000_000)
    args = parser.parse_args()
    code = GameCode(RuleSet.parse(args.rules), args.deal)
    position = Position.from_code(code)
    print(f"{code} (deal {args.deal})")
    for line in position.layout_lines():
        print("   ", line)
    board = _Watched(position)
    if unreached(board):
        print("lost in the relaxed game (yukon.solver.reach) before a move")
        return
    if escape_lost(board):
        print("lost one move later (yukon.solver.escape) before a move")
        return
    initial_down = {
        c for column, h in zip(board.columns, board.hidden, strict=True) for c in column[:h]
    }
    search = _DepthFirst(board, LostPositions(board))
    budget = _Budget(Limit(states=args.states))
    started = time.process_time()
    found = search.run(budget.turn(args.states))
    seconds = time.process_time() - started
    verdict = "won" if found is not None else "exhausted" if search.done else "open"
    print(f"complete search alone: {verdict} in {budget.states:,} states, {seconds:.1f} CPU s")
    print(
        f"never turned ({len(initial_down - board.turned)} of {len(initial_down)}):",
        names(initial_down - board.turned),
    )
    tableau = {c for column in position.columns for c in (card.index for card in column)}
    print(f"never moved ({len(tableau - board.moved)}):", names(tableau - board.moved))
    print(f"never sent up ({len(tableau - board.sent_up)}):", names(tableau - board.sent_up))
    print(
        f"fewest face-down reached: {board.lowest_down} of {len(initial_down)};"
        f" most on foundations: {board.highest_up}"
    )
    print(
        "states by face-down cards left:",
        ", ".join(f"{k}:{v}" for k, v in sorted(board.by_down.items())),
    )
    print(
        "states by foundation cards:", ", ".join(f"{k}:{v}" for k, v in sorted(board.by_up.items()))
    )


def names(cards: set[int]) -> str:
    """The cards' names, lowest rank first."""
    return " ".join(card_name(card) for card in sorted(cards, key=lambda card: (card % 13, card)))


if __name__ == "__main__":
    main()
