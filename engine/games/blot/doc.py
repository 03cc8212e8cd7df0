"""Blot's rules document (English and Russian), built from ``engine/games/blot/tables.py`` and the options (the
explorer is ``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.games.blot.options import OPTIONS
from engine.games.blot.tables import (
    BASE_POINTS,
    BELOTE_POINTS,
    BID_FACTORS,
    CARD_TOTAL,
    COMBO_CLASSES,
    FOUR_ORDER,
    FOUR_POINTS,
    FOUR_POINTS_NO_TRUMP,
    KAPUT_BASE_POINTS,
    KAPUT_POINTS,
    LAST_TRICK_BONUS,
    MAX_BID,
    NATURAL_ORDER,
    NO_TRUMP_POINTS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    RUN_NAMES,
    RUN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from engine.messages import msg
from engine.options import validate_options
from engine.prose import Words

DOC = "rules.blot.doc"
"""The document's words: titles, paragraphs, captions, column heads, the words of each choice (``rules.blot.doc.*``,
a choice by its value: ``undertrump.true``, ``run_rows.3``)."""


def _key(value: object) -> str:
    """A choice's value as its catalog key part: ``True`` → ``true``, ``3`` → ``3``, ``"half-up"`` as it is."""
    return str(value).lower()


def _ruling(words: Words, key: str, option: str | None, **fmt: Any) -> dict[str, Any]:
    """A ruling: the rule text it quotes (a catalog message: English as the seed, our faithful rendering in other
    languages), our reading and the option that changes it."""
    return {
        "seed": msg(f"rules.blot.rulings.{key}.seed"),
        "ours": words(f"rules.blot.rulings.{key}.ours", **fmt),
        "option": option,
    }


def _table(
    tid: str, caption: str, columns: Sequence[str], rows: list[list[str]], notes: Sequence[str] = ()
) -> dict[str, Any]:
    return {
        "id": tid,
        "caption": caption,
        "columns": list(columns),
        "rows": rows,
        "row_headers": True,
        "notes": list(notes),
    }


RUN_EXAMPLES: dict[int, tuple[int, int]] = {3: (0, 2), 4: (3, 3), 5: (2, 1)}
"""Where each sequence of the combinations table is shown: run length → (its first rank's place in the natural
order, its suit)."""


def combination_samples() -> list[list[str]]:
    """A hand for each row of the combinations table, in its order: the rules page draws them, and the tests hold
    each to the engine's own finder (``find_combinations``)."""
    runs = [[str(Card(r, suit)) for r in NATURAL_ORDER[first : first + n]] for n, (first, suit) in RUN_EXAMPLES.items()]
    fours = [[str(Card(rank, suit)) for suit in range(4)] for rank in FOUR_ORDER]
    belote = [[str(Card(13, 2)), str(Card(12, 2))]]
    return [*runs, *fours, *belote]


def rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """Blot's rules document for a table with ``options``, in the reader's ``words`` (docs/engine.md)."""
    opts = validate_options(OPTIONS, options)
    t = words.tree(DOC)
    label = {r: words.get(f"rank.{Card(r, 0).rank_text}", Card(r, 0).rank_text) for r in NATURAL_ORDER}
    fmt = {**opts, "max_bid": MAX_BID, "belote": BELOTE_POINTS}
    nt = BID_FACTORS[True] if opts["no_trump_bid_multiplier"] else BID_FACTORS[False]
    order = [str(i + 1) for i in range(len(TRUMP_ORDER))]
    points_cols = ["", *(label[r] for r in TRUMP_ORDER), t["total"]]
    points_rows = [
        [name, *(str(table[r]) for r in TRUMP_ORDER), str(sum(table.values()))]
        for name, table in zip(t["points_rows"], (TRUMP_POINTS, PLAIN_POINTS, NO_TRUMP_POINTS), strict=True)
    ]
    combo_rows = [[t["run_rows"][_key(n)], str(RUN_POINTS[n]), str(RUN_POINTS[n])] for n in RUN_NAMES]
    combo_rows += [
        [t["four_row"].format(rank=label[r]), str(FOUR_POINTS[r]), str(FOUR_POINTS_NO_TRUMP[r])] for r in FOUR_ORDER
    ]
    combo_rows.append([t["belote_row"], str(BELOTE_POINTS), "—"])
    x = "x" if not opts["no_trump_bid_multiplier"] else f"x ({t['no_trump']}: 2x)"
    base, comb = t["base_var"], t["comb_var"]
    share = t["defender_share"][opts["defender_share"]].format(base=BASE_POINTS)
    scoring_rows = [
        [t["made"], f"{x} + {t['tens_cards']} + {comb}", share],
        [t["failed"], "0", f"{x} + {base} + z"],
    ]
    for mult in (2, 4):
        times = f"{mult}x" + (f" ({t['no_trump']}: {nt[mult]}x)" if opts["no_trump_bid_multiplier"] else "")
        scoring_rows.append([f"{t['doubled'][_key(mult)]}, {t['made']}", f"{times} + {base} + z", "0"])
        scoring_rows.append([f"{t['doubled'][_key(mult)]}, {t['failed']}", "0", f"{times} + {base} + z"])
    scoring_notes = [t["factor_note"].format(nt1=nt[1], nt2=nt[2], nt4=nt[4])]
    sections = [
        {"id": "deal", "title": t["deal_title"], "text": t["deal"], "tables": [], "rulings": []},
        {
            "id": "auction",
            "title": t["auction_title"],
            "text": [
                p.format(**{**fmt, "contra_reply": t["contra_reply"][opts["contra_reply"]]}) for p in t["auction"]
            ],
            "tables": [],
            "rulings": [
                _ruling(words, "height", None),
                _ruling(words, "kaput", "kaput_min_bid", **fmt),
                _ruling(words, "contra", "contra_reply"),
            ],
        },
        {
            "id": "ranks",
            "title": t["ranks_title"],
            "text": [],
            "tables": [
                _table(
                    "ranks",
                    t["ranks_caption"],
                    ["", *order],
                    [
                        [t["trump_row"], *(label[r] for r in TRUMP_ORDER)],
                        [t["plain_row"], *(label[r] for r in PLAIN_ORDER)],
                    ],
                )
            ],
            "rulings": [],
        },
        {
            "id": "points",
            "title": t["points_title"],
            "text": [],
            "tables": [
                _table(
                    "points",
                    t["points_caption"],
                    points_cols,
                    points_rows,
                    [n.format(last=LAST_TRICK_BONUS, total=CARD_TOTAL, kaput=KAPUT_POINTS) for n in t["points_notes"]],
                )
            ],
            "rulings": [],
        },
        {
            "id": "play",
            "title": t["play_title"],
            "text": [*t["play"], t["undertrump"][_key(opts["must_undertrump_when_void"])]],
            "tables": [],
            "rulings": [
                _ruling(words, "partner", None),
                _ruling(words, "trump_void", "must_undertrump_when_void"),
            ],
        },
        {
            "id": "combinations",
            "title": t["combos_title"],
            "text": [*(p.format(**fmt) for p in t["combos"]), t["long_run"][_key(opts["long_run_cap"])]],
            "tables": [
                {
                    **_table("combinations", t["combos_caption"], t["combos_cols"], combo_rows),
                    "samples": combination_samples(),
                },
                _table(
                    "four-order",
                    t["four_order_caption"],
                    ["", *order[: len(FOUR_ORDER)]],
                    [["", *(label[r] for r in FOUR_ORDER)]],
                ),
                _table(
                    "class-order",
                    t["class_order_caption"],
                    ["", *order[: len(COMBO_CLASSES)]],
                    [["", *(t["class_names"][c] for c in COMBO_CLASSES)]],
                ),
            ],
            "rulings": [_ruling(words, "overlap", "long_run_cap"), _ruling(words, "tie", None)],
        },
        {
            "id": "scoring",
            "title": t["scoring_title"],
            "text": [
                p.format(
                    rounding=t["rounding"][opts["rounding"]],
                    base=BASE_POINTS,
                    kaput_base=KAPUT_BASE_POINTS,
                    fail_extras=t["fail_extras"][opts["fail_extras"]],
                )
                for p in t["scoring"]
            ],
            "tables": [_table("scoring", "", t["scoring_cols"], scoring_rows, scoring_notes)],
            "rulings": [
                _ruling(words, "made", None),
                _ruling(words, "extras", "fail_extras"),
                _ruling(words, "rounding", "rounding", rounding=t["rounding"][opts["rounding"]]),
            ],
        },
        {
            "id": "end",
            "title": t["end_title"],
            "text": [p.format(**fmt) for p in t["end"]],
            "tables": [],
            "rulings": [],
        },
    ]
    return {
        "goal": t["goal"].format(**fmt),
        "players": t["players"],
        "deck": t["deck"],
        "natural_order": [label[r] for r in NATURAL_ORDER],
        "sections": sections,
    }


# ---- the explorer ------------------------------------------------------------------------------------
