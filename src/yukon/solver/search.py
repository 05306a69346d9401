"""The search: quick phases that find most wins, and a complete depth-first
search with a transposition table, the only phase that may say "unwinnable".

The quick phases are *focused*: no take-backs, no idle shuffles (see
:attr:`Board.focused`). They give up completeness for speed.

1. A focused depth-first search — most deals fall to it within a few hundred
   states. If it exhausts its moves, phases 2 and 3 could find nothing more.
2. A best-first search over *milestones*: positions where a face-down card has
   just turned, fewest face-down cards first (an empty column for a waiting
   King counts as half a card), each explored by a short depth-first search.
3. Restarts: short depth-first searches in budgets growing as the Luby sequence,
   each shuffling moves of similar promise with its own seeded generator. Search
   times are heavy-tailed; restarts cut the tail.
4. The complete depth-first search over every move (less those proven useless,
   see :meth:`Board.moves`), leaving out positions proven lost
   (:mod:`yukon.solver.frozen`, asked after every move onto a column, and past
   :data:`LATE` states :mod:`yukon.solver.reach`, asked after every move that
   turns a card). Exhausting
   it proves the position unwinnable. Before its first turn it asks whether the
   position is lost one move later (:mod:`yukon.solver.escape`), or by facts
   followed in pairs (:mod:`yukon.solver.pairs`): too slow to ask at every
   position, and a deal that quick phases win never pays for them. Past
   :data:`LATE` states, once, it asks whether something every win needs can
   never happen (:mod:`yukon.solver.orders`, a few seconds), and past
   :data:`DEEP` states asks it again, deeper.

Before any phase, a position where some card cannot reach the foundations even
in a game where nothing is ever undone (:mod:`yukon.solver.reach`, which finds
every closed set of :mod:`yukon.solver.frozen` too) is unwinnable at once.

The phases take turns, each on its own board, for slices of :data:`SLICE`
states times its :data:`WEIGHTS` entry (:data:`LATE_WEIGHTS` after :data:`LATE`
states; a phase of weight 0 sits its turns out), each going on where it
stopped. Which phase finds a
deal's win first differs from deal to deal, so none waits for another to give
up; and what the search does in its first *n* states does not depend on the
budget, so a small budget is the start of a large one (a budget cut into fixed
shares would cut the first phase short).

Every phase is deterministic under a budget in states. Any win is shortened
(:mod:`yukon.solver.shorten`) and replayed through the engine's checked play
before it is returned.

>>> from yukon.engine import GameCode, Record
>>> result = solve(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")), Limit(states=200_000))
>>> result.status
<Status.WON: 'won'>
>>> Record(GameCode.parse("YU1-C-AAAAAAB"), result.moves).replay().is_won
True
"""

from __future__ import annotations

import heapq
import random
import time
from typing import Final, Protocol, TypeAlias

from yukon.engine import Game, IllegalMoveError, Move, Position
from yukon.solver.board import Board, Snapshot, Undo
from yukon.solver.escape import escape_lost
from yukon.solver.frozen import LostPositions
from yukon.solver.measures import progress
from yukon.solver.orders import Orders
from yukon.solver.pairs import Pairs
from yukon.solver.reach import unreached
from yukon.solver.result import Limit, SolverError, SolveResult, Status
from yukon.solver.shorten import shorten
from yukon.solver.tables import FOUNDATION

__all__ = [
    "DEEP",
    "DEEP_SECONDS",
    "LATE",
    "LATE_WEIGHTS",
    "SLICE",
    "VERSION",
    "WEIGHTS",
    "SolverError",
    "solve",
    "verify",
]

