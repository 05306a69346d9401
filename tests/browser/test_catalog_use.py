"""The English catalog and the app agree: every key the page, its modules and the
server's messages use exists, every refusal reason and code problem the API can
send has its words, and no key lies unused. (Static: reads the files, needs no
browser.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from yukon.engine import CLASSIC, DECK, RULE_SETS, CodeProblem, Reason, Suit
from yukon.solver import Status

ROOT = Path(__file__).resolve().parents[2] / "src" / "yukon"
STATIC = ROOT / "web" / "static"
CATALOG: dict[str, object] = json.loads((ROOT / "i18n" / "en.json").read_text(encoding="utf-8"))

# Reasons whose words are built from the placement rule (refusal.goes_on_* and refusal.not_on).
BUILT_FROM_THE_RULE = {Reason.WRONG_COLOR, Reason.WRONG_SUIT, Reason.WRONG_RANK}
# The API's error codes (docs/api.md) that a player may meet, with words of their own
# (`error.{code}`); the others describe a malformed request, which the app never sends.
PLAYER_ERRORS = (
    "not_found",
    "stale_version",
    "nothing_to_undo",
    "game_won",
    "game_too_long",
    "too_many_requests",
    "unavailable",
    "solver_busy",
    "corrupt_game",
    "storage_error",
    "database_busy",
    "server_busy",
    "invalid_practice",
    "internal_error",
)


def _sources() -> str:
    scripts = [path.read_text(encoding="utf-8") for path in sorted((STATIC / "js").glob("*.js"))]
    server = (ROOT / "i18n" / "messages.py").read_text(encoding="utf-8")
    return "\n".join([(STATIC / "index.html").read_text(encoding="utf-8"), *scripts, server])


def _literal_keys(text: str) -> set[str]:
    """Quoted dotted names that look like catalog keys."""
    return {
        key
        for key in re.findall(r"[\"'`]([a-z_]+(?:\.[a-z_0-9]+)+)[\"'`]", text)
        if not key.endswith((".js", ".json", ".css", ".svg", ".html"))
    }


def _examples_steps() -> int:
    script = (STATIC / "js" / "examples.js").read_text(encoding="utf-8")
    moves = re.search(r"moves: \[(.*?)\]", script, re.DOTALL)
    assert moves is not None
    return len(re.findall(r'"[2-9TJQKA][SHDC]>[1-7F]"', moves.group(1)))


def _dynamic_keys() -> set[str]:
    """Keys the app builds from codes and numbers."""
    keys = {f"refusal.{reason.value}" for reason in Reason if reason not in BUILT_FROM_THE_RULE}
    keys |= {f"code_problem.{problem.value}" for problem in CodeProblem}
    keys |= {f"rank.{rank}" for rank in range(1, 14)}
    keys |= {f"analysis.{status.value}" for status in Status}
    keys |= {f"page.{name}.title" for name in ("stats", "history", "rules", "examples", "faq")}
    keys |= {f"examples.step.{number}" for number in range(_examples_steps() + 1)}
    keys |= {f"examples.{button}" for button in ("first", "previous", "next", "last")}
    keys |= {f"card.name.{rank}" for rank in range(1, 14)}
    keys |= {f"card.suit.{suit.letter}" for suit in Suit}
    keys |= {f"error.{code}" for code in PLAYER_ERRORS}
    for rules in RULE_SETS:
        keys |= {f"new.{rules.id}", f"new.{rules.id}_note", f"stats.{rules.id}"}
        keys |= {f"rules.{rules.id}"} if rules is not CLASSIC else set()
        keys |= {f"refusal.goes_on_{rules.wording(card)}" for card in DECK}
    return keys


def test_every_key_the_app_uses_is_in_the_catalog() -> None:
    used = _literal_keys(_sources()) | _dynamic_keys()
    missing = sorted(key for key in used if key not in CATALOG)
    assert missing == []


def test_every_catalog_key_is_used() -> None:
    used = _literal_keys(_sources()) | _dynamic_keys()
    assert sorted(set(CATALOG) - used) == []


def test_page_texts_start_with_a_heading() -> None:
    for key, text in CATALOG.items():
        if key.startswith(("rules.", "faq.")):
            assert isinstance(text, str)
            assert text.startswith("## "), key


def test_card_pictures_name_real_cards() -> None:
    for key, text in CATALOG.items():
        for picture in re.findall(r"\[\[(.*?)\]\]", str(text)):
            assert re.fullmatch(r"[2-9TJQKA][SHDC]", picture), (key, picture)
