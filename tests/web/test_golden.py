"""Every route answers as recorded in ``golden_api.json`` (see :mod:`tests.web.golden`),
byte for byte, on each database."""

from __future__ import annotations

import json

from tests.databases import Target
from tests.web.conftest import FakeClock
from tests.web.golden import GOLDEN_FILE, converse, golden_settings


def test_every_route_answers_as_recorded(database: Target) -> None:
    clock = FakeClock()
    recorded = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))
    answered = converse(golden_settings(database, clock), clock)
    assert [exchange["request"] for exchange in answered] == [
        exchange["request"] for exchange in recorded
    ]
    for now, then in zip(answered, recorded, strict=True):
        assert now == then, now["request"]
