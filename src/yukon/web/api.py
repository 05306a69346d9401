"""The JSON API under ``/api/v1`` (docs/api.md): one endpoint class per resource,
one method per HTTP method it takes (Starlette's ``HTTPEndpoint`` answers any
other with ``405`` and the ``Allow`` header, and HEAD wherever GET is). Handlers
are thin: read the request, call the game service, answer with the state.
Refusals are raised and answered by :mod:`yukon.web.failures`.

Every call to the service (a database round trip, perhaps a replay or a wait
for another process's write lock) runs in the app's thread pool
(:mod:`yukon.web.offload`), with the answer's state built there too, in one
crossing: the event loop only reads requests and sends answers.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Final

from starlette.endpoints import HTTPEndpoint
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from yukon.coach import Reviewer
from yukon.engine import CLASSIC, GameCode, Move, RuleSet
from yukon.i18n import LANGUAGES
from yukon.solver import Limit, winnable_deal
from yukon.storage import GameRow, GameService, LiveGame
from yukon.web import daily
from yukon.web.bodies import optional, read_object, required, rule_set
from yukon.web.compress import takes_gzip
from yukon.web.disconnect import while_connected
from yukon.web.errors import ApiError, bad_request
from yukon.web.records import check_record, replay_json
from yukon.web.registry import registry_body
from yukon.web.resources import Resources, off_loop, player_of, request_language
from yukon.web.responses import JsonResponse
from yukon.web.review import is_final, make_review, shows_a_win, stored_review
from yukon.web.solving import Asker, Kind
from yukon.web.state import state_json

__all__ = ["api_routes"]

_MAX_LIST: Final = 200
# ASCII digits only: str.isdigit() also takes "²", which int() refuses.
_SMALL_NUMBER: Final = re.compile(r"[0-9]{1,6}")
_MAX_ID: Final = 64


def _asking(request: Request) -> tuple[GameService, str]:
    """The game service and the player who asks."""
    return Resources.of(request).service, player_of(request)


def _asking_about(request: Request) -> tuple[GameService, str, str]:
    """The game service, the player who asks and the id of the game in the path."""
    game_id: str = request.path_params["game_id"]
    if len(game_id) > _MAX_ID:
        raise ApiError(404, "not_found", "there is no such game")
    return Resources.of(request).service, player_of(request), game_id


async def _body(request: Request) -> dict[str, object]:
    return await read_object(request, Resources.of(request).settings.max_body)


async def _state(request: Request, call: Callable[[], LiveGame], status: int = 200) -> Response:
    """The answer with the state of the game that *call* (a service call) gives."""
    service = Resources.of(request).service
    state = await off_loop(request, lambda: state_json(call(), service.now()))
    return JsonResponse(state, status_code=status)


async def _changed(request: Request, call: Callable[[], LiveGame]) -> Response:
    """The answer to a move or an undo (*call*): the new state; a solver search of
    the game's old position is no longer needed and is dropped."""
    resources = Resources.of(request)

    def change() -> tuple[LiveGame, dict[str, object]]:
        live = call()
        return live, state_json(live, resources.service.now())

    live, state = await off_loop(request, change)
    resources.solving.moved_on(Asker(live.player, live.id), live.game)
    return JsonResponse(state)


def _count_new_game(request: Request) -> None:
    """A new game is stored for good: a player may start only so many a minute."""
    Resources.of(request).new_games.take(player_of(request))


class Games(HTTPEndpoint):
    """``/games``: the player's games, newest first; a new game."""

    async def get(self, request: Request) -> Response:
        raw = request.query_params.get("limit", "50")
        if not (_SMALL_NUMBER.fullmatch(raw) and 1 <= int(raw) <= _MAX_LIST):
            raise bad_request(f"'limit' must be a whole number from 1 to {_MAX_LIST}, not {raw!r}")
        service, player = _asking(request)
        rows = await off_loop(request, lambda: service.list_games(player, int(raw)))
        return JsonResponse({"games": [_summary(row) for row in rows]})

    async def post(self, request: Request) -> Response:
        body = await _body(request)
        _count_new_game(request)
        day = optional(body, "daily", str)
        if day is not None:
            if optional(body, "code", str) is not None:
                raise bad_request("give 'code' or 'daily', not both")
            rules = rule_set(optional(body, "rules", str, CLASSIC.id))
            return await daily.start(request, day, rules)
        code = _new_code(body, Resources.of(request).settings.rng)
        service, player = _asking(request)
        return await _state(request, lambda: service.create(player, code), 201)