VERSION: Final = "11"
"""The search's revision, recorded with every verdict of ``yukon analyze``: a
change that can alter a verdict or a count of states under the same budget
(phases, shares, move order, proofs) takes a new one, so that results of two
searches are never mixed into one figure. Version 2: the phases take turns
instead of running one after the other in fixed shares of the budget. Version
3: a face-down card may belong to a closed set by itself (a card that could
never leave once turned, :mod:`yukon.solver.frozen`), and the complete search
looks for one after every move onto a column instead of after turns. Version
4: past :data:`LATE` only the restarts and the complete search take turns
(:data:`LATE_WEIGHTS`); nothing changes before :data:`LATE` states. Version
5: before its first turn, the complete search looks for a card whose every way
out leads into a closed set (:mod:`yukon.solver.escape`); the deals it finds
lost end there, the others search the same states as in version 4. Version 6:
before any phase, a card that cannot reach the foundations in the relaxed game
of :mod:`yukon.solver.reach` proves the position lost (in place of a closed set
of :mod:`yukon.solver.frozen`, which it finds as well): YU1 deals 24 and 62 end
there instead of in the complete search; a deal it does not find lost
searches the same states as in version 5. Version 7: past :data:`LATE` states,
the complete search also leaves out a position that a move turning a card
leaves lost in that relaxed game; nothing changes before :data:`LATE`
states (so neither does a hint's search of a second). Of the 33 fresh
deals of bench/solver.py's seeds 1–10 open at 300,000 states, it decides 14
at 2,000,000 states, version 6 13: deal 7732883967 is proved lost in 300,196
states, and five other proofs take 5–27 % fewer states. An ask costs about
15 µs compiled, three states' time: a few deals that stay open search up to
1.8 times slower. Version 8: before its first turn, the complete search also
asks :mod:`yukon.solver.pairs` (about 10 ms, pure or compiled), which proves
YU1 deal 17 lost there (32,376,070 states of the complete search before), and
finds lost from the deal 122 of the 167 Classic deals the study's version 7
proved lost; the deals it does not find lost search the same states as in
version 7. Asked after every turn past :data:`LATE` as well, it cut proofs to a
fraction of the states (deal 811: 416,191 instead of 1,966,963) but took 18 to
35 times as long; asked after every tenth turn only, it saved almost nothing
(811: 1,966,146 states). Version 9: past :data:`LATE` states, the search asks
once whether some event every win needs (a card leaving its place, or going
up) can never happen, by the orders of :mod:`yukon.solver.orders` (about 3 s
pure, 2 s compiled; a budget in seconds asks only with
:data:`ORDERS_SECONDS` left, and cuts it short at its end, what it found by
then still holding). Of the 40 Classic deals the study's version 8 left open at
2,000,000 states, it proves 19 lost in 200,098 – 201,334 states, YU1 deal 166
among them (open in every earlier version); nothing changes before
:data:`LATE`, and a deal it leaves open searches the same states as in
version 8. Asked at the complete search's first turn instead, it would cost
every hard hint its seconds. Version 10: past :data:`DEEP` states, the search
asks those orders once more with rule 3 of :mod:`yukon.solver.orders` (orders
from the assignments just before each event; 2–6 s more, pure), which proves
YU1 deal 1689 lost in 1,000,690 states (open at 10,000,000 in version 9) and
deal 307 in 1,000,169 instead of 1,379,782; every other deal of the study
searched the same states to the same verdict as in version 9. Version 11: in
the layouts of those orders, a card that has left a place it may not be put
back on is never there again, which proves YU1 deal 75 lost in 1,000,393
states (open in every earlier version, even at 200,000,000 states of the
complete search), 289 in 1,000,432 (open at 2,000,000 in version 10) and 388
in 200,279 instead of 335,372; every other deal of the study searched the
same states to the same verdict as in version 10."""

