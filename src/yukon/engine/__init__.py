"""The rules engine: pure Python, standard library only, no I/O, no clock, no global random."""

from yukon.engine.cards import DECK, Card, Color, Rank, Suit
from yukon.engine.codes import DEAL_COUNT, GameCode, Rules
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
from yukon.engine.game import MAX_UNDO, Game, LegalMoves, NothingToUndoError, Played
from yukon.engine.moves import Move
from yukon.engine.position import Position
from yukon.engine.record import Record
from yukon.engine.rules import MAX_GROUP, Reason, Refusal, can_stack, fits_empty

__all__ = [
    "DEAL_COUNT",
    "DECK",
    "MAX_GROUP",
    "MAX_UNDO",
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
    "Played",
    "Position",
    "Rank",
    "Reason",
    "Record",
    "Refusal",
    "Rules",
    "Suit",
    "YukonError",
    "can_stack",
    "fits_empty",
]
