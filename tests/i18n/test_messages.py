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
    card_name,
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
SUIT_SYMBOLS = re.compile("[♠♥♦♣]")
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
            named = card_name(language, refusal.card).lower() in text.lower()
            suit = translate(language, f"card.suit.{refusal.card.suit.letter}")
            assert named or suit.lower() in text.lower(), text
        # Said aloud to screen readers: suits in words, never symbols (SPEC §7).
        assert not SUIT_SYMBOLS.search(text), text
        assert text[0] == text[0].upper(), text
        if language != "en":
            assert text != refusal_message("en", refusal), (language, refusal)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_placement_rule_lists_the_cards_the_language_way(language: str) -> None:
    def names(*codes: str) -> list[str]:
        return [card_name(language, Card.parse(code)) for code in codes]

    classic = placement_rule(language, SEVEN, CLASSIC)
    assert OR_WORDS[language].join(names("8S", "8C")) in classic
    relaxed = placement_rule(language, SEVEN, RELAXED)
    # English puts a comma before its "or" too (CLDR's list patterns).
    spades, hearts, diamonds, clubs = (re.escape(name) for name in names("8S", "8H", "8D", "8C"))
    assert re.search(f"{spades}, {hearts}, {diamonds},?{OR_WORDS[language]}{clubs}", relaxed)
    king = placement_rule(language, Card.parse("KS"), CLASSIC)
    king_name = card_name(language, Card.parse("KS"))
    expected = translate(language, "refusal.king_only_empty", card=king_name)
    assert king == expected[0].upper() + expected[1:] + "."
    for rules in RULE_SETS:
        rule = placement_rule(language, SEVEN, rules)
        targets = [card_name(language, card) for card in rules.targets(SEVEN)]
        places = [rule.index(name) for name in targets]
        assert places == sorted(places), rule
        assert not SUIT_SYMBOLS.search(rule), rule


@pytest.mark.parametrize(
    ("language", "letters"),
    [("en", "A J Q K"), ("sk", "A V D K"), ("hu", "A B D K"), ("ru", "Т В Д К"),
     ("is", "A J Q K"), ("pt", "A J Q K")],
)  # fmt: skip
def test_cards_carry_the_letters_of_the_languages_decks(language: str, letters: str) -> None:
    """The letters in the cards' corners: the Hungarian jack is the bubi (B), the
    Slovak one V as the user's own rules write it, Russian decks print Т В Д К."""
    ranks = translate(language, "card.ranks").split()
    assert " ".join(ranks[index] for index in (0, 10, 11, 12)) == letters


def test_a_refusal_reads_as_the_browser_writes_it() -> None:
    refusal = Refusal(Reason.WRONG_COLOR, SEVEN, Card.parse("8D"), 3)
    assert refusal_message("en", refusal) == (
        "7 of hearts goes on a black 8: 8 of spades or 8 of clubs; 8 of diamonds does not take it."
    )
    rule = translate(
        "ru", "refusal.goes_on_black", card="семёрка червей", rank=translate("ru", "rank.8"),
        options="восьмёрка пик или восьмёрка треф",
    )  # fmt: skip
    expected = translate("ru", "refusal.not_on", rule=rule, target="восьмёрка бубён")
    assert refusal_message("ru", refusal) == expected[0].upper() + expected[1:]


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
