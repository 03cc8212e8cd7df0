"""Helpers for the Blot tests: fixed deals and playing a hand out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import parse_cards
from engine.core import Deal
from engine.games.blot import DECL, Blot
from tests.messages_check import english

SUIT_HANDS = [
    "7C 8C 9C 10C JC QC KC AC",
    "7D 8D 9D 10D JD QD KD AD",
    "7H 8H 9H 10H JH QH KH AH",
    "7S 8S 9S 10S JS QS KS AS",
]
"""Every seat one whole suit: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""


NAMES = ("Ann", "Bob", "Cid", "Dan")
"""The players' names the tests read the engine's messages with."""


def said(value: Any, seat: int | None = None) -> str:
    """What an English reader at ``seat`` (``None``: a spectator) reads for a message, the players named ``NAMES``."""
    return english(value, NAMES, seat, "blot")


def deal_of(hands: Sequence[str]) -> Deal:
    """A fixed deal from four space-separated hands."""
    return Deal(hands=[parse_cards(h.split()) for h in hands])


def new_game(hands: Sequence[str] = SUIT_HANDS, dealer: int = 3, **options) -> Blot:
    """A game on a fixed first deal (seat ``dealer + 1`` speaks and leads first)."""
    game = DECL.new(4, options, 0, dealer=dealer, deal=deal_of(hands))
    assert isinstance(game, Blot)
    return game


def auction(game: Blot, *calls: str) -> None:
    """Apply calls in turn order from whoever is to act."""
    for call in calls:
        game.apply(game.to_act()[0], call)


def play_out_hand(game: Blot, pick: Callable[[list[str]], str] = lambda legal: legal[0]) -> dict:
    """Play the current hand to its end; return its ``hand`` event."""
    hand_no = game.hand_no
    while not game.is_over and game.hand_no == hand_no:
        seat = game.to_act()[0]
        game.apply(seat, pick(game.legal_actions(seat)))
    return [e for e in game.events if e["event"] == "hand"][-1]
