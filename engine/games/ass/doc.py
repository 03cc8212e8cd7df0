"""Ass: the rules document, read from the engine's own tables (docs/engine.md); the explorer is ``explore.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, Card
from engine.games.ass.options import OPTIONS
from engine.games.ass.play import (
    ALWAYS,
    LEAD_ONLY,
    METHODS,
    OTHER_SUIT_BEATS,
    RANK_ORDER,
    SAME_SUIT_BEATS,
    SEED_EXAMPLES,
    Play,
    Trick,
    trump_beats,
)
from engine.games.ass.score import (
    BANK_CHANGE,
    CARD_POINTS,
    COMBINATIONS,
    DECK_POINTS,
    FOUR_OF_A_SUIT_BONUS,
    TARGETS,
    pair_message,
)
from engine.messages import Message, listing, msg
from engine.prose import Words
from engine.trumps import TRUMP_SETUPS

DEFAULTS: dict[str, Any] = {"trumps": "own", "eight_anchor": "R2", "six_in_A": "lowest"}


def rank_text(rank: int, words: Words) -> str:
    """``10``, ``J``… as the reader's language writes it (the catalog's ``rank.<rank>``: ``В``, ``Д``… in Russian)."""
    text = RANKS[rank - 6]
    return words.get(f"rank.{text}", text)


def new_trick(options: Mapping[str, Any]) -> Trick:
    """An empty trick with the table's trick options."""
    o = {**DEFAULTS, **options}
    return Trick(setup=o["trumps"], eight_anchor=o["eight_anchor"], six_in_a=o["six_in_A"])


# ---- the explorer ---------------------------------------------------------------------------------


def example_trick(row: tuple[Any, ...], options: Mapping[str, Any] | None = None) -> Trick:
    """One of the seed's example rows laid out with its trump owner (§2.8)."""
    _, cards, trump, owner, _ = row
    trick = new_trick({"trumps": "own", **(options or {})})
    for seat, text in enumerate(cards):
        card = Card.parse(text)
        trick.add(Play(seat, card, 1 if trump and seat == owner and SUITS[card.suit] == trump else 0))
    return trick


# ---- the rules document ---------------------------------------------------------------------------
DOC = "rules.ass.doc"
"""The document's words: titles, paragraphs, column heads (``rules.ass.doc.<name>``)."""


def _beat_rows(words: Words) -> list[list[Any]]:
    rows = []
    for rank in RANK_ORDER:
        table = SAME_SUIT_BEATS[rank]
        always = [rank_text(r, words) for r in RANK_ORDER if table.get(r) == ALWAYS]
        lead_only = [rank_text(r, words) for r in RANK_ORDER if table.get(r) == LEAD_ONLY]
        never = [rank_text(r, words) for r in RANK_ORDER if r != rank and r not in table]
        other = words(f"{DOC}.every_rank") if OTHER_SUIT_BEATS[rank] == "every rank" else words(f"{DOC}.same_rank")
        rows.append(
            [
                rank_text(rank, words),
                " ".join(always) or "—",
                {"text": " ".join(lead_only) or "—", "mark": LEAD_ONLY if lead_only else "no"},
                other,
                " ".join(never) or "—",
            ]
        )
    return rows


def _matrix_rows(words: Words) -> list[list[Any]]:
    marks: dict[str | None, dict[str, str]] = {
        ALWAYS: {"text": "✓", "mark": "yes"},
        LEAD_ONLY: {"text": "(✓)", "mark": LEAD_ONLY},
    }
    rows = []
    for p in RANK_ORDER:
        row: list[Any] = [rank_text(p, words)]
        row.extend(
            marks.get(SAME_SUIT_BEATS[p].get(t), {"text": "", "mark": "no"}) if p != t else "·" for t in RANK_ORDER
        )
        rows.append(row)
    return rows


def _trump_text(setup: str, words: Words) -> list[Any]:
    """This table's set-up in the catalog's words (``option.ass.trumps.choice.<setup>``), then the trump rule."""
    return [
        msg("common.text", text=listing([msg(f"option.ass.trumps.choice.{setup}")], "sentences")),
        words(f"{DOC}.trump_rule"),
    ]


