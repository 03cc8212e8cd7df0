"""The characters of ranks A, K, Q, J and 10 (rulings eidex.md §1.9, §1.9.1)."""

from __future__ import annotations

from engine.games.eidex.characters.base import Character

HIGH: dict[str, type[Character]] = {}
"""The implemented characters of ranks A to 10, by card."""
