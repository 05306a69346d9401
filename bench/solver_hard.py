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

With version 6, 300,000 states each, the highest each suit's foundation gets
(♠ ♥ ♦ ♣): deal 75 7 4 4 1, deal 166 3 4 4 1.

Read by hand, the open deals are stuck on pairs of cards of one rank that need
the same place. Deal 1095513148: T♠ may go only onto J♦ (under T♣) or up (J♥ is
under T♠ itself, 5♠ at the bottom of column 5), T♣ only onto J♥ or up (8♣ lies
under J♦, under T♣). Version 6 proves it lost before a move (open in version 5
at 1,500,000 states): in the relaxed game of :mod:`yukon.solver.proofs.reach` eleven
cards never leave (2♠ T♠ J♠ A♥ 3♥ J♥ 3♦ J♦ 8♣ T♣ Q♣) and 42 never go up. Deals
75 and 166 of YU1, which no budget tried (200,000,000 and 60,000,000 states)
decides in version 8 (version 9 proves deal 166 lost, below), read so:

Deal 75 (column 7: [2♣] [J♠] [5♦] [T♦] [T♥] [Q♦] 9♥ 3♦ 2♠ J♣ J♦). T♦ can leave
5♦ only onto J♣, once J♣ has left column 7 (onto Q♥, or a Q♦ moved out): J♠
lies under 5♦, under T♦, and going up needs 5♦. T♥, face down on T♦, must leave
it first (T♦ turns only then), and may go only onto J♣ or up (J♠ again is
buried); once on J♣ it leaves only by going up, and J♣ stays covered meanwhile.
So in every line **T♦ moves only after T♥ has gone up**: hearts up to 9♥ with
T♦, 5♦, J♠ and 2♣ in place, so clubs at A♣ and diamonds at 4♦ at most. That
much is proved; what is not is that hearts cannot get there. They need 5♥, at
the foot of column 4 under 3♥ and 7♥ (face down) and A♣ K♣ T♣ 5♣ 3♠; 7♥ may go
only onto 8♠ (the foot of column 2, under Q♠ 6♥ K♥ 9♠ K♠) or 8♣ (face down
under 4♥ in column 3), as going up needs 5♥, and 3♥ only onto 4♠ or 4♣ or up.
The complete search never gets hearts past 4♥ (above), nor did two throwaway
searches aiming only at hearts (not kept here): 2,000,000 states depth-first,
300,000 best-first. The relaxed game of :mod:`yukon.solver.proofs.reach` does get them
to 9♥ with T♦ and T♥ held in place, because it lets a card take a place that
another card may still hold: 4♥ and 4♦ both go onto 5♠, 5♠ and 5♣ onto 6♦, 7♠
and 7♣ onto 8♦. A proof has to count places: a card holds one card at a time,
and holds it until that card can leave.

Deal 166 (column 6: [5♥] [T♦] [6♦] [9♣] [8♠] A♥ J♥ 9♥ 3♠ 3♦). Hearts past 4♥
need 5♥, under T♦, 6♦ and 9♣ (face down). 9♣ may leave 6♦ only onto T♥ (under
9♠ in column 3) or up (clubs to 8♣; 2♣ is face down at the foot of column 4
under 4♠ and 7♥, and clubs never pass A♣ above). 9♠ may leave T♥ only onto T♦
(under 9♣) or up (spades to 8♠, face down on 9♣ itself, and 7♠, at the foot of
column 3 under 6♠, A♣ and T♥). T♥ and T♦ may go only onto J♠ or J♣ (or up, T♥
only after 5♥). The relaxed game of :mod:`yukon.solver.proofs.reach` reaches every
card from the deal; after a few moves it often no longer does (most often 9♠,
9♣, 6♦, T♦ and 5♥ can then never leave). Asked after every move of the complete
search onto a column that leaves no closed set (an experiment, about a fifth of
the states a second), it found 2,605,409 of the positions of 20,000,000 states
lost, closed sets 2,558,124, and the search was still open.

