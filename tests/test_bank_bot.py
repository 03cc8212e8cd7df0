"""Bank's bot: on real deals it makes the play a sensible player would, every time (each test tries twenty
generators; a random bot would miss in most of them), it keeps every game legal and seeded games repeatable, and
it decides from its own view only."""

from __future__ import annotations

import random

from engine.bots import RandomBot
from engine.cards import Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.bank import DECL, BankGame
from engine.games.bank.bot import BankBot, guess_deal, unseen_cards
from tests.gameplay import check_invariants
from tests.messages_check import english

BOT = BankBot()
TRIES = 20


def deal_game(hands, centre, stock=(), trumps="", dealer=1, full=True, **options):
    """A two-player game on this deal. The stock starts with ``stock`` and, when ``full``, holds every other card
    after it (else the deal has only the cards given). ``trumps`` gives each seat's own trump suit (seat 0's first);
    no trumps without it."""
    given = [parse_cards(h) for h in hands]
    top = parse_cards(stock)
    used = {c for h in given for c in h} | set(top) | {Card.parse(centre)}
    rest = [c for c in make_deck(36) if c not in used] if full else []
    deal = Deal(hands=given, stock=top + rest, table=Card.parse(centre))
    game = DECL.new(len(hands), {"trumps": "own" if trumps else "none", **options}, 0, dealer=dealer, deal=deal)
    while game.phase == "trump":
        seat = game.to_act()[0]
        game.apply(seat, f"trump {trumps[seat]}")
    return game


def choices(game, seat=0):
    """What the bot lays in each of the tries."""
    view, legal = game.view(seat), game.legal_actions(seat)
    return {BOT.choose(view, legal, random.Random(seed)) for seed in range(TRIES)}


def test_normal_reads_one_move_ahead_and_hard_the_rest_of_the_hand():
    # own trumps: spades for seat 0, hearts for seat 1; the stock is empty. Seat 1 laid A♦ on A♣ and holds one
    # card. A♠ is seat 0's trump: only an ace or an eight may be laid on it. On 10♦ seat 1 could lay any heart (his
    # trump), a ten, K♦, 6♦ or an eight, and go out with the bank. Here he holds 6♥: after A♠ seat 0 takes the bank.
    # Normal, the one-move score, sheds the points of 10♦ and keeps its trump ace; Hard plays the hand out on the
    # deals of his one card and finds A♠ (the levels differ where a hand's end is in sight).
    game = deal_game([["AS", "10D", "7D"], ["AD", "6H"]], "AC", trumps="SH", dealer=0, full=False)
    game.apply(1, "play AD")
    assert sorted(game.legal_actions(0)) == ["play 10D", "play AS"]
    view, legal = game.view(0), game.legal_actions(0)
    assert {BOT.choose(view, legal, random.Random(seed)) for seed in range(TRIES)} == {"play 10D"}
    assert {DECL.bots["hard"].choose(view, legal, random.Random(seed)) for seed in range(3)} == {"play AS"}
    game.apply(0, "play AS")
    clear = game.apply(1, "pass")[-1]
    assert {k: v for k, v in clear.items() if k != "msg"} == {
        "event": "clear",
        "seat": 0,
        "cards": ["AC", "AD", "AS"],
        "points": 36,
    }
    assert english(clear["msg"], seat=0) == "You take the bank: Player 2 cannot lay a card on A♠."


def test_keeps_an_eight_when_another_play_exists():
    game = deal_game([["8C", "QS", "9H", "7D"], ["JD", "QD", "6C", "10C"]], "KS")
    assert sorted(game.legal_actions(0)) == ["play 8C", "play QS"]
    assert choices(game) == {"play QS"}


def test_goes_out_with_four_of_a_kind_rather_than_laying_one_card():
    # seat 0 holds four nines and moves first (the nearest spade below J♠): +75 for going out with them
    game = deal_game([["9S", "9H", "9D", "9C"], ["6D", "7D", "AH", "QC"]], "JS")
    assert "play 9S" in game.legal_actions(0)
    assert all(len(play.split()) == 5 for play in choices(game))  # "play" and the four nines


