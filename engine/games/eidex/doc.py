"""The Eidex rules page (``rules(options, lang)``), built from the tables and functions of
:mod:`engine.games.eidex.tables`, in English and Russian (German terms beside); the trick explorer is
:mod:`engine.games.eidex.explore`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import SUIT_SYMBOLS
from engine.games.eidex.characters import CHARACTERS
from engine.games.eidex.tables import (
    CARDS_EACH,
    EIDEX_SUITS,
    GOAL_VP,
    HAND_POINTS,
    LAST_TRICK_BONUS,
    MODES,
    OPTIONS,
    PLAYERS,
    TRICKS,
    VP_CASES,
    award_vp,
    vp_verdict,
)
from engine.messages import Message, msg, option
from engine.options import validate_options

FRENCH_SUITS = {
    "en": {"C": "clubs", "S": "spades", "D": "diamonds", "H": "hearts"},
    "ru": {"C": "трефы", "S": "пики", "D": "бубны", "H": "червы"},
}

MODE_NAMES = {
    "en": {
        "trump": "Trump game",
        "obenabe": "Obenabe (no trump, high wins)",
        "undenufe": "Undenufe (no trump, low wins)",
    },
    "ru": {
        "trump": "Игра с козырем",
        "obenabe": "Обенабе (без козыря, старшая бьёт)",
        "undenufe": "Унденуфе (без козыря, младшая бьёт)",
    },
}

RANK_WORDS: dict[str, dict[str, str]] = {"ru": {"J": "В", "Q": "Д", "K": "К", "A": "Т"}}
"""Ranks as the page's language writes them (English: as the engine does)."""

VP_CASE_NAMES: dict[str, dict[str, str]] = {
    "en": {
        "match": "Match",
        "limit": "At the limit",
        "tie": "Two tie",
        "spread": "All different",
        "three-way tie": "Three tie",
    },
    "ru": {
        "match": "Матч",
        "limit": "Предел",
        "tie": "Двое поровну",
        "spread": "Все разные",
        "three-way tie": "Трое поровну",
    },
}
"""The victory-point cases (``VP_CASES``) by their names for players, as the first cell of their rows."""

VP_CASE_TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "match": ("one player wins all 11 tricks", "he gets 2 VP, the others 0"),
        "limit": ("a player reaches the limit ({limit} card points or more)", "he gets 0, each other player 1 VP"),
        "tie": ("all stay below the limit and two players tie", "the third player gets 2 VP"),
        "spread": ("all stay below the limit, no tie", "the highest and the lowest get 1 VP each, the middle 0"),
        "three-way tie": ("all three tie (only possible with characters)", "nobody gets a VP"),
    },
    "ru": {
        "match": ("один игрок взял все 11 взяток (матч)", "ему 2 ПО, остальным 0"),
        "limit": ("игрок набрал предел ({limit} очков и больше)", "ему 0, каждому из остальных по 1 ПО"),
        "tie": ("все ниже предела, у двоих поровну", "третьему 2 ПО"),
        "spread": ("все ниже предела, равенства нет", "набравшему больше всех и меньше всех по 1 ПО, среднему 0"),
        "three-way tie": ("у всех троих поровну (только с персонажами)", "никто не получает ПО"),
    },
}
"""When each victory-point case applies and what it gives (``VP_CASES``), by language; ``{limit}`` is the
table's limit."""

TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal": f"Be the first to reach {GOAL_VP} victory points (Gewinnpunkte, VP). Each hand hands out 2 VP: "
        "to the highest and the lowest card-point score, but nothing to whoever reaches the limit.",
        "players": f"{PLAYERS} players, each for himself.",
        "deck": "36 cards, 6 to Ace in the Eidex suits (French suits in brackets): Eidex (clubs), Raven (spades), "
        "Star (diamonds), Heart (hearts).",
        "titles": {
            "deal": "Deal and the shown card",
            "discard": "The face-down card (drücken)",
            "play": "Playing the tricks (Jass rules)",
            "ranks": "Rank orders",
            "points": "Card points",
            "scoring": "Victory points per hand",
            "end": "Winning, the simultaneous 7 and the 6-6-6 special round",
        },
        "deal": [
            f"The dealer deals three rounds of four cards, starting with the player after him: {CARDS_EACH} each. "
            "His last card is shown to everyone and stays visible while he holds it.",
            "The shown card's suit is trump for the hand. The dealer passes on to the next player after each hand.",
        ],
        "discard": [
            "Every player, all at the same time, lays one card face down in front of him. It takes no part in the "
            "play, but its card points count for him at the end. Any card may be laid, trumps and the shown card "
            f"too. That leaves {TRICKS} cards each: {TRICKS} tricks.",
            "The face-down cards stay hidden from the other players until the hand is scored.",
        ],
        "play": [
            "The player after the dealer leads the first trick; the winner of a trick leads the next.",
            "Follow suit if you can. Trumping is allowed at any time, even when you could follow suit; there is "
            "never an obligation to trump or to beat.",
            "No undertrumping: when a trump is already in a trick that was not led with a trump, you may not lay "
            "a lower trump, unless your hand holds nothing but trumps.",
            "On a trump lead you must lay a trump; the trump jack (Puur) is exempt: if it is your only trump you "
            "may lay any card.",
            "The highest trump takes the trick; without a trump, the highest card of the led suit.",
        ],
        "ranks_caption": "Trick strength, highest first",
        "ranks_columns": ["Mode", "Trump suit", "Other suits"],
        "points_caption": f"Card points; the last trick adds {LAST_TRICK_BONUS}: {HAND_POINTS} in every hand",
        "points_columns": ["Card", "Trump suit", "Other suits", "Obenabe", "Undenufe"],
        "points_note": "Each player's card points: his tricks, his face-down card, and the last trick's bonus.",
        "scoring_caption": "Victory points (2 per hand)",
        "scoring_columns": ["Case", "When", "Victory points", "For example (the engine's verdict)"],
        "end": [
            f"The first to reach {GOAL_VP} VP wins.",
            "If two players reach 7 at the same time, neither wins: the one with more card points in that hand "
            "stays at 6, the other drops to 5; with equal card points both stay at 6. Play goes on.",
            "When all three stand at exactly 6 VP, the next hand is the special round: a match wins; otherwise "
            "the player who would get no VP wins (the one at the limit, or the middle one).",
        ],
        "suits_caption": "Suits",
        "suits_columns": ["Letter", "Eidex", "German", "French"],
        "rulings": {
            "bottom": (
                "The shuffler lifts the pile and shows everyone the bottom card.",
                "The bottom card is the last card dealt, it goes to the dealer and is shown to all.",
            ),
            "trump": (
                "The suit of this card is trump for the next round.",
                "Always, by default; the publisher's rules make a shown Ace Obenabe and a shown Six Undenufe.",
            ),
            "discard": (
                "The point value of this card counts for the player at the end.",
                "The face-down card's points are added to its owner's card points.",
            ),
            "jass": (
                "Now eleven tricks follow according to the usual Jass rules.",
                "Follow suit, trump any time, no undertrumping unless all trumps, the trump jack need not follow.",
            ),
            "match": (
                "Whoever tricks every eleven rounds receives 2 profit points.",
                "Whoever wins all 11 tricks gets 2 VP.",
            ),
            "limit": (
                "Anyone who scores more than 99 points does not get any profit point.",
                "100 card points or more gets 0 VP, the others 1 each.",
            ),
            "tie": (
                "If two players get the same number of points, the third player receives two points.",
                "Only when all stay below the limit (the booklet's rule 4).",
            ),
            "seven": (
                "The player who scored the most points in the last round stops at six profit points.",
                "More card points in that hand: stays at 6, the other 5; equal card points: both stay at 6.",
            ),
            "chaos": (
                "...the one who would otherwise get nothing.",
                "In a tie below the limit two get nothing: the 2-VP player wins.",
            ),
        },
    },
    "ru": {
        "goal": f"Первым набрать {GOAL_VP} победных очков (Gewinnpunkte, ПО). За каждую сдачу раздаются 2 ПО: "
        "набравшему больше всех и меньше всех карточных очков, но ничего тому, кто достиг предела.",
        "players": f"{PLAYERS} игрока, каждый за себя.",
        "deck": "36 карт от шестёрки до туза в мастях Эйдекса (французские в скобках): Эйдекс (трефы), "
        "Вороны (пики), Звёзды (бубны), Сердца (червы).",
        "titles": {
            "deal": "Сдача и открытая карта",
            "discard": "Карта рубашкой вверх (drücken)",
            "play": "Розыгрыш взяток (правила Ясса)",
            "ranks": "Старшинство карт",
            "points": "Очки карт",
            "scoring": "Победные очки за сдачу",
            "end": "Победа, одновременные 7 и особый круг 6-6-6",
        },
        "deal": [
            f"Сдающий сдаёт три круга по четыре карты, начиная со следующего игрока: по {CARDS_EACH} карт. "
            "Его последняя карта показывается всем и остаётся открытой, пока он её держит.",
            "Масть открытой карты — козырь на эту сдачу. После каждой сдачи сдаёт следующий игрок.",
        ],
        "discard": [
            "Все игроки одновременно кладут перед собой по одной карте рубашкой вверх. Она не участвует в игре, "
            "но её очки засчитываются владельцу в конце. Можно положить любую карту, и козырь, и открытую карту. "
            f"На руках остаётся по {TRICKS} карт: {TRICKS} взяток.",
            "Эти карты скрыты от других игроков до подсчёта сдачи.",
        ],
        "play": [
            "Первую взятку начинает игрок после сдающего; взявший взятку ходит следующим.",
            "Нужно ходить в масть, если можешь. Козырять можно всегда, даже имея масть; обязанности козырять "
            "или перебивать нет.",
            "Нельзя подкозыривать: если во взятке, начатой не с козыря, уже лежит козырь, нельзя класть козырь "
            "младше, кроме случая, когда на руке одни козыри.",
            "На ход козырем нужно класть козырь; козырный валет (Пур) освобождён: если он твой единственный "
            "козырь, можно класть любую карту.",
            "Взятку берёт старший козырь, а без козырей — старшая карта масти первого хода.",
        ],
        "ranks_caption": "Сила карт во взятке, от старшей",
        "ranks_columns": ["Режим", "Козырная масть", "Прочие масти"],
        "points_caption": f"Очки карт; последняя взятка даёт ещё {LAST_TRICK_BONUS}: в каждой сдаче {HAND_POINTS}",
        "points_columns": ["Карта", "Козырная масть", "Прочие масти", "Обенабе", "Унденуфе"],
        "points_note": "Очки игрока: его взятки, его карта рубашкой вверх и премия за последнюю взятку.",
        "scoring_caption": "Победные очки (2 за сдачу)",
        "scoring_columns": ["Случай", "Когда", "Победные очки", "Например (вывод движка)"],
        "end": [
            f"Побеждает первый, набравший {GOAL_VP} ПО.",
            "Если двое набирают 7 одновременно, никто не побеждает: у кого больше карточных очков в этой сдаче, "
            "остаётся на 6, другой опускается до 5; при равенстве оба остаются на 6. Игра продолжается.",
            "Когда у всех троих ровно по 6 ПО, следующая сдача — особый круг: побеждает сыгравший матч, иначе "
            "тот, кто не получил бы ничего (достигший предела или средний).",
        ],
        "suits_caption": "Масти",
        "suits_columns": ["Буква", "Эйдекс", "Немецкое", "Французское"],
        "rulings": {
            "bottom": (
                "Шаффлер поднимает стопку и показывает всем нижнюю карту.",
                "Нижняя карта — последняя сданная, она идёт сдающему и показывается всем.",
            ),
            "trump": (
                "Масть этой карты является козырем в следующем раунде.",
                "Всегда, по умолчанию; по правилам издателя открытый туз — Обенабе, шестёрка — Унденуфе.",
            ),
            "discard": (
                "Очки этой карты учитываются для игрока в конце.",
                "Очки закрытой карты прибавляются к очкам её владельца.",
            ),
            "jass": (
                "Теперь следуют одиннадцать трюков по обычным правилам Ясса.",
                "Масть обязательна, козырять можно всегда, подкозыривать нельзя (кроме руки из одних "
                "козырей), козырный валет может не ходить в козырь.",
            ),
            "match": (
                "Тот, кто обманывает все одиннадцать раундов, получает 2 очка прибыли.",
                "Взявший все 11 взяток получает 2 ПО.",
            ),
            "limit": (
                "Тот, кто набирает более 99 очков, не получает никакой прибыли.",
                "100 очков и больше — 0 ПО, остальным по 1.",
            ),
            "tie": (
                "Если два игрока набирают одинаковое количество очков, третий игрок получает два очка.",
                "Только когда все ниже предела (правило 4 буклета).",
            ),
            "seven": (
                "Игрок, набравший наибольшее количество очков в последнем раунде, останавливается на шести.",
                "У кого больше карточных очков в этой сдаче — 6, у другого 5; при равенстве оба 6.",
            ),
            "chaos": (
                "...тот, кто иначе не получил бы ничего.",
                "При равенстве ниже предела ничего не получают двое: побеждает получатель 2 ПО.",
            ),
        },
    },
}


