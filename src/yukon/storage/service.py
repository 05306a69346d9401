"""The game service: players' games kept in memory for speed and in the database
for safety. Every change is checked against the game's version, made on the
engine's game, committed, and only then acknowledged.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> service = GameService(Database(pathlib.Path(folder.name) / "y.sqlite3"), clock=lambda: 0.0)
>>> live = service.create("ann", GameCode.parse("YU1-C-AACRWEA"))
>>> live = service.move("ann", live.id, Move.parse("QC>5"), version=1)
>>> live.record, live.version
('YU1-C-AACRWEA QC>5', 2)
>>> service.close(); folder.cleanup()
"""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Final

from yukon.engine import (
    RULE_SETS,
    Game,
    GameCode,
    IllegalMoveError,
    Move,
    NothingToUndoError,
    RuleSet,
)
from yukon.storage.database import Database, GameRow
from yukon.storage.errors import (
    GameNotFoundError,
    GameRefusedError,
    GameWonError,
    StaleVersionError,
)
from yukon.storage.live import GameClock, LiveGame
from yukon.storage.settings import PlayerSettings
from yukon.storage.stats import RulesStats, rules_stats

__all__ = ["DEFAULT_CACHE_SIZE", "GameService", "new_game_id"]

DEFAULT_CACHE_SIZE: Final = 1024
"""How many games stay resumed in memory; the others are replayed from the database
(a few milliseconds for a long game). Kept modest because every cached game holds
a few hundred objects that Python's cycle collector scans in its full passes: at
4096 long games a full pass took about 0.3 s, a pause for every answer meanwhile."""
_ID_BYTES: Final = 16