def _class_rows(setup: str, words: Words) -> list[list[Any]]:
    """Across suits: may a card of class row beat a lower-ranked non-eight of class column (the trump rule)."""
    classes = {"none": [0], "own": [0, 1], "one": [0, 1], "two": [0, 1], "senior-junior": [0, 1, 2]}[setup]
    names = {
        0: words(f"{DOC}.ordinary"),
        1: words(f"{DOC}.junior" if setup == "senior-junior" else f"{DOC}.trump"),
        2: words(f"{DOC}.senior"),
    }

    low, high = Card(6, 0), Card(14, 1)
    rows = []
    for mine in classes:
        row: list[Any] = [names[mine]]
        for theirs in classes:
            ok = trump_beats(setup, Play(0, high, mine), Play(1, low, theirs))
            row.append({"text": "✓" if ok else "—", "mark": "yes" if ok else "no"})
        rows.append(row)
    return rows


def _example_rows(options: Mapping[str, Any]) -> list[list[Any]]:
    rows = []
    for row in SEED_EXAMPLES:
        number, cards, trump, owner, _ = row
        trick = example_trick(row, {k: v for k, v in options.items() if k in ("eight_anchor", "six_in_A")})
        shown = [Card.parse(c).pretty() for c in cards]
        owner_text = f"{SUIT_SYMBOLS[trump]} (P{owner + 1})" if trump and owner is not None else "—"
        why = words([*trick.verdicts[1:], trick.summary()])
        rows.append([str(number), *shown, owner_text, f"P{trick.taker() + 1}", why])
    return rows


