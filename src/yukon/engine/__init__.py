"""The rules engine: pure Python, standard library only, no I/O, no clock, no global random."""

from yukon.engine.cards import DECK, Card, Color, Rank, Suit
from yukon.engine.codes import DEAL_COUNT, GameCode
from yukon.engine.errors import (
    CodeProblem,
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRecordError,
    YukonError,
)
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
    "CodeProblem",
    "Color",
    "Game",
    "GameCode",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
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
    "YukonError",
    "double_taps",
    "fits_empty",
]
