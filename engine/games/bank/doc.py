"""Bank's rules page (``rules``), built from the tables of ``engine/games/bank/tables.py`` (the explorer is
``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.games.bank.tables import (
    AFTER_SEVEN,
    CARD_POINTS,
    CLASS_RULES,
    FOUR_OF_A_KIND_BONUS,
    HAND_SIZE,
    KING_BONUS,
    OPTIONS,
    PENALTIES,
    PLACE_BONUS,
    RANK_ORDER,
    RUN_BONUS,
    SAME_CLASS_RULES,
    same_class_rule,
)
from engine.messages import Message, msg, option
from engine.options import validate_options
from engine.trumps import TRUMP_SETUPS

LAY_RULES: dict[str, tuple[str, str]] = {
    "one-less": ("one value less in the same suit", "на одно достоинство меньше той же масти"),
    "same-rank": ("the same rank in another suit", "карта того же достоинства другой масти"),
    "six": (
        "a six of the top card's suit, whatever its rank",
        "шестёрка той же масти, что и верхняя карта, на любое достоинство",
    ),
    "eight": (
        "an eight, on anything, followed by a card laid on it",
        "восьмёрка — на что угодно, и на неё сразу кладётся ещё карта",
    ),
    "higher-any": (
        "a card of a higher class (a trump on an ordinary card, a senior on a junior trump) on anything",
        "карта старшего класса (козырь на простую, старший козырь на младший) — на что угодно",
    ),
    "higher-one-less": (
        "a card of a higher class on a card one value higher, of any suit",
        "карта старшего класса — на карту на одно достоинство выше любой масти",
    ),
    "lower": (
        "a card of a lower class only by the same rank (or an eight)",
        "карта младшего класса — только того же достоинства (или восьмёрка)",
    ),
}
"""The lay rules (``SAME_CLASS_RULES`` and ``CLASS_RULES``) in words, English and Russian."""


PENALTY_AMOUNT: dict[str, str] = {
    "hand-points-plus-fixed": "fixed_penalty",
    "fixed-replaces": "fixed_penalty",
    "hand-points-plus-per-card": "card_penalty",
}
"""The penalties that take an amount from another option."""


@dataclass(frozen=True)
class Chosen:
    """A paragraph saying what this table chose for an option, in the catalog's words (``bank.rules.<option>``
    with the choice's ``option.bank.<option>.choice.<value>``)."""

    option: str


SHORT_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "trumps": {
        "own": ("own trumps", "свои козыри"),
        "none": ("no trumps", "без козырей"),
        "one": ("one trump suit", "одна козырная масть"),
        "two": ("two trump suits", "две козырные масти"),
        "senior-junior": ("senior and junior", "старшие и младшие"),
    },
    "classes": {
        "higher-any": ("higher class", "старший класс"),
        "higher-one-less": ("higher class, one less", "старший класс, на одну меньше"),
        "lower": ("lower class", "младший класс"),
    },
    "after_seven": {
        "skip": ("skip", "пропуск хода"),
        "draw-and-play": ("draw, then play", "добор и ход"),
        "skip-and-draw": ("draw and skip", "добор и пропуск хода"),
        "nothing": ("nothing", "ничего"),
    },
    "penalty": {
        "hand-points": ("card points", "очки карт"),
        "none": ("nothing", "ничего"),
        "hand-points-plus-fixed": ("card points + fixed", "очки карт + штраф"),
        "hand-points-plus-per-card": ("card points + per card", "очки карт + за карту"),
        "fixed-replaces": ("fixed only", "только штраф"),
    },
}
"""A choice or rule by a short name in the players' words, as the first cell of its row (what it means beside it:
the catalog's ``option.bank.<name>.choice.<value>`` text, or the lay rule's words)."""

