"""The catalogs' words that a machine can check (SPEC §7 and the players' decks):
suits in words in everything said to screen readers, the cards' corner letters
the same on the board and on the Rules page, every rule letter of a game code
named, every card name holding the label its corner shows or led by it."""

from __future__ import annotations

import re

import pytest

from yukon.engine import DECK
from yukon.i18n import LANGUAGES, Entry, load_catalog, translate

SUIT_SYMBOLS = re.compile("[♠♥♦♣]")
# Words a screen reader says aloud: the live region's, the refusals' and the
# accessible names of the board, its cards and the code problems.
SPOKEN = ("announce.", "refusal.", "board.", "card.", "code_problem.", "rank.")
# A letter standing alone: "A", "(K)", "Т,".
LETTER = re.compile(r"(?<![\w-])[A-ZА-ЯЁ](?![\w-])")


def _texts(entry: Entry) -> list[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_what_is_said_aloud_names_suits_in_words(language: str) -> None:
    for key, entry in load_catalog(language).items():
        if key.startswith(SPOKEN):
            for text in _texts(entry):
                assert not SUIT_SYMBOLS.search(text), f"{language}: {key}: {text!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_page_writes_the_cards_letters(language: str) -> None:
    """The paragraph of the Rules page that lists the ranks uses the letters the
    cards' corners show: the Hungarian bubi is B, the Russian jack В."""
    ranks = translate(language, "card.ranks").split()
    letters = {ranks[0], *ranks[10:]}
    paragraph = next(
        part for part in translate(language, "rules.tableau").split("\n\n") if "10" in part
    )
    assert set(LETTER.findall(paragraph)) == letters, paragraph


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_code_problem_names_every_rule_letter(language: str) -> None:
    assert set(LETTER.findall(translate(language, "code_problem.rules"))) >= {"C", "R", "S", "A"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rank_has_its_own_letter(language: str) -> None:
    ranks = translate(language, "card.ranks").split()
    assert len(ranks) == len(set(ranks)) == 13
    assert ranks[1:10] == [str(number) for number in range(2, 11)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_has_a_name_of_its_own(language: str) -> None:
    names = set()
    for card in DECK:
        suit = translate(language, f"card.suit.{card.suit.letter}")
        names.add(translate(language, f"card.name.{card.rank}", suit=suit))
    assert len(names) == len(DECK)
