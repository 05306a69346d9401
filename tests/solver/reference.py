"""An exhaustive search without any shortcut: the yardstick for the solver's
pruning on small positions.

It walks every legal move (:meth:`Board.all_moves`, itself checked against the
engine's move list), take-backs included, with no safe moves, no pruning and no
column symmetry, keying positions by their exact content. Besides: small random
positions to try the proofs on, and the positions of the solver's winning lines,
which no proof may find lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from itertools import islice

from yukon.engine import CLASSIC, DECK, Card, Game, GameCode, Position, RuleSet
from yukon.solver import Limit, Status, solve
from yukon.solver.board import Board, Undo


class TooLargeError(RuntimeError):
    """More positions are reachable than the exhaustive search will visit."""


def exhaustive_winnable(position: Position, *, cap: int = 200_000) -> bool:
    """Whether *position* can be won, by visiting every reachable position.

    :raises TooLargeError: when more than *cap* positions are reachable.
    """
    board = Board(position)
    seen = {_exact(board)}
    path: list[Undo] = []
    frames = [board.all_moves()[::-1]]
    while frames:
        if board.is_won:
            return True
        if not frames[-1]:
            frames.pop()
            if path:
                board.unmake(path.pop())
            continue
        path.append(board.make(frames[-1].pop()))
        key = _exact(board)
        if key in seen:
            board.unmake(path.pop())
            continue
        if len(seen) >= cap:
            raise TooLargeError(f"over {cap} positions")
        seen.add(key)
        frames.append(board.all_moves()[::-1])
    return False


def literal_layout(board: Board) -> tuple[dict[int, int], dict[int, int], set[int], set[int]]:
    """The tableau read plainly from the columns, for the literal readings of the
    proofs' definitions: the card lying on each card, the card each lies on, the
    face-down cards and every tableau card."""
    above: dict[int, int] = {}
    below: dict[int, int] = {}
    down: set[int] = set()
    for column, hidden in zip(board.columns, board.hidden, strict=True):
        for depth, card in enumerate(column):
            if depth:
                below[card] = column[depth - 1]
                above[column[depth - 1]] = card
            if depth < hidden:
                down.add(card)
    tableau = {card for column in board.columns for card in column}
    return above, below, down, tableau


def _exact(board: Board) -> tuple[object, ...]:
    return (*map(tuple, board.columns), *board.hidden)


def small_position(rng: random.Random, rules: RuleSet, *, left: int) -> Position:
    """A random position with *left* cards in the tableau (the highest of random
    suits) in a few columns, many face down; the rest on the foundations."""
    heights = [13] * 4
    for _ in range(left):
        suit = rng.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    tableau = [card for card in DECK if card.rank > heights[card.suit.index]]
    rng.shuffle(tableau)
    columns: list[list[Card]] = [[] for _ in range(7)]
    used = rng.randrange(2, 6)
    for card in tableau:
        columns[rng.randrange(used)].append(card)
    hidden = [max(0, len(cards) - rng.randrange(1, 4)) for cards in columns]
    return Position(
        rules,
        tuple(tuple(cards) for cards in columns),
        tuple(hidden),
        (heights[0], heights[1], heights[2], heights[3]),
    )


def small_positions(seed: int, rules: RuleSet, *, most: int = 20) -> Iterator[Position]:
    """Positions by :func:`small_position` under *rules*, 6 to *most* − 1 cards left,
    without end: a test takes as many as it needs to check enough of them (how
    often a kind of position comes up differs much between rule sets)."""
    rng = random.Random(seed)
    while True:
        yield small_position(rng, rules, left=rng.randrange(6, most))


def confirm_lost(positions: Iterable[Position], *, wanted: int, cap: int) -> None:
    """Assert that the exhaustive search finds each of *positions* lost, until
    *wanted* of them were small enough for it (*cap*) to decide, and that *wanted*
    were: the positions come from a check that calls them lost."""
    checked = 0
    for position in positions:
        try:
            assert not exhaustive_winnable(position, cap=cap), position.layout_lines()
        except TooLargeError:
            continue
        checked += 1
        if checked == wanted:
            return
    assert checked == wanted, f"only {checked} of {wanted} positions were small enough"


def winning_lines(deals: int) -> Iterator[tuple[int, list[Position]]]:
    """Real positions, far larger than the small ones: for each Classic deal of
    YU1 0 … *deals* − 1 that the solver wins within 50,000 states, its number
    and every position along the solution, the deal first."""
    for number in range(deals):
        position = Position.from_code(GameCode(CLASSIC, number))
        result = solve(position, Limit(states=50_000))
        if result.status is not Status.WON:
            continue
        game = Game(position)
        line = [position]
        for move in result.moves:
            game.play(move)
            line.append(game.position())
        yield number, line


def found_by_both(
    weaker: Callable[[Board], object],
    stronger: Callable[[Board], object],
    positions: Iterable[Position],
) -> int:
    """Assert that the proof *stronger* finds lost each of *positions* that the
    proof *weaker* finds lost (a true answer); how many *weaker* found."""
    found = 0
    for position in positions:
        board = Board(position)
        if weaker(board):
            found += 1
            assert stronger(board), position.layout_lines()
    return found


def confirm_lost_alone(
    proof: Callable[[Board], object],
    weaker: Iterable[Callable[[Board], object]],
    rules: RuleSet,
    *,
    seed: int,
    wanted: int,
) -> None:
    """Assert that small positions under *rules* (from *seed*) that *proof* finds lost
    and none of the *weaker* proofs does are lost: those say something of *proof*
    alone. *wanted* of them must be small enough for the exhaustive search to decide,
    among the first 40,000 small positions of the stream."""
    weaker = tuple(weaker)

    def alone(position: Position) -> bool:
        board = Board(position)
        return bool(proof(board)) and not any(other(board) for other in weaker)

    positions = islice(small_positions(seed, rules, most=18), 40_000)
    confirm_lost(filter(alone, positions), wanted=wanted, cap=10_000)
