"""The review (SPEC §6 *Where did it go wrong?*): every answer, each claim
checked independently of the search that made it."""

from __future__ import annotations

import json
import random
import sys

import pytest

from tests.coach.exhaustive import reachable_win
from tests.coach.games import (
    LOST_DEAL,
    SMALL_LOSS,
    SMALL_LOSS_AT,
    TAKEN_BACK,
    TAKEN_BACK_AT,
    THROWN_AWAY,
    THROWN_AWAY_AT,
    WON_DEAL,
    position_after,
    wins_from,
)
from yukon.coach import DEFAULT_LIMIT, Question, Review, Reviewer, ReviewStatus, review
from yukon.coach.review import (
    ESCALATION,
    MAX_ALTERNATIVES,
    MAX_ESCALATED,
    MAX_UNDECIDED,
    takes_back,
)
from yukon.engine import (
    Game,
    GameCode,
    InvalidCodeError,
    InvalidRecordError,
    Move,
    Position,
    Record,
)
from yukon.solver import Limit, SolverError, SolveResult, Status, solve

LIMIT = Limit(states=50_000)


def moves_of(record: Record) -> tuple[Move, ...]:
    assert all(move is not None for move in record.moves)
    return tuple(move for move in record.moves if move is not None)


def solution(code: str) -> tuple[Move, ...]:
    result = solve(Position.from_code(GameCode.parse(code)), LIMIT)
    assert result.status is Status.WON
    return result.moves


class CountingSolver:
    """:func:`solve`, remembering the positions it was asked about."""

    def __init__(self) -> None:
        self.asked: list[Position] = []

    def __call__(self, position: Position, limit: Limit) -> SolveResult:
        self.asked.append(position)
        return solve(position, limit)


def test_a_game_that_throws_a_win_away() -> None:
    done = review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT)
    line = moves_of(THROWN_AWAY)
    assert done.status is ReviewStatus.FOUND
    assert done.line == line
    assert done.last_winnable == THROWN_AWAY_AT
    assert done.losing_move == line[THROWN_AWAY_AT] == Move.parse("3H>1")
    assert done.better_move == done.winning_line[0] != done.losing_move
    assert wins_from(THROWN_AWAY, THROWN_AWAY_AT, done.winning_line)
    assert (done.unknown_between, done.par) == (None, None)
    # Far fewer calls than positions: the split is searched, not walked.
    assert 2 < done.solver_calls <= 10 < len(line)


def test_the_position_after_the_losing_move_is_lost_by_an_exhaustive_search() -> None:
    done = review(SMALL_LOSS.code, SMALL_LOSS.moves)
    assert done.status is ReviewStatus.FOUND
    assert done.last_winnable == SMALL_LOSS_AT
    assert done.losing_move == Move.parse("QH>5")
    # Every position reachable after the losing move, visited by the engine alone.
    won, visited = reachable_win(position_after(SMALL_LOSS, SMALL_LOSS_AT + 1), cap=1_000)
    assert not won
    assert visited > 1
    # And the position before it wins, by the review's line.
    assert wins_from(SMALL_LOSS, SMALL_LOSS_AT, done.winning_line)


def test_a_game_that_can_still_be_won() -> None:
    line = solution(WON_DEAL)[:12]
    code = GameCode.parse(WON_DEAL)
    done = review(code, line, LIMIT)
    assert done.status is ReviewStatus.STILL_WINNABLE
    assert done.last_winnable == len(line) == 12
    assert done.losing_move is None
    assert done.better_move == done.winning_line[0]
    assert Record(code, (*line, *done.winning_line)).replay().is_won
    assert done.solver_calls == 1


def test_a_won_game_gets_its_par() -> None:
    code = GameCode.parse(WON_DEAL)
    won = solution(WON_DEAL)
    # A detour undone on the way: the line leaves it out.
    detour = next(move for move in Game.from_code(code).legal_moves if move != won[0])
    done = review(code, [detour, None, *won], LIMIT)
    assert done.status is ReviewStatus.WON
    assert done.line == won
    assert done.par == len(solve(Position.from_code(code), LIMIT).moves)
    assert done.par is not None
    assert 0 < done.par <= len(won)
    assert done.last_winnable is None
    assert (done.losing_move, done.better_move, done.winning_line) == (None, None, ())
    assert done.solver_calls == 1


def test_a_won_game_without_a_win_found_has_no_par() -> None:
    code = GameCode.parse(WON_DEAL)
    done = review(code, solution(WON_DEAL), Limit(states=1))
    assert done.status is ReviewStatus.WON
    assert done.par is None


