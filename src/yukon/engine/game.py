"""The game: the one mutable object. Columns, foundations, score, counters,
legal moves, checked play and undo (SPEC §1, §4).

>>> game = Game.from_code("YU1-C-AAAAAAB")
>>> sorted(str(move) for move in game.legal_moves)[:3]
['5H>5', '6C>1', '6D>7']
>>> game.play(Move.parse("AH>F"))
Traceback (most recent call last):
...
yukon.engine.errors.IllegalMoveError: not_last_card (card=AH, count=3)
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Final

from yukon.engine.cards import DECK, Card, Rank, Suit
from yukon.engine.codes import GameCode
from yukon.engine.deal import COLUMN_COUNT
from yukon.engine.errors import IllegalMoveError, YukonError
from yukon.engine.moves import Move
from yukon.engine.position import Position
from yukon.engine.rules import MAX_GROUP, Reason, Refusal, fits_empty, mismatch

__all__ = [
    "FOUNDATION_POINTS",
    "MAX_UNDO",
    "TURN_POINTS",
    "Game",
    "NothingToUndoError",
    "Outcome",
    "Played",
]

MAX_UNDO: Final = 100
"""How many of the last moves can be taken back."""
FOUNDATION_POINTS: Final = 10
TURN_POINTS: Final = 5
_ON_FOUNDATION: Final = -1


class Outcome(enum.Enum):
    """Where a game stands; the value is the stable code the API sends."""

    IN_PLAY = "in_play"
    NO_LEGAL_MOVE = "no_legal_move"
    WON = "won"


class NothingToUndoError(YukonError):
    """Undo asked for when no move can be taken back."""


@dataclass(frozen=True, slots=True)
class Played:
    """What one move did, enough to take it back exactly."""

    move: Move
    source: int  # 0-based column, or -1 for a foundation (a take-back)
    count: int  # cards moved
    turned: Card | None  # the face-down card the move turned, if any
    score_before: int


class Game:
    """A game of Yukon in progress.

    Positions change only through :meth:`play` (checked) or :meth:`push`
    (unchecked, for search) and :meth:`undo`.
    """

    def __init__(self, position: Position, *, code: GameCode | None = None) -> None:
        self.rules: Final = position.rules
        self.code: Final = code
        self.start: Final = position
        self._columns = [list(cards) for cards in position.columns]
        self._hidden = list(position.hidden)
        self._foundations = list(position.foundations)
        self._where = [_ON_FOUNDATION] * len(DECK)
        for number, cards in enumerate(self._columns):
            for card in cards:
                self._where[card.index] = number
        self._history: deque[Played] = deque(maxlen=MAX_UNDO)
        self._line: list[Move] = []
        self._log: list[Move | None] = []
        self.score = 0
        self.move_count = 0
        self.undo_count = 0
        self.hint_count = 0

    @classmethod
    def from_code(cls, code: GameCode | str) -> Game:
        """A new game of the deal *code* (a :class:`GameCode` or its text).

        :raises InvalidCodeError: when the text is not a code.
        """
        parsed = GameCode.parse(code) if isinstance(code, str) else code
        return cls(Position.from_code(parsed), code=parsed)

    # Reading the position

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(cards) for cards in self._columns)

    @property
    def hidden(self) -> tuple[int, ...]:
        """How many face-down cards each column has at its bottom."""
        return tuple(self._hidden)

    @property
    def foundations(self) -> tuple[int, int, int, int]:
        """Foundation heights in the order ♠ ♥ ♦ ♣."""
        f = self._foundations
        return (f[0], f[1], f[2], f[3])

    def foundation_top(self, suit: Suit) -> Card | None:
        height = self._foundations[suit.index]
        return DECK[suit.index * 13 + height - 1] if height else None

    def column_of(self, card: Card) -> int | None:
        """The 0-based column holding *card*, or ``None`` when it is on a foundation."""
        where = self._where[card.index]
        return None if where == _ON_FOUNDATION else where

    def is_face_up(self, card: Card) -> bool:
        column = self.column_of(card)
        if column is None:
            return True
        return self._columns[column].index(card) >= self._hidden[column]

    @property
    def is_won(self) -> bool:
        return sum(self._foundations) == len(DECK)

    @property
    def outcome(self) -> Outcome:
        """Won, stuck (no legal move left; the game is not ended for it) or in play."""
        return self.outcome_among(self.legal_moves)

    def outcome_among(self, moves: Collection[Move]) -> Outcome:
        """:attr:`outcome`, given the legal moves of this position listed already
        (a server's answer lists them anyway: not listed twice)."""
        if self.is_won:
            return Outcome.WON
        return Outcome.IN_PLAY if moves else Outcome.NO_LEGAL_MOVE

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves in effect: every move made, less those undone."""
        return tuple(self._line)

    @property
    def log(self) -> tuple[Move | None, ...]:
        """Everything done in order: moves, and ``None`` for each undo."""
        return tuple(self._log)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def undo_depth(self) -> int:
        """How many moves can be taken back now (at most :data:`MAX_UNDO`)."""
        return len(self._history)

    def position(self) -> Position:
        return Position(self.rules, self.columns, self.hidden, self.foundations)

    @property
    def turned_count(self) -> int:
        """How many face-down cards have been turned since the deal."""
        return sum(self.start.hidden) - sum(self._hidden)

    # Checking moves

    @property
    def legal_moves(self) -> LegalMoves:
        """A view of the legal moves: iterate, test ``move in``, ``bool``, ``len``."""
        return LegalMoves(self)

    def is_legal(self, move: Move) -> bool:
        return self.check(move) is None

    def check(self, move: Move) -> Refusal | None:
        """Why *move* is refused, or ``None`` when it is legal."""
        card = move.card
        if self.is_won:
            return self._refuse(Reason.GAME_WON, card)
        source = self._where[card.index]
        if source == _ON_FOUNDATION:
            top = self.foundation_top(card.suit)
            if move.column is None:
                return self._refuse(Reason.ALREADY_ON_FOUNDATION, card)
            if top != card:
                return self._refuse(Reason.NOT_FOUNDATION_TOP, card, top)
            return self._check_column_target(card, move.column, 1)
        cards = self._columns[source]
        index = cards.index(card)
        if index < self._hidden[source]:
            return self._refuse(Reason.CARD_FACE_DOWN, card)
        if move.column is None:
            return self._check_foundation_target(card, len(cards) - index)
        if move.column == source:
            return self._refuse(Reason.SAME_COLUMN, card, column=source)
        return self._check_column_target(card, move.column, len(cards) - index)

    def _check_foundation_target(self, card: Card, count: int) -> Refusal | None:
        if count > 1:
            return self._refuse(Reason.NOT_LAST_CARD, card, count=count)
        height = self._foundations[card.suit.index]
        if height != card.rank - 1:
            needed = Card(Rank(height + 1), card.suit) if height < len(Rank) else None
            return self._refuse(Reason.FOUNDATION_NEEDS_OTHER, card, needed)
        return None

    def _check_column_target(self, card: Card, column: int, count: int) -> Refusal | None:
        if count > MAX_GROUP:
            return self._refuse(Reason.GROUP_TOO_LARGE, card, column=column, count=count)
        target = self._columns[column]
        if not target:
            if fits_empty(card):
                return None
            return self._refuse(Reason.EMPTY_NEEDS_KING, card, column=column, count=count)
        onto = target[-1]
        if self._hidden[column] == len(target):
            return self._refuse(Reason.TARGET_FACE_DOWN, card, column=column, count=count)
        if self.rules.can_stack(card, onto):
            return None
        reason = mismatch(self.rules, card, onto)
        return self._refuse(reason, card, onto, column=column, count=count)

    def _refuse(
        self,
        reason: Reason,
        card: Card,
        target: Card | None = None,
        *,
        column: int | None = None,
        count: int = 1,
    ) -> Refusal:
        return Refusal(reason, card, target, column, count, self.rules)

    def iter_legal_moves(self) -> Iterator[Move]:
        """Every legal move, column by column (each card from the deepest face-up
        one, its foundation move first, then its columns in order), then the
        foundation take-backs.

        Found from the targets' side: each column's last card accepts at most two
        cards, looked up where they lie, instead of trying every face-up card on
        every column (about 40 % less time; every answer of the server lists them)."""
        if self.is_won:
            return
        rules = self.rules
        columns = self._columns
        foundations = self._foundations
        # Every face-up card's place: its index in DECK -> (column, position).
        places: dict[int, tuple[int, int]] = {}
        found: list[tuple[int, int, int]] = []  # (column, position, target; -1 the foundation)
        empty = [column for column, cards in enumerate(columns) if not cards]
        for source, cards in enumerate(columns):
            size = len(cards)
            for index in range(self._hidden[source], size):
                card = cards[index]
                places[card.index] = (source, index)
                if empty and card.rank is Rank.KING and size - index <= MAX_GROUP:
                    found.extend((source, index, column) for column in empty)
            if size and foundations[cards[-1].suit.index] == cards[-1].rank - 1:
                found.append((source, size - 1, -1))
        # What each column's last card accepts (None: an empty column, which takes Kings).
        accepts = [rules.accepts(cards[-1]) if cards else None for cards in columns]
        for target, accepted in enumerate(accepts):
            for wanted in accepted or ():
                place = places.get(wanted)
                if (
                    place is not None
                    and place[0] != target
                    and len(columns[place[0]]) - place[1] <= MAX_GROUP
                ):
                    found.append((*place, target))
        found.sort()
        for source, index, target in found:
            yield Move(columns[source][index], None if target < 0 else target)
        for suit in Suit:
            height = foundations[suit.index]
            if not height:
                continue
            top = DECK[suit.index * 13 + height - 1]
            for column, accepted in enumerate(accepts):
                if top.index in accepted if accepted is not None else top.rank is Rank.KING:
                    yield Move(top, column)

    def iter_moves_of(self, card: Card) -> Iterator[Move]:
        """The legal moves that pick up *card*."""
        if not self.is_face_up(card) or self.is_won:
            return
        targets: list[int | None] = [None, *range(COLUMN_COUNT)]
        for column in targets:
            move = Move(card, column)
            if self.check(move) is None:
                yield move

    # Changing the position

    def play(self, move: Move) -> Played:
        """Make *move* after checking it; counts it and returns what it did.

        :raises IllegalMoveError: with the refusal when the rules forbid it.
        """
        refusal = self.check(move)
        if refusal is not None:
            raise IllegalMoveError(refusal)
        return self.push(move)

    def push(self, move: Move) -> Played:
        """Make *move* without checking it (for search); it must be legal."""
        card = move.card
        source = self._where[card.index]
        turned: Card | None = None
        played_score = self.score
        if source == _ON_FOUNDATION:
            assert move.column is not None, "a foundation card goes back to a column"
            self._foundations[card.suit.index] -= 1
            self._columns[move.column].append(card)
            self._where[card.index] = move.column
            count = 1
        else:
            cards = self._columns[source]
            index = cards.index(card)
            group = cards[index:]
            del cards[index:]
            count = len(group)
            if move.column is None:
                self._foundations[card.suit.index] += 1
                self._where[card.index] = _ON_FOUNDATION
                self.score += FOUNDATION_POINTS
            else:
                self._columns[move.column].extend(group)
                for moved in group:
                    self._where[moved.index] = move.column
            if cards and self._hidden[source] == len(cards):
                self._hidden[source] -= 1
                turned = cards[-1]
                self.score += TURN_POINTS
        played = Played(move, source, count, turned, played_score)
        self._history.append(played)
        self._line.append(move)
        self._log.append(move)
        self.move_count += 1
        return played

    def undo(self) -> Played:
        """Take back the last move: cards, facing and score as they were. The move
        counter stays; the undo counter goes up.

        :raises NothingToUndoError: when no move can be taken back.
        """
        if not self._history:
            raise NothingToUndoError("there is no move to undo")
        played = self._history.pop()
        move = played.move
        card = move.card
        if played.turned is not None:
            self._hidden[played.source] += 1
        if played.source == _ON_FOUNDATION:
            assert move.column is not None
            self._columns[move.column].pop()
            self._foundations[card.suit.index] += 1
            self._where[card.index] = _ON_FOUNDATION
        elif move.column is None:
            self._foundations[card.suit.index] -= 1
            self._columns[played.source].append(card)
            self._where[card.index] = played.source
        else:
            target = self._columns[move.column]
            group = target[-played.count :]
            del target[-played.count :]
            self._columns[played.source].extend(group)
            for moved in group:
                self._where[moved.index] = played.source
        self.score = played.score_before
        self._line.pop()
        self._log.append(None)
        self.undo_count += 1
        return played

    def count_hint(self) -> None:
        """Count one hint shown to the player."""
        self.hint_count += 1

    def copy(self) -> Game:
        """An independent game in the same state, history and counters included, so
        that a change can be made on the copy while others still read the original.

        >>> game = Game.from_code("YU1-C-AAAAAAB")
        >>> copy = game.copy()
        >>> _ = copy.play(Move.parse("5H>5"))
        >>> game.move_count, copy.move_count, copy.undo().move == Move.parse("5H>5")
        (0, 1, True)
        """
        copy = Game.__new__(Game)
        copy.__dict__.update(self.__dict__)
        copy._columns = [list(cards) for cards in self._columns]
        copy._hidden = list(self._hidden)
        copy._foundations = list(self._foundations)
        copy._where = list(self._where)
        copy._history = self._history.copy()
        copy._line = list(self._line)
        copy._log = list(self._log)
        return copy

    def __repr__(self) -> str:
        code = "" if self.code is None else f" {self.code}"
        return f"<Game{code} moves={self.move_count} score={self.score}>"


class LegalMoves:
    """A live view of a game's legal moves; nothing is built until iterated."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __iter__(self) -> Iterator[Move]:
        return self._game.iter_legal_moves()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._game.is_legal(move)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)