def _new_code(body: dict[str, object], rng: random.Random) -> GameCode:
    """The deal a new game's *body* asks for: its code, else a random deal of its
    rule set, winnable when asked."""
    code_text = optional(body, "code", str)
    if code_text is not None:
        return GameCode.parse(code_text)
    rules = rule_set(optional(body, "rules", str, CLASSIC.id))
    if optional(body, "winnable", bool, False):
        return _winnable(rules, rng)
    return GameCode.random(rules, rng=rng)


def _winnable(rules: RuleSet, rng: random.Random) -> GameCode:
    try:
        return winnable_deal(rules, rng)
    except LookupError:
        raise ApiError(503, "unavailable", "no winnable deals are available here") from None


def _summary(row: GameRow) -> dict[str, object]:
    return {
        "id": row.id,
        "code": row.code,
        "rules": RuleSet.parse(row.rules, letter=True).id,
        "won": row.won,
        "score": row.score,
        "moves": row.moves,
        "elapsed_ms": row.elapsed_ms,
        "created": row.created,
        "updated": row.updated,
        "daily": row.daily,
        "practice": row.is_practice,
    }


def _exported(row: GameRow) -> dict[str, object]:
    """A game in the export: its summary, its whole record and what made it, and
    where a practice game started from (both ``null`` for other games)."""
    practice = row.practice
    return {
        **_summary(row),
        "record": row.record,
        "undos": row.undos,
        "hints": row.hints,
        "practice_of": None if practice is None else practice.of,
        "practice_moves": None if practice is None else practice.moves,
    }


class CurrentGame(HTTPEndpoint):
    """``/games/current``: the game the player plays now."""

    async def get(self, request: Request) -> Response:
        service, player = _asking(request)
        return await _state(request, lambda: service.current(player))


class OneGame(HTTPEndpoint):
    """``/games/{game_id}``: one of the player's games."""

    async def get(self, request: Request) -> Response:
        service, player, game_id = _asking_about(request)
        return await _state(request, lambda: service.get(player, game_id))


class Moves(HTTPEndpoint):
    """``/games/{game_id}/moves``: a move, at the version the player saw."""

    async def post(self, request: Request) -> Response:
        body = await _body(request)
        move = Move.parse(required(body, "move", str))
        version = required(body, "version", int)
        service, player, game_id = _asking_about(request)
        return await _changed(request, lambda: service.move(player, game_id, move, version))


class Undo(HTTPEndpoint):
    """``/games/{game_id}/undo``: the last move taken back."""

    async def post(self, request: Request) -> Response:
        version = required(await _body(request), "version", int)
        service, player, game_id = _asking_about(request)
        return await _changed(request, lambda: service.undo(player, game_id, version))


class Hint(HTTPEndpoint):
    """``/games/{game_id}/hint``: the solver's next move, counted."""

    async def post(self, request: Request) -> Response:
        version = required(await _body(request), "version", int)
        service, player, game_id = _asking_about(request)
        position = await off_loop(
            request, lambda: service.check_version(player, game_id, version).game.position()
        )
        solving = Resources.of(request).solving
        move = await while_connected(request, solving.hint(Asker(player, game_id), position))
        # The game may have changed during the search: counting checks the version again.
        state = await off_loop(
            request,
            lambda: state_json(service.record_hint(player, game_id, version, move), service.now()),
        )
        shown = (
            None
            if move is None
            else {"move": str(move), "card": str(move.card), "target": move.target}
        )
        return JsonResponse({"hint": shown, "state": state})


