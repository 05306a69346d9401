"""The rules engine: pure Python, standard library only, no I/O, no clock, no global random."""

from yukon.engine import errors
from yukon.engine.cards import DECK, Card, Color, Rank, Suit
from yukon.engine.codes import DEAL_COUNT, GameCode
from yukon.engine.errors import *  # noqa: F403 (exported as errors.__all__ says, below)
from yukon.engine.game import MAX_UNDO, Game, LegalMoves, NothingToUndoError, Outcome, Played
from yukon.engine.moves import Move
from yukon.engine.position import Position
from yukon.engine.record import Record
from yukon.engine.rules import MAX_GROUP, Reason, Refusal, fits_empty
from yukon.engine.rulesets import CLASSIC, RELAXED, RULE_SETS, RuleSet
from yukon.engine.taps import double_taps

__all__ = [
    "CLASSIC",
    "DEAL_COUNT",
    "DECK",
    "MAX_GROUP",
    "MAX_UNDO",
    "RELAXED",
    "RULE_SETS",
    "Card",
    "Color",
    "Game",
    "GameCode",
    "LegalMoves",
    "Move",
    "NothingToUndoError",
    "Outcome",
    "Played",
    "Position",
    "Rank",
    "Reason",
    "Record",
    "Refusal",
    "RuleSet",
    "Suit",
    "double_taps",
    "fits_empty",
]
# The errors, as the errors module lists them (its __all__ is the one list to keep).
__all__ += errors.__all__