def new_game_id() -> str:
    """An unguessable game id (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(_ID_BYTES)


class GameService:
    """Players' games: create, resume, move, undo, hints, clock, settings."""

    def __init__(
        self,
        database: Database,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        self.database = database
        self._clock = clock
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_size = cache_size

    def close(self) -> None:
        self._cache.clear()
        self.database.close()

    # Finding games

    def get(self, player: str, game_id: str) -> LiveGame:
        """The player's game *game_id*, resumed.

        :raises GameNotFoundError: for an unknown id or another player's game.
        :raises CorruptGameError: when the stored game cannot be resumed.
        """
        live = self._cache.get(game_id)
        if live is None:
            row = self.database.load_game(game_id)
            if row is None or row.player != player:
                raise GameNotFoundError(f"there is no game {game_id!r}")
            live = LiveGame.from_row(row)
            self._remember(live)
        elif live.player != player:
            raise GameNotFoundError(f"there is no game {game_id!r}")
        else:
            self._cache.move_to_end(game_id)
        return live

    def current(self, player: str) -> LiveGame:
        """The player's current game (the one created or replayed last).

        :raises GameNotFoundError: when the player has none.
        """
        game_id = self.database.current_game_id(player)
        if game_id is None:
            raise GameNotFoundError("there is no current game: start one")
        return self.get(player, game_id)

    def list_games(self, player: str, limit: int) -> list[GameRow]:
        """The player's games, newest first, with the elapsed time as of now."""
        now = self._clock()
        rows = self.database.list_games(player, limit)
        return [self._with_elapsed_now(row, now) for row in rows]

    def stats(self, player: str) -> dict[RuleSet, RulesStats]:
        """The player's statistics per rule set."""
        current = self.database.current_game_id(player)
        return {
            rules: rules_stats(self.database.iter_games_by_rules(player, rules.letter), current)
            for rules in RULE_SETS
        }

    # Changing games

    def create(self, player: str, code: GameCode) -> LiveGame:
        """Store a new game of *code*; it becomes the player's current game."""
        live = LiveGame.new(new_game_id(), player, Game.from_code(code), self._clock())
        self.database.insert_game(live.to_row())
        self._remember(live)
        return live

    def replay(self, player: str, game_id: str) -> LiveGame:
        """A new game of the same deal as *game_id*, now the current game."""
        code = self.get(player, game_id).game.code
        assert code is not None, "stored games always start from a deal"
        return self.create(player, code)

    def move(self, player: str, game_id: str, move: Move, version: int) -> LiveGame:
        """Make *move* in the game at *version*.

        :raises GameRefusedError: (with the engine's :class:`IllegalMoveError` as
            ``cause``) when the rules refuse it; :class:`StaleVersionError` when
            *version* is not the current one. Nothing changes then.
        """
        live = self._for_change(player, game_id, version)
        try:
            live.game.play(move)
        except IllegalMoveError as error:
            raise GameRefusedError(live, str(error), error) from None
        live.note_move(str(move))
        now = self._clock()
        clock = live.clock
        live.clock = clock.stopped(now) if live.game.is_won else clock.running(now)
        return self._commit(live, version, now)

    def undo(self, player: str, game_id: str, version: int) -> LiveGame:
        """Take back the last move of the game at *version*.

        :raises GameRefusedError: when there is nothing to undo, the game is won
            (:class:`GameWonError`) or *version* is stale.
        """
        live = self._for_change(player, game_id, version)
        if live.game.is_won:
            raise GameWonError(live)
        try:
            live.game.undo()
        except NothingToUndoError as error:
            raise GameRefusedError(live, str(error), error) from None
        live.note_undo()
        now = self._clock()
        live.clock = live.clock.running(now)
        return self._commit(live, version, now)

    def record_hint(self, player: str, game_id: str, version: int, move: Move | None) -> LiveGame:
        """Count the hint *move* shown for the game at *version* (``None``, nothing
        to show, is not counted).

        :raises StaleVersionError: when the game changed since.
        """
        live = self._for_change(player, game_id, version)
        if move is None:
            return live
        if not live.game.is_legal(move):
            raise ValueError(f"the hint {move} is not legal here")
        live.game.count_hint()
        return self._commit(live, version, self._clock())

    def check_version(self, player: str, game_id: str, version: int) -> LiveGame:
        """The game, when it is at *version*.

        :raises StaleVersionError: when it is not.
        """
        return self._for_change(player, game_id, version)

    def set_page_hidden(self, player: str, game_id: str, hidden: bool) -> LiveGame:
        """The page shows or hides the game: the clock pauses while hidden. This is
        not a change to the game, so the version stays (two tabs never go stale
        over it)."""
        live = self.get(player, game_id)
        now = self._clock()
        game = live.game
        may_run = game.move_count > 0 and not game.is_won
        clock = live.clock.with_page_hidden(hidden, now, may_run=may_run)
        if clock == live.clock:
            return live
        live.clock = clock
        return self._commit(live, live.version, now, bump=False)

    # Settings

    def settings(self, player: str) -> PlayerSettings:
        return PlayerSettings.from_stored(self.database.load_settings(player))

    def update_settings(self, player: str, changes: Mapping[str, object]) -> PlayerSettings:
        """Apply *changes* to the player's settings and store them.

        :raises InvalidSettingError: for an unknown setting or a bad value.
        """
        settings = self.settings(player).updated(changes)
        self.database.save_settings(player, settings.as_dict(), self._clock())
        return settings

    # Inner workings

    def now(self) -> float:
        return self._clock()

    def _for_change(self, player: str, game_id: str, version: int) -> LiveGame:
        live = self.get(player, game_id)
        if version != live.version:
            raise StaleVersionError(live, version)
        return live

    def _commit(self, live: LiveGame, version: int, now: float, *, bump: bool = True) -> LiveGame:
        """Store the changed *live* game over *version*; on any failure forget it,
        so that the next request resumes it from the database as it was."""
        live.version = version + 1 if bump else version
        live.updated = now
        try:
            stored = self.database.update_game(live.to_row(), version)
        except BaseException:
            self._forget(live.id)
            raise
        if not stored:
            # Someone else (another server on the same file) changed it: resume theirs.
            self._forget(live.id)
            raise StaleVersionError(self.get(live.player, live.id), version)
        return live

    def _remember(self, live: LiveGame) -> None:
        self._cache[live.id] = live
        self._cache.move_to_end(live.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        self._cache.pop(game_id, None)

    @staticmethod
    def _with_elapsed_now(row: GameRow, now: float) -> GameRow:
        clock = GameClock(row.elapsed_ms, row.clock_since, row.page_hidden)
        if not clock.is_running:
            return row
        return replace(row, elapsed_ms=clock.elapsed_at(now))