RANK_WORDS: dict[str, dict[str, str]] = {"ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}
"""Ranks as the page's language writes them (English: as the engine does)."""

TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal": "Be the first to reach {target} points by winning banks: a player who cannot lay a card on yours "
        "gives you the bank.",
        "players": "2 to 4 players.",
        "deck": "36 cards, 6 to ace; rank order 6 7 8 9 J Q K 10 A.",
        "cards": "Cards and points",
        "cards_text": [
            "The rank order, lowest first: {order}. 'One value less' means the next lower rank in this order: "
            "A→10, 10→K, K→Q, Q→J, J→9, 9→8, 8→7, 7→6.",
            "Only cards in banks won count for the score: {total} points in the deck.",
        ],
        "points_caption": "Card points",
        "rank": "rank",
        "points": "points",
        "deal": "Dealing and the first move",
        "deal_text": [
            "The first dealer is drawn by lot. Each player gets {hand} cards, one card is laid face up in the centre "
            "(it starts the first bank), the rest is the stock.",
            "The first move goes to the player holding the nearest card below the centre card in its suit; if "
            "nobody has one, to the player holding the nearest card above it; if nobody holds the suit, to the "
            "player left of the dealer.",
            Chosen("next_dealer"),
        ],
        "trumps": "Trumps",
        "trumps_text": [
            Chosen("trumps"),
            "A card's class: 0 ordinary, 1 trump (junior trump), 2 senior trump. With own trumps a card is a trump "
            "only for the player who owns its suit, when he lays it and while it lies on top.",
        ],
        "setups_caption": "The five trump set-ups",
        "setup": "set-up",
        "meaning": "meaning",
        "laying": "What may be laid on the top card",
        "laying_text": [
            "On his turn a player lays one card, or one of the combinations below, on the top card of the bank.",
            "Between cards of the same class: " + "; ".join(LAY_RULES[k][0] for k in SAME_CLASS_RULES) + ".",
        ],
        "lay_caption": "Cards of the same class that may be laid on a top card (any suit ♠ for the example)",
        "top": "top card",
        "same_suit": "same suit",
        "other_suit": "another suit",
        "class_caption": "Trump classes",
        "rule": "rule",
        "combos": "Eights and combinations",
        "combos_text": [
            "An eight may be laid on anything; then the same player lays a card on the eight ({eight}). If that "
            "card is an eight too, another card follows it.",
            "Four of a kind may be laid at any time, in any order; the last card is the new top and the turn passes. "
            "Four kings laid in one move: {kings}.",
            "Four in a row (one suit, consecutive ranks of the order above, exactly four) may be laid when its "
            "highest or lowest card may be laid on the top card; it is laid from that end and the other end is the "
            "new top.",
        ],
        "eight_required": "he must when he can",
        "eight_optional": "he may stop after the eight",
        "kings_layer": "their player takes the bank at once",
        "kings_coverer": "the player who lays a card on them takes the bank",
        "turn": "A turn, drawing and sevens",
        "turn_text": [
            "A player who can lay a card must ({may_pass}). One who cannot draws one card from the stock and lays "
            "it (or any card) if he now can; otherwise he passes. With an empty stock he passes at once.",
            Chosen("after_seven"),
        ],
        "may_pass_yes": "at this table he may pass instead",
        "may_pass_no": "passing is allowed only when he cannot",
        "sevens_caption": "What a seven does",
        "bank": "Winning the bank",
        "bank_text": [
            "When a player cannot lay a card on the top card and passes, the player who laid that card takes the "
            "whole bank: its cards go to his pile and count for him.",
            "A bank of a single card laid by that player is not taken, and the centre card alone is never taken.",
            "The top card of a won bank stays as the reference card: the next player starts a new bank with a "
            "card that may be laid on it.",
            "A player who goes out with a king that is a trump for him takes the bank too.",
        ],
        "end": "End of a hand and scoring",
        "end_text": [
            "A player who lays his last card goes out at the next place (1st, 2nd, 3rd), even with cards in the "
            "stock. The hand ends when one player still holds cards, or when the stock is empty and every player "
            "still in passes in turn. Whoever still holds cards loses the hand.",
            "A bank left on the table goes to the owner of its top card (a one-card bank of his own, or the centre "
            "card, is set aside).",
            Chosen("penalty"),
        ],
        "bonus_caption": "Bonuses for going out (they add up)",
        "place": "place",
        "base": "going out",
        "king": "last card a king",
        "run": "last move four in a row",
        "four_note": "Going out with four of a kind, not kings: +{four}. The last player with cards gets no bonus.",
        "penalty_caption": "Cards left in a loser's hand",
        "game": "End of the game",
        "game_text": [
            "After each hand, if someone has at least {target} points, the highest total wins. If the highest "
            "totals are equal, another hand is played by everybody until one total is highest.",
        ],
        "rulings": {
            "first": (
                "The first move belongs to the player who has a card of the same suit, but only of a lesser value "
                "than the card in the center of the table.",
                "The holder of the nearest lower card of the centre card's suit moves first; if none, the holder of "
                "the nearest higher one; if nobody holds the suit, the player left of the dealer.",
                None,
            ),
            "next_dealer": (
                "the deliverer in the next installment is any of the five options as agreed between the players",
                "Chosen by a table option; ties go to the first such player clockwise from the previous dealer's left.",
                "next_dealer",
            ),
            "eight": (
                "Players are allowed to put a figure eight at any time and after that lay out another card "
                "according to the rules.",
                "The same player lays a card on the eight in the same move; if he cannot, the eight stays on top "
                "and his turn ends without drawing.",
                "eight_follow_up",
            ),
            "trump": (
                "regular cards do not beat trump cards ... cards of the same denomination are allowed to overlap",
                "A higher class may be laid on anything; the same class follows the usual rules; a lower class only "
                "by the same rank (or an eight).",
                "trump_beat",
            ),
            "four": (
                "allowed to put at any time 4 cards of the same value, after laying out which, another move is "
                "made according to the rules",
                "The turn passes: the next player must lay a card on the last of the four.",
                None,
            ),
            "kings": (
                "If the player covers four kings put in one turn, then the player takes the pot himself.",
                "The player who lays four kings in one move takes the bank at once.",
                "four_kings",
            ),
            "run": (
                "4 cards that go consecutively, while the oldest or lowest card in the combination beats or "
                "spreads on the card in the bank",
                "Exactly four cards of one suit in a row, laid from the end that may be laid on the top card.",
                None,
            ),
            "pass": (
                "If the player can not be like after the move is given to him, then he takes one card from the deck",
                "Drawing and passing only when a player cannot lay a card.",
                "may_pass_when_able",
            ),
            "take": (
                "If your opponent who interrupts your card can not interrupt it, even after he took the card from "
                "the deck, you take the pot to yourself.",
                "The player who laid the top card takes the bank when the next player to answer it passes.",
                None,
            ),
            "single": (
                "A bank from one card can not be withdrawn if it's your card, not a card from the deck.",
                "A bank of one card laid by the player himself is not taken; the centre card alone never is.",
                None,
            ),
            "reference": (
                "the next card in the bank becomes the player's card that makes the next move, and the move is "
                "made taking into account the last top card that was in the pot",
                "The top card of a won bank stays as a reference card for the next player's move.",
                None,
            ),
            "penalty": (
                "option a) for each card without glasses or option b) in the absence of them",
                "Read as 'hand points plus a fixed penalty' or 'plus a penalty per card'; the fixed penalty alone "
                "is a third choice of the same option.",
                "penalty",
            ),
            "end_bank": (
                "(the seed is silent about a bank left on the table)",
                "It goes to the owner of its top card, as if the next player had failed.",
                None,
            ),
            "tie": (
                "If the number of points for the winners is equal, then another game is played to identify the winner",
                "Another hand is played by everybody until one total of at least the target is the highest.",
                None,
            ),
        },
    },
    "ru": {
        "goal": "Первым набрать {target} очков, выигрывая банки: игрок, который не может покрыть вашу карту, "
        "отдаёт вам банк.",
        "players": "От 2 до 4 игроков.",
        "deck": "36 карт, от шестёрки до туза; старшинство 6 7 8 9 В Д К 10 Т.",
        "cards": "Карты и очки",
        "cards_text": [
            "Старшинство от младшей: {order}. «На одно достоинство меньше» — следующая младшая карта в этом "
            "порядке: Т→10, 10→К, К→Д, Д→В, В→9, 9→8, 8→7, 7→6.",
            "Очки приносят только карты выигранных банков: {total} очка в колоде.",
        ],
        "points_caption": "Очки карт",
        "rank": "достоинство",
        "points": "очки",
        "deal": "Сдача и первый ход",
        "deal_text": [
            "Первый сдающий определяется жребием. Каждому сдаётся по {hand} карты, одна карта кладётся открытой "
            "в центр (с неё начинается первый банк), остальное — колода.",
            "Первым ходит игрок с ближайшей младшей картой той же масти, что и карта в центре; если такой нет — "
            "с ближайшей старшей; если масти нет ни у кого — игрок слева от сдающего.",
            Chosen("next_dealer"),
        ],
        "trumps": "Козыри",
        "trumps_text": [
            Chosen("trumps"),
            "Класс карты: 0 — простая, 1 — козырь (младший козырь), 2 — старший козырь. При своих козырях карта "
            "козырная только для хозяина масти — когда он её кладёт и пока она лежит сверху.",
        ],
        "setups_caption": "Пять вариантов козырей",
        "setup": "вариант",
        "meaning": "смысл",
        "laying": "Что можно положить на верхнюю карту",
        "laying_text": [
            "В свой ход игрок кладёт на верхнюю карту банка одну карту или одну из комбинаций ниже.",
            "Между картами одного класса: " + "; ".join(LAY_RULES[k][1] for k in SAME_CLASS_RULES) + ".",
        ],
        "lay_caption": "Карты того же класса, которые можно положить на верхнюю карту (пример в пиках ♠)",
        "top": "верхняя карта",
        "same_suit": "та же масть",
        "other_suit": "другая масть",
        "class_caption": "Классы козырей",
        "rule": "правило",
        "combos": "Восьмёрки и комбинации",
        "combos_text": [
            "Восьмёрку можно положить на что угодно; затем тот же игрок кладёт карту на восьмёрку ({eight}). "
            "Если и это восьмёрка, на неё кладётся ещё карта.",
            "Четыре карты одного достоинства можно выложить в любой момент, в любом порядке; последняя становится "
            "верхней, ход переходит дальше. Четыре короля одним ходом: {kings}.",
            "Четыре подряд (одна масть, ровно четыре карты подряд в порядке выше) можно выложить, если старшую или "
            "младшую из них можно положить на верхнюю карту; выкладываются с этого конца, другой конец становится "
            "верхним.",
        ],
        "eight_required": "обязан, если может",
        "eight_optional": "может остановиться на восьмёрке",
        "kings_layer": "их хозяин сразу забирает банк",
        "kings_coverer": "банк забирает тот, кто покроет их",
        "turn": "Ход, добор и семёрки",
        "turn_text": [
            "Игрок, который может положить карту, обязан это сделать ({may_pass}). Кто не может — берёт карту из "
            "колоды и кладёт её (или любую карту), если теперь может; иначе пасует. Если колода пуста — пасует сразу.",
            Chosen("after_seven"),
        ],
        "may_pass_yes": "за этим столом можно и спасовать",
        "may_pass_no": "пас — только когда ходить нечем",
        "sevens_caption": "Что делает семёрка",
        "bank": "Взятие банка",
        "bank_text": [
            "Если игрок не может покрыть верхнюю карту и пасует, игрок, положивший её, забирает весь банк: карты "
            "уходят в его стопку и приносят ему очки.",
            "Банк из одной карты самого игрока не забирается, а одна карта из центра не забирается никогда.",
            "Верхняя карта взятого банка остаётся опорной: следующий игрок начинает новый банк картой, которую "
            "можно положить на неё.",
            "Игрок, вышедший козырным для себя королём, тоже забирает банк.",
        ],
        "end": "Конец партии и подсчёт",
        "end_text": [
            "Игрок, положивший последнюю карту, выходит следующим по счёту (1-й, 2-й, 3-й), даже если колода не "
            "пуста. Партия кончается, когда карты остались у одного игрока или когда колода пуста и все оставшиеся "
            "подряд пасуют. Кто остался с картами — проиграл партию.",
            "Банк, оставшийся на столе, получает хозяин верхней карты (банк из одной своей карты или карта из "
            "центра откладываются).",
            Chosen("penalty"),
        ],
        "bonus_caption": "Премии за выход (складываются)",
        "place": "место",
        "base": "выход",
        "king": "последняя карта — король",
        "run": "последний ход — четыре подряд",
        "four_note": "Выход четырьмя картами одного достоинства, кроме королей: +{four}. Последний с картами премии "
        "не получает.",
        "penalty_caption": "Карты на руках проигравшего",
        "game": "Конец игры",
        "game_text": [
            "После каждой партии, если кто-то набрал не меньше {target} очков, побеждает набравший больше всех. "
            "При равенстве лучших сумм все играют ещё партию, пока одна сумма не станет наибольшей.",
        ],
    },
}

