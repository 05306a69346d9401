"""The engine's errors: a small named hierarchy under :class:`ValueError`."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from yukon.engine.rules import Refusal

__all__ = [
    "CodeProblem",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRecordError",
    "YukonError",
]


class YukonError(ValueError):
    """Base of every error the engine raises for bad input."""


class InvalidCardError(YukonError):
    """Text that is not a card."""


class CodeProblem(enum.Enum):
    """What is wrong with a game code; the value is the stable code the API sends."""

    NOT_TEXT = "not_text"
    EMPTY = "empty"
    PREFIX = "prefix"
    PARTS = "parts"
    RULES = "rules"
    LENGTH = "length"
    CHARACTER = "character"
    NUMBER = "number"


class InvalidCodeError(YukonError):
    """Text that is not a game code; the message says what is wrong and
    :attr:`problem` names it for a client that writes its own words."""

    def __init__(self, message: str, problem: CodeProblem) -> None:
        super().__init__(message)
        self.problem = problem


class InvalidMoveError(YukonError):
    """Text that is not a move in the notation of SPEC §3."""


class InvalidPositionError(YukonError):
    """A position (for example one read from JSON) that cannot arise in Yukon."""


class IllegalMoveError(YukonError):
    """A well-formed move that the rules refuse; :attr:`refusal` says why. Its text
    is the refusal's code and cards, for a developer; a player's words for it are
    the catalogs' (:func:`yukon.i18n.messages.refusal_message`)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


class InvalidRecordError(YukonError):
    """A game record whose code or one of whose moves is bad.

    :attr:`position` is the 1-based number of the offending move (0 for the code),
    :attr:`text` the offending text and :attr:`cause` the underlying error.
    """

    def __init__(self, position: int, text: str, cause: YukonError) -> None:
        super().__init__(f"{_where(position, text)}: {cause}")
        self.position = position
        self.text = text
        self.cause = cause

    @property
    def where(self) -> str:
        """Where in the record: ``game code (TEXT)`` or ``move N (TEXT)``, for a
        report that words the cause its own way."""
        return _where(self.position, self.text)


def _where(position: int, text: str) -> str:
    return f"game code ({text})" if position == 0 else f"move {position} ({text})"
