"""The 36 characters of Cosmic Eidex as data (rulings eidex.md §1.9, §1.9.1; notation FORMAT.md "Eidex character
game"), and the registry of their implementations.

:data:`CHARACTERS` holds, per character card, its action name (``id``), its German name (the booklet's), its
timing and its uses per hand. Names, timings and effects in words are the catalogs' (``char.<id>.name``,
``char.<id>.effect``, ``char.timing.<timing>``), for the table and the rules page alike. The implementations live in
:mod:`.high` (ranks A, K, Q, J, 10) and :mod:`.low` (ranks 9, 8, 7, 6); both register their classes by card and
:func:`make_cast` builds the three characters of a game. A character without an implementation has no power.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card
from engine.games.eidex.characters.base import CONFLICT_SUITS, Character, conflict_key
from engine.games.eidex.characters.game import CharacterGame
from engine.games.eidex.characters.high import HIGH
from engine.games.eidex.characters.low import LOW


@dataclass(frozen=True)
class CharacterInfo:
    """One character card: ``card`` ("AC"), ``id`` (the name in ``power NAME``), its German name, ``timing`` (when
    its power acts: ``char.timing.<timing>`` in the catalogs) and ``uses`` per hand (``None``: no limit)."""

    card: str
    id: str
    german: str
    timing: str
    uses: int | None


CHARACTERS: dict[str, CharacterInfo] = {
    info.card: info
    for info in (
        CharacterInfo("AC", "dealer", "Dealer", "before_trick", None),
        CharacterInfo("AS", "jiujitsu", "Jiu-Jitsu", "trick_complete", 1),
        CharacterInfo("AH", "ultimo", "Ultimo", "last_trick", 1),
        CharacterInfo("AD", "trumphator", "Trumphator", "after_deal", 1),
        CharacterInfo("KC", "computer", "Computer", "hand_end", 1),
        CharacterInfo("KS", "rauber", "Räuber", "after_deal", 1),
        CharacterInfo("KH", "voyeur", "Voyeur", "any_time", 1),
        CharacterInfo("KD", "quizmaster", "Quizmaster", "after_trick", None),
        CharacterInfo("QC", "feministin", "Feministin", "trick_won", None),
        CharacterInfo("QS", "shy", "Schüchterne", "lead", 1),
        CharacterInfo("QH", "teekranzchen", "Teekränzchen", "after_discard", 1),
        CharacterInfo("QD", "gerechtigkeit", "Gerechtigkeit", "before_trick", 1),
        CharacterInfo("JC", "skat", "Skater", "any_time", 1),
        CharacterInfo("JS", "schwarzpeter", "Schwarzpeter", "before_discard", 1),
        CharacterInfo("JH", "farbenfreund", "Farbenfreund", "opponent_lead", 2),
        CharacterInfo("JD", "scharfmacher", "Scharfmacher", "during_trick", 1),
        CharacterInfo("10C", "differenzler", "Differenzler", "first_lead", 1),
        CharacterInfo("10S", "fahnder", "Fahnder", "own_lead", 1),
        CharacterInfo("10H", "fursorge", "Fürsorge", "after_trick", None),
        CharacterInfo("10D", "weisheit", "Weisheit", "first_lead_and_end", 1),
        CharacterInfo("9C", "laser", "Laser", "by_itself", None),
        CharacterInfo("9S", "radar", "Radarkontrolle", "before_discard", 1),
        CharacterInfo("9H", "konsument", "Konsumentenschutz", "other_plays", 1),
        CharacterInfo("9D", "seher", "Seher", "by_itself", None),
        CharacterInfo("8C", "umwerter", "Umwerter", "after_discard", 1),
        CharacterInfo("8S", "zombie", "Zombie", "between_tricks", 1),
        CharacterInfo("8H", "excuse", "Excuse", "own_turn", 1),
        CharacterInfo("8D", "taschenspieler", "Taschenspieler", "any_time", 1),
        CharacterInfo("7C", "korrektor", "Korrektor", "trick_complete", 1),
        CharacterInfo("7S", "fledderer", "Fledderer", "after_discard", 1),
        CharacterInfo("7H", "guggitaler", "Guggitaler", "after_discard", 1),
        CharacterInfo("7D", "jackpot", "Jackpot", "before_discard", 1),
        CharacterInfo("6C", "kompass", "Kompass", "first_lead_then_any", 2),
        CharacterInfo("6S", "blackfriday", "Black Friday", "after_discard", 1),
        CharacterInfo("6H", "wunschelrute", "Wünschelrute", "before_discard", 1),
        CharacterInfo("6D", "sphinx", "Sphinx", "own_turn", 2),
    )
}
"""Every character by its card, in the booklet's conflict order (A to 6; within a rank Eidex, Raven, Heart, Star)."""

BY_ID: dict[str, CharacterInfo] = {info.id: info for info in CHARACTERS.values()}

"""Each character's effect in one sentence, by its effect key and language."""

IMPLEMENTED: dict[str, type[Character]] = {**HIGH, **LOW}
"""The implemented characters by card."""


def conflict_order(cards: list[str]) -> list[str]:
    """Character cards in the booklet's conflict order (rank A to 6; within a rank Eidex, Raven, Heart, Star)."""
    return sorted(cards, key=lambda text: conflict_key(Card.parse(text)))


def make_cast(game: CharacterGame, cards: list[str]) -> list[Character]:
    """The characters of a game, one per seat (``cards[seat]``); a card without an implementation has no power."""
    return [IMPLEMENTED.get(card, Character)(game, seat, CHARACTERS[card]) for seat, card in enumerate(cards)]


__all__ = [
    "BY_ID",
    "CHARACTERS",
    "CONFLICT_SUITS",
    "IMPLEMENTED",
    "CharacterInfo",
    "Character",
    "conflict_order",
    "make_cast",
]