class Analysis(HTTPEndpoint):
    """``/games/{game_id}/analysis``: can the game still be won? Not counted."""

    async def get(self, request: Request) -> Response:
        service, player, game_id = _asking_about(request)
        position = await off_loop(request, lambda: service.get(player, game_id).game.position())
        solving = Resources.of(request).solving
        result = await while_connected(request, solving.analysis(Asker(player, game_id), position))
        return JsonResponse(
            {
                "status": result.status.value,
                "states": result.states,
                "seconds": round(result.seconds, 3),
                "uses_hidden_cards": True,
                "proved_by": result.proved_by_json(),
            }
        )


class GameReview(HTTPEndpoint):
    """``/games/{game_id}/review``: where did it go wrong? (SPEC §6). Kept with the
    game once decided, and read back from there. A review that shows how a game not
    won can still be won counts as a hint in it, once (the player may take moves
    back and follow it)."""

    async def get(self, request: Request) -> Response:
        service, player, game_id = _asking_about(request)
        resources = Resources.of(request)

        def stored() -> tuple[LiveGame, dict[str, object] | Reviewer]:
            live, text = service.stored_review(player, game_id)
            review = stored_review(text, live)
            if review is not None:
                return live, review.as_dict()
            code = live.game.code
            assert code is not None, "stored games always start from a deal"
            # Each position's budget is time here; a question gets its share of it.
            per_position = Limit(seconds=resources.solving.budgets[Kind.REVIEW])
            return live, Reviewer(code, live.game.log, per_position)

        live, found = await off_loop(request, stored)
        if isinstance(found, dict):
            return JsonResponse(found)
        seconds = resources.settings.review_total_seconds
        asker = Asker(player, game_id)
        review = await while_connected(
            request, make_review(resources.solving, asker, found, seconds)
        )
        answer = review.as_dict()
        if is_final(review):
            text = json.dumps(answer, separators=(",", ":"))

            def keep() -> None:
                kept = live
                if shows_a_win(review):
                    kept = service.count_review(player, game_id, live.version)
                service.keep_review(kept, text)

            await off_loop(request, keep)
        return JsonResponse(answer)


class Replay(HTTPEndpoint):
    """``/games/{game_id}/replay``: a new game of the same deal."""

    async def post(self, request: Request) -> Response:
        await _body(request)
        _count_new_game(request)
        service, player, game_id = _asking_about(request)
        return await _state(request, lambda: service.replay(player, game_id), 201)


class Practice(HTTPEndpoint):
    """``/games/{game_id}/practice``: *Try from here* (SPEC §6), a new game of the
    same deal with the first moves of this game's line already played."""

    async def post(self, request: Request) -> Response:
        body = await _body(request)
        moves = body.get("moves")
        if not isinstance(moves, int) or isinstance(moves, bool):
            given = f"not {moves!r}" if "moves" in body else "and the body has none"
            raise ApiError(
                400,
                "invalid_practice",
                f"'moves' must be a whole number of moves of the game's line, {given}",
            )
        _count_new_game(request)
        service, player, game_id = _asking_about(request)
        return await _state(request, lambda: service.practice(player, game_id, moves), 201)


class Resume(HTTPEndpoint):
    """``/games/{game_id}/resume``: an unfinished game made current again."""

    async def post(self, request: Request) -> Response:
        await _body(request)
        service, player, game_id = _asking_about(request)
        return await _state(request, lambda: service.resume(player, game_id))


class Visibility(HTTPEndpoint):
    """``/games/{game_id}/visibility``: the page hidden or shown (the clock pauses)."""

    async def post(self, request: Request) -> Response:
        hidden = required(await _body(request), "hidden", bool)
        service, player, game_id = _asking_about(request)
        return await _state(request, lambda: service.set_page_hidden(player, game_id, hidden))


