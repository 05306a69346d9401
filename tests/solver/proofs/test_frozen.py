"""Lost positions (:mod:`yukon.solver.proofs.frozen`): the closed sets found are the
largest ones by their definition, and a position holding one is lost."""

from __future__ import annotations

from itertools import islice

from tests.solver.reference import confirm_lost, literal_layout, small_positions
from yukon.engine import CLASSIC, GameCode, Position, RuleSet
from yukon.solver import Limit
from yukon.solver.board import Board
from yukon.solver.proofs.frozen import LostPositions, closed_set, is_closed, is_lost
from yukon.solver.search import _Budget, _DepthFirst


def largest_closed_set(board: Board, *, face_down_by_b: bool = True) -> set[int]:
    """The definition, literally: every tableau card, then drop members that
    break their conditions until none does. Without *face_down_by_b*, version
    2's definition: a face-down card is a member by (A) only."""
    above, below, down, tableau = literal_layout(board)
    members = set(tableau)

    def covered(card: int) -> bool:
        return card in tableau and above.get(card, -1) in members

    def keeps(card: int) -> bool:
        if card in down and (above[card] in members or not face_down_by_b):
            return above[card] in members  # (A)
        if card % 13 == 12 and card in below:
            return False
        suit = card // 13
        parents = [p for p in board.tables.parents[card] if p != below.get(card)]
        lower = range(suit * 13 + board.foundations[suit], card)
        return all(covered(p) for p in parents) and any(covered(q) for q in lower)

    while dropped := {card for card in members if not keeps(card)}:
        members -= dropped
    return members


def test_the_closed_set_found_is_the_largest_by_the_definition(rules: RuleSet) -> None:
    lost = 0
    for position in islice(small_positions(8, rules, most=24), 4000):
        board = Board(position)
        largest = largest_closed_set(board)
        for card in {card for column in board.columns for card in column}:
            found = closed_set(board, [card])
            assert bool(found) == (card in largest)
            assert found <= largest
            if found:
                assert is_closed(board, frozenset(found))
        assert is_lost(board) == bool(largest)
        lost += bool(largest)
        if lost == 30:
            break
    assert lost == 30


def test_a_position_with_a_closed_set_is_lost(rules: RuleSet) -> None:
    positions = islice(small_positions(13, rules, most=18), 6000)
    confirm_lost((p for p in positions if is_lost(Board(p))), wanted=15, cap=10_000)


def test_a_face_down_card_that_could_never_leave_makes_a_position_lost(rules: RuleSet) -> None:
    # The positions lost only by a face-down member by (B), which version 2's
    # definition did not see, are lost by the exhaustive search as well.
    def lost_only_so(position: Position) -> bool:
        board = Board(position)
        if not largest_closed_set(board) or largest_closed_set(board, face_down_by_b=False):
            return False
        assert is_lost(board)
        return True

    positions = islice(small_positions(21, rules, most=18), 20_000)
    confirm_lost(filter(lost_only_so, positions), wanted=10, cap=10_000)


def test_a_position_the_search_calls_lost_holds_a_closed_set() -> None:
    # Along the complete search of a real unwinnable deal, every position the
    # check after a move (with its cache of recent sets) calls lost holds a closed
    # set by the definition.
    class Checked:
        """The check, wrapped (the compiled build's classes cannot be subclassed)."""

        def __init__(self, board: Board) -> None:
            self.board = board
            self.check = LostPositions(board)
            self.calls = self.lost = 0

        def after_move(self, card: int) -> bool:
            answer = self.check.after_move(card)
            self.calls += 1
            if answer:
                self.lost += 1
                assert largest_closed_set(self.board)
            return answer

    board = Board(Position.from_code(GameCode(CLASSIC, 116)))
    budget = _Budget(Limit(states=20_000)).turn(20_000)
    checked = Checked(board)
    assert _DepthFirst(board, checked).run(budget) is None
    assert checked.lost > 1_000
    assert checked.calls > checked.lost


def test_unwinnable_deals_stay_unwinnable_without_the_check() -> None:
    # The deals of the benchmark the complete search proves unwinnable within a
    # small budget are proven so without the check as well, in more states.
    for number in (24, 62, 120, 153, 199):
        states = []
        for lost in (False, True):
            board = Board(Position.from_code(GameCode(CLASSIC, number)))
            budget = _Budget(Limit(states=200_000)).turn(200_000)
            search = _DepthFirst(board, LostPositions(board) if lost else None)
            assert search.run(budget) is None
            assert search.done, number
            states.append(budget.states)
        assert states[1] <= states[0]
