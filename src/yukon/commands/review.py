"""``yukon review``: where did a game go wrong? (SPEC §6).

``yukon review CODE MOVE… [--json] [--states N]`` takes a record as ``yukon
replay`` does (the code and moves as arguments, or ``-`` to read them from
standard input), finds the last position of the game's line that could still
be won and the move that lost it, and prints it in words with a better move
and a win from there; ``--json`` prints the object of SPEC §6.
"""

from __future__ import annotations

import argparse
import json
import sys

from yukon.coach import DEFAULT_LIMIT, Review, ReviewStatus, review
from yukon.commands.base import CommandError, Subcommands, read_record
from yukon.engine import Move, Record
from yukon.engine.words import counted
from yukon.solver import Limit

__all__ = ["describe", "register", "review_text"]


def register(commands: Subcommands) -> None:
    """Add ``review`` to the ``yukon`` parser."""
    parser = commands.add_parser("review", help="find the move that lost a game, and a better one")
    parser.add_argument("record", nargs="+", help="the code and moves, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--states",
        type=int,
        metavar="N",
        help=f"largest state budget of one solver call (default {DEFAULT_LIMIT.states:,})",
    )
    parser.set_defaults(handler=_cmd_review)


def _cmd_review(args: argparse.Namespace) -> int:
    limit = DEFAULT_LIMIT
    if args.states is not None:
        if args.states < 1:
            raise CommandError(f"--states must be at least 1, not {args.states}")
        limit = Limit(states=args.states)
    record = read_record(args.record, sys.stdin)
    done = review(record.code, record.moves, limit)
    if args.json:
        json.dump(done.as_dict(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        undos = any(move is None for move in record.moves)
        sys.stdout.write(review_text(done, record, undos=undos))
    return 0


def describe(move: Move) -> str:
    """*move* in words: ``Q♣ to column 5``, ``A♥ to its foundation``."""
    where = "its foundation" if move.column is None else f"column {move.column + 1}"
    return f"{move.card.symbol} to {where}"


def _at(position: int) -> str:
    """Position *position* of the line in words."""
    return "from the deal" if position == 0 else f"after move {position}"


def review_text(done: Review, record: Record, *, undos: bool = False) -> str:
    """The review in English sentences, one a line."""
    lines = _verdict(done)
    if done.winning_line:
        assert done.last_winnable is not None
        moves = " ".join(map(str, done.winning_line))
        lines.append(f"A win from there, in {counted(len(done.winning_line), 'move')}: {moves}")
        start = Record(record.code, done.line[: done.last_winnable])
        lines.append(f"The game {_at(done.last_winnable)}: {start}")
    if undos:
        lines.append("Moves are counted without the undone ones.")
    calls, states = counted(done.solver_calls, "solver call"), f"{done.states:,}"
    lines.append(f"({calls}, {states} states searched)")
    return "".join(line + "\n" for line in lines)


def _verdict(done: Review) -> list[str]:
    status, last = done.status, done.last_winnable
    if status is ReviewStatus.FOUND:
        assert last is not None
        assert done.losing_move is not None
        assert done.better_move is not None
        return [
            f"Move {last + 1}, {describe(done.losing_move)}, lost the game."
            f" {describe(done.better_move)} kept it winnable."
        ]
    if status is ReviewStatus.STILL_WINNABLE:
        assert last is not None
        assert done.better_move is not None
        return [
            f"The game can still be won {_at(last)}:"
            f" {describe(done.better_move)} keeps it winnable."
        ]
    if status is ReviewStatus.WON:
        won = f"Won in {counted(len(done.line), 'move')}."
        if done.par is None:
            return [won + " The solver found no win of this deal within its budget to compare."]
        return [won + f" Par: the solver's shortest win of this deal takes {done.par}."]
    if status is ReviewStatus.LOST_FROM_THE_DEAL:
        return ["The deal cannot be won: no move lost the game."]
    assert done.unknown_between is not None
    first, final = done.unknown_between
    return [
        f"The budget was too small to tell whether the game could still be won"
        f" {_between(first, final)}; try a larger --states."
    ]


def _between(first: int, final: int) -> str:
    """Positions *first* to *final* of the line in words."""
    if first == final:
        return "at the deal" if first == 0 else f"after move {first}"
    if first == 0:
        return f"from the deal up to move {final}"
    return f"after moves {first} to {final}"