In both deals a proof has to follow which places stay taken, which neither
closed sets, one card's ways out (:mod:`yukon.solver.proofs.escape`) nor the relaxed
game (where a place once free stays free) do. Meanwhile the complete search
goes round the cards that are free, never getting below the fewest face-down
cards above.

The relaxed game asked inside the complete search (an experiment with version
6: the complete search alone, asking :mod:`yukon.solver.proofs.reach` from its start
besides the closed sets). Of the 1,000 fresh Classic deals of
``bench/solver.py --fresh 1`` … ``10``, 33 are undecided at 300,000 states;
asked after every move that turns a card, it proves 7 of them lost within
320,000 states of the complete search: deal 7732883967 in 76,122 (open at
2,000,000 without it), the other six in 209,154–319,892 instead of
262,551–426,173 without it. Asked after every move onto a column, deal
7732883967 takes 48,458 states, but each ask costs about 0.1 ms in pure
Python, ten times a state. Deal 17 (proved lost in
32,376,070 states without it) takes 25,751,858 with it asked after turns
(418,524 asks): 220 s instead of 108 s, reach.py not being compiled. Deal 166
stays open at 5,000,000 states asked after every move (871,440 positions found
lost); in deal 75 it finds one position of 200,000 lost. Version 7 asks it
after turns past 200,000 states, reach.py compiled (bench/solver.py has its
figures); it cannot move the fresh deals at 1 s, where the misses are wins
found at 60,000–120,000 states (the phases' weights tried at 60,000
states: 948–950 decided of 1,000, (1, 2, 3, 4) 948, within noise, kept).

A projection tried for deal 75 (a throwaway experiment, not kept): follow only
a chosen set R of cards, where each lies and whether it is face down, and let
every other card be wherever suits: any card outside R may be a free place to
go, and none of them ever blocks one. Every line of play maps onto a line of
that smaller game, so a goal it cannot reach (all of R up, or one card up) is
one the deal cannot reach either: a sound proof for any R, and one that counts
places for the cards of R (a card of R holds one card of R at a time). It did
not decide deal 75. With R the 28 cards of columns 2–4 and the hearts' places
(2♦ 6♦ 4♦ J♥ J♦ A♥ 2♥), the smaller game still gets 5♥ up (in 87,024 of its
states, depth-first); breadth-first it was still open at 2,000,000 states.
Aiming at all of R up, with R all cards but the eight Queens and Kings (44
cards), it was open at 1,000,000 states, with all cards but the Kings, Queens
and red Jacks (41) likewise: leaving out a card frees its places and takes
away its need of one, and the cards left in still make a game too large to
search to its end.

A search up to a card's first move (a throwaway experiment, not kept). Each
deal has a card that moves only after some goal is reached: in deal 75, T♦
only after T♥ went up (above); in deal 166, 9♣ only after 8♣ or 9♠ went up
(9♣ may go up, or onto T♥ once 9♠ has left it, and 9♠ may leave T♥ only by
going up: T♦, its other place, lies under 9♣). A winning line passes, before
that card's first move, through a position where the goal is reached, and
every position on the way is winnable. So the deal is lost if no position
reachable with that card (and the cards under it) pinned reaches the goal, and
the search of those positions may cut, besides the full game's proofs: a closed
set of :mod:`yukon.solver.proofs.frozen` with the pinned cards as members whatever
their conditions, holding a card of a goal's suit up to the goal, for each goal
(that card stays in the tableau while the pins hold), and the relaxed game of
:mod:`yukon.solver.proofs.reach` with the pinned cards never leaving, where no goal is
up. Both searches stayed open, best-first by the goal's suit, at 15,000,000
states each (pure Python, 20 to 25 minutes). Deal 75 gets hearts to 7♥ up
within 17,325 states, with 8♥ on 9♠ under 7♠ 6♦ 5♣ 4♦ 3♣ (3♣ cannot go up,
2♣ being pinned, and its one other place, 4♦, lies under it), and never
further. Deal 166 never gets spades past 2♠ nor clubs past 2♣. Depth-first,
deal 75 was open at 2,000,000 states, the pinned closed sets cutting about 4 %
of them and the pinned relaxed game 8 %.

