"""The ``yukon`` command line: deal, replay and new (solve, analyze and serve are
registered by their own layers in :func:`build_parser`).

Every bad input ends with one clear line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from yukon import __version__
from yukon.commands.base import EXIT_USAGE, CommandError, Subcommands, printable, read_record
from yukon.engine import RULE_SETS, Game, GameCode, IllegalMoveError, RuleSet, YukonError
from yukon.engine.errors import InvalidRecordError
from yukon.i18n import DEFAULT_LANGUAGE
from yukon.i18n.messages import refusal_message

__all__ = ["CommandError", "build_parser", "game_json", "main", "print_game"]

EXIT_OK = 0
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, as other command-line tools end when their reader goes away."""


def game_json(game: Game) -> dict[str, object]:
    """The shape ``yukon deal --json`` prints: columns bottom to top, face-down
    cards in brackets, foundations as heights."""
    position = game.position()
    return {
        "code": None if game.code is None else str(game.code),
        "rules": game.rules.id,
        "columns": position.columns_json(),
        "foundations": position.foundation_dict(),
        "score": game.score,
        "moves": game.move_count,
        "won": game.is_won,
    }


def print_game(game: Game, *, as_json: bool, out: TextIO, summary: bool = False) -> None:
    """Print *game* as the layout of SPEC §2 or as JSON; *summary* adds the
    foundations and counters after the layout."""
    if as_json:
        json.dump(game_json(game), out, ensure_ascii=False)
        out.write("\n")
        return
    position = game.position()
    for line in position.layout_lines():
        out.write(line + "\n")
    if summary:
        heights = " ".join(f"{suit}{height}" for suit, height in position.foundation_dict().items())
        out.write(f"F: {heights}\n")
        out.write(f"score {game.score}, moves {game.move_count}{', won' if game.is_won else ''}\n")


def _cmd_deal(args: argparse.Namespace) -> int:
    game = Game.from_code(args.code)
    print_game(game, as_json=args.json, out=sys.stdout)
    return EXIT_OK


def _cmd_replay(args: argparse.Namespace) -> int:
    record = read_record(args.record, sys.stdin)
    game = record.replay()
    print_game(game, as_json=args.json, out=sys.stdout, summary=True)
    return EXIT_OK


def _cmd_new(args: argparse.Namespace) -> int:
    print(GameCode.random(RuleSet.parse(args.rules), rng=random.SystemRandom()))
    return EXIT_OK


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as a :class:`CommandError`."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise CommandError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="yukon", description="Yukon patience: deals, records, solver, server.")
    parser.add_argument("--version", action="version", version=f"yukon {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    deal = commands.add_parser("deal", help="print the layout of a game code")
    deal.add_argument("code", help="a game code such as YU1-C-AAAAAAB")
    deal.add_argument("--json", action="store_true", help="print one JSON object")
    deal.set_defaults(handler=_cmd_deal)

    replay = commands.add_parser("replay", help="play a game record and print the position")
    replay.add_argument("record", nargs="+", help="the code and moves, or - for standard input")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.set_defaults(handler=_cmd_replay)

    new = commands.add_parser("new", help="print a fresh random game code")
    new.add_argument("--rules", default="classic", choices=[rules.id for rules in RULE_SETS])
    new.set_defaults(handler=_cmd_new)

    _register_layers(commands)
    return parser


def _register_layers(commands: Subcommands) -> None:
    """Commands of the layers above the engine, each in its own module."""
    from yukon.commands.registry import REGISTRY

    for register in REGISTRY:
        register(commands)


def _said(error: Exception) -> str:
    """*error* in words: a refused move as the English catalog says it (the engine
    keeps only the refusal's code and cards), any other error as it says itself."""
    if isinstance(error, IllegalMoveError):
        return refusal_message(DEFAULT_LANGUAGE, error.refusal)
    return str(error)


def _report(message: str) -> None:
    """One line on standard error: line breaks and bytes of the input that were
    not text (lone surrogates from a file name or argument) are shown escaped."""
    one_line = message.replace("\r", "\\r").replace("\n", "\\n")
    print(printable(one_line), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            # A bare ``yukon``: what it can do, rather than an error.
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        status: int = args.handler(args)
    except InvalidRecordError as error:
        # The record's own form: "move N (TEXT): reason".
        _report(f"{error.where}: {_said(error.cause)}")
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (``yukon solve … | head``): stop quietly. Standard
        # output points at nowhere so the interpreter's last flush cannot fail too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except CommandError as error:
        _report(f"yukon: {error}")
        return error.exit_code
    except (YukonError, OSError) as error:
        _report(f"yukon: {_said(error)}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
