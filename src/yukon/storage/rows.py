"""A stored game as it is in the database, whichever the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["GAME_FIELDS", "GameRow", "Practice"]

GAME_FIELDS: Final = (
    "id, player, code, rules, record, version, revision, hints, elapsed_ms, clock_since,"
    " page_hidden, score, moves, undos, won, created, updated, daily, practice_of, practice_moves"
)
"""The columns of :class:`GameRow`, in its order (its :attr:`~GameRow.practice` is
the two columns ``practice_of`` and ``practice_moves``)."""


@dataclass(frozen=True, slots=True)
class Practice:
    """What makes a game a practice game (*Try from here*, SPEC §6): it started
    from the line of the game *of* with the first *moves* moves of it played.
    Stored as ``practice_of`` and ``practice_moves``, both NULL for other games."""

    of: str
    moves: int


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
    practice: Practice | None = None
    """Where a practice game started from; ``None`` for every other game."""

    @property
    def is_practice(self) -> bool:
        """Whether this is a practice game: it counts in no statistic (SPEC §6)."""
        return self.practice is not None

    def values(self) -> tuple[object, ...]:
        """The fields in the order of :data:`GAME_FIELDS`."""
        practice = self.practice
        return (
            self.id, self.player, self.code, self.rules, self.record, self.version,
            self.revision, self.hints, self.elapsed_ms, self.clock_since,
            int(self.page_hidden), self.score, self.moves, self.undos, int(self.won),
            self.created, self.updated, self.daily,
            *((None, None) if practice is None else (practice.of, practice.moves)),
        )  # fmt: skip

    @classmethod
    def from_values(cls, row: Sequence[Any]) -> GameRow:
        """A row read as :data:`GAME_FIELDS`. A practice game's two columns are
        taken as they are, one NULL without the other too: :meth:`LiveGame.from_row`
        checks them, as it checks the other columns."""
        of, moves = row[18], row[19]
        return cls(
            id=row[0], player=row[1], code=row[2], rules=row[3], record=row[4],
            version=row[5], revision=row[6], hints=row[7], elapsed_ms=row[8],
            clock_since=row[9], page_hidden=bool(row[10]), score=row[11], moves=row[12],
            undos=row[13], won=bool(row[14]), created=row[15], updated=row[16],
            daily=row[17],
            practice=None if of is None and moves is None else Practice(of, moves),
        )  # fmt: skip
