"""What the solver is asked for and what it answers: a budget and a verdict.

>>> Limit(states=1000)
Limit(seconds=None, states=1000)
>>> Status.WON.value
'won'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from yukon.engine import Move

__all__ = ["Limit", "SolveResult", "Status"]


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
