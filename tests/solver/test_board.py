"""The search's board against the engine: the same moves, the same positions."""

from __future__ import annotations

import random

import pytest

from yukon.engine import (
    CLASSIC,
    DECK,
    RULE_SETS,
    Card,
    Game,
    GameCode,
    Move,
    Position,
    Reason,
    RuleSet,
)
from yukon.solver.board import Board
from yukon.solver.tables import FOUNDATION

from .reference import small_position


def _walk(game: Game, rng: random.Random, steps: int) -> None:
    """Play random legal moves on *game* and a board side by side, comparing them."""
    board = Board(game.position())
    for _ in range(steps):
        engine_moves = sorted(str(move) for move in game.iter_legal_moves())
        assert sorted(board.move_text(move) for move in board.all_moves()) == engine_moves
        pruned = {board.move_text(move) for move in board.moves()}
        assert pruned <= set(engine_moves)
        safe, junk = board.safe.lookup(tuple(board.foundations))
        if not (len(pruned) == 1 and Move.parse(next(iter(pruned))).card.index in safe):
            # Left out: a King heading its column to an empty one, a King to a second
            # empty column, a junk take-back.
            for text in set(engine_moves) - pruned:
                card = Move.parse(text).card
                from_foundation = game.column_of(card) is None
                assert (
                    _heads_column(game, text)
                    or _to_another_empty(game, text, pruned)
                    or (from_foundation and card.index in junk)
                )
        _check_seen_filter(board, rng)
        if not engine_moves:
            return
        move = rng.choice(board.all_moves())
        key = board.key
        links = _links(board)
        expected = board.key_after(move)
        undo = board.make(move)
        assert board.key == expected
        assert _links(board) == _links(Board(_position(board)))
        board.unmake(undo)
        assert board.key == key
        assert _links(board) == links
        board.make(move)
        game.play(board.to_move(move))
        assert Board(game.position()).key == board.key
        assert [list(c) for c in board.columns] == [[c.index for c in col] for col in game.columns]
        assert board.hidden == list(game.hidden)


def _links(board: Board) -> tuple[list[int], ...]:
    """What lies on and under each card, where it is, whether it is face down and
    how deep in its column (-1 out of the tableau)."""
    depth = [board.depth[card] if board.where[card] >= 0 else -1 for card in range(52)]
    return list(board.above), list(board.below), list(board.where), list(board.down), depth


def _position(board: Board) -> Position:
    return Position(
        board.tables.rules,
        tuple(tuple(Card.from_index(card) for card in column) for column in board.columns),
        tuple(board.hidden),
        (board.foundations[0], board.foundations[1], board.foundations[2], board.foundations[3]),
    )


def _check_seen_filter(board: Board, rng: random.Random) -> None:
    """``moves(seen)`` is ``moves()`` less the moves to positions in *seen*."""
    moves = board.moves()
    seen = {board.key_after(move) for move in moves if rng.random() < 0.5}
    assert board.moves(seen) == [move for move in moves if board.key_after(move) not in seen]


def _heads_column(game: Game, text: str) -> bool:
    move = Move.parse(text)
    column = game.column_of(move.card)
    return (
        column is not None
        and move.column is not None
        and game.columns[column][0] == move.card
        and not game.columns[move.column]
    )


def _to_another_empty(game: Game, text: str, pruned: set[str]) -> bool:
    move = Move.parse(text)
    assert move.column is not None
    if game.columns[move.column]:
        return False
    return any(f"{move.card}>{c + 1}" in pruned for c in range(7) if not game.columns[c])


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_board_moves_match_the_engine_along_random_games(rules: RuleSet) -> None:
    rng = random.Random(7)
    for number in range(12):
        _walk(Game.from_code(GameCode(rules, number)), rng, 120)


def test_board_moves_match_the_engine_on_small_positions() -> None:
    rng = random.Random(11)
    for _ in range(150):
        rules = rng.choice(list(RULE_SETS))
        _walk(Game(small_position(rng, rules, left=rng.randrange(3, 20))), rng, 40)


def test_the_key_ignores_the_order_of_columns() -> None:
    position = Position.from_code(GameCode.parse("YU1-C-AAAAAAB"))
    swapped = Position(
        position.rules,
        tuple(reversed(position.columns)),
        tuple(reversed(position.hidden)),
        position.foundations,
    )
    assert Board(position).key == Board(swapped).key


def test_a_safe_foundation_move_comes_alone() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    for move in ["TS>2", "8S>6", "6D>2", "7H>2", "KC>1"]:
        game.play(Move.parse(move))
    board = Board(game.position())
    assert [board.move_text(move) for move in board.moves()] == ["AD>F"]
    assert board.moves()[0] & 7 == FOUNDATION


def test_a_group_of_more_than_20_cards_never_moves() -> None:
    # K♠ carries 21 cards: 22 in all, over the limit, so it cannot go to the
    # empty columns even though a King may.
    deck = [card for card in DECK if str(card) not in {"KS", "2C"}]
    columns = (
        (Card.parse("2C"), Card.parse("KS"), *deck[:21]),
        (),
        tuple(deck[21:35]),
        tuple(deck[35:]),
        (),
        (),
        (),
    )
    position = Position(CLASSIC, columns, (1, 0, 13, 14, 0, 0, 0), (0, 0, 0, 0))
    game = Game(position)
    refusal = game.check(Move.parse("KS>2"))
    assert refusal is not None
    assert refusal.reason is Reason.GROUP_TOO_LARGE
    board = Board(position)
    king = Card.parse("KS").index
    assert not [m for m in board.all_moves() if m >> 3 == king]
    assert not [m for m in board.moves() if m >> 3 == king]
