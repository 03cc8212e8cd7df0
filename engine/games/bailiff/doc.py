"""Bailiff's rules page, built from the tables of ``engine/games/bailiff/tables.py`` (the explorer is
``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.bailiff.tables import (
    FULL_TABLE,
    HAND_SIZE,
    MIN_PLAYERS,
    MOVES,
    OPTIONS,
    RANK_ORDER,
    TOP_GROUPS,
    allowed_moves,
)
from engine.messages import msg
from engine.options import validate_options
from engine.prose import Words

EXPLORE_BEATS: dict[str, bool | None] = {
    "lead": None,
    "raise": True,
    "extend": False,
    "cover": True,
    "ace": True,
}
"""Whether each kind of move beats what it is laid on (a lead faces nothing; an extension matches)."""


# ---- the rules page ------------------------------------------------------------------------------------------

DOC = "rules.bailiff.doc"
"""The document's words: titles, paragraphs, captions, column heads, move names (``rules.bailiff.doc.*``)."""

RULING_OPTIONS: dict[str, tuple[str | None, ...]] = {
    "deck": (None, None),
    "turn": (None, None, "ace_covers_four", None, None),
    "stock": (None,),
    "end": ("max_turns",),
}
"""Where a ruling resolves an ambiguity, by section: the option that changes it (``None``: none does); its words
(``rules.bailiff.rulings.<section>.<i>``) are the seed's own (English, as the seed; rendered in other languages)
beside our reading."""


def _cell(yes: bool, texts: Mapping[str, Any]) -> dict[str, str]:
    return {"text": texts["yes"] if yes else texts["no"], "mark": "yes" if yes else "no"}


def rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The rules document for a table with these options, in the reader's ``words``, built from the tables."""
    opts = validate_options(OPTIONS, options)
    t = words.tree(DOC)
    ranks = [words.get(f"rank.{r}", r) for r in RANK_ORDER]
    tables: dict[str, dict[str, Any]] = {
        "order": {"rows": [[t["order_row"], *ranks]]},
        "lay": {
            "rows": [
                [t["top"][key], *(_cell(m in allowed_moves(group, opts), t) for m in MOVES)]
                for group, key in enumerate(TOP_GROUPS)
            ]
        },
        "moves": {"rows": [[t["move_names"][m], t["moves"][m]] for m in MOVES]},
        "stock": {"rows": [[str(n), str(36 - HAND_SIZE * n)] for n in range(MIN_PLAYERS, FULL_TABLE + 1)]},
    }
    columns = {"order": ["", *ranks], **{tid: list(cols) for tid, cols in t["columns"].items()}}
    columns["lay"] += [t["move_names"][m] for m in MOVES]
    placement = {"deck": ["order", "stock"], "turn": ["lay", "moves"], "stock": [], "end": []}
    sections = []
    for sid, table_ids in placement.items():
        sections.append(
            {
                "id": sid,
                "title": t["titles"][sid],
                "text": list(t["text"][sid]),
                "tables": [
                    {
                        "id": tid,
                        "caption": t["captions"][tid],
                        "columns": columns[tid],
                        "rows": tables[tid]["rows"],
                        "row_headers": True,
                        "notes": [],
                    }
                    for tid in table_ids
                ],
                "rulings": [
                    {
                        "seed": msg(f"rules.bailiff.rulings.{sid}.{i}.seed"),
                        "ours": words(f"rules.bailiff.rulings.{sid}.{i}.ours"),
                        "option": option,
                    }
                    for i, option in enumerate(RULING_OPTIONS.get(sid, ()))
                ],
            }
        )
    return {"goal": t["goal"], "players": t["players"], "deck": t["deck"], "sections": sections}
