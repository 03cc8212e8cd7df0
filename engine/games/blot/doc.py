"""Blot's rules document (English and Russian), built from ``engine/games/blot/tables.py`` and the options (the
explorer is ``explore.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.games.blot.options import OPTIONS
from engine.games.blot.tables import (
    BASE_POINTS,
    BELOTE_POINTS,
    BID_FACTORS,
    CARD_TOTAL,
    COMBO_CLASSES,
    FOUR_ORDER,
    FOUR_POINTS,
    FOUR_POINTS_NO_TRUMP,
    KAPUT_BASE_POINTS,
    KAPUT_POINTS,
    LAST_TRICK_BONUS,
    MAX_BID,
    NATURAL_ORDER,
    NO_TRUMP_POINTS,
    PLAIN_ORDER,
    PLAIN_POINTS,
    RUN_NAMES,
    RUN_POINTS,
    TRUMP_ORDER,
    TRUMP_POINTS,
)
from engine.options import validate_options

RANK_LABELS: dict[str, dict[int, str]] = {
    "en": {7: "7", 8: "8", 9: "9", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"},
    "ru": {7: "7", 8: "8", 9: "9", 10: "10", 11: "В", 12: "Д", 13: "К", 14: "Т"},
}

TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal": "Two teams bid for the right to name trumps, then take tricks and score combinations; the first "
        "team to reach {target} points wins.",
        "players": "Four players in two teams: Players 1 and 3 against Players 2 and 4, partners sitting opposite.",
        "deck": "32 cards, 7 to ace in four suits; eight cards to each player.",
        "deal_title": "Dealing and turn order",
        "deal": [
            "The first dealer is drawn by lot; the deal passes clockwise every hand.",
            "The player after the dealer speaks first in the auction and leads the first trick.",
        ],
        "auction_title": "The auction",
        "auction": [
            "In turn each player passes, bids, or (against the other team's bid) says contra. A bid names a level "
            "and a suit or no-trump (NT): 'level 12 in hearts' promises that the team takes at least 120 points, "
            "its counted combinations included.",
            "The opening bid is at least {min_bid}; every later bid must have a higher number (the suit does not "
            "break ties); the highest bid is {max_bid}. A player who passed may bid again later, and a partner may "
            "be outbid.",
            "From {kaput_min_bid} a bid may be kaput: it is made only if the team also takes all eight tricks. "
            "After a kaput bid every later bid must be kaput too.",
            "A contra ends the bidding; {contra_reply}. Three passes after a bid make it the contract; four "
            "passes without a bid redeal the cards, the next player dealing.",
        ],
        "contra_reply": {
            "declarer-only": "the player who made the bid answers once with recontra or pass",
            "declaring-team": "the declarers answer in turn from the contra, until one says recontra or both pass",
        },
        "ranks_title": "Rank of the cards",
        "ranks_caption": "Highest first",
        "trump_row": "trump suit",
        "plain_row": "plain suit, and every suit in no-trump",
        "points_title": "Card points",
        "points_caption": "Points of the cards a team takes",
        "points_rows": ("trump suit", "plain suit (trump game)", "any suit, no-trump"),
        "total": "total",
        "points_notes": [
            "The last trick adds {last}: {total} in all.",
            "Kaput: a team taking all eight tricks counts {kaput} instead of {total}; the other team counts 0.",
        ],
        "play_title": "Playing the cards",
        "play": [
            "The leader may play any card. The others must follow the suit led; holding it, they may not trump.",
            "Void in a plain suit led, a player must beat the trick with a trump that beats every card played, if "
            "he holds one — unless his partner has played and is winning the trick: then any card.",
            "When trumps are led a player must overtrump if he can, otherwise play any trump; the partner "
            "exemption does not apply.",
            "In no-trump only following suit is required.",
            "The highest trump takes the trick, or without trumps the highest card of the suit led; the taker "
            "leads next.",
        ],
        "undertrump": {
            False: "A player who cannot beat with a trump may play any card (he need not undertrump).",
            True: "Table option: a player void in the suit led, whose partner is not winning, must play a trump "
            "even when it cannot beat.",
        },
        "combos_title": "Combinations",
        "combos": [
            "Sequences run in the natural order 7 8 9 10 J Q K A. A card counts in one combination only; the engine "
            "chooses the set with the most points.",
            "Combinations are announced before the first card and shown before the second — the engine does both "
            "automatically. Only one team's combinations count: the team with the strongest single combination "
            "(four of a kind, then 100, 50, tierce; then the higher rank; then a sequence in trumps; then the first "
            "to announce from the first leader).",
            "Belote (king and queen of trumps in one hand) is worth {belote}, always counts and is never compared. "
            "It is said when its first card is played.",
        ],
        "combos_caption": "Combination points (the /10 scale)",
        "combos_cols": ("combination", "trump game", "no-trump"),
        "run_rows": {3: "tierce (3 in sequence)", 4: "50 (4 in sequence)", 5: "100 (5 in sequence)"},
        "four_row": "four {rank}s",
        "belote_row": "belote (K+Q of trumps)",
        "long_run": {
            False: "A run of 6 or 7 counts 10, a run of 8 counts 100 + tierce = 12.",
            True: "Table option: any run of five or more counts one 100.",
        },
        "four_order_caption": "Fours of a kind, strongest first (four eights score nothing but cancel the "
        "opponents' combinations)",
        "class_order_caption": "Combination classes, strongest first",
        "class_names": {"four of a kind": "four of a kind", "100": "100", "50": "50", "tierce": "tierce"},
        "scoring_title": "Scoring a hand",
        "scoring": [
            "Points are on the /10 scale: card points are divided by 10, {rounding}.",
            "The contract is made when the declarers' card points plus ten times their counted combinations reach "
            "ten times the bid (and, for kaput, they took every trick).",
            "x is the bid, base is {base} ({kaput_base} when the scoring team took every trick), comb is a team's "
            "counted combinations plus belote, z is {fail_extras}.",
        ],
        "rounding": {"half-down": "a half rounding down (85 → 8, 86 → 9)", "half-up": "a half rounding up (85 → 9)"},
        "fail_extras": {"all": "both teams' comb", "winner": "the scoring team's comb"},
        "scoring_cols": ("case", "declarers", "defenders"),
        "made": "made",
        "failed": "failed",
        "defender_share": {
            "complement16": "{base} − tens(declarers' cards) + comb (kaput: comb only)",
            "independent": "tens(own cards) + comb (kaput: comb only)",
        },
        "doubled": {2: "contra", 4: "recontra"},
        "factor_note": "No-trump bids count ×{nt1} (contra ×{nt2}, recontra ×{nt4}).",
        "end_title": "End of the game",
        "end": [
            "Scores add up hand by hand; the first team to reach {target} wins. If both reach it in the same hand "
            "the higher total wins; equal totals play another hand.",
        ],
        "tens_cards": "tens(cards)",
        "base_var": "base",
        "comb_var": "comb",
        "no_trump": "NT",
        "rulings": {
            "kaput": (
                "If the player says higher than 25, they can mention they are doing kaput.",
                "A kaput bid is allowed from level {kaput_min_bid} (26 reads the original rule literally).",
            ),
            "contra": (
                "If in case of doubling, the player thinks they will take the amount they mentioned, they also can "
                "go on a risk- re-double.",
                "A contra closes the bidding and only the declaring side may answer it with recontra.",
            ),
            "trump_void": (
                "If the player doesn't have any trump cards at all, they should put any trump card.",
                "Without trumps a player may play any card.",
            ),
            "partner": (
                "An exception is the case when the co-player has already made a move and the co-player's card is "
                "the strongest among the cards put before their cards.",
                "A player void in a plain suit led need not trump when his partner is winning the trick.",
            ),
            "overlap": (
                "They all are calculated only in case they do not cross each other.",
                "The engine counts the non-overlapping set with the most points.",
            ),
            "tie": (
                "If none of them is from a tramp card, the one who has an opportunity to show their combination will "
                "pass.",
                "Equal combinations, neither in trumps: the one announced first from the first trick's leader wins.",
            ),
            "made": (
                "If x > y, they haven't lost, and earn x + y points.",
                "The contract is made when the points reach the bid (y ≥ x); the declarers then score x + y.",
            ),
            "height": (
                "It can be also decided to play without a trump card (it is called height).",
                "'Height' is the no-trump contract, written NT; in the combination section the same word means "
                "a combination's top card.",
            ),
            "rounding": (
                "here, naturally, the sum of taken cards should be divided by 10",
                "Card points are divided by 10, {rounding}.",
            ),
            "extras": (
                "B and D earn x + 16 + z points, where z are the additional points of the teams.",
                "z counts the combinations of both teams.",
            ),
        },
    },
    "ru": {
        "goal": "Две команды торгуются за право назначить козырь, затем берут взятки и считают комбинации; "
        "побеждает команда, первой дошедшая до {target}.",
        "players": "Четыре игрока в двух командах: игроки 1 и 3 против игроков 2 и 4, партнёры сидят напротив.",
        "deck": "32 карты, от семёрки до туза в четырёх мастях; каждому по восемь карт.",
        "deal_title": "Сдача и очерёдность",
        "deal": [
            "Первый сдающий определяется жребием; дальше сдача переходит по часовой стрелке.",
            "Игрок после сдающего первым говорит в торговле и делает первый ход.",
        ],
        "auction_title": "Торговля",
        "auction": [
            "По очереди игрок пасует, заказывает или (против заказа другой команды) говорит контра. Заказ — это "
            "число и масть или «без козыря»: «12 червей» обещает, что команда возьмёт не меньше 120 очков, "
            "считая засчитанные комбинации.",
            "Первый заказ — не меньше {min_bid}; каждый следующий должен быть с большим числом (масть не решает); "
            "самый высокий заказ — {max_bid}. Спасовавший может заказать позже, партнёра можно перебить.",
            "С {kaput_min_bid} заказ может быть «капут»: он выполнен, только если команда возьмёт все восемь "
            "взяток. После заказа капута все следующие заказы тоже должны быть капутом.",
            "Контра заканчивает торговлю; {contra_reply}. Три паса после заказа делают его контрактом; четыре паса "
            "без заказа — пересдача, сдаёт следующий игрок.",
        ],
        "contra_reply": {
            "declarer-only": "заказавший игрок один раз отвечает реконтрой или пасом",
            "declaring-team": "заказавшие отвечают по очереди, пока один не скажет реконтра или оба не спасуют",
        },
        "ranks_title": "Старшинство карт",
        "ranks_caption": "От старшей к младшей",
        "trump_row": "козырная масть",
        "plain_row": "простая масть и любая масть без козыря",
        "points_title": "Очки карт",
        "points_caption": "Очки взятых командой карт",
        "points_rows": ("козырная масть", "простая масть (игра с козырем)", "любая масть без козыря"),
        "total": "всего",
        "points_notes": [
            "Последняя взятка добавляет {last}: всего {total}.",
            "Капут: команда, взявшая все восемь взяток, считает {kaput} вместо {total}; другая — 0.",
        ],
        "play_title": "Ход игры",
        "play": [
            "Ходящий может положить любую карту. Остальные должны ходить в масть; имея её, козырять нельзя.",
            "Не имея простой масти хода, игрок должен побить взятку козырем, старшим всех положенных карт, если он "
            "есть, — кроме случая, когда партнёр уже сыграл и его карта старшая: тогда любая карта.",
            "При ходе козырем игрок должен перебить старшим козырем, если может, иначе положить любой козырь; "
            "исключение для партнёра здесь не действует.",
            "Без козыря требуется только ходить в масть.",
            "Взятку берёт старший козырь, а без козырей — старшая карта масти хода; взявший ходит следующим.",
        ],
        "undertrump": {
            False: "Кто не может побить козырем, кладёт любую карту (подкозыривать не обязан).",
            True: "Опция стола: не имея масти хода (и если партнёр не берёт), игрок обязан положить козырь, даже "
            "младший.",
        },
        "combos_title": "Комбинации",
        "combos": [
            "Последовательности идут в обычном порядке 7 8 9 10 В Д К Т. Карта входит только в одну комбинацию; "
            "движок выбирает набор с наибольшим числом очков.",
            "Комбинации объявляются перед первой картой и показываются перед второй — движок делает это сам. "
            "Засчитываются комбинации только одной команды: у которой самая сильная комбинация (каре, потом 100, "
            "50, терц; затем старшая карта; затем последовательность в козыре; затем кто объявил раньше, считая "
            "от первого ходящего).",
            "Белот (король и дама козыря в одной руке) стоит {belote}, засчитывается всегда и не сравнивается. Его "
            "объявляют, когда играют первую из двух карт.",
        ],
        "combos_caption": "Очки комбинаций (в десятках)",
        "combos_cols": ("комбинация", "с козырем", "без козыря"),
        "run_rows": {3: "терц (3 подряд)", 4: "50 (4 подряд)", 5: "100 (5 подряд)"},
        "four_row": "каре {rank}",
        "belote_row": "белот (К+Д козыря)",
        "long_run": {
            False: "Ряд из 6 или 7 карт стоит 10, ряд из 8 — 100 + терц = 12.",
            True: "Опция стола: любой ряд из пяти и более карт — одна «сотня».",
        },
        "four_order_caption": "Каре, от сильнейшего (каре восьмёрок не даёт очков, но отменяет комбинации соперников)",
        "class_order_caption": "Виды комбинаций, от сильнейшего",
        "class_names": {"four of a kind": "каре", "100": "100", "50": "50", "tierce": "терц"},
        "scoring_title": "Подсчёт сдачи",
        "scoring": [
            "Очки считаются в десятках: очки карт делятся на 10, {rounding}.",
            "Контракт выполнен, если очки карт заказавших плюс десять раз их засчитанные комбинации достигают "
            "заказа, умноженного на десять (а при капуте — взяты все взятки).",
            "x — заказ, база — {base} ({kaput_base}, если получающая команда взяла все взятки), комб — засчитанные "
            "комбинации команды с белотом, z — {fail_extras}.",
        ],
        "rounding": {
            "half-down": "половина округляется вниз (85 → 8, 86 → 9)",
            "half-up": "половина округляется вверх (85 → 9)",
        },
        "fail_extras": {"all": "комб обеих команд", "winner": "комб получающей команды"},
        "scoring_cols": ("случай", "заказавшие", "защита"),
        "made": "выполнен",
        "failed": "провален",
        "defender_share": {
            "complement16": "{base} − десятки(карт заказавших) + комб (при капуте только комб)",
            "independent": "десятки(своих карт) + комб (при капуте только комб)",
        },
        "doubled": {2: "контра", 4: "реконтра"},
        "factor_note": "Заказ без козыря считается ×{nt1} (контра ×{nt2}, реконтра ×{nt4}).",
        "end_title": "Конец игры",
        "end": [
            "Очки складываются; побеждает команда, первой набравшая {target}. Если обе набрали в одной сдаче, "
            "побеждает больший счёт; при равенстве играется ещё сдача.",
        ],
        "tens_cards": "десятки(карт)",
        "base_var": "база",
        "comb_var": "комб",
        "no_trump": "без козыря",
        "rulings": {
            "kaput": (
                "If the player says higher than 25, they can mention they are doing kaput.",
                "Капут можно заказать с {kaput_min_bid} (26 — буквальное чтение исходного правила).",
            ),
            "contra": (
                "If in case of doubling, the player thinks they will take the amount they mentioned, they also can "
                "go on a risk- re-double.",
                "Контра закрывает торговлю, ответить реконтрой может только заказавшая сторона.",
            ),
            "trump_void": (
                "If the player doesn't have any trump cards at all, they should put any trump card.",
                "Без козырей игрок кладёт любую карту.",
            ),
            "partner": (
                "An exception is the case when the co-player has already made a move and the co-player's card is "
                "the strongest among the cards put before their cards.",
                "Не имея простой масти хода, игрок не обязан козырять, если взятку берёт партнёр.",
            ),
            "overlap": (
                "They all are calculated only in case they do not cross each other.",
                "Движок засчитывает непересекающийся набор с наибольшим числом очков.",
            ),
            "tie": (
                "If none of them is from a tramp card, the one who has an opportunity to show their combination will "
                "pass.",
                "Равные комбинации не в козыре: выигрывает объявленная раньше, считая от первого ходящего.",
            ),
            "made": (
                "If x > y, they haven't lost, and earn x + y points.",
                "Контракт выполнен, если очки достигли заказа (y ≥ x); тогда заказавшие получают x + y.",
            ),
            "height": (
                "It can be also decided to play without a trump card (it is called height).",
                "«Height» (բոյ) — игра без козыря, NT; в разделе о комбинациях то же слово означает старшую карту "
                "комбинации.",
            ),
            "rounding": (
                "here, naturally, the sum of taken cards should be divided by 10",
                "Очки карт делятся на 10, {rounding}.",
            ),
            "extras": (
                "B and D earn x + 16 + z points, where z are the additional points of the teams.",
                "z — комбинации обеих команд.",
            ),
        },
    },
}


RULE_TEXT_RU: dict[str, str] = {
    "kaput": "Если игрок заказывает больше 25, он может объявить, что играет капут.",
    "contra": "Если при контре игрок считает, что возьмёт заказанное, он тоже может пойти на риск — реконтру.",
    "trump_void": "Если у игрока вообще нет козырей, он должен положить любую козырную карту.",
    "partner": (
        "Исключение — случай, когда партнёр уже сходил и его карта сильнейшая среди карт, положенных до его карты."
    ),
    "overlap": "Все они засчитываются, только если не пересекаются друг с другом.",
    "tie": "Если ни одна из них не козырная, объявляет свою комбинацию тот, у кого есть такая возможность.",
    "made": "Если x > y, они не проиграли и получают x + y очков.",
    "height": "Можно также договориться играть без козыря (это называется «высота»).",
    "rounding": "здесь, естественно, сумму взятых карт нужно разделить на 10",
    "extras": "В и Д получают x + 16 + z очков, где z — дополнительные очки команд.",
}
"""The rule text each ruling quotes, in our faithful Russian (the Russian page shows it; the English page the
original English words)."""


def _ruling(lang: str, key: str, option: str | None, **fmt: Any) -> dict[str, Any]:
    seed, ours = TEXT[lang]["rulings"][key]
    return {"seed": seed, "seed_ru": RULE_TEXT_RU[key], "ours": ours.format(**fmt), "option": option}


def _table(
    tid: str, caption: str, columns: Sequence[str], rows: list[list[str]], notes: Sequence[str] = ()
) -> dict[str, Any]:
    return {
        "id": tid,
        "caption": caption,
        "columns": list(columns),
        "rows": rows,
        "row_headers": True,
        "notes": list(notes),
    }


RUN_EXAMPLES: dict[int, tuple[int, int]] = {3: (0, 2), 4: (3, 3), 5: (2, 1)}
"""Where each sequence of the combinations table is shown: run length → (its first rank's place in the natural
order, its suit)."""


def combination_samples() -> list[list[str]]:
    """A hand for each row of the combinations table, in its order: the rules page draws them, and the tests hold
    each to the engine's own finder (``find_combinations``)."""
    runs = [[str(Card(r, suit)) for r in NATURAL_ORDER[first : first + n]] for n, (first, suit) in RUN_EXAMPLES.items()]
    fours = [[str(Card(rank, suit)) for suit in range(4)] for rank in FOUR_ORDER]
    belote = [[str(Card(13, 2)), str(Card(12, 2))]]
    return [*runs, *fours, *belote]


