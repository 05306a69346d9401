"""Where did it go wrong? (SPEC §6) for a stored game: its review read back from
the database when one was kept for the game as it is, else made by the coach's
:class:`~yukon.coach.Reviewer` with the solver workers of :mod:`yukon.web.solving`,
one position at a time, each a search of the player's like a hint or an analysis.

The whole review is bounded: a position is searched only while the review's time
left holds a whole search of it (the per-position budget); the positions left
then are answered "undecided" without a search, so the reviewer concludes at once
with an honest ``unknown`` and the range it could not decide. A decided review
(any other status; a won game's with its par) is kept with the game for the
game's version: it is the answer to every later look until the game changes.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from typing import Final

from yukon.coach import Review, Reviewer, ReviewStatus
from yukon.solver import SolveResult, Status
from yukon.storage import LiveGame
from yukon.web.solving import Asker, Kind, Solving

__all__ = ["is_final", "make_review", "stored_review"]

_log: Final = logging.getLogger("yukon.web")

_UNDECIDED: Final = SolveResult(Status.UNKNOWN)
"""The answer to a position the review had no time left to search."""


def stored_review(text: str | None, live: LiveGame) -> Review | None:
    """The review kept with *live* (JSON *text*), when it reads as a review of
    *live*'s line; ``None`` when there is none, or when it is damaged (then it is
    made again, and stored anew, as if there had been none)."""
    if text is None:
        return None
    try:
        review = Review.from_dict(json.loads(text))
    except (ValueError, RecursionError) as error:
        _log.warning("the stored review of game %s is damaged, made again: %s", live.id, error)
        return None
    game = live.game
    if review.line != game.line or (review.status is ReviewStatus.WON) != game.is_won:
        _log.warning("the stored review of game %s is of another line, made again", live.id)
        return None
    return review


def is_final(review: Review) -> bool:
    """Whether *review* is worth keeping with the game: decided, and for a won game
    with its par (a search with more time might give what this one did not)."""
    if review.status is ReviewStatus.WON:
        return review.par is not None
    return review.status is not ReviewStatus.UNKNOWN


async def make_review(solving: Solving, asker: Asker, reviewer: Reviewer, seconds: float) -> Review:
    """The review that *reviewer* plans, its positions searched by *solving* for
    *asker* while *seconds* of the review's time are left for a whole search.

    :raises ApiError: as :meth:`Solving.review_step` does (the player's other
        search, a full line, the game changed meanwhile).
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    unsearched = 0
    while (question := reviewer.question()) is not None:
        # The reviewer's budget is in seconds (its share of the budget per position).
        budget = question.limit.seconds or solving.budgets[Kind.REVIEW]
        if deadline - loop.time() < budget:
            unsearched += 1
            reviewer.answer(_UNDECIDED)
            continue
        reviewer.answer(await solving.review_step(asker, question.position, budget))
    review = reviewer.review()
    return replace(review, solver_calls=review.solver_calls - unsearched)
