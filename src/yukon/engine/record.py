"""Game records (SPEC §3): a game code followed by its moves.

A record may also hold ``U`` for an undo, so that replaying it reproduces the
counters too; move numbers such as ``1.`` are skipped when reading.

>>> record = Record.parse("YU1-C-AACRWEA 1. QC>5 2. TD>1")
>>> str(record)
'YU1-C-AACRWEA QC>5 TD>1'
>>> record.replay().move_count
2
>>> Record.parse("YU1-C-AACRWEA QC>5 QC>5").replay()
Traceback (most recent call last):
...
yukon.engine.errors.InvalidRecordError: move 2 (QC>5): same_column (card=QC, column=5)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from yukon.engine.codes import GameCode
from yukon.engine.errors import InvalidRecordError, YukonError
from yukon.engine.game import Game
from yukon.engine.moves import Move

__all__ = ["UNDO", "Record"]

UNDO: Final = "U"
"""The token for an undo in a record."""
_MOVE_NUMBER: Final = re.compile(r"\d+\.")


@dataclass(frozen=True, slots=True)
class Record:
    """A game code and what was done: moves, and ``None`` for each undo."""

    code: GameCode
    moves: tuple[Move | None, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record: the code, then moves separated by white space.

        :raises InvalidRecordError: naming the position and text of the bad part.
        """
        tokens = [token for token in text.split() if not _MOVE_NUMBER.fullmatch(token)]
        if not tokens:
            raise InvalidRecordError(0, text.strip(), YukonError("the record is empty"))
        try:
            code = GameCode.parse(tokens[0])
        except YukonError as error:
            raise InvalidRecordError(0, tokens[0], error) from None
        moves: list[Move | None] = []
        for position, token in enumerate(tokens[1:], start=1):
            if token.upper() == UNDO:
                moves.append(None)
                continue
            try:
                moves.append(Move.parse(token))
            except YukonError as error:
                raise InvalidRecordError(position, token, error) from None
        return cls(code, tuple(moves))

    @classmethod
    def from_game(cls, game: Game, *, with_undos: bool = False) -> Record:
        """The record of *game*: the moves in effect, or with *with_undos* everything
        done (so that the counters replay too).

        :raises ValueError: when the game did not start from a deal.
        """
        if game.code is None:
            raise ValueError("a game that did not start from a deal has no record")
        return cls(game.code, game.log if with_undos else game.line)

    def replay(self) -> Game:
        """Play the record from its deal.

        :raises InvalidRecordError: at the first move that cannot be made.
        """
        steps = self.iter_replay()
        game, _ = next(steps)  # the same game is yielded at every step
        for _ in steps:
            pass
        return game

    def iter_replay(self) -> Iterator[tuple[Game, str | None]]:
        """Play the record step by step: yield the game as dealt (with ``None``), then
        after each move or undo with its token. The same game object is yielded each
        time; read what you need before advancing.

        :raises InvalidRecordError: at the first move that cannot be made.
        """
        game = Game.from_code(self.code)
        yield game, None
        for position, move in enumerate(self.moves, start=1):
            token = UNDO if move is None else str(move)
            try:
                if move is None:
                    game.undo()
                else:
                    game.play(move)
            except YukonError as error:
                raise InvalidRecordError(position, token, error) from None
            yield game, token

    def __str__(self) -> str:
        return " ".join(
            [str(self.code), *(UNDO if move is None else str(move) for move in self.moves)]
        )

    def __repr__(self) -> str:
        return f"Record.parse({str(self)!r})"
