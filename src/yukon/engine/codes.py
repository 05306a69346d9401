"""Game codes such as ``YU1-C-AAAAAAB`` (SPEC §2).

>>> code = GameCode.parse("  yu1-c-aaaaaab ")
>>> code
GameCode.parse('YU1-C-AAAAAAB')
>>> code.number, code.rules
(1, RuleSet.parse('C'))
>>> str(GameCode(RuleSet.parse('R'), 26**7 - 1))
'YU1-R-ZZZZZZZ'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from yukon.engine.errors import CodeProblem, InvalidCodeError
from yukon.engine.rulesets import RuleSet

__all__ = ["DEAL_COUNT", "PREFIX", "GameCode", "letters_to_number", "number_to_letters"]

PREFIX: Final = "YU1"
LETTERS: Final = 7
DEAL_COUNT: Final = 26**LETTERS
"""How many deals there are: 26^7 = 8,031,810,176, numbered 0 … DEAL_COUNT − 1."""


def number_to_letters(number: int) -> str:
    """The seven letters of deal *number*: base 26, ``A`` = 0, most significant first.

    >>> number_to_letters(0), number_to_letters(1), number_to_letters(26)
    ('AAAAAAA', 'AAAAAAB', 'AAAAABA')
    """
    if not 0 <= number < DEAL_COUNT:
        raise InvalidCodeError(
            f"deal number {number!r} is outside 0 … {DEAL_COUNT - 1}", CodeProblem.NUMBER
        )
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def letters_to_number(letters: str) -> int:
    """The deal number of seven letters ``A``–``Z`` (any case).

    >>> letters_to_number("ZZZZZZZ")
    8031810175
    """
    text = letters.upper()
    if len(text) != LETTERS:
        raise InvalidCodeError(
            f"the deal part {letters!r} has {len(text)} letters; it needs exactly {LETTERS}",
            CodeProblem.LENGTH,
        )
    number = 0
    for position, char in enumerate(text, start=1):
        if not ("A" <= char <= "Z"):
            raise InvalidCodeError(
                f"the deal part {letters!r} has {char!r} at position {position};"
                " only the letters A to Z are allowed",
                CodeProblem.CHARACTER,
            )
        number = number * 26 + ord(char) - ord("A")
    return number


@dataclass(frozen=True, slots=True)
class GameCode:
    """A deal and its rules; the code reproduces the game exactly."""

    rules: RuleSet
    number: int

    def __post_init__(self) -> None:
        if not isinstance(self.number, int) or not 0 <= self.number < DEAL_COUNT:
            raise InvalidCodeError(
                f"deal number {self.number!r} is outside 0 … {DEAL_COUNT - 1}", CodeProblem.NUMBER
            )

    @property
    def letters(self) -> str:
        return number_to_letters(self.number)

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """Parse a code, case-insensitively and ignoring surrounding white space.

        :raises InvalidCodeError: saying which part is wrong.
        """
        if not isinstance(text, str):
            raise InvalidCodeError(
                f"a game code must be text, not {type(text).__name__}", CodeProblem.NOT_TEXT
            )
        stripped = text.strip()
        if not stripped:
            raise InvalidCodeError(
                "the game code is empty; it looks like 'YU1-C-AAAAAAB'", CodeProblem.EMPTY
            )
        parts = stripped.upper().split("-")
        if parts[0] != PREFIX:
            raise InvalidCodeError(
                f"unknown prefix {stripped.split('-')[0]!r} in {text!r}:"
                f" a code starts with {PREFIX!r}, as in 'YU1-C-AAAAAAB'",
                CodeProblem.PREFIX,
            )
        if len(parts) != 3:
            raise InvalidCodeError(
                f"{text!r} has {len(parts)} parts; a code has three, as in 'YU1-C-AAAAAAB'",
                CodeProblem.PARTS,
            )
        _, rules_part, letters = parts
        try:
            rules = RuleSet.parse(rules_part, letter=True)
        except InvalidCodeError as error:
            raise InvalidCodeError(
                f"bad rules letter {rules_part!r} in {text!r}; {error}", CodeProblem.RULES
            ) from None
        try:
            number = letters_to_number(letters)
        except InvalidCodeError as error:
            raise InvalidCodeError(f"{text!r}: {error}", error.problem) from None
        return cls(rules, number)

    @classmethod
    def random(cls, rules: RuleSet, *, rng: random.Random) -> GameCode:
        """A uniformly drawn deal under *rules*.

        The caller owns the randomness (the engine keeps none): pass
        ``random.SystemRandom()`` for play, a seeded ``random.Random`` for tests.
        """
        return cls(rules, rng.randrange(DEAL_COUNT))

    def with_rules(self, rules: RuleSet) -> GameCode:
        """The same deal under other rules."""
        return GameCode(rules, self.number)

    def __str__(self) -> str:
        return f"{PREFIX}-{self.rules.letter}-{self.letters}"

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"