CHARACTER_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "title": "The character game (Cosmic Eidex)",
        "text": [
            msg("eidex.rules.characters_draw", advanced=option("advanced"), characters=option("characters")),
            "Unless a character says otherwise, its power is used at most once per hand.",
            "Conflicts: powers act in the booklet's order, by rank A, K, Q, J, 10, 9, 8, 7, 6, and within a rank "
            "Eidex, Raven, Heart, Star. A lower character may react to a higher one's power while their moment "
            "lasts (Skater may call Skat against Jiu-Jitsu's swap); once the moment is over, it cannot.",
            "Powers tied to a moment (after the deal, before or after the discard, before a trick, when a trick is "
            "complete, at the hand's end) are offered in that order, one player at a time, each may use or decline "
            "his. Powers tied to playing a card are offered with the player's cards; “any time” powers whenever "
            "he likes.",
        ],
        "caption": "The 36 characters",
        "columns": ["Card", "German", "Name", "When", "Uses per hand", "Power"],
        "any": "no limit",
    },
    "ru": {
        "title": "Игра с персонажами (Космический Эйдекс)",
        "text": [
            msg("eidex.rules.characters_draw", advanced=option("advanced"), characters=option("characters")),
            "Если персонаж не говорит иное, силой можно воспользоваться не больше раза за раздачу.",
            "Конфликты: силы действуют в порядке буклета — по достоинству Т, К, Д, В, 10, 9, 8, 7, 6, а внутри "
            "достоинства Эйдекс, Вороны, Сердца, Звёзды. Младший персонаж может ответить на силу старшего, пока "
            "длится их момент (Скатист может объявить скат против обмена Джиу-джитсу); после — уже нет.",
            "Силы, привязанные к моменту (после сдачи, до или после сброса, перед взяткой, когда взятка собрана, в "
            "конце раздачи), предлагаются в этом порядке по одному игроку; каждый применяет или отказывается. Силы "
            "при ходе картой предлагаются вместе с картами игрока, силы «в любой момент» — когда он захочет.",
        ],
        "caption": "36 персонажей",
        "columns": ["Карта", "По-немецки", "Имя", "Когда", "Раз за раздачу", "Сила"],
        "any": "без ограничений",
    },
}