def test_finishes_with_a_king_when_it_can():
    # hearts are seat 0's trumps, so either end of its run may be laid on 7♣: laid from 9♥ it goes out on K♥
    game = deal_game([["9H", "JH", "QH", "KH"], ["6D", "7D", "AS", "QD"]], "7C", trumps="HS")
    assert {"play 9H JH QH KH", "play KH QH JH 9H"} <= set(game.legal_actions(0))
    assert choices(game) == {"play 9H JH QH KH"}
    game.apply(0, "play 9H JH QH KH")
    assert game.hand_no == 2 and english(game.sheet_rows[0][1]).endswith("king +30, four in a row +30")


def test_decides_from_its_view_alone():
    # the same view with the unseen cards dealt otherwise (seat 1's hand and the stock): the same choice
    hands = [["8C", "QS", "9H", "7D"], ["JD", "QD", "6C", "10C"]]
    one = deal_game(hands, "KS", stock=["AH", "6H"])
    other = deal_game([hands[0], ["AH", "6H", "KD", "9C"]], "KS", stock=["JD", "QD"])
    assert one.view(0) == other.view(0) and one.hands[1] != other.hands[1]
    for seed in range(TRIES):
        picks = {BOT.choose(g.view(0), g.legal_actions(0), random.Random(seed)) for g in (one, other)}
        assert len(picks) == 1


def play_game(players, seed, check=False, **options):
    """A game of the bot in seat 0 against random bots, with ``check``: every invariant after every action."""
    game = DECL.new(players, options, seed)
    rng = random.Random(seed)
    bots = [BOT] + [RandomBot()] * (players - 1)
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = bots[seat].choose(game.view(seat), legal, rng)
        assert action in legal
        game.apply(seat, action)
        if check:
            check_invariants(game)
    return game


def test_plays_legal_moves_to_the_end_with_two_to_four_players_and_any_trumps():
    for players, trumps in [(2, "own"), (3, "senior-junior"), (4, "one"), (4, "own")]:
        game = play_game(players, 7, check=True, trumps=trumps, max_hands=1)
        assert game.result()["winners"]


def test_a_seeded_game_against_the_random_bot_repeats_exactly():
    first, again = play_game(2, 3, max_hands=3), play_game(2, 3, max_hands=3)
    assert first.log == again.log and first.result() == again.result()


def test_a_game_rebuilt_from_a_view_plays_on_like_the_real_one():
    game = DECL.new(3, {"trumps": "senior-junior"}, 5)
    rng = random.Random(5)
    rebuilt = None
    ended = False
    while not ended:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        if rebuilt is None and game.stock and len(legal) > 1 and game.won[0]:
            view = game.view(seat)
            assert sorted(view["extra"]["gone"]) == sorted(str(c) for pile in game.won for c in pile)
            assert unseen_cards(view) == sum(game.hands[s] for s in range(3) if s != seat) + sum(
                c.bit for c in game.stock
            )
            hands, stock = guess_deal(view, unseen_cards(view), rng)
            assert [h.bit_count() for s, h in enumerate(hands) if s != seat] == [
                game.hands[s].bit_count() for s in range(3) if s != seat
            ]
            assert len(stock) == len(game.stock)
            rebuilt = BankGame.from_view(view, list(game.hands), list(game.stock))
        if rebuilt is not None:
            assert rebuilt.to_act() == game.to_act() and rebuilt.legal_actions(seat) == legal
            assert rebuilt.top() == game.top() and rebuilt.hands == game.hands
        action = rng.choice(legal)
        events = [e["event"] for e in game.apply(seat, action)]
        ended = "hand" in events
        if rebuilt is not None:
            mine = [e["event"] for e in rebuilt.apply(seat, action)]
            assert (
                mine[: mine.index("hand") + 1 if ended else None]
                == events[: events.index("hand") + 1 if ended else None]
            )
    assert rebuilt is not None
