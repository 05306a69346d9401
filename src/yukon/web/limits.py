"""How many games a player may start: a sliding window per player, kept in the
process (each process of a larger site counts its own share)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Final

from yukon.engine.words import counted
from yukon.web.errors import retry_later

__all__ = ["RateLimit"]

_WINDOW: Final = 60.0
_SWEEP_AT: Final = 10_000
"""Players remembered before the ones with nothing left in the window are dropped."""


class RateLimit:
    """At most *per_minute* events per player in any 60 seconds of *clock*.

    >>> from yukon.web.errors import ApiError
    >>> now = [0.0]
    >>> limit = RateLimit(2, clock=lambda: now[0])
    >>> limit.take("p"); limit.take("p")
    >>> try:
    ...     limit.take("p")
    ... except ApiError as error:
    ...     error.status, error.details["retry_after"]
    (429, 60)
    >>> now[0] = 60.5; limit.take("p")
    """

    def __init__(self, per_minute: int, *, clock: Callable[[], float]) -> None:
        self.per_minute = per_minute
        self._clock = clock
        self._events: dict[str, deque[float]] = {}

    def take(self, player: str) -> None:
        """Count one event for *player*.

        :raises ApiError: ``too_many_requests`` (429) past the limit; nothing is counted then.
        """
        now = self._clock()
        events = self._events.setdefault(player, deque())
        while events and events[0] <= now - _WINDOW:
            events.popleft()
        if len(events) >= self.per_minute:
            wait = max(1, round(events[0] + _WINDOW - now))
            raise retry_later(
                "too_many_requests",
                f"at most {counted(self.per_minute, 'new game')} a minute; try again in {wait} s",
                wait,
            )
        events.append(now)
        if len(self._events) > _SWEEP_AT:
            self._sweep(now)

    def _sweep(self, now: float) -> None:
        self._events = {
            player: events
            for player, events in self._events.items()
            if events and events[-1] > now - _WINDOW
        }
