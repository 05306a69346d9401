"""Move notation and game records (SPEC §3)."""

from __future__ import annotations

import pytest

from yukon.engine import (
    Card,
    GameCode,
    InvalidMoveError,
    InvalidRecordError,
    Move,
    Reason,
    Record,
)


@pytest.mark.parametrize(
    ("text", "card", "column"),
    [
        ("TD>5", "TD", 4),
        ("td>5", "TD", 4),
        ("10♦>5", "TD", 4),
        ("AH>F", "AH", None),
        ("ah>f", "AH", None),
        ("QH>2", "QH", 1),
        (" 7c > 1 ", "7C", 0),
    ],
)
def test_move_parse(text: str, card: str, column: int | None) -> None:
    move = Move.parse(text)
    assert move == Move(Card.parse(card), column)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("TD5", "not a move"),
        ("TD-5", "not a move"),
        ("XD>5", "not a card"),
        ("TD>8", "unknown target '8'"),
        ("TD>0", "unknown target '0'"),
        ("TD>", "unknown target ''"),
        ("TD>G", "unknown target 'G'"),
        (">5", "not a card"),
    ],
)
def test_move_parse_refuses_bad_text(text: str, fragment: str) -> None:
    with pytest.raises(InvalidMoveError, match=fragment):
        Move.parse(text)


def test_move_column_must_exist() -> None:
    with pytest.raises(InvalidMoveError):
        Move(Card.parse("TD"), 7)


def test_move_targets_are_written_1_to_7_or_f() -> None:
    assert Move.parse("TD>5").target == "5"
    assert Move.parse("TD>F").target == "F"
    assert Move.parse("TD>1").to_foundation is False
    assert Move.to_foundations(Card.parse("AH")) == Move.parse("AH>F")
    assert Move.to_column(Card.parse("AH"), 2) == Move.parse("AH>3")


def test_the_seeds_example_moves_an_unordered_group() -> None:
    game = Record.parse("YU1-C-AACRWEA 1. QC>5 2. TD>1").replay()
    assert [str(c) for c in game.columns[0]] == ["JS", "TD", "5H", "JD", "8S"]
    assert game.move_count == 2


def test_record_with_undos_replays_the_counters() -> None:
    record = Record.parse("YU1-C-AACRWEA QC>5 U QC>5 TD>1")
    game = record.replay()
    assert (game.move_count, game.undo_count, len(game.line)) == (3, 1, 2)
    assert str(record) == "YU1-C-AACRWEA QC>5 U QC>5 TD>1"


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("", 0, "empty"),
        ("YU9-C-AACRWEA QC>5", 0, "unknown prefix"),
        ("YU1-C-AACRWEA QC>5 TD>9", 2, "unknown target"),
        ("YU1-C-AACRWEA QC>5 TD>1 8S>3", 3, "wrong_rank"),
        ("YU1-C-AACRWEA U", 1, "no move to undo"),
    ],
)
def test_bad_records_name_the_position_text_and_reason(
    text: str, position: int, fragment: str
) -> None:
    with pytest.raises(InvalidRecordError, match=fragment) as caught:
        Record.parse(text).replay()
    assert caught.value.position == position


def test_an_illegal_move_in_a_record_carries_its_refusal() -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Record.parse("YU1-C-AACRWEA QC>5 QC>5").replay()
    assert str(caught.value) == "move 2 (QC>5): same_column (card=QC, column=5)"
    assert caught.value.where == "move 2 (QC>5)"
    assert caught.value.text == "QC>5"
    refusal = getattr(caught.value.cause, "refusal", None)
    assert refusal is not None
    assert refusal.reason is Reason.SAME_COLUMN


def test_a_game_without_a_code_has_no_record() -> None:
    from yukon.engine import Game, Position

    game = Game(Position.from_code(GameCode.parse("YU1-C-AAAAAAB")))
    with pytest.raises(ValueError, match="no record"):
        Record.from_game(game)
