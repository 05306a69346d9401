"""Where did it go wrong? (SPEC §6): the search for the last winnable position
of a game's line, the move that lost it and a move that keeps it winnable.

Along a line (the record with undone moves taken out) winnability can only be
lost: a position reached from a lost one is lost. So the line splits into a
winnable prefix and a lost suffix, and the split is searched, not walked: the
:class:`Reviewer` asks the solver about the game's last position, then the
deal, then halves the open range. A question first gets a quarter of the
budget, which decides most positions of a line; the positions it leaves
undecided are the hard ones, next to the split, and the first of them gets the
whole budget. Every claim is backed: "winnable" by a
solution replayed through the engine, "lost" by an ``UNWINNABLE`` verdict (an
exhausted search). Where the budget decides neither, the review says which
positions are left undecided; it never guesses.

A verdict is worth more than its one position:

- a solution of position *i* passes through positions of its own; any of them
  that is also on the line (the player followed the solution for a while) is
  winnable with the rest of that solution, without a call;
- a position one move away from a known solution (a move taken back, a card
  moved to another column of the same kind) is winnable without a call;
- a position that comes back later on the line (a card moved away and back)
  gives the whole stretch between its two visits the same verdict, since the
  split cannot lie inside it.

The better move is the first of a win from the last winnable position K. When
that win starts by taking back move K (:func:`takes_back`: the same card back
where it came from), which is correct but teaches nothing, the reviewer asks
about up to :data:`MAX_ALTERNATIVES` other moves from position K, each with a
quarter of the budget (moves to a foundation first, then those that turn a
face-down card), and shows the first found winnable, with its win; when none is
found in time, the take-back stays.

The reviewer does no I/O and calls no solver: the caller answers each
:class:`Question`, with :func:`yukon.solver.solve` (as :func:`review` does) or
through a pool of solver workers (as the web app does).

>>> from yukon.engine import GameCode, Move
>>> code = GameCode.parse("YU1-C-AAAAAAB")
>>> done = review(code, [Move.parse("6C>1")], Limit(states=50_000))
>>> done.status.value, done.last_winnable, done.solver_calls
('still_winnable', 1, 1)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from yukon.coach.answer import Review, ReviewStatus
from yukon.engine import Game, GameCode, IllegalMoveError, Move, Position, Record
from yukon.solver import Limit, SolverError, SolveResult, Status, solve

__all__ = [
    "DEFAULT_LIMIT",
    "ESCALATION",
    "MAX_ALTERNATIVES",
    "MAX_ESCALATED",
    "MAX_UNDECIDED",
    "Question",
    "Reviewer",
    "review",
    "takes_back",
]

DEFAULT_LIMIT: Final = Limit(states=400_000)
"""The largest budget of one solver call: in states, so that a review gives the
same answer on every machine (see bench/review.py for what it costs)."""
ESCALATION: Final = 4
"""A question first gets one part in this of the budget: most positions of a
line are decided in far fewer states, and the whole budget goes to the few
that decide the answer and need it (see :data:`MAX_ESCALATED`)."""
MAX_UNDECIDED: Final = 3
"""How many positions of the open range a quarter of the budget may leave
undecided (besides those then given the whole budget in vain) before the
review stops halving the range."""
MAX_ESCALATED: Final = 3
"""How many questions get the whole budget, each the first undecided position
of the open range, before the review says ``unknown``."""
MAX_ALTERNATIVES: Final = 3
"""How many other moves from the last winnable position the review asks about,
each with a quarter of the budget, when the win it found from there starts by
taking back the move that led there (see :func:`takes_back`)."""


@dataclass(frozen=True, slots=True)
class Question:
    """The next position to solve, and the budget to solve it with."""

    position: Position
    limit: Limit


@dataclass(slots=True)
class _Known:
    """What the answers so far prove about the line."""

    winnable: int | None = None
    """The last position known winnable."""
    winning_line: tuple[Move, ...] = ()
    """A line that wins from it, replayed through the engine."""
    lost: int | None = None
    """The first position known lost."""
    undecided: set[int] = field(default_factory=set)
    """The positions the first budget left undecided."""
    escalated: set[int] = field(default_factory=set)
    """The positions asked with the whole budget."""
    escalations: int = 0
    """How many questions had the whole budget."""


class Reviewer:
    """Plans a review one solver question at a time, calling no solver itself:
    ask :meth:`question`, solve it, hand the result to :meth:`answer`, until
    :meth:`question` says ``None``; then :meth:`review` is the answer.

    *moves* are the record's moves, ``None`` for an undo (as in
    :class:`yukon.engine.Record`); the undone moves are taken out to make the
    line.

    :raises InvalidRecordError: at the first move that cannot be made, as
        ``yukon replay`` reports it.
    """

    def __init__(
        self, code: GameCode, moves: Sequence[Move | None], limit: Limit = DEFAULT_LIMIT
    ) -> None:
        game = Record(code, tuple(moves)).replay()
        self._limit = limit
        self._line = game.line
        self._won = game.is_won
        self._positions = _positions(Game.from_code(code), self._line)
        self._visits: dict[Position, list[int]] = {}
        for index, position in enumerate(self._positions):
            self._visits.setdefault(position, []).append(index)
        self._known = _Known()
        self._wins: dict[Position, tuple[Move, ...]] = {}
        """Every position of a known solution, with the rest of that solution."""
        self._first_limit = _share(limit, ESCALATION)
        self._asked: int | None = None
        self._whole = False
        """Whether the open question has the whole budget."""
        self._par: SolveResult | None = None
        self._alternatives: list[Move] | None = None
        """The other moves from the last winnable position still to ask about,
        once the line's split is known and its win starts with a take-back."""
        self._trying: Move | None = None
        """The move whose position the open question is about, if it is one of them."""
        self._tried = 0
        self._better: tuple[Move, ...] | None = None
        """A win from the last winnable position that starts otherwise."""
        self._calls = 0
        self._states = 0

    @property
    def line(self) -> tuple[Move, ...]:
        """The game's line: the record's moves less those undone."""
        return self._line

    def question(self) -> Question | None:
        """The next position to solve, or ``None`` when the review is ready."""
        while self._asked is None and self._trying is None:
            chosen = self._next()
            if chosen is None:
                # The split is known: maybe a better move than a take-back.
                self._trying = self._next_alternative()
                if self._trying is None:
                    return None
            elif not self._one_move_from_a_win(chosen[0]):
                self._asked, self._whole = chosen
        if self._trying is not None:
            return Question(self._after_last_winnable(self._trying), self._first_limit)
        assert self._asked is not None
        limit = self._limit if self._whole else self._first_limit
        return Question(self._positions[self._asked], limit)

    def answer(self, result: SolveResult) -> None:
        """Take the solver's *result* for the last :meth:`question`.

        :raises ValueError: when no question is open.
        :raises SolverError: when a claimed win does not replay to a win, or a
            verdict contradicts an earlier one (a solver bug, never a review).
        """
        index, trying = self._asked, self._trying
        if index is None and trying is None:
            raise ValueError("no question to answer: ask question() first")
        self._asked = self._trying = None
        self._calls += 1
        self._states += result.states
        if trying is not None:
            self._tried += 1
            if result.status is Status.WON:
                before = self._positions[self._last_winnable()]
                line = (trying, *result.moves)
                _check_win(before, line)
                # A win that takes this move back at once is no better.
                if not (result.moves and takes_back(before, trying, result.moves[0])):
                    self._better = line
            return
        assert index is not None
        if self._won:
            if result.status is Status.UNWINNABLE:
                raise SolverError("the solver calls a deal that was won unwinnable")
            if result.status is Status.WON:
                _check_win(self._positions[0], result.moves)
            self._par = result
            return
        if result.status is Status.WON:
            self._learn_win(index, result.moves)
        elif result.status is Status.UNWINNABLE:
            self._learn_loss(index)
        else:
            self._known.undecided.add(index)
        if self._whole:
            self._known.escalated.add(index)
            self._known.escalations += 1
        known = self._known
        if known.winnable is not None and known.lost is not None and known.winnable >= known.lost:
            raise SolverError(
                f"position {known.winnable} is won but position {known.lost} before it is lost"
            )

    def review(self) -> Review:
        """The answer, once :meth:`question` is ``None``.

        :raises ValueError: while questions are still open.
        """
        if self.question() is not None:
            raise ValueError("the review is not ready: questions are still open")
        calls, states = self._calls, self._states
        line, known, end = self._line, self._known, len(self._line)
        if self._won:
            par = self._par
            length = len(par.moves) if par is not None and par.status is Status.WON else None
            return Review(ReviewStatus.WON, line, par=length, solver_calls=calls, states=states)
        if known.lost == 0:
            return Review(ReviewStatus.LOST_FROM_THE_DEAL, line, solver_calls=calls, states=states)
        last = known.winnable
        if last is not None and (last == end or known.lost == last + 1):
            winning = known.winning_line if self._better is None else self._better
            _check_win(self._positions[last], winning)
            return Review(
                ReviewStatus.STILL_WINNABLE if last == end else ReviewStatus.FOUND,
                line,
                last_winnable=last,
                losing_move=None if last == end else line[last],
                better_move=winning[0],
                winning_line=winning,
                solver_calls=calls,
                states=states,
            )
        first = 0 if last is None else last + 1
        final = end if known.lost is None else known.lost - 1
        return Review(
            ReviewStatus.UNKNOWN,
            line,
            unknown_between=(first, final),
            solver_calls=calls,
            states=states,
        )

    def _next(self) -> tuple[int, bool] | None:
        """The position to ask about next and whether with the whole budget,
        or ``None`` when the answers suffice."""
        if self._won:
            return (0, True) if self._calls == 0 else None
        known, end = self._known, len(self._line)
        low = -1 if known.winnable is None else known.winnable
        high = end + 1 if known.lost is None else known.lost
        if high == 0 or low == end or high == low + 1:
            return None
        inside = sorted(index for index in known.undecided if low < index < high)
        hopeless = known.escalated
        # The ends first: the last position settles a game still winnable, the
        # deal one lost from the start.
        for index in (end, 0):
            if low < index < high and index not in known.undecided:
                return index, False
        # Halve the stretch before the first undecided position: a position the
        # budget left undecided is more often lost than won (wins are found
        # fast, proofs take long), so the split is more likely before it. Once
        # that stretch is closed, the undecided position decides the answer:
        # the whole budget for it; only if that is not enough, on past it.
        halving = sum(index not in hopeless for index in inside) < MAX_UNDECIDED
        for start, stop in itertools.pairwise([low, *inside, high]):
            if halving and stop - start > 1:
                return (start + stop) // 2, False
            if stop == high:
                break
            if stop not in hopeless:
                return (stop, True) if known.escalations < MAX_ESCALATED else None
        return None

    def _last_winnable(self) -> int:
        """The last winnable position, once the line's split is known."""
        last = self._known.winnable
        assert last is not None
        return last

    def _after_last_winnable(self, move: Move) -> Position:
        game = Game(self._positions[self._last_winnable()])
        game.push(move)
        return game.position()

    def _next_alternative(self) -> Move | None:
        """The next other move from the last winnable position to ask about,
        or ``None`` when no more is worth a question."""
        if self._alternatives is None:
            self._alternatives = self._other_moves()
        if self._better is None and self._alternatives and self._tried < MAX_ALTERNATIVES:
            return self._alternatives.pop(0)
        return None

    def _other_moves(self) -> list[Move]:
        """The moves to try from the last winnable position K in place of a
        winning line that starts by taking back move K: none for any other
        answer. Those onto a known solution win at once (then the first is the
        better move, and none is left to ask about); the others come in the
        order to ask: to a foundation first, then those that turn a face-down
        card, then the rest, as the engine lists them. Never the losing move,
        nor one to a position of the line known lost."""
        known = self._known
        last = known.winnable
        if (
            self._won
            or last is None
            or last == 0
            or known.lost != last + 1
            or not takes_back(
                self._positions[last - 1], self._line[last - 1], known.winning_line[0]
            )
        ):
            return []
        position = self._positions[last]
        ranked: list[tuple[int, Move]] = []
        for move in Game(position).legal_moves:
            if move in (known.winning_line[0], self._line[last]):
                continue
            game = Game(position)
            played = game.push(move)
            after = game.position()
            rest = self._wins.get(after)
            if rest is not None and not (rest and takes_back(position, move, rest[0])):
                self._better = (move, *rest)
                return []
            if any(index >= known.lost for index in self._visits.get(after, ())):
                continue
            to_foundation = move.to_foundation and played.source >= 0
            ranked.append((0 if to_foundation else 1 if played.turned else 2, move))
        return [move for _, move in sorted(ranked, key=lambda rank: rank[0])]

    def _learn_win(self, index: int, moves: tuple[Move, ...]) -> None:
        """Position *index* is won by *moves*: so is every line position that
        the solution passes through, with the rest of it."""
        game = Game(self._positions[index])
        path = _positions(game, moves, checked=True)
        if not game.is_won:
            raise SolverError(f"the solution of position {index} does not win")
        known = self._known
        for step, position in enumerate(path):
            known_line = self._wins.get(position)
            if known_line is None or len(known_line) > len(moves) - step:
                self._wins[position] = moves[step:]
            visits = self._visits.get(position)
            if visits and (known.winnable is None or visits[-1] > known.winnable):
                known.winnable, known.winning_line = visits[-1], moves[step:]

    def _one_move_from_a_win(self, index: int) -> bool:
        """Whether one move takes position *index* onto a known solution (as
        a move taken back often does): then it is won without a call."""
        position = self._positions[index]
        for move in Game(position).legal_moves:
            game = Game(position)
            game.push(move)
            rest = self._wins.get(game.position())
            if rest is not None:
                self._learn_win(index, (move, *rest))
                return True
        return False

    def _learn_loss(self, index: int) -> None:
        """Position *index* is lost: so is every position from its first visit."""
        first = self._visits[self._positions[index]][0]
        known = self._known
        if known.lost is None or first < known.lost:
            known.lost = first


