"""Winnable deals on demand: a shipped pool of deal numbers the solver has won,
one file per rule set (``data/<id>.txt``, built by ``bench/solver_pool.py``).

>>> import random
>>> code = winnable_deal(RuleSet.parse("relaxed"), random.Random(5))
>>> code.rules
RuleSet.parse('R')
"""

from __future__ import annotations

import functools
import random
from importlib import resources

from yukon.engine import GameCode, Position, RuleSet
from yukon.solver.result import Limit, Status
from yukon.solver.search import solve

__all__ = ["find_winnable_deal", "pool", "winnable_deal"]


@functools.cache
def pool(rules: RuleSet) -> tuple[int, ...]:
    """The shipped deal numbers verified won under *rules* (read once)."""
    data = resources.files("yukon.solver") / "data" / f"{rules.id}.txt"
    if not data.is_file():
        return ()
    numbers = []
    for line in data.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            numbers.append(int(text))
    return tuple(numbers)


def winnable_deal(rules: RuleSet, rng: random.Random) -> GameCode:
    """A deal the solver has won, drawn from the shipped pool (instant).

    :raises LookupError: if the package was built without its pool.
    """
    numbers = pool(rules)
    if not numbers:
        raise LookupError("the package ships no pool of winnable deals")
    return GameCode(rules, rng.choice(numbers))


def find_winnable_deal(
    rules: RuleSet, rng: random.Random, *, limit: Limit, tries: int = 20
) -> GameCode | None:
    """A fresh random deal that the solver wins within *limit*, trying up to
    *tries* deals (for refilling a pool in the background); ``None`` if none won."""
    for _ in range(tries):
        code = GameCode.random(rules, rng=rng)
        if solve(Position.from_code(code), limit).status is Status.WON:
            return code
    return None
