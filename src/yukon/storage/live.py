"""A game being played: the engine's game plus what the service keeps beside it
(version, hints, clock), and the conversions to and from the stored row."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from yukon.engine import Game, Record, YukonError
from yukon.engine.record import UNDO
from yukon.storage.errors import CorruptGameError
from yukon.storage.rows import GameRow, Practice

__all__ = ["GameClock", "LiveGame"]


@dataclass(frozen=True, slots=True)
class GameClock:
    """Time played: *elapsed_ms* banked, plus the time since *since* (wall-clock
    seconds) while running. The server keeps it, so reloads and restarts resume it.

    >>> clock = GameClock().running(100.0)
    >>> clock.elapsed_at(102.5)
    2500
    >>> clock.stopped(103.0).elapsed_at(500.0)
    3000
    """

    elapsed_ms: int = 0
    since: float | None = None
    page_hidden: bool = False

    @property
    def is_running(self) -> bool:
        return self.since is not None

    def elapsed_at(self, now: float) -> int:
        if self.since is None:
            return self.elapsed_ms
        # A clock set back (NTP, a restored machine) must not make time run backwards.
        return self.elapsed_ms + max(0, round((now - self.since) * 1000))

    def stopped(self, now: float) -> GameClock:
        return GameClock(self.elapsed_at(now), None, self.page_hidden)

    def running(self, now: float) -> GameClock:
        """Running from *now* (or still running); a move also tells us the page is shown."""
        if self.since is not None and not self.page_hidden:
            return self
        return GameClock(self.elapsed_at(now), now, page_hidden=False)

    def with_page_hidden(self, hidden: bool, now: float, *, may_run: bool) -> GameClock:
        """The clock after the page reports it is *hidden* (or shown again); it runs
        again only when *may_run* (the game is started and not won)."""
        if hidden:
            return replace(self.stopped(now), page_hidden=True)
        shown = replace(self, page_hidden=False)
        return shown.running(now) if may_run else shown


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A game in play as one answer sees it; the database row is the truth.

    Once handed out a live game is never changed, its engine game included: a
    change is made on a :meth:`copy` (several threads may be reading this one).
    """

    id: str
    player: str
    game: Game
    code: str  # the game code's text, kept: every answer and every write needs it
    record: str  # the record with undos, kept in step with game.log
    version: int
    revision: int
    clock: GameClock
    created: float
    updated: float
    daily: date | None
    """The day of the daily deal this game plays, or ``None``."""
    practice: Practice | None
    """Where a practice game started from; ``None`` for every other game."""

    @classmethod
    def new(
        cls,
        game_id: str,
        player: str,
        game: Game,
        now: float,
        *,
        daily: date | None = None,
        practice: Practice | None = None,
    ) -> LiveGame:
        """A new game, whose record is *game*'s (a practice game's holds the moves it
        starts with)."""
        record = str(Record.from_game(game, with_undos=True))
        return cls(
            game_id, player, game, str(game.code), record, 1, 1, GameClock(), now, now, daily,
            practice,
        )  # fmt: skip

    @property
    def is_practice(self) -> bool:
        """Whether this is a practice game (*Try from here*)."""
        return self.practice is not None

    @classmethod
    def from_row(cls, row: GameRow) -> LiveGame:
        """Resume a stored game by replaying its record.

        :raises CorruptGameError: when the record or the counters cannot be read.
        """
        try:
            game = Record.parse(row.record).replay()
        except YukonError as error:
            raise CorruptGameError(row.id, str(error)) from None
        if game.code is None or str(game.code) != row.code.strip().upper():
            raise CorruptGameError(row.id, f"the record does not start with {row.code!r}")
        if not isinstance(row.hints, int) or row.hints < 0:
            raise CorruptGameError(row.id, f"bad hint count {row.hints!r}")
        game.hint_count = row.hints
        try:
            daily = None if row.daily is None else date.fromisoformat(row.daily)
        except ValueError:
            raise CorruptGameError(row.id, f"bad daily deal day {row.daily!r}") from None
        practice = row.practice
        if practice is not None and not _is_sound(practice):
            raise CorruptGameError(row.id, f"bad practice start {practice!r}")
        return cls(
            row.id, row.player, game, str(game.code), row.record, row.version, row.revision,
            _clock(row), row.created, row.updated, daily, practice,
        )  # fmt: skip

    def is_game_of(self, row: GameRow) -> bool:
        """Whether this game is the one stored in *row*, whatever its clock."""
        return (self.id, self.version, self.record) == (row.id, row.version, row.record)

    def with_clock_of(self, row: GameRow) -> LiveGame:
        """This game with the clock and revision of *row*, a later write of it that
        changed only the clock (see :meth:`is_game_of`)."""
        return replace(self, clock=_clock(row), revision=row.revision, updated=row.updated)

    def copy(self) -> LiveGame:
        """The same game on a copy of the engine's game, for a change."""
        return self.changed(game=self.game.copy())

    def changed(
        self,
        *,
        game: Game | None = None,
        record: str | None = None,
        version: int | None = None,
        revision: int | None = None,
        clock: GameClock | None = None,
        updated: float | None = None,
    ) -> LiveGame:
        """This game with the fields given changed: :func:`dataclasses.replace`
        written out, in under a third of its time (a move makes four)."""
        return LiveGame(
            self.id,
            self.player,
            self.game if game is None else game,
            self.code,
            self.record if record is None else record,
            self.version if version is None else version,
            self.revision if revision is None else revision,
            self.clock if clock is None else clock,
            self.created,
            self.updated if updated is None else updated,
            self.daily,
            self.practice,
        )

    def to_row(self) -> GameRow:
        game = self.game
        return GameRow(
            id=self.id,
            player=self.player,
            code=self.code,
            rules=game.rules.letter,
            record=self.record,
            version=self.version,
            revision=self.revision,
            hints=game.hint_count,
            elapsed_ms=self.clock.elapsed_ms,
            clock_since=self.clock.since,
            page_hidden=self.clock.page_hidden,
            score=game.score,
            moves=game.move_count,
            undos=game.undo_count,
            won=game.is_won,
            created=self.created,
            updated=self.updated,
            daily=None if self.daily is None else self.daily.isoformat(),
            practice=self.practice,
        )

    def with_move(self, text: str) -> LiveGame:
        """This game with a move's notation (or ``U``) added to the record, as
        :meth:`Game.play` or :meth:`Game.undo` added it to the game's log."""
        return self.changed(record=f"{self.record} {text}")

    def with_undo(self) -> LiveGame:
        return self.with_move(UNDO)


def _is_sound(practice: Practice) -> bool:
    """Whether a stored practice start names a game and a count of moves (the
    database does not hold the columns to that: an edit by hand may not either)."""
    of, moves = practice.of, practice.moves
    return isinstance(of, str) and isinstance(moves, int) and moves >= 0


def _clock(row: GameRow) -> GameClock:
    return GameClock(row.elapsed_ms, row.clock_since, row.page_hidden)
