"""Lost by orders (:mod:`yukon.solver.proofs.orders`): every order found and every
event found never to happen holds in the whole game of small positions; along
their lines and random lines of real deals, each event's first move comes
after the events ordered before it, from a position the proof lays out, with
no card on a place it has left and may not be put back on; and no won deal,
nor any position of a winning line, is found lost."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

import pytest

from tests.solver.reference import _exact, small_positions, winning_lines
from yukon.engine import CLASSIC, RELAXED, Card, GameCode, Position, RuleSet
from yukon.engine.rulesets import ALASKA
from yukon.solver.board import Board, Undo
from yukon.solver.proofs.orders import Orders, _numbers
from yukon.solver.proofs.pairs import Pairs, height, leave, up
from yukon.solver.proofs.reach import unreached
from yukon.solver.tables import CARD_COUNT

_STUDY = Path(__file__).parents[3] / "docs" / "winnability.jsonl"


class _TooLargeError(RuntimeError):
    pass


def _places(board: Board) -> dict[int, int]:
    """Each tableau card and the place it lies on (a card or a column foot)."""
    places = {}
    for number, column in enumerate(board.columns):
        place = CARD_COUNT + number
        for card in column:
            places[card] = place
            place = card
    return places


def _play(board: Board, move: int, pairs: Pairs) -> tuple[int, int, Undo]:
    """Make *move*: the events it carries, the bits of its step's needs (0 for
    a card back from its foundation, which carries none) and the undo."""
    before, heights = _places(board), list(board.foundations)
    undo = board.make(move)
    after = _places(board)
    moved = [card for card, place in before.items() if after.get(card) != place]
    if not moved:  # a card back from its foundation
        return 0, 0, undo
    (card,) = moved
    place = before[card]
    suit, rank = divmod(card, 13)
    needs = [pairs.on(card, place), pairs.shown(card)]
    events = 1 << leave(card) if pairs.first.get(card) == place else 0
    if card in after:
        needs.append(pairs.bare(after[card]))
    else:
        assert board.foundations[suit] == heights[suit] + 1 == rank + 1
        needs += [pairs.bare(card), height(suit, rank)]
        events |= 1 << up(card)
    return events, sum(1 << fact for fact in needs), undo


def _happen(position: Position, pairs: Pairs, barred: int, cap: int) -> int:
    """The events carried by every move from each position reachable from
    *position* by moves that carry no event of *barred*, none taking a card
    back from its foundation (with them, the whole deck may come back: too
    many positions to visit; every line without them is a line of the game)."""
    board = Board(position)
    seen = {_exact(board)}
    happened = 0
    path: list[Undo] = []
    frames = [board.all_moves()]
    while frames:
        if not frames[-1]:
            frames.pop()
            if path:
                board.unmake(path.pop())
            continue
        events, needs, undo = _play(board, frames[-1].pop(), pairs)
        happened |= events
        key = _exact(board)
        if not needs or events & barred or key in seen:
            board.unmake(undo)
            continue
        if len(seen) >= cap:
            raise _TooLargeError
        seen.add(key)
        path.append(undo)
        frames.append(board.all_moves())
    return happened


def _first_moves(position: Position, pairs: Pairs, cap: int) -> Iterator[tuple[int, Board]]:
    """Each event's first move in the lines from *position* (none taking a card
    back from its foundation, as in :func:`_happen`), depth first until *cap*
    positions were visited: the event and the board just before, a position
    visited once for each set of events that happened on the way to it."""
    board = Board(position)
    seen = {(_exact(board), 0)}
    path: list[tuple[Undo, int]] = []
    frames = [board.all_moves()]
    happened = 0
    while frames and len(seen) < cap:
        if not frames[-1]:
            frames.pop()
            if path:
                undo, happened = path.pop()
                board.unmake(undo)
            continue
        snapshot = board.snapshot()
        events, needs, undo = _play(board, frames[-1].pop(), pairs)
        if events & ~happened:  # a board of the position before, only when needed
            before = Board(position)
            before.restore(snapshot)
            for event in _numbers(events & ~happened):
                yield event, before
        key = (_exact(board), happened | events)
        if not needs or key in seen:
            board.unmake(undo)
            continue
        seen.add(key)
        path.append((undo, happened))
        happened |= events
        frames.append(board.all_moves())


def test_no_card_lies_again_on_a_place_it_has_left_and_may_not_be_put_on(
    rules: RuleSet,
) -> None:
    # Along the lines of small positions, just before each event's first move,
    # no card lies on a value the layouts of way 3 and rule 3 leave out for
    # that event (asked deep, so with the orders rule 3 adds).
    checked = 0
    for position in islice(small_positions(43, rules, most=10), 4):
        orders = Orders(Board(position))
        orders.never(deep=True)
        for event, before in _first_moves(position, orders.pairs, 1500):
            gone = orders.gone(event)
            layout = orders.layout(event)
            if not gone or layout is None:
                continue
            values = sum(1 << value for value in layout.values_of(before, orders.pairs))
            assert not gone & values, (event, position.layout_lines())
            checked += 1
    assert checked >= 500


def test_orders_and_events_that_never_happen_hold_in_the_whole_game(rules: RuleSet) -> None:
    # Small positions whose whole game (less take-backs) the walk can visit:
    # each event found never to happen is carried by no move at all, and no
    # event of After(G) by a move reached without G.
    orders_checked = never_checked = 0
    for position in islice(small_positions(41, rules, most=16), 200):
        board = Board(position)
        orders = Orders(board)
        try:
            happened = _happen(position, orders.pairs, 0, 5000)
        except _TooLargeError:
            continue
        never = sum(1 << event for event in orders.never())
        assert not never & happened, position.layout_lines()
        never_checked += never.bit_count()
        for event in _numbers(orders.needed & ~never):
            later = orders.after[event] & ~never
            if later:
                reached = _happen(position, orders.pairs, 1 << event, 5000)
                assert not reached & later, (event, position.layout_lines())
                orders_checked += later.bit_count()
        if orders_checked >= 20 and never_checked >= 15:
            return
    pytest.fail(f"only {orders_checked} orders and {never_checked} events checked")


def _first_events(
    position: Position, seed: int, walks: int, length: int
) -> Iterator[tuple[Orders, int, int, int, Board]]:
    """Random lines of play from *position* (take-backs included): for each
    move that carries an event for the first time in its line, the orders of
    *position* (asked deep: rule 3 too), the event, the events that happened before, the step's
    needs, and the board before the move."""
    orders = Orders(Board(position))
    orders.never(deep=True)
    rng = random.Random(seed)
    for _ in range(walks):
        board = Board(position)
        happened = 0
        for _ in range(length):
            moves = board.all_moves()
            if not moves:
                break
            before = Board(position)
            before.restore(board.snapshot())
            events, needs, _ = _play(board, rng.choice(moves), orders.pairs)
            for event in _numbers(events & orders.needed & ~happened):
                yield orders, event, happened, needs, before
            happened |= events


@pytest.mark.parametrize(
    ("rules", "deal"),
    [(CLASSIC, 166), (CLASSIC, 3), (CLASSIC, 75), (RELAXED, 7), (ALASKA, 5)],
)
def test_each_first_event_comes_after_its_orders_from_a_position_laid_out(
    rules: RuleSet, deal: int
) -> None:
    # The search for an assignment is also asked among the position's own
    # values and a few others, a space small enough that it must not give up.
    # No card lies on a place it has left and may not be put back on (deal 75
    # is found lost by that).
    position = Position.from_code(GameCode(rules, deal))
    rng = random.Random(deal)
    checked = kept_off = 0
    for orders, event, happened, needs, before in _first_events(position, deal, 6, 300):
        assert event not in orders.never(deep=True)
        ordered_before = [g for g in _numbers(orders.needed) if orders.after[g] >> event & 1]
        assert all(happened >> g & 1 for g in ordered_before), (event, ordered_before)
        layout = orders.layout(event)
        assert layout is not None
        values = layout.values_of(before, orders.pairs)
        assert layout.admits(values, needs), event
        gone, own = orders.gone(event), sum(1 << value for value in values)
        assert not gone & own, event
        kept_off += gone.bit_count()
        assert layout.found(needs, ~gone), event
        others = sum(1 << bit for bit in range(layout.bits) if rng.random() < 0.1)
        assert layout.found(needs, (others | own) & ~gone), event
        assert not layout.gave_up
        checked += 1
    assert checked >= 60
    assert kept_off


def test_no_won_deal_is_found_lost() -> None:
    # Every 1,000th deal of the study's first 2,000 of each rule set that its
    # search won (150 Classic deals and 100 Alaska deals the study won, tried
    # once, were not found lost either).
    lines = _STUDY.read_text().splitlines()
    rows = [row for row in map(json.loads, lines) if row["deal"] < 2000]
    won = [row for row in rows if row["status"] == "won"][::1000]
    assert len(won) >= 5
    assert {row["rules"] for row in won} >= {"C", "R", "A"}
    for row in won:
        rules = RuleSet.parse(row["rules"])
        board = Board(Position.from_code(GameCode(rules, row["deal"])))
        orders = Orders(board)
        assert not orders.lost(deep=True), row
        if row is won[0]:  # and asked wider (as long again)
            assert not orders.widen(), row


def test_no_position_of_a_winning_line_is_found_lost() -> None:
    checked = 0
    for number, line in winning_lines(2):
        for step, position in enumerate(line[::40]):
            assert not Orders(Board(position)).lost(), (number, step)
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("deal", [166, 319])
def test_deals_the_pairs_leave_open_are_found_lost(deal: int) -> None:
    board = Board(Position.from_code(GameCode(CLASSIC, deal)))
    assert not unreached(board)
    assert not Pairs(board).lost(board)
    assert Orders(board).lost()


def test_deal_166_is_lost_because_6_of_diamonds_never_leaves() -> None:
    board = Board(Position.from_code(GameCode(CLASSIC, 166)))
    assert Orders(board).never() == [leave(Card.parse("6♦").index)]


def test_a_stop_asked_at_once_finds_nothing() -> None:
    board = Board(Position.from_code(GameCode(CLASSIC, 166)))
    orders = Orders(board, stop=lambda: True)
    assert orders.never() == []
    assert orders.layout(leave(Card.parse("6♦").index)) is None


def test_a_stop_asked_later_finds_part_of_the_same() -> None:
    # Each order and each event found holds as it is found: a proof cut short
    # finds a part of what the whole one finds.
    board = Board(Position.from_code(GameCode(CLASSIC, 319)))
    whole = Orders(board)
    for asks in (20, 150, 400):
        left = [asks]

        def stop(left: list[int] = left) -> bool:
            left[0] -= 1
            return left[0] < 0

        part = Orders(board, stop)
        assert set(part.never()) <= set(whole.never())
        assert all(a & ~b == 0 for a, b in zip(part.after, whole.after, strict=True))
        assert any(part.after)


@pytest.mark.parametrize("number", [56, 58, 111])
def test_orders_from_assignments_hold_in_the_whole_game(number: int) -> None:
    # Rule 3, asked deep: each order it adds (with those rules 1 and 2 then
    # add) is checked against the whole game as above. Few small positions
    # give it anything to add: these are the ones among the first 150 of
    # the stream (Classic) whose whole game the walk can visit (17 orders).
    position = next(islice(small_positions(41, CLASSIC, most=16), number, None))
    orders = Orders(Board(position))
    assert not orders.never()
    plain = list(orders.after)
    never = sum(1 << event for event in orders.never(deep=True))
    added = [now & ~before for now, before in zip(orders.after, plain, strict=True)]
    assert any(added)
    happened = _happen(position, orders.pairs, 0, 5000)
    assert not never & happened
    for event in _numbers(orders.needed & ~never):
        if added[event]:
            reached = _happen(position, orders.pairs, 1 << event, 5000)
            assert not reached & orders.after[event], (event, position.layout_lines())


def test_deal_75_is_found_lost_as_cards_stay_off_places_they_have_left() -> None:
    # Before 4♥ goes up, 7♥ and 7♦ both lie on black 8s (3♣, which has left
    # 6♦, lies on 4♦), so Q♠ has left 8♠, and it may not go back: just before
    # 8♥ would go up, no layout has Q♠ anywhere but on K♦, where 5♠ lies.
    board = Board(Position.from_code(GameCode(CLASSIC, 75)))
    orders = Orders(board)
    assert not orders.lost()
    never = orders.never(deep=True)
    assert never == [up(Card.parse(name).index) for name in ("8♥", "9♥")]
    queen, four = Card.parse("Q♠").index, Card.parse("4♥").index
    assert orders.after[leave(queen)] >> up(four) & 1


def test_deal_1689_is_found_lost_by_orders_from_assignments() -> None:
    board = Board(Position.from_code(GameCode(CLASSIC, 1689)))
    orders = Orders(board)
    assert not orders.lost()
    never = orders.never(deep=True)
    assert leave(Card.parse("7♣").index) in never
    assert orders.lost(deep=True)


def test_deal_3147_is_found_lost_by_searches_that_give_up_later() -> None:
    # Way 3's searches for a layout give up after NODES tries and count one as found; with
    # WIDE_NODES, the same orders (asked again, not built again) find that 8♥ never leaves.
    board = Board(Position.from_code(GameCode(CLASSIC, 3147)))
    orders = Orders(board)
    assert not orders.lost(deep=True)
    eight = Card.parse("8♥").index
    assert orders.widen() == [leave(eight), up(eight)]
