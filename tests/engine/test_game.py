"""Scoring, counters, undo, legal moves and the double-tap choice (SPEC §1, §4, §5)."""

from __future__ import annotations

import pytest

from tests.engine.builders import build
from yukon.engine import (
    MAX_UNDO,
    RELAXED,
    Card,
    Game,
    GameCode,
    Move,
    NothingToUndoError,
    Record,
    double_taps,
)

C = Card.parse
M = Move.parse


def ladder_game() -> Game:
    """Four columns, one per suit, King at the bottom and Ace on top, 21 face down:
    playing every card up in order wins with every card turned."""
    columns = []
    for suit, hidden in zip("SHDC", (6, 5, 5, 5), strict=True):
        ranks = "KQJT98765432A"
        columns.append(
            " ".join(f"[{r}{suit}]" if i < hidden else f"{r}{suit}" for i, r in enumerate(ranks))
        )
    return build(columns)


def test_a_win_without_take_backs_scores_exactly_625() -> None:
    game = ladder_game()
    assert sum(game.hidden) == 21
    for rank in "A23456789TJQK":
        for suit in "SHDC":
            game.play(M(f"{rank}{suit}>F"))
    assert game.is_won
    assert game.score == 625 == 52 * 10 + 21 * 5
    assert game.turned_count == 21
    assert game.move_count == 52


# A whole won game of a real deal (found by the solver, pinned here as golden data).
WON_RECORD = (
    "YU1-C-AACRWEA "
    "TH>1 AS>F 7H>3 7D>1 6S>3 4C>3 2S>F QS>5 3S>F 8S>3 TC>1 QC>7 3D>3 AC>F 2D>2 2C>3 4H>4 "
    "KH>2 7S>6 5C>7 AH>F KD>4 6H>6 JS>6 8D>5 9D>6 2H>F JD>4 TD>5 9S>6 8C>4 KS>1 3H>F 4H>F "
    "5H>F QH>1 6H>F 6D>6 4D>6 JC>7 6C>2 4S>F 3C>6 2C>F 9H>3 KC>5 QD>1 9C>1 TS>7 5S>F AD>F "
    "2D>F 3D>F 3C>F 4C>F 4D>F 5D>F 6S>F 5C>F 6D>F 7S>F 6C>F 7H>F 7D>F 8S>F 8H>F 7C>F 8C>F "
    "8D>F 9C>F 9D>F 9S>F TD>F 9H>F TC>F TH>F JC>F TS>F JD>F JS>F QD>F JH>F QC>F QS>F KD>F "
    "QH>F KS>F KH>F KC>F "
)


def test_a_real_deal_won_without_take_backs_ends_with_625() -> None:
    game = Record.parse(WON_RECORD).replay()
    assert game.is_won
    assert game.score == 625
    assert game.move_count == 89
    assert not game.legal_moves


def test_points_for_foundation_cards_and_turned_cards() -> None:
    game = ladder_game()
    game.play(M("AS>F"))
    assert game.score == 10
    for rank in "2345678":
        game.play(M(f"{rank}S>F"))
    assert game.score == 80 + 2 * 5  # 7♠ up turned 8♠, 8♠ up turned 9♠
    assert game.hidden[0] == 4


def test_a_take_back_costs_nothing_and_the_card_scores_again() -> None:
    game = build(["3S", "3H"], foundations={"S": 2, "H": 2, "D": 13, "C": 13}, filler=0)
    game.play(M("2H>1"))
    assert game.score == 0
    game.play(M("2H>F"))
    assert game.score == 10
    game.play(M("2H>1"))
    game.play(M("2H>F"))
    assert game.score == 20


def test_the_score_never_falls_below_zero() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    for move in ["6C>1", "6S>1"]:
        if game.is_legal(M(move)):
            game.play(M(move))
        assert game.score >= 0
        game.undo()
        assert game.score == 0


def test_undo_restores_cards_facing_and_score_but_not_the_move_counter() -> None:
    game = ladder_game()
    before = game.position()
    for rank in "A2345678":
        game.play(M(f"{rank}S>F"))
    assert game.score == 90
    for _ in range(8):
        game.undo()
    assert game.position() == before
    assert game.score == 0
    assert game.move_count == 8
    assert game.undo_count == 8
    assert not game.can_undo
    with pytest.raises(NothingToUndoError, match="no move to undo"):
        game.undo()