SEED_RU: dict[str, str] = {
    "first": "Ближайшая младшая карта масти центральной, иначе ближайшая старшая, иначе игрок слева от сдающего.",
    "next_dealer": "Выбирается настройкой стола; при равенстве — первый такой игрок по часовой стрелке от сдававшего.",
    "eight": "Тот же игрок сразу кладёт карту на восьмёрку; если не может, восьмёрка остаётся сверху, ход "
    "кончается без добора.",
    "trump": "Старший класс — на что угодно; тот же класс — по обычным правилам; младший — только того же "
    "достоинства (или восьмёрка).",
    "four": "Ход переходит: следующий кладёт карту на последнюю из четырёх.",
    "kings": "Выложивший четырёх королей одним ходом сразу забирает банк.",
    "run": "Ровно четыре карты одной масти подряд, с того конца, который ложится на верхнюю карту.",
    "pass": "Добор и пас — только когда нечем ходить.",
    "take": "Банк забирает положивший верхнюю карту, когда следующий отвечающий пасует.",
    "single": "Банк из одной своей карты не забирается; одна центральная карта — никогда.",
    "reference": "Верхняя карта взятого банка остаётся опорной для следующего хода.",
    "penalty": "Очки карт плюс фиксированный штраф или плюс штраф за карту; только фиксированный штраф — третий "
    "вариант той же настройки.",
    "end_bank": "Достаётся хозяину верхней карты, как если бы следующий не смог покрыть.",
    "tie": "Все играют ещё партию, пока одна сумма не меньше цели не станет наибольшей.",
}
"""Our readings in Russian, beside the seed's (English, machine-translated) words."""

