"""``yukon solve``: the solver on the command line.

``yukon solve CODE|RECORD`` searches the position the record reaches (or a
position read with ``--position FILE``) and prints the verdict, the states
searched, the time and, when won, the solution in SPEC §3 notation, together
with the whole record so that ``yukon replay`` can check it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Final

from yukon.commands.base import Subcommands
from yukon.commands.options import file_path
from yukon.engine import Position, Record, YukonError
from yukon.engine.words import counted
from yukon.solver import Limit, SolveResult, Status, solve

__all__ = ["SolveInputError", "add_limit", "limit_of", "register"]

DEFAULT_SECONDS: Final = 10.0


class SolveInputError(YukonError):
    """Bad input to ``solve`` or ``analyze``: ``yukon`` prints it in one line, exit 2."""


def register(commands: Subcommands) -> None:
    """Add ``solve`` to the ``yukon`` parser."""
    parser = commands.add_parser("solve", help="search a deal, record or position for a win")
    parser.add_argument("record", nargs="*", help="a game code, optionally followed by moves")
    parser.add_argument(
        "--position", type=file_path, metavar="FILE", help="a position as JSON (yukon deal --json)"
    )
    add_limit(parser, "per search")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=_cmd_solve)


def add_limit(parser: argparse.ArgumentParser, unit: str) -> None:
    """Add ``--seconds`` and ``--states``, the budget :func:`limit_of` reads."""
    parser.add_argument(
        "--seconds", type=float, metavar="S", help=f"time budget {unit} (default 10)"
    )
    parser.add_argument(
        "--states", type=int, metavar="N", help=f"state budget {unit} (deterministic)"
    )


def limit_of(args: argparse.Namespace) -> Limit:
    """The budget the flags ask for: ``--states`` alone is deterministic; with
    neither flag, :data:`DEFAULT_SECONDS`.

    :raises SolveInputError: for a bound that is not positive.
    """
    seconds = args.seconds
    if seconds is None and args.states is None:
        seconds = DEFAULT_SECONDS
    try:
        return Limit(seconds=seconds, states=args.states)
    except ValueError as error:
        raise SolveInputError(str(error)) from None


def _cmd_solve(args: argparse.Namespace) -> int:
    limit = limit_of(args)
    record: Record | None = None
    if args.position is not None:
        if args.record:
            raise SolveInputError("give either a code or record, or --position FILE, not both")
        position = _read_position(args.position)
    elif args.record:
        record = Record.parse(" ".join(args.record))
        position = record.replay().position()
    else:
        raise SolveInputError("nothing to solve: give a game code, a record or --position FILE")
    result = solve(position, limit)
    _print_result(result, record, as_json=args.json)
    return 0


def _read_position(path: Path) -> Position:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise SolveInputError(f"{path}: not UTF-8 text (byte {error.start + 1})") from None
    except json.JSONDecodeError as error:
        raise SolveInputError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise SolveInputError(f"{path}: nested too deeply to be a position") from None
    except ValueError as error:  # a number too long to read, for one
        raise SolveInputError(f"{path}: not a position ({error})") from None
    if not isinstance(data, dict):
        raise SolveInputError(f"{path}: a position is a JSON object")
    return Position.from_dict(data)


def _print_result(result: SolveResult, record: Record | None, *, as_json: bool) -> None:
    full = None
    if record is not None and result.status is Status.WON:
        full = Record(record.code, (*record.moves, *result.moves))
    if as_json:
        data = result.as_dict() | {"record": None if full is None else str(full)}
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return
    print(f"verdict: {result.status.value}")
    print(f"states: {result.states}")
    print(f"time: {result.seconds:.2f} s")
    if result.status is Status.WON:
        moves = " ".join(map(str, result.moves))
        print(f"solution ({counted(len(result.moves), 'move')}): {moves}")
    if full is not None:
        print(f"record: {full}")
