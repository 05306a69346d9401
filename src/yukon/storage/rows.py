"""A stored game as it is in the database, whichever the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["GAME_FIELDS", "GameRow"]

GAME_FIELDS: Final = (
    "id, player, code, rules, record, version, revision, hints, elapsed_ms, clock_since,"
    " page_hidden, score, moves, undos, won, created, updated, daily, practice_of, practice_moves"
)
"""The columns of :class:`GameRow`, in its order."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One stored game. *version* counts the player's changes (moves, undos,
    hints): a client sends it with each change. *revision* counts every write,
    the clock's too: a write is made only over the revision it was computed from."""

    id: str
    player: str
    code: str
    rules: str
    record: str
    version: int
    revision: int
    hints: int
    elapsed_ms: int
    clock_since: float | None
    page_hidden: bool
    score: int
    moves: int
    undos: int
    won: bool
    created: float
    updated: float
    daily: str | None = None
    """The day of the daily deal this game plays (``YYYY-MM-DD``), or ``None``."""
    practice_of: str | None = None
    """For a practice game (*Try from here*), the id of the game whose line it
    started from; ``None`` for every other game."""
    practice_moves: int | None = None
    """For a practice game, how many moves of that line it started with."""

    @property
    def is_practice(self) -> bool:
        """Whether this is a practice game: it counts in no statistic (SPEC §6)."""
        return self.practice_moves is not None

    def values(self) -> tuple[object, ...]:
        """The fields in the order of :data:`GAME_FIELDS`."""
        return (
            self.id, self.player, self.code, self.rules, self.record, self.version,
            self.revision, self.hints, self.elapsed_ms, self.clock_since,
            int(self.page_hidden), self.score, self.moves, self.undos, int(self.won),
            self.created, self.updated, self.daily, self.practice_of, self.practice_moves,
        )  # fmt: skip

    @classmethod
    def from_values(cls, row: Sequence[Any]) -> GameRow:
        """A row read as :data:`GAME_FIELDS`."""
        return cls(
            id=row[0], player=row[1], code=row[2], rules=row[3], record=row[4],
            version=row[5], revision=row[6], hints=row[7], elapsed_ms=row[8],
            clock_since=row[9], page_hidden=bool(row[10]), score=row[11], moves=row[12],
            undos=row[13], won=bool(row[14]), created=row[15], updated=row[16],
            daily=row[17], practice_of=row[18], practice_moves=row[19],
        )  # fmt: skip
