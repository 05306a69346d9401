"""The language catalogs, shared by the server and the browser.

One JSON file per language (``en.json``, ``sk.json`` …) beside this module: a flat
object of dotted keys whose values are texts with ``{name}`` placeholders, or plural
objects keyed by CLDR categories (``one``, ``few``, ``many``, ``other``) chosen on
``{count}``. See ``README.md`` in this folder.

>>> negotiate("sk-SK,sk;q=0.9,en;q=0.8")
'sk'
>>> negotiate("de-DE,fr;q=0.5")
'en'
>>> plural_category("ru", 3), plural_category("ru", 5), plural_category("is", 21)
('few', 'many', 'one')
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from decimal import Decimal
from importlib import resources
from typing import Final, TypeAlias

from babel import Locale
from babel.numbers import format_decimal

__all__ = [
    "BABEL_LOCALES",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Catalog",
    "CatalogError",
    "Entry",
    "format_number",
    "has_key",
    "load_catalog",
    "negotiate",
    "placeholders",
    "plural_categories",
    "plural_category",
    "translate",
]

LANGUAGES: Final = ("en", "sk", "hu", "ru", "is", "pt")
"""The app's languages, in the order the language picker shows them."""
DEFAULT_LANGUAGE: Final = "en"
BABEL_LOCALES: Final = {
    "en": "en",
    "sk": "sk",
    "hu": "hu",
    "ru": "ru",
    "is": "is",
    "pt": "pt_PT",  # European Portuguese, deliberately (see README.md)
}

Entry: TypeAlias = str | dict[str, str]
Catalog: TypeAlias = Mapping[str, Entry]

_PLACEHOLDER: Final = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)\}")
_LANGUAGE_RANGE: Final = re.compile(
    r"^\s*([a-zA-Z]{1,8})(?:-[a-zA-Z0-9]{1,8})*\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$"
)


class CatalogError(ValueError):
    """A catalog file that is missing, not JSON, or not of the catalog's shape."""


def catalog_text(language: str) -> str:
    """The raw JSON text of *language*'s catalog.

    :raises CatalogError: when the language is not one of :data:`LANGUAGES` or has no file.
    """
    if language not in LANGUAGES:
        raise CatalogError(
            f"unknown language {language!r}; the languages are {', '.join(LANGUAGES)}"
        )
    try:
        return resources.files(__package__).joinpath(f"{language}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(f"there is no catalog for {language!r} yet") from None


@functools.cache
def load_catalog(language: str) -> Catalog:
    """The catalog of *language*, read once.

    :raises CatalogError: when it is missing or malformed.
    """
    try:
        data = json.loads(catalog_text(language))
    except json.JSONDecodeError as error:
        raise CatalogError(f"{language}.json is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise CatalogError(f"{language}.json must hold one JSON object")
    for key, value in data.items():
        if isinstance(value, str):
            continue
        if not (
            isinstance(value, dict) and value and all(isinstance(v, str) for v in value.values())
        ):
            raise CatalogError(
                f"{language}.json: {key!r} must be a text or a plural object of texts"
            )
    return data


def plural_categories(language: str) -> frozenset[str]:
    """The CLDR plural categories *language* needs, ``other`` included."""
    return frozenset(Locale.parse(BABEL_LOCALES[language]).plural_form.tags | {"other"})


def plural_category(language: str, count: float | Decimal) -> str:
    """The CLDR plural category of *count* in *language*."""
    return str(Locale.parse(BABEL_LOCALES[language]).plural_form(count))


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` placeholders in *text*."""
    return frozenset(_PLACEHOLDER.findall(text))


def negotiate(accept_language: str | None, *, default: str = DEFAULT_LANGUAGE) -> str:
    """The best of :data:`LANGUAGES` for an ``Accept-Language`` header."""
    if not accept_language:
        return default
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate(accept_language.split(",")[:20]):
        match = _LANGUAGE_RANGE.match(part)
        if match is None:
            continue
        try:
            quality = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        language = match.group(1).lower()
        if language in LANGUAGES and quality > 0:
            ranked.append((-quality, position, language))
    return min(ranked)[2] if ranked else default


def format_number(language: str, value: float) -> str:
    """*value* written the language's way: ``1,234`` (en), ``1\xa0234`` (sk), ``1.234`` (is)."""
    return str(format_decimal(value, locale=BABEL_LOCALES[language]))


def has_key(key: str) -> bool:
    """Whether the catalogs have *key* (every catalog has the English keys)."""
    return key in load_catalog(DEFAULT_LANGUAGE)


def translate(language: str, key: str, /, **params: object) -> str:
    """The text of *key* in *language* (English when the language lacks it), with
    the placeholders filled in, numbers written the language's way; a plural entry
    is chosen on ``count``.

    :raises KeyError: when not even the English catalog has *key*.
    """
    entry = _entry(language, key)
    if entry is None:
        language = DEFAULT_LANGUAGE
        entry = _entry(language, key)
    if entry is None:
        raise KeyError(key)
    if isinstance(entry, dict):
        count = params.get("count", 0)
        number = count if isinstance(count, int | float) else 0
        entry = entry.get(plural_category(language, number), entry.get("other", ""))
    return _PLACEHOLDER.sub(lambda match: _fill(language, params, match.group(0)), entry)


def _fill(language: str, params: Mapping[str, object], placeholder: str) -> str:
    value = params.get(placeholder[1:-1], placeholder)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return format_number(language, value)
    return str(value)


def _entry(language: str, key: str) -> Entry | None:
    try:
        return load_catalog(language).get(key)
    except CatalogError:
        return None
