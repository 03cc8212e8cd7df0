"""Bailiff's rules page, built from the tables of ``engine/games/bailiff/tables.py`` (the explorer is
``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.bailiff.tables import (
    FULL_TABLE,
    HAND_SIZE,
    MIN_PLAYERS,
    MOVES,
    OPTIONS,
    RANK_ORDER,
    TOP_GROUPS,
    allowed_moves,
)
from engine.options import validate_options

EXPLORE_BEATS: dict[str, bool | None] = {
    "lead": None,
    "raise": True,
    "extend": False,
    "cover": True,
    "ace": True,
}
"""Whether each kind of move beats what it is laid on (a lead faces nothing; an extension matches)."""


# ---- the rules page ------------------------------------------------------------------------------------------

RANKS_RU: tuple[str, ...] = tuple({"J": "В", "Q": "Д", "K": "К", "A": "Т"}.get(r, r) for r in RANK_ORDER)
"""The rank order as Russian players write it."""

RULES_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal": "Do not be the last player left holding cards.",
        "players": "2 to 6 players; six is the classic game (the whole deck is dealt, no stock).",
        "deck": "36 cards, 6 to ace; suits play no role.",
        "titles": {
            "deck": "Deck and deal",
            "turn": "A turn",
            "stock": "The stock",
            "end": "The end",
        },
        "text": {
            "deck": [
                "The dealer is chosen by lot. Each player gets six cards; with fewer than six players the rest of the "
                "deck is the face-down stock. The player after the dealer leads.",
            ],
            "turn": [
                "The pile's top is a single card or a group of two to four cards of one rank laid side by side.",
                "On a single card: raise with one higher card of any suit, or extend with a card of the same rank.",
                "On a group of k: cover it with k cards, each higher than the group's rank (their ranks may differ); "
                "the pile is squared with the highest covering card on top, and the next player faces that card. "
                "Or cover a group of two or three with a single ace, or extend the group with one more card of its "
                "rank.",
                "Whenever an ace ends on top, the whole pile leaves play and the same player leads a new pile.",
                "Instead of laying a card a player may always take the whole pile into his hand; he must when he has "
                "nothing to lay. The next player then leads a new pile.",
            ],
            "stock": [
                "After every pile that leaves play and every take, each player with fewer than six cards draws up to "
                "six while the stock lasts, in turn order, starting with the player who played the ace or took the "
                "pile. "
                "A player with no cards while the stock lasts is skipped until the next refill.",
            ],
            "end": [
                "A player with no cards when the stock is empty is out, at the next place. The last player still "
                "holding cards loses; there are no draws. The score sheet counts each player's losses.",
            ],
        },
        "columns": {
            "order": ["", *RANK_ORDER],
            "lay": ["On top"],
            "moves": ["Move", "What it does"],
            "stock": ["Players", "Stock"],
        },
        "captions": {
            "order": "Ranks, low to high",
            "lay": "What may be laid on what",
            "moves": "The moves",
            "stock": "Cards left in the stock after the deal",
        },
        "order_row": "low → high",
        "ranks": RANK_ORDER,
        "top": {
            "none": "no pile",
            "1": "a single card",
            "2": "a group of 2",
            "3": "a group of 3",
            "4": "a group of 4",
        },
        "move_names": {m: m for m in MOVES},
        "moves": {
            "lead": "lay any one card to start a new pile",
            "raise": "lay one card of a higher rank (any suit) on a single card",
            "extend": "lay one card of the same rank beside the top, making a group of up to four",
            "cover": "lay k cards, each higher than the group's rank, on a group of k; the highest lands on top",
            "ace": "lay one ace on a group of two or three (four with the option) to send the pile away",
            "take": "pick up the whole pile (always allowed on a pile; compulsory when nothing else is)",
        },
        "yes": "yes",
        "no": "—",
    },
    "ru": {
        "goal": "Не остаться последним с картами на руках.",
        "players": "От 2 до 6 игроков; классическая игра — вшестером (раздаётся вся колода, прикупа нет).",
        "deck": "36 карт, от шестёрки до туза; масти роли не играют.",
        "titles": {
            "deck": "Колода и сдача",
            "turn": "Ход",
            "stock": "Прикуп",
            "end": "Конец игры",
        },
        "text": {
            "deck": [
                "Сдающий определяется жребием. Каждому сдаётся по шесть карт; если игроков меньше шести, остаток "
                "колоды лежит рубашкой вверх как прикуп. Первым ходит игрок слева от сдающего.",
            ],
            "turn": [
                "Сверху стопки лежит одна карта или группа из двух-четырёх карт одного достоинства, выложенных рядом.",
                "На одиночную карту: повысить — положить одну карту старше, любой масти, или расширить — положить "
                "рядом карту того же достоинства.",
                "На группу из k карт: покрыть её k картами, каждая старше группы (их достоинства могут различаться); "
                "стопку собирают так, что старшая покрывающая карта сверху, и следующий игрок отвечает на неё. "
                "Или покрыть группу из двух или трёх одним тузом, или расширить группу ещё одной картой её "
                "достоинства.",
                "Как только сверху оказывается туз, вся стопка уходит в отбой, и тот же игрок начинает новую стопку.",
                "Вместо хода игрок всегда может забрать всю стопку на руки; если положить нечего — обязан. "
                "Тогда новую стопку начинает следующий игрок.",
            ],
            "stock": [
                "После каждого отбоя и каждого взятия игроки, у кого меньше шести карт, добирают до шести из прикупа, "
                "пока он не кончится, по очереди, начиная с игрока, сыгравшего туза или взявшего стопку. "
                "Игрок без карт при непустом прикупе пропускает ход до следующего добора.",
            ],
            "end": [
                "Игрок, у которого не осталось карт при пустом прикупе, выходит из игры и занимает следующее место. "
                "Последний, у кого остались карты, проигрывает; ничьих нет. В записи считаются проигрыши игроков.",
            ],
        },
        "columns": {
            "order": ["", *RANKS_RU],
            "lay": ["Сверху"],
            "moves": ["Ход", "Что он делает"],
            "stock": ["Игроков", "Прикуп"],
        },
        "captions": {
            "order": "Старшинство карт, от младшей к старшей",
            "lay": "Что можно положить на что",
            "moves": "Ходы",
            "stock": "Карт в прикупе после сдачи",
        },
        "order_row": "младшая → старшая",
        "ranks": RANKS_RU,
        "top": {
            "none": "стопки нет",
            "1": "одиночная карта",
            "2": "группа из 2",
            "3": "группа из 3",
            "4": "группа из 4",
        },
        "move_names": {
            "lead": "начать",
            "raise": "повысить",
            "extend": "расширить",
            "cover": "покрыть",
            "ace": "туз",
            "take": "взять",
        },
        "moves": {
            "lead": "положить любую одну карту, начиная новую стопку",
            "raise": "положить на одиночную карту одну карту старше (любой масти)",
            "extend": "положить рядом карту того же достоинства; группа растёт до четырёх карт",
            "cover": "положить на группу столько же карт, сколько в ней, каждая старше группы; старшая ложится сверху",
            "ace": "положить одного туза на группу из двух или трёх (четырёх — по настройке): стопка уходит в отбой",
            "take": "забрать всю стопку (можно всегда, обязательно — когда больше нечего сделать)",
        },
        "yes": "да",
        "no": "—",
    },
}
"""The rules page's prose and headers per language; the cells come from the tables above."""