CHARACTER_RULINGS: tuple[tuple[str | None, dict[str, tuple[str, str]]], ...] = (
    (
        "trumphator_no_trump",
        {
            "en": (
                "Trumphator makes the second-to-last dealt card decide trump (silent on the Ace/Six variant).",
                "Under the A/6 option a new Ace or Six makes Obenabe or Undenufe, like a shown one.",
            ),
            "ru": (
                "Трумфатор делает козырной предпоследнюю сданную карту (о варианте с тузом и шестёркой ни слова).",
                "При настройке «туз или шестёрка» новый туз или шестёрка делает Обенабе или Унденуфе, как открытая "
                "карта.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Räuber and Black Friday act on “the trump card”.",
                "After Trumphator the new card is the trump card; the old one stays known to all.",
            ),
            "ru": (
                "Разбойник и Чёрная пятница действуют на «козырную карту».",
                "После Трумфатора козырная карта — новая; прежняя остаётся известна всем.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Räuber takes the face-up trump card, or as dealer swaps it for the trump 6.",
                "Without a trump (Obenabe, Undenufe) there is no trump 6: the power is not offered.",
            ),
            "ru": (
                "Разбойник забирает открытую козырную карту или, если сдаёт сам, меняет её на козырную шестёрку.",
                "Без козыря (Обенабе, Унденуфе) козырной шестёрки нет: сила не предлагается.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Schüchterne refuses to lead; a blind card drawn from an opponent must be led (he may refuse once).",
                "The forced card is the lead; play goes on in normal order from the forced leader; the refused card "
                "goes back to its holder and the second is drawn from his other cards.",
            ),
            "ru": (
                "Стеснительная отказывается ходить; вслепую вытянутой у соперника картой должен пойти он (один раз "
                "он может отказаться).",
                "Вынужденная карта и есть заход; дальше обычный порядок от вынужденного; отвергнутая карта "
                "возвращается владельцу, вторая тянется из остальных его карт.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Teekränzchen receives one card from each opponent.",
                "Each giver chooses the card he gives.",
            ),
            "ru": (
                "Чаепитие получает по карте от каждого соперника.",
                "Каждый дающий сам выбирает карту.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Skater: trumps only when void; tens rank above kings and queens.",
                "Without a trump (Obenabe, Undenufe) Skat is not offered.",
            ),
            "ru": (
                "Скатист: козырять только без масти; десятки старше королей и дам.",
                "Без козыря (Обенабе, Унденуфе) скат не предлагается.",
            ),
        },
    ),
    (
        "farbenfreund_lapse_counts",
        {
            "en": (
                "Farbenfreund: if that player has no card of the suit, the wish lapses.",
                "A lapsed wish counts as one of his two.",
            ),
            "ru": (
                "Друг мастей: если у игрока нет карты этой масти, желание пропадает.",
                "Пропавшее желание считается одним из двух.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Scharfmacher: everyone adds a second (legal) card to the trick; six cards make one trick.",
                "Declared on his own turn before he plays; the second cards go round from the trick's leader, each "
                "checked against the trick as it stands; the hand then has 10 tricks and the 10th gets the 5.",
            ),
            "ru": (
                "Подстрекатель: каждый добавляет во взятку вторую (разрешённую) карту; шесть карт — одна взятка.",
                "Объявляется в свой ход до карты; вторые карты идут по кругу от заходившего, каждая проверяется по "
                "взятке как она есть; в раздаче тогда 10 взяток, 5 очков получает десятая.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Weisheit announces combinations and at the end adds or subtracts the total.",
                "Several combinations sum; the whole sum is added or subtracted; a card counts once, but the trump "
                "King and Queen may also sit in a run; runs in the order 6 7 8 9 10 J Q K A.",
            ),
            "ru": (
                "Мудрость объявляет комбинации и в конце прибавляет или вычитает их сумму.",
                "Комбинации складываются, вся сумма прибавляется или вычитается; карта считается один раз, но "
                "козырные король и дама могут быть и в последовательности; порядок 6 7 8 9 10 В Д К Т.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Konsumentenschutz rejects a played card; that player must play a different one.",
                "The replacement must be legal; if the rejected card was the only legal one, any card may follow.",
            ),
            "ru": (
                "Защита потребителя отвергает сыгранную карту; игрок должен сыграть другую.",
                "Замена должна быть разрешённой; если отвергнутая была единственной разрешённой — любая карта.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Guggitaler, declared after the discard: the Star King may not be discarded.",
                "The ban holds whenever Guggitaler is in the game.",
            ),
            "ru": (
                "Гуггиталер объявляется после сброса: короля Звёзд сбрасывать нельзя.",
                "Запрет действует всегда, когда Гуггиталер в игре.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Jackpot: pure animal tricks go to the pot; the taker of the named 7's trick takes it all.",
                "The lead still goes to the trick's top card; the pot closes once the named 7 is played; the named 7 "
                "may not be discarded after the call; a pot nobody took scores for nobody.",
            ),
            "ru": (
                "Джекпот: чисто «звериные» взятки идут в банк; взявший взятку с названной семёркой забирает всё.",
                "Заход всё равно у старшей карты взятки; банк закрывается, когда сыграна названная семёрка; её "
                "нельзя сбросить после объявления; невзятый банк не достаётся никому.",
            ),
        },
    ),
    (
        "umwerter_lowest",
        {
            "en": (
                "Umwerter makes a card the highest or lowest of its suit (the English rules: highest only).",
                "Highest or lowest, as the booklet says.",
            ),
            "ru": (
                "Переоценщик делает карту старшей или младшей в масти (английские правила: только старшей).",
                "Старшей или младшей, как в буклете.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Trumphator: the second-to-last dealt card, which he must not look at.",
                "As dealer, that card is his own: he decides without being told which; then it is shown.",
            ),
            "ru": (
                "Трумфатор: предпоследняя сданная карта, на которую ему нельзя смотреть.",
                "Если сдаёт он сам, это его карта: он решает, не зная какая; затем её показывают.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Sphinx plays a card face down and announces who takes the trick.",
                "The hidden card counts for the trick's strength but not for the others' duties; led face down, the "
                "suit she names is led; it is turned up after the last trick. Until then no other player sees a "
                "figure holding its points: the trick's points and his taken points leave it out (shown “+ ?”).",
            ),
            "ru": (
                "Сфинкс кладёт карту рубашкой вверх и объявляет, кто берёт взятку.",
                "Скрытая карта считается для силы взятки, но не для обязанностей других; при заходе ведёт названная "
                "ею масть; карту открывают после последней взятки. До тех пор никто, кроме неё, не видит числа с её "
                "очками: очки взятки и взятые очки считаются без неё (с пометкой «+ ?»).",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Booklet example: Jiu-Jitsu's swap can be undone by Skater calling Skat.",
                "Skat may be called in the trick's scoring; if the swapped cards are no longer adjacent in the new "
                "order, the swap lapses.",
            ),
            "ru": (
                "Пример буклета: обмен Джиу-джитсу отменяется скатом Скатиста.",
                "Скат можно объявить при подсчёте взятки; если обменянные карты в новом порядке уже не соседние, "
                "обмен отменяется.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Zombie takes back a card from his most recent trick.",
                "The last trick he took (one given by Fürsorge counts; the Jackpot's belong to nobody); under "
                "Gerechtigkeit his kept card; with no trick, his face-down card.",
            ),
            "ru": (
                "Зомби забирает карту из своей последней взятки.",
                "Последняя взятая им взятка (подаренная Заботой считается, взятки Джекпота ничьи); при Справедливости "
                "его оставленная карта; без взяток — его закрытая карта.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Gerechtigkeit: in two tricks each player keeps his own card.",
                "The player whose card wins leads next and counts as taking the trick (Match, Differenzler, the 5).",
            ),
            "ru": (
                "Справедливость: в двух взятках каждый оставляет себе свою карту.",
                "Чья карта старшая, тот ходит следующим и считается взявшим взятку (для матча, Дифференцлера, "
                "5 очков).",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Quizmaster asks a player a question, who must answer truthfully.",
                "Questions from a list (a card, a suit, at least n of a suit, a trump); question and answer are "
                "public.",
            ),
            "ru": (
                "Ведущий викторины задаёт игроку вопрос, тот отвечает честно.",
                "Вопросы из списка (карта, масть, не меньше n карт масти, козырь); вопрос и ответ слышат все.",
            ),
        },
    ),
    (
        "excuse_non_trump",
        {
            "en": (
                "Excuse may play a card worth at most 3 points instead of following (the English rules: non-trump).",
                "Any suit, worth at most 3 under the valuation in force.",
            ),
            "ru": (
                "Отговорка может вместо хода в масть сыграть карту не дороже 3 очков (английские правила: некозырную).",
                "Любой масти, не дороже 3 очков по действующей оценке.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Fledderer takes an opponent's face-down card blind.",
                "He picks the victim, not the card; an opponent with no face-down card cannot be chosen.",
            ),
            "ru": (
                "Мародёр вслепую забирает закрытую карту соперника.",
                "Он выбирает жертву, а не карту; соперника без закрытой карты выбрать нельзя.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Kompass reverses the direction of play.",
                "The first lead is by the player next to the dealer in the direction in force when trick 1 starts.",
            ),
            "ru": (
                "Компас меняет направление игры.",
                "Первым ходит сосед сдающего по направлению, действующему к началу первой взятки.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Computer adds 5 to or takes 5 from his points.",
                "The ±5 counts for the victory points (limit, highest, lowest, ties); the hand sums to 152 or 162; "
                "Match is by tricks.",
            ),
            "ru": (
                "Компьютер прибавляет себе 5 очков или отнимает 5.",
                "±5 учитывается для победных очков (предел, больше и меньше всех, равенство); в раздаче 152 или 162 "
                "очка; матч решают взятки.",
            ),
        },
    ),
)
"""Our readings of the character game's open points (rulings §1.9 and §1.9.1): the option that gives the other
reading, and per language what the booklet says and how we read it."""

