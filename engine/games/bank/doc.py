"""Bank's rules page (``rules``), built from the tables of ``engine/games/bank/tables.py`` (the explorer is
``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.games.bank.tables import (
    AFTER_SEVEN,
    CARD_POINTS,
    CLASS_RULES,
    FOUR_OF_A_KIND_BONUS,
    HAND_SIZE,
    KING_BONUS,
    OPTIONS,
    PENALTIES,
    PLACE_BONUS,
    RANK_ORDER,
    RUN_BONUS,
    SAME_CLASS_RULES,
    same_class_rule,
)
from engine.messages import Message, msg, option
from engine.options import validate_options
from engine.prose import Words
from engine.trumps import TRUMP_SETUPS

PENALTY_AMOUNT: dict[str, str] = {
    "hand-points-plus-fixed": "fixed_penalty",
    "fixed-replaces": "fixed_penalty",
    "hand-points-plus-per-card": "card_penalty",
}
"""The penalties that take an amount from another option."""


@dataclass(frozen=True)
class Chosen:
    """A paragraph saying what this table chose for an option, in the catalog's words (``bank.rules.<option>``
    with the choice's ``option.bank.<option>.choice.<value>``)."""

    option: str


SECTION_RULINGS: dict[str, tuple[str, ...]] = {
    "deal": ("first", "next_dealer"),
    "laying": ("trump",),
    "combos": ("eight", "four", "kings", "run"),
    "turn": ("pass",),
    "bank": ("take", "single", "reference"),
    "end": ("end_bank", "penalty"),
    "game": ("tie",),
}

RULING_OPTIONS: dict[str, str | None] = {
    "first": None,
    "next_dealer": "next_dealer",
    "eight": "eight_follow_up",
    "trump": "trump_beat",
    "four": None,
    "kings": "four_kings",
    "run": None,
    "pass": "may_pass_when_able",
    "take": None,
    "single": None,
    "reference": None,
    "penalty": "penalty",
    "end_bank": None,
    "tie": None,
}
"""Each ruling (``rules.bank.rulings.<key>``: the rule text quoted, English as the seed and our faithful rendering in
other languages, beside our reading) with the option that changes it (``None``: none does)."""

CHOSEN: dict[str, tuple[int, str]] = {
    "deal_text": (2, "next_dealer"),
    "trumps_text": (0, "trumps"),
    "turn_text": (1, "after_seven"),
    "end_text": (2, "penalty"),
}
"""Where a section's paragraphs (``rules.bank.doc.<section>_text``) say what this table chose for an option: the
paragraph's place and the option (:class:`Chosen`)."""

DOC = "rules.bank.doc"
"""The document's words: titles, paragraphs, captions, column heads (``rules.bank.doc.*``); the lay rules'
(``rules.bank.lay_rules.*``) and the short names of choices (``rules.bank.short.<group>.<name>``) beside them."""


def _rank(rank: int, words: Words) -> str:
    text = Card(rank, 0).rank_text
    return words.get(f"rank.{text}", text)


def _choice(name: str, value: str) -> Message:
    """What a choice of an option means, in the catalog's words (``option.bank.<name>.choice.<value>``)."""
    return msg(f"option.bank.{name}.choice.{value}")


def lay_table(words: Words) -> dict[str, Any]:
    """What may be laid on what between cards of the same class, read from ``same_class_rule``."""
    t = words.tree(DOC)
    rows = []
    for top_rank in reversed(RANK_ORDER):
        top = Card(top_rank, 3)
        same = [_rank(r, words) for r in RANK_ORDER if r != top_rank and same_class_rule(Card(r, 3), top)]
        other = [_rank(r, words) for r in RANK_ORDER if same_class_rule(Card(r, 0), top)]
        rows.append([_rank(top_rank, words) + "♠", ", ".join(same), ", ".join(other)])
    return {
        "id": "lay",
        "caption": t["lay_caption"],
        "columns": [t["top"], t["same_suit"], t["other_suit"]],
        "rows": rows,
        "row_headers": True,
        "notes": [],
    }


def rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The rules document for a table with ``options`` (validated), in the reader's ``words``."""
    options = validate_options(OPTIONS, options)
    t = words.tree(DOC)
    target = options["target"]
    order = " ".join(_rank(r, words) for r in RANK_ORDER)
    fmt = {
        "target": target,
        "order": order,
        "total": sum(CARD_POINTS.values()) * 4,
        "hand": HAND_SIZE,
        "eight": t["eight_required" if options["eight_follow_up"] == "required" else "eight_optional"],
        "kings": t["kings_layer" if options["four_kings"] == "layer-takes" else "kings_coverer"],
        "may_pass": t["may_pass_yes" if options["may_pass_when_able"] else "may_pass_no"],
        "four": FOUR_OF_A_KIND_BONUS,
        "max_hands": options["max_hands"],
        "same_class": "; ".join(words(f"rules.bank.lay_rules.{k}") for k in SAME_CLASS_RULES),
    }
    limit = (
        msg("bank.rules.no_hand_limit", option=option("max_hands"))
        if options["max_hands"] is None
        else msg("bank.rules.hand_limit", hands=options["max_hands"], target=target, option=option("max_hands"))
    )

    def chosen(paragraph: Chosen) -> Message:
        name = paragraph.option
        amount = PENALTY_AMOUNT.get(options[name]) if name == "penalty" else None
        if amount:
            return msg(
                "bank.rules.penalty.amount",
                choice=_choice(name, options[name]),
                option=option(amount),
                amount=_choice(amount, options[amount]),
            )
        return msg(f"bank.rules.{name}", choice=_choice(name, options[name]))

    def text(key: str) -> list[Any]:
        paragraphs: list[Any] = [p.format(**fmt) for p in t[key]]
        if key in CHOSEN:
            place, name = CHOSEN[key]
            paragraphs.insert(place, chosen(Chosen(name)))
        return paragraphs + ([limit] if key == "game_text" else [])

    def mark(group: str, name: str, chosen: str) -> dict[str, str]:
        return {"text": words(f"rules.bank.short.{group}.{name}"), "mark": "yes" if name == chosen else "no"}

    points_table = {
        "id": "points",
        "caption": t["points_caption"],
        "columns": [t["rank"], *(_rank(r, words) for r in reversed(RANK_ORDER))],
        "rows": [[t["points"], *(str(CARD_POINTS[r]) for r in reversed(RANK_ORDER))]],
        "row_headers": True,
        "notes": [],
    }
    setups_table = {
        "id": "setups",
        "caption": t["setups_caption"],
        "columns": [t["setup"], t["meaning"]],
        "rows": [[mark("trumps", k, options["trumps"]), _choice("trumps", k)] for k in TRUMP_SETUPS],
        "row_headers": True,
        "notes": [],
    }
    class_rules = [
        k for k in CLASS_RULES if k != ("higher-one-less" if options["trump_beat"] == "any" else "higher-any")
    ]
    class_table = {
        "id": "classes",
        "caption": t["class_caption"],
        "columns": [t["rule"], t["meaning"]],
        "rows": [[words(f"rules.bank.short.classes.{k}"), words(f"rules.bank.lay_rules.{k}")] for k in class_rules],
        "row_headers": True,
        "notes": [],
    }
    sevens_table = {
        "id": "sevens",
        "caption": t["sevens_caption"],
        "columns": [msg("common.text", text=option("after_seven")), t["meaning"]],
        "rows": [[mark("after_seven", k, options["after_seven"]), _choice("after_seven", k)] for k in AFTER_SEVEN],
        "row_headers": True,
        "notes": [],
    }
    bonus_table = {
        "id": "bonuses",
        "caption": t["bonus_caption"],
        "columns": [t["place"], t["base"], t["king"], t["run"]],
        "rows": [
            [msg(f"bank.place.{p}"), f"+{PLACE_BONUS[p]}", f"+{KING_BONUS[p]}", f"+{RUN_BONUS[p]}"]
            for p in sorted(PLACE_BONUS)
        ],
        "row_headers": True,
        "notes": [t["four_note"].format(**fmt)],
    }
    penalty_table = {
        "id": "penalties",
        "caption": t["penalty_caption"],
        "columns": [msg("common.text", text=option("penalty")), t["meaning"]],
        "rows": [[mark("penalty", k, options["penalty"]), _choice("penalty", k)] for k in PENALTIES],
        "row_headers": True,
        "notes": [],
    }
    tables = {
        "cards": [points_table],
        "trumps": [setups_table],
        "laying": [lay_table(words), class_table],
        "turn": [sevens_table],
        "end": [bonus_table, penalty_table],
    }
    sections = [
        {
            "id": sid,
            "title": t[sid],
            "text": text(f"{sid}_text") if f"{sid}_text" in t else [],
            "tables": tables.get(sid, []),
            "rulings": [_ruling(key, words) for key in SECTION_RULINGS.get(sid, ())],
        }
        for sid in ("cards", "deal", "trumps", "laying", "combos", "turn", "bank", "end", "game")
    ]
    return {
        "goal": t["goal"].format(**fmt),
        "players": t["players"],
        "deck": t["deck"],
        "sections": sections,
    }


def _ruling(key: str, words: Words) -> dict[str, Any]:
    return {
        "seed": msg(f"rules.bank.rulings.{key}.seed"),
        "ours": words(f"rules.bank.rulings.{key}.ours"),
        "option": RULING_OPTIONS[key],
    }
