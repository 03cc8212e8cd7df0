"""The 36 characters of Cosmic Eidex as data (rulings eidex.md §1.9, §1.9.1; notation FORMAT.md "Eidex character
game"), and the registry of their implementations.

:data:`CHARACTERS` holds, per character card, its action name (``id``), its German, English and Russian names, its
timing, its uses per hand and the key of its effect text; :data:`TIMINGS` and :data:`EFFECTS` hold the texts in
English and Russian. The rules page and the engine read the same table. The implementations live in
:mod:`.high` (ranks A, K, Q, J, 10) and :mod:`.low` (ranks 9, 8, 7, 6); both register their classes by card and
:func:`make_cast` builds the three characters of a game. A character without an implementation has no power.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.games.eidex.characters.base import CONFLICT_SUITS, Character, conflict_key
from engine.games.eidex.characters.high import HIGH
from engine.games.eidex.characters.low import LOW


@dataclass(frozen=True)
class CharacterInfo:
    """One character card: ``card`` ("AC"), ``id`` (the name in ``power NAME``), names, ``timing`` (a key of
    :data:`TIMINGS`), ``uses`` per hand (``None``: no limit) and ``effect`` (a key of :data:`EFFECTS`)."""

    card: str
    id: str
    german: str
    en: str
    ru: str
    timing: str
    uses: int | None
    effect: str


def _info(card: str, cid: str, german: str, en: str, ru: str, timing: str, uses: int | None) -> CharacterInfo:
    return CharacterInfo(card, cid, german, en, ru, timing, uses, cid)


CHARACTERS: dict[str, CharacterInfo] = {
    info.card: info
    for info in (
        _info("AC", "dealer", "Dealer", "Dealer", "Дилер", "before_trick", None),
        _info("AS", "jiujitsu", "Jiu-Jitsu", "Jiu-Jitsu", "Джиу-джитсу", "trick_complete", 1),
        _info("AH", "ultimo", "Ultimo", "Ultimo", "Ультимо", "last_trick", 1),
        _info("AD", "trumphator", "Trumphator", "Trumphator", "Трумфатор", "after_deal", 1),
        _info("KC", "computer", "Computer", "Computer", "Компьютер", "hand_end", 1),
        _info("KS", "rauber", "Räuber", "Robber", "Разбойник", "after_deal", 1),
        _info("KH", "voyeur", "Voyeur", "Voyeur", "Вуайерист", "any_time", 1),
        _info("KD", "quizmaster", "Quizmaster", "Quizmaster", "Ведущий викторины", "after_trick", None),
        _info("QC", "feministin", "Feministin", "Feminist", "Феминистка", "trick_won", None),
        _info("QS", "shy", "Schüchterne", "Shy One", "Стеснительная", "lead", 1),
        _info("QH", "teekranzchen", "Teekränzchen", "Tea Party", "Чаепитие", "after_discard", 1),
        _info("QD", "gerechtigkeit", "Gerechtigkeit", "Justice", "Справедливость", "before_trick", 1),
        _info("JC", "skat", "Skater", "Skater", "Скатист", "any_time", 1),
        _info("JS", "schwarzpeter", "Schwarzpeter", "Black Peter", "Чёрный Петер", "before_discard", 1),
        _info("JH", "farbenfreund", "Farbenfreund", "Colour Friend", "Друг мастей", "opponent_lead", 2),
        _info("JD", "scharfmacher", "Scharfmacher", "Agitator", "Подстрекатель", "during_trick", 1),
        _info("10C", "differenzler", "Differenzler", "Differenzler", "Дифференцлер", "first_lead", 1),
        _info("10S", "fahnder", "Fahnder", "Investigator", "Сыщик", "own_lead", 1),
        _info("10H", "fursorge", "Fürsorge", "Welfare", "Забота", "after_trick", None),
        _info("10D", "weisheit", "Weisheit", "Wisdom", "Мудрость", "first_lead_and_end", 1),
        _info("9C", "laser", "Laser", "Laser", "Лазер", "by_itself", None),
        _info("9S", "radar", "Radarkontrolle", "Speed Trap", "Радар", "before_discard", 1),
        _info("9H", "konsument", "Konsumentenschutz", "Consumer Protection", "Защита потребителя", "other_plays", 1),
        _info("9D", "seher", "Seher", "Seer", "Провидец", "by_itself", None),
        _info("8C", "umwerter", "Umwerter", "Re-valuer", "Переоценщик", "after_discard", 1),
        _info("8S", "zombie", "Zombie", "Zombie", "Зомби", "between_tricks", 1),
        _info("8H", "excuse", "Excuse", "Excuse", "Извините", "own_turn", 1),
        _info("8D", "taschenspieler", "Taschenspieler", "Conjurer", "Фокусник", "any_time", 1),
        _info("7C", "korrektor", "Korrektor", "Corrector", "Корректор", "trick_complete", 1),
        _info("7S", "fledderer", "Fledderer", "Grave Robber", "Мародёр", "after_discard", 1),
        _info("7H", "guggitaler", "Guggitaler", "Guggitaler", "Гуггиталер", "after_discard", 1),
        _info("7D", "jackpot", "Jackpot", "Jackpot", "Джекпот", "before_discard", 1),
        _info("6C", "kompass", "Kompass", "Compass", "Компас", "first_lead_then_any", 2),
        _info("6S", "blackfriday", "Black Friday", "Black Friday", "Чёрная пятница", "after_discard", 1),
        _info("6H", "wunschelrute", "Wünschelrute", "Divining Rod", "Лоза", "before_discard", 1),
        _info("6D", "sphinx", "Sphinx", "Sphinx", "Сфинкс", "own_turn", 2),
    )
}
"""Every character by its card, in the booklet's conflict order (A to 6; within a rank Eidex, Raven, Heart, Star)."""

