"""Worked examples for the rules pages: short scenarios the engine plays, step by step, with its verdicts.

Each example is a scenario in the conformance format (``shared/conformance/FORMAT.md``) written compactly: the
hands as strings, the stock left out (it is the rest of the deck in deck order). ``try`` steps are moves the
engine must refuse; the page shows its reason and play goes on without them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card, cards_text, make_deck, parse_cards
from engine.core import Deal, GameDecl

EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "ass": [
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
    ],
    "bank": [
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
    ],
    "blot": [
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
    ],
    "eidex": [
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
    ],
    "bailiff": [
        {
            "title": {
                "en": "Three players: extend, a wrong cover, a cover, an ace, a take",
                "ru": "Трое игроков: наращивание, неверное покрытие, покрытие, туз, взятие",
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
    ],
}
"""Game id → its worked examples."""


COULD_SHOWN = 12
"""How many of a seat's legal actions a step lists (a Blot bid has hundreds)."""


def scenario(decl: GameDecl, example: Mapping[str, Any]) -> dict[str, Any]:
    """The example as a conformance scenario (``try`` steps left out): what ``engine.scenario`` runs."""
    hands = [parse_cards(h.split()) for h in example["hands"]]
    dealt = {c for h in hands for c in h} | set(parse_cards([example["table"]] if example.get("table") else []))
    stock = [c for c in make_deck(decl.deck_size) if c not in dealt]
    return {
        "name": example["title"]["en"],
        "game": decl.id,
        "players": example["players"],
        "options": dict(example.get("options", {})),
        "dealer": example["dealer"],
        "deal": {
            "hands": [cards_text(h) for h in hands],
            "stock": cards_text(stock),
            "table": example.get("table"),
            "shown": example.get("shown"),
        },
        "actions": [[seat, action] for seat, action, *tried in example["actions"] if not tried],
    }


def walk(decl: GameDecl, example: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Play the example and return each step: the seat, its move, what it could do, the engine's verdict."""
    data = scenario(decl, example)
    game = decl.state(data["players"], data["options"], 0, dealer=data["dealer"], deal=Deal.from_json(data["deal"]))
    steps = []
    for seat, action, *tried in example["actions"]:
        could = game.legal_actions(seat)
        reason = game.explain(seat, action)
        step = {
            "seat": seat,
            "action": action,
            "could": could[:COULD_SHOWN],
            "more": max(0, len(could) - COULD_SHOWN),
            "tried": bool(tried),
            "reason": reason,
            "events": [],
        }
        if reason is None and not tried:
            step["events"] = game.apply(seat, action)
        step["status"] = game.view(None).get("status", "")
        steps.append(step)
    return steps


def value_text(value: Any) -> str:
    """An event value for people: cards with suit symbols, ``[seat, card]`` pairs as ``seat: card``."""
    if isinstance(value, str):
        try:
            return " ".join(Card.parse(t).pretty() for t in value.split()) or value
        except ValueError:
            return value
    if isinstance(value, list | tuple):
        if len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], str):
            return f"{value[0]}: {value_text(value[1])}"
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    return "—" if value is None else str(value)


SENTENCE_KEYS: tuple[str, ...] = ("text", "verdict")
"""Event keys whose value is already the engine's own sentence for people."""


def event_text(event: Mapping[str, Any]) -> str:
    """One engine event as a line of text: its own sentence when it has one (``trick — seat 3 takes: …``),
    else its keys (``draw — seat 0; count 2; stock 16``)."""
    name = str(event.get("event", "?"))
    sentence = next((event[k] for k in SENTENCE_KEYS if isinstance(event.get(k), str) and event[k]), None)
    if sentence:
        return f"{name} — {value_text(sentence)}"
    details = "; ".join(f"{k} {value_text(v)}" for k, v in event.items() if k != "event")
    return f"{name} — {details}" if details else name


def worked_examples(decl: GameDecl, lang: str) -> list[dict[str, Any]]:
    """The game's worked examples, played by the engine, titled in ``lang``."""
    return [
        {"title": ex["title"].get(lang) or ex["title"]["en"], "hands": ex["hands"], "steps": walk(decl, ex)}
        for ex in EXAMPLES.get(decl.id, [])
    ]
