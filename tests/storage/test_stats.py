"""Statistics per rule set: played, won, streaks and bests."""

from __future__ import annotations

from yukon.storage import GameRow, rules_stats


def _row(
    game_id: str, *, won: bool, moves: int = 90, score: int = 100, ms: int = 60_000
) -> GameRow:
    return GameRow(
        id=game_id, player="ann", code="YU1-C-AAAAAAB", rules="C", record="YU1-C-AAAAAAB",
        version=1, revision=1, hints=0, elapsed_ms=ms, clock_since=None, page_hidden=False,
        score=score, moves=moves, undos=0, won=won, created=0.0, updated=0.0,
    )  # fmt: skip


def test_games_without_a_move_are_not_played() -> None:
    figures = rules_stats([_row("a", won=False, moves=0)])
    assert (figures.played, figures.win_rate, figures.best_score) == (0, None, None)


def test_wins_losses_streaks_and_bests() -> None:
    rows = [
        _row("1", won=True, moves=120, score=625, ms=300_000),
        _row("2", won=True, moves=95, score=625, ms=410_000),
        _row("3", won=False, score=200),
        _row("4", won=True, moves=101, score=630, ms=250_000),
        _row("5", won=True, moves=99, score=625, ms=260_000),
        _row("6", won=True, moves=130, score=625, ms=500_000),
    ]
    figures = rules_stats(rows)
    assert (figures.played, figures.won, figures.win_rate) == (6, 5, 0.8333)
    assert (figures.current_streak, figures.best_streak) == (3, 3)
    assert figures.best_score == 630
    assert figures.fastest_win_ms == 250_000
    assert figures.fewest_moves == 95


def test_the_game_in_progress_does_not_break_the_streak() -> None:
    rows = [_row("1", won=True), _row("2", won=True), _row("now", won=False)]
    assert rules_stats(rows, in_progress="now").current_streak == 2
    assert rules_stats(rows).current_streak == 0
    assert rules_stats(rows, in_progress="now").played == 3
