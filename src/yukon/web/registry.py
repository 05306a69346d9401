"""What the browser learns from the server instead of keeping copies: the rule
sets (from the engine's registry), the limits it shows, and the words of the
refusals it writes without asking (a double tap that finds no place), built by
the same code as the API's own refusals."""

from __future__ import annotations

from yukon.engine import CLASSIC, DECK, MAX_GROUP, RULE_SETS
from yukon.engine.record import UNDO
from yukon.i18n.messages import no_place_message
from yukon.web.records import MAX_REPLAY_MOVES

__all__ = ["registry_json"]


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
