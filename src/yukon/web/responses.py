"""A compact JSON response (no spaces, UTF-8 as is: ``7♥`` stays ``7♥``)."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import Response

__all__ = ["JsonResponse"]


class JsonResponse(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
