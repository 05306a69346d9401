"""The proofs by the names the schedule (:mod:`yukon.solver.schedule`) gives them, each answer
saying what decided it (:class:`~yukon.solver.result.ProvedBy`), with the cards, suits or events
it concerns where that is cheap to say: ``reach`` the lowest card of each suit that never goes up,
``frozen`` its closed set, ``escape`` its card, ``pairs`` the suits that cannot be completed,
``orders`` the events that never happen.

>>> from yukon.engine import CLASSIC, GameCode, Position
>>> position = Position.from_code(GameCode(CLASSIC, 61))
>>> Provers(position, Board(position)).prove("escape")
ProvedBy(name='escape', cards=('TH',), suits=(), events=(), deep=False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from yukon.engine import Position
from yukon.solver.board import Board
from yukon.solver.proofs.escape import escape_card
from yukon.solver.proofs.frozen import closed_set
from yukon.solver.proofs.orders import Orders
from yukon.solver.proofs.pairs import Pairs
from yukon.solver.proofs.reach import unreached
from yukon.solver.result import ProvedBy
from yukon.solver.tables import CARD_COUNT, card_name

__all__ = ["NAMES", "Provers"]

NAMES: Final = ("reach", "frozen", "escape", "pairs", "orders", "orders-deep", "orders-wide")
"""The proofs :meth:`Provers.prove` knows."""


def _never() -> bool:
    return False


class Provers:
    """The proofs as the schedule asks them, by name, of *board* as it stands when asked (the
    complete search's), the orders of *position*, where the search starts from
    (``orders-deep`` asks the orders already built again, deeper, and ``orders-wide`` again
    with searches that give up later: see :meth:`Orders.widen`)."""

    def __init__(self, position: Position, board: Board) -> None:
        self.position = position
        self.board = board
        """The complete search's board, as it stands when a proof is asked."""
        self.orders: Orders | None = None

    def prove(self, proof: str, stop: Callable[[], bool] = _never) -> ProvedBy | None:
        """What *proof* says decides the position lost, with the cards, suits or events it
        concerns (cheap to say once found); ``None`` when it does not find it lost. *stop*,
        asked between the orders' derivations, cuts them short (what they found still holds).

        :raises ValueError: for a proof that is not one of :data:`NAMES`.
        """
        board = self.board
        if proof == "reach":
            cards = unreached(board)  # finds every closed set of frozen.py too
            lowest = {card // 13: card for card in sorted(cards, reverse=True)}  # of each suit
            return ProvedBy(proof, cards=_names(list(lowest.values()))) if cards else None
        if proof == "frozen":
            cards = list(closed_set(board, [c for column in board.columns for c in column]))
            return ProvedBy(proof, cards=_names(cards)) if cards else None
        if proof == "escape":
            card = escape_card(board)
            return ProvedBy(proof, cards=(card_name(card),)) if card >= 0 else None
        if proof == "pairs":
            suits = Pairs(board).unfinished(board)
            return ProvedBy(proof, suits=tuple("SHDC"[suit] for suit in suits)) if suits else None
        if proof == "orders":
            self.orders = Orders(Board(self.position), stop)
            return _orders_proof(self.orders.never(), deep=False)
        if proof == "orders-deep":
            never = [] if self.orders is None else self.orders.never(deep=True)
            return _orders_proof(never, deep=True)
        if proof == "orders-wide":
            never = [] if self.orders is None else self.orders.widen()
            return _orders_proof(never, deep=True)
        raise ValueError(f"no proof is called {proof!r}")


def _names(cards: list[int]) -> tuple[str, ...]:
    return tuple(card_name(card) for card in sorted(cards))


def _orders_proof(never: list[int], deep: bool) -> ProvedBy | None:
    """The events the orders found never to happen, as ``leave 6D`` or ``up 7S``."""
    if not never:
        return None
    events = tuple(
        f"leave {card_name(event)}" if event < CARD_COUNT else f"up {card_name(event - CARD_COUNT)}"
        for event in never
    )
    return ProvedBy("orders", events=events, deep=deep)