Facts in pairs (:mod:`yukon.solver.proofs.pairs`, version 8), which do count places,
a card holding one card at a time, do not decide either deal: from the deal
every pair of full foundations is derived, in both. Nor with the pins above
(T♦ 5♦ J♠ 2♣ in deal 75, 9♣ 6♦ T♦ 5♥ in deal 166, none of them ever moving):
hearts still get to K♥ in deal 75, spades to K♠ in deal 166; what stops the
searches above takes more than two facts at a time. Asked inside the complete
search (a throwaway experiment, pure Python): after every move that turns a
card, deal 75 had 105,036 asks in 300,000 states and 104,653 of those positions
were lost (99.6 %), still open after 433 s; deal 166, 26,828 asks in 100,000
states (where the relaxed game had not found the position lost already: 20,816
times it had), 26,586 lost. After every move onto a column, deal 75 had half of its
positions lost and was open at 32,000 states (227 s). With the pins above, asking
whether the goal is still reachable with them held, after every move onto a
column: deal 75 open at 300,000 states (40 % of the asks lost, 28 minutes),
deal 166 at 540,000 (59 %, 29 minutes). An ask costs about 10 ms.

Beyond pairs (throwaway experiments, pure Python). Facts in *triples* (h³), an
ask about 1.5 s, never wrong on 12,000 positions of random lines of deal 75,
still get hearts to K♥ in deal 75 and spades to K♠ in deal 166 with the pins.
Orders of events (a card leaving its place, a card going up) from pairs
derived without the events known to come later: 1,875 orders in deal 75, 1,473
in deal 166, and no event ordered after itself in either; with triples in
place of pairs, 2,072 orders in deal 166 (16 minutes) and still no cycle. What
decides deal 166 is the look at the position just before each event
(:mod:`yukon.solver.proofs.orders`, version 9): just before 6♦ leaves T♦ (onto 7♠,
onto 7♣ or up), no layout of the cards keeps every two of their facts a pair
derived without the events that come only after 6♦ leaves, so 6♦ never leaves
(2 s). Deal 75 passes that look for every event: it stays
open.

Rule 3 of :mod:`yukon.solver.proofs.orders` (version 10: an event comes after
another when no assignment just before it has the other not yet happened)
adds 64 orders in deal 75 (2,385 in all, with rules 1 and 2 closing them),
and no event is then found never to happen. Stronger forms tried and not
kept (throwaway experiments): deriving the pairs of each such question
without the events of both (452 orders added directly, 2,386 in all, two
minutes); an assignment where every card in the tableau stands on a column
foot through the cards under it, with no loop of cards lying on each other
(one of the two assignments found just before T♥ goes up had such a loop,
the other none: every event still finds one); and a card that has left a
place it cannot be put on never lying there again. On the 14 Classic deals
the study leaves open at 10,000,000 states and the 10 Classic proofs it
ends past 1,000,000, rule 3 decides 1689 and 307; on 12 hard Alaska deals,
none. In deal 75 the layout just before T♥ goes up (hearts at 9♥, T♦ 5♦
J♠ 2♣ in place) looks like a real position: whatever stops it lies in the
order the cards can get there, not in any one position on the way.

The orders asked of every position one turn away (throwaway experiments,
version 10). In deal 75 only 198 positions are reached from the deal
without turning a card, and 425 lie one turn from them, so a complete
search could ask the orders after every turn instead of once. Of those 425, the
orders prove 368 lost (3–5 s each, pure Python), the deep orders none of the
57 others; the search of version 10 at 2,000,000 states each decides the
same 368 (all by the orders asked at 200,000 states) and none of the 57.
One turn further, the 57 make 383 positions, and of the first 75 asked 26
are open: the open positions do not thin out as turns go on, so a search
that asks the orders at every turn is open as well, at a cost of hours for
each level of turns.

