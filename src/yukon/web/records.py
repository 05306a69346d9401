"""Replaying a game record step by step, for the Examples page and scripts
(``POST /api/v1/records/replay``). Nothing is stored.

The replay and its JSON, some 50 ms for 1000 moves, are made in the process of
:mod:`yukon.web.fairshare` (:func:`replay_json`)."""

from __future__ import annotations

from typing import Final

from yukon.engine import (
    Game,
    IllegalMoveError,
    InvalidRecordError,
    NothingToUndoError,
    Record,
    YukonError,
)
from yukon.i18n import DEFAULT_LANGUAGE
from yukon.i18n.messages import error_message, refusal_message
from yukon.web.compress import gzipped
from yukon.web.errors import ApiError
from yukon.web.responses import json_bytes
from yukon.web.state import columns_json, foundations_json

__all__ = ["MAX_REPLAY_MOVES", "check_record", "replay_json", "replay_record"]

MAX_REPLAY_MOVES: Final = 1000
"""Each step carries a whole position: a longer record would tie up the server
and send megabytes (1000 steps is about 0.7 MB)."""


def _step(game: Game, move: str | None) -> dict[str, object]:
    return {
        "move": move,
        "columns": columns_json(game),
        "foundations": foundations_json(game),
        "score": game.score,
    }


def _refusal(position: int, text: str, error: YukonError, language: str) -> dict[str, object]:
    if isinstance(error, IllegalMoveError):
        details = error.refusal.as_dict()
        details["message"] = refusal_message(language, error.refusal)
    else:
        reason = "nothing_to_undo" if isinstance(error, NothingToUndoError) else None
        details = {"reason": reason, "card": None, "target": None, "column": None, "count": None}
        details["message"] = (reason and error_message(language, reason)) or str(error)
    return {"position": position, "text": text, **details}


def check_record(text: str) -> Record:
    """The record *text*, once it is known to be one that may be replayed.

    :raises InvalidRecordError: when the record cannot be read at all (its code, or
        a token that is not a move).
    :raises ApiError: ``bad_request`` for more than :data:`MAX_REPLAY_MOVES` moves.
    """
    record = Record.parse(text)
    if len(record.moves) > MAX_REPLAY_MOVES:
        raise ApiError(
            400,
            "bad_request",
            f"the record has {len(record.moves)} moves; at most {MAX_REPLAY_MOVES} are replayed",
        )
    return record


def replay_record(text: str, *, language: str = DEFAULT_LANGUAGE) -> dict[str, object]:
    """Every position along the record *text*, step 0 being the deal; the replay
    stops at the first move the rules refuse and describes it in ``error`` (its
    message in *language*).

    :raises InvalidRecordError: when the record cannot be read at all (its code, or
        a token that is not a move).
    :raises ApiError: ``bad_request`` for more than :data:`MAX_REPLAY_MOVES` moves.
    """
    record = check_record(text)
    steps: list[dict[str, object]] = []
    error: dict[str, object] | None = None
    try:
        for game, token in record.iter_replay():
            steps.append(_step(game, token))
    except InvalidRecordError as refused:
        error = _refusal(refused.position, refused.text, refused.cause, language)
    return {"code": str(record.code), "steps": steps, "error": error}


def replay_json(text: str, language: str, gzip: bool) -> bytes | None:
    """:func:`replay_record` as the JSON of the answer, compressed if *gzip*, made
    where the replay is made (the process of the heavy requests: the server only
    passes the bytes on); ``None`` for a record that :func:`check_record` refuses,
    whose error (which does not cross between processes) the server raises again."""
    try:
        answer = json_bytes(replay_record(text, language=language))
    except (InvalidRecordError, ApiError):
        return None
    return gzipped(answer) if gzip else answer
