"""Ass: the rules document, read from the engine's own tables (docs/engine.md); the explorer is ``explore.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, Card
from engine.games.ass.options import OPTIONS
from engine.games.ass.play import (
    ALWAYS,
    LEAD_ONLY,
    METHODS,
    OTHER_SUIT_BEATS,
    RANK_ORDER,
    SAME_SUIT_BEATS,
    SEED_EXAMPLES,
    Play,
    Trick,
    trump_beats,
)
from engine.games.ass.score import (
    BANK_CHANGE,
    CARD_POINTS,
    COMBINATIONS,
    DECK_POINTS,
    FOUR_OF_A_SUIT_BONUS,
    TARGETS,
    pair_message,
)
from engine.messages import Message, listing, msg
from engine.trumps import TRUMP_SETUPS

DEFAULTS: dict[str, Any] = {"trumps": "own", "eight_anchor": "R2", "six_in_A": "lowest"}


RANK_WORDS: dict[str, dict[str, str]] = {"ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}
"""Ranks as the page's language writes them (English: as the engine does)."""


def rank_text(rank: int, lang: str = "en") -> str:
    """``10``, ``J``… (``В``, ``Д``… in Russian)."""
    text = RANKS[rank - 6]
    return RANK_WORDS.get(lang, {}).get(text, text)


def new_trick(options: Mapping[str, Any]) -> Trick:
    """An empty trick with the table's trick options."""
    o = {**DEFAULTS, **options}
    return Trick(setup=o["trumps"], eight_anchor=o["eight_anchor"], six_in_a=o["six_in_A"])


# ---- the explorer ---------------------------------------------------------------------------------


def example_trick(row: tuple[Any, ...], options: Mapping[str, Any] | None = None) -> Trick:
    """One of the seed's example rows laid out with its trump owner (§2.8)."""
    _, cards, trump, owner, _ = row
    trick = new_trick({"trumps": "own", **(options or {})})
    for seat, text in enumerate(cards):
        card = Card.parse(text)
        trick.add(Play(seat, card, 1 if trump and seat == owner and SUITS[card.suit] == trump else 0))
    return trick