SLICE: Final = 500
"""The states of one turn of weight 1."""
WEIGHTS: Final = (1, 2, 3, 4)
"""The turns of phases 1–4 in slices: measured on fresh deals, each phase finds
some wins far sooner than the others, and the complete search needs the most
states, for proofs."""
LATE: Final = 200_000
"""After this many states the turns follow :data:`LATE_WEIGHTS`: wins seldom
need more (13 of the 1,786 Classic wins of the study in docs/winnability.md, at
2,000,000 states a deal), proofs of unwinnability more often (47 of its 196)."""
LATE_WEIGHTS: Final = (0, 0, 1, 4)
"""Four of every five states for the complete search, the only phase that
proves, and the rest for the restarts, which cut the tail of the wins: of YU1's
Classic deals 0–199, the two won past :data:`LATE` (43 and 110) are won by
the restarts alone in 164,328 and 84,000 states of their own, by phase 1 alone
in none of 2,000,000, by phase 2 alone in 1,568,157 and 254,772. Measured in
states (version 3 → 4): deal 70, unwinnable, is proved in 2,253,610 states
instead of 2,941,426 (its complete search needs 1,722,244; phases 1–3 alone
find no end in 3,000,000), and deals 43 and 110 are won in 720,454 and 321,315
instead of 720,031 and 323,290. A fifth for the restarts keeps those wins as
fast; a sixth, (0, 0, 1, 5), proves deal 70 in 2,171,110 but wins 43 in 824,454.
Version 3 gave (2, 1, 3, 9): more for phase 1, whose running out of moves ends
the quick phases, which sped the proofs of deals 116 and 156 then; both are
now proved before :data:`LATE` (106,841 and 59,422 states)."""
ORDERS_SECONDS: Final = 5.0
"""The seconds a budget in seconds must have left, once past :data:`LATE`
states, for the search to ask the orders of :mod:`yukon.solver.orders` (2–3 s
a deal): a hint of a second, which may pass :data:`LATE` compiled, would only
spend its last fraction on an ask cut short (measured on fresh deals at 1 s,
compiled, seeds 1–10: 966 of 1,000 decided asking, 971 not)."""
DEEP: Final = 1_000_000
"""After this many states, once, the search asks the orders again with rule 3
of :mod:`yukon.solver.orders` (a few more seconds), if a budget in seconds has
:data:`DEEP_SECONDS` left: past :data:`LATE`, most deals the search decides
are won, which would pay for it in vain."""
DEEP_SECONDS: Final = 10.0
"""The seconds a budget in seconds must have left for that."""
LOCAL_STATES: Final = 300
"""How far phase 2 looks from one milestone for the next."""
FACE_UP_STATES: Final = 50 * LOCAL_STATES
"""How far it looks for a win from a milestone with every card face up."""
RESTART_STATES: Final = 300
"""The unit of the restart budgets in phase 3."""
_CLOCK_EVERY: Final = 512
"""How many states between looks at the clock."""
_NEVER: Final = 1 << 60
"""A number of states no budget reaches."""


def solve(position: Position, limit: Limit) -> SolveResult:
    """Search *position* within *limit*.

    :returns: ``WON`` with moves that the engine has replayed to a win,
        ``UNWINNABLE`` when the complete search is exhausted, else ``UNKNOWN``.
    :raises SolverError: if a solution does not replay (a bug in the solver).
    """
    budget = _Budget(limit)
    phases = _Phases(position)
    if unreached(phases.complete.board):  # finds every closed set of frozen.py too
        return SolveResult(Status.UNWINNABLE, (), 0, budget.elapsed())
    found = [] if phases.complete.board.is_won else phases.run(budget)
    if found is None:
        status = Status.UNWINNABLE if phases.complete.done else Status.UNKNOWN
        return SolveResult(status, (), budget.states, budget.elapsed())
    moves = tuple(phases.complete.board.to_move(move) for move in shorten(position, found))
    verify(position, moves)
    return SolveResult(Status.WON, moves, budget.states, budget.elapsed())


def verify(position: Position, moves: tuple[Move, ...]) -> None:
    """Replay *moves* from *position* through the engine's checked play.

    :raises SolverError: when a move is refused or the game is not won at the end.
    """
    game = Game(position)
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            raise SolverError(f"solution move {number} ({move}) refused: {error}") from error
    if not game.is_won:
        raise SolverError(f"the solution of {len(moves)} moves does not win")


class _Budget:
    """The states and time spent over all phases, and the current turn's slice."""

    def __init__(self, limit: Limit) -> None:
        self.started = time.perf_counter()
        self.states = 0
        self.stopped = False
        """Whether the whole budget ran out."""
        self.paused = False
        """Whether the current turn's slice ran out (or the whole budget)."""
        self._limit = limit
        self._deadline = None if limit.seconds is None else self.started + limit.seconds
        self._pause_at = 0

    def turn(self, states: int) -> _Budget:
        """Start a turn of at most *states* states."""
        self._pause_at = self.states + states
        self.paused = self.stopped
        return self

    def spend(self) -> bool:
        """Count one state; whether the turn must end (``paused``)."""
        self.states += 1
        limit = self._limit
        if limit.states is not None and self.states >= limit.states:
            self.stopped = True
        elif self._deadline is not None and self.states % _CLOCK_EVERY == 0:
            self.stopped = time.perf_counter() >= self._deadline
        self.paused = self.stopped or self.states >= self._pause_at
        return self.paused

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def can_spare(self, seconds: float) -> bool:
        """Whether the budget has no seconds, or at least *seconds* left."""
        return self._deadline is None or self._deadline - time.perf_counter() >= seconds

    def out_of_time(self) -> bool:
        """Whether the budget's seconds have run out (never, without any)."""
        return self._deadline is not None and time.perf_counter() >= self._deadline


