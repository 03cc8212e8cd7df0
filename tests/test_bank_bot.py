"""Bank's heuristic bot: on made-up views it makes the play a sensible player would, every time (a random bot
would miss in most of the twenty tries)."""

from __future__ import annotations

import random

from engine.cards import Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.bank import DECL
from engine.games.bank_bot import BankBot

BOT = BankBot()
TRIES = 20


def view(hand, plays, *, rival_cards=4, stock=10, last_trick=(), trumps=("", "")):
    """Seat 0's view of a two-player hand (no trumps unless ``trumps`` gives each seat's own suit): ``plays`` is
    the bank, bottom first, as (seat, cards); ``last_trick`` the cards of the last bank taken (public, so the bot may
    count them as seen)."""
    points = {"A": 12, "10": 10, "K": 5, "Q": 3, "J": 1}
    cards = [c for _, cs in plays for c in cs]
    return {
        "seat": 0,
        "hand": list(hand),
        "stock": stock,
        "seats": [{"cards": len(hand), "out": None}, {"cards": rival_cards, "out": None}],
        "table": {"kind": "pile", "plays": [{"seat": s, "cards": list(cs)} for s, cs in plays]},
        "last_trick": {"kind": "pile", "plays": [{"seat": 1, "cards": list(last_trick)}]} if last_trick else None,
        "extra": {
            "bank": {"count": len(cards), "points": sum(points.get(c[:-1], 0) for c in cards)},
            "trumps": list(trumps),
            "trump_setup": "own" if any(trumps) else "none",
            "seven": "skip",
        },
    }


def choices(v, legal):
    """What the bot picks in each of the tries."""
    return {BOT.choose(v, legal, random.Random(seed)) for seed in range(TRIES)}


def test_goes_out_with_four_of_a_kind_rather_than_laying_one_card():
    # a real deal: seat 0 holds four nines (the nearest spade below J♠, so it moves first)
    hands = [parse_cards(["9S", "9H", "9D", "9C"]), parse_cards(["6D", "7D", "AH", "QC"])]
    centre = Card.parse("JS")
    used = set(hands[0] + hands[1]) | {centre}
    deal = Deal(hands=hands, stock=[c for c in make_deck(36) if c not in used], table=centre)
    game = DECL.new(2, {"trumps": "none"}, 0, dealer=1, deal=deal)
    legal = game.legal_actions(0)
    assert "play 9S" in legal
    picks = choices(game.view(0), legal)
    assert picks and all(len(p.split()) == 5 for p in picks)  # "play" and the four nines


def test_lays_the_card_the_rival_cannot_answer_on_a_rich_bank():
    # the stock is empty and every card but 6♥ has been seen: the rival's last card is 6♥, which answers A♥
    # (a six on its suit) but not 10♣; 10♣ wins the 40-point bank and stops him going out
    bank = [(None, ["AS"]), (0, ["AD"]), (1, ["AC"])]
    seen = {"10C", "AH", "AS", "AD", "AC", "6H"}
    gone = [str(c) for c in make_deck(36) if str(c) not in seen]
    v = view(["10C", "AH"], bank, rival_cards=1, stock=0, last_trick=gone)
    assert choices(v, ["play 10C", "play AH"]) == {"play 10C"}


def test_keeps_an_eight_when_another_play_exists():
    v = view(["8C", "QS", "9H", "7D"], [(None, ["KS"])])
    assert choices(v, ["play QS", "play 8C"]) == {"play QS"}


def test_finishes_with_a_king_when_it_can():
    # hearts are its trumps, so either end of its run may be laid on 7♣: laid from 9♥ it goes out on K♥
    v = view(["9H", "JH", "QH", "KH"], [(None, ["7C"])], trumps=("H", "C"))
    legal = ["play 9H", "play JH", "play QH", "play KH", "play 9H JH QH KH", "play KH QH JH 9H"]
    assert choices(v, legal) == {"play 9H JH QH KH"}
