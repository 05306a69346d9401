"""What the product calls: hints, "can this still be won?", winnable deals."""

from __future__ import annotations

import random

import pytest

from tests.solver.test_search import trap_position
from yukon.engine import CLASSIC, RELAXED, RULE_SETS, Game, GameCode, Position, RuleSet
from yukon.solver import (
    Limit,
    SolveResult,
    Status,
    analyse,
    clear_cache,
    find_winnable_deal,
    heuristic_move,
    pool,
    solve,
    suggest_move,
    winnable_deal,
)
from yukon.solver.serving.service import cached_result, remember, suggested_move


def test_following_the_hints_wins_the_game() -> None:
    clear_cache()
    game = Game.from_code("YU1-C-AAAAAAB")
    while not game.is_won:
        move = suggest_move(game, seconds=2.0)
        assert move is not None
        game.play(move)
        game.count_hint()
    assert game.hint_count == game.move_count


def test_a_hint_from_a_mid_game_position_is_legal() -> None:
    clear_cache()
    game = Game(trap_position())
    move = suggest_move(game, seconds=0.05)
    assert move is not None
    assert game.is_legal(move)


def test_no_hint_without_a_legal_move() -> None:
    empty = ((),) * 7
    won = Game(Position(CLASSIC, empty, (0,) * 7, (13, 13, 13, 13)))
    assert suggest_move(won) is None
    assert heuristic_move(won) is None


def test_analyse_is_cached_per_position() -> None:
    clear_cache()
    game = Game.from_code("YU1-C-AAAAAAC")
    first = analyse(game, seconds=5.0)
    assert first.status is Status.WON
    assert analyse(game, seconds=5.0) is first
    # The positions along the solution are known too.
    game.play(first.moves[0])
    after = analyse(game, seconds=5.0)
    assert after.moves == first.moves[1:]
    assert after.states == 0


def test_analyse_of_an_unwinnable_position() -> None:
    clear_cache()
    columns = [
        ["[QH]", "[9C]", "[QD]", "[JH]", "8C", "QC", "9D"],
        ["[KS]", "[KC]", "[JC]", "[9H]", "[TC]", "[8D]", "TH"],
        ["[KH]", "[TD]", "[KD]", "[JD]", "QS"],
        [],
        [],
        [],
        [],
    ]
    foundations = {"S": 11, "H": 8, "D": 7, "C": 7}
    game = Game(Position.from_dict({"columns": columns, "foundations": foundations}))
    result = analyse(game, seconds=5.0)
    assert result.status is Status.UNWINNABLE
    assert analyse(game, seconds=5.0) is result
    assert suggest_move(game) in game.legal_moves


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_winnable_deals_come_from_the_pool(rules: RuleSet) -> None:
    rng = random.Random(3)
    codes = {winnable_deal(rules, rng) for _ in range(20)}
    assert len(codes) > 10
    for code in codes:
        assert code.rules is rules
        assert code.number in pool(rules)


def test_pool_deals_are_won() -> None:
    for number in pool(CLASSIC)[:5]:
        position = Position.from_code(GameCode(CLASSIC, number))
        assert solve(position, Limit(states=100_000)).status is Status.WON


def test_find_a_fresh_winnable_deal() -> None:
    code = find_winnable_deal(RELAXED, random.Random(1), limit=Limit(states=50_000))
    assert code is not None
    assert solve(Position.from_code(code), Limit(states=50_000)).status is Status.WON


def test_an_undecided_verdict_answers_only_as_long_a_search() -> None:
    clear_cache()
    position = Game.from_code("YU1-C-AAAAAAR").position()
    unknown = SolveResult(Status.UNKNOWN, (), 1000, 1.0)
    remember(position, unknown)
    assert cached_result(position, 1.0) is unknown
    assert cached_result(position, 3.0) is None
    winnable = Game.from_code("YU1-C-AAAAAAB").position()
    won = solve(winnable, Limit(states=50_000))
    remember(winnable, won)
    assert cached_result(winnable, 100.0) is won


def test_the_suggested_move_of_a_won_search_is_its_first_move() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    won = solve(game.position(), Limit(states=50_000))
    assert suggested_move(game, won) == won.moves[0]
    unknown = SolveResult(Status.UNKNOWN)
    assert suggested_move(game, unknown) == heuristic_move(game)
