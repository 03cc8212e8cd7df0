"""Bank: the rules page's worked examples — short deals the engine plays step by
step with its verdicts. Each is a compact conformance scenario (``engine/examples.py`` says how it is read).
"""

from __future__ import annotations

from typing import Any

EXAMPLES: list[dict[str, Any]] = [
    {
        "title": {
            "en": "No trumps: one less, same rank, a six, an eight with its follow-up, sevens, a draw",
            "ru": "Без козырей: на одну меньше, та же карта, шестёрка, восьмёрка с картой на неё, семёрки, добор",
        },
        "players": 3,
        "dealer": 2,
        "options": {"trumps": "none"},
        "table": "KS",
        "hands": ["QS 8H 7H 9C", "QD 6C 10D AH", "JS 9D 7C 6D"],
        "actions": [
            [0, "play QS"],
            [1, "play QD"],
            [2, "play 9D", "try"],
            [2, "play 6D"],
            [0, "play 8H 7H"],
            [2, "play 7C"],
            [1, "play 6C"],
            [2, "draw"],
            [2, "pass", "try"],
            [2, "play 8C"],
        ],
    }
]
