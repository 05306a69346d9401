"""A player's settings (SPEC §5), kept between visits."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Final

from yukon.storage.errors import InvalidSettingError

__all__ = ["LANGUAGES", "Language", "PlayerSettings"]


class Language(enum.Enum):
    """The languages of the app; the value is the code used in URLs and the API."""

    ENGLISH = "en"
    SLOVAK = "sk"
    HUNGARIAN = "hu"
    RUSSIAN = "ru"
    ICELANDIC = "is"
    PORTUGUESE = "pt"


LANGUAGES: Final = tuple(language.value for language in Language)


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """The settings; ``language`` ``None`` follows the browser.

    >>> PlayerSettings().updated({"language": "sk"}).as_dict()["language"]
    'sk'
    """

    double_click: bool = True
    one_tap: bool = False
    placement_help: bool = True
    interactive_rules: bool = True
    auto_placement: bool = False
    four_color: bool = False
    left_handed: bool = False
    language: str | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    def updated(self, changes: Mapping[str, object]) -> PlayerSettings:
        """These settings with *changes* (any subset) applied.

        :raises InvalidSettingError: naming an unknown setting or a bad value.
        """
        known = {field.name for field in fields(self)}
        for name, value in changes.items():
            if name not in known:
                raise InvalidSettingError(
                    f"unknown setting {name!r}; the settings are {', '.join(sorted(known))}"
                )
            if name == "language":
                if value is not None and value not in LANGUAGES:
                    raise InvalidSettingError(
                        f"language must be one of {', '.join(LANGUAGES)} or null, not {value!r}"
                    )
            elif not isinstance(value, bool):
                raise InvalidSettingError(f"{name} must be true or false, not {value!r}")
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def from_stored(cls, data: Mapping[str, object]) -> PlayerSettings:
        """Read stored settings, keeping the defaults for anything unreadable
        (a setting that a later version dropped must not lock the player out)."""
        settings = cls()
        for name, value in data.items():
            try:
                settings = settings.updated({name: value})
            except InvalidSettingError:
                continue
        return settings
