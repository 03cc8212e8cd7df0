"""Blot's heuristic bot: bids from its hand, doubles hopeless bids, plays sensibly, beats a random team."""

from __future__ import annotations

import random

from engine.bots import RandomBot
from engine.cards import parse_cards
from engine.games.blot import DECL
from engine.games.blot.bot import HeuristicBot
from engine.games.blot.tables import DECK
from tests.gameplay import check_invariants
from tests.test_blot_support import auction, new_game

BOT = HeuristicBot()


def full_deal(*hands: str) -> list[str]:
    """The given hands first, the rest of the deck dealt in order to the seats after them."""
    given = [parse_cards(h.split()) for h in hands]
    rest = [c for c in DECK if all(c not in h for h in given)]
    out = [" ".join(map(str, h)) for h in given]
    while len(out) < 4:
        out.append(" ".join(str(c) for c in rest[:8]))
        rest = rest[8:]
    return out


def choose(game, seat: int) -> str:
    return BOT.choose(game.view(seat), game.legal_actions(seat), random.Random(0))


def test_bids_a_strong_trump_hand_and_passes_a_weak_one():
    game = new_game(full_deal("JS 9S AS 10S KS 7C 8D AH", "8C QD 10H 7D 8H KD QC 10C"), dealer=3)
    assert choose(game, 0) == "bid 8 S"
    auction(game, "bid 8 S")
    assert choose(game, 1) == "pass"


def test_does_not_outbid_its_partner_and_doubles_a_hopeless_bid():
    game = new_game(full_deal("JS 9S AS 10S KS 7C 8D AH", "7C 9C JC KC 7D 9D JD 8H"), dealer=2)
    auction(game, "bid 40 H")
    assert choose(game, 0) == "contra"
    game = new_game(full_deal("7C 9C JC KC 7D 9D JD 8H", "7H 8H 9H QD KD 8C QC AC", "JS 9S AS 10S KS 7S 8D AH"))
    auction(game, "bid 9 S", "pass")
    assert choose(game, 2) == "pass"


def test_leads_the_trump_jack_when_declaring():
    game = new_game(full_deal("JS 9S AS 10S KS 7C 8D AH"), dealer=3)
    auction(game, "bid 8 S", "pass", "pass", "pass")
    assert choose(game, 0) == "play JS"


def test_gives_points_to_a_winning_partner_when_last():
    game = new_game(
        full_deal("AH 7C 8C 9C 10C JC QC KC", "8H 7D 8D 9D 10D JD QD KD", "10H 9H 7S 8S 9S AD AC QH"), dealer=2
    )
    auction(game, "bid 8 S", "pass", "pass", "pass")
    game.apply(3, f"play {next(c for c in game.legal_actions(3) if c.endswith('H'))[5:]}")
    game.apply(0, "play AH")
    game.apply(1, "play 8H")
    assert choose(game, 2) == "play 10H"


def test_wins_with_the_cheapest_card_when_last():
    game = new_game(
        full_deal("7H 7C 8C 9C 10C JC QC KC", "8H 7D 8D 9D 10D JD QD KD", "AH 10H 7S 8S 9S AD AC QH"), dealer=2
    )
    auction(game, "bid 8 S", "pass", "pass", "pass")
    game.apply(3, "play KH")
    game.apply(0, "play 7H")
    game.apply(1, "play 8H")
    assert choose(game, 2) == "play 10H"


def test_beats_a_random_team():
    """Issue 7 asks ≥ 80 % over 200 games (bench.bots prints it); 40 seeded games here, both seat pairs."""
    wins = 0
    for seed in range(40):
        hero = seed % 2
        game = DECL.new(4, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            bot = BOT if seat % 2 == hero else RandomBot()
            action = bot.choose(game.view(seat), game.legal_actions(seat), rng)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
        wins += hero in game.result()["winners"]
    assert wins >= 32


def test_four_heuristic_bots_finish_a_game_within_the_rules():
    game = DECL.new(4, {}, 11)
    rng = random.Random(11)
    while not game.is_over:
        check_invariants(game)
        seat = game.to_act()[0]
        game.apply(seat, BOT.choose(game.view(seat), game.legal_actions(seat), rng))
    check_invariants(game)
    made = [e["made"] for e in game.events if e["event"] == "hand"]
    assert max(game.score) >= 301 and made.count(True) > made.count(False)