# ---- the rules document ---------------------------------------------------------------------------
T: dict[str, tuple[str, str]] = {
    "goal": (
        "Shed all your banks (penalty counters) first, or hold out until someone else collects six.",
        "Первым сбросить все свои банки (штрафные очки) или продержаться, пока кто-то другой не наберёт шесть.",
    ),
    "players": (
        "2 to 4 players; 5 and 6 are possible (the original rules list their targets).",
        "От 2 до 4 игроков; можно 5 и 6 (в тексте есть их нормы очков).",
    ),
    "deck": (
        "36 cards, 6 to ace. Rank order, lowest first: 6 7 8 9 J Q K 10 A.",
        "36 карт, от шестёрки до туза. Старшинство снизу вверх: 6 7 8 9 В Д К 10 Т.",
    ),
    "deal": ("The deal", "Сдача"),
    "deal_text": (
        "The first dealer is drawn by lot; later the dealer is the player who led the first trick of the previous "
        "deal. Trumps are fixed before the first deal and kept for the whole game. Each player gets 4 cards; the "
        "rest is the stock. After each trick everyone draws one card, the winner first, while the stock can serve "
        "everybody. After seeing his cards each player bets go (a lower target, but missing it costs a bank) or no "
        "(a higher target, no risk), in turn from the first leader. In the first deal the lowest diamond leads "
        "(in the game's order, so K♦ is below 10♦); later the player left of the dealer leads.",
        "Первого сдающего определяет жребий, дальше сдаёт тот, кто начинал первую взятку прошлой партии. Козыри "
        "выбирают до первой сдачи и не меняют до конца игры. Каждому сдают по 4 карты, остальное — прикуп. После "
        "каждой взятки все добирают по карте, начиная со взявшего, пока прикупа хватает на всех. Посмотрев карты, "
        "каждый по очереди от первого ходящего объявляет «иду» (норма ниже, но недобор стоит банку) или «нет» "
        "(норма выше, без риска). В первой партии ходит владелец младшей бубны (по порядку игры: К♦ ниже 10♦), "
        "дальше — игрок слева от сдающего.",
    ),
    "ranks": ("Ranks and points", "Старшинство и очки"),
    "ranks_text": (f"Card points; the deck holds {DECK_POINTS}.", f"Очки карт; в колоде {DECK_POINTS}."),
    "beats": ("The beat table", "Таблица битья"),
    "beats_text": (
        "Which card beats which, without trumps. Marked entries (in brackets in the original rules) beat only a lead "
        "card nobody has beaten yet, or the last card of an unbroken chain of cards each one step lower.",
        "Какая карта какую бьёт, без козырей. Отмеченные (в исходных правилах они в скобках) бьют только карту "
        "хода, которую ещё никто не перебил, или последнюю карту непрерывной цепочки «на одну меньше».",
    ),
    "trumps": ("Trumps", "Козыри"),
    "trick": ("Who takes the trick", "Кто берёт взятку"),
    "trick_text": (
        "Every card is measured against the main card (the led card). The strongest method of beating decides, "
        "whatever the ranks: a higher card of the same suit, then a trump, then the same rank, then one step lower. "
        "An eight that beats the card holding the trick starts "
        "the eight chain: from then on each card must beat the card on top. When an eight of the main suit enters, "
        "the card it beat becomes the anchor, and a later card that beats the top but not the anchor kills the "
        "top without holding the trick. An eight of another suit makes its suit the main suit. If nobody beat "
        "(or nobody holds the chain), the leader takes. The taker collects every card and leads next.",
        "Каждая карта сравнивается с главной картой (картой хода). Решает самый сильный способ битья, независимо "
        "от старшинства: старшая карта той же масти, затем козырь, затем то же достоинство, затем карта на одну "
        "ниже. Восьмёрка, перебившая карту, которая держит взятку, "
        "начинает цепочку: дальше каждая карта должна бить верхнюю. Если вошла восьмёрка главной масти, побитая "
        "ею карта становится якорем: карта, бьющая верхнюю, но не якорь, снимает верхнюю, но взятку не держит. "
        "Восьмёрка другой масти делает свою масть главной. Если никто не перебил (или цепочку никто не держит), "
        "берёт ходивший. Взявший забирает все карты и ходит следующим.",
    ),
    "legal": ("Legal play", "Какие карты можно класть"),
    "legal_text": (
        "The leader plays any card. Any other player may play a card that beats, or else must play a card of the "
        "current main suit if he has one; without one he may play anything. An eight of another suit may be "
        "played only by a player who holds no card of the main suit.",
        "Ходящий кладёт любую карту. Остальные могут положить бьющую карту, а иначе обязаны положить карту текущей "
        "главной масти, если она есть; если её нет — любую. Восьмёркой другой масти можно бить, только если нет "
        "ни одной карты главной масти.",
    ),
    "examples": ("The seed's example tricks", "Примеры взяток из источника"),
    "examples_text": (
        "The 23 example tricks of the seed, resolved by the engine. Own-suit trumps: the trump column names the "
        "suit that is a trump for its owner; every other card is ordinary.",
        "23 примера взяток из источника, разобранные движком. Каждому свой козырь: в столбце «козырь» — масть, "
        "козырная для её владельца; остальные карты обычные.",
    ),
    "scoring": ("Points, bets and banks", "Очки, ставки и банки"),
    "scoring_text": (
        "A player scores the points of the tricks he took, discards included, plus combinations. Reaching the "
        "target of his bet drops a bank; a missed go adds one; a missed no changes nothing. Whoever reaches 0 "
        "banks wins; whoever reaches the losing count loses and the fewest banks win. If everybody reaches the "
        "losing count in the same deal, play goes on until the counts differ.",
        "Игрок получает очки взятых взяток вместе со сброшенными картами и комбинации. Набрал норму своей ставки — "
        "сбрасывает банку; не набрал при «иду» — получает банку; при «нет» — ничего. Сбросивший все банки "
        "выигрывает; набравший проигрышное число проигрывает, выигрывает тот, у кого банок меньше. Если все "
        "набрали проигрышное число в одной партии, игра продолжается, пока счёт не разойдётся.",
    ),
    "card": ("Card", "Карта"),
    "points": ("Points", "Очки"),
    "beats_same": ("Beats, same suit", "Бьёт свою масть"),
    "beats_ol": ("Beats only as one-less (lead-only)", "Бьёт только «на одну меньше»"),
    "beats_other": ("Beats, other suits", "Бьёт другие масти"),
    "not_beat": ("Does not beat, same suit", "Не бьёт свою масть"),
    "played": ("Played \\ target (same suit)", "Кладётся \\ цель (та же масть)"),
    "method": ("Method", "Способ"),
    "precedence": ("Precedence", "Старшинство"),
    "meaning": ("Meaning", "Что это"),
    "tie": ("Tie-break", "Между равными"),
    "players_col": ("Players", "Игроки"),
    "go": ("go target", "норма «иду»"),
    "no": ("no target", "норма «нет»"),
    "bet": ("Bet", "Ставка"),
    "reached": ("Reached", "Набрал"),
    "missed": ("Missed", "Не набрал"),
    "combo": ("Combination", "Комбинация"),
    "setup": ("Set-up", "Вариант"),
    "row": ("#", "№"),
    "trump_col": ("Trump (owner)", "Козырь (владелец)"),
    "taker": ("Takes", "Берёт"),
    "why": ("Why (the engine's words)", "Почему (слова движка)"),
    "four": ("Four cards of one suit in a trick", "Четыре карты одной масти во взятке"),
    "every_rank": ("every rank", "любую карту"),
    "same_rank": ("the same rank (main card only)", "ту же по значению (только главную карту)"),
    "matrix_note": (
        "✓ = beats; (✓) = beats only one step lower, on a lead card nobody has beaten",
        "✓ — бьёт; (✓) — бьёт только «на одну меньше», карту хода, которую никто не перебил",
    ),
    "go_bet": ("go", "иду"),
    "ordinary": ("ordinary", "простая"),
    "trump": ("trump", "козырь"),
    "junior": ("junior trump", "младший козырь"),
    "senior": ("senior trump", "старший козырь"),
    "no_bet": ("no", "нет"),
    "trump_rule": (
        "A trump beats a card of another suit of lower rank (never an eight), if its class is high enough.",
        "Козырь бьёт карту другой масти ниже по старшинству (но не восьмёрку), если его класс достаточен.",
    ),
}


