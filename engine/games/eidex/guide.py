"""Eidex: "How to play" for the rules page — a short read in plain words (English and Russian), with the cards
drawn in the Eidex suits. Plain data (docs/rules-page.md, "How to play"); ``tests/test_rules_guide.py`` lays every
trick in the game's explorer and holds it to the ``winner`` written here.
"""

from __future__ import annotations

from typing import Any

RAVEN = {"trump": "S", "mode": "trump"}
"""The guide's hand: Raven (♠) is trump."""

GUIDE: dict[str, Any] = {
    "sections": [
        {
            "id": "aim",
            "title": {"en": "The aim", "ru": "Цель"},
            "text": [
                {
                    "en": "Three players, each for himself. Be the first to 7 victory points. Every hand gives out "
                    "2: one to the player with the most card points and one to the player with the fewest — but "
                    "nothing to anyone who reaches 100.",
                    "ru": "Трое игроков, каждый за себя. Нужно первым набрать 7 победных очков. Каждая сдача даёт "
                    "2: одно — набравшему больше всех карточных очков, одно — набравшему меньше всех, но ничего "
                    "тому, кто дошёл до 100.",
                }
            ],
        },
        {
            "id": "deal",
            "title": {"en": "The deal and the face-down card", "ru": "Сдача и карта втёмную"},
            "text": [
                {
                    "en": "Each player gets 12 cards. The dealer's last card is shown to all: its suit is trump for "
                    "the hand. The suits are Eidex (♣), Raven (♠), Star (♦) and Heart (♥). Then everybody lays one "
                    "card face down: it is not played, but its points count for him at the end. That leaves 11 "
                    "tricks.",
                    "ru": "Каждому сдают по 12 карт. Последняя карта сдающего показывается всем: её масть — козырь "
                    "на эту сдачу. Масти: Эйдекс (♣), Вороны (♠), Звёзды (♦) и Сердца (♥). Затем каждый кладёт "
                    "одну карту рубашкой вверх: она не играет, но её очки в конце засчитываются ему. Остаётся 11 "
                    "взяток.",
                }
            ],
        },
        {
            "id": "turn",
            "title": {"en": "A trick", "ru": "Взятка"},
            "text": [
                {
                    "en": "The player after the dealer leads; the taker of a trick leads the next. "
                    "Follow suit if you can — but you may always trump instead. Once someone has trumped "
                    "a trick of another suit, you may not lay a lower trump (unless you hold only trumps). "
                    "On a trump lead you must lay a trump; the trump jack need not be laid if it is your "
                    "only one. The highest trump takes, otherwise the highest card of the suit led.",
                    "ru": "Первым ходит игрок после сдающего, дальше — взявший взятку. Ходите в масть, "
                    "если можете, — но козырять можно всегда. Если взятку другой масти уже покозырили, "
                    "нельзя класть козырь младше (если на руке не одни козыри). На ход козырем нужно "
                    "класть козырь; козырного валета можно не класть, если он у вас единственный. Берёт "
                    "старший козырь, а без козырей — старшая карта масти хода.",
                }
            ],
            "cards": [
                {
                    "cards": ["JS", "9S", "AS", "KS", "QS", "10S", "8S", "7S", "6S"],
                    "labels": ["20", "14", "11", "4", "3", "10", "0", "0", "0"],
                    "caption": {
                        "en": "Trumps, highest first, with their points: the jack, then the nine.",
                        "ru": "Козыри от старшего, с очками: валет, потом девятка.",
                    },
                },
                {
                    "cards": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"],
                    "labels": ["11", "4", "3", "2", "10", "0", "0", "0", "0"],
                    "caption": {
                        "en": "Any other suit, highest first, with its points.",
                        "ru": "Любая другая масть от старшей карты, с очками.",
                    },
                },
                {
                    "plays": [[0, "KH"], [1, "AH"], [2, "6S"]],
                    "context": RAVEN,
                    "winner": 2,
                    "caption": {
                        "en": "Ravens are trump. Player 3 may trump even holding hearts: the lowest trump takes.",
                        "ru": "Козырь — Вороны. Игрок 3 может козырять, даже имея Сердца: берёт и младший козырь.",
                    },
                },
                {
                    "plays": [[0, "9S"], [1, "JS"], [2, "KS"]],
                    "context": RAVEN,
                    "winner": 1,
                    "caption": {
                        "en": "A trump lead: the trump jack beats the nine, the highest trumps.",
                        "ru": "Ход козырем: козырный валет бьёт девятку — это два старших козыря.",
                    },
                },
            ],
        },
        {
            "id": "score",
            "title": {"en": "Victory points", "ru": "Победные очки"},
            "text": [
                {
                    "en": "Each player counts the card points of his tricks and his face-down card; the last trick "
                    "adds 5 (157 in a hand). The most and the fewest get 1 victory point each, the middle player "
                    "none. Whoever reaches 100 gets nothing and the other two get 1 each. If two tie, the third "
                    "gets 2. Whoever takes all 11 tricks (a match) gets 2.",
                    "ru": "Каждый считает карточные очки своих взяток и своей карты втёмную; последняя взятка "
                    "добавляет 5 (157 за сдачу). Больше всех и меньше всех получают по победному очку, средний — "
                    "ничего. Дошедший до 100 не получает ничего, двое других — по одному. Если двое равны, третий "
                    "получает 2. Взявший все 11 взяток (матч) получает 2.",
                }
            ],
        },
        {
            "id": "end",
            "title": {"en": "The end", "ru": "Конец игры"},
            "text": [
                {
                    "en": "The first to 7 victory points wins; two reaching 7 together do not win, and play goes "
                    "on. When all three stand at 6, the next hand decides at once. The deal passes on after every "
                    "hand.",
                    "ru": "Побеждает первый, набравший 7 победных очков; если двое набрали 7 одновременно, победы "
                    "нет, игра продолжается. Когда у всех троих по 6, следующая сдача решает сразу. Сдача каждый "
                    "раз переходит к следующему.",
                }
            ],
        },
    ],
    "glossary": [
        {
            "term": {"en": "victory point", "ru": "победное очко"},
            "text": {
                "en": "what the game is counted in: 2 are given out each hand, 7 win",
                "ru": "в них ведётся счёт игры: за сдачу раздают 2, для победы нужно 7",
            },
        },
        {
            "term": {"en": "card points", "ru": "карточные очки"},
            "text": {
                "en": "the value of the cards a player took in one hand (157 in all)",
                "ru": "стоимость карт, взятых игроком за сдачу (всего 157)",
            },
        },
        {
            "term": {"en": "limit", "ru": "предел"},
            "text": {
                "en": "100 card points: a player who reaches it gets no victory point",
                "ru": "100 карточных очков: дошедший до него не получает победного очка",
            },
        },
        {
            "term": {"en": "shown card", "ru": "открытая карта"},
            "text": {
                "en": "the dealer's last card, shown to all; its suit is trump",
                "ru": "последняя карта сдающего, показанная всем; её масть — козырь",
            },
        },
        {
            "term": {"en": "face-down card (drücken)", "ru": "карта втёмную (drücken)"},
            "text": {
                "en": "the one card each player lays aside unseen; its points count for him",
                "ru": "одна карта, которую каждый откладывает рубашкой вверх; её очки засчитываются ему",
            },
        },
        {
            "term": {"en": "Puur", "ru": "Пур"},
            "text": {
                "en": "the trump jack, the highest card",
                "ru": "козырный валет, самая старшая карта",
            },
        },
        {
            "term": {"en": "Match", "ru": "матч"},
            "text": {
                "en": "all 11 tricks to one player: 2 victory points",
                "ru": "все 11 взяток у одного игрока: 2 победных очка",
            },
        },
        {
            "term": {"en": "Eidex, Raven, Star, Heart", "ru": "Эйдекс, Вороны, Звёзды, Сердца"},
            "text": {
                "en": "the Eidex suits: clubs, spades, diamonds, hearts",
                "ru": "масти Эйдекса: трефы, пики, бубны, червы",
            },
        },
    ],
    "sources": [],
    "explore": {
        0: [
            {"players": 3, "context": RAVEN, "plays": [[1, "9S"], [2, "JS"], [0, "KS"]]},
            {"players": 3, "context": RAVEN, "plays": [[2, "AC"], [0, "6S"], [1, "7C"]]},
        ]
    },
    "lesson": {
        "players": 3,
        "dealer": 2,
        "deal": {
            "hands": [
                ["6C", "7H", "JD", "9H", "AS", "7C", "7S", "JH", "8D", "QD", "6D", "KS"],
                ["10H", "AD", "QS", "9S", "AC", "9C", "8H", "6S", "KH", "8S", "9D", "10S"],
                ["KC", "JC", "7D", "10D", "10C", "JS", "QC", "6H", "KD", "8C", "AH", "QH"],
            ],
            "stock": [],
            "table": None,
            "shown": "QH",
        },
        "shows": {
            "en": (
                "You against two bots. The dealer shows the queen of the trump suit; you hold its jack and nine, "
                "the two best trumps: see what to lay face down and when to spend them."
            ),
            "ru": (
                "Вы против двух ботов. Сдающий показывает даму козырной масти; у вас её валет и девятка — два "
                "старших козыря: посмотрите, что положить рубашкой вверх и когда их разыгрывать."
            ),
        },
    },
}
