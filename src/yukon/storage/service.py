"""The game service: players' games in the database, with the engine's games
kept in memory so that a request need not replay a record. Every change is
checked against the game's version, made on a copy of the engine's game,
committed, and only then acknowledged.

Any number of processes (and threads) may serve one database: every answer
without a write reads the game's row, and the game in memory is used only when
it is the game that row holds (same version, same record); a write is made only
over the revision it was computed from, so two writers never overwrite each
other, and a write computed from a game in memory that another process has
changed since is refused by the database and made again on the game as stored.

>>> import tempfile, pathlib
>>> from yukon.storage import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(pathlib.Path(folder.name) / "y.sqlite3")
>>> service = GameService(store, clock=lambda: 0.0)
>>> live = service.create("ann", GameCode.parse("YU1-C-AACRWEA"))
>>> live = service.move("ann", live.id, Move.parse("QC>5"), version=1)
>>> live.record, live.version
('YU1-C-AACRWEA QC>5', 2)
>>> service.close(); folder.cleanup()
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import replace
from datetime import date
from typing import Final

from yukon.daily import utc_day
from yukon.engine import (
    RULE_SETS,
    Game,
    GameCode,
    IllegalMoveError,
    Move,
    NothingToUndoError,
    RuleSet,
)
from yukon.storage.errors import (
    CorruptGameError,
    GameNotFoundError,
    GameRefusedError,
    GameTooLongError,
    GameWonError,
    InvalidPracticeError,
    StaleVersionError,
)
from yukon.storage.figures import DailyFigures
from yukon.storage.live import GameClock, LiveGame
from yukon.storage.rows import GameRow, Practice
from yukon.storage.settings import PlayerSettings
from yukon.storage.stats import RulesStats, daily_stats, rules_stats
from yukon.storage.store import Store

__all__ = ["DEFAULT_CACHE_SIZE", "GameService", "new_game_id"]

DEFAULT_CACHE_SIZE: Final = 1024
"""How many games stay resumed in memory; the others are replayed from the database
(a few milliseconds for a long game). Kept modest because every cached game holds
a few hundred objects that Python's cycle collector scans in its full passes: at
4096 long games a full pass took about 0.3 s, a pause for every answer meanwhile."""
_ID_BYTES: Final = 16
_ATTEMPTS: Final = 8
"""How often a change is tried again when another write to the same game came
first but left its version (a clock change): each try reads the game anew."""

Change = Callable[[LiveGame, float], LiveGame | None]
"""Computes a game's next state (on a copy) at a time, or ``None`` for no write."""