def _t(key: str, lang: str) -> str:
    return T[key][1 if lang == "ru" else 0]


def _t_setup(name: str, lang: str) -> str:
    return SETUP_NAMES[name][1 if lang == "ru" else 0]


def _beat_rows(lang: str) -> list[list[Any]]:
    rows = []
    for rank in RANK_ORDER:
        table = SAME_SUIT_BEATS[rank]
        always = [rank_text(r, lang) for r in RANK_ORDER if table.get(r) == ALWAYS]
        lead_only = [rank_text(r, lang) for r in RANK_ORDER if table.get(r) == LEAD_ONLY]
        never = [rank_text(r, lang) for r in RANK_ORDER if r != rank and r not in table]
        other = _t("every_rank", lang) if OTHER_SUIT_BEATS[rank] == "every rank" else _t("same_rank", lang)
        rows.append(
            [
                rank_text(rank, lang),
                " ".join(always) or "—",
                {"text": " ".join(lead_only) or "—", "mark": LEAD_ONLY if lead_only else "no"},
                other,
                " ".join(never) or "—",
            ]
        )
    return rows


def _matrix_rows(lang: str) -> list[list[Any]]:
    marks: dict[str | None, dict[str, str]] = {
        ALWAYS: {"text": "✓", "mark": "yes"},
        LEAD_ONLY: {"text": "(✓)", "mark": LEAD_ONLY},
    }
    rows = []
    for p in RANK_ORDER:
        row: list[Any] = [rank_text(p, lang)]
        row.extend(
            marks.get(SAME_SUIT_BEATS[p].get(t), {"text": "", "mark": "no"}) if p != t else "·" for t in RANK_ORDER
        )
        rows.append(row)
    return rows


