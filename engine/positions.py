"""Explorer positions for the bots' advice: a real game at the position the rules page's explorer lays.

The explorer lays the cards of a trick (or a pile, or a bank); a reader adds the hand the seat to play holds and
asks what the Hard bot would play. A game's ``explore_position`` (its rules page declares it) builds that position
through the game's own rules code: the reader's hand to the seat to play, the cards laid to the seats that laid
them, every other card dealt at random (by the rng it is handed) so that every play laid stays legal, then the
moves replayed with ``Game.apply``. The bot is handed only the seat's view of that game (``Game.view``).

A hand the position cannot hold (a card twice, a card already laid, too many or too few cards) and a play the
rules refuse in that position are refused with a :class:`Refusal` carrying a message for the reader.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from engine.cards import Card
from engine.core import Game, IllegalAction
from engine.messages import Message, card, msg
from engine.messages import seat as seat_of

G = TypeVar("G", bound=Game)
"""A game's own state class."""


class ExplorerPosition(NamedTuple):
    """The explorer's position a reader asks the bot about: the table's options and players, the cards laid
    (``[seat, card]``), the explorer's context fields and the hand the seat to play holds. A game's
    ``explore_position(position, rng)`` sets it up as a real game."""

    options: Mapping[str, Any]
    players: int
    plays: Sequence[Sequence[Any]]
    context: Mapping[str, Any]
    hand: Sequence[str]


class Refusal(ValueError):
    """A position the explorer cannot set up or give the bot: ``reason`` says why, as a message."""

    def __init__(self, reason: Message):
        super().__init__(reason["key"])
        self.reason = reason


def still_held(size: int, steps: Sequence[Mapping[str, Any]], seat: int) -> int:
    """The cards ``seat`` still holds after the explorer's ``steps`` (each legal one a card it laid), out of a hand
    of ``size``: the hand "Ask the bot" wants for it."""
    return size - sum(1 for step in steps if step["legal"] and step["seat"] == seat)


def reader_hand(
    texts: Sequence[str], laid: Collection[Card], deck: Collection[Card], sizes: Collection[int]
) -> list[Card]:
    """The reader's hand for the seat to play, checked: real cards of the deck, none twice, none already laid, as
    many as the position allows (one of ``sizes``)."""
    hand: list[Card] = []
    for text in texts:
        try:
            held = Card.parse(text)
        except ValueError:
            raise Refusal(msg("explore.advice.not_a_card", text=str(text))) from None
        if held not in deck:
            raise Refusal(msg("explore.advice.not_in_deck", card=card(held), n=len(deck)))
        if held in hand:
            raise Refusal(msg("explore.advice.twice", card=card(held)))
        if held in laid:
            raise Refusal(msg("explore.advice.laid", card=card(held)))
        hand.append(held)
    if len(hand) not in sizes:
        low, high = min(sizes), max(sizes)
        key = "explore.advice.size" if low == high else "explore.advice.size_between"
        raise Refusal(msg(key, n=low, low=low, high=high, given=len(hand)))
    return hand


def fill_hand(
    fixed: Sequence[Card], size: int, pool: list[Card], keeps: Callable[[list[Card]], bool] | None = None
) -> list[Card]:
    """``fixed`` and cards taken from ``pool`` (in its order) up to ``size`` cards, each taken only if the hand with
    it still ``keeps`` what the seat did (its play stays legal; any card without ``keeps``); a card left stays in
    the pool."""
    hand = list(fixed)
    for candidate in list(pool):
        if len(hand) >= size:
            break
        if keeps is None or keeps([*hand, candidate]):
            hand.append(candidate)
            pool.remove(candidate)
    if len(hand) < size:
        raise Refusal(msg("explore.advice.no_deal"))
    return hand


def replay(game: Game, moves: Sequence[tuple[int, str]]) -> None:
    """Apply ``moves`` ((seat, action) in order) through the game's rules; a move refused there refuses the
    position, with the game's own reason."""
    for seat, action in moves:
        try:
            game.apply(seat, action)
        except IllegalAction as exc:
            reason = exc.reason if isinstance(exc.reason, dict) else msg("explore.advice.illegal")
            raise Refusal(reason) from None


def shuffled_pool(cards: Sequence[Card], taken: Collection[Card], rng: random.Random) -> list[Card]:
    """The cards of ``cards`` not in ``taken``, in a random order (``rng``)."""
    pool = [c for c in cards if c not in taken]
    rng.shuffle(pool)
    return pool


def choose_trumps(game: Game, letters: Sequence[str]) -> None:
    """Make the trump choices of a game that opens with them (Ass, Bank: ``phase == "trump"``) as the explorer's
    ``context["trumps"]`` says: a seat's own suit (``letters[seat]``), or the common suits in order
    (``letters[0]``)."""
    common = list(letters[0]) if letters else []
    per_seat = getattr(game, "trumps", None) is not None and game.trumps.setup == "own"  # type: ignore[attr-defined]
    while getattr(game, "phase", None) == "trump":
        chooser = game.to_act()[0]
        own = letters[chooser] if chooser < len(letters) else ""
        wanted = own if per_seat else (common.pop(0) if common else "")
        if not wanted:
            raise Refusal(msg("explore.advice.trumps"))
        replay(game, [(chooser, f"trump {wanted}")])


def to_play(game: G, player: int) -> tuple[G, int]:
    """``(game, player)`` when ``player`` is the one to play in ``game`` now; a refusal naming who is when the
    rules moved the turn elsewhere than the explorer did (Bank skips a seat after a seven, an eight is followed
    up by its own player)."""
    if player not in game.to_act():
        waiting = game.to_act()
        raise Refusal(msg("explore.advice.not_to_play", seat=seat_of(waiting[0] if waiting else player)))
    return game, player
