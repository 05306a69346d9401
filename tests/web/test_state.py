"""The state's targets and double-tap places agree with the engine asked card by
card, and face-down cards are never named — in positions reached by random play
in both rule sets."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.web.helpers import WIN_CODE, WIN_LINE
from yukon.engine import (
    DEAL_COUNT,
    RULE_SETS,
    Card,
    Game,
    GameCode,
    Move,
    Outcome,
    RuleSet,
    Suit,
)
from yukon.storage import LiveGame
from yukon.web.state import moves_by_card, state_json


def _played(seed: int, rules: RuleSet, length: int) -> Game:
    rng = random.Random(seed)
    game = Game.from_code(GameCode(rules, rng.randrange(DEAL_COUNT)))
    for _ in range(length):
        moves = list(game.iter_legal_moves())
        if not moves:
            break
        if game.can_undo and rng.random() < 0.1:
            game.undo()
        else:
            game.play(rng.choice(moves))
    return game


def _movable(game: Game) -> list[Card]:
    cards = [
        card
        for column, hidden in zip(game.columns, game.hidden, strict=True)
        for card in column[hidden:]
    ]
    tops = (game.foundation_top(suit) for suit in Suit)
    return cards + [top for top in tops if top is not None]


GAMES = st.builds(
    _played, st.integers(0, 2**32), st.sampled_from(list(RULE_SETS)), st.integers(0, 120)
)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_targets_are_the_engines_moves_card_by_card(game: Game) -> None:
    expected = {}
    for card in _movable(game):
        targets = [move.target for move in game.iter_moves_of(card)]
        if targets:
            expected[card] = targets
    assert moves_by_card(list(game.iter_legal_moves())) == expected


def _double_tap(game: Game, card: Card) -> Move | None:
    """SPEC §5's double tap asked column by column: the yardstick for the one pass."""
    source = game.column_of(card)
    fitting = [
        column
        for column in range(len(game.columns))
        if column != source and game.is_legal(Move(card, column))
    ]
    filled = [column for column in fitting if game.columns[column]]
    if filled:
        return Move(card, max(filled, key=lambda column: (len(game.columns[column]), -column)))
    heads = source is not None and game.columns[source][0] == card
    return Move(card, fitting[0]) if fitting and not heads else None


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_double_tap_places_are_the_engines(game: Game) -> None:
    expected = {}
    for card in _movable(game):
        move = _double_tap(game, card)
        if move is not None:
            expected[str(card)] = move.target
    assert state_json(LiveGame.new("id", "player", game, 0.0), 0.0)["double_tap"] == expected


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_face_down_cards_are_never_named(game: Game) -> None:
    state = state_json(LiveGame.new("id", "player", game, 0.0), 0.0)
    shown = json.dumps({key: state[key] for key in ("columns", "targets", "double_tap")})
    for cards, hidden in zip(game.columns, game.hidden, strict=True):
        for card in cards[:hidden]:
            assert f'"{card}"' not in shown
    columns = json.loads(json.dumps(state["columns"]))
    assert [column["hidden"] for column in columns] == list(game.hidden)


@settings(max_examples=60, deadline=None)
@given(GAMES)
def test_the_outcome_is_the_engines(game: Game) -> None:
    state = state_json(LiveGame.new("id", "player", game, 0.0), 0.0)
    assert state["outcome"] == game.outcome.value
    assert state["no_legal_moves"] is (game.outcome is Outcome.NO_LEGAL_MOVE)


def test_the_outcome_of_a_won_and_of_a_stuck_game() -> None:
    """Random play seldom ends either way: a winning line is played, and random
    games are played on until one is stuck."""
    won = Game.from_code(GameCode.parse(WIN_CODE))
    for move in WIN_LINE:
        won.play(Move.parse(move))
    state = state_json(LiveGame.new("id", "p", won, 0.0), 0.0)
    assert (state["outcome"], state["won"], state["no_legal_moves"]) == ("won", True, False)
    rng = random.Random(11)
    stuck = None
    while stuck is None:
        game = _played(rng.randrange(2**32), rng.choice(RULE_SETS), 400)
        if not game.is_won and not game.legal_moves:
            stuck = game
    assert state_json(LiveGame.new("id", "p", stuck, 0.0), 0.0)["outcome"] == "no_legal_move"
