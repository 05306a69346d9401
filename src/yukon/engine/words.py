"""English words shared by every layer's messages: a number with its noun.

>>> counted(1, "deal"), counted(2, "deal"), counted(0, "game")
('1 deal', '2 deals', '0 games')
>>> counted(16384, "byte"), counted(1, "day")
('16384 bytes', '1 day')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: int, noun: str) -> str:
    """*number* and *noun*, plural unless *number* is 1. Only nouns whose plural
    is their singular plus ``s``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"
