"""Eidex: the rules page's worked examples — short deals the engine plays step by
step with its verdicts. Each is a compact conformance scenario (``engine/examples.py`` says how it is read).
"""

from __future__ import annotations

from typing import Any

EXAMPLES: list[dict[str, Any]] = [
    {
        "title": {
            "en": "Spades are trump (the shown 6♠): face-down cards, a trump lead, the Puur takes",
            "ru": "Козыри пики (открытая 6♠): сброс втёмную, ход козырем, валет-козырь (Пур) берёт",
        },
        "players": 3,
        "dealer": 0,
        "shown": "6S",
        "hands": [
            "6S KS 6H 7H 8H 9H 10H JH QH KH AH 6D",
            "9S 7D 8D 9D 10D JD QD KD AD 6C 7C 8C",
            "AS 9C 10C JC QC KC AC 7S 8S 10S JS QS",
        ],
        "actions": [
            [0, "discard 6D"],
            [1, "discard 6C"],
            [2, "discard 9C"],
            [1, "play 9S"],
            [2, "play 10C", "try"],
            [2, "play JS"],
            [0, "play KS"],
            [2, "play AC"],
            [0, "play 6S"],
            [1, "play 7C"],
        ],
    }
]
