"""Every rule of SPEC §1 and every refusal reason, under Classic and Relaxed rules."""

from __future__ import annotations

import pytest

from tests.engine.builders import build
from yukon.engine import (
    CLASSIC,
    RELAXED,
    RULE_SETS,
    Card,
    Game,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Reason,
    Refusal,
    RuleSet,
    fits_empty,
)

C = Card.parse
M = Move.parse


def refusal(game: Game, move: str) -> Refusal:
    with pytest.raises(IllegalMoveError) as caught:
        game.play(M(move))
    assert game.check(M(move)) == caught.value.refusal
    return caught.value.refusal


# A board with one of every situation: column 1 holds 8♠ (target for red 7s),
# column 2 an unordered group under 7♥, column 3 8♦, column 4 is empty,
# column 5 a King with cards on it, column 6 the filler with a face-down card
# under 9♣, column 7 a Queen.
BOARD = ["8S", "[2D] 7H 2C KD 5S", "8D", "", "KH 3C 4S", "9C", "QD"]


RUSSIAN = RuleSet.parse("russian")
ALASKA = RuleSet.parse("alaska")


def board(rules: RuleSet = CLASSIC) -> Game:
    return build(BOARD, rules=rules, filler=5)


@pytest.mark.parametrize(
    ("rules", "card", "onto", "legal"),
    [
        (CLASSIC, "7H", "8S", True),
        (CLASSIC, "7H", "8C", True),
        (CLASSIC, "7H", "8D", False),
        (CLASSIC, "7H", "8H", False),
        (CLASSIC, "7S", "8H", True),
        (CLASSIC, "7S", "8C", False),
        (CLASSIC, "7H", "9S", False),
        (CLASSIC, "7H", "6S", False),
        (CLASSIC, "QD", "KS", True),
        (CLASSIC, "KD", "AS", False),
        (RELAXED, "7H", "8D", True),
        (RELAXED, "7H", "8H", True),
        (RELAXED, "7H", "8S", True),
        (RELAXED, "7H", "9D", False),
        (RELAXED, "7H", "7D", False),
        (RUSSIAN, "7H", "8H", True),
        (RUSSIAN, "7H", "8D", False),
        (RUSSIAN, "7H", "8S", False),
        (RUSSIAN, "7H", "6H", False),
        (RUSSIAN, "QS", "KS", True),
        (ALASKA, "7H", "8H", True),
        (ALASKA, "7H", "6H", True),
        (ALASKA, "7H", "8D", False),
        (ALASKA, "7H", "9H", False),
        (ALASKA, "KH", "QH", True),
        (ALASKA, "AH", "KH", False),
    ],
)
def test_can_stack(rules: RuleSet, card: str, onto: str, legal: bool) -> None:
    assert rules.can_stack(C(card), C(onto)) is legal


def test_only_a_king_fits_an_empty_column() -> None:
    assert fits_empty(C("KS"))
    assert not any(fits_empty(C(f"{rank}H")) for rank in "A23456789TJQ")


def test_stack_targets_name_the_cards_a_card_may_go_on() -> None:
    assert [str(c) for c in CLASSIC.targets(C("7H"))] == ["8S", "8C"]
    assert [str(c) for c in RELAXED.targets(C("7H"))] == ["8S", "8H", "8D", "8C"]
    assert CLASSIC.targets(C("KH")) == ()


def test_an_unordered_group_moves_as_one_and_the_card_under_it_turns() -> None:
    game = board()
    game.play(M("7H>1"))
    assert [str(c) for c in game.columns[0]] == ["8S", "7H", "2C", "KD", "5S"]
    assert [str(c) for c in game.columns[1]] == ["2D"]
    assert game.hidden[1] == 0
    assert game.score == 5


def test_wrong_colour_is_refused_under_classic_only() -> None:
    found = refusal(board(), "7H>3")
    assert found.reason is Reason.WRONG_COLOR
    assert (found.card, found.target, found.column, found.count) == (C("7H"), C("8D"), 2, 4)
    relaxed = board(RELAXED)
    relaxed.play(M("7H>3"))
    assert relaxed.columns[2][-4:] == (C("7H"), C("2C"), C("KD"), C("5S"))