def review(
    code: GameCode,
    moves: Sequence[Move | None],
    limit: Limit = DEFAULT_LIMIT,
    solve: Callable[[Position, Limit], SolveResult] = solve,
) -> Review:
    """Review a game record with *solve*, one question after another.

    :raises InvalidRecordError: for a record that does not replay.
    """
    reviewer = Reviewer(code, moves, limit)
    while (question := reviewer.question()) is not None:
        reviewer.answer(solve(question.position, question.limit))
    return reviewer.review()


def takes_back(before: Position, previous: Move, move: Move) -> bool:
    """Whether *move* takes back *previous*, the move played from *before*: the
    same card goes back where *previous* took it from (its column, or its
    foundation). Whether a face-down card was turned meanwhile does not matter.

    >>> from yukon.engine import GameCode, Move
    >>> deal = Position.from_code(GameCode.parse("YU1-C-AAAAAAB"))
    >>> takes_back(deal, Move.parse("6C>1"), Move.parse("6C>4"))
    True
    >>> takes_back(deal, Move.parse("6C>1"), Move.parse("6C>5"))
    False
    """
    return move.card == previous.card and move.column == Game(before).column_of(previous.card)


def _share(limit: Limit, parts: int) -> Limit:
    """One *parts*-th of *limit* (at least a state)."""
    return Limit(
        seconds=None if limit.seconds is None else limit.seconds / parts,
        states=None if limit.states is None else max(1, limit.states // parts),
    )


def _positions(game: Game, moves: Sequence[Move], *, checked: bool = False) -> list[Position]:
    """The position of *game* and each one after the next of *moves*.

    :raises SolverError: with *checked*, when a move is refused.
    """
    positions = [game.position()]
    for number, move in enumerate(moves, 1):
        try:
            game.play(move)
        except IllegalMoveError as error:
            if not checked:
                raise
            raise SolverError(f"solution move {number} ({move}) refused: {error}") from None
        positions.append(game.position())
    return positions


def _check_win(position: Position, moves: tuple[Move, ...]) -> None:
    """Replay *moves* from *position* once more: a winning line is never shown unchecked.

    :raises SolverError: when it does not win.
    """
    game = Game(position)
    _positions(game, moves, checked=True)
    if not game.is_won:
        raise SolverError(f"the winning line of {len(moves)} moves does not win")