def rules(options: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """Blot's rules document for a table with ``options``, in English or Russian (docs/engine.md)."""
    opts = validate_options(OPTIONS, options)
    t = TEXT[lang if lang in TEXT else "en"]
    lang = lang if lang in TEXT else "en"
    label = RANK_LABELS[lang]
    fmt = {**opts, "max_bid": MAX_BID, "belote": BELOTE_POINTS}
    nt = BID_FACTORS[True] if opts["no_trump_bid_multiplier"] else BID_FACTORS[False]
    order = [str(i + 1) for i in range(len(TRUMP_ORDER))]
    points_cols = ["", *(label[r] for r in TRUMP_ORDER), t["total"]]
    points_rows = [
        [name, *(str(table[r]) for r in TRUMP_ORDER), str(sum(table.values()))]
        for name, table in zip(t["points_rows"], (TRUMP_POINTS, PLAIN_POINTS, NO_TRUMP_POINTS), strict=True)
    ]
    combo_rows = [[t["run_rows"][n], str(RUN_POINTS[n]), str(RUN_POINTS[n])] for n in RUN_NAMES]
    combo_rows += [
        [t["four_row"].format(rank=label[r]), str(FOUR_POINTS[r]), str(FOUR_POINTS_NO_TRUMP[r])] for r in FOUR_ORDER
    ]
    combo_rows.append([t["belote_row"], str(BELOTE_POINTS), "—"])
    x = "x" if not opts["no_trump_bid_multiplier"] else f"x ({t['no_trump']}: 2x)"
    base, comb = t["base_var"], t["comb_var"]
    share = t["defender_share"][opts["defender_share"]].format(base=BASE_POINTS)
    scoring_rows = [
        [t["made"], f"{x} + {t['tens_cards']} + {comb}", share],
        [t["failed"], "0", f"{x} + {base} + z"],
    ]
    for mult in (2, 4):
        times = f"{mult}x" + (f" ({t['no_trump']}: {nt[mult]}x)" if opts["no_trump_bid_multiplier"] else "")
        scoring_rows.append([f"{t['doubled'][mult]}, {t['made']}", f"{times} + {base} + z", "0"])
        scoring_rows.append([f"{t['doubled'][mult]}, {t['failed']}", "0", f"{times} + {base} + z"])
    scoring_notes = [t["factor_note"].format(nt1=nt[1], nt2=nt[2], nt4=nt[4])]
    sections = [
        {"id": "deal", "title": t["deal_title"], "text": t["deal"], "tables": [], "rulings": []},
        {
            "id": "auction",
            "title": t["auction_title"],
            "text": [
                p.format(**{**fmt, "contra_reply": t["contra_reply"][opts["contra_reply"]]}) for p in t["auction"]
            ],
            "tables": [],
            "rulings": [
                _ruling(lang, "height", None),
                _ruling(lang, "kaput", "kaput_min_bid", **fmt),
                _ruling(lang, "contra", "contra_reply"),
            ],
        },
        {
            "id": "ranks",
            "title": t["ranks_title"],
            "text": [],
            "tables": [
                _table(
                    "ranks",
                    t["ranks_caption"],
                    ["", *order],
                    [
                        [t["trump_row"], *(label[r] for r in TRUMP_ORDER)],
                        [t["plain_row"], *(label[r] for r in PLAIN_ORDER)],
                    ],
                )
            ],
            "rulings": [],
        },
        {
            "id": "points",
            "title": t["points_title"],
            "text": [],
            "tables": [
                _table(
                    "points",
                    t["points_caption"],
                    points_cols,
                    points_rows,
                    [n.format(last=LAST_TRICK_BONUS, total=CARD_TOTAL, kaput=KAPUT_POINTS) for n in t["points_notes"]],
                )
            ],
            "rulings": [],
        },
        {
            "id": "play",
            "title": t["play_title"],
            "text": [*t["play"], t["undertrump"][opts["must_undertrump_when_void"]]],
            "tables": [],
            "rulings": [
                _ruling(lang, "partner", None),
                _ruling(lang, "trump_void", "must_undertrump_when_void"),
            ],
        },
        {
            "id": "combinations",
            "title": t["combos_title"],
            "text": [*(p.format(**fmt) for p in t["combos"]), t["long_run"][opts["long_run_cap"]]],
            "tables": [
                {
                    **_table("combinations", t["combos_caption"], t["combos_cols"], combo_rows),
                    "samples": combination_samples(),
                },
                _table(
                    "four-order",
                    t["four_order_caption"],
                    ["", *order[: len(FOUR_ORDER)]],
                    [["", *(label[r] for r in FOUR_ORDER)]],
                ),
                _table(
                    "class-order",
                    t["class_order_caption"],
                    ["", *order[: len(COMBO_CLASSES)]],
                    [["", *(t["class_names"][c] for c in COMBO_CLASSES)]],
                ),
            ],
            "rulings": [_ruling(lang, "overlap", "long_run_cap"), _ruling(lang, "tie", None)],
        },
        {
            "id": "scoring",
            "title": t["scoring_title"],
            "text": [
                p.format(
                    rounding=t["rounding"][opts["rounding"]],
                    base=BASE_POINTS,
                    kaput_base=KAPUT_BASE_POINTS,
                    fail_extras=t["fail_extras"][opts["fail_extras"]],
                )
                for p in t["scoring"]
            ],
            "tables": [_table("scoring", "", t["scoring_cols"], scoring_rows, scoring_notes)],
            "rulings": [
                _ruling(lang, "made", None),
                _ruling(lang, "extras", "fail_extras"),
                _ruling(lang, "rounding", "rounding", rounding=t["rounding"][opts["rounding"]]),
            ],
        },
        {
            "id": "end",
            "title": t["end_title"],
            "text": [p.format(**fmt) for p in t["end"]],
            "tables": [],
            "rulings": [],
        },
    ]
    return {
        "goal": t["goal"].format(**fmt),
        "players": t["players"],
        "deck": t["deck"],
        "natural_order": [label[r] for r in NATURAL_ORDER],
        "sections": sections,
    }


# ---- the explorer ------------------------------------------------------------------------------------
