"""The daily deal's frozen search: pinned line by line, and legal move by move.

The golden lines below are part of the daily deal's contract
(:mod:`yukon.daily.search`): if one changes, the search changed, and with it
which deal is the daily deal of some day. Never update them to make a test pass.
"""

from __future__ import annotations

import hashlib

import pytest

from yukon.daily.search import _HOME, _Position, _Rules, frozen_search
from yukon.engine import DECK, RULE_SETS, Game, GameCode, Move, RuleSet

# (rules letter, deal number) -> the winning line's length and the first 16 hex
# digits of the SHA-256 of its moves in notation, space-separated; None: no win.
GOLDEN: dict[tuple[str, int], tuple[int, str] | None] = {
    ("C", 0): (92, "5337085e0f77b22a"),
    ("C", 1): (90, "3562a211f0fa8abf"),
    ("C", 2): (95, "bbfa954f355e7226"),
    ("C", 5): None,
    ("R", 0): (93, "a624d5a583d02ef4"),
    ("R", 7): (98, "b9638ee35a126eb2"),
    ("S", 0): None,
    ("S", 31365376): (84, "67aed3b6f3289010"),
    ("A", 0): (103, "24c4ea344571b35d"),
    ("A", 1): None,
    ("A", 3): (134, "c5b9b266bc102e76"),
}


def fingerprint(line: tuple[Move, ...]) -> tuple[int, str]:
    text = " ".join(str(move) for move in line)
    return len(line), hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


@pytest.mark.parametrize(("letter", "number"), sorted(GOLDEN))
def test_the_search_finds_the_same_line_forever(letter: str, number: int) -> None:
    line = frozen_search(number, RuleSet.parse(letter))
    assert (None if line is None else fingerprint(line)) == GOLDEN[letter, number]


@pytest.mark.parametrize(("letter", "number"), [key for key, won in GOLDEN.items() if won])
def test_every_line_it_finds_wins_through_the_engine(letter: str, number: int) -> None:
    line = frozen_search(number, RuleSet.parse(letter))
    assert line is not None
    game = Game.from_code(GameCode(RuleSet.parse(letter), number))
    for move in line:
        game.play(move)
    assert game.is_won


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.id)
def test_every_move_it_tries_is_legal(rules: RuleSet) -> None:
    """Along a line of play, every child the search would try is a legal move of
    the engine, and the search's position stays the engine's."""
    position = _Position(4, _Rules(rules))
    game = Game.from_code(GameCode(rules, 4))
    for _ in range(60):
        children = [(_move(position, step), step) for step in position.children()]
        if not children:
            break
        for move, _step in children:
            assert game.is_legal(move), move
        move, step = children[len(children) // 2]
        position.play(step)
        game.play(move)
        assert [[card.index for card in column] for column in game.columns] == position.columns
        assert list(game.hidden) == position.hidden
        assert list(game.foundations) == position.found


def _move(position: _Position, step: tuple[int, int, int]) -> Move:
    """The engine's move for the search's *step* from *position*."""
    source, index, target = step
    return Move(DECK[position.columns[source][index]], None if target == _HOME else target)


def test_the_cap_counts_the_positions_entered() -> None:
    """Classic deal 0 is won on entering the search's 177th position."""
    classic = RuleSet.parse("classic")
    assert frozen_search(0, classic, cap=176) is None
    assert frozen_search(0, classic, cap=177) == frozen_search(0, classic)
