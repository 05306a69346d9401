"""Properties of reviews of games played at random: every claim is backed,
whatever the game and however small the budget."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.engine.test_properties import playout
from yukon.coach import Review, ReviewStatus, review
from yukon.coach.review import takes_back
from yukon.engine import CLASSIC, Game, GameCode, Move, Position, Record
from yukon.solver import Limit, SolveResult, Status, solve

# Classic deals the study wins (docs/winnability.jsonl), and deal 24, lost from the deal.
DEALS = [0, 1, 3, 12, 24, 1495]


@settings(max_examples=30)
@given(
    deal=st.sampled_from(DEALS),
    seed=st.integers(0, 10**6),
    length=st.integers(0, 40),
    states=st.sampled_from([20, 2_000, 20_000]),
)
def test_every_claim_of_a_review_is_backed(deal: int, seed: int, length: int, states: int) -> None:
    code = GameCode(CLASSIC, deal)
    game = playout(code, seed, length)  # with an undo now and then, which the line leaves out
    line = game.line
    limit = Limit(states=states)
    on_the_line = {Record(code, line[:moves]).replay().position() for moves in range(len(line) + 1)}
    won_off_the_line: dict[Position, tuple[Move, ...]] = {}

    def solving(position: Position, limit: Limit) -> SolveResult:
        result = solve(position, limit)
        if position not in on_the_line and result.status is Status.WON:
            won_off_the_line[position] = result.moves
        return result

    done = review(code, game.log, limit, solve=solving)
    assert done.line == line
    assert Review.from_dict(done.as_dict()) == done
    assert done.solver_calls >= 1
    last = done.last_winnable
    if done.status in (ReviewStatus.FOUND, ReviewStatus.STILL_WINNABLE):
        assert last is not None
        # The win from the last winnable position, replayed by the engine.
        assert Record(code, (*line[:last], *done.winning_line)).replay().is_won
    if done.status is ReviewStatus.FOUND:
        assert last is not None
        # The better move takes back the move that led to position K only when
        # no other move asked about was found to win but by being taken back too.
        assert done.better_move is not None
        before = Record(code, line[: last - 1]).replay().position() if last else None
        if before is not None and takes_back(before, line[last - 1], done.better_move):
            position = Record(code, line[:last]).replay().position()
            for move in Game(position).legal_moves:
                other = Game(position)
                other.play(move)
                win = won_off_the_line.get(other.position())
                if win is not None:
                    assert win  # else the move itself wins, and is shown
                    assert takes_back(position, move, win[0])
        # The position after the losing move is never won by a fresh search.
        after = Record(code, line[: last + 1]).replay().position()
        assert solve(after, limit).status is not Status.WON
    if done.status is ReviewStatus.UNKNOWN:
        assert done.unknown_between is not None
        first, final = done.unknown_between
        assert 0 <= first <= final <= len(line)
    if done.status is ReviewStatus.LOST_FROM_THE_DEAL:
        assert deal == 24
    assert done.status is not ReviewStatus.WON
