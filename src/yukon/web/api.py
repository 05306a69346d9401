"""The JSON API under ``/api/v1`` (docs/api.md). Handlers are thin: read the
request, call the game service, answer with the state. Refusals are raised and
answered by :mod:`yukon.web.errors`.

Every call to the service (a database round trip, perhaps a replay or a wait
for another process's write lock) runs in the app's thread pool
(:mod:`yukon.web.offload`), with the answer's state built there too, in one
crossing: the event loop only reads requests and sends answers.
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from typing import Final, TypeAlias

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from yukon.engine import CLASSIC, GameCode, InvalidCodeError, Move, RuleSet
from yukon.i18n import LANGUAGES
from yukon.solver import winnable_deal
from yukon.storage import GameRow, GameService, LiveGame
from yukon.web.bodies import optional, read_object, required
from yukon.web.config import AppSettings
from yukon.web.disconnect import while_connected
from yukon.web.errors import ApiError, bad_request
from yukon.web.records import replay_record
from yukon.web.registry import registry_json
from yukon.web.resources import Resources, off_loop, player_of, request_language
from yukon.web.responses import JsonResponse
from yukon.web.solving import Asker, Solving
from yukon.web.state import state_json

__all__ = ["api_routes"]

Endpoint: TypeAlias = Callable[[Request], Awaitable[Response]]

_MAX_LIST: Final = 200
# ASCII digits only: str.isdigit() also takes "²", which int() refuses.
_SMALL_NUMBER: Final = re.compile(r"[0-9]{1,6}")
_MAX_ID: Final = 64


def _service(request: Request) -> GameService:
    return Resources.of(request).service


def _settings(request: Request) -> AppSettings:
    return Resources.of(request).settings


def _solving(request: Request) -> Solving:
    return Resources.of(request).solving


def _player(request: Request) -> str:
    return player_of(request)


def _game_id(request: Request) -> str:
    game_id: str = request.path_params["game_id"]
    if len(game_id) > _MAX_ID:
        raise ApiError(404, "not_found", "there is no such game")
    return game_id


async def _body(request: Request) -> dict[str, object]:
    return await read_object(request, _settings(request).max_body)


async def _state(request: Request, call: Callable[[], LiveGame], status: int = 200) -> Response:
    """The answer with the state of the game that *call* (a service call) gives."""
    service = _service(request)
    state = await off_loop(request, lambda: state_json(call(), service.now()))
    return JsonResponse(state, status_code=status)


async def _changed(request: Request, call: Callable[[], LiveGame]) -> Response:
    """The answer to a move or an undo (*call*): the new state; a solver search of
    the game's old position is no longer needed and is dropped."""
    service = _service(request)

    def change() -> tuple[LiveGame, dict[str, object]]:
        live = call()
        return live, state_json(live, service.now())

    live, state = await off_loop(request, change)
    _solving(request).moved_on(Asker(live.player, live.id), live.game)
    return JsonResponse(state)


def _count_new_game(request: Request) -> None:
    """A new game is stored for good: a player may start only so many a minute."""
    Resources.of(request).new_games.take(_player(request))


async def create_game(request: Request) -> Response:
    body = await _body(request)
    _count_new_game(request)
    code_text = optional(body, "code", str)
    if code_text is not None:
        code = GameCode.parse(code_text)
    else:
        rules = _rules(optional(body, "rules", str, CLASSIC.id))
        rng = _settings(request).rng
        if optional(body, "winnable", bool, False):
            code = _winnable(rules, rng)
        else:
            code = GameCode.random(rules, rng=rng)
    service, player = _service(request), _player(request)
    return await _state(request, lambda: service.create(player, code), 201)


def _rules(name: str) -> RuleSet:
    try:
        return RuleSet.parse(name)
    except InvalidCodeError as error:
        raise bad_request(f"'rules': {error}") from None


def _winnable(rules: RuleSet, rng: random.Random) -> GameCode:
    try:
        return winnable_deal(rules, rng)
    except LookupError:
        raise ApiError(503, "unavailable", "no winnable deals are available here") from None


async def current_game(request: Request) -> Response:
    service, player = _service(request), _player(request)
    return await _state(request, lambda: service.current(player))


async def get_game(request: Request) -> Response:
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _state(request, lambda: service.get(player, game_id))


async def make_move(request: Request) -> Response:
    body = await _body(request)
    move = Move.parse(required(body, "move", str))
    version = required(body, "version", int)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _changed(request, lambda: service.move(player, game_id, move, version))


async def undo(request: Request) -> Response:
    body = await _body(request)
    version = required(body, "version", int)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _changed(request, lambda: service.undo(player, game_id, version))


async def hint(request: Request) -> Response:
    body = await _body(request)
    version = required(body, "version", int)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    position = await off_loop(
        request, lambda: service.check_version(player, game_id, version).game.position()
    )
    move = await while_connected(request, _solving(request).hint(Asker(player, game_id), position))
    # The game may have changed during the search: counting checks the version again.
    state = await off_loop(
        request,
        lambda: state_json(service.record_hint(player, game_id, version, move), service.now()),
    )
    shown = (
        None if move is None else {"move": str(move), "card": str(move.card), "target": move.target}
    )
    return JsonResponse({"hint": shown, "state": state})


