"""The answer of a review (SPEC §6 *Where did it go wrong?*) and its JSON
object, which a stored review is read back from.

>>> from yukon.engine import Move
>>> line = (Move.parse("6C>1"), Move.parse("TS>2"))
>>> found = Review(
...     ReviewStatus.FOUND,
...     line,
...     last_winnable=1,
...     losing_move=line[1],
...     better_move=Move.parse("AH>F"),
...     winning_line=(Move.parse("AH>F"), Move.parse("5H>5")),
... )
>>> found.as_dict()["losing_move"], Review.from_dict(found.as_dict()) == found
('TS>2', True)
>>> Review.from_dict(found.as_dict() | {"last_winnable": 0})
Traceback (most recent call last):
...
ValueError: not a valid 'found' review: the losing move must be move 1 of the line
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Final

from yukon.engine import Move, YukonError

__all__ = ["Review", "ReviewStatus"]


class ReviewStatus(enum.Enum):
    """What the review found; the value is the code the CLI and API print."""

    FOUND = "found"
    """The line threw a win away: the last winnable position and the losing move."""
    WON = "won"
    """The game was won; :attr:`Review.par` says in how few moves it could be."""
    STILL_WINNABLE = "still_winnable"
    """The game's last position can still be won."""
    LOST_FROM_THE_DEAL = "lost_from_the_deal"
    """The deal itself cannot be won: no move lost it."""
    UNKNOWN = "unknown"
    """The budget left some positions undecided (:attr:`Review.unknown_between`)."""


@dataclass(frozen=True, slots=True)
class Review:
    """The answer of SPEC §6 and what it cost.

    *line* is the game's line; *last_winnable* K counts the moves of the line
    played before *losing_move* (``line[K]``), so position K is winnable
    (*winning_line* wins from it, starting with *better_move*) and position
    K + 1 is proved lost. For ``still_winnable``, K is the line's length and
    there is no losing move. For ``unknown``, *unknown_between* (i, j) are the
    first and last positions left undecided (position p is the one after p
    moves of the line): every position before i is winnable, every one after
    j lost. *par* is the length of the solver's (shortened) solution of the
    deal, for a won game.

    :raises ValueError: when the fields do not make one of the answers.
    """

    status: ReviewStatus
    line: tuple[Move, ...]
    last_winnable: int | None = None
    losing_move: Move | None = None
    better_move: Move | None = None
    winning_line: tuple[Move, ...] = ()
    unknown_between: tuple[int, int] | None = None
    par: int | None = None
    solver_calls: int = 0
    states: int = 0

    def __post_init__(self) -> None:
        problem = _problem(self)
        if problem is not None:
            raise ValueError(f"not a valid {self.status.value!r} review: {problem}")

    def as_dict(self) -> dict[str, object]:
        """The object ``yukon review --json`` prints (SPEC §6), moves in the
        notation of SPEC §3, plus the cost: ``solver_calls`` and ``states``."""
        return {
            "line": [str(move) for move in self.line],
            "last_winnable": self.last_winnable,
            "losing_move": _text(self.losing_move),
            "better_move": _text(self.better_move),
            "winning_line": [str(move) for move in self.winning_line],
            "status": self.status.value,
            "unknown_between": None if self.unknown_between is None else list(self.unknown_between),
            "par": self.par,
            "solver_calls": self.solver_calls,
            "states": self.states,
        }

    @classmethod
    def from_dict(cls, data: object) -> Review:
        """Read back what :meth:`as_dict` wrote.

        :raises ValueError: saying what is wrong, for anything else.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"a review is a JSON object, not {type(data).__name__}")
        keys = set(data)
        missing, extra = sorted(_KEYS - keys), sorted(map(str, keys - _KEYS))
        if missing:
            raise ValueError(f"a review lacks {', '.join(missing)}")
        if extra:
            raise ValueError(f"a review has no field {', '.join(map(repr, extra))}")
        try:
            status = ReviewStatus(data["status"])
        except (ValueError, TypeError):
            raise ValueError(f"unknown review status {data['status']!r}") from None
        return cls(
            status=status,
            line=_moves(data, "line"),
            last_winnable=_count(data, "last_winnable", optional=True),
            losing_move=_move(data, "losing_move"),
            better_move=_move(data, "better_move"),
            winning_line=_moves(data, "winning_line"),
            unknown_between=_range(data),
            par=_count(data, "par", optional=True),
            solver_calls=_required_count(data, "solver_calls"),
            states=_required_count(data, "states"),
        )


_KEYS: Final = frozenset(field.name for field in fields(Review))
"""The fields of the JSON object, the same as the answer's."""


