"""Bailiff: the rules page's worked examples — short deals the engine plays step by
step with its verdicts. Each is a compact conformance scenario (``engine/examples.py`` says how it is read).
"""

from __future__ import annotations

from typing import Any

EXAMPLES: list[dict[str, Any]] = [
    {
        "title": {
            "en": "Three players: extend, a wrong cover, a cover, an ace, a take",
            "ru": "Трое игроков: расширение, неверное покрытие, покрытие, туз, взятие",
        },
        "players": 3,
        "dealer": 2,
        "hands": ["9D 9S 7C 8H JC AS", "9C 6H 10H QS KD 7D", "8S 10C JD QH 6S KS"],
        "actions": [
            [0, "play 9D"],
            [1, "play 9C"],
            [2, "play 10C", "try"],
            [2, "play 10C JD"],
            [0, "play AS"],
            [0, "play 7C"],
            [1, "play 7D"],
            [2, "take"],
        ],
    }
]
