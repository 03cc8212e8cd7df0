"""The Eidex rules page (``rules(options, words)``), built from the tables and functions of
:mod:`engine.games.eidex.tables`, its words from the rules catalogs (German terms beside); the trick explorer is
:mod:`engine.games.eidex.explore`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import SUIT_SYMBOLS
from engine.games.eidex.characters import CHARACTERS
from engine.games.eidex.tables import (
    CARDS_EACH,
    EIDEX_SUITS,
    GOAL_VP,
    HAND_POINTS,
    LAST_TRICK_BONUS,
    MODES,
    OPTIONS,
    PLAYERS,
    TRICKS,
    VP_CASES,
    award_vp,
    vp_verdict,
)
from engine.messages import Message, msg, option
from engine.options import validate_options
from engine.prose import Words

DOC = "rules.eidex.doc"
"""The document's words: titles, paragraphs, captions, column heads, the rulings' seed and our reading (in each
language the booklet's words and ours), under ``rules.eidex.doc``; beside them the French suits' names
(``rules.eidex.french_suits``), the modes' (``rules.eidex.modes``), the victory-point cases' names and texts
(``rules.eidex.vp_cases``, ``rules.eidex.vp_case_texts``; ``{limit}`` is the table's limit) and the character game's
words (``rules.eidex.characters``, ``rules.eidex.character_rulings``)."""

NUMBERS: dict[str, int] = {
    "goal": GOAL_VP,
    "players": PLAYERS,
    "cards": CARDS_EACH,
    "tricks": TRICKS,
    "last": LAST_TRICK_BONUS,
    "hand": HAND_POINTS,
}
"""The engine's numbers the document's words name (``{goal}``, ``{tricks}``…)."""

CHARACTER_RULING_OPTIONS: tuple[str | None, ...] = (
    "trumphator_no_trump",
    *(None,) * 5,
    "farbenfreund_lapse_counts",
    *(None,) * 5,
    "umwerter_lowest",
    *(None,) * 6,
    "excuse_non_trump",
    *(None,) * 12,
)
"""Our readings of the character game's open points (rulings §1.9, §1.9.1 and the third round, §1.9.2), each with the
option that gives the other reading (``None``: none does); per language what the booklet says and how we read it
are ``rules.eidex.character_rulings.<i>``."""


def character_rulings(words: Words) -> list[dict[str, Any]]:
    """The character game's rulings in the reader's ``words``, each naming the option that changes it (or
    ``None``)."""
    return [
        {
            "seed": words(f"rules.eidex.character_rulings.{i}.seed"),
            "ours": words(f"rules.eidex.character_rulings.{i}.ours"),
            "option": name,
        }
        for i, name in enumerate(CHARACTER_RULING_OPTIONS)
    ]


VP_EXAMPLES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "match": ((157, 0, 0), (11, 0, 0)),
    "limit": ((104, 30, 23), (6, 3, 2)),
    "tie": ((60, 60, 37), (4, 4, 3)),
    "spread": ((77, 45, 35), (5, 3, 3)),
    "three-way tie": ((50, 50, 50), (4, 4, 3)),
}
"""A hand's card points and tricks by seat showing each victory-point case (the three-way tie needs a character
that changes the points)."""


def vp_example(case: str, limit: int) -> Message:
    """``case``'s example hand and the engine's own verdict on it (``award_vp``, ``vp_verdict``)."""
    points, tricks = VP_EXAMPLES[case]
    found, awards = award_vp(points, tricks, limit)
    verdict = vp_verdict(found, points, awards, limit)
    return msg("eidex.rules.vp_example", points=" · ".join(map(str, points)), verdict=verdict)


def rank_text(rank: str, words: Words) -> str:
    """A rank as the page's language writes it (the catalog's ``rank.<rank>``): ``Q`` (``Д`` in Russian)."""
    return words.get(f"rank.{rank}", rank)


def ranks_text(ranks: tuple[str, ...], words: Words) -> str:
    """A rank order, highest first, as one cell: ``J 9 A K…`` (``В 9 Т К…``)."""
    return " ".join(rank_text(r, words) for r in ranks)


def german(text: str) -> dict[str, str]:
    """A cell in German (the game's own names), marked so for the page (``lang``)."""
    return {"text": text, "lang": "de"}


def character_rows(words: Words) -> list[list[Any]]:
    """The character table: card, German name, name, timing, uses per hand and effect, in conflict order (the
    words of the last three are the catalogs', as at the table)."""
    t = words.tree("rules.eidex.characters")
    return [
        [
            f"{rank_text(info.card[:-1], words)} {words(f'suit.eidex.{info.card[-1]}')}",
            german(info.german),
            msg(f"char.{info.id}.name"),
            msg(f"char.timing.{info.timing}"),
            t["any"] if info.uses is None else str(info.uses),
            msg(f"char.{info.id}.effect"),
        ]
        for info in CHARACTERS.values()
    ]


def _ruling(texts: Mapping[str, Any], key: str, option: str | None = None) -> dict[str, Any]:
    seed, ours = texts["rulings"][key]
    return {"seed": seed, "ours": ours, "option": option}


def _table(
    tid: str, caption: str, columns: list[str], rows: list[list[Any]], notes: list[str] | None = None
) -> dict[str, Any]:
    return {"id": tid, "caption": caption, "columns": columns, "rows": rows, "row_headers": True, "notes": notes or []}


def rank_rows(words: Words) -> list[list[str]]:
    """One row per mode: its trump order and its plain order, highest first."""
    return [
        [words(f"rules.eidex.modes.{m.id}"), ranks_text(m.trump_order, words) or "—", ranks_text(m.plain_order, words)]
        for m in MODES.values()
    ]


def point_rows(words: Words) -> list[list[str]]:
    """One row per rank: its card points as trump, as plain card, in Obenabe and in Undenufe."""
    trump, oben, unden = MODES["trump"], MODES["obenabe"], MODES["undenufe"]
    return [
        [
            rank_text(rank, words),
            str(trump.trump_points[rank]),
            str(trump.plain_points[rank]),
            str(oben.plain_points[rank]),
            str(unden.plain_points[rank]),
        ]
        for rank in trump.plain_order
    ]


def rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The Eidex rules document for a table with these options, in the reader's ``words``."""
    opts = validate_options(OPTIONS, options)
    t = words.tree(DOC)
    titles = t["titles"]
    characters = words.tree("rules.eidex.characters")
    suits_rows = [
        [
            letter,
            f"{words(f'suit.eidex.{letter}')} {SUIT_SYMBOLS[letter]}",
            german(info["german"]),
            words(f"rules.eidex.french_suits.{letter}"),
        ]
        for letter, info in EIDEX_SUITS.items()
    ]
    limit = opts["limit"]
    vp_rows = [
        [
            words(f"rules.eidex.vp_cases.{case}"),
            *(text.format(limit=limit) for text in words.tree(f"rules.eidex.vp_case_texts.{case}")),
            vp_example(case, limit),
        ]
        for case in VP_CASES
    ]

    def said(paragraphs: list[str]) -> list[str]:
        return [p.format(**NUMBERS) for p in paragraphs]

    return {
        "goal": t["goal"].format(**NUMBERS),
        "players": t["players"].format(**NUMBERS),
        "deck": t["deck"],
        "foreign": {"de": ["drücken", "Gewinnpunkte"]},  # German words in the text, marked so on the page
        "sections": [
            {
                "id": "deal",
                "title": titles["deal"],
                "text": said(t["deal"]),
                "tables": [_table("suits", t["suits_caption"], t["suits_columns"], suits_rows)],
                "rulings": [_ruling(t, "bottom"), _ruling(t, "trump", "ace_six_no_trump")],
            },
            {
                "id": "discard",
                "title": titles["discard"],
                "text": said(t["discard"]),
                "tables": [],
                "rulings": [_ruling(t, "discard")],
            },
            {"id": "play", "title": titles["play"], "text": t["play"], "tables": [], "rulings": [_ruling(t, "jass")]},
            {
                "id": "ranks",
                "title": titles["ranks"],
                "text": [],
                "tables": [_table("ranks", t["ranks_caption"], t["ranks_columns"], rank_rows(words))],
                "rulings": [],
            },
            {
                "id": "points",
                "title": titles["points"],
                "text": [t["points_note"]],
                "tables": [
                    _table("points", t["points_caption"].format(**NUMBERS), t["points_columns"], point_rows(words))
                ],
                "rulings": [],
            },
            {
                "id": "scoring",
                "title": titles["scoring"],
                "text": [msg("eidex.rules.limit", limit=limit, option=option("limit"))],
                "tables": [_table("vp", t["scoring_caption"], t["scoring_columns"], vp_rows)],
                "rulings": [_ruling(t, "match"), _ruling(t, "limit", "limit"), _ruling(t, "tie")],
            },
            {
                "id": "end",
                "title": titles["end"],
                "text": said(t["end"]),
                "tables": [],
                "rulings": [_ruling(t, "seven"), _ruling(t, "chaos", "chaos_tie_winner")],
            },
            {
                "id": "characters",
                "title": characters["title"],
                "text": [
                    msg("eidex.rules.characters_draw", advanced=option("advanced"), characters=option("characters")),
                    *characters["text"],
                ],
                "tables": [
                    _table(
                        "characters",
                        characters["caption"],
                        characters["columns"],
                        character_rows(words),
                    )
                ],
                "rulings": character_rulings(words),
            },
        ],
    }


# ---- the explorer ------------------------------------------------------------------------------------------
