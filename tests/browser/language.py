"""What a page shows a person (visible text, accessible names, tooltips, title) and
the English texts that must not be among it when the app speaks another language."""

from __future__ import annotations

import functools
import re
from typing import Final

from playwright.sync_api import Page

from yukon.i18n import load_catalog

# Everything a person can read or hear: the rendered text of the page (closed
# windows and hidden elements are not rendered), the names and tooltips of every
# rendered element, and the window's title.
_SHOWN_JS: Final = """() => {
    const parts = [document.title, document.body.innerText];
    for (const node of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
        if (!node.checkVisibility()) continue;
        for (const name of ["aria-label", "title", "placeholder"]) {
            const value = node.getAttribute(name);
            if (value) parts.push(value);
        }
    }
    return parts.join("\\n");
}"""
# Markup and placeholders split a catalog text into the runs of words a page shows whole.
_SEPARATORS: Final = re.compile(r"\{\w+\}|`[^`]*`|\[\[\w\w\]\]|\n+|^## |^- ", re.MULTILINE)
_TRIM: Final = " \t.,:;!?()«»‹›—–-"
# Words that only English uses among the six languages ("move" is Portuguese too).
ENGLISH_WORDS: Final = re.compile(r"\b(?:the|you|your|with|cannot|cards?)\b", re.IGNORECASE)


def shown_text(page: Page) -> str:
    """All the words *page* shows or names now."""
    text: str = page.evaluate(_SHOWN_JS)
    return text


def _texts(entry: str | dict[str, str]) -> list[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


@functools.cache
def english_runs(language: str) -> tuple[str, ...]:
    """The English runs of words that *language* writes differently: for every
    catalog key whose text differs from the English one, the English text's runs
    between placeholders and markup (of at least two words or five letters; a run
    the translation keeps, such as a proper name, is left out)."""
    english, other = load_catalog("en"), load_catalog(language)
    runs: set[str] = set()
    for key, entry in english.items():
        if other[key] == entry:
            continue
        kept = "\n".join(_texts(other[key]))
        for text in _texts(entry):
            for part in _SEPARATORS.split(text.replace("**", "")):
                run = " ".join(part.split()).strip(_TRIM)
                letters = sum(character.isalpha() for character in run)
                if (letters >= 5 or (" " in run and letters >= 3)) and run not in kept:
                    runs.add(run)
    return tuple(sorted(runs, key=len, reverse=True))


def english_left(text: str, language: str) -> list[str]:
    """The English runs and words found in *text*, a page in *language*."""
    found = [
        run for run in english_runs(language) if re.search(rf"(?<!\w){re.escape(run)}(?!\w)", text)
    ]
    # An English word is shown with the words around it, to find it on the page.
    found += sorted(
        {text[max(0, m.start() - 30) : m.end() + 30] for m in ENGLISH_WORDS.finditer(text)}
    )
    return found
