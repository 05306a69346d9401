"""The JSON API under ``/api/v1`` (docs/api.md). Handlers are thin: read the
request, call the game service, answer with the state. Refusals are raised and
answered by :mod:`yukon.web.errors`."""

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
from yukon.storage import GameService, LiveGame
from yukon.web.bodies import optional, read_object, required
from yukon.web.config import AppSettings
from yukon.web.errors import ApiError, bad_request, request_language
from yukon.web.records import replay_record
from yukon.web.registry import registry_json
from yukon.web.responses import JsonResponse
from yukon.web.solving import Solving
from yukon.web.state import state_json

__all__ = ["api_routes"]

Endpoint: TypeAlias = Callable[[Request], Awaitable[Response]]

_MAX_LIST: Final = 200
# ASCII digits only: str.isdigit() also takes "²", which int() refuses.
_SMALL_NUMBER: Final = re.compile(r"[0-9]{1,6}")
_MAX_ID: Final = 64


def _service(request: Request) -> GameService:
    service: GameService = request.app.state.service
    return service


def _settings(request: Request) -> AppSettings:
    settings: AppSettings = request.app.state.settings
    return settings


def _solving(request: Request) -> Solving:
    solving: Solving = request.app.state.solving
    return solving


def _player(request: Request) -> str:
    player: str = request.state.player
    return player


def _game_id(request: Request) -> str:
    game_id: str = request.path_params["game_id"]
    if len(game_id) > _MAX_ID:
        raise ApiError(404, "not_found", "there is no such game")
    return game_id


async def _body(request: Request) -> dict[str, object]:
    return await read_object(request, _settings(request).max_body)


def _state(request: Request, live: LiveGame, status: int = 200) -> Response:
    return JsonResponse(state_json(live, _service(request).now()), status_code=status)


async def create_game(request: Request) -> Response:
    body = await _body(request)
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
    live = _service(request).create(_player(request), code)
    return _state(request, live, 201)


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
    return _state(request, _service(request).current(_player(request)))


async def get_game(request: Request) -> Response:
    return _state(request, _service(request).get(_player(request), _game_id(request)))


async def make_move(request: Request) -> Response:
    body = await _body(request)
    move = Move.parse(required(body, "move", str))
    version = required(body, "version", int)
    live = _service(request).move(_player(request), _game_id(request), move, version)
    return _state(request, live)


async def undo(request: Request) -> Response:
    body = await _body(request)
    version = required(body, "version", int)
    live = _service(request).undo(_player(request), _game_id(request), version)
    return _state(request, live)


async def hint(request: Request) -> Response:
    body = await _body(request)
    version = required(body, "version", int)
    service, player, game_id = _service(request), _player(request), _game_id(request)
    live = service.check_version(player, game_id, version)
    move = await _solving(request).hint(live.game)
    # The game may have changed during the search: counting checks the version again.
    live = service.record_hint(player, game_id, version, move)
    shown = (
        None if move is None else {"move": str(move), "card": str(move.card), "target": move.target}
    )
    return JsonResponse({"hint": shown, "state": state_json(live, service.now())})


async def analysis(request: Request) -> Response:
    live = _service(request).get(_player(request), _game_id(request))
    result = await _solving(request).analysis(live.game)
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
    live = _service(request).replay(_player(request), _game_id(request))
    return _state(request, live, 201)


async def visibility(request: Request) -> Response:
    body = await _body(request)
    hidden = required(body, "hidden", bool)
    live = _service(request).set_page_hidden(_player(request), _game_id(request), hidden)
    return _state(request, live)


async def list_games(request: Request) -> Response:
    raw = request.query_params.get("limit", "50")
    if not (_SMALL_NUMBER.fullmatch(raw) and 1 <= int(raw) <= _MAX_LIST):
        raise bad_request(f"'limit' must be a whole number from 1 to {_MAX_LIST}, not {raw!r}")
    rows = _service(request).list_games(_player(request), int(raw))
    games = [
        {
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
        for row in rows
    ]
    return JsonResponse({"games": games})


async def records_replay(request: Request) -> Response:
    body = await _body(request)
    record = required(body, "record", str)
    return JsonResponse(replay_record(record, language=request_language(request)))


async def get_settings(request: Request) -> Response:
    return JsonResponse(_service(request).settings(_player(request)).as_dict())


async def put_settings(request: Request) -> Response:
    body = await _body(request)
    settings = _service(request).update_settings(_player(request), body)
    return JsonResponse(settings.as_dict())


async def registry(request: Request) -> Response:
    language = request.query_params.get("language") or request_language(request)
    if language not in LANGUAGES:
        raise bad_request(f"'language' must be one of {', '.join(LANGUAGES)}, not {language!r}")
    return JsonResponse(registry_json(language))


async def stats(request: Request) -> Response:
    figures = _service(request).stats(_player(request))
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
        Route(game + "/analysis", analysis, methods=["GET"]),
        Route(game + "/visibility", visibility, methods=["POST"]),
        Route(prefix + "/records/replay", records_replay, methods=["POST"]),
        _by_method(prefix + "/settings", {"GET": get_settings, "PUT": put_settings}),
        Route(prefix + "/stats", stats, methods=["GET"]),
        Route(prefix + "/rules", registry, methods=["GET"]),
    ]