BY_ID: dict[str, CharacterInfo] = {info.id: info for info in CHARACTERS.values()}

TIMINGS: dict[str, dict[str, str]] = {
    "before_trick": {"en": "before each trick", "ru": "перед каждой взяткой"},
    "trick_complete": {"en": "when a trick is complete", "ru": "когда взятка собрана"},
    "last_trick": {"en": "the last trick", "ru": "последняя взятка"},
    "after_deal": {"en": "after the deal", "ru": "после сдачи"},
    "hand_end": {"en": "at the end of the hand", "ru": "в конце раздачи"},
    "any_time": {"en": "any time", "ru": "в любой момент"},
    "after_trick": {"en": "after each trick", "ru": "после каждой взятки"},
    "trick_won": {"en": "when she would win a trick", "ru": "когда она взяла бы взятку"},
    "lead": {"en": "when she has to lead", "ru": "когда ей ходить первой"},
    "after_discard": {"en": "after the discard", "ru": "после сброса"},
    "before_discard": {"en": "before the discard", "ru": "перед сбросом"},
    "opponent_lead": {"en": "when an opponent leads", "ru": "когда ходит соперник"},
    "during_trick": {"en": "during a trick", "ru": "во время взятки"},
    "first_lead": {"en": "before the first lead", "ru": "перед первым ходом"},
    "own_lead": {"en": "right after his own lead", "ru": "сразу после своего хода первым"},
    "first_lead_and_end": {"en": "before the first trick, applied at the end", "ru": "перед первой взяткой, в конце"},
    "by_itself": {"en": "acts by itself", "ru": "действует сам"},
    "other_plays": {"en": "when another player plays", "ru": "когда ходит другой игрок"},
    "between_tricks": {"en": "between tricks", "ru": "между взятками"},
    "own_turn": {"en": "on his turn", "ru": "в свой ход"},
    "first_lead_then_any": {"en": "before the first lead, then during the hand", "ru": "перед первым ходом и в игре"},
}