def test_undo_of_a_group_move_and_a_take_back() -> None:
    game = build(["8S", "[2D] 7H 2C KD 5S", "3S", "3H"], foundations={"S": 2, "H": 2}, filler=1)
    before = game.position()
    game.play(M("7H>1"))
    game.play(M("2H>3"))
    game.undo()
    game.undo()
    assert game.position() == before


def test_only_the_last_100_moves_can_be_undone() -> None:
    game = build(["8S", "8C", "7H"], foundations={"D": 13}, filler=0)
    for number in range(MAX_UNDO + 1):
        game.play(M("7H>1" if number % 2 == 0 else "7H>2"))
    assert game.undo_depth == MAX_UNDO == 100
    for _ in range(MAX_UNDO):
        game.undo()
    assert not game.can_undo
    with pytest.raises(NothingToUndoError):
        game.undo()
    assert game.columns[0][-1] == C("7H")  # the first move stays
    assert game.move_count == 101
    assert game.undo_count == 100


def test_hints_are_counted() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    game.count_hint()
    game.count_hint()
    assert game.hint_count == 2
    assert game.move_count == 0


def test_line_and_log_keep_what_was_done() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    game.play(M("6S>1"))
    game.play(M("QD>4"))
    game.undo()
    game.play(M("QH>4"))
    assert [str(m) for m in game.line] == ["6S>1", "QH>4"]
    assert ["U" if m is None else str(m) for m in game.log] == ["6S>1", "QD>4", "U", "QH>4"]


def test_legal_moves_view() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    moves = game.legal_moves
    assert sorted(str(m) for m in moves) == [
        "5H>5", "6C>1", "6D>7", "6S>1", "8C>6", "QD>4", "QH>4", "TS>2",
    ]  # fmt: skip
    assert len(moves) == 8
    assert bool(moves)
    assert M("6C>1") in moves
    assert M("6C>2") not in moves
    assert "6C>1" not in moves


def test_no_legal_move_left_is_reported_but_is_not_the_end() -> None:
    # Two columns whose last cards fit nowhere and no foundation can take anything.
    game = build(["[AS] 5C", "[2S] 5S"], filler=0)
    assert not game.legal_moves
    assert not game.is_won
    assert game.can_undo is False


def test_iter_moves_of_a_card() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    assert [str(m) for m in game.iter_moves_of(C("6C"))] == ["6C>1"]
    assert list(game.iter_moves_of(C("9S"))) == []  # face down


class TestDoubleTap:
    def test_the_longest_fitting_column_wins(self) -> None:
        # 7♥ fits on 8♠ (column 1, one card) and 8♣ (column 3, three cards).
        game = build(["8S", "7H", "QH 4S 8C", "KS"], foundations={"D": 12}, filler=3)
        assert double_taps(game).get(C("7H")) == M("7H>3")

    def test_ties_go_to_the_leftmost_column(self) -> None:
        game = build(["2D 8S", "7H", "2H 8C", "KS"], foundations={"D": 1, "H": 1}, filler=3)
        assert double_taps(game).get(C("7H")) == M("7H>1")

    def test_a_king_goes_to_the_leftmost_empty_column(self) -> None:
        game = build(["QD", "", "5C KH 2S", ""], foundations={"D": 11}, filler=0)
        assert double_taps(game).get(C("KH")) == M("KH>2")

    def test_a_king_that_heads_its_column_stays(self) -> None:
        game = build(["QD", "", "KH 2S"], foundations={"D": 11}, filler=0)
        assert double_taps(game).get(C("KH")) is None

    def test_nothing_fits_nothing_moves(self) -> None:
        game = Game.from_code("YU1-C-AAAAAAB")
        assert double_taps(game).get(C("JH")) is None

    def test_a_foundation_top_can_be_double_tapped_back(self) -> None:
        game = build(["3S", "3H"], foundations={"S": 2, "H": 2, "D": 13, "C": 13}, filler=0)
        assert double_taps(game).get(C("2H")) == M("2H>1")

    def test_relaxed_rules_widen_the_choice(self) -> None:
        code = GameCode.parse("YU1-R-AAAAAAB")
        game = Game.from_code(code)
        assert game.rules is RELAXED
        assert len(game.legal_moves) > len(Game.from_code("YU1-C-AAAAAAB").legal_moves)