The layout searches of the deep orders with more tries (throwaway
experiments, version 10). At the 5,000 tries of :data:`yukon.solver.proofs.orders.NODES`,
24 of deal 75's 1,555 layout searches give up, and a search that gives up
counts as a layout found. At 200,000 tries none gives up, and the deal is
still not decided: the layouts it finds are assignments found whole, not searches
cut short. One turn away the same holds: of 312 of the 425 positions asked,
the plain orders prove 296 lost, and the deep orders with 200,000 tries
prove none of the 16 others.

Version 11 decides deal 75: lost, in 1,000,393 states (14 s compiled), by
the deep orders of :mod:`yukon.solver.proofs.orders` once a card that has left its
place in the deal, and may not be put back there, is kept off it in the
layouts. In words (T♦ stays until T♥ is up, above, so clubs stop at A♣,
diamonds at 4♦ and J♠ stays buried), look at the position just before 8♥
goes up. 9♥ still lies on Q♦ (T♠ always holds 4♣, whose other places are
5♥, which goes up, and 5♦, buried; T♣ holds 9♦ from before 2♥ goes up, for
9♦ lies face down on 8♥ and has nowhere else to go), so Q♦, T♥ and T♦ are
face down and 9♣ still lies on 7♣, 9♠ on K♥. 6♦ left 9♦ (face down over
8♥) and may lie only on a black 7: 7♠, for 9♣ covers 7♣. 7♠ may lie on 8♦,
where 7♣ lies (it left A♥), on 8♥, which is bare, or on 4♠ as dealt: so it
never left 4♠, 4♠ never left J♥, and spades stop at 3♠. 5♣ lies on 6♦ (T♣
holds 9♦, 6♥ is up), so 5♠, which cannot go up, lies on K♦ as dealt. Yet
before 4♥ went up, 3♣ (which left 6♦ for a red 4) lay on 4♦, so 7♦ and 7♥
(which left 3♥) lay on the two black 8s, and Q♠ had left 8♠ for K♦ (K♥
holds 9♠), where it must still lie: on 5♠'s place. So 8♥ never goes up.
"""

from __future__ import annotations

import argparse
import collections
import time

from yukon.engine import RULE_SETS, GameCode, Position, RuleSet
from yukon.solver import Limit
from yukon.solver.board import Board, Undo
from yukon.solver.proofs.escape import escape_lost
from yukon.solver.proofs.frozen import LostPositions
from yukon.solver.proofs.reach import unreached
from yukon.solver.search import _Budget, _DepthFirst
from yukon.solver.tables import FOUNDATION, card_name


class _Watched(Board):
    """A board that records which cards its moves turn, move and send up, and
    the spread of the positions it makes."""

    __slots__ = (
        "by_down",
        "by_up",
        "highest_suits",
        "highest_up",
        "lowest_down",
        "moved",
        "sent_up",
        "turned",
    )

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.turned: set[int] = set()
        self.moved: set[int] = set()
        self.sent_up: set[int] = set()
        self.by_down: collections.Counter[int] = collections.Counter()
        self.by_up: collections.Counter[int] = collections.Counter()
        self.lowest_down = sum(self.hidden)
        self.highest_up = sum(self.foundations)
        self.highest_suits = list(self.foundations)

    def make(self, move: int, key: int | None = None) -> Undo:
        undo = super().make(move, key)
        card = move >> 3
        self.moved.add(card)
        if move & 7 == FOUNDATION:
            self.sent_up.add(card)
            suit = card // 13
            self.highest_suits[suit] = max(self.highest_suits[suit], self.foundations[suit])
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
        print("lost in the relaxed game (yukon.solver.proofs.reach) before a move")
        return
    if escape_lost(board):
        print("lost one move later (yukon.solver.proofs.escape) before a move")
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
        "highest foundation of each suit:",
        " ".join(
            f"{suit}{height}" for suit, height in zip("♠♥♦♣", board.highest_suits, strict=True)
        ),
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
