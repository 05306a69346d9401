"""Properties over random deals and random play (hypothesis)."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from yukon.engine import (
    DEAL_COUNT,
    DECK,
    RULE_SETS,
    Card,
    Game,
    GameCode,
    IllegalMoveError,
    Move,
    Record,
    double_taps,
)

codes = st.builds(GameCode, st.sampled_from(list(RULE_SETS)), st.integers(0, DEAL_COUNT - 1))
seeds = st.integers(0, 2**32 - 1)


def playout(code: GameCode, seed: int, length: int = 60, undo_every: int = 7) -> Game:
    """Random legal play with an undo now and then."""
    rng = random.Random(seed)
    game = Game.from_code(code)
    for step in range(length):
        moves = list(game.legal_moves)
        if not moves:
            break
        if step % undo_every == undo_every - 1 and game.can_undo:
            game.undo()
        else:
            game.play(rng.choice(moves))
    return game


def all_cards(game: Game) -> list[Card]:
    up = [Card.from_index(s * 13 + r) for s, h in enumerate(game.foundations) for r in range(h)]
    return [card for column in game.columns for card in column] + up


@settings(max_examples=60, deadline=None)
@given(codes, seeds)
def test_52_distinct_cards_always(code: GameCode, seed: int) -> None:
    game = playout(code, seed)
    cards = all_cards(game)
    assert len(cards) == 52
    assert set(cards) == set(DECK)
    game.position()  # validates the invariants too


@settings(max_examples=60, deadline=None)
@given(codes, seeds)
def test_undo_restores_the_position_exactly(code: GameCode, seed: int) -> None:
    game = playout(code, seed, undo_every=1000)
    for move in list(game.legal_moves)[:6]:
        before = (game.position(), game.score, game.line)
        game.play(move)
        game.undo()
        assert (game.position(), game.score, game.line) == before


@settings(max_examples=40, deadline=None)
@given(codes, seeds)
def test_a_record_replays_to_the_same_game(code: GameCode, seed: int) -> None:
    game = playout(code, seed)
    full = Record.from_game(game, with_undos=True)
    again = Record.parse(str(full)).replay()
    assert again.position() == game.position()
    counters = (game.score, game.move_count, game.undo_count, game.undo_depth, game.log)
    assert (
        again.score,
        again.move_count,
        again.undo_count,
        again.undo_depth,
        again.log,
    ) == counters
    line = Record.from_game(game).replay()
    assert (line.position(), line.score) == (game.position(), game.score)


@settings(max_examples=40, deadline=None)
@given(codes, seeds)
def test_play_accepts_exactly_the_legal_moves(code: GameCode, seed: int) -> None:
    game = playout(code, seed, length=40)
    legal = set(game.legal_moves)
    targets: list[int | None] = [None, *range(7)]
    for card in DECK:
        for column in targets:
            move = Move(card, column)
            assert (game.check(move) is None) == (move in legal), move
    for move in legal:
        game.play(move)
        game.undo()
    illegal = next(
        (Move(card, col) for card in DECK for col in targets if Move(card, col) not in legal), None
    )
    if illegal is not None:
        before = game.position()
        with contextlib.suppress(IllegalMoveError):
            game.play(illegal)
        assert game.position() == before


@given(st.sampled_from(DECK), st.sampled_from([None, *range(7)]))
def test_move_text_round_trips(card: Card, column: int | None) -> None:
    move = Move(card, column)
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).lower()) == move
    assert eval(repr(move)) == move


@given(codes)
def test_code_text_round_trips(code: GameCode) -> None:
    assert GameCode.parse(str(code)) == code
    assert GameCode.parse(f"  {str(code).lower()} ") == code


@settings(max_examples=30, deadline=None)
@given(codes, seeds)
def test_record_text_round_trips(code: GameCode, seed: int) -> None:
    record = Record.from_game(playout(code, seed, length=20), with_undos=True)
    assert Record.parse(str(record)) == record
    assert eval(repr(record)) == record


@settings(max_examples=30, deadline=None)
@given(codes, seeds)
def test_double_tap_proposes_only_legal_tableau_moves(code: GameCode, seed: int) -> None:
    game = playout(code, seed, length=30)
    for card, move in double_taps(game).items():
        assert move.card == card
        assert move.column is not None
        assert game.is_legal(move)