def _problem(review: Review) -> str | None:
    """What keeps *review*'s fields from making its answer, or ``None``."""
    for check in (_position_problem, _line_problem, _range_problem):
        problem = check(review)
        if problem is not None:
            return problem
    if review.par is not None and (review.status is not ReviewStatus.WON or review.par < 1):
        return "par is a positive length, for a won game only"
    if review.solver_calls < 0 or review.states < 0:
        return "the cost cannot be negative"
    return None


def _position_problem(review: Review) -> str | None:
    """The last winnable position and the losing move."""
    status, length, last = review.status, len(review.line), review.last_winnable
    if status is ReviewStatus.FOUND:
        if last is None or not 0 <= last < length:
            return f"last_winnable must be a position before the line's end ({length})"
        if review.losing_move != review.line[last]:
            return f"the losing move must be move {last + 1} of the line"
        return None
    if status is ReviewStatus.STILL_WINNABLE:
        if last != length:
            return f"last_winnable must be the line's length ({length})"
    elif last is not None:
        return "last_winnable must be null"
    if review.losing_move is not None:
        return "losing_move must be null"
    return None


def _line_problem(review: Review) -> str | None:
    """The better move and the winning line."""
    if review.status in (ReviewStatus.FOUND, ReviewStatus.STILL_WINNABLE):
        if not review.winning_line or review.better_move != review.winning_line[0]:
            return "the better move must be the first move of a winning line"
        if review.better_move == review.losing_move:
            return "the better move must differ from the losing move"
    elif review.better_move is not None or review.winning_line:
        return "better_move and winning_line must be empty"
    return None


def _range_problem(review: Review) -> str | None:
    """The positions left undecided."""
    between, length = review.unknown_between, len(review.line)
    if review.status is ReviewStatus.UNKNOWN:
        if between is None or not 0 <= between[0] <= between[1] <= length:
            return f"unknown_between must be positions i <= j of the line (0 to {length})"
    elif between is not None:
        return "unknown_between must be null"
    return None


def _text(move: Move | None) -> str | None:
    return None if move is None else str(move)


def _move(data: Mapping[str, object], key: str) -> Move | None:
    value = data[key]
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a move or null, not {value!r}")
    try:
        return Move.parse(value)
    except YukonError as error:
        raise ValueError(f"{key}: {error}") from None


def _moves(data: Mapping[str, object], key: str) -> tuple[Move, ...]:
    value = data[key]
    if not isinstance(value, list):
        raise ValueError(f"{key} must be a list of moves, not {value!r}")
    moves = []
    for number, text in enumerate(value, 1):
        if not isinstance(text, str):
            raise ValueError(f"{key} move {number} must be text, not {text!r}")
        try:
            moves.append(Move.parse(text))
        except YukonError as error:
            raise ValueError(f"{key} move {number}: {error}") from None
    return tuple(moves)


def _count(data: Mapping[str, object], key: str, *, optional: bool) -> int | None:
    value = data[key]
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        kind = "a whole number 0 or more" + (" or null" if optional else "")
        raise ValueError(f"{key} must be {kind}, not {value!r}")
    return value


def _required_count(data: Mapping[str, object], key: str) -> int:
    value = _count(data, key, optional=False)
    assert value is not None
    return value


def _range(data: Mapping[str, object]) -> tuple[int, int] | None:
    value = data["unknown_between"]
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(end, int) and not isinstance(end, bool) for end in value)
    ):
        raise ValueError(f"unknown_between must be two positions [i, j] or null, not {value!r}")
    return value[0], value[1]
