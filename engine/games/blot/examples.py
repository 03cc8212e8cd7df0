"""Blot: the rules page's worked examples — short deals the engine plays step by
step with its verdicts. Each is a compact conformance scenario (``engine/examples.py`` says how it is read).
"""

from __future__ import annotations

from typing import Any

EXAMPLES: list[dict[str, Any]] = [
    {
        "title": {
            "en": "A contract in spades; on a trump lead the next player must overtrump",
            "ru": "Контракт в пиках; на козырный ход следующий обязан перебить козырем",
        },
        "players": 4,
        "dealer": 3,
        "hands": [
            "10S 7D 8D 9D 10D JD QD KD",
            "7S 9S AD 7C 8C 9C 10C JC",
            "QC KC AC 7H 8H 9H 10H JH",
            "QH KH AH 8S JS QS KS AS",
        ],
        "actions": [
            [0, "bid 8 S"],
            [1, "pass"],
            [2, "pass"],
            [3, "pass"],
            [0, "play 10S"],
            [1, "play 7S", "try"],
            [1, "play 9S"],
            [2, "play QC"],
            [3, "play JS"],
        ],
    }
]
