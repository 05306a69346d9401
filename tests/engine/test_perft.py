"""Perft: the number of legal move sequences to a fixed depth, pinned, so that any
change to move generation shows."""

from __future__ import annotations

import pytest

from yukon.engine import Game

PERFT = {
    "YU1-C-AAAAAAB": [8, 61, 452, 3279],
    "YU1-R-AAAAAAB": [18, 308, 5053],
    "YU1-C-AACRWEA": [8, 61, 473, 3713],
    "YU1-R-HELLOYU": [12, 156, 2124],
    "YU1-S-AAAAAAB": [5, 22, 86, 304, 987],
    "YU1-S-HELLOYU": [5, 23, 102, 450, 1970],
    "YU1-A-AAAAAAB": [9, 74, 565, 3991],
    "YU1-A-HELLOYU": [8, 61, 441, 3040],
}


def perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in list(game.legal_moves):
        game.push(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


@pytest.mark.parametrize("code", sorted(PERFT))
def test_perft(code: str) -> None:
    game = Game.from_code(code)
    counts = [perft(game, depth) for depth in range(1, len(PERFT[code]) + 1)]
    assert counts == PERFT[code]
    assert game.position() == Game.from_code(code).position()
