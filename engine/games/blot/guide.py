"""Blot: "How to play" for the rules page — a short read in plain words (English and Russian), with the cards drawn.
Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every trick in the game's
explorer and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

SPADES = {"trump": "S"}
"""The guide's contract is in spades."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": {"en": "The aim", "ru": "Цель"},
            "text": [
                {
                    "en": "Four players in two teams; partners sit opposite (Players 1 and 3 against Players 2 and "
                    "4). The teams bid for the right to name trumps, then take tricks and score combinations. The "
                    "first team to 301 points wins.",
                    "ru": "Четыре игрока в двух командах, партнёры сидят напротив (игроки 1 и 3 против игроков 2 и "
                    "4). Команды торгуются за право назначить козырь, потом берут взятки и считают комбинации. "
                    "Побеждает команда, первой набравшая 301 очко.",
                }
            ],
        },
        {
            "id": "deal",
            "title": {"en": "The deal and the bidding", "ru": "Сдача и торговля"},
            "text": [
                {
                    "en": "32 cards, 7 to ace: 8 to each player. Starting after the dealer, each player in turn "
                    "passes, bids, or says contra against the other team's bid. A bid is a number and a suit (or "
                    "no trumps): “12 hearts” promises 120 points for the team, combinations included. The first "
                    "bid is at least 8, each next one higher.",
                    "ru": "32 карты, от семёрки до туза: каждому по 8. Начиная с игрока после сдающего, каждый по "
                    "очереди пасует, заказывает или говорит «контра» на заказ другой команды. Заказ — это число и "
                    "масть (или «без козыря»): «12 червей» обещает 120 очков команде, считая комбинации. Первый "
                    "заказ — не меньше 8, каждый следующий — больше.",
                },
                {
                    "en": "Three passes after a bid make it the contract. A contra ends the bidding and raises the "
                    "stakes; the bidder may raise them again (recontra).",
                    "ru": "Три паса после заказа делают его контрактом. Контра заканчивает торговлю и повышает "
                    "ставку; заказавший может повысить её ещё раз (реконтра).",
                },
            ],
        },
        {
            "id": "turn",
            "title": {"en": "A trick", "ru": "Взятка"},
            "text": [
                {
                    "en": "The player after the dealer leads; the taker of a trick leads the next. Follow suit. "
                    "Without the suit you must trump, with a trump that beats the trick, unless your partner is "
                    "winning it. On a trump lead you must play a higher trump if you can. The highest trump takes, "
                    "otherwise the highest card of the suit led.",
                    "ru": "Первым ходит игрок после сдающего, дальше — взявший взятку. Ходите в масть. Нет масти — "
                    "нужно бить козырем, старшим карт во взятке, если только взятку не берёт партнёр. На ход "
                    "козырем нужно перебить старшим козырем, если можете. Берёт старший козырь, а без козырей — "
                    "старшая карта масти хода.",
                }
            ],
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "10S", "KS", "QS", "8S", "7S"],
                    "labels": ["20", "14", "11", "10", "4", "3", "0", "0"],
                    "caption": {
                        "en": "Trumps, highest first, with their points: the jack and the nine lead.",
                        "ru": "Козыри от старшего, с очками: впереди валет и девятка.",
                    },
                },
                {
                    "cards": ["AH", "10H", "KH", "QH", "JH", "9H", "8H", "7H"],
                    "labels": ["11", "10", "4", "3", "2", "0", "0", "0"],
                    "caption": {
                        "en": "Any other suit, highest first, with its points.",
                        "ru": "Любая другая масть от старшей карты, с очками.",
                    },
                },
                {
                    "plays": [[0, "AH"], [1, "7H"], [2, "KH"], [3, "8S"]],
                    "context": SPADES,
                    "winner": 3,
                    "caption": {
                        "en": "Spades are trumps. Player 4 has no hearts and must trump: even 8♠ beats A♥.",
                        "ru": "Козыри — пики. У игрока 4 нет червей, и он обязан козырять: даже 8♠ бьёт Т♥.",
                    },
                },
                {
                    "plays": [[0, "10S"], [1, "9S"], [2, "QC"], [3, "JS"]],
                    "context": SPADES,
                    "winner": 3,
                    "caption": {
                        "en": "A trump lead: 9♠ beats 10♠, Player 3 has no trump, J♠ beats them all.",
                        "ru": "Ход козырем: 9♠ бьёт 10♠, у игрока 3 козырей нет, В♠ бьёт всех.",
                    },
                },
            ],
        },
        {
            "id": "combinations",
            "title": {"en": "Combinations", "ru": "Комбинации"},
            "text": [
                {
                    "en": "Cards in sequence in one hand score: three (a tierce) 2, four (a fifty) 5, five (a "
                    "hundred) 10; four of a kind scores too. Only the team with the strongest combination counts "
                    "its combinations. The king and queen of trumps in one hand are the belote: 2, always.",
                    "ru": "Карты подряд на одной руке приносят очки: три (терц) — 2, четыре (пятьдесят) — 5, пять "
                    "(сто) — 10; очки дают и четыре одинаковые. Засчитываются комбинации только той команды, у "
                    "которой самая сильная. Король и дама козыря на одной руке — белот: 2, всегда.",
                }
            ],
            "cards": [
                {
                    "cards": ["7H", "8H", "9H"],
                    "caption": {"en": "A tierce: 2.", "ru": "Терц: 2."},
                },
                {
                    "cards": ["KS", "QS"],
                    "caption": {"en": "Belote with spades trumps: 2.", "ru": "Белот при козырях пиках: 2."},
                },
            ],
        },
        {
            "id": "score",
            "title": {"en": "Scoring and the end", "ru": "Подсчёт и конец игры"},
            "text": [
                {
                    "en": "Points are counted in tens: the card points a team took (162 in a hand, the last trick "
                    "adding 10) divided by ten. If the bidders reach their bid, both teams score their own points "
                    "and the bidders add the bid. If not, the bidders score nothing and the defenders score the bid "
                    "plus 16 plus every combination. After a contra the winning side takes it all, with twice the "
                    "bid (four times after recontra). The first team to 301 wins.",
                    "ru": "Очки считаются десятками: очки карт, взятых командой (162 за сдачу, последняя взятка "
                    "добавляет 10), делятся на десять. Если заказавшие набрали заказ, обе команды записывают свои "
                    "очки, а заказавшие добавляют заказ. Если нет, заказавшие не получают ничего, а защитники — "
                    "заказ плюс 16 плюс все комбинации. После контры выигравшая сторона получает всё, с удвоенным "
                    "заказом (после реконтры — с учетверённым). Побеждает команда, первой набравшая 301.",
                }
            ],
        },
    ],
    "glossary": [
        {
            "term": {"en": "bid, contract", "ru": "заказ, контракт"},
            "text": {
                "en": "a number and a suit or no trumps; the last bid, after three passes, is the contract",
                "ru": "число и масть или «без козыря»; последний заказ после трёх пасов — контракт",
            },
        },
        {
            "term": {"en": "contra, recontra", "ru": "контра, реконтра"},
            "text": {
                "en": "a challenge to the other team's bid that raises the stakes; the bidder's answer raises "
                "them again",
                "ru": "вызов заказу другой команды, повышает ставку; ответ заказавшего повышает её ещё раз",
            },
        },
        {
            "term": {"en": "kaput", "ru": "капут"},
            "text": {
                "en": "taking all eight tricks; a bid of 25 or more may promise it",
                "ru": "все восемь взяток; заказ от 25 может его обещать",
            },
        },
        {
            "term": {"en": "belote", "ru": "белот"},
            "text": {
                "en": "the king and queen of trumps in one hand: 2 points, said when the first of them is played",
                "ru": "король и дама козыря на одной руке: 2 очка, объявляется, когда играют первую из них",
            },
        },
        {
            "term": {"en": "tierce, fifty, hundred", "ru": "терц, пятьдесят, сто"},
            "text": {
                "en": "three, four, five cards in sequence in one suit (7 8 9 10 J Q K A)",
                "ru": "три, четыре, пять карт подряд одной масти (7 8 9 10 В Д К Т)",
            },
        },
        {
            "term": {"en": "no trumps (NT)", "ru": "без козыря"},
            "text": {
                "en": "a contract without trumps: only following suit is required",
                "ru": "контракт без козырей: нужно только ходить в масть",
            },
        },
    ],
    "sources": [],
    "explore": {0: [{"players": 4, "context": SPADES, "plays": [[0, "10S"], [1, "9S"], [2, "QC"], [3, "JS"]]}]},
    "lesson": {
        "players": 4,
        "dealer": 3,
        "deal": {
            "hands": [
                ["9D", "7H", "JD", "QD", "9S", "KD", "KH", "7S"],
                ["8S", "QS", "JC", "10H", "QH", "8H", "9H", "AC"],
                ["7D", "9C", "AD", "10C", "JS", "AH", "AS", "QC"],
                ["KS", "JH", "8C", "7C", "8D", "10D", "10S", "KC"],
            ],
            "stock": [],
            "table": None,
            "shown": None,
        },
        "shows": {
            "en": (
                "You and a bot partner against two bots, and you bid first. You hold the jack, nine, king and "
                "queen of diamonds: the two best trumps and belote if diamonds become trumps."
            ),
            "ru": (
                "Вы с ботом-партнёром против двух ботов и торгуетесь первым. У вас валет, девятка, король и дама "
                "бубен: два старших козыря и белот, если бубны станут козырями."
            ),
        },
    },
}
