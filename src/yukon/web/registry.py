"""What the browser learns from the server instead of keeping copies: the rule
sets (from the engine's registry), the limits it shows, and the words of the
refusals it writes without asking (a double tap that finds no place), built by
the same code as the API's own refusals.

The answer is built once per language (about 25 ms each: a sentence for each of
the 52 cards under each rule set) and its bytes kept: none of it changes while
the server runs."""

from __future__ import annotations

import functools

from yukon.engine import CLASSIC, DECK, MAX_GROUP, RULE_SETS
from yukon.engine.record import UNDO
from yukon.i18n.messages import no_place_message
from yukon.web.records import MAX_REPLAY_MOVES
from yukon.web.responses import json_bytes

__all__ = ["registry_body", "registry_json"]


def registry_json(language: str) -> dict[str, object]:
    """The rule sets in the New game window's order, the default first, and the
    limits; every text in *language*."""
    return {
        "rule_sets": [
            {
                "id": rules.id,
                "letter": rules.letter,
                "no_place": {str(card): no_place_message(language, card, rules) for card in DECK},
            }
            for rules in RULE_SETS
        ],
        "default_rules": CLASSIC.id,
        "max_group": MAX_GROUP,
        "max_replay_moves": MAX_REPLAY_MOVES,
        "undo_token": UNDO,
    }


@functools.cache
def registry_body(language: str) -> bytes:
    """:func:`registry_json` for *language* as the answer's bytes, built on the
    first request in that language."""
    return json_bytes(registry_json(language))