SECTION_RULINGS: dict[str, tuple[str, ...]] = {
    "deal": ("first", "next_dealer"),
    "laying": ("trump",),
    "combos": ("eight", "four", "kings", "run"),
    "turn": ("pass",),
    "bank": ("take", "single", "reference"),
    "end": ("end_bank", "penalty"),
    "game": ("tie",),
}


def _rank(rank: int, lang: str = "en") -> str:
    text = Card(rank, 0).rank_text
    return RANK_WORDS.get(lang, {}).get(text, text)


def _short(group: str, name: str, lang: str) -> str:
    return SHORT_NAMES[group][name][1 if lang == "ru" else 0]


def _choice(name: str, value: str) -> Message:
    """What a choice of an option means, in the catalog's words (``option.bank.<name>.choice.<value>``)."""
    return msg(f"option.bank.{name}.choice.{value}")


def lay_table(lang: str = "en") -> dict[str, Any]:
    """What may be laid on what between cards of the same class, read from ``same_class_rule``."""
    t = TEXT[lang]
    rows = []
    for top_rank in reversed(RANK_ORDER):
        top = Card(top_rank, 3)
        same = [_rank(r, lang) for r in RANK_ORDER if r != top_rank and same_class_rule(Card(r, 3), top)]
        other = [_rank(r, lang) for r in RANK_ORDER if same_class_rule(Card(r, 0), top)]
        rows.append([_rank(top_rank, lang) + "♠", ", ".join(same), ", ".join(other)])
    return {
        "id": "lay",
        "caption": t["lay_caption"],
        "columns": [t["top"], t["same_suit"], t["other_suit"]],
        "rows": rows,
        "row_headers": True,
        "notes": [],
    }