THIRD_ROUND: tuple[tuple[str | None, dict[str, tuple[str, str]]], ...] = (
    (
        None,
        {
            "en": (
                "Dealer may offer a whole-hand swap before each trick.",
                "One offer per trick: a refused offer closes that trick's window.",
            ),
            "ru": (
                "Дилер может перед каждой взяткой предложить обмен всей рукой.",
                "Одно предложение на взятку: после отказа до следующей взятки предложений нет.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Seher discards last, after the first card is led.",
                "Leading trick 1 himself, he leads from his twelve cards and discards after his lead; a discard tried "
                "earlier is refused with that reason.",
            ),
            "ru": (
                "Провидец сбрасывает последним, после первой карты первой взятки.",
                "Если первым ходит он сам, он ходит из двенадцати карт и сбрасывает после своего хода; попытка "
                "сбросить раньше отклоняется с этим объяснением.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Guggitaler changes the scoring after the discards; Differenzler announces before the first lead.",
                "Guggitaler acts first, in the window after the discards; Differenzler announces later, knowing it.",
            ),
            "ru": (
                "Гуггиталер меняет подсчёт после сброса; Дифференцлер объявляет до первого хода.",
                "Гуггиталер решает первым, сразу после сброса; Дифференцлер объявляет позже, уже зная это.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Fürsorge gives a trick worth at most 3 points, with the lead (not one with a Sphinx card).",
                "The gift belongs to the trick as finally scored: when Korrektor has it replayed or Konsumentenschutz "
                "rejects a card of it, the gift lapses; the limit and the Sphinx rule are checked on the trick "
                "actually scored, which she may give if it qualifies.",
            ),
            "ru": (
                "Забота отдаёт взятку не дороже 3 очков вместе с ходом (но не взятку с картой Сфинкса).",
                "Подарок относится к взятке в том виде, в каком её засчитали: если Корректор велит переиграть её или "
                "Защита потребителя отвергает её карту, подарок отменяется; предел и запрет Сфинкса проверяются на "
                "засчитанной взятке, и её Забота может отдать, если она подходит.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Jackpot declares “Jackpot with ♥7” or “with ★7”.",
                "The named 7 is said aloud: every player sees at once which 7, not where it lies.",
            ),
            "ru": (
                "Джекпот объявляет «Джекпот с ♥7» или «с ★7».",
                "Семёрку называют вслух: все сразу видят, какую, но не знают, у кого она.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Laser draws another player's first lead blind; Schüchterne and Scharfmacher act when they lead.",
                "In the listing order Q and J come before 9: leading trick 1, they are offered their power first; "
                "Laser draws the lead blind once they decline it (or after Scharfmacher's double trick).",
            ),
            "ru": (
                "Лазер вслепую вытягивает первый ход другого игрока; Стеснительная и Подстрекатель действуют при "
                "своём ходе.",
                "По порядку буклета дамы и валеты идут раньше девяток: при первом ходе им сначала предлагают силу; "
                "Лазер вытягивает ход вслепую, когда они откажутся (или после двойной взятки Подстрекателя).",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Ultimo takes over the last trick; Korrektor may have a trick replayed.",
                "As with Jiu-Jitsu's swap, a claim on the last trick lapses when it is replayed (or one of its cards "
                "rejected); the claim is given back and Ultimo may claim the replayed trick.",
            ),
            "ru": (
                "Ультимо забирает последнюю взятку; Корректор может велеть переиграть взятку.",
                "Как и обмен Джиу-джитсу, притязание на последнюю взятку отменяется, если её переигрывают (или "
                "отвергают её карту); применение возвращается, и Ультимо может забрать переигранную взятку.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Excuse plays a card of at most 3 points instead of following.",
                "That card is a discard into the trick: its points go with the trick, it never takes it (under Skat "
                "or Fahnder's demand too); it is never a lead.",
            ),
            "ru": (
                "Отговорка вместо хода в масть кладёт карту не дороже 3 очков.",
                "Эта карта — сброс во взятку: её очки уходят со взяткой, но она никогда её не берёт (и при скате, и "
                "при требовании Сыщика); ею нельзя зайти.",
            ),
        },
    ),
    (
        None,
        {
            "en": (
                "Weisheit: five in a row is worth 20.",
                "A longer run counts as five in a row plus what its other cards form: a run of eight is 20 + 4.",
            ),
            "ru": (
                "Мудрость: пять подряд — 20 очков.",
                "Более длинная серия — это пять подряд плюс то, что образуют остальные её карты: восемь подряд — "
                "20 + 4.",
            ),
        },
    ),
)
"""The third round of decisions (rulings §1.9.2), on the page beside the others."""


