"""The server's player-facing messages: refusals, code problems and the API's other
errors, built in each language from the catalogs' keys."""

from __future__ import annotations

import re

import pytest

from yukon.engine import (
    CLASSIC,
    MAX_GROUP,
    RELAXED,
    RULE_SETS,
    Card,
    CodeProblem,
    Game,
    GameCode,
    IllegalMoveError,
    InvalidCodeError,
    Move,
    Reason,
    Refusal,
)
from yukon.i18n import LANGUAGES, format_number, load_catalog, translate
from yukon.i18n.messages import (
    card_symbol,
    choose_language,
    code_problem_message,
    error_message,
    localized_error,
    placement_rule,
    refusal_message,
)

SEVEN = Card.parse("7H")
# Refusals whose words name no card: a face-down card's identity is never shown.
NAMELESS = {
    Reason.UNKNOWN_CARD,
    Reason.CARD_FACE_DOWN,
    Reason.TARGET_FACE_DOWN,
    Reason.GAME_WON,
    Reason.GROUP_TOO_LARGE,
}
OR_WORDS = {
    "en": " or ",
    "sk": " alebo ",
    "hu": " vagy ",
    "ru": " или ",
    "is": " eða ",
    "pt": " ou ",
}


def _refusals() -> list[Refusal]:
    """One refusal of every reason, with the cards the engine would name."""
    ten, eight = Card.parse("TD"), Card.parse("8D")
    refusals = [
        Refusal(reason, ten, eight, 2, 3)
        for reason in Reason
        if reason not in (Reason.GROUP_TOO_LARGE, Reason.FOUNDATION_NEEDS_OTHER)
    ]
    refusals += [
        Refusal(Reason.GROUP_TOO_LARGE, ten, None, 4, 21),
        Refusal(Reason.FOUNDATION_NEEDS_OTHER, ten, Card.parse("3D")),
        Refusal(Reason.FOUNDATION_NEEDS_OTHER, ten, None),
        Refusal(Reason.WRONG_RANK, SEVEN, Card.parse("9S"), 1, rules=RELAXED),
        *(Refusal(Reason.WRONG_SUIT, SEVEN, eight, 1, rules=rules) for rules in RULE_SETS),
        Refusal(Reason.WRONG_COLOR, Card.parse("KS"), Card.parse("QH"), 1),
    ]
    return refusals


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_has_words_with_its_cards(language: str) -> None:
    for refusal in _refusals():
        text = refusal_message(language, refusal)
        assert "{" not in text, (refusal, text)
        assert refusal.card is not None
        if refusal.reason not in NAMELESS:
            assert refusal.card.symbol in text or refusal.card.suit.symbol in text, text
        if language != "en":
            assert text != refusal_message("en", refusal), (language, refusal)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_placement_rule_lists_the_cards_the_language_way(language: str) -> None:
    classic = placement_rule(language, SEVEN, CLASSIC)
    assert f"8♠{OR_WORDS[language]}8♣" in classic
    relaxed = placement_rule(language, SEVEN, RELAXED)
    # English puts a comma before its "or" too (CLDR's list patterns).
    assert re.search(f"8♠, 8♥, 8♦,?{OR_WORDS[language]}8♣", relaxed), relaxed
    catalog = load_catalog(language)
    rank = catalog["rank.8"]
    assert isinstance(rank, str)
    assert rank in classic
    king = placement_rule(language, Card.parse("KS"), CLASSIC)
    king_symbol = translate(language, "card.ranks").split()[-1] + "♠"
    assert king == translate(language, "refusal.king_only_empty", card=king_symbol)
    for rules in RULE_SETS:
        named = re.findall("(?:10|[2-9])[♠♥♦♣]", placement_rule(language, SEVEN, rules))
        assert named[1:] == [card.symbol for card in rules.targets(SEVEN)], (language, rules)


@pytest.mark.parametrize(
    ("language", "symbols"),
    [("en", "A♠ J♥ Q♦ K♣"), ("sk", "A♠ V♥ D♦ K♣"), ("hu", "A♠ V♥ D♦ K♣"), ("ru", "Т♠ В♥ Д♦ К♣")],
)
def test_cards_are_written_with_the_letters_of_the_languages_decks(
    language: str, symbols: str
) -> None:
    cards = [Card.parse(code) for code in ("AS", "JH", "QD", "KC")]
    assert " ".join(card_symbol(language, card) for card in cards) == symbols


