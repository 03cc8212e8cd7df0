"""Ass: the rules page's worked examples — short deals the engine plays step by
step with its verdicts. Each is a compact conformance scenario (``engine/examples.py`` says how it is read).
"""

from __future__ import annotations

from typing import Any

EXAMPLES: list[dict[str, Any]] = [
    {
        "title": {
            "en": "Four players, own trumps: Q♠ beats 6♠ and takes the trick over a trump; an off-suit eight",
            "ru": "Четверо, у каждого свой козырь: Д♠ бьёт 6♠ и берёт взятку, несмотря на козырь; чужая восьмёрка",
        },
        "players": 4,
        "dealer": 3,
        "hands": ["6S 6D 7D 9D", "JS 7H 9H JH", "10C 7C 9C JC", "QS 7S 9S KH"],
        "actions": [
            [0, "trump D"],
            [1, "trump H"],
            [2, "trump C"],
            [3, "trump S"],
            [0, "bet go"],
            [1, "bet no"],
            [2, "bet no"],
            [3, "bet go"],
            [0, "play 6S"],
            [1, "play JS"],
            [2, "play 10C"],
            [3, "play KH", "try"],
            [3, "play QS"],
            [3, "play 7S"],
            [0, "play 8C"],
            [1, "play QC"],
            [2, "play KC"],
        ],
    }
]