EFFECTS: dict[str, dict[str, str]] = {
    "dealer": {
        "en": "Before each trick may swap his whole hand with an opponent who agrees.",
        "ru": "Перед каждой взяткой может обменяться всей рукой с соперником, если тот согласен.",
    },
    "jiujitsu": {
        "en": "Once swaps the trick strength of two cards of the complete trick that are adjacent in rank.",
        "ru": "Один раз меняет силу двух соседних по старшинству карт собранной взятки.",
    },
    "ultimo": {
        "en": "May take over the last trick, whoever won it.",
        "ru": "Может забрать себе последнюю взятку, кто бы её ни взял.",
    },
    "trumphator": {
        "en": "After the deal may make the second-to-last dealt card decide trump, without looking at it first.",
        "ru": "После сдачи может, не глядя, сделать козырь по предпоследней сданной карте.",
    },
    "computer": {
        "en": "At the end of the hand adds or subtracts 5 from his card points.",
        "ru": "В конце раздачи прибавляет или вычитает 5 из своих очков.",
    },
    "rauber": {
        "en": "Takes the shown trump card from the dealer for a card of his own; as dealer, takes the trump 6 for "
        "the shown card.",
        "ru": "Забирает у сдающего открытую козырную карту в обмен на свою; сдающим — забирает козырную 6 за "
        "открытую карту.",
    },
    "voyeur": {
        "en": "Once sees five cards of an opponent's choice from that opponent's hand.",
        "ru": "Один раз смотрит пять карт соперника, которые тот выберет.",
    },
    "quizmaster": {
        "en": "After each trick asks an opponent one yes/no question about his cards; the answer is true.",
        "ru": "После каждой взятки задаёт сопернику вопрос о его картах; ответ правдив.",
    },
    "feministin": {
        "en": "Need not take a trick holding a Queen with a Jack or King: the next-highest card wins it.",
        "ru": "Может не брать взятку с дамой и валетом или королём: её берёт следующая по силе карта.",
    },
    "shy": {
        "en": "Once refuses to lead: a blind card drawn from an opponent is led by him (he may refuse once).",
        "ru": "Один раз отказывается ходить: соперник ходит вытянутой у него вслепую картой (один отказ).",
    },
    "teekranzchen": {
        "en": "After the discard receives a card from each opponent, then gives each one card back.",
        "ru": "После сброса получает по карте от каждого соперника и возвращает каждому по карте.",
    },
    "gerechtigkeit": {
        "en": "Before a trick declares justice: for two tricks every player keeps his own card.",
        "ru": "Перед взяткой объявляет справедливость: две взятки каждый оставляет свою карту себе.",
    },
    "skat": {
        "en": "Calls Skat for the rest of the hand: trump only when void; tens rank above Kings and Queens.",
        "ru": "Объявляет скат до конца раздачи: козырять только без масти; десятки старше королей и дам.",
    },
    "schwarzpeter": {
        "en": "Before the discard: whoever takes the Raven Jack gets no VP, the others 1 each.",
        "ru": "Перед сбросом: взявший валета Ворон не получает ПО, остальные по 1.",
    },
    "farbenfreund": {
        "en": "Twice per hand names the suit an opponent about to lead must lead, if he holds it.",
        "ru": "Дважды за раздачу называет масть, которой должен пойти соперник, если она у него есть.",
    },
    "scharfmacher": {
        "en": "Once declares a double trick: every player adds a second card.",
        "ru": "Один раз объявляет двойную взятку: каждый кладёт вторую карту.",
    },
    "differenzler": {
        "en": "Announces his card points; with at least one trick and an exact hit he gets 2 VP.",
        "ru": "Заявляет свои очки; взяв взятку и угадав точно, получает 2 ПО.",
    },
    "fahnder": {
        "en": "After his own lead names a card its holder must play to this trick.",
        "ru": "После своего хода называет карту, которую её владелец должен сыграть во взятку.",
    },
    "fursorge": {
        "en": "Gives any trick worth at most 3 points, with the lead, to any player (never the last trick).",
        "ru": "Отдаёт взятку не дороже 3 очков вместе с ходом любому игроку (кроме последней).",
    },
    "weisheit": {
        "en": "Shows combinations before the first trick and adds or subtracts their total at the end.",
        "ru": "Показывает комбинации перед первой взяткой и в конце прибавляет или вычитает их сумму.",
    },
    "laser": {
        "en": "Picks the others' discards blind, and the first lead card of another leader.",
        "ru": "Вслепую выбирает сброс соперников и первую карту чужого хода.",
    },
    "radar": {
        "en": "Sets this hand's limit to any value from 80 to 120.",
        "ru": "Устанавливает предел раздачи от 80 до 120.",
    },
    "konsument": {
        "en": "Once rejects another player's card: he plays a different one and gets the first back.",
        "ru": "Один раз отклоняет карту другого игрока: тот кладёт другую, а первую получает обратно.",
    },
    "seher": {
        "en": "Discards last, after seeing the others' discards and the first lead.",
        "ru": "Сбрасывает последним, увидев сброс соперников и первый ход.",
    },
    "umwerter": {
        "en": "Declares a card he does not hold the highest or lowest of its suit for the hand.",
        "ru": "Объявляет чужую карту старшей или младшей в её масти на раздачу.",
    },
    "zombie": {
        "en": "Between tricks: everyone takes a card of his last trick back into hand.",
        "ru": "Между взятками: каждый берёт в руку карту из своей последней взятки.",
    },
    "excuse": {
        "en": "Once ignores following suit and plays a card worth at most 3 points.",
        "ru": "Один раз не ходит в масть и кладёт карту не дороже 3 очков.",
    },
    "taschenspieler": {
        "en": "Once swaps his face-down card with a card from his hand.",
        "ru": "Один раз меняет свою закрытую карту на карту из руки.",
    },
    "korrektor": {
        "en": "Once rejects a complete trick: it is played again.",
        "ru": "Один раз отменяет собранную взятку: её разыгрывают заново.",
    },
    "fledderer": {
        "en": "Gives an opponent a second face-down card and takes that opponent's face-down card blind.",
        "ru": "Кладёт сопернику вторую закрытую карту и вслепую забирает его сброс.",
    },
    "guggitaler": {
        "en": "Hearts count 1, the Star King 4, the rest 0; 13 points scores nothing.",
        "ru": "Черви по 1 очку, король Звёзд 4, остальное 0; набравший 13 не получает ПО.",
    },
    "jackpot": {
        "en": "Pure animal tricks go to a jackpot that the taker of the named 7 wins.",
        "ru": "Взятки из одних зверей идут в джекпот, его забирает взявший названную 7.",
    },
    "kompass": {
        "en": "Sets the direction of play and may reverse it twice during the hand.",
        "ru": "Задаёт направление игры и дважды за раздачу может его сменить.",
    },
    "blackfriday": {
        "en": "Devalues a suit: its points move to the Raven cards of the same rank.",
        "ru": "Обесценивает масть: её очки переходят к картам Ворон того же достоинства.",
    },
    "wunschelrute": {
        "en": "Demands a card from its holder, who draws a random card from him.",
        "ru": "Требует карту у её владельца, а тот тянет у него случайную карту.",
    },
    "sphinx": {
        "en": "Twice per hand plays a card face down and announces who wins the trick.",
        "ru": "Дважды за раздачу кладёт карту рубашкой вверх и объявляет, кто берёт взятку.",
    },
}
"""Each character's effect in one sentence, by its effect key and language."""

IMPLEMENTED: dict[str, type[Character]] = {**HIGH, **LOW}
"""The implemented characters by card."""


def conflict_order(cards: list[str]) -> list[str]:
    """Character cards in the booklet's conflict order (rank A to 6; within a rank Eidex, Raven, Heart, Star)."""
    return sorted(cards, key=lambda text: conflict_key(Card.parse(text)))


def make_cast(game: Any, cards: list[str]) -> list[Character]:
    """The characters of a game, one per seat (``cards[seat]``); a card without an implementation has no power."""
    return [IMPLEMENTED.get(card, Character)(game, seat, CHARACTERS[card]) for seat, card in enumerate(cards)]


__all__ = [
    "BY_ID",
    "CHARACTERS",
    "CONFLICT_SUITS",
    "EFFECTS",
    "IMPLEMENTED",
    "TIMINGS",
    "CharacterInfo",
    "Character",
    "conflict_order",
    "make_cast",
]