def test_a_refusal_reads_as_the_browser_writes_it() -> None:
    refusal = Refusal(Reason.WRONG_COLOR, SEVEN, Card.parse("8D"), 3)
    assert refusal_message("en", refusal) == "7♥ goes on a black 8 — 8♠ or 8♣, not on 8♦"
    assert refusal_message("ru", refusal) == translate(
        "ru",
        "refusal.not_on",
        rule=translate(
            "ru", "refusal.goes_on_black", card="7♥", rank=translate("ru", "rank.8"),
            options="8♠ или 8♣",
        ),
        target="8♦",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("language", "count", "form"),
    [("ru", 21, "one"), ("ru", 22, "few"), ("ru", 25, "many"), ("sk", 21, "other"),
     ("is", 21, "one"), ("is", 22, "other"), ("en", 21, "other")],
)  # fmt: skip
def test_the_group_limit_takes_the_plural_form_of_its_count(
    language: str, count: int, form: str
) -> None:
    entry = load_catalog(language)["refusal.group_too_large"]
    assert isinstance(entry, dict)
    expected = entry[form].replace("{count}", str(count)).replace("{max}", str(MAX_GROUP))
    refusal = Refusal(Reason.GROUP_TOO_LARGE, Card.parse("TD"), None, 4, count)
    assert refusal_message(language, refusal) == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_problem_has_words(language: str) -> None:
    texts = {code_problem_message(language, problem) for problem in CodeProblem}
    assert len(texts) == len(CodeProblem)
    assert all("{" not in text for text in texts)


def test_numbers_in_messages_are_written_the_language_way() -> None:
    assert [format_number(lang, 1234) for lang in ("en", "is", "sk")] == [
        "1,234", "1.234", "1\xa0234",
    ]  # fmt: skip
    assert translate("is", "examples.score", score=12345).endswith("12.345")
    assert translate("pt", "examples.score", score=12345).endswith("12\xa0345")


def test_the_language_is_the_saved_one_else_the_browsers() -> None:
    assert choose_language("is", "sk,en;q=0.5") == "is"
    assert choose_language(None, "sk,en;q=0.5") == "sk"
    assert choose_language("xx", "pt-BR") == "pt"
    assert choose_language(None, "de-DE") == "en"
    assert choose_language(None, None) == "en"


class _WrappedError(Exception):
    """Like the storage layer's refusal: the engine's error as ``cause``."""

    def __init__(self, cause: Exception) -> None:
        super().__init__("wrapped")
        self.cause = cause


def test_a_wrapped_refusal_is_put_in_the_language() -> None:
    game = Game.from_code("YU1-C-AAAAAAB")
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Move.parse("7H>3"))
    english = {"code": "illegal_move", "message": str(caught.value), "reason": "wrong_rank"}
    answer = localized_error("hu", _WrappedError(caught.value), english)
    assert answer == {**english, "message": refusal_message("hu", caught.value.refusal)}
    assert "vagy" in str(answer["message"])


def test_a_code_problem_is_put_in_the_language() -> None:
    with pytest.raises(InvalidCodeError) as caught:
        GameCode.parse("YU1-X-AAAAAAB")
    body = {"code": "invalid_code", "message": str(caught.value), "problem": "rules"}
    answer = localized_error("pt", caught.value, body)
    assert answer == {**body, "message": code_problem_message("pt", CodeProblem.RULES)}


def test_other_errors_get_general_words_and_keep_the_diagnosis() -> None:
    body = {"code": "corrupt_game", "message": "game 'x' cannot be resumed"}
    answer = localized_error("sk", RuntimeError(), body)
    assert answer == {
        "code": "corrupt_game",
        "message": translate("sk", "error.corrupt_game"),
        "detail": "game 'x' cannot be resumed",
    }
    for code in ("bad_request", "invalid_move", "too_large", "method_not_allowed"):
        assert error_message("ru", code) is None
        untouched = {"code": code, "message": "'move' must be text"}
        assert localized_error("ru", ValueError(), untouched) == untouched


@pytest.mark.parametrize("language", LANGUAGES)
def test_error_words_exist_in_every_language(language: str) -> None:
    for code in ("not_found", "stale_version", "nothing_to_undo", "game_won", "unavailable"):
        text = error_message(language, code)
        assert text
        assert not re.search(r"\{\w+\}", text)