class RecordReplay(HTTPEndpoint):
    """``/records/replay``: every position along a game record; nothing stored."""

    async def post(self, request: Request) -> Response:
        record = required(await _body(request), "record", str)
        language = await off_loop(request, lambda: request_language(request))
        # Heavy (50 ms for 1000 moves): in a process of its own, each client in turn,
        # and compressed there (0.6 MB of JSON to 10 KB).
        client = request.client.host if request.client is not None else ""
        gzip = takes_gzip(request.scope)
        replays = Resources.of(request).replays
        answer = await replays.run(client, replay_json, record, language, gzip)
        if answer is None:  # not a record that may be replayed: say why
            await off_loop(request, lambda: check_record(record))
            raise AssertionError(f"{record!r} was refused, then accepted")
        headers = {"content-encoding": "gzip"} if gzip else None
        return Response(answer, headers=headers, media_type=JsonResponse.media_type)


class PlayerSettings(HTTPEndpoint):
    """``/settings``: the player's settings, read and changed."""

    async def get(self, request: Request) -> Response:
        service, player = _asking(request)
        return JsonResponse(await off_loop(request, lambda: service.settings(player).as_dict()))

    async def put(self, request: Request) -> Response:
        body = await _body(request)
        service, player = _asking(request)
        settings = await off_loop(request, lambda: service.update_settings(player, body))
        return JsonResponse(settings.as_dict())


class Stats(HTTPEndpoint):
    """``/stats``: the player's figures, one entry per rule set."""

    async def get(self, request: Request) -> Response:
        service, player = _asking(request)
        figures = await off_loop(request, lambda: service.stats(player))
        return JsonResponse({rules.id: value.as_dict() for rules, value in figures.items()})


class Rules(HTTPEndpoint):
    """``/rules``: the rule sets and what the app shows of them, in a language."""

    async def get(self, request: Request) -> Response:
        language = request.query_params.get("language") or request_language(request)
        if language not in LANGUAGES:
            raise bad_request(f"'language' must be one of {', '.join(LANGUAGES)}, not {language!r}")
        return Response(registry_body(language), media_type=JsonResponse.media_type)


class Export(HTTPEndpoint):
    """``/export``: everything stored for the player, as one JSON file to keep:
    every game with its whole record (undos included, for ``yukon replay``), and
    the settings."""

    async def get(self, request: Request) -> Response:
        service, player = _asking(request)

        def gather() -> dict[str, object]:
            games = [_exported(row) for row in service.export(player)]
            settings = service.settings(player).as_dict()
            return {"exported": service.now(), "settings": settings, "games": games}

        return JsonResponse(
            await off_loop(request, gather),
            headers={"content-disposition": 'attachment; filename="yukon-games.json"'},
        )


class Player(HTTPEndpoint):
    """``/player``: every game, statistic and setting of the player, deleted."""

    async def delete(self, request: Request) -> Response:
        await _body(request)
        service, player = _asking(request)
        deleted = await off_loop(request, lambda: service.delete_player(player))
        return JsonResponse({"deleted_games": deleted})


def api_routes() -> list[Route]:
    prefix = "/api/v1"
    game = prefix + "/games/{game_id}"
    return [
        Route(prefix + "/games", Games),
        Route(prefix + "/games/current", CurrentGame),
        Route(game, OneGame),
        Route(game + "/moves", Moves),
        Route(game + "/undo", Undo),
        Route(game + "/hint", Hint),
        Route(game + "/replay", Replay),
        Route(game + "/resume", Resume),
        Route(game + "/practice", Practice),
        Route(game + "/review", GameReview),
        Route(game + "/analysis", Analysis),
        Route(game + "/visibility", Visibility),
        Route(prefix + "/records/replay", RecordReplay),
        Route(prefix + "/settings", PlayerSettings),
        Route(prefix + "/stats", Stats),
        Route(prefix + "/daily", daily.Daily),
        Route(prefix + "/daily/figures", daily.DailyFigures),
        Route(prefix + "/rules", Rules),
        Route(prefix + "/export", Export),
        Route(prefix + "/player", Player),
    ]
