"""``GET /healthz``: whether this server can read its database, for a load
balancer, a container's health check or an operator, with the app's version
and the database's schema version; and ``GET /api/v1/version``."""

from __future__ import annotations

import logging
from typing import Final

from starlette.endpoints import HTTPEndpoint
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from yukon import __version__
from yukon.web.guard import HEALTH_PATH
from yukon.web.resources import Resources, off_loop
from yukon.web.responses import JsonResponse

__all__ = ["health_routes"]

_log: Final = logging.getLogger("yukon.web")


class Health(HTTPEndpoint):
    async def get(self, request: Request) -> Response:
        service = Resources.of(request).service
        try:
            schema = await off_loop(request, service.schema_version)
        except Exception as error:  # whatever the driver raises: the answer is "unavailable"
            _log.error("health check: the database cannot be read: %s", error)
            return JsonResponse(
                {"status": "unavailable", "version": __version__, "problem": "database"},
                status_code=503,
            )
        return JsonResponse({"status": "ok", "version": __version__, "schema": schema})


class Version(HTTPEndpoint):
    async def get(self, request: Request) -> Response:
        return JsonResponse({"version": __version__, "api": 1})


def health_routes() -> list[Route]:
    return [Route(HEALTH_PATH, Health), Route("/api/v1/version", Version)]
