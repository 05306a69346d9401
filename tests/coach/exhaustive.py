"""An exhaustive search through the engine alone: the yardstick for the
review's "lost" claims on small positions, independent of the solver."""

from __future__ import annotations

from yukon.engine import Game, Position


class TooLargeError(RuntimeError):
    """More positions are reachable than the search will visit."""


def reachable_win(position: Position, *, cap: int = 20_000) -> tuple[bool, int]:
    """Whether *position* can be won, visiting every position reachable from it
    by the engine's legal moves (take-backs included), and how many it visited.

    :raises TooLargeError: when more than *cap* positions are reachable.
    """
    seen = {position}
    stack = [position]
    while stack:
        here = stack.pop()
        game = Game(here)
        if game.is_won:
            return True, len(seen)
        for move in game.legal_moves:
            child = Game(here)
            child.push(move)
            after = child.position()
            if after not in seen:
                if len(seen) >= cap:
                    raise TooLargeError(f"over {cap} positions")
                seen.add(after)
                stack.append(after)
    return False, len(seen)