def character_rulings(lang: str) -> list[dict[str, Any]]:
    """The character game's rulings in ``lang``, each naming the option that changes it (or ``None``)."""
    return [
        {"seed": texts[lang][0], "ours": texts[lang][1], "option": name}
        for name, texts in (*CHARACTER_RULINGS, *THIRD_ROUND)
    ]


VP_EXAMPLES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "match": ((157, 0, 0), (11, 0, 0)),
    "limit": ((104, 30, 23), (6, 3, 2)),
    "tie": ((60, 60, 37), (4, 4, 3)),
    "spread": ((77, 45, 35), (5, 3, 3)),
    "three-way tie": ((50, 50, 50), (4, 4, 3)),
}
"""A hand's card points and tricks by seat showing each victory-point case (the three-way tie needs a character
that changes the points)."""


def vp_example(case: str, limit: int) -> Message:
    """``case``'s example hand and the engine's own verdict on it (``award_vp``, ``vp_verdict``)."""
    points, tricks = VP_EXAMPLES[case]
    found, awards = award_vp(points, tricks, limit)
    verdict = vp_verdict(found, points, awards, limit)
    return msg("eidex.rules.vp_example", points=" · ".join(map(str, points)), verdict=verdict)


def rank_text(rank: str, lang: str) -> str:
    """A rank as the page's language writes it: ``Q`` (``Д`` in Russian)."""
    return RANK_WORDS.get(lang, {}).get(rank, rank)