class _Phase(Protocol):
    done: bool
    """Whether the phase has nothing more to search."""

    def run(self, budget: _Budget) -> list[int] | None:
        """Search on until *budget* pauses; the moves of a win, if one is found."""


class _LostCheck(Protocol):
    """:class:`LostPositions` as the complete search uses it (a test checks each
    answer through a wrapper: the compiled build's classes cannot be subclassed)."""

    def after_move(self, card: int) -> bool:
        """Whether the position is lost just after a move put *card* on a column."""


class _Phases:
    """The four phases of the module docstring, each on its own board, taking turns."""

    def __init__(self, position: Position) -> None:
        board = Board(position)
        self.complete = _DepthFirst(board, LostPositions(board), relaxed_from=LATE)
        self.first = _DepthFirst(_focused(position))
        self.restarts = _Restarts(_focused(position))
        self.milestones = _Milestones(_focused(position))
        self.started = False
        """Whether the complete search has had a turn (and the check before it)."""
        self.position = position
        self.ordered = False
        """Whether the orders of :mod:`yukon.solver.orders` were asked."""
        self.orders: Orders | None = None
        """Those orders, if asked: asked again, deeper, past :data:`DEEP`."""
        self.deepened = False
        """Whether they were asked again."""

    def run(self, budget: _Budget) -> list[int] | None:
        """Turns until a win, the complete search's end or the budget's.

        When a focused depth-first search runs out of moves, every focused line
        has been tried: the other focused phases could find nothing more. The
        quick phases do not look for lost positions (:mod:`yukon.solver.frozen`):
        measured, the check costs them more time than it saves.
        """
        phases: list[tuple[_Phase, int]] = [
            (self.first, 0),
            (self.milestones, 1),
            (self.restarts, 2),
            (self.complete, 3),
        ]
        while not budget.stopped:
            for phase, number in phases:
                weight = (WEIGHTS if budget.states < LATE else LATE_WEIGHTS)[number]
                if not weight:
                    continue
                if phase is self.complete and not self.started:
                    self.started = True
                    board = self.complete.board
                    if escape_lost(board) or Pairs(board).lost(board):
                        self.complete.done = True  # lost: proofs
                        return None
                if budget.states >= LATE and not self.ordered:
                    self.ordered = True
                    if budget.can_spare(ORDERS_SECONDS):
                        self.orders = Orders(Board(self.position), budget.out_of_time)
                        if self.orders.lost():
                            self.complete.done = True  # lost: a proof
                            return None
                if budget.states >= DEEP and self.orders is not None and not self.deepened:
                    self.deepened = True
                    if budget.can_spare(DEEP_SECONDS) and self.orders.lost(deep=True):
                        self.complete.done = True  # lost: a proof
                        return None
                found = phase.run(budget.turn(SLICE * weight))
                if found is not None or self.complete.done:
                    return found
                if phase.done or budget.stopped:
                    break
            if self.first.done or self.restarts.done:
                phases = [(self.complete, 3)]
            else:
                phases = [(phase, number) for phase, number in phases if not phase.done]
        return None


def _focused(position: Position) -> Board:
    board = Board(position)
    board.focused = True
    return board