async def analysis(request: Request) -> Response:
    service, player, game_id = _service(request), _player(request), _game_id(request)
    position = await off_loop(request, lambda: service.get(player, game_id).game.position())
    asker = Asker(player, game_id)
    result = await while_connected(request, _solving(request).analysis(asker, position))
    return JsonResponse(
        {
            "status": result.status.value,
            "states": result.states,
            "seconds": round(result.seconds, 3),
            "uses_hidden_cards": True,
        }
    )


async def replay(request: Request) -> Response:
    await _body(request)
    _count_new_game(request)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _state(request, lambda: service.replay(player, game_id), 201)


async def resume(request: Request) -> Response:
    await _body(request)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _state(request, lambda: service.resume(player, game_id))


async def visibility(request: Request) -> Response:
    body = await _body(request)
    hidden = required(body, "hidden", bool)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    return await _state(request, lambda: service.set_page_hidden(player, game_id, hidden))


async def list_games(request: Request) -> Response:
    raw = request.query_params.get("limit", "50")
    if not (_SMALL_NUMBER.fullmatch(raw) and 1 <= int(raw) <= _MAX_LIST):
        raise bad_request(f"'limit' must be a whole number from 1 to {_MAX_LIST}, not {raw!r}")
    service, player = _service(request), _player(request)
    rows = await off_loop(request, lambda: service.list_games(player, int(raw)))
    return JsonResponse({"games": [_summary(row) for row in rows]})


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
    }


async def export(request: Request) -> Response:
    """Everything stored for the player, as one JSON file to keep: every game
    with its whole record (undos included, for ``yukon replay``), and the settings."""
    service, player = _service(request), _player(request)

    def gather() -> dict[str, object]:
        games = [
            {**_summary(row), "record": row.record, "undos": row.undos, "hints": row.hints}
            for row in service.export(player)
        ]
        settings = service.settings(player).as_dict()
        return {"exported": service.now(), "settings": settings, "games": games}

    return JsonResponse(
        await off_loop(request, gather),
        headers={"content-disposition": 'attachment; filename="yukon-games.json"'},
    )


async def delete_player(request: Request) -> Response:
    """Delete every game, statistic and setting of the player."""
    await _body(request)
    service, player = _service(request), _player(request)
    deleted = await off_loop(request, lambda: service.delete_player(player))
    return JsonResponse({"deleted_games": deleted})


async def records_replay(request: Request) -> Response:
    body = await _body(request)
    record = required(body, "record", str)
    # A long record takes a tenth of a second to replay and to describe.
    answer = await off_loop(
        request, lambda: replay_record(record, language=request_language(request))
    )
    return JsonResponse(answer)


async def get_settings(request: Request) -> Response:
    service, player = _service(request), _player(request)
    return JsonResponse(await off_loop(request, lambda: service.settings(player).as_dict()))


async def put_settings(request: Request) -> Response:
    body = await _body(request)
    service, player = _service(request), _player(request)
    settings = await off_loop(request, lambda: service.update_settings(player, body))
    return JsonResponse(settings.as_dict())


async def registry(request: Request) -> Response:
    language = request.query_params.get("language") or request_language(request)
    if language not in LANGUAGES:
        raise bad_request(f"'language' must be one of {', '.join(LANGUAGES)}, not {language!r}")
    return JsonResponse(registry_json(language))


async def stats(request: Request) -> Response:
    service, player = _service(request), _player(request)
    figures = await off_loop(request, lambda: service.stats(player))
    return JsonResponse({rules.id: value.as_dict() for rules, value in figures.items()})


def _by_method(path: str, handlers: dict[str, Endpoint]) -> Route:
    """One route for several methods, so that a wrong method's 405 lists them all."""

    async def dispatch(request: Request) -> Response:
        # Starlette answers HEAD wherever GET is allowed; the GET handler serves it.
        method = "GET" if request.method == "HEAD" else request.method
        return await handlers[method](request)

    return Route(path, dispatch, methods=list(handlers))


def api_routes() -> list[Route]:
    prefix = "/api/v1"
    game = prefix + "/games/{game_id}"
    return [
        _by_method(prefix + "/games", {"GET": list_games, "POST": create_game}),
        Route(prefix + "/games/current", current_game, methods=["GET"]),
        Route(game, get_game, methods=["GET"]),
        Route(game + "/moves", make_move, methods=["POST"]),
        Route(game + "/undo", undo, methods=["POST"]),
        Route(game + "/hint", hint, methods=["POST"]),
        Route(game + "/replay", replay, methods=["POST"]),
        Route(game + "/resume", resume, methods=["POST"]),
        Route(game + "/analysis", analysis, methods=["GET"]),
        Route(game + "/visibility", visibility, methods=["POST"]),
        Route(prefix + "/records/replay", records_replay, methods=["POST"]),
        _by_method(prefix + "/settings", {"GET": get_settings, "PUT": put_settings}),
        Route(prefix + "/stats", stats, methods=["GET"]),
        Route(prefix + "/rules", registry, methods=["GET"]),
        Route(prefix + "/export", export, methods=["GET"]),
        Route(prefix + "/player", delete_player, methods=["DELETE"]),
    ]
