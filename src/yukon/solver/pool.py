"""Winnable deals on demand: a shipped pool of deal numbers the solver has won.

A deal won under Classic rules is won under Relaxed rules too (every Classic
move is a Relaxed move), so the Classic pool also serves Relaxed games.

>>> import random
>>> code = winnable_deal(Rules.RELAXED, random.Random(5))
>>> code.rules
<Rules.RELAXED: 'R'>
"""

from __future__ import annotations

import functools
import random
from importlib import resources

from yukon.engine import GameCode, Position, Rules
from yukon.solver.result import Limit, Status
from yukon.solver.search import solve

__all__ = ["find_winnable_deal", "pool", "winnable_deal"]


@functools.cache
def pool(rules: Rules) -> tuple[int, ...]:
    """The shipped deal numbers verified won under *rules* (read once)."""
    names = {Rules.CLASSIC: "classic.txt", Rules.RELAXED: "relaxed.txt"}
    data = resources.files("yukon.solver") / "data" / names[rules]
    if not data.is_file():
        return pool(Rules.CLASSIC) if rules is Rules.RELAXED else ()
    numbers = []
    for line in data.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            numbers.append(int(text))
    return tuple(numbers)


def winnable_deal(rules: Rules, rng: random.Random) -> GameCode:
    """A deal the solver has won, drawn from the shipped pool (instant).

    :raises LookupError: if the package was built without its pool.
    """
    numbers = pool(rules)
    if not numbers:
        raise LookupError("the package ships no pool of winnable deals")
    return GameCode(rules, rng.choice(numbers))


def find_winnable_deal(
    rules: Rules, rng: random.Random, *, limit: Limit, tries: int = 20
) -> GameCode | None:
    """A fresh random deal that the solver wins within *limit*, trying up to
    *tries* deals (for refilling a pool in the background); ``None`` if none won."""
    for _ in range(tries):
        code = GameCode.random(rules, rng=rng)
        if solve(Position.from_code(code), limit).status is Status.WON:
            return code
    return None
