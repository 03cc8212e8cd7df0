"""How long each game lasts, at its full target and at the short one (a house rule), as ``bench.lengths`` measured
it from bot games and wrote it to ``static/lengths.json``: the lobby's "Play now" offers both with their
minutes, the rules page marks the short game as the house rule it is."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

FIGURES = Path(__file__).resolve().parent.parent / "static" / "lengths.json"


@cache
def lengths() -> dict[str, Any]:
    """Every game's measured lengths, by game id (empty when the bench has not written them)."""
    try:
        return dict(json.loads(FIGURES.read_text(encoding="utf-8"))["games"])
    except (OSError, ValueError, KeyError):
        return {}


def short_game(game: str) -> dict[str, Any] | None:
    """The short game of ``game`` (``{options, minutes, full_minutes}``), or ``None`` when its full game is short."""
    entry = lengths().get(game) or {}
    short = entry.get("short")
    if not short:
        return None
    return {"options": short["options"], "minutes": short["minutes"], "full_minutes": entry["full"]["minutes"]}
