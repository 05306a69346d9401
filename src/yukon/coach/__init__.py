"""The coach: where a game went wrong (SPEC §6 *Where did it go wrong?*).

Imports the engine and the solver only. :class:`Reviewer` plans a review one
solver question at a time (the web app answers them in its solver workers);
:func:`review` answers them with :func:`yukon.solver.solve` (the command line).
"""

from yukon.coach.answer import Review, ReviewStatus
from yukon.coach.review import DEFAULT_LIMIT, Question, Reviewer, review

# How the review shares its budget (ESCALATION, MAX_ESCALATED, MAX_UNDECIDED) is
# yukon.coach.review's own.
__all__ = ["DEFAULT_LIMIT", "Question", "Review", "ReviewStatus", "Reviewer", "review"]
