"""Ass: "How to play" for the rules page — a short read in plain words (English and Russian), with the cards
drawn. Plain data: sections (paragraphs and card groups), a glossary, the sections shown under "Rulings and
sources", and the explorer positions of the worked examples (docs/rules-page.md, "How to play").

A card group is a row of cards (``cards``, optional ``labels``) or a trick (``plays`` as ``[seat, card]``,
``context`` and ``winner``): ``tests/test_rules_guide.py`` lays every trick in the game's explorer and holds it
to the winner written here, so the guide cannot contradict the engine.
"""

from __future__ import annotations

from typing import Any

OWN_TRUMPS = {"trumps": ["D", "H", "C", "S"]}
"""The trump suits of the guide's tricks: Player 1 ♦, Player 2 ♥, Player 3 ♣, Player 4 ♠."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": {"en": "The aim", "ru": "Цель"},
            "text": [
                {
                    "en": "Everyone starts with 3 banks (penalty counters). Get rid of all of yours and you win; "
                    "collect 6 and you lose.",
                    "ru": "У каждого в начале 3 банки (штрафные очки). Кто первым избавится от всех своих банок, "
                    "выигрывает; кто наберёт 6, проигрывает.",
                }
            ],
        },
        {
            "id": "deal",
            "title": {"en": "Trumps, the deal and the bet", "ru": "Козыри, сдача и ставка"},
            "text": [
                {
                    "en": "Before the first deal each player picks a trump suit of his own: it is a trump only for "
                    "him, for the whole game. Everyone gets 4 cards; after every trick each player draws one card "
                    "from the stock, the taker first.",
                    "ru": "Перед первой сдачей каждый выбирает себе козырную масть: она козырная только для него, "
                    "до конца игры. Каждому сдают по 4 карты; после каждой взятки все добирают по карте из "
                    "прикупа, первым — взявший.",
                },
                {
                    "en": "Looking at your 4 cards you bet: “go” (a lower target, but missing it costs a bank) or "
                    "“no” (a higher target, and missing it costs nothing).",
                    "ru": "Посмотрев свои 4 карты, вы делаете ставку: «иду» (норма ниже, но недобор стоит банки) "
                    "или «нет» (норма выше, зато недобор ничего не стоит).",
                },
            ],
        },
        {
            "id": "turn",
            "title": {"en": "A trick", "ru": "Взятка"},
            "text": [
                {
                    "en": "The leader lays any card. Then each player in turn lays one card: one that beats the led "
                    "card, or else a card of the led suit; with none of that suit, any card. You never have to "
                    "beat. In the first deal the holder of the lowest diamond leads; later the player left of the "
                    "dealer; then whoever took the last trick.",
                    "ru": "Ходящий кладёт любую карту. Дальше каждый по очереди кладёт одну карту: бьющую карту "
                    "хода, а если не бьёт — карту масти хода; если этой масти нет — любую. Бить не обязательно. "
                    "В первой сдаче ходит владелец младшей бубны, потом — игрок слева от сдающего, а дальше — "
                    "тот, кто взял прошлую взятку.",
                }
            ],
            "cards": [
                {
                    "cards": ["6S", "7S", "8S", "9S", "JS", "QS", "KS", "10S", "AS"],
                    "labels": ["−1", "0", "16", "0", "1", "3", "5", "10", "12"],
                    "caption": {
                        "en": "The order, low to high, with each card's points: the ten ranks above the king.",
                        "ru": "Старшинство снизу вверх и очки каждой карты: десятка старше короля.",
                    },
                },
            ],
        },
        {
            "id": "win",
            "title": {"en": "Who takes the trick", "ru": "Кто берёт взятку"},
            "text": [
                {
                    "en": "Not simply the highest card. Every card is compared with the led card. A card of the "
                    "same suit beats it as the beat table says (most higher cards do, but only a queen or an eight "
                    "beats a six); your own trump beats a lower card of another suit; a card of the same rank "
                    "beats it; so does the card one step lower, while nobody has beaten the led card yet.",
                    "ru": "Не просто старшая карта. Каждая карта сравнивается с картой хода. Карта той же масти "
                    "бьёт её по таблице битья (почти любая старшая, но шестёрку бьют только дама и восьмёрка); "
                    "ваш козырь бьёт младшую карту другой масти; бьёт и карта того же достоинства, и карта на одну "
                    "ниже, пока карту хода никто не перебил.",
                },
                {
                    "en": "Of several beaters a same-suit card counts most (the highest of them takes), then a "
                    "trump, then the same rank, then one step lower. An eight beats almost anything and takes the "
                    "trick over: after it each card must beat the card on top. If nobody beats, the leader takes. "
                    "The taker gets every card of the trick.",
                    "ru": "Из нескольких бьющих сильнее всех карта той же масти (берёт старшая из них), затем "
                    "козырь, затем то же достоинство, затем карта на одну ниже. Восьмёрка бьёт почти всё и "
                    "перехватывает взятку: после неё каждая карта должна бить верхнюю. Если никто не побил, "
                    "берёт ходивший. Взявший забирает все карты взятки.",
                },
            ],
            "cards": [
                {
                    "plays": [[0, "6S"], [1, "JS"], [2, "10C"], [3, "QS"]],
                    "context": OWN_TRUMPS,
                    "winner": 3,
                    "caption": {
                        "en": "J♠ does not beat a six. Player 3's trump 10♣ beats it, but Q♠, a same-suit beat, "
                        "counts for more: Player 4 takes.",
                        "ru": "В♠ шестёрку не бьёт. Козырь игрока 3 — 10♣ — бьёт, но Д♠ той же масти сильнее: "
                        "берёт игрок 4.",
                    },
                },
                {
                    "plays": [[0, "7S"], [1, "8S"], [2, "JS"], [3, "9S"]],
                    "context": OWN_TRUMPS,
                    "winner": 1,
                    "caption": {
                        "en": "The eight takes the trick over; J♠ and 9♠ cannot beat it (only Q♠, K♠ or another "
                        "eight could): Player 2 takes.",
                        "ru": "Восьмёрка перехватывает взятку; В♠ и 9♠ её не бьют (побили бы только Д♠, К♠ или "
                        "другая восьмёрка): берёт игрок 2.",
                    },
                },
                {
                    "plays": [[0, "KS"], [1, "QS"], [2, "JS"], [3, "9S"]],
                    "context": OWN_TRUMPS,
                    "winner": 3,
                    "caption": {
                        "en": "One step lower each time, on a lead nobody has beaten: Q on K, J on Q, 9 on J. The "
                        "last of the chain takes: Player 4.",
                        "ru": "Каждый раз на одну ниже, пока карту хода никто не перебил: Д на К, В на Д, 9 на В. "
                        "Берёт последний в цепочке — игрок 4.",
                    },
                },
            ],
        },
        {
            "id": "score",
            "title": {"en": "Points and banks", "ru": "Очки и банки"},
            "text": [
                {
                    "en": "When the cards run out, each player counts the cards he took, plus 25 for a queen and "
                    "king of one suit in one trick, 15 for a jack and queen, and 10 more for a trick of four cards "
                    "of one suit. Four players need 68 for “go” and 92 for “no” (two players: 44 and 68; three: 56 "
                    "and 80).",
                    "ru": "Когда карты кончились, каждый считает очки взятых карт, плюс 25 за даму и короля одной "
                    "масти в одной взятке, 15 за валета и даму и ещё 10 за взятку из четырёх карт одной масти. "
                    "Вчетвером для «иду» нужно 68, для «нет» — 92 (вдвоём 44 и 68, втроём 56 и 80).",
                },
                {
                    "en": "Reach your target: drop a bank. Miss it after “go”: take a bank. Miss it after “no”: "
                    "nothing changes.",
                    "ru": "Набрали норму — сбрасываете банку. Не набрали при «иду» — получаете банку. Не набрали "
                    "при «нет» — ничего не меняется.",
                },
            ],
        },
        {
            "id": "end",
            "title": {"en": "The end", "ru": "Конец игры"},
            "text": [
                {
                    "en": "Whoever drops his last bank wins. When someone reaches 6 banks he loses, and the fewest "
                    "banks win. Otherwise a new deal, dealt by the player who led the first trick of the last one.",
                    "ru": "Кто сбросил последнюю банку, выиграл. Кто набрал 6 банок, проиграл, а выигрывает тот, "
                    "у кого банок меньше всех. Иначе — новая сдача; сдаёт тот, кто начинал первую взятку прошлой.",
                }
            ],
        },
    ],
    "glossary": [
        {
            "term": {"en": "bank", "ru": "банка"},
            "text": {
                "en": "a penalty counter; you start with 3, drop one for reaching your target",
                "ru": "штрафное очко; в начале их 3, за набранную норму одну сбрасывают",
            },
        },
        {
            "term": {"en": "bet: go / no", "ru": "ставка: «иду» / «нет»"},
            "text": {
                "en": "said after seeing your first 4 cards; “go” has the lower target but missing it costs a bank",
                "ru": "объявляется, посмотрев первые 4 карты; у «иду» норма ниже, но недобор стоит банки",
            },
        },
        {
            "term": {"en": "target", "ru": "норма"},
            "text": {
                "en": "the points a player must take in a deal, by his bet and the number of players",
                "ru": "сколько очков нужно набрать за сдачу — по ставке и числу игроков",
            },
        },
        {
            "term": {"en": "own trump", "ru": "свой козырь"},
            "text": {
                "en": "the suit a player chose; its cards are trumps only when he lays them",
                "ru": "масть, выбранная игроком; её карты козырные, только когда их кладёт он",
            },
        },
        {
            "term": {"en": "main card, main suit", "ru": "главная карта, главная масть"},
            "text": {
                "en": "the led card and its suit; an eight of another suit that beats makes its suit the main one",
                "ru": "карта хода и её масть; побившая восьмёрка другой масти делает главной свою масть",
            },
        },
        {
            "term": {"en": "one step lower", "ru": "на одну меньше"},
            "text": {
                "en": "the next lower card of the same suit (Q on K, 10 on A); it beats only a lead nobody has "
                "beaten, then goes on down the chain",
                "ru": "соседняя младшая карта той же масти (Д на К, 10 на Т); бьёт только неперебитую карту хода, "
                "а дальше — по цепочке",
            },
        },
        {
            "term": {"en": "eight chain, anchor", "ru": "цепочка восьмёрки, якорь"},
            "text": {
                "en": "after an eight takes a trick over, each card must beat the card on top; after an eight of "
                "the led suit it must also beat the card the eight beat (the anchor) to hold the trick",
                "ru": "после того как восьмёрка перехватила взятку, каждая карта должна бить верхнюю; после "
                "восьмёрки масти хода — ещё и карту, побитую восьмёркой (якорь), чтобы держать взятку",
            },
        },
        {
            "term": {"en": "stock", "ru": "прикуп"},
            "text": {
                "en": "the cards left after the deal, face down; everyone draws from it after each trick",
                "ru": "оставшиеся после сдачи карты рубашкой вверх; после каждой взятки из него добирают",
            },
        },
    ],
    "sources": ["examples"],
    "explore": {
        0: [
            {"players": 4, "context": OWN_TRUMPS, "plays": [[0, "6S"], [1, "JS"], [2, "10C"], [3, "QS"]]},
            {"players": 4, "context": OWN_TRUMPS, "plays": [[3, "7S"], [0, "8C"], [1, "QC"], [2, "KC"]]},
        ]
    },
    "lesson": {
        "players": 2,
        "dealer": 1,
        "deal": {
            "hands": [["9D", "AD", "JS", "6H"], ["QS", "10H", "9C", "KS"]],
            "stock": [
                "10C",
                "KH",
                "QC",
                "QH",
                "6D",
                "7H",
                "9H",
                "10S",
                "JH",
                "8D",
                "KC",
                "AS",
                "7D",
                "7S",
                "KD",
                "7C",
                "JC",
                "8H",
                "AC",
                "8S",
                "QD",
                "AH",
                "JD",
                "10D",
                "6C",
                "9S",
                "6S",
                "8C",
            ],
            "table": None,
            "shown": None,
        },
        "shows": {
            "en": (
                "You against one bot. Pick your trump suit, bet on your four cards, then watch each trick: which "
                "of your cards beat the led card, and how your own trump suit lets a low card win."
            ),
            "ru": (
                "Вы против одного бота. Выберите свой козырь, сделайте ставку по четырём картам и следите за "
                "каждой взяткой: какие ваши карты бьют первую карту и как ваш собственный козырь помогает младшей"
                " карте взять."
            ),
        },
    },
}
