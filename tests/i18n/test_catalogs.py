"""The language catalogs: the same keys, placeholders and the plural forms each language needs."""

from __future__ import annotations

import re

import pytest

from yukon.i18n import (
    LANGUAGES,
    CatalogError,
    load_catalog,
    negotiate,
    placeholders,
    plural_categories,
    plural_category,
    translate,
)


def test_every_language_has_a_catalog() -> None:
    for language in LANGUAGES:
        assert load_catalog(language), language


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_catalog_has_exactly_the_english_keys(language: str) -> None:
    english, other = load_catalog("en"), load_catalog(language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in English"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_match_english(language: str) -> None:
    english, other = load_catalog("en"), load_catalog(language)
    for key, entry in other.items():
        reference = english[key]
        names = placeholders(reference if isinstance(reference, str) else reference["other"])
        texts = [entry] if isinstance(entry, str) else list(entry.values())
        for text in texts:
            assert placeholders(text) == names, f"{language}: {key}: {text!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_entries_have_the_forms_the_language_needs(language: str) -> None:
    english, other = load_catalog("en"), load_catalog(language)
    needed = plural_categories(language)
    for key, entry in other.items():
        assert isinstance(entry, dict) == isinstance(english[key], dict), key
        if isinstance(entry, dict):
            assert set(entry) == needed, f"{language}: {key} has {sorted(entry)}"
            assert all("{count}" in text for text in entry.values()) or all(
                "{count}" not in text for text in entry.values()
            ), key


def test_plural_categories() -> None:
    assert plural_categories("en") == {"one", "other"}
    assert plural_categories("ru") == {"one", "few", "many", "other"}
    assert plural_categories("sk") == {"one", "few", "many", "other"}
    assert plural_categories("is") == {"one", "other"}
    assert [plural_category("ru", n) for n in (1, 2, 5, 11, 21, 22)] == [
        "one", "few", "many", "many", "one", "few",
    ]  # fmt: skip
    assert [plural_category("is", n) for n in (1, 11, 21, 2)] == ["one", "other", "one", "other"]
    assert [plural_category("sk", n) for n in (1, 2, 4, 5)] == ["one", "few", "few", "other"]


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("hu", "hu"),
        ("pt-BR,pt;q=0.9", "pt"),
        ("de;q=1.0, is;q=0.5, ru;q=0.7", "ru"),
        ("ru;q=0, sk;q=0.1", "sk"),
        ("*", "en"),
        ("garbage;;;q=x", "en"),
    ],
)
def test_negotiate(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_translate_falls_back_to_english_and_fills_placeholders() -> None:
    english = load_catalog("en")
    key = next(k for k, v in english.items() if isinstance(v, str) and not placeholders(v))
    assert translate("en", key) == english[key]
    with pytest.raises(KeyError):
        translate("en", "no.such.key")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(CatalogError, match="unknown language 'de'"):
        load_catalog("de")


# Symbols that Debian's fonts draw as a tofu box or that browsers turn into colour
# emoji: the media-control symbols (⏩ … ⏺, such as ⏮ ⏭), the play triangles ◀ ▶
# and the emoji planes. Plain arrows and guillemets (← → « ‹ › ») draw everywhere.
_UNDRAWABLE = ((0x23E9, 0x23FA), (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x1F000, 0x1FAFF))


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogs_use_only_characters_the_fonts_draw(language: str) -> None:
    for key, entry in load_catalog(language).items():
        for text in [entry] if isinstance(entry, str) else entry.values():
            bad = [c for c in text if any(lo <= ord(c) <= hi for lo, hi in _UNDRAWABLE)]
            assert bad == [], f"{language}: {key} uses {''.join(bad)!r}"


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_page_texts_keep_the_english_pictures_code_and_headings(language: str) -> None:
    """Card pictures and code spans point at things on the board; they are never translated."""
    english, other = load_catalog("en"), load_catalog(language)
    for key, entry in english.items():
        text = other[key]
        if not (isinstance(entry, str) and isinstance(text, str)):
            continue
        for pattern in (r"\[\[\w\w\]\]", r"`[^`]*`", r"(?m)^## "):
            assert sorted(re.findall(pattern, text)) == sorted(re.findall(pattern, entry)), (
                f"{language}: {key}: {pattern}"
            )
