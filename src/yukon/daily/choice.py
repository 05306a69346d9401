"""Which deal is the daily deal of a date: the derivation, frozen like the codes.

The daily deal of a date (a UTC calendar day) under a rule set is found from
the date and the rules' code letter alone, so that every player on every server,
and every future version of the app, plays the same deal (SPEC §6):

1. The **day number** *d* counts the days from 1970-01-01 to the date
   (1970-01-01 is 0, 2026-12-06 is 20,793).
2. A SplitMix64 generator (the one that shuffles the deals, SPEC §2) is seeded
   with ``d × 256 + L``, where *L* is the ASCII code of the rules letter (``C``
   67, ``R`` 82, ``S`` 83, ``A`` 65). Each draw modulo 26⁷ is a **candidate**
   deal number.
3. The daily deal is the first candidate that the frozen search of
   :mod:`yukon.daily.search` wins, within its fixed cap of positions. The line
   it wins by is replayed through the engine: every daily deal comes with a
   solution.

Nothing here asks the main solver, whose verdicts improve with its budget and
version: the frozen search's own verdicts are part of this contract (a change to
it or to the steps above would be a new derivation, as ``YU2`` would be for the
codes). The test vectors in ``tests/daily/test_choice.py`` pin it.

**What it costs.** Each candidate costs at most the search's cap of 5,000
positions; a candidate fails within the cap for about 4 in 10 Classic deals and
3 in 10 Alaska and 1 in 10 Relaxed ones, so most days need one or two (the
shipped table's days: 1.6, 1.8 and 1.1 a day). Russian Solitaire wins only
about 6 % of deals, but the search exhausts nearly every lost one in a few
hundred positions, so its days need about 16 candidates (15.4 a day, at most
88) and cost a few seconds. The shipped table (:mod:`yukon.daily.table`) holds
the days from the first daily deal through 2027-12-31; the app derives only the
days past it, once each (docs/daily.md).

>>> from yukon.engine import RuleSet
>>> [hex(seed) for seed in (seed_of(20793, RuleSet.parse("classic")),)]
['0x513943']
>>> derived = derive(20793, RuleSet.parse("classic"))
>>> str(derived.code), len(derived.solution) > 0
('YU1-C-XZBURHR', True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from typing import Final

from yukon.daily.search import frozen_search
from yukon.engine import DEAL_COUNT, Game, GameCode, Move, RuleSet
from yukon.engine.deal import splitmix64

__all__ = ["Derived", "candidates", "derive", "seed_of"]

_SEED_SHIFT: Final = 8


@dataclass(frozen=True, slots=True)
class Derived:
    """A daily deal as derived: its *code*, the *solution* the frozen search
    found, and which *candidate* it was (0 the first drawn)."""

    code: GameCode
    solution: tuple[Move, ...]
    candidate: int


def seed_of(day: int, rules: RuleSet) -> int:
    """The seed of day number *day*'s candidates under *rules*: ``day × 256 + L``."""
    return (day << _SEED_SHIFT) + ord(rules.letter)


def candidates(day: int, rules: RuleSet) -> Iterator[int]:
    """The candidate deal numbers of day number *day* under *rules*, in order (endless).

    >>> from yukon.engine import RuleSet
    >>> numbers = candidates(0, RuleSet.parse("classic"))
    >>> next(numbers), next(numbers)
    (1421152324, 2020881937)
    """
    for draw in splitmix64(seed_of(day, rules)):
        yield draw % DEAL_COUNT


def derive(day: int, rules: RuleSet) -> Derived:
    """The daily deal of day number *day* under *rules*, with its solution checked:
    the first candidate the frozen search wins."""
    for index, number in zip(count(), candidates(day, rules), strict=False):
        solution = frozen_search(number, rules)
        if solution is not None:
            code = GameCode(rules, number)
            replay_to_win(code, solution)
            return Derived(code, solution, index)
    raise AssertionError("candidates() never ends")  # pragma: no cover


def replay_to_win(code: GameCode, solution: tuple[Move, ...]) -> None:
    """Play *solution* from the deal of *code* through the engine's checked moves.

    :raises IllegalMoveError: for a move the rules refuse.
    :raises ValueError: when the line is legal but does not win.
    """
    game = Game.from_code(code)
    for move in solution:
        game.play(move)
    if not game.is_won:
        raise ValueError(f"the solution of {code} does not win: {len(solution)} moves")
