"""A position: where every card is, as a frozen value (columns, facing, foundations).

>>> position = Position.from_code(GameCode.parse("YU1-C-AAAAAAB"))
>>> print(position.layout_lines()[1])
2: [9S] 4H 8D 8H 5C JH
>>> Position.parse_column("[9S] 4h 8D")
((Card.parse('9S'), Card.parse('4H'), Card.parse('8D')), 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from yukon.engine.cards import DECK, Card, Rank, Suit
from yukon.engine.codes import GameCode
from yukon.engine.deal import COLUMN_COUNT, deal
from yukon.engine.errors import InvalidCardError, InvalidPositionError
from yukon.engine.rulesets import CLASSIC, RULE_SETS, RuleSet

__all__ = ["Position", "format_column"]


def format_column(cards: Sequence[Card], hidden: int) -> list[str]:
    """A column's cards in notation, face-down ones in brackets."""
    return [f"[{card}]" if i < hidden else str(card) for i, card in enumerate(cards)]


@dataclass(frozen=True, slots=True)
class Position:
    """Every card's place: *columns* bottom to top with the first *hidden[i]* cards
    of column *i* face down, and *foundations* as heights in the order ♠ ♥ ♦ ♣."""

    rules: RuleSet
    columns: tuple[tuple[Card, ...], ...]
    hidden: tuple[int, ...]
    foundations: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        self._check_shape()
        self._check_cards()

    def _check_shape(self) -> None:
        if len(self.columns) != COLUMN_COUNT or len(self.hidden) != COLUMN_COUNT:
            raise InvalidPositionError(f"a position has {COLUMN_COUNT} columns")
        if len(self.foundations) != len(Suit):
            raise InvalidPositionError("a position has 4 foundations, in the order S H D C")
        for height in self.foundations:
            if not 0 <= height <= len(Rank):
                raise InvalidPositionError(f"a foundation holds 0 to 13 cards, not {height!r}")
        for number, (cards, hidden) in enumerate(zip(self.columns, self.hidden, strict=True), 1):
            if not 0 <= hidden <= len(cards):
                raise InvalidPositionError(
                    f"column {number} has {len(cards)} cards and cannot hide {hidden}"
                )
            if cards and hidden == len(cards):
                raise InvalidPositionError(
                    f"column {number} ends in a face-down card; its last card is always face up"
                )

    def _check_cards(self) -> None:
        seen: set[Card] = set()
        for suit, height in zip(Suit, self.foundations, strict=True):
            seen.update(Card(Rank(rank), suit) for rank in range(1, height + 1))
        for number, cards in enumerate(self.columns, 1):
            for card in cards:
                if card in seen:
                    raise InvalidPositionError(f"{card} appears twice (again in column {number})")
                seen.add(card)
        missing = [str(card) for card in DECK if card not in seen]
        if missing:
            raise InvalidPositionError(f"cards missing from the position: {' '.join(missing)}")

    @classmethod
    def from_code(cls, code: GameCode) -> Position:
        """The position dealt by *code*."""
        columns = deal(code.number)
        return cls(
            code.rules,
            tuple(column.cards for column in columns),
            tuple(column.hidden for column in columns),
            (0, 0, 0, 0),
        )

    @staticmethod
    def parse_column(text: str) -> tuple[tuple[Card, ...], int]:
        """Parse a column written as in ``yukon deal``: ``[9S] 4H 8D``.

        :raises InvalidPositionError: when a card is malformed or a face-down card
            lies on a face-up one.
        """
        return Position.parse_column_tokens(text.split())

    @staticmethod
    def parse_column_tokens(tokens: Iterable[str]) -> tuple[tuple[Card, ...], int]:
        """Parse a column given as card tokens, face-down ones in brackets."""
        cards: list[Card] = []
        hidden = 0
        for token in tokens:
            if not isinstance(token, str):
                raise InvalidPositionError(f"a card must be text, not {token!r}")
            face_down = token.startswith("[") and token.endswith("]")
            try:
                card = Card.parse(token[1:-1] if face_down else token)
            except InvalidCardError as error:
                raise InvalidPositionError(str(error)) from None
            if face_down:
                if hidden != len(cards):
                    raise InvalidPositionError(
                        f"face-down {token} lies on a face-up card; face-down cards come first"
                    )
                hidden += 1
            cards.append(card)
        return tuple(cards), hidden

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Position:
        """Read the shape that ``yukon deal --json`` prints (``rules`` or ``code``
        for the rules; ``foundations`` as heights per suit letter).

        :raises InvalidPositionError: for anything malformed.
        """
        rules = _rules_of(data)
        raw_columns = data.get("columns")
        if not isinstance(raw_columns, list) or len(raw_columns) != COLUMN_COUNT:
            raise InvalidPositionError(f"'columns' must be a list of {COLUMN_COUNT} lists")
        columns: list[tuple[Card, ...]] = []
        hidden: list[int] = []
        for raw in raw_columns:
            if not isinstance(raw, list):
                raise InvalidPositionError("each column must be a list of cards")
            cards, down = cls.parse_column_tokens(raw)
            columns.append(cards)
            hidden.append(down)
        raw_foundations = data.get("foundations", {})
        if not isinstance(raw_foundations, Mapping):
            raise InvalidPositionError("'foundations' must map S, H, D, C to heights")
        heights = []
        for suit in Suit:
            height = raw_foundations.get(suit.letter, 0)
            if not isinstance(height, int) or isinstance(height, bool):
                raise InvalidPositionError(f"foundation {suit.letter} must be a whole number")
            heights.append(height)
        return cls(
            rules, tuple(columns), tuple(hidden), (heights[0], heights[1], heights[2], heights[3])
        )

    def layout_lines(self) -> list[str]:
        """The columns as in SPEC §2's check value, one line each."""
        return [
            " ".join([f"{number}:", *format_column(cards, hidden)])
            for number, (cards, hidden) in enumerate(zip(self.columns, self.hidden, strict=True), 1)
        ]

    def foundation_dict(self) -> dict[str, int]:
        return {suit.letter: height for suit, height in zip(Suit, self.foundations, strict=True)}

    def columns_json(self) -> list[list[str]]:
        return [
            format_column(cards, hidden)
            for cards, hidden in zip(self.columns, self.hidden, strict=True)
        ]


def _rules_of(data: Mapping[str, object]) -> RuleSet:
    raw_rules = data.get("rules")
    if isinstance(raw_rules, str):
        return RuleSet.parse(raw_rules)
    raw_code = data.get("code")
    if isinstance(raw_code, str):
        return GameCode.parse(raw_code).rules
    if raw_rules is None and raw_code is None:
        return CLASSIC
    names = ", ".join(repr(rules.id) for rules in RULE_SETS)
    raise InvalidPositionError(f"'rules' must be one of {names}, not {raw_rules!r}")