def ranks_text(ranks: tuple[str, ...], lang: str) -> str:
    """A rank order, highest first, as one cell: ``J 9 A K…`` (``В 9 Т К…``)."""
    return " ".join(rank_text(r, lang) for r in ranks)


def german(text: str) -> dict[str, str]:
    """A cell in German (the game's own names), marked so for the page (``lang``)."""
    return {"text": text, "lang": "de"}


def character_rows(lang: str) -> list[list[Any]]:
    """The character table: card, German name, name, timing, uses per hand and effect, in conflict order (the
    words of the last three are the catalogs', as at the table)."""
    t = CHARACTER_TEXT[lang]
    return [
        [
            f"{rank_text(info.card[:-1], lang)} {EIDEX_SUITS[info.card[-1]]['russian' if lang == 'ru' else 'name']}",
            german(info.german),
            msg(f"char.{info.id}.name"),
            msg(f"char.timing.{info.timing}"),
            t["any"] if info.uses is None else str(info.uses),
            msg(f"char.{info.id}.effect"),
        ]
        for info in CHARACTERS.values()
    ]


def _ruling(texts: Mapping[str, Any], key: str, option: str | None = None) -> dict[str, Any]:
    seed, ours = texts["rulings"][key]
    return {"seed": seed, "ours": ours, "option": option}


