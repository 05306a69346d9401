"""Cards, suits and ranks: notation and colours (SPEC §1, §3)."""

from __future__ import annotations

import pytest

from yukon.engine import DECK, Card, Color, InvalidCardError, Rank, Suit


def test_the_deck_has_52_distinct_cards_in_canonical_order() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert [str(card) for card in DECK[:13]] == [f"{r}S" for r in "A23456789TJQK"]
    assert str(DECK[13]) == "AH"
    assert str(DECK[26]) == "AD"
    assert str(DECK[51]) == "KC"
    assert all(card.index == i for i, card in enumerate(DECK))


def test_suit_order_and_colours() -> None:
    assert [suit.symbol for suit in Suit] == ["♠", "♥", "♦", "♣"]
    assert [suit.color for suit in Suit] == [Color.BLACK, Color.RED, Color.RED, Color.BLACK]


def test_ranks_rise_from_ace_to_king() -> None:
    assert Rank.ACE < Rank.TWO < Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING
    assert [rank.letter for rank in Rank] == list("A23456789TJQK")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TD", "TD"),
        ("td", "TD"),
        ("10D", "TD"),
        ("10♦", "TD"),
        ("10d", "TD"),
        (" 7h ", "7H"),
        ("Q♣", "QC"),
        ("a♠", "AS"),
        ("K♥", "KH"),
    ],
)
def test_parse_accepts_letters_tens_and_symbols(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "T", "1D", "11H", "ZH", "TX", "TDD", "7 H", "♦10"])
def test_parse_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(InvalidCardError, match="not a card"):
        Card.parse(text)


def test_text_forms_round_trip_for_every_card() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card)) == card
        assert Card.from_index(card.index) is card


def test_symbol_writes_ten_as_10() -> None:
    assert Card.parse("TD").symbol == "10♦"
    assert Card.parse("7H").symbol == "7♥"
