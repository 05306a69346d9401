"""Games to review, each a record made by seeded random legal play (as
bench/review.py makes them) and what the review of each must find."""

from __future__ import annotations

from yukon.engine import Game, Move, Position, Record

THROWN_AWAY = Record.parse(
    "YU1-C-AAAAAAM TH>1 JD>5 TS>5 7H>1 AC>4 AH>F 4S>5 JS>3 KD>1 JS>5 JS>3 2D>6 AC>F 8S>4"
    " JS>5 3H>1 AC>1 JS>3 6C>4 8S>3 8S>4 8C>3 JS>5 2C>7 7H>3 JS>3 7H>4 QC>1 AC>F JS>5 JS>4"
    " AC>1 JS>5 7H>3 JS>3 7H>4 7H>3 JS>5 JS>3 7H>4 AC>F JS>5 7H>3 7H>4 7H>3 JS>3 7H>4 JS>5"
    " AC>1 7H>3 JS>3 7H>4 7H>3 JS>5 7H>4 JS>4 7H>3 JS>5 JS>3 7H>4 JS>5 AC>F JS>4 AC>1 AC>F"
    " JS>5 AC>1 JS>4 JS>5 AC>F"
)
"""A deal the study wins, thrown away by move 16, 3♥ to column 1."""
THROWN_AWAY_AT = 15

SMALL_LOSS = Record.parse(
    "YU1-C-AAAACFN 5H>1 6D>2 8S>7 5S>6 7S>7 3H>3 TS>5 5S>7 2S>3 JC>1 9H>5 7S>3 5S>6 5C>3"
    " 7S>5 TS>4 5H>7 5D>1 QH>5 8D>6 TS>1 7S>3 TS>4 TS>1 7S>6 7S>3 TS>4 TS>1 TS>4 TS>1 TS>4"
    " 7S>6 TS>1 TS>4 TS>1 7S>3 TS>4 7S>6 TS>1 TS>4 TS>1 TS>4 TS>1 7S>3 TS>4 TS>1 TS>4 7S>6"
    " 7S>3 TS>1 TS>4 7S>6 TS>1 7S>3 7S>6 7S>3 7S>6 TS>4 TS>1 7S>3 TS>4 7S>6 7S>3 TS>1 TS>4"
    " TS>1 7S>6 7S>3 TS>4 TS>1"
)
"""A game whose losing move (move 19, Q♥ to column 5) leaves a position from
which only a dozen positions can be reached: small enough to search them all."""
SMALL_LOSS_AT = 18

TAKEN_BACK = Record.parse(
    "YU1-C-AAAACNF 3H>3 QS>6 2C>1 AS>F 2C>3 4D>6 AS>4 6D>5 5C>2 QH>6 2C>1 8S>5"
)
"""A game (the first moves of one that bench/review.py plays) lost by its last
move, 8♠ to column 5, whose first win found from the position before it starts
with 2♣ to column 3: taking back move 11, 2♣ to column 1."""
TAKEN_BACK_AT = 11

LOST_DEAL = "YU1-C-AAAAAAY"
"""YU1 deal 24, Classic: unwinnable, proved before any search (docs/winnability.jsonl)."""
WON_DEAL = "YU1-C-AAAAAAB"


def position_after(record: Record, moves: int) -> Position:
    """The position after the first *moves* moves of *record* (it has no undo)."""
    game = Game.from_code(record.code)
    for move in record.moves[:moves]:
        assert move is not None
        game.play(move)
    return game.position()


def wins_from(record: Record, moves: int, line: tuple[Move, ...]) -> bool:
    """Whether *line* wins from the position after *moves* moves of *record*,
    replayed through the engine's checked play."""
    game = Game(position_after(record, moves))
    for move in line:
        game.play(move)
    return game.is_won