def test_under_alaska_a_king_may_go_on_its_queen_and_a_card_on_the_lower_card() -> None:
    assert ALASKA.targets(C("KH")) == (C("QH"),)
    game = build(["QH", "KH 2S", "6H", "7H"], rules=ALASKA, filler=0)
    game.play(M("KH>1"))
    game.play(M("7H>3"))
    assert [str(c) for c in game.columns[0][-3:]] == ["QH", "KH", "2S"]
    assert [str(c) for c in game.columns[2]] == ["6H", "7H"]


def test_a_card_of_the_right_colour_but_another_suit_is_refused_as_the_wrong_suit() -> None:
    found = refusal(board(RUSSIAN), "7H>3")
    assert (found.reason, found.card, found.target) == (Reason.WRONG_SUIT, C("7H"), C("8D"))
    assert refusal(board(RUSSIAN), "7H>1").reason is Reason.WRONG_COLOR


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_wrong_rank_is_refused(rules: RuleSet) -> None:
    found = refusal(board(rules), "2C>1")
    assert found.reason is Reason.WRONG_RANK
    assert (found.card, found.target, found.rules) == (C("2C"), C("8S"), rules)


def test_a_king_put_on_a_card_is_refused_as_the_wrong_rank() -> None:
    found = refusal(board(), "KD>7")
    assert (found.reason, found.card) == (Reason.WRONG_RANK, C("KD"))


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_only_a_king_may_go_to_an_empty_column(rules: RuleSet) -> None:
    found = refusal(board(rules), "QD>4")
    assert (found.reason, found.card, found.column) == (Reason.EMPTY_NEEDS_KING, C("QD"), 3)
    # Not even to uncover a face-down card.
    found = refusal(board(rules), "7H>4")
    assert (found.reason, found.count) == (Reason.EMPTY_NEEDS_KING, 4)


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_a_king_goes_to_an_empty_column_alone_or_with_its_group(rules: RuleSet) -> None:
    game = board(rules)
    game.play(M("KH>4"))
    assert list(game.columns[3]) == [C("KH"), C("3C"), C("4S")]
    assert list(game.columns[4]) == []
    game.play(M("KD>5"))
    assert list(game.columns[4]) == [C("KD"), C("5S")]


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_a_face_down_card_cannot_move(rules: RuleSet) -> None:
    found = refusal(board(rules), "2D>4")
    assert (found.reason, found.card) == (Reason.CARD_FACE_DOWN, C("2D"))


def test_a_card_cannot_move_to_its_own_column() -> None:
    found = refusal(board(), "5S>2")
    assert (found.reason, found.column) == (Reason.SAME_COLUMN, 1)


def test_the_last_card_of_a_column_is_always_face_up() -> None:
    with pytest.raises(InvalidPositionError, match="ends in a face-down card"):
        build(["[8S]"], filler=1)


def group_game(size: int) -> Game:
    # Column 2 holds 8♥ with size − 1 unordered cards on it; column 1 ends in 9♠.
    others = [f"{rank}{suit}" for suit in "HDC" for rank in "A234567"]
    group = " ".join(["8H", *others[: size - 1]])
    return build(["9S", group], filler=0, foundations={"S": 8})


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_groups_of_up_to_20_cards_move_and_21_are_refused(rules: RuleSet) -> None:
    ok = group_game(20)
    ok.play(M("8H>1"))
    assert len(ok.columns[0]) - ok.hidden[0] == 21
    found = refusal(group_game(21), "8H>1")
    assert (found.reason, found.card, found.count) == (Reason.GROUP_TOO_LARGE, C("8H"), 21)


FOUNDATION_BOARD = ["AS 2S", "AH", "3H", "KC", "2H", "QH 3S"]


def foundation_game(rules: RuleSet = CLASSIC) -> Game:
    return build(FOUNDATION_BOARD, rules=rules, foundations={"D": 13, "C": 12}, filler=5)


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_foundations_build_up_by_suit_from_the_ace(rules: RuleSet) -> None:
    game = foundation_game(rules)
    game.play(M("AH>F"))
    game.play(M("2H>F"))
    game.play(M("3H>F"))
    assert game.foundations == (0, 3, 13, 12)
    assert game.foundation_top(C("3H").suit) == C("3H")
    assert game.score == 30


def test_only_the_last_card_goes_to_a_foundation() -> None:
    found = refusal(foundation_game(), "AS>F")
    assert (found.reason, found.card, found.count) == (Reason.NOT_LAST_CARD, C("AS"), 2)


