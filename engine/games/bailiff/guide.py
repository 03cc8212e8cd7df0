"""Bailiff: "How to play" for the rules page — a short read in plain words (English and Russian), with the cards
drawn. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every card group with
``plays`` in the game's explorer and holds it to the engine.
"""

from __future__ import annotations

from typing import Any

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": {"en": "The aim", "ru": "Цель"},
            "text": [
                {
                    "en": "Get rid of your cards. The last player still holding cards loses; everybody else is safe.",
                    "ru": "Избавиться от своих карт. Проигрывает последний, у кого остались карты; остальные спасены.",
                }
            ],
        },
        {
            "id": "deal",
            "title": {"en": "The deal", "ru": "Сдача"},
            "text": [
                {
                    "en": "Each player gets 6 cards. With fewer than six players the rest is a face-down stock. "
                    "Suits do not matter, only ranks: 6 is the lowest, the ace the highest. The player after the "
                    "dealer starts the first pile.",
                    "ru": "Каждому сдают по 6 карт. Если игроков меньше шести, остаток лежит рубашкой вверх — это "
                    "прикуп. Масти не важны, только достоинство: шестёрка младшая, туз старший. Первую стопку "
                    "начинает игрок после сдающего.",
                }
            ],
            "cards": [
                {
                    "cards": ["6S", "7H", "8C", "9D", "10S", "JH", "QC", "KD", "AS"],
                    "caption": {"en": "Low to high; any suit.", "ru": "От младшей к старшей; масть любая."},
                }
            ],
        },
        {
            "id": "turn",
            "title": {"en": "A turn", "ru": "Ход"},
            "text": [
                {
                    "en": "Everyone plays onto one pile. On a single card you either raise (one higher card) or "
                    "extend (one card of the same rank beside it, making a pair, then three, then four of a kind). "
                    "A group of cards must be covered by as many cards, each higher than the group; the highest "
                    "of them ends on top.",
                    "ru": "Все кладут в одну стопку. На одиночную карту можно повысить (одна карта старше) или "
                    "расширить (карта того же достоинства рядом — выйдет пара, потом три, потом четыре). Группу "
                    "кроют столькими же картами, каждая старше группы; старшая из них ложится сверху.",
                },
                {
                    "en": "Instead you may always take the whole pile into your hand, and you must when you cannot "
                    "lay anything. The next player then starts a new pile.",
                    "ru": "Вместо этого всегда можно забрать всю стопку на руки, а если положить нечего — нужно. "
                    "Тогда новую стопку начинает следующий игрок.",
                },
            ],
            "cards": [
                {
                    "plays": [[0, "8S"], [1, "10H"], [2, "10C"], [0, "QS"], [0, "KD"]],
                    "players": 3,
                    "caption": {
                        "en": "Player 1 starts with 8♠, Player 2 raises with 10♥, Player 3 extends with 10♣. "
                        "Player 1 covers the two tens with Q♠ and K♦: the king is on top.",
                        "ru": "Игрок 1 начинает с 8♠, игрок 2 повышает 10♥, игрок 3 расширяет 10♣. Игрок 1 "
                        "кроет две десятки Д♠ и К♦: сверху король.",
                    },
                }
            ],
        },
        {
            "id": "win",
            "title": {"en": "The ace clears the pile", "ru": "Туз отправляет стопку в отбой"},
            "text": [
                {
                    "en": "Whenever an ace ends on top, the whole pile leaves play and the same player starts a new "
                    "one. A single ace also covers a pair or three of a kind on its own.",
                    "ru": "Как только сверху оказывается туз, вся стопка уходит в отбой, и тот же игрок начинает "
                    "новую. Один туз кроет и пару, и три одинаковые карты.",
                }
            ],
            "cards": [
                {
                    "plays": [[0, "7S"], [1, "7H"], [2, "AD"]],
                    "players": 3,
                    "caption": {
                        "en": "A pair of sevens; Player 3 covers it with one ace, and the pile is out of play.",
                        "ru": "Пара семёрок; игрок 3 кроет её одним тузом, и стопка уходит в отбой.",
                    },
                }
            ],
        },
        {
            "id": "end",
            "title": {"en": "Drawing and the end", "ru": "Добор и конец игры"},
            "text": [
                {
                    "en": "After every cleared or taken pile, players with fewer than 6 cards draw back up to 6 "
                    "while the stock lasts. Once the stock is empty, a player with no cards is out and safe. The "
                    "last one holding cards loses; the score sheet counts each player's losses.",
                    "ru": "После каждого отбоя или взятия игроки, у кого меньше 6 карт, добирают до шести, пока "
                    "есть прикуп. Когда прикуп кончился, игрок без карт выходит — он спасён. Последний с картами "
                    "проигрывает; в записи считаются проигрыши каждого.",
                }
            ],
        },
    ],
    "glossary": [
        {
            "term": {"en": "pile", "ru": "стопка"},
            "text": {"en": "the cards played since the last lead", "ru": "карты, сыгранные с последнего захода"},
        },
        {
            "term": {"en": "raise", "ru": "повысить"},
            "text": {"en": "lay one higher card on a single card", "ru": "положить на одиночную карту одну старше"},
        },
        {
            "term": {"en": "extend", "ru": "расширить"},
            "text": {
                "en": "lay a card of the same rank beside the top, making a group of up to four",
                "ru": "положить рядом карту того же достоинства; группа — до четырёх карт",
            },
        },
        {
            "term": {"en": "cover", "ru": "покрыть"},
            "text": {
                "en": "lay as many cards as the group has, each higher than it",
                "ru": "положить на группу столько же карт, каждая старше группы",
            },
        },
        {
            "term": {"en": "take", "ru": "забрать"},
            "text": {"en": "pick the whole pile up into your hand", "ru": "взять всю стопку себе на руки"},
        },
        {
            "term": {"en": "out of play", "ru": "отбой"},
            "text": {
                "en": "where a pile goes when an ace lands on top; those cards never come back",
                "ru": "куда уходит стопка, когда сверху ложится туз; эти карты больше не играют",
            },
        },
        {
            "term": {"en": "stock", "ru": "прикуп"},
            "text": {
                "en": "the face-down cards left after the deal (with fewer than six players)",
                "ru": "карты, оставшиеся после сдачи рубашкой вверх (если игроков меньше шести)",
            },
        },
    ],
    "sources": [],
    "explore": {
        0: [
            {"players": 3, "plays": [[0, "9D"], [1, "9C"], [2, "10C"], [2, "JD"], [0, "AS"]]},
        ]
    },
    "lesson": {
        "players": 3,
        "dealer": 2,
        "deal": {
            "hands": [
                ["6D", "10C", "KC", "10S", "6H", "AS"],
                ["QC", "10H", "JS", "QD", "8H", "7S"],
                ["9C", "AH", "KS", "10D", "KH", "JC"],
            ],
            "stock": [
                "9D",
                "7C",
                "QH",
                "QS",
                "9S",
                "8C",
                "7H",
                "JD",
                "KD",
                "7D",
                "6C",
                "9H",
                "6S",
                "8D",
                "AC",
                "AD",
                "JH",
                "8S",
            ],
            "table": None,
            "shown": None,
        },
        "shows": {
            "en": (
                "You against two bots, and you start. You hold pairs of sixes and tens and one ace: see when to "
                "cover, when taking a small pile is cheaper, and why an ace is worth keeping."
            ),
            "ru": (
                "Вы против двух ботов и начинаете первым. У вас пары шестёрок и десяток и один туз: посмотрите, "
                "когда покрывать, когда дешевле взять маленькую стопку и почему туз стоит беречь."
            ),
        },
    },
}