RULINGS: dict[str, list[dict[str, Any]]] = {
    "deck": [
        {
            "seed_ru": "Число игроков: 1",
            "seed": "Number of players: 1",
            "ours": {
                "en": "2 to 6 players, six being the classic game (the seed itself: you can play less players than 6).",
                "ru": "От 2 до 6 игроков, классическая игра — вшестером (так и в исходном тексте: играть можно и "
                "меньшим числом).",
            },
            "option": None,
        },
        {
            "seed_ru": "Сдающий определяется по желанию или по жребию",
            "seed": "The sender is determined at will or by lot",
            "ours": {
                "en": "The first dealer is drawn by lot; in the next game the seat after the previous dealer deals.",
                "ru": "Первого сдающего определяет жребий; в следующей партии сдаёт следующий за прежним сдающим.",
            },
            "option": None,
        },
    ],
    "turn": [
        {
            "seed_ru": "игрок может положить сразу две карты старше последней пары карт",
            "seed": "the player can put immediately two cards of the highest value of the last pair cards",
            "ours": {
                "en": "A group of k is covered by k cards, each higher than the group's rank; their ranks may differ.",
                "ru": "Группу из k карт кроют k картами, каждая старше достоинства группы; их достоинства могут быть "
                "разными.",
            },
            "option": None,
        },
        {
            "seed_ru": "покрытые карты и всё, что под ними, собираются в одну стопку так, чтобы верхняя из "
            "покрытых карт оказалась сверху",
            "seed": "the covered cards and everything under them are assembled in one pile so that the top of the "
            "covered cards is on top",
            "ours": {
                "en": "After a cover the highest covering card lies on top, and the next player answers that one card.",
                "ru": "После покрытия сверху лежит старшая из кроющих карт, и следующий игрок отвечает на неё одну.",
            },
            "option": None,
        },
        {
            "seed_ru": "Туз — единственная бьющая карта, которая может побить и две, и три карты",
            "seed": "Ace is the only beating card that can beat both two and three cards",
            "ours": {
                "en": "A single ace covers a group of two or three; a group of four only with the table option.",
                "ru": "Один туз кроет группу из двух или трёх карт; группу из четырёх — только при соответствующей "
                "настройке стола.",
            },
            "option": "ace_covers_four",
        },
        {
            "seed_ru": "Игрок, который кладёт туза, отправляет всю стопку карт в конец и начинает заново",
            "seed": "The player who leaves the ace sends the whole stack of cards to the end and starts again",
            "ours": {
                "en": "Any ace on top (a raise, a cover, even a lead) sends the pile out of play; the same player "
                "leads again, or the next player holding cards if he has none left.",
                "ru": "Любой туз сверху (повышение, покрытие, даже заход) отправляет стопку в отбой; тот же игрок "
                "заходит снова, а если у него не осталось карт — следующий игрок с картами.",
            },
            "option": None,
        },
        {
            "seed_ru": "Крыть карты не обязательно: образовавшуюся стопку карт можно взять из тактических соображений",
            "seed": "It is not necessary to cover maps, you can take the stack of cards formed for tactical reasons",
            "ours": {
                "en": "Taking the pile is always allowed while there is one, even when the player could answer.",
                "ru": "Взять стопку можно всегда, пока она есть, даже если игрок мог бы ответить.",
            },
            "option": None,
        },
    ],
    "stock": [
        {
            "seed_ru": "из которой игроки добирают карты до 6 после каждого отбоя или взятия",
            "seed": "from which players replenish the cards to 6 after each rebound or capture",
            "ours": {
                "en": "The refill runs in turn order from the player who played the ace or took the pile.",
                "ru": "Добор идёт по кругу, начиная с игрока, положившего туза или взявшего стопку.",
            },
            "option": None,
        },
    ],
    "end": [
        {
            "seed_ru": "Игра может затянуться, если осталось 2 игрока, а тузы уже все вышли",
            "seed": "The game can be protracted if there are 2 players remaining, and the Aces have already all left",
            "ours": {
                "en": "A turn limit (off by default) ends such a game for automated play: the player holding the "
                "most cards loses.",
                "ru": "Лимит ходов (по умолчанию выключен) завершает такую партию для игры ботов: проигрывает тот, "
                "у кого больше всего карт.",
            },
            "option": "max_turns",
        },
    ],
}
"""Where a ruling resolves an ambiguity: the seed's own words (English, as the seed) beside our reading in each
language."""