def test_the_foundation_needs_the_next_card_of_its_suit() -> None:
    found = refusal(foundation_game(), "2S>F")
    assert (found.reason, found.card, found.target) == (
        Reason.FOUNDATION_NEEDS_OTHER,
        C("2S"),
        C("AS"),
    )
    found = refusal(foundation_game(), "3H>F")
    assert found.target == C("AH")


def test_the_right_foundation_is_found_for_the_card() -> None:
    game = foundation_game()
    game.play(M("KC>F"))
    assert game.foundations[3] == 13


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_taking_back_the_top_card_of_a_foundation_costs_nothing(rules: RuleSet) -> None:
    game = foundation_game(rules)
    game.play(M("AH>F"))
    game.play(M("2H>F"))
    score = game.score
    found = refusal(game, "AH>6")
    assert (found.reason, found.card, found.target) == (Reason.NOT_FOUNDATION_TOP, C("AH"), C("2H"))
    if rules is CLASSIC:
        assert refusal(game, "2H>3").reason is Reason.WRONG_COLOR
        game.play(M("2H>6"))
    else:
        game.play(M("2H>3"))
    assert game.foundations[1] == 1
    assert game.score == score
    game.play(M("2H>F"))
    assert game.score == score + 10


def test_a_king_taken_back_goes_to_an_empty_column() -> None:
    game = build(["KC", "", "QD KD"], foundations={"S": 13, "H": 13, "D": 11, "C": 12})
    game.play(M("KC>F"))
    game.play(M("KC>2"))
    assert list(game.columns[1]) == [C("KC")]
    game.play(M("QD>2"))
    assert list(game.columns[1]) == [C("KC"), C("QD"), C("KD")]
    found = refusal(game, "QC>1")
    assert found.reason is Reason.EMPTY_NEEDS_KING


def test_take_back_onto_a_column_follows_the_tableau_rule() -> None:
    game = build(["3S", "3H"], foundations={"S": 2, "H": 2, "D": 13, "C": 13}, filler=0)
    found = refusal(game, "KD>1")
    assert (found.reason, found.target) == (Reason.WRONG_RANK, C("3S"))
    game.play(M("2H>1"))
    assert game.columns[0][-2:] == (C("3S"), C("2H"))
    assert game.foundations == (2, 1, 13, 13)
    game.play(M("2S>2"))
    assert game.columns[1][-2:] == (C("3H"), C("2S"))


def test_a_card_on_its_foundation_cannot_go_there_again() -> None:
    game = build(["3S", "3H"], foundations={"S": 2, "H": 2, "D": 13, "C": 13}, filler=0)
    found = refusal(game, "2S>F")
    assert found.reason is Reason.ALREADY_ON_FOUNDATION


def test_the_game_is_won_with_all_52_cards_up_and_then_nothing_moves() -> None:
    game = build(["KS"], foundations={"S": 12, "H": 13, "D": 13, "C": 13})
    assert not game.is_won
    game.play(M("KS>F"))
    assert game.is_won
    assert not game.legal_moves
    assert refusal(game, "KS>1").reason is Reason.GAME_WON


def test_a_refusal_reads_in_a_traceback_as_its_code_and_cards() -> None:
    with pytest.raises(
        IllegalMoveError, match=r"^wrong_color \(card=7H, target=8D, column=3, count=4\)$"
    ):
        board().play(M("7H>3"))
    assert (
        str(Refusal(Reason.EMPTY_NEEDS_KING, C("QD"), column=3))
        == "empty_needs_king (card=QD, column=4)"
    )
    assert str(Refusal(Reason.GAME_WON)) == "game_won"


def test_refusal_as_dict_is_the_api_form() -> None:
    found = refusal(board(), "7H>3")
    assert found.as_dict() == {
        "reason": "wrong_color",
        "card": "7H",
        "target": "8D",
        "column": 3,
        "count": 4,
    }


def test_nothing_moves_by_itself() -> None:
    # An Ace that could go up stays until it is moved.
    game = build(["AS", "KH"], foundations={"H": 12, "D": 13, "C": 13}, filler=0)
    before = game.position()
    game.play(M("KH>F"))
    assert game.columns[0][-1] == C("AS")
    assert game.position().columns[0] == before.columns[0]