def _table(
    tid: str, caption: str, columns: list[str], rows: list[list[Any]], notes: list[str] | None = None
) -> dict[str, Any]:
    return {"id": tid, "caption": caption, "columns": columns, "rows": rows, "row_headers": True, "notes": notes or []}


def rank_rows(lang: str) -> list[list[str]]:
    """One row per mode: its trump order and its plain order, highest first."""
    return [
        [MODE_NAMES[lang][m.id], ranks_text(m.trump_order, lang) or "—", ranks_text(m.plain_order, lang)]
        for m in MODES.values()
    ]


def point_rows(lang: str = "en") -> list[list[str]]:
    """One row per rank: its card points as trump, as plain card, in Obenabe and in Undenufe."""
    trump, oben, unden = MODES["trump"], MODES["obenabe"], MODES["undenufe"]
    return [
        [
            rank_text(rank, lang),
            str(trump.trump_points[rank]),
            str(trump.plain_points[rank]),
            str(oben.plain_points[rank]),
            str(unden.plain_points[rank]),
        ]
        for rank in trump.plain_order
    ]


def rules(options: Mapping[str, Any] | None = None, lang: str = "en") -> dict[str, Any]:
    """The Eidex rules document for a table with these options, in ``lang`` ("en" or "ru")."""
    opts = validate_options(OPTIONS, options)
    lang = "ru" if lang == "ru" else "en"
    t = TEXT[lang]
    titles = t["titles"]
    suits_rows = [
        [
            letter,
            f"{info['russian'] if lang == 'ru' else info['name']} {SUIT_SYMBOLS[letter]}",
            german(info["german"]),
            FRENCH_SUITS[lang][letter],
        ]
        for letter, info in EIDEX_SUITS.items()
    ]
    limit = opts["limit"]
    vp_rows = [
        [
            VP_CASE_NAMES[lang][case],
            *(text.format(limit=limit) for text in VP_CASE_TEXTS[lang][case]),
            vp_example(case, limit),
        ]
        for case in VP_CASES
    ]
    return {
        "goal": t["goal"],
        "players": t["players"],
        "deck": t["deck"],
        "foreign": {"de": ["drücken", "Gewinnpunkte"]},  # German words in the text, marked so on the page
        "sections": [
            {
                "id": "deal",
                "title": titles["deal"],
                "text": t["deal"],
                "tables": [_table("suits", t["suits_caption"], t["suits_columns"], suits_rows)],
                "rulings": [_ruling(t, "bottom"), _ruling(t, "trump", "ace_six_no_trump")],
            },
            {
                "id": "discard",
                "title": titles["discard"],
                "text": t["discard"],
                "tables": [],
                "rulings": [_ruling(t, "discard")],
            },
            {"id": "play", "title": titles["play"], "text": t["play"], "tables": [], "rulings": [_ruling(t, "jass")]},
            {
                "id": "ranks",
                "title": titles["ranks"],
                "text": [],
                "tables": [_table("ranks", t["ranks_caption"], t["ranks_columns"], rank_rows(lang))],
                "rulings": [],
            },
            {
                "id": "points",
                "title": titles["points"],
                "text": [t["points_note"]],
                "tables": [_table("points", t["points_caption"], t["points_columns"], point_rows(lang))],
                "rulings": [],
            },
            {
                "id": "scoring",
                "title": titles["scoring"],
                "text": [msg("eidex.rules.limit", limit=limit, option=option("limit"))],
                "tables": [_table("vp", t["scoring_caption"], t["scoring_columns"], vp_rows)],
                "rulings": [_ruling(t, "match"), _ruling(t, "limit", "limit"), _ruling(t, "tie")],
            },
            {
                "id": "end",
                "title": titles["end"],
                "text": t["end"],
                "tables": [],
                "rulings": [_ruling(t, "seven"), _ruling(t, "chaos", "chaos_tie_winner")],
            },
            {
                "id": "characters",
                "title": CHARACTER_TEXT[lang]["title"],
                "text": CHARACTER_TEXT[lang]["text"],
                "tables": [
                    _table(
                        "characters",
                        CHARACTER_TEXT[lang]["caption"],
                        CHARACTER_TEXT[lang]["columns"],
                        character_rows(lang),
                    )
                ],
                "rulings": character_rulings(lang),
            },
        ],
    }


# ---- the explorer ------------------------------------------------------------------------------------------