def _cell(yes: bool, texts: Mapping[str, Any]) -> dict[str, str]:
    return {"text": texts["yes"] if yes else texts["no"], "mark": "yes" if yes else "no"}


def rules(options: Mapping[str, Any] | None = None, lang: str = "en") -> dict[str, Any]:
    """The rules document for a table with these options, in ``lang`` ("en" or "ru"), built from the tables."""
    opts = validate_options(OPTIONS, options)
    t = RULES_TEXT[lang]
    tables: dict[str, dict[str, Any]] = {
        "order": {"rows": [[t["order_row"], *t["ranks"]]]},
        "lay": {
            "rows": [
                [t["top"][key], *(_cell(m in allowed_moves(group, opts), t) for m in MOVES)]
                for group, key in enumerate(TOP_GROUPS)
            ]
        },
        "moves": {"rows": [[t["move_names"][m], t["moves"][m]] for m in MOVES]},
        "stock": {"rows": [[str(n), str(36 - HAND_SIZE * n)] for n in range(MIN_PLAYERS, FULL_TABLE + 1)]},
    }
    columns = {tid: list(cols) for tid, cols in t["columns"].items()}
    columns["lay"] += [t["move_names"][m] for m in MOVES]
    placement = {"deck": ["order", "stock"], "turn": ["lay", "moves"], "stock": [], "end": []}
    sections = []
    for sid, table_ids in placement.items():
        sections.append(
            {
                "id": sid,
                "title": t["titles"][sid],
                "text": list(t["text"][sid]),
                "tables": [
                    {
                        "id": tid,
                        "caption": t["captions"][tid],
                        "columns": columns[tid],
                        "rows": tables[tid]["rows"],
                        "row_headers": True,
                        "notes": [],
                    }
                    for tid in table_ids
                ],
                "rulings": [{**r, "ours": r["ours"][lang]} for r in RULINGS.get(sid, [])],
            }
        )
    return {"goal": t["goal"], "players": t["players"], "deck": t["deck"], "sections": sections}