SETUP_NAMES: dict[str, tuple[str, str]] = {
    "own": ("Own trumps", "Свои козыри"),
    "none": ("No trumps", "Без козырей"),
    "one": ("One trump suit", "Одна козырная масть"),
    "two": ("Two trump suits", "Две козырные масти"),
    "senior-junior": ("Senior and junior trumps", "Старшие и младшие козыри"),
}
"""The trump set-ups (``TRUMP_SETUPS``) by a short name; what each means is the catalog's choice text."""

METHOD_WORDS: dict[str, dict[str, tuple[str, str, str]]] = {
    "en": {
        "A": (
            "same suit",
            "a higher card of the main suit (by the beat table)",
            "the highest such card; a six counts lowest",
        ),
        "T": (
            "trump",
            "a trump of another suit that outranks the main card",
            "higher class, then higher rank, then later",
        ),
        "SR": (
            "same rank",
            "the same rank as the main card, another suit",
            "a trump beats an ordinary card, else the later",
        ),
        "OL": (
            "one step lower",
            "same suit, one step lower, on the lead card nobody has beaten",
            "the last card of the chain",
        ),
    },
    "ru": {
        "A": (
            "та же масть",
            "старшая карта главной масти (по таблице битья)",
            "старшая из таких карт; шестёрка считается младшей",
        ),
        "T": (
            "козырь",
            "козырь другой масти старше главной карты",
            "старший класс, затем старшее достоинство, затем положенная позже",
        ),
        "SR": (
            "то же достоинство",
            "карта того же достоинства, что и главная, другой масти",
            "козырь бьёт простую карту, иначе положенная позже",
        ),
        "OL": (
            "на одну ниже",
            "та же масть, на одну ниже, по карте хода, которую никто не перебил",
            "последняя карта цепочки",
        ),
    },
}
"""The ways of beating (``METHODS``: precedence), strongest first, in players' words: name, what it is, tie-break."""


def _trump_text(setup: str, lang: str) -> list[Any]:
    """This table's set-up in the catalog's words (``option.ass.trumps.choice.<setup>``), then the trump rule."""
    return [
        msg("common.text", text=listing([msg(f"option.ass.trumps.choice.{setup}")], "sentences")),
        _t("trump_rule", lang),
    ]


def _class_rows(setup: str, lang: str) -> list[list[Any]]:
    """Across suits: may a card of class row beat a lower-ranked non-eight of class column (the trump rule)."""
    classes = {"none": [0], "own": [0, 1], "one": [0, 1], "two": [0, 1], "senior-junior": [0, 1, 2]}[setup]
    names = {
        0: _t("ordinary", lang),
        1: _t("junior" if setup == "senior-junior" else "trump", lang),
        2: _t("senior", lang),
    }

    low, high = Card(6, 0), Card(14, 1)
    rows = []
    for mine in classes:
        row: list[Any] = [names[mine]]
        for theirs in classes:
            ok = trump_beats(setup, Play(0, high, mine), Play(1, low, theirs))
            row.append({"text": "✓" if ok else "—", "mark": "yes" if ok else "no"})
        rows.append(row)
    return rows


def _example_rows(options: Mapping[str, Any]) -> list[list[Any]]:
    rows = []
    for row in SEED_EXAMPLES:
        number, cards, trump, owner, _ = row
        trick = example_trick(row, {k: v for k, v in options.items() if k in ("eight_anchor", "six_in_A")})
        shown = [Card.parse(c).pretty() for c in cards]
        owner_text = f"{SUIT_SYMBOLS[trump]} (P{owner + 1})" if trump and owner is not None else "—"
        why = words([*trick.verdicts[1:], trick.summary()])
        rows.append([str(number), *shown, owner_text, f"P{trick.taker() + 1}", why])
    return rows