def _example_positions(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each example row as an explorer position (the rules page draws its cards and links the explorer to it): four
    players under own trumps, the row's trump held by its owner alone, and who takes the trick."""
    kept = {k: v for k, v in options.items() if k in ("eight_anchor", "six_in_A")}
    positions = []
    for row in SEED_EXAMPLES:
        _, cards, trump, owner, _ = row
        trumps = [trump if trump and seat == owner else "" for seat in range(len(cards))]
        positions.append(
            {
                "players": len(cards),
                "options": {"trumps": "own", **kept},
                "context": {"trumps": trumps},
                "plays": [[seat, card] for seat, card in enumerate(cards)],
                "winner": example_trick(row, kept).taker(),
            }
        )
    return positions


def words(verdicts: Sequence[Any]) -> Message:
    """The engine's verdicts (messages) as one cell of sentences: the "why" column quotes what the table and the
    explorer say; the rules page puts it in the page's language."""
    return msg("common.text", text=listing([v for v in verdicts if v], "sentences"))


RULING_OPTIONS: tuple[str | None, ...] = (
    None,
    "trumps",
    "draw_after_trick",
    "must_beat",
    "eight_anchor",
    "six_in_A",
    "combo_scope",
    "six_player_no_target",
    "lose_banks",
)
"""The rulings (``rules.ass.rulings.<i>``: the seed's words and our reading), each with the option that changes it
(``None``: none does)."""


def _rulings(indices: Sequence[int], words: Words) -> list[dict[str, Any]]:
    """The rulings notes: the seed's words (``rules.ass.rulings.<i>.seed``, rendered where the page's language is
    not the seed's) beside our reading and the option that changes it."""
    return [
        {
            "seed": msg(f"rules.ass.rulings.{i}.seed"),
            "ours": words(f"rules.ass.rulings.{i}.ours"),
            "option": RULING_OPTIONS[i],
        }
        for i in indices
    ]


def rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The rules document for a table with ``options``, in the reader's ``words``."""

    opts = {o.name: o.default for o in OPTIONS} | dict(options or {})
    setup = opts["trumps"]
    rank_cols = [rank_text(r, words) for r in RANK_ORDER]
    sections = [
        {"id": "deal", "title": words(f"{DOC}.deal"), "text": [words(f"{DOC}.deal_text")], "tables": [], "rulings": []},
        {
            "id": "ranks",
            "title": words(f"{DOC}.ranks"),
            "text": [words(f"{DOC}.ranks_text", points=DECK_POINTS)],
            "tables": [
                {
                    "id": "points",
                    "caption": words(f"{DOC}.points"),
                    "columns": [words(f"{DOC}.card"), *rank_cols],
                    "rows": [[words(f"{DOC}.points"), *[str(CARD_POINTS[r]) for r in RANK_ORDER]]],
                    "row_headers": True,
                    "notes": [],
                }
            ],
            "rulings": _rulings([0], words),
        },
        {
            "id": "beats",
            "title": words(f"{DOC}.beats"),
            "text": [words(f"{DOC}.beats_text")],
            "tables": [
                {
                    "id": "beat-table",
                    "caption": words(f"{DOC}.beats"),
                    "columns": [
                        words(f"{DOC}.card"),
                        words(f"{DOC}.beats_same"),
                        words(f"{DOC}.beats_ol"),
                        words(f"{DOC}.beats_other"),
                        words(f"{DOC}.not_beat"),
                    ],
                    "rows": _beat_rows(words),
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "beat-matrix",
                    "caption": words(f"{DOC}.played"),
                    "columns": [words(f"{DOC}.card"), *rank_cols],
                    "rows": _matrix_rows(words),
                    "row_headers": True,
                    "notes": [words(f"{DOC}.matrix_note")],
                },
            ],
            "rulings": _rulings([5], words),
        },
        {
            "id": "trumps",
            "title": words(f"{DOC}.trumps"),
            "text": _trump_text(setup, words),
            "tables": [
                {
                    "id": "trump-classes",
                    "caption": words(f"{DOC}.trumps"),
                    "columns": ["", *[r[0] for r in _class_rows(setup, words)]],
                    "rows": _class_rows(setup, words),
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "trump-setups",
                    "caption": words(f"{DOC}.setup"),
                    "columns": [words(f"{DOC}.setup"), words(f"{DOC}.meaning")],
                    "rows": [
                        [words(f"rules.ass.setups.{name}"), msg(f"option.ass.trumps.choice.{name}")]
                        for name in TRUMP_SETUPS
                    ],
                    "row_headers": True,
                    "notes": [],
                },
            ],
            "rulings": _rulings([1], words),
        },
        {
            "id": "legal",
            "title": words(f"{DOC}.legal"),
            "text": [words(f"{DOC}.legal_text")],
            "tables": [],
            "rulings": _rulings([3], words),
        },
        {
            "id": "trick",
            "title": words(f"{DOC}.trick"),
            "text": [words(f"{DOC}.trick_text")],
            "tables": [
                {
                    "id": "methods",
                    "caption": words(f"{DOC}.method"),
                    "columns": [
                        words(f"{DOC}.method"),
                        words(f"{DOC}.precedence"),
                        words(f"{DOC}.meaning"),
                        words(f"{DOC}.tie"),
                    ],
                    "rows": [
                        [name, str(METHODS[m]), what, tie]
                        for m, (name, what, tie) in words.tree("rules.ass.methods").items()
                    ],
                    "row_headers": True,
                    "notes": [],
                }
            ],
            "rulings": _rulings([4], words),
        },
        {
            "id": "examples",
            "title": words(f"{DOC}.examples"),
            "text": [words(f"{DOC}.examples_text")],
            "tables": [
                {
                    "id": "seed-examples",
                    "caption": words(f"{DOC}.examples"),
                    "columns": [
                        words(f"{DOC}.row"),
                        "P1",
                        "P2",
                        "P3",
                        "P4",
                        words(f"{DOC}.trump_col"),
                        words(f"{DOC}.taker"),
                        words(f"{DOC}.why"),
                    ],
                    "rows": _example_rows(opts),
                    "row_headers": True,
                    "notes": [],
                    "positions": _example_positions(opts),
                }
            ],
            "rulings": [],
        },
        {
            "id": "scoring",
            "title": words(f"{DOC}.scoring"),
            "text": [words(f"{DOC}.scoring_text")],
            "tables": [
                {
                    "id": "combinations",
                    "caption": words(f"{DOC}.combo"),
                    "columns": [words(f"{DOC}.combo"), words(f"{DOC}.points")],
                    "rows": [[pair_message(pair), str(value)] for _, pair, value in COMBINATIONS]
                    + [[words(f"{DOC}.four"), f"+{FOUR_OF_A_SUIT_BONUS}"]],
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "targets",
                    "caption": words(f"{DOC}.players_col"),
                    "columns": [words(f"{DOC}.players_col"), words(f"{DOC}.go"), words(f"{DOC}.no")],
                    "rows": [
                        [str(n), str(t["go"]), str(opts["six_player_no_target"] if n == 6 else t["no"])]
                        for n, t in TARGETS.items()
                    ],
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "banks",
                    "caption": words(f"{DOC}.bet"),
                    "columns": [words(f"{DOC}.bet"), words(f"{DOC}.reached"), words(f"{DOC}.missed")],
                    "rows": [
                        [words(f"{DOC}.{bet}_bet"), f"{BANK_CHANGE[bet, True]:+d}", f"{BANK_CHANGE[bet, False]:+d}"]
                        for bet in ("go", "no")
                    ],
                    "row_headers": True,
                    "notes": [],
                },
            ],
            "rulings": _rulings([6, 7, 8, 2], words),
        },
    ]
    return {
        "goal": words(f"{DOC}.goal"),
        "players": words(f"{DOC}.players"),
        "deck": words(f"{DOC}.deck"),
        "sections": sections,
    }
