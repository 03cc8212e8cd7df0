"""Bank: "How to play" for the rules page — a short read in plain words (English and Russian), with the cards drawn.
Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every card group with ``plays``
in the game's explorer (``start`` is the card the bank starts from) and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

OWN = {"centre": "QS", "trumps": ["D", "C", "S", "H"]}
"""The guide's table: Q♠ in the centre; trumps Player 1 ♦, Player 2 ♣, Player 3 ♠, Player 4 ♥."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": {"en": "The aim", "ru": "Цель"},
            "text": [
                {
                    "en": "Win banks: the cards of every bank you win count for you. The first to 248 points wins.",
                    "ru": "Выигрывать банки: карты каждого выигранного банка приносят вам очки. Побеждает первый, "
                    "набравший 248.",
                }
            ],
            "cards": [
                {
                    "cards": ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "10H", "AH"],
                    "labels": ["0", "0", "0", "0", "1", "3", "5", "10", "12"],
                    "caption": {
                        "en": "The order, low to high, and the points: the ten ranks above the king.",
                        "ru": "Старшинство снизу вверх и очки: десятка старше короля.",
                    },
                }
            ],
        },
        {
            "id": "deal",
            "title": {"en": "Trumps and the deal", "ru": "Козыри и сдача"},
            "text": [
                {
                    "en": "Before the game each player picks a trump suit of his own, a trump only when he lays it. "
                    "Everyone gets 4 cards; one card goes face up in the centre and starts the first bank; the "
                    "rest is the stock. The player holding the nearest lower card of the centre card's suit moves "
                    "first.",
                    "ru": "Перед игрой каждый выбирает себе козырную масть — козырную, только когда её кладёт он. "
                    "Каждому сдают по 4 карты; одна карта ложится открытой в центр и начинает первый банк; "
                    "остальное — колода. Первым ходит тот, у кого ближайшая младшая карта масти центральной "
                    "карты.",
                }
            ],
        },
        {
            "id": "turn",
            "title": {"en": "A turn", "ru": "Ход"},
            "text": [
                {
                    "en": "Lay one card on the top card of the bank: one value lower in the same suit, the same rank "
                    "in another suit, a six of the same suit, or an eight on anything (then lay another card on your "
                    "eight). Your own trump goes on any ordinary card; on a trump only the same rank or an eight.",
                    "ru": "Положите на верхнюю карту банка одну карту: на одно достоинство ниже той же масти, то "
                    "же достоинство другой масти, шестёрку той же масти или восьмёрку на что угодно (и сразу "
                    "положите карту на свою восьмёрку). Свой козырь кладётся на любую простую карту, а на козырь — "
                    "только то же достоинство или восьмёрка.",
                },
                {
                    "en": "You must lay a card when you can. If you cannot, draw one from the stock and lay it if "
                    "you now can, else pass. A seven on top makes the next player miss his turn.",
                    "ru": "Если можете положить карту — обязаны. Если нет, возьмите карту из колоды и положите её, "
                    "если теперь можно, иначе пас. Семёрка сверху — следующий игрок пропускает ход.",
                },
            ],
            "cards": [
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "6S"], [2, "6H"]],
                    "context": OWN,
                    "winner": 2,
                    "caption": {
                        "en": "On Q♠: J♠ (one lower), 6♠ (a six of the suit), 6♥ (the same rank).",
                        "ru": "На Д♠: В♠ (на одну ниже), 6♠ (шестёрка той же масти), 6♥ (то же достоинство).",
                    },
                },
                {
                    "start": "QS",
                    "plays": [[0, "JS"], [1, "9C"], [2, "9D"]],
                    "context": OWN,
                    "winner": 2,
                    "caption": {
                        "en": "Player 2's trump 9♣ goes on J♠; on that trump Player 3 can only lay a nine or an eight.",
                        "ru": "Козырь игрока 2 — 9♣ — ложится на В♠; на этот козырь игрок 3 может положить только "
                        "девятку или восьмёрку.",
                    },
                },
            ],
        },
        {
            "id": "win",
            "title": {"en": "Winning the bank", "ru": "Как выиграть банк"},
            "text": [
                {
                    "en": "When the next player cannot lay a card on yours and passes, you take the whole bank. Its "
                    "top card stays on the table, and a new bank starts on it.",
                    "ru": "Если следующий игрок не может положить карту на вашу и пасует, весь банк ваш. Его "
                    "верхняя карта остаётся на столе, и на ней начинается новый банк.",
                }
            ],
        },
        {
            "id": "end",
            "title": {"en": "Scoring and the end", "ru": "Подсчёт и конец игры"},
            "text": [
                {
                    "en": "Whoever lays his last card goes out, and going out earns a bonus (first +20, then +10; "
                    "more with a king or four in a row as the last move). The hand ends when one player still holds "
                    "cards: he loses the points of the cards in his hand and deals next. After a hand, whoever has "
                    "248 or more with the highest total wins.",
                    "ru": "Кто положил последнюю карту, выходит и получает премию (первый +20, дальше +10; больше — "
                    "если последний ход королём или четырьмя подряд). Партия кончается, когда карты остались у "
                    "одного игрока: он теряет очки карт на руках и сдаёт следующим. После партии побеждает "
                    "набравший 248 или больше с наибольшей суммой.",
                }
            ],
        },
    ],
    "glossary": [
        {
            "term": {"en": "bank", "ru": "банк"},
            "text": {
                "en": "the growing pile of cards laid on the centre card; whoever wins it keeps its cards",
                "ru": "растущая стопка карт на центральной карте; выигравший забирает её карты",
            },
        },
        {
            "term": {"en": "top card", "ru": "верхняя карта"},
            "text": {"en": "the card everyone must answer", "ru": "карта, на которую нужно отвечать"},
        },
        {
            "term": {"en": "one value lower", "ru": "на одно достоинство ниже"},
            "text": {
                "en": "the next lower rank in the order 6 7 8 9 J Q K 10 A: J on Q, K on 10",
                "ru": "следующая младшая карта в порядке 6 7 8 9 В Д К 10 Т: В на Д, К на 10",
            },
        },
        {
            "term": {"en": "own trump", "ru": "свой козырь"},
            "text": {
                "en": "the suit a player chose; its card is a trump only when he lays it, while it lies on top",
                "ru": "масть, выбранная игроком; её карта козырная, только когда её кладёт он и пока она сверху",
            },
        },
        {
            "term": {"en": "four of a kind, four in a row", "ru": "четыре одинаковых, четыре подряд"},
            "text": {
                "en": "four cards of one rank may be laid at any time; four in a row of one suit when one of its "
                "ends may be laid",
                "ru": "четыре карты одного достоинства можно выложить в любой момент; четыре подряд одной масти — "
                "когда можно положить крайнюю из них",
            },
        },
        {
            "term": {"en": "stock", "ru": "колода"},
            "text": {
                "en": "the face-down cards you draw from when you cannot lay",
                "ru": "карты рубашкой вверх, из которых берут, когда нечем ходить",
            },
        },
    ],
    "sources": [],
    "explore": {
        0: [
            {
                "players": 3,
                "options": {"trumps": "none"},
                "context": {"centre": "KS"},
                "plays": [[0, "QS"], [1, "QD"], [2, "6D"]],
            },
        ]
    },
    "lesson": {
        "players": 2,
        "dealer": 1,
        "deal": {
            "hands": [["KS", "8C", "7H", "JH"], ["10H", "9S", "6S", "AD"]],
            "stock": [
                "7D",
                "8D",
                "6H",
                "JC",
                "7C",
                "6D",
                "JS",
                "AS",
                "8S",
                "9H",
                "10D",
                "AH",
                "6C",
                "7S",
                "9C",
                "QC",
                "KH",
                "9D",
                "8H",
                "QD",
                "JD",
                "QH",
                "10S",
                "KC",
                "KD",
                "10C",
                "AC",
            ],
            "table": "QS",
            "shown": None,
        },
        "shows": {
            "en": (
                "You against one bot, with the queen of spades on the bank. Your king of spades and your eight "
                "show the two ways a bank ends: see which card may go on the top card, and when to draw."
            ),
            "ru": (
                "Вы против одного бота, на банке дама пик. Ваш король пик и восьмёрка показывают два способа "
                "закончить банк: смотрите, какую карту можно положить на верхнюю и когда брать из колоды."
            ),
        },
    },
}
