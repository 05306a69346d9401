"""What the solver is asked for and what it answers: a budget and a verdict.

>>> Limit(states=1000)
Limit(seconds=None, states=1000)
>>> str(Limit(seconds=2.5, states=1000)), Limit.parse("states=1000")
('seconds=2.5,states=1000', Limit(seconds=None, states=1000))
>>> Status.WON.value
'won'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from yukon.engine import Move

__all__ = ["Limit", "SolveResult", "SolverError", "Status"]


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


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The verdict for a position, the winning *moves* when it is won, and the cost."""

    status: Status
    moves: tuple[Move, ...] = ()
    states: int = 0
    seconds: float = 0.0

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
        }


class SolverError(RuntimeError):
    """A solution the engine refuses: a bug in the solver, never a verdict.

    Here rather than beside the search that raises it: the compiled build
    compiles the search, and mypyc cannot compile a class derived from a
    built-in exception."""
