"""What the solver is asked for and what it answers: a budget and a verdict.

>>> Limit(states=1000)
Limit(seconds=None, states=1000)
>>> str(Limit(seconds=2.5, states=1000)), Limit.parse("states=1000")
('seconds=2.5,states=1000', Limit(seconds=None, states=1000))
>>> Status.WON.value
'won'
>>> ProvedBy("frozen", cards=("8H",)).as_json()
{'proof': 'frozen', 'cards': ['8H']}
>>> SolveResult(Status.UNWINNABLE).as_dict()["proved_by"]
'search'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from yukon.engine import Move

__all__ = ["SEARCH", "SOLUTION", "Limit", "ProvedBy", "SolveResult", "SolverError", "Status"]


@dataclass(frozen=True, slots=True)
class Limit:
    """A search budget: wall-clock *seconds* and/or a number of *states*.

    A budget in states alone makes the answer deterministic on every machine; a
    budget in seconds suits the product. ``None`` means no bound on that measure.

    :raises ValueError: for a negative or zero bound.
    """

    seconds: float | None = None
    states: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"seconds must be positive, not {self.seconds!r}")
        if self.states is not None and self.states < 1:
            raise ValueError(f"states must be at least 1, not {self.states!r}")

    def __str__(self) -> str:
        """The budget as text, e.g. ``states=1000000``: how analysis files record it."""
        parts = []
        if self.seconds is not None:
            parts.append(f"seconds={self.seconds!r}")
        if self.states is not None:
            parts.append(f"states={self.states}")
        return ",".join(parts) or "unbounded"

    @classmethod
    def parse(cls, text: str) -> Limit:
        """The inverse of :meth:`__str__`.

        :raises ValueError: for text that is not a budget.
        """
        if text == "unbounded":
            return cls()
        bounds: dict[str, str] = {}
        for part in text.split(","):
            name, _, value = part.partition("=")
            if name not in ("seconds", "states") or name in bounds or not value:
                raise ValueError(f"not a budget: {text!r}")
            bounds[name] = value
        seconds, states = bounds.get("seconds"), bounds.get("states")
        return cls(
            seconds=None if seconds is None else float(seconds),
            states=None if states is None else int(states),
        )


class Status(enum.Enum):
    """The verdict; the value is the stable code the CLI and API print."""

    WON = "won"
    """A solution was found and replayed to a win through the engine."""
    UNWINNABLE = "unwinnable"
    """The complete search was exhausted: no sequence of moves wins."""
    UNKNOWN = "unknown"
    """The budget ran out first."""


SOLUTION: Final = "solution"
"""What decides a win: the solution found, replayed through the engine."""
SEARCH: Final = "search"
"""What decides a loss no proof found: the complete search, exhausted."""


@dataclass(frozen=True, slots=True)
class ProvedBy:
    """What decided a verdict: :data:`SOLUTION`, :data:`SEARCH`, or the *name* of a proof of
    :mod:`yukon.solver.proofs`, with what it concerns where that is cheap to say: the *cards*
    (in the notation of SPEC §3), the *suits* (letters) or the *events* (``leave 6D``,
    ``up 7S``) it found; *deep* when the orders found them asked again, deeper (rule 3, and the
    wider searches of ``orders-wide``)."""

    name: str
    cards: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    deep: bool = False

    def as_json(self) -> str | dict[str, object]:
        """``"solution"`` or ``"search"``, else ``{"proof": name, ...}`` with what it
        concerns (only the fields that say something)."""
        if self.name in (SOLUTION, SEARCH):
            return self.name
        shown: dict[str, object] = {"proof": self.name}
        for field, value in (("cards", self.cards), ("suits", self.suits), ("events", self.events)):
            if value:
                shown[field] = list(value)
        if self.deep:
            shown["deep"] = True
        return shown

    @classmethod
    def from_json(cls, data: object) -> ProvedBy:
        """The inverse of :meth:`as_json`.

        :raises ValueError: for data that says no such thing.
        """
        if data in (SOLUTION, SEARCH):
            return cls(str(data))
        if not isinstance(data, dict) or not isinstance(data.get("proof"), str):
            raise ValueError(f"not what decided a verdict: {data!r}")
        if not set(data) <= {"proof", "cards", "suits", "events", "deep"}:
            raise ValueError(f"not what decided a verdict: {data!r}")
        lists = [data.get(field, []) for field in ("cards", "suits", "events")]
        if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in lists):
            raise ValueError(f"not what decided a verdict: {data!r}")
        cards, suits, events = (tuple(v) for v in lists)
        return cls(data["proof"], cards, suits, events, data.get("deep") is True)


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The verdict for a position, the winning *moves* when it is won, the cost, and what
    decided it (*proved_by*: when not given, the solution for a win and the search for a
    loss)."""

    status: Status
    moves: tuple[Move, ...] = ()
    states: int = 0
    seconds: float = 0.0
    proved_by: ProvedBy | None = None

    @property
    def decided_by(self) -> ProvedBy | None:
        """What decided the verdict; ``None`` for ``UNKNOWN``."""
        if self.status is Status.UNKNOWN:
            return None
        if self.proved_by is not None:
            return self.proved_by
        return ProvedBy(SOLUTION if self.status is Status.WON else SEARCH)

    def proved_by_json(self) -> str | dict[str, object] | None:
        """:attr:`decided_by` in JSON form (``None`` for ``UNKNOWN``)."""
        decided = self.decided_by
        return None if decided is None else decided.as_json()

    @property
    def is_decided(self) -> bool:
        """Whether the search reached a verdict (won or unwinnable)."""
        return self.status is not Status.UNKNOWN

    def as_dict(self) -> dict[str, object]:
        """The result in JSON form, moves in the notation of SPEC §3."""
        return {
            "status": self.status.value,
            "moves": [str(move) for move in self.moves],
            "states": self.states,
            "seconds": round(self.seconds, 3),
            "proved_by": self.proved_by_json(),
        }


class SolverError(RuntimeError):
    """A solution the engine refuses: a bug in the solver, never a verdict.

    Here rather than beside the search that raises it: the compiled build
    compiles the search, and mypyc cannot compile a class derived from a
    built-in exception."""
