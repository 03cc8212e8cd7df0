"""The rules page's "The bots": what each level does and how much stronger it measured, in the page's language. The
figures are the bench's own (``python -m bench.levels ... --publish``, docs/levels.md), read from :data:`LEVELS`."""

from __future__ import annotations

import datetime
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.dates import format_date
from babel.numbers import format_decimal

from engine.core import GameDecl
from webapp.i18n import Renderer

LEVELS = Path(__file__).with_name("levels.json")
"""The published figures: each duel's game, player count, pair, score and interval, games, seeds, measure, day."""

PAIRS = ("hard:normal", "normal:easy", "hard10x:hard")
"""The duels shown, in this order: the levels' order, then Hard's headroom."""

LEVEL_WORDS = ("easy", "normal", "hard")
"""The levels, each a line of what it does (``rules.bots.level.<level>``, a game's own ``rules.bots.<game>.<level>``
in its place)."""


@lru_cache(maxsize=4)
def _figures(path: Path, changed: tuple[int, int]) -> list[dict[str, Any]]:
    figures: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["figures"]
    return figures


def figures(game: str) -> list[dict[str, Any]]:
    """The published figures of ``game`` (none when nothing is published), by pair and player count."""
    if not LEVELS.exists():
        return []
    stat = LEVELS.stat()
    found = [f for f in _figures(LEVELS, (stat.st_mtime_ns, stat.st_size)) if f["game"] == game and f["pair"] in PAIRS]
    return sorted(found, key=lambda f: (PAIRS.index(f["pair"]), f["players"]))


def percent(value: float, lang: str) -> str:
    """A share as whole percent, as the language writes it ("68 %")."""
    return f"{format_decimal(round(100 * value), locale=lang)}\u00a0%"


def bots_view(decl: GameDecl, lang: str) -> dict[str, Any]:
    """What "The bots" shows: a line per level (``levels``: name, text), each measured pair of levels (``duels``: its
    name and a sentence per figure, with the player count where the game was measured at several and, where the
    interval holds 50 %, that the difference is within chance) and the last day measured."""
    words = Renderer(lang, game=decl.id)
    own = words.texts
    levels = [
        {"name": words.text(f"bot.level.{level}"), "text": words.text(next(k for k in keys if k in own))}
        for level in LEVEL_WORDS
        for keys in [(f"rules.bots.{decl.id}.{level}", f"rules.bots.level.{level}")]
    ]
    shown = figures(decl.id)
    counts = {f["players"] for f in shown}
    duels: dict[str, list[dict[str, str]]] = {}
    for f in shown:
        even = f["low"] <= 0.5 <= f["high"]
        pair = f["pair"].replace(":", "_")
        params = {
            "n": f["games"],
            "score": percent(f["score"], lang),
            "margin": percent((f["high"] - f["low"]) / 2, lang),
            "hero": words.text(f"rules.bots.hero.{pair}"),
        }
        duels.setdefault(words.text(f"rules.bots.pair.{pair}"), []).append(
            {
                "players": words.text("rules.bots.players", n=f["players"]) if len(counts) > 1 else "",
                "text": words.text(f"rules.bots.measure.{f['measure']}", **params),
                "even": words.text(f"rules.bots.even.{pair}") if even else "",
            }
        )
    days = sorted({f["date"] for f in shown})
    return {
        "levels": levels,
        "duels": [{"pair": pair, "figures": found} for pair, found in duels.items()],
        "measured": format_date(datetime.date.fromisoformat(days[-1]), format="long", locale=lang) if days else "",
    }
