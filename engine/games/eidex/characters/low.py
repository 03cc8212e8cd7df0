"""The characters of ranks 9, 8, 7 and 6 (rulings eidex.md §1.9, §1.9.1)."""

from __future__ import annotations

from engine.games.eidex.characters.base import Character

LOW: dict[str, type[Character]] = {}
"""The implemented characters of ranks 9 to 6, by card."""
