"""Eidex: "How to play" for the rules page — a short read in plain words (catalog keys), with the cards
drawn in the Eidex suits. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every
trick in the game's explorer and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

from engine.messages import msg

RAVEN = {"trump": "S", "mode": "trump"}
"""The guide's hand: Raven (♠) is trump."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": msg("rules.eidex.guide.sections.aim.title"),
            "text": [msg("rules.eidex.guide.sections.aim.text.0")],
        },
        {
            "id": "deal",
            "title": msg("rules.eidex.guide.sections.deal.title"),
            "text": [msg("rules.eidex.guide.sections.deal.text.0")],
        },
        {
            "id": "turn",
            "title": msg("rules.eidex.guide.sections.turn.title"),
            "text": [msg("rules.eidex.guide.sections.turn.text.0")],
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "KS", "QS", "10S", "8S", "7S", "6S"],
                    "labels": ["20", "14", "11", "4", "3", "10", "0", "0", "0"],
                    "caption": msg("rules.eidex.guide.sections.turn.cards.0.caption"),
                },
                {
                    "cards": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
                    "labels": ["11", "4", "3", "2", "10", "0", "0", "0", "0"],
                    "caption": msg("rules.eidex.guide.sections.turn.cards.1.caption"),
                },
                {
                    "plays": [[0, "KH"], [1, "AH"], [2, "6S"]],
                    "context": RAVEN,
                    "winner": 2,
                    "caption": msg("rules.eidex.guide.sections.turn.cards.2.caption"),
                },
                {
                    "plays": [[0, "9S"], [1, "JS"], [2, "KS"]],
                    "context": RAVEN,
                    "winner": 1,
                    "caption": msg("rules.eidex.guide.sections.turn.cards.3.caption"),
                },
            ],
        },
        {
            "id": "score",
            "title": msg("rules.eidex.guide.sections.score.title"),
            "text": [msg("rules.eidex.guide.sections.score.text.0")],
        },
        {
            "id": "end",
            "title": msg("rules.eidex.guide.sections.end.title"),
            "text": [msg("rules.eidex.guide.sections.end.text.0")],
        },
    ],
    "glossary": [
        {
            "term": msg("rules.eidex.guide.glossary.0.term"),
            "text": msg("rules.eidex.guide.glossary.0.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.1.term"),
            "text": msg("rules.eidex.guide.glossary.1.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.2.term"),
            "text": msg("rules.eidex.guide.glossary.2.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.3.term"),
            "text": msg("rules.eidex.guide.glossary.3.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.4.term"),
            "text": msg("rules.eidex.guide.glossary.4.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.5.term"),
            "text": msg("rules.eidex.guide.glossary.5.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.6.term"),
            "text": msg("rules.eidex.guide.glossary.6.text"),
        },
        {
            "term": msg("rules.eidex.guide.glossary.7.term"),
            "text": msg("rules.eidex.guide.glossary.7.text"),
        },
    ],
    "sources": [],
    "explore": {
        0: [
            {"players": 3, "context": RAVEN, "plays": [[1, "9S"], [2, "JS"], [0, "KS"]]},
            {"players": 3, "context": RAVEN, "plays": [[2, "AC"], [0, "6S"], [1, "7C"]]},
        ]
    },
    "lesson": {
        "players": 3,
        "dealer": 2,
        "deal": {
            "hands": [
                ["6C", "7H", "JD", "9H", "AS", "7C", "7S", "JH", "8D", "QD", "6D", "KS"],
                ["10H", "AD", "QS", "9S", "AC", "9C", "8H", "6S", "KH", "8S", "9D", "10S"],
                ["KC", "JC", "7D", "10D", "10C", "JS", "QC", "6H", "KD", "8C", "AH", "QH"],
            ],
            "stock": [],
            "table": None,
            "shown": "QH",
        },
        "shows": msg("coach.eidex.shows"),
    },
}