class _DepthFirst:
    """A depth-first search from *board* for a win that goes on where its last
    turn stopped; positions seen are never searched again.

    With *lost*, lines are cut where a move onto a column leaves a position
    proven lost (a move to the foundations never does). From *relaxed_from*
    states of the budget on, lines are also cut where a move that turns a card
    leaves a position lost in the relaxed game of :mod:`yukon.solver.reach`
    (an ask costs a few states' time and turns are a few of the moves, so it
    is asked only once a deal has withstood the quick phases that long). With
    *cap*, the search ends (``capped``) once it has seen that many positions.
    """

    def __init__(
        self,
        board: Board,
        lost: _LostCheck | None = None,
        cap: int = 0,
        relaxed_from: int = _NEVER,
    ) -> None:
        self.board = board
        self.lost = lost
        self.relaxed_from = relaxed_from
        self.cap = cap
        self.seen = {board.key}
        self.path: list[Undo] = []
        self.frames = [board.moves(self.seen)]
        self.done = False
        """Whether every line has been tried (without a win)."""
        self.capped = False

    def run(self, budget: _Budget) -> list[int] | None:
        if budget.paused or self.capped:
            return None
        board, seen, path, frames, lost = self.board, self.seen, self.path, self.frames, self.lost
        # Whether nothing was added to seen since frames[-1] was made: its moves,
        # which Board.moves keeps only when they lead to new positions, still do.
        fresh = False
        while frames:
            moves = frames[-1]
            if not moves:
                frames.pop()
                fresh = False
                if path:
                    board.unmake(path.pop())
                continue
            move = moves.pop()
            key = board.key_after(move)
            if not fresh and key in seen:
                continue
            undo = board.make(move, key)
            seen.add(key)
            fresh = False
            path.append(undo)
            if board.left == 0:
                return [step.move for step in path]
            if lost is not None and move & 7 != FOUNDATION and lost.after_move(move >> 3):
                board.unmake(path.pop())  # lost for good: nothing to try from here
            elif undo.turned and budget.states >= self.relaxed_from and unreached(board):
                board.unmake(path.pop())  # likewise
            else:
                frames.append(board.moves(seen))
                fresh = True
            self.capped = len(seen) == self.cap
            if budget.spend() or self.capped:
                return None
        self.done = True
        return None

    def rewind(self) -> None:
        """Take back every move of the current line: the board is as given."""
        while self.path:
            self.board.unmake(self.path.pop())


class _Restarts:
    """Short focused depth-first searches, each with its moves of similar promise
    shuffled differently, in budgets growing as the Luby sequence (phase 3).
    Once one of them tries every focused line, so would the rest: ``done``."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.runs = 0
        self.current = self._next()
        self.done = False

    def _next(self) -> _DepthFirst:
        self.runs += 1
        self.board.noise = random.Random(self.runs)
        return _DepthFirst(self.board, cap=RESTART_STATES * _luby(self.runs))

    def run(self, budget: _Budget) -> list[int] | None:
        while not budget.paused:
            found = self.current.run(budget)
            if found is not None:
                return found
            if self.current.done:
                self.done = True
                return None
            if self.current.capped:
                self.current.rewind()
                self.current = self._next()
        return None


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, the *i*-th term (from 1)."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if (1 << k) - 1 == i:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


_Entry: TypeAlias = tuple[int, int, int, Snapshot, tuple[int, ...]]
"""A queued milestone: progress measure, cards left, order, position, moves to it."""


class _Milestones:
    """Best-first search over milestones (phase 2): positions that just made
    progress (see :func:`measures.progress`). The queue of milestones and the
    positions seen by all local searches; ``done`` once the queue is empty."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.seen = {board.key}
        self.queue: list[_Entry] = [(progress(board), board.left, 0, board.snapshot(), ())]
        self.pushed = 0
        self.done = False

    def run(self, budget: _Budget) -> list[int] | None:
        while self.queue and not budget.paused:
            mark, _, _, snapshot, line = heapq.heappop(self.queue)
            self.board.restore(snapshot)
            found = self._explore(mark, line, budget)
            if found is not None:
                return found
        self.done = not self.queue
        return None

    def _explore(self, mark: int, line: tuple[int, ...], budget: _Budget) -> list[int] | None:
        """A depth-first search of at most :data:`LOCAL_STATES` states (more once
        every card is face up) that queues every position whose progress measure
        is below *mark* instead of going on from it. Only the end of the whole
        budget cuts it short, not the end of a turn: the next turn could not
        take it up again."""
        board, seen = self.board, self.seen
        path: list[Undo] = []
        frames = [board.moves(seen)]
        local = 0
        while local < (LOCAL_STATES if mark else FACE_UP_STATES):
            while frames and not frames[-1]:
                frames.pop()
                if path:
                    board.unmake(path.pop())
            if not frames:
                return None
            move = frames[-1].pop()
            key = board.key_after(move)
            if key in seen:
                continue
            undo = board.make(move, key)
            seen.add(key)
            path.append(undo)
            local += 1
            if board.left == 0:
                return [*line, *(step.move for step in path)]
            budget.spend()
            if budget.stopped:
                return None
            if progress(board) < mark:
                self._push(line, path)
                board.unmake(path.pop())
                continue
            frames.append(board.moves(seen))
        return None

    def _push(self, line: tuple[int, ...], path: list[Undo]) -> None:
        board = self.board
        self.pushed += 1
        steps = (*line, *(step.move for step in path))
        entry = (progress(board), board.left, -self.pushed, board.snapshot(), steps)
        heapq.heappush(self.queue, entry)
