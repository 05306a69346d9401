"""The API's player-facing messages in a language: refused moves, unreadable game
codes and the other refusals a player can meet, built from the same catalog keys
and in the same way as the browser's ``messages.js``, so that a client gets the
same words from the server as the app writes itself.

Cards are named in words, as a screen reader says them aloud (SPEC §7): many
voices read the suit symbols as "black heart suit", or not at all.

>>> from yukon.engine import Card, Reason, Refusal
>>> refusal = Refusal(Reason.WRONG_COLOR, Card.parse("7H"), Card.parse("8D"), 3)
>>> print(refusal_message("en", refusal))
7 of hearts goes on a black 8: 8 of spades or 8 of clubs; 8 of diamonds does not take it.
>>> print(refusal_message("ru", Refusal(Reason.SAME_COLUMN, Card.parse("QS"), None, 2)))
Дама пик уже в этой колонке.
>>> code_problem_message("is", CodeProblem.PREFIX)
'Leikkóði byrjar á YU1, eins og í YU1-C-AAAAAAB.'
>>> [choose_language(saved, header) for saved, header in [(None, "ru"), ("hu", "ru"), (None, "")]]
['ru', 'hu', 'en']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from babel.lists import format_list

from yukon.engine import (
    MAX_GROUP,
    Card,
    CodeProblem,
    IllegalMoveError,
    InvalidCodeError,
    Reason,
    Refusal,
    RuleSet,
    Suit,
)
from yukon.i18n import BABEL_LOCALES, LANGUAGES, has_key, negotiate, translate

__all__ = [
    "card_name",
    "choose_language",
    "code_problem_message",
    "error_message",
    "localized_error",
    "no_place_message",
    "placement_rule",
    "refusal_message",
]

# Reasons whose words are the placement rule itself (refusal.goes_on_* and refusal.not_on).
_BUILT_FROM_THE_RULE: Final = frozenset({Reason.WRONG_COLOR, Reason.WRONG_SUIT, Reason.WRONG_RANK})
# How deep a wrapped error is searched for the engine's error (storage and records wrap it).
_MAX_WRAPPING: Final = 4


def choose_language(saved: str | None, accept_language: str | None) -> str:
    """The language to answer in: the player's saved setting, else the best match
    of the ``Accept-Language`` header, else English."""
    return saved if saved in LANGUAGES else negotiate(accept_language)


def card_name(language: str, card: Card) -> str:
    """*card* in words, as the browser names it to screen readers (``card.name.*``).

    >>> card_name("en", Card.parse("AS")), card_name("sk", Card.parse("JH"))
    ('ace of spades', 'srdcový dolník')
    """
    return translate(language, f"card.name.{card.rank}", suit=_suit_name(language, card.suit))


def _suit_name(language: str, suit: Suit) -> str:
    """A suit's word as card names and foundations use it: "hearts", "srdcov"."""
    return translate(language, f"card.suit.{suit.letter}")


def _sentence(text: str) -> str:
    """*text* with a capital first letter: a card's name may start a message."""
    return text[:1].upper() + text[1:]


def _placement_rule(language: str, card: Card, rules: RuleSet) -> str:
    """Where *card* may go by the rules, as the first words of a message."""
    name = card_name(language, card)
    targets = rules.targets(card)
    if not targets:
        return translate(language, "refusal.king_only_empty", card=name)
    options = format_list(
        [card_name(language, option) for option in targets],
        style="or",
        locale=BABEL_LOCALES[language],
    )
    rank = translate(language, f"rank.{targets[0].rank}")
    key = f"refusal.goes_on_{rules.wording(card)}"
    return translate(language, key, card=name, rank=rank, options=options)


def placement_rule(language: str, card: Card, rules: RuleSet) -> str:
    """Where *card* may go, by the rules.

    >>> from yukon.engine import RELAXED
    >>> placement_rule("en", Card.parse("7H"), RELAXED)
    '7 of hearts goes on any 8: 8 of spades, 8 of hearts, 8 of diamonds, or 8 of clubs.'
    """
    return _sentence(_placement_rule(language, card, rules)) + "."


def no_place_message(language: str, card: Card, rules: RuleSet) -> str:
    """Why a double tap left *card* where it is: nowhere it may go is free now."""
    rule = _placement_rule(language, card, rules)
    return _sentence(translate(language, "refusal.no_place", rule=rule))


def refusal_message(language: str, refusal: Refusal) -> str:
    """The rule that refused a move, in *language*, naming the cards in words."""
    return _sentence(_refusal_words(language, refusal))


def _refusal_words(language: str, refusal: Refusal) -> str:
    card = "?" if refusal.card is None else card_name(language, refusal.card)
    reason = refusal.reason
    if reason in _BUILT_FROM_THE_RULE:
        if refusal.card is None:
            return translate(language, "refusal.other")
        rule = _placement_rule(language, refusal.card, refusal.rules)
        if refusal.target is None:
            return f"{rule}."
        target = card_name(language, refusal.target)
        return translate(language, "refusal.not_on", rule=rule, target=target)
    if reason is Reason.FOUNDATION_NEEDS_OTHER:
        suit = "?" if refusal.card is None else _suit_name(language, refusal.card.suit)
        if refusal.target is None:
            return translate(language, "refusal.foundation_complete", suit=suit)
        return translate(
            language,
            "refusal.foundation_needs_other",
            suit=suit,
            needed=card_name(language, refusal.target),
            card=card,
        )
    if reason is Reason.GROUP_TOO_LARGE:
        return translate(language, "refusal.group_too_large", count=refusal.count, max=MAX_GROUP)
    key = f"refusal.{reason.value}"
    return translate(language, key if has_key(key) else "refusal.other", card=card)


def code_problem_message(language: str, problem: CodeProblem) -> str:
    """What is wrong with a game code, in *language*."""
    key = f"code_problem.{problem.value}"
    return translate(language, key if has_key(key) else "code_problem.other")


def error_message(language: str, code: str) -> str | None:
    """The words for an API error *code* such as ``not_found`` or ``stale_version``,
    or ``None`` for a code whose message is for a script's author (``bad_request``,
    ``invalid_move``, ``too_large`` …), which stays English."""
    key = f"error.{code}"
    return translate(language, key) if has_key(key) else None


def localized_error(
    language: str, error: BaseException, body: Mapping[str, object]
) -> dict[str, object]:
    """The API's error object *body* for *error*, its ``message`` in *language*
    where a player may read it; every other field (``code``, ``reason``,
    ``problem`` …) stays as it is, so that a client can write its own words.

    A refusal or a code problem is described whole by its fields. The other
    errors' words are general (``error.not_found`` …), so the server's own
    English diagnosis, which may name a game or a file, is kept as ``detail``.
    """
    cause = _engine_cause(error)
    if isinstance(cause, IllegalMoveError):
        return {**body, "message": refusal_message(language, cause.refusal)}
    if isinstance(cause, InvalidCodeError):
        return {**body, "message": code_problem_message(language, cause.problem)}
    message = error_message(language, str(body.get("code", "")))
    if message is None:
        return dict(body)
    return {**body, "message": message, "detail": body.get("message", "")}


def _engine_cause(error: BaseException) -> BaseException:
    """The engine's error inside *error*: the storage layer's refusals and the
    records' errors carry it as ``cause``."""
    for _ in range(_MAX_WRAPPING):
        if isinstance(error, IllegalMoveError | InvalidCodeError):
            break
        cause = getattr(error, "cause", None)
        if not isinstance(cause, BaseException):
            break
        error = cause
    return error