def _example_positions(options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each example row as an explorer position (the rules page draws its cards and links the explorer to it): four
    players under own trumps, the row's trump held by its owner alone, and who takes the trick."""
    kept = {k: v for k, v in options.items() if k in ("eight_anchor", "six_in_A")}
    positions = []
    for row in SEED_EXAMPLES:
        _, cards, trump, owner, _ = row
        trumps = [trump if trump and seat == owner else "" for seat in range(len(cards))]
        positions.append(
            {
                "players": len(cards),
                "options": {"trumps": "own", **kept},
                "context": {"trumps": trumps},
                "plays": [[seat, card] for seat, card in enumerate(cards)],
                "winner": example_trick(row, kept).taker(),
            }
        )
    return positions


def words(verdicts: Sequence[Any]) -> Message:
    """The engine's verdicts (messages) as one cell of sentences: the "why" column quotes what the table and the
    explorer say; the rules page puts it in the page's language."""
    return msg("common.text", text=listing([v for v in verdicts if v], "sentences"))


RULINGS: tuple[dict[str, Any], ...] = (
    {
        "seed_ru": "Старшинство карт: 6, 7, 8, 9, 10, В, Д, К, Т.",
        "seed": "The seniority of the cards: 6, 7, 8, 9, 10, B, D, K, T.",
        "ours": "The header is wrong: the order is 6 7 8 9 J Q K 10 A (the text, the table and 'need at least 10 "
        "clubs (10 > K)' all say so).",
        "ours_ru": "Заголовок ошибается: порядок 6 7 8 9 В Д К 10 Т (так говорят текст, таблица и «нужна хотя бы"
        " 10 треф (10 > К)»).",
        "option": None,
    },
    {
        "seed_ru": "1-й вариант — у каждого игрока своя козырная масть.",
        "seed": "1 variant - each player has a different trump card.",
        "ours": "A card is a trump only when played by the owner of its suit (example row 12 proves it).",
        "ours_ru": "Карта козырная, только если её кладёт владелец этой масти (это доказывает пример 12).",
        "option": "trumps",
    },
    {
        "seed_ru": "(о добирании карт ничего не сказано) … у всех игроков на руках должно быть одинаковое число карт",
        "seed": "(no word on refilling the hands) ... all players on the hands must have the same number of cards",
        "ours": "After each trick everyone draws one card, the winner first, while the stock serves everybody.",
        "ours_ru": "После каждой взятки все добирают по карте, начиная со взявшего, пока прикупа хватает на всех.",
        "option": "draw_after_trick",
    },
    {
        "seed_ru": "Карту, которой сходили, нужно убить. … Если игрок не бьёт, он должен сбросить любую карту "
        "той же масти, если она у него есть.",
        "seed": "The map, which was like, it is necessary to kill. ... If the player does not hit, then he must "
        "throw off any card of the same suit, if any.",
        "ours": "Beating is optional; a player who does not beat follows the current main suit.",
        "ours_ru": "Бить не обязательно; кто не бьёт, кладёт карту текущей главной масти.",
        "option": "must_beat",
    },
    {
        "seed_ru": "главная масть во взятке меняется на масть восьмёрки, которая перебила взятку последней.",
        "seed": "the main suit in a bribe changes to suit the eight, which interrupted the bribe of the latter.",
        "ours": "A card that kills an eight must also beat the card the eight beat (the anchor); an off-suit eight "
        "becomes the main card and clears the anchor.",
        "ours_ru": "Карта, убившая восьмёрку, должна бить и карту, побитую восьмёркой (якорь); восьмёрка другой масти "
        "становится главной картой и снимает якорь.",
        "option": "eight_anchor",
    },
    {
        "seed_ru": "Своя карта — самая старшая. Масти во взятке",
        "seed": "His card is the largest card. Suits in a bribe",
        "ours": "Among same-suit beaters the highest in rank order wins; a six beating upward counts lowest.",
        "ours_ru": "Из бьющих карт главной масти берёт старшая; шестёрка, бьющая вверх, считается младшей.",
        "option": "six_in_A",
    },
    {
        "seed_ru": "25 очков — дама и король. 15 очков — валет и дама. 4 карты одной масти дают ещё 10 очков",
        "seed": "25 points - the lady and the king. 15 points - jack and lady. 4 cards of the same suit give another "
        "10 points",
        "ours": "Pairs count inside one trick and one suit, each card once; four of a suit in a trick add 10.",
        "ours_ru": "Пары считаются внутри одной взятки и одной масти, каждая карта один раз; четыре карты одной масти"
        " во взятке дают ещё 10.",
        "option": "combo_scope",
    },
    {
        "seed_ru": "При игре вшестером: «иду» → 92 очка, «нет» → 128 очков.",
        "seed": "When playing six - go → 92 points, no → 128 points.",
        "ours": "Every other row has no = go + 24, so six players' no target is 116.",
        "ours_ru": "Во всех других строках «нет» = «иду» + 24, поэтому у шестерых норма «нет» — 116.",
        "option": "six_player_no_target",
    },
    {
        "seed_ru": "Если все игроки одновременно набрали по шесть банок, игра продолжается до первого сброса",
        "seed": "At simultaneous set by all players of six cans, the game continues until the first reset",
        "ours": "If all reach the losing count in one deal, play on until the counts differ; the fewest banks win.",
        "ours_ru": "Если все набрали проигрышное число в одной партии, играют дальше, пока счёт не разойдётся; "
        "выигрывает тот, у кого банок меньше.",
        "option": "lose_banks",
    },
)


def _rulings(indices: Sequence[int], lang: str) -> list[dict[str, Any]]:
    """The rulings notes: the seed's words beside our reading (in ``lang``) and the option that changes it."""
    return [
        {
            "seed": RULINGS[i]["seed"],
            "seed_ru": RULINGS[i]["seed_ru"],
            "ours": RULINGS[i]["ours_ru" if lang == "ru" else "ours"],
            "option": RULINGS[i]["option"],
        }
        for i in indices
    ]


def rules(options: Mapping[str, Any] | None = None, lang: str = "en") -> dict[str, Any]:
    """The rules document for a table with ``options`` in ``lang`` ("en" or "ru")."""

    opts = {o.name: o.default for o in OPTIONS} | dict(options or {})
    setup = opts["trumps"]
    rank_cols = [rank_text(r, lang) for r in RANK_ORDER]
    sections = [
        {"id": "deal", "title": _t("deal", lang), "text": [_t("deal_text", lang)], "tables": [], "rulings": []},
        {
            "id": "ranks",
            "title": _t("ranks", lang),
            "text": [_t("ranks_text", lang)],
            "tables": [
                {
                    "id": "points",
                    "caption": _t("points", lang),
                    "columns": [_t("card", lang), *rank_cols],
                    "rows": [[_t("points", lang), *[str(CARD_POINTS[r]) for r in RANK_ORDER]]],
                    "row_headers": True,
                    "notes": [],
                }
            ],
            "rulings": _rulings([0], lang),
        },
        {
            "id": "beats",
            "title": _t("beats", lang),
            "text": [_t("beats_text", lang)],
            "tables": [
                {
                    "id": "beat-table",
                    "caption": _t("beats", lang),
                    "columns": [
                        _t("card", lang),
                        _t("beats_same", lang),
                        _t("beats_ol", lang),
                        _t("beats_other", lang),
                        _t("not_beat", lang),
                    ],
                    "rows": _beat_rows(lang),
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "beat-matrix",
                    "caption": _t("played", lang),
                    "columns": [_t("card", lang), *rank_cols],
                    "rows": _matrix_rows(lang),
                    "row_headers": True,
                    "notes": [_t("matrix_note", lang)],
                },
            ],
            "rulings": _rulings([5], lang),
        },
        {
            "id": "trumps",
            "title": _t("trumps", lang),
            "text": _trump_text(setup, lang),
            "tables": [
                {
                    "id": "trump-classes",
                    "caption": _t("trumps", lang),
                    "columns": ["", *[r[0] for r in _class_rows(setup, lang)]],
                    "rows": _class_rows(setup, lang),
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "trump-setups",
                    "caption": _t("setup", lang),
                    "columns": [_t("setup", lang), _t("meaning", lang)],
                    "rows": [[_t_setup(name, lang), msg(f"option.ass.trumps.choice.{name}")] for name in TRUMP_SETUPS],
                    "row_headers": True,
                    "notes": [],
                },
            ],
            "rulings": _rulings([1], lang),
        },
        {
            "id": "legal",
            "title": _t("legal", lang),
            "text": [_t("legal_text", lang)],
            "tables": [],
            "rulings": _rulings([3], lang),
        },
        {
            "id": "trick",
            "title": _t("trick", lang),
            "text": [_t("trick_text", lang)],
            "tables": [
                {
                    "id": "methods",
                    "caption": _t("method", lang),
                    "columns": [_t("method", lang), _t("precedence", lang), _t("meaning", lang), _t("tie", lang)],
                    "rows": [
                        [name, str(METHODS[m]), what, tie]
                        for m, (name, what, tie) in METHOD_WORDS["ru" if lang == "ru" else "en"].items()
                    ],
                    "row_headers": True,
                    "notes": [],
                }
            ],
            "rulings": _rulings([4], lang),
        },
        {
            "id": "examples",
            "title": _t("examples", lang),
            "text": [_t("examples_text", lang)],
            "tables": [
                {
                    "id": "seed-examples",
                    "caption": _t("examples", lang),
                    "columns": [
                        _t("row", lang),
                        "P1",
                        "P2",
                        "P3",
                        "P4",
                        _t("trump_col", lang),
                        _t("taker", lang),
                        _t("why", lang),
                    ],
                    "rows": _example_rows(opts),
                    "row_headers": True,
                    "notes": [],
                    "positions": _example_positions(opts),
                }
            ],
            "rulings": [],
        },
        {
            "id": "scoring",
            "title": _t("scoring", lang),
            "text": [_t("scoring_text", lang)],
            "tables": [
                {
                    "id": "combinations",
                    "caption": _t("combo", lang),
                    "columns": [_t("combo", lang), _t("points", lang)],
                    "rows": [[pair_message(pair), str(value)] for _, pair, value in COMBINATIONS]
                    + [[_t("four", lang), f"+{FOUR_OF_A_SUIT_BONUS}"]],
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "targets",
                    "caption": _t("players_col", lang),
                    "columns": [_t("players_col", lang), _t("go", lang), _t("no", lang)],
                    "rows": [
                        [str(n), str(t["go"]), str(opts["six_player_no_target"] if n == 6 else t["no"])]
                        for n, t in TARGETS.items()
                    ],
                    "row_headers": True,
                    "notes": [],
                },
                {
                    "id": "banks",
                    "caption": _t("bet", lang),
                    "columns": [_t("bet", lang), _t("reached", lang), _t("missed", lang)],
                    "rows": [
                        [_t(f"{bet}_bet", lang), f"{BANK_CHANGE[bet, True]:+d}", f"{BANK_CHANGE[bet, False]:+d}"]
                        for bet in ("go", "no")
                    ],
                    "row_headers": True,
                    "notes": [],
                },
            ],
            "rulings": _rulings([6, 7, 8, 2], lang),
        },
    ]
    return {"goal": _t("goal", lang), "players": _t("players", lang), "deck": _t("deck", lang), "sections": sections}