def rules(options: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """The rules document for a table with ``options`` (validated), in ``lang`` ("en" or "ru")."""
    options = validate_options(OPTIONS, options)
    lang = lang if lang in TEXT else "en"
    t = {**TEXT["en"], **TEXT[lang]}
    target = options["target"]
    order = " ".join(_rank(r, lang) for r in RANK_ORDER)
    fmt = {
        "target": target,
        "order": order,
        "total": sum(CARD_POINTS.values()) * 4,
        "hand": HAND_SIZE,
        "eight": t["eight_required" if options["eight_follow_up"] == "required" else "eight_optional"],
        "kings": t["kings_layer" if options["four_kings"] == "layer-takes" else "kings_coverer"],
        "may_pass": t["may_pass_yes" if options["may_pass_when_able"] else "may_pass_no"],
        "four": FOUR_OF_A_KIND_BONUS,
        "max_hands": options["max_hands"],
    }
    limit = (
        msg("bank.rules.no_hand_limit", option=option("max_hands"))
        if options["max_hands"] is None
        else msg("bank.rules.hand_limit", hands=options["max_hands"], target=target, option=option("max_hands"))
    )

    def chosen(paragraph: Chosen) -> Message:
        name = paragraph.option
        amount = PENALTY_AMOUNT.get(options[name]) if name == "penalty" else None
        if amount:
            return msg(
                "bank.rules.penalty.amount",
                choice=_choice(name, options[name]),
                option=option(amount),
                amount=_choice(amount, options[amount]),
            )
        return msg(f"bank.rules.{name}", choice=_choice(name, options[name]))

    def text(key: str) -> list[Any]:
        paragraphs = [chosen(p) if isinstance(p, Chosen) else p.format(**fmt) for p in t[key]]
        return paragraphs + ([limit] if key == "game_text" else [])

    def mark(group: str, name: str, chosen: str) -> dict[str, str]:
        return {"text": _short(group, name, lang), "mark": "yes" if name == chosen else "no"}

    points_table = {
        "id": "points",
        "caption": t["points_caption"],
        "columns": [t["rank"], *(_rank(r, lang) for r in reversed(RANK_ORDER))],
        "rows": [[t["points"], *(str(CARD_POINTS[r]) for r in reversed(RANK_ORDER))]],
        "row_headers": True,
        "notes": [],
    }
    setups_table = {
        "id": "setups",
        "caption": t["setups_caption"],
        "columns": [t["setup"], t["meaning"]],
        "rows": [[mark("trumps", k, options["trumps"]), _choice("trumps", k)] for k in TRUMP_SETUPS],
        "row_headers": True,
        "notes": [],
    }
    class_rules = [
        k for k in CLASS_RULES if k != ("higher-one-less" if options["trump_beat"] == "any" else "higher-any")
    ]
    class_table = {
        "id": "classes",
        "caption": t["class_caption"],
        "columns": [t["rule"], t["meaning"]],
        "rows": [[_short("classes", k, lang), LAY_RULES[k][1 if lang == "ru" else 0]] for k in class_rules],
        "row_headers": True,
        "notes": [],
    }
    sevens_table = {
        "id": "sevens",
        "caption": t["sevens_caption"],
        "columns": [msg("common.text", text=option("after_seven")), t["meaning"]],
        "rows": [[mark("after_seven", k, options["after_seven"]), _choice("after_seven", k)] for k in AFTER_SEVEN],
        "row_headers": True,
        "notes": [],
    }
    bonus_table = {
        "id": "bonuses",
        "caption": t["bonus_caption"],
        "columns": [t["place"], t["base"], t["king"], t["run"]],
        "rows": [
            [msg(f"bank.place.{p}"), f"+{PLACE_BONUS[p]}", f"+{KING_BONUS[p]}", f"+{RUN_BONUS[p]}"]
            for p in sorted(PLACE_BONUS)
        ],
        "row_headers": True,
        "notes": [t["four_note"].format(**fmt)],
    }
    penalty_table = {
        "id": "penalties",
        "caption": t["penalty_caption"],
        "columns": [msg("common.text", text=option("penalty")), t["meaning"]],
        "rows": [[mark("penalty", k, options["penalty"]), _choice("penalty", k)] for k in PENALTIES],
        "row_headers": True,
        "notes": [],
    }
    tables = {
        "cards": [points_table],
        "trumps": [setups_table],
        "laying": [lay_table(lang), class_table],
        "turn": [sevens_table],
        "end": [bonus_table, penalty_table],
    }
    sections = []
    for sid in ("cards", "deal", "trumps", "laying", "combos", "turn", "bank", "end", "game"):
        sections.append(
            {
                "id": sid,
                "title": t[sid],
                "text": text(f"{sid}_text") if f"{sid}_text" in t else [],
                "tables": tables.get(sid, []),
                "rulings": [_ruling(key, lang) for key in SECTION_RULINGS.get(sid, ())],
            }
        )
    return {
        "goal": t["goal"].format(**fmt),
        "players": t["players"],
        "deck": t["deck"],
        "sections": sections,
    }


RULE_TEXT_RU: dict[str, str] = {
    "first": (
        "Первый ход принадлежит игроку, у которого есть карта той же масти, но только младше карты в центре стола."
    ),
    "next_dealer": "сдающий в следующей партии — любой из пяти вариантов, по договорённости между игроками",
    "eight": "Игрокам разрешено класть восьмёрку в любой момент и после этого выкладывать ещё одну карту по правилам.",
    "trump": "простые карты козырей не бьют … карты одного достоинства разрешено накладывать друг на друга",
    "four": (
        "разрешено класть в любой момент 4 карты одного достоинства, после выкладывания которых делается ещё "
        "один ход по правилам"
    ),
    "kings": "Если игрок кроет четырёх королей, положенных за один ход, то банк забирает себе сам игрок.",
    "run": (
        "4 карты, идущие подряд, при этом старшая или младшая карта комбинации бьёт карту в банке или ложится на неё"
    ),
    "pass": "Если игрок не может сходить, после того как ход передан ему, он берёт одну карту из колоды",
    "take": (
        "Если соперник, который перебивает вашу карту, не может её перебить даже после того, как взял карту "
        "из колоды, банк забираете вы."
    ),
    "single": "Банк из одной карты забрать нельзя, если это ваша карта, а не карта из колоды.",
    "reference": (
        "следующей картой в банке становится карта игрока, делающего следующий ход, и ход делается с учётом "
        "последней верхней карты, которая была в банке"
    ),
    "penalty": "вариант а) за каждую карту без очков или вариант б) при их отсутствии",
    "end_bank": "(в исходном тексте о банке, оставшемся на столе, ничего не сказано)",
    "tie": "Если у победителей поровну очков, то для выявления победителя играется ещё одна партия",
}
"""The rule text each ruling quotes, in our faithful Russian (the Russian page shows it; the English page the
original English words)."""


def _ruling(key: str, lang: str) -> dict[str, Any]:
    seed, ours, option = TEXT["en"]["rulings"][key]
    return {
        "seed": seed,
        "seed_ru": RULE_TEXT_RU[key],
        "ours": SEED_RU[key] if lang == "ru" else ours,
        "option": option,
    }