def test_a_deal_lost_from_the_start() -> None:
    code = GameCode.parse(LOST_DEAL)
    first = next(iter(Game.from_code(code).legal_moves))
    done = review(code, [first], LIMIT)
    assert done.status is ReviewStatus.LOST_FROM_THE_DEAL
    assert done.line == (first,)
    assert done.last_winnable is None
    assert (done.losing_move, done.better_move, done.winning_line) == (None, None, ())
    assert done.solver_calls == 2  # the game's end, then the deal


def test_a_budget_too_small_to_decide_gives_the_range_left_open() -> None:
    done = review(THROWN_AWAY.code, THROWN_AWAY.moves, Limit(states=20))
    assert done.status is ReviewStatus.UNKNOWN
    assert done.unknown_between is not None
    first, last = done.unknown_between
    # Never a guess: the true answer lies in the range left open.
    assert first <= THROWN_AWAY_AT + 1
    assert last >= THROWN_AWAY_AT
    assert done.last_winnable is None
    assert (done.losing_move, done.better_move, done.winning_line) == (None, None, ())
    assert done.solver_calls <= 2 + MAX_UNDECIDED + 2 * MAX_ESCALATED


def test_the_positions_that_decide_the_answer_get_the_whole_budget() -> None:
    # A solver that needs the whole budget for the two positions on either side
    # of the losing move, and a quarter of it for every other one.
    hard = {position_after(THROWN_AWAY, THROWN_AWAY_AT + step) for step in (0, 1)}
    asked: list[tuple[Position, Limit]] = []

    def hard_by_the_split(position: Position, limit: Limit) -> SolveResult:
        asked.append((position, limit))
        if position in hard and limit != LIMIT:
            return SolveResult(Status.UNKNOWN, states=limit.states or 0)
        return solve(position, limit)

    done = review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT, solve=hard_by_the_split)
    assert done.status is ReviewStatus.FOUND
    assert done.last_winnable == THROWN_AWAY_AT
    # The position after the losing move needs its proof; the one before it is
    # one move (J♠ back) from a win found for another position.
    whole = [position for position, limit in asked if limit == LIMIT]
    assert whole == [position_after(THROWN_AWAY, THROWN_AWAY_AT + 1)]
    # That win starts by taking J♠ back; the better move shown is another one.
    assert done.winning_line[0] != Move.parse("JS>3")
    assert wins_from(THROWN_AWAY, THROWN_AWAY_AT, done.winning_line)
    assert all(limit.states == 50_000 // ESCALATION for _, limit in asked if limit != LIMIT)


@pytest.mark.parametrize(
    ("moves", "move", "taken_back"),
    [
        (10, "2C>3", True),  # 2♣ to column 1 came from column 3
        (10, "2C>1", False),
        (10, "2C>F", False),
        (10, "3C>3", False),  # another card
        (3, "AS>5", True),  # A♠ to its foundation came from column 5
        (3, "AS>F", False),
        (6, "AS>F", True),  # A♠ to column 4 came from its foundation
        (6, "AS>5", False),
    ],
)
def test_a_take_back_sends_the_same_card_back_where_it_came_from(
    moves: int, move: str, taken_back: bool
) -> None:
    previous = TAKEN_BACK.moves[moves]
    assert previous is not None
    before = position_after(TAKEN_BACK, moves)
    assert takes_back(before, previous, Move.parse(move)) is taken_back


def test_the_better_move_is_not_the_move_before_it_taken_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, last = TAKEN_BACK, TAKEN_BACK_AT
    line = moves_of(record)
    before = position_after(record, last - 1)
    # Without the questions about other moves, the win found starts by sending 2♣
    # back to column 3, where move 11 took it from.
    with monkeypatch.context() as patch:
        patch.setattr(sys.modules["yukon.coach.review"], "MAX_ALTERNATIVES", 0)
        taken_back = review(record.code, record.moves, LIMIT)
    assert taken_back.last_winnable == last
    assert taken_back.better_move == Move.parse("2C>3")
    assert takes_back(before, line[last - 1], taken_back.better_move)
    done = review(record.code, record.moves, LIMIT)
    assert done.status is ReviewStatus.FOUND
    assert done.last_winnable == last
    assert done.losing_move == line[last] == Move.parse("8S>5")
    assert done.better_move == done.winning_line[0] != done.losing_move
    assert not takes_back(before, line[last - 1], done.better_move)
    # A foundation move is asked about first, and wins.
    assert done.better_move == Move.parse("AS>F")
    assert wins_from(record, last, done.winning_line)
    assert done.solver_calls == taken_back.solver_calls + 1


def test_the_take_back_is_kept_when_no_other_move_is_decided_in_time() -> None:
    # The questions about other moves answered "undecided", as the web app
    # answers those its time for the whole review leaves no room for.
    record, last = TAKEN_BACK, TAKEN_BACK_AT
    on_the_line = {position_after(record, moves) for moves in range(len(record.moves) + 1)}
    reviewer = Reviewer(record.code, record.moves, LIMIT)
    others: list[Question] = []
    while (question := reviewer.question()) is not None:
        if question.position in on_the_line:
            reviewer.answer(solve(question.position, question.limit))
        else:
            others.append(question)
            reviewer.answer(SolveResult(Status.UNKNOWN, states=question.limit.states or 0))
    assert len(others) == MAX_ALTERNATIVES
    assert all(question.limit == Limit(states=50_000 // ESCALATION) for question in others)
    done = reviewer.review()
    assert done.status is ReviewStatus.FOUND
    assert done.better_move == Move.parse("2C>3")
    assert wins_from(record, last, done.winning_line)


def test_the_solution_of_the_deal_answers_for_the_positions_it_passes() -> None:
    # The player follows the solver's own solution for 30 moves, then plays at random.
    code = GameCode.parse(WON_DEAL)
    game = Game.from_code(code)
    for move in solution(WON_DEAL)[:30]:
        game.play(move)
    rng = random.Random(3)
    for _ in range(40):
        game.play(rng.choice(list(game.legal_moves)))
    counting = CountingSolver()
    done = review(code, game.line, LIMIT, solve=counting)
    on_the_solution = {position_after(Record(code, game.line), n) for n in range(1, 31)}
    assert not on_the_solution & set(counting.asked)
    assert done.solver_calls == len(counting.asked)


def test_a_position_one_move_from_a_known_win_needs_no_call() -> None:
    # The line: 6♣ to column 1, A♥ and 2♥ to their foundation; the solver is
    # asked about the deal only (and answers with a win that takes neither
    # card up at once), the rest is left undecided.
    code = GameCode.parse(WON_DEAL)
    game = Game.from_code(code)
    deal = game.position()
    for text in ("6C>1", "AH>F"):
        game.play(Move.parse(text))
    game.play(Move.parse("2H>F"))
    record = Record(code, game.line)
    # A win of the deal through position 1 that does not pass position 2.
    after_one = Game(position_after(record, 1))
    aside = Move.parse("5H>5")
    after_one.play(aside)
    rest = solve(after_one.position(), LIMIT)
    assert rest.status is Status.WON
    the_deals_win = (Move.parse("6C>1"), aside, *rest.moves)
    passed = Game(deal)
    for move in the_deals_win:
        passed.play(move)
        assert passed.position() not in {position_after(record, 2), position_after(record, 3)}
    asked: list[Position] = []

    def only_the_deal(position: Position, limit: Limit) -> SolveResult:
        asked.append(position)
        if position == deal:
            return SolveResult(Status.WON, the_deals_win)
        return SolveResult(Status.UNKNOWN, states=limit.states or 0)

    done = review(code, game.line, LIMIT, solve=only_the_deal)
    # Position 2 is one move from the deal's win, and position 3 one move
    # (2♥ back) from position 2: no call for either.
    assert asked == [position_after(record, 3), deal]
    assert done.status is ReviewStatus.STILL_WINNABLE
    assert done.winning_line[0] == Move.parse("2H>3")
    assert Record(code, (*game.line, *done.winning_line)).replay().is_won


def test_the_reviewer_asks_one_question_at_a_time() -> None:
    reviewer = Reviewer(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT)
    assert reviewer.line == moves_of(THROWN_AWAY)
    with pytest.raises(ValueError, match="not ready"):
        reviewer.review()
    questions = 0
    while (question := reviewer.question()) is not None:
        assert isinstance(question, Question)
        assert question.limit in (LIMIT, Limit(states=50_000 // ESCALATION))
        assert reviewer.question() == question  # asking again asks the same
        reviewer.answer(solve(question.position, question.limit))
        questions += 1
    with pytest.raises(ValueError, match="no question"):
        reviewer.answer(SolveResult(Status.UNKNOWN))
    done = reviewer.review()
    assert done == review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT)
    assert done.solver_calls == questions
    assert done.states > 0


def test_a_win_that_does_not_replay_is_refused() -> None:
    reviewer = Reviewer(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT)
    assert reviewer.question() is not None
    with pytest.raises(SolverError, match="does not win"):
        reviewer.answer(SolveResult(Status.WON, ()))
    reviewer = Reviewer(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT)
    assert reviewer.question() is not None
    with pytest.raises(SolverError, match="refused"):
        reviewer.answer(SolveResult(Status.WON, (Move.parse("KH>F"),)))


def test_a_par_that_does_not_win_is_refused() -> None:
    code = GameCode.parse(WON_DEAL)
    reviewer = Reviewer(code, solution(WON_DEAL), LIMIT)
    assert reviewer.question() is not None
    with pytest.raises(SolverError, match="does not win"):
        reviewer.answer(SolveResult(Status.WON, solution(WON_DEAL)[:-1]))


def test_a_bad_record_raises_the_engines_errors() -> None:
    code = GameCode.parse(WON_DEAL)
    with pytest.raises(InvalidRecordError, match="move 2"):
        Reviewer(code, [Move.parse("6C>1"), Move.parse("6C>1")], LIMIT)
    with pytest.raises(InvalidRecordError, match="move 1"):
        Reviewer(code, [None], LIMIT)
    with pytest.raises(InvalidCodeError):
        Reviewer("YU1-X-AAAAAAB", [], LIMIT)  # type: ignore[arg-type]


def test_the_default_budget_is_in_states() -> None:
    # The same answer on every machine.
    assert DEFAULT_LIMIT.states is not None
    assert DEFAULT_LIMIT.seconds is None


# The stored form


def reviews() -> list[Review]:
    code = GameCode.parse(WON_DEAL)
    won = solution(WON_DEAL)
    return [
        review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT),
        review(code, won[:5], LIMIT),
        review(code, won, LIMIT),
        review(GameCode.parse(LOST_DEAL), [], LIMIT),
        review(THROWN_AWAY.code, THROWN_AWAY.moves, Limit(states=20)),
    ]


def test_the_json_object_of_each_answer_reads_back() -> None:
    done = reviews()
    assert {review.status for review in done} == set(ReviewStatus)
    for answer in done:
        data = json.loads(json.dumps(answer.as_dict()))
        assert list(data) == [
            "line",
            "last_winnable",
            "losing_move",
            "better_move",
            "winning_line",
            "status",
            "unknown_between",
            "par",
            "solver_calls",
            "states",
        ]
        assert Review.from_dict(data) == answer


def test_the_json_object_uses_the_notation() -> None:
    data = review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT).as_dict()
    assert data["status"] == "found"
    assert data["losing_move"] == "3H>1"
    assert data["last_winnable"] == THROWN_AWAY_AT
    assert data["line"] == [str(move) for move in moves_of(THROWN_AWAY)]
    assert data["unknown_between"] is None


@pytest.fixture(scope="module")
def found() -> dict[str, object]:
    return review(THROWN_AWAY.code, THROWN_AWAY.moves, LIMIT).as_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"status": "lost"}, "unknown review status 'lost'"),
        ({"status": None}, "unknown review status None"),
        ({"line": "TH>1"}, "line must be a list of moves"),
        ({"line": ["TH>1", 5]}, "line move 2 must be text"),
        ({"winning_line": ["TH>9"]}, "winning_line move 1: .*unknown target"),
        ({"losing_move": 3}, "losing_move must be a move or null"),
        ({"better_move": "XX>1"}, "better_move: "),
        ({"last_winnable": -1}, "last_winnable must be a whole number 0 or more or null"),
        ({"last_winnable": True}, "last_winnable must be a whole number"),
        ({"last_winnable": 80}, "last_winnable must be a position before the line's end"),
        ({"last_winnable": 14}, "the losing move must be move 15 of the line"),
        ({"losing_move": None}, "the losing move must be move 16"),
        ({"better_move": "3H>1"}, "the better move must be the first move of a winning line"),
        ({"unknown_between": [1, 2]}, "unknown_between must be null"),
        ({"unknown_between": [1]}, r"unknown_between must be two positions \[i, j\] or null"),
        ({"par": 80}, "par is a positive length, for a won game only"),
        ({"par": 1.5}, "par must be a whole number"),
        ({"solver_calls": None}, "solver_calls must be a whole number 0 or more, not None"),
        ({"states": "many"}, "states must be a whole number"),
        ({"status": "unknown"}, "not a valid 'unknown' review: last_winnable must be null"),
        (
            {"status": "unknown", "last_winnable": None, "losing_move": None},
            "better_move and winning_line must be empty",
        ),
        ({"status": "won"}, "last_winnable must be null"),
        ({"status": "still_winnable"}, "last_winnable must be the line's length"),
    ],
)
def test_a_corrupt_review_is_refused_with_a_clear_message(
    found: dict[str, object], change: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Review.from_dict(found | change)


def test_a_review_with_missing_or_unknown_fields_is_refused(found: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="a review is a JSON object, not list"):
        Review.from_dict([found])
    with pytest.raises(ValueError, match="a review lacks par"):
        Review.from_dict({key: value for key, value in found.items() if key != "par"})
    with pytest.raises(ValueError, match="a review has no field 'verdict'"):
        Review.from_dict(found | {"verdict": "found"})