def new_game_id() -> str:
    """An unguessable game id (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(_ID_BYTES)


class GameService:
    """Players' games: create, resume, move, undo, hints, clock, settings.
    Safe to use from several threads at once.

    *max_steps*, when given, is the most moves and undos one game may hold.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = DEFAULT_CACHE_SIZE,
        max_steps: int | None = None,
    ) -> None:
        self.store = store
        self._clock = clock
        self._max_steps = max_steps
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size
        self._cache_lock = threading.Lock()

    def close(self) -> None:
        with self._cache_lock:
            self._cache.clear()
        self.store.close()

    # Finding games

    def get(self, player: str, game_id: str) -> LiveGame:
        """The player's game *game_id* as the database holds it now.

        :raises GameNotFoundError: for an unknown id or another player's game.
        :raises CorruptGameError: when the stored game cannot be resumed.
        """
        row = self.store.load_game(game_id)
        if row is None or row.player != player:
            raise GameNotFoundError(f"there is no game {game_id!r}")
        return self._resume(row)

    def current(self, player: str) -> LiveGame:
        """The player's current game (the one created or replayed last).

        :raises GameNotFoundError: when the player has none.
        """
        game_id = self.store.current_game_id(player)
        if game_id is None:
            raise GameNotFoundError("there is no current game: start one")
        return self.get(player, game_id)

    def list_games(self, player: str, limit: int) -> list[GameRow]:
        """The player's games, newest first, with the elapsed time as of now."""
        now = self._clock()
        rows = self.store.list_games(player, limit)
        return [self._with_elapsed_now(row, now) for row in rows]

    def stats(self, player: str) -> dict[RuleSet, RulesStats]:
        """The player's statistics per rule set, the daily deal's streak and calendar
        as of today (UTC) included."""
        current = self.store.current_game_id(player)
        today = utc_day(self._clock())
        figures = {}
        for rules in RULE_SETS:
            rows = self.store.games_by_rules(player, rules.letter)
            figures[rules] = replace(rules_stats(rows, current), daily=daily_stats(rows, today))
        return figures

    def daily_figures(self, day: date, rules: RuleSet, player: str) -> DailyFigures:
        """The figures of the daily deal of *day* under *rules*, with *player*'s standing."""
        return self.store.daily_figures(day.isoformat(), rules.letter, player)

    # Changing games

    def create(self, player: str, code: GameCode, *, daily: date | None = None) -> LiveGame:
        """Store a new game of *code* (the daily deal of day *daily*, if given); it
        becomes the player's current game."""
        self._pause_current(player)
        game = Game.from_code(code)
        live = LiveGame.new(new_game_id(), player, game, self._clock(), daily=daily)
        self.store.insert_game(live.to_row())
        self._remember(live)
        return live

    def play_daily(self, player: str, code: GameCode, day: date) -> tuple[LiveGame, bool]:
        """The player's game of *code*, the daily deal of *day*: their unfinished
        game of it, taken up again, or else a new one; and whether it is new."""
        for row in reversed(self.store.daily_games(player, day.isoformat(), code.rules.letter)):
            if not row.won and row.code == str(code):
                with suppress(CorruptGameError):
                    return self.resume(player, row.id), False
        return self.create(player, code, daily=day), True

    def replay(self, player: str, game_id: str) -> LiveGame:
        """A new game of the same deal as *game_id*, now the current game; a daily
        deal's stays that day's (a win of it on the day keeps the streak, though
        only the first game counts in the day's figures)."""
        live = self.get(player, game_id)
        code = live.game.code
        assert code is not None, "stored games always start from a deal"
        return self.create(player, code, daily=live.daily)

    def practice(self, player: str, game_id: str, moves: int) -> LiveGame:
        """A practice game (*Try from here*, SPEC §6): a new game of the deal of
        *game_id* with the first *moves* moves of its line (its moves less those
        undone) already played, now the current game. It keeps where it came from,
        and counts in no statistic (:mod:`yukon.storage.stats`).

        :raises InvalidPracticeError: when *moves* is below 0 or beyond the line.
        """
        source = self.get(player, game_id)
        line = source.game.line
        if not 0 <= moves <= len(line):
            raise InvalidPracticeError(
                f"a practice game starts after 0 to {len(line)} moves of this game, not {moves}"
            )
        code = source.game.code
        assert code is not None, "stored games always start from a deal"
        self._pause_current(player)
        game = Game.from_code(code)
        for move in line[:moves]:
            game.play(move)
        practice = Practice(of=game_id, moves=moves)
        live = LiveGame.new(new_game_id(), player, game, self._clock(), practice=practice)
        self.store.insert_game(live.to_row())
        self._remember(live)
        return live

    def resume(self, player: str, game_id: str) -> LiveGame:
        """Take up the player's unfinished game *game_id* again (one that Replay or
        New game left): it becomes the current game, exactly where it was.

        :raises GameWonError: for a won game: a win is final.
        """
        live = self.get(player, game_id)
        if live.game.is_won:
            raise GameWonError(live)
        if self.store.current_game_id(player) != game_id:
            self._pause_current(player)
            self.store.make_current(player, game_id)
        return live

    def _pause_current(self, player: str) -> None:
        """Stop the clock of the game the player leaves for another: the time away
        from it is not time played (it runs again with its next move)."""
        game_id = self.store.current_game_id(player)
        if game_id is None:
            return

        def change(live: LiveGame, now: float) -> LiveGame | None:
            return replace(live, clock=live.clock.stopped(now)) if live.clock.is_running else None

        # A damaged game keeps no time worth keeping: it must not block a new one.
        with suppress(CorruptGameError):
            self._change(player, game_id, None, change)

    def move(self, player: str, game_id: str, move: Move, version: int) -> LiveGame:
        """Make *move* in the game at *version*.

        :raises GameRefusedError: (with the engine's :class:`IllegalMoveError` as
            ``cause``) when the rules refuse it; :class:`StaleVersionError` when
            *version* is not the current one; :class:`GameTooLongError` when the
            game holds *max_steps* moves and undos. Nothing changes then.
        """

        def change(live: LiveGame, now: float) -> LiveGame:
            self._check_length(live)
            changed = live.copy()
            try:
                changed.game.play(move)
            except IllegalMoveError as error:
                raise GameRefusedError(live, str(error), error) from None
            clock = live.clock.stopped(now) if changed.game.is_won else live.clock.running(now)
            return changed.with_move(str(move)).changed(clock=clock, version=version + 1)

        return self._change(player, game_id, version, change)

    def undo(self, player: str, game_id: str, version: int) -> LiveGame:
        """Take back the last move of the game at *version*.

        :raises GameRefusedError: when there is nothing to undo, the game is won
            (:class:`GameWonError`), *version* is stale or the game is too long
            (:class:`GameTooLongError`).
        """

        def change(live: LiveGame, now: float) -> LiveGame:
            self._check_length(live)
            if live.game.is_won:
                raise GameWonError(live)
            changed = live.copy()
            try:
                changed.game.undo()
            except NothingToUndoError as error:
                raise GameRefusedError(live, str(error), error) from None
            clock = live.clock.running(now)
            return changed.with_undo().changed(clock=clock, version=version + 1)

        return self._change(player, game_id, version, change)

    def record_hint(self, player: str, game_id: str, version: int, move: Move | None) -> LiveGame:
        """Count the hint *move* shown for the game at *version* (``None``, nothing
        to show, is not counted).

        :raises StaleVersionError: when the game changed since.
        """

        def change(live: LiveGame, now: float) -> LiveGame | None:
            if move is None:
                return None
            if not live.game.is_legal(move):
                raise ValueError(f"the hint {move} is not legal here")
            return _hinted(live)

        return self._change(player, game_id, version, change)

    def check_version(self, player: str, game_id: str, version: int) -> LiveGame:
        """The game, when it is at *version*.

        :raises StaleVersionError: when it is not.
        """
        return self._change(player, game_id, version, lambda live, now: None)

    def set_page_hidden(self, player: str, game_id: str, hidden: bool) -> LiveGame:
        """The page shows or hides the game: the clock pauses while hidden. This is
        not a change to the game, so the version stays (two tabs never go stale
        over it); it is written over the game's revision like any other write, so
        it never undoes a move made meanwhile."""

        def change(live: LiveGame, now: float) -> LiveGame | None:
            game = live.game
            may_run = game.move_count > 0 and not game.is_won
            clock = live.clock.with_page_hidden(hidden, now, may_run=may_run)
            return None if clock == live.clock else replace(live, clock=clock)

        return self._change(player, game_id, None, change)

    # Reviews ("Where did it go wrong?", SPEC §6)

    def stored_review(self, player: str, game_id: str) -> tuple[LiveGame, str | None]:
        """The player's game as stored now, and the review (JSON text, unread) kept
        with it when one was kept for the game as it is now (its version);
        ``None`` when none was.

        :raises GameNotFoundError: for an unknown id or another player's game.
        """
        live = self.get(player, game_id)
        stored = self.store.load_review(game_id)
        if stored is None or stored[0] != live.version:
            return live, None
        return live, stored[1]

    def count_review(self, player: str, game_id: str, version: int) -> LiveGame:
        """Count a review that shows how the game at *version* can still be won as
        a hint in it: the player may take moves back and follow it.

        :raises StaleVersionError: when the game changed since.
        """
        return self._change(player, game_id, version, lambda live, now: _hinted(live))

    def keep_review(self, live: LiveGame, review: str) -> bool:
        """Keep *review* (JSON text) with the game *live*, for as long as the game is
        at its version; ``False`` (nothing kept) when it has changed since."""
        return self.store.save_review(live.id, live.version, review)

    # Settings

    def settings(self, player: str) -> PlayerSettings:
        return PlayerSettings.from_stored(self.store.load_settings(player))

    def update_settings(self, player: str, changes: Mapping[str, object]) -> PlayerSettings:
        """Apply *changes* to the player's settings and store them.

        :raises InvalidSettingError: for an unknown setting or a bad value.
        """
        settings = self.settings(player).updated(changes)
        self.store.save_settings(player, settings.as_dict(), self._clock())
        return settings

    # A player's data, the health check

    def export(self, player: str) -> list[GameRow]:
        """Every game of the player, oldest first, with the elapsed time as of now."""
        now = self._clock()
        return [self._with_elapsed_now(row, now) for row in self.store.all_games(player)]

    def delete_player(self, player: str) -> int:
        """Delete everything stored for the player; returns the number of games deleted."""
        with self._cache_lock:
            for game_id in [key for key, live in self._cache.items() if live.player == player]:
                del self._cache[game_id]
        return self.store.delete_player(player)

    def schema_version(self) -> int:
        """The database's schema version, read from it now (the health check).

        :raises Exception: the database driver's error when it cannot be read.
        """
        return self.store.schema_version()

    # Inner workings

    def now(self) -> float:
        return self._clock()

    def _check_length(self, live: LiveGame) -> None:
        """Refuse one more step in a game that holds *max_steps* moves and undos.
        Checked inside the change, on the game it is made on: no read of its own."""
        game = live.game
        if self._max_steps is not None and game.move_count + game.undo_count >= self._max_steps:
            raise GameTooLongError(live, self._max_steps)

    def _change(self, player: str, game_id: str, version: int | None, change: Change) -> LiveGame:
        """Apply *change* to the game as stored now, and store the result over the
        revision it was computed from; read again and retry when another write came
        first. *version*, when given, must be the game's version at every try.

        The first try may start from the game in memory without reading it: the
        write succeeds only if no other write came since (the revision is the same),
        and anything but a write (a refusal, nothing to write) is decided again on
        the game as read from the database.
        """
        cached = self._cached(player, game_id, version)
        for _ in range(_ATTEMPTS):
            live = cached if cached is not None else self.get(player, game_id)
            if version is not None and version != live.version:
                raise StaleVersionError(live, version)
            now = self._clock()
            try:
                changed = change(live, now)
            except (GameRefusedError, ValueError):
                if cached is None:
                    raise
                changed = None
            if changed is None:
                if cached is None:
                    return live
                cached = None
                continue
            cached = None
            changed = changed.changed(revision=live.revision + 1, updated=now)
            if self.store.update_game(changed.to_row(), live.revision):
                self._remember(changed)
                return changed
        live = self.get(player, game_id)
        raise StaleVersionError(live, live.version if version is None else version)

    def _cached(self, player: str, game_id: str, version: int | None) -> LiveGame | None:
        """The player's game in memory, when it is at *version* (if given)."""
        with self._cache_lock:
            live = self._cache.get(game_id)
        if live is None or live.player != player:
            return None
        return live if version is None or live.version == version else None

    def _resume(self, row: GameRow) -> LiveGame:
        """The game of *row*: the one in memory when it is that game, else replayed."""
        with self._cache_lock:
            cached = self._cache.get(row.id)
        if cached is not None and cached.revision == row.revision and cached.is_game_of(row):
            live = cached
        elif cached is not None and cached.is_game_of(row):
            live = cached.with_clock_of(row)
        else:
            live = LiveGame.from_row(row)
        self._remember(live)
        return live

    def _remember(self, live: LiveGame) -> None:
        with self._cache_lock:
            known = self._cache.get(live.id)
            # Two threads may finish out of order: never replace a later write's game.
            if known is None or known.revision <= live.revision:
                self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    @staticmethod
    def _with_elapsed_now(row: GameRow, now: float) -> GameRow:
        clock = GameClock(row.elapsed_ms, row.clock_since, row.page_hidden)
        if not clock.is_running:
            return row
        return replace(row, elapsed_ms=clock.elapsed_at(now))


def _hinted(live: LiveGame) -> LiveGame:
    """*live* with one more hint counted: a change of the player's, a new version."""
    changed = live.copy()
    changed.game.count_hint()
    return changed.changed(version=live.version + 1)
