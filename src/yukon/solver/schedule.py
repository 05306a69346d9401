"""When the search asks each proof of loss, and how it shares its states between its phases:
one table, :data:`SCHEDULE`, and the numbers of the turns. Changing when a proof runs, or at
what cost, is an edit here; the search (:mod:`yukon.solver.search`) reads this and nothing else
for it. docs/solver.md says why each entry is what it is, with the measurements.

>>> [(ask.proof, ask.when) for ask in SCHEDULE if ask.when == ROOT]
[('reach', 'root')]
>>> asked(COMPLETE_START)
('escape', 'pairs')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

__all__ = [
    "AFTER_MOVE",
    "AFTER_TURN",
    "BROAD_LOCAL_STATES",
    "COMPLETE_START",
    "DEEP",
    "DEEP_SECONDS",
    "DEEP_WEIGHTS",
    "EVERY_MOVE",
    "FACE_UP_STATES",
    "IN_STATES_ONLY",
    "LATE",
    "LATE_WEIGHTS",
    "LOCAL_STATES",
    "ONCE",
    "ORDERS_SECONDS",
    "RESTART_STATES",
    "ROOT",
    "SCHEDULE",
    "SLICE",
    "WEIGHTS",
    "WIDE_SECONDS",
    "Ask",
    "asked",
    "weights",
]

ROOT: Final = "root"
"""Once, before any phase: a position lost here costs no state."""
COMPLETE_START: Final = "complete start"
"""Once, before the complete search's first turn (a deal the quick phases win never pays)."""
ONCE: Final = "once"
"""Once, before the first turn that starts past :attr:`Ask.after` states."""
AFTER_MOVE: Final = "after move"
"""In the complete search, after every move onto a column (only ``frozen`` asks there)."""
AFTER_TURN: Final = "after turn"
"""In the complete search, after every move that turns a card (only ``reach`` and ``pairs`` ask
there)."""

IN_STATES_ONLY: Final = math.inf
"""As :attr:`Ask.seconds`: a budget in seconds never asks (a budget in states always does). The
pairs after every turn cut a proof's states by a half to a tenth, but slow each state past
``LATE`` (two to three times compiled, ten pure), so a budget in seconds decides fewer deals with
them: of 7 Classic deals version 11 decides past ``LATE``, 2 with them at 3 s compiled instead
of 4, and 2 at 10 s pure instead of 5."""

SLICE: Final = 500
"""The states of one turn of weight 1."""
WEIGHTS: Final = (1, 2, 3, 4, 0, 0, 0)
"""The turns of phases 1–4 in slices: each phase finds some wins far sooner than the others,
and the complete search needs the most states, for proofs. The fifth, the restarts over every
move, has no turn before :data:`EVERY_MOVE`, nor the sixth and seventh, the broad milestones
and the shuffled depth-first search."""
LATE: Final = 200_000
"""After this many states the turns follow :data:`LATE_WEIGHTS`: wins seldom need more, proofs
of unwinnability more often."""
LATE_WEIGHTS: Final = (0, 0, 1, 4, 0, 0, 0)
"""Four of every five states for the complete search, the only phase that proves, and the rest
for the restarts, which cut the tail of the wins."""
ORDERS_SECONDS: Final = 1.5
"""The seconds a budget in seconds must have left for the orders (1–3 s a deal, compiled): a hint
of a second would only spend its last fraction on an ask cut short, while the app's 3 s analysis
has the time (budgets in states always ask: their states and verdicts do not depend on it)."""
DEEP: Final = 1_000_000
"""After this many states the orders are asked again, deeper (rule 3)."""
DEEP_SECONDS: Final = 10.0
"""The seconds a budget in seconds must have left for that (2–6 s more)."""
EVERY_MOVE: Final = DEEP
"""After this many states restarts over every move, as the complete search tries them, take
turns beside the focused ones (:data:`DEEP_WEIGHTS`). Focus leaves out take-backs and moving a
card that fits where it lies to its other place; in Alaska, where a card fits on the next card
of its suit up or down, the wins of the deals still open here need those moves: version 12's
wins past ``DEEP`` were all the complete search's, and of the 21 Alaska deals it leaves open at
2,000,000 states the restarts over every move win 13 (docs/solver.md, version 13). The focused
restarts go on too: under Classic they win as many deals past ``DEEP`` as the restarts over
every move, but not the same deals (version 14)."""
DEEP_WEIGHTS: Final = (0, 2, 2, 12, 2, 1, 1)
"""The turns from :data:`EVERY_MOVE` states on: the restarts over every move take a turn as long
as the focused ones'; phase 2 takes turns again, and two fresh focused searches, the broad
milestones and the shuffled depth-first search, take short ones. A deal still open here is one
the phases' shares leave open, so a search that has not had a turn yet wins some of them within
a few thousand states of its own (version 15, docs/solver.md). The complete search
keeps three of every five states."""
WIDE_SECONDS: Final = 20.0
"""The seconds a budget in seconds must have left for ``orders-wide`` (1–10 s more)."""
LOCAL_STATES: Final = 300
"""How far phase 2 looks from one milestone for the next."""
BROAD_LOCAL_STATES: Final = 3_000
"""How far the broad milestones (the sixth phase) look from one milestone for the next."""
FACE_UP_STATES: Final = 50 * LOCAL_STATES
"""How far it looks for a win from a milestone with every card face up."""
RESTART_STATES: Final = 300
"""The unit of the restart budgets in phase 3."""


@dataclass(frozen=True, slots=True)
class Ask:
    """One entry of the schedule: *proof* (a module of :mod:`yukon.solver.proofs`, or
    ``orders-deep`` for its rule 3) asked *when*, from *after* states of the budget on, with a
    budget in seconds only while it has *seconds* left; *cost* says what an ask costs."""

    proof: str
    when: str
    after: int = 0
    seconds: float = 0.0
    cost: str = ""


SCHEDULE: Final[tuple[Ask, ...]] = (
    Ask("reach", ROOT, cost="a few steps a card"),
    Ask("escape", COMPLETE_START, cost="under a millisecond"),
    Ask("pairs", COMPLETE_START, cost="about 10 ms"),
    Ask("frozen", AFTER_MOVE, cost="a few cards' conditions, the moved card's"),
    Ask("reach", AFTER_TURN, after=LATE, cost="about 15 µs compiled, three states' time"),
    Ask("pairs", AFTER_TURN, after=LATE, seconds=IN_STATES_ONLY, cost="0.2–0.3 ms compiled"),
    Ask("orders", ONCE, after=LATE, seconds=ORDERS_SECONDS, cost="2–3 s"),
    Ask("orders-deep", ONCE, after=DEEP, seconds=DEEP_SECONDS, cost="2–6 s more"),
    Ask("orders-wide", ONCE, after=DEEP, seconds=WIDE_SECONDS, cost="1–10 s more"),
)
"""Every ask of a proof by the search, in the order it asks them at the same point."""


def weights(states: int) -> tuple[int, ...]:
    """The weights of the turns of the seven phases once *states* states are spent."""
    if states >= EVERY_MOVE:
        return DEEP_WEIGHTS
    return LATE_WEIGHTS if states >= LATE else WEIGHTS


def asked(when: str) -> tuple[str, ...]:
    """The proofs asked at *when*, in order."""
    return tuple(ask.proof for ask in SCHEDULE if ask.when == when)
