"""Bailiff: one test (or more) per ruling of ``shared/rulings/bailiff.md``; each names its section."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards import make_deck, parse_cards
from engine.core import Deal, IllegalAction
from engine.games.bailiff import DECL
from engine.games.bailiff.bot import HeuristicBot
from engine.games.bailiff.doc import rules
from engine.games.bailiff.explore import explore
from engine.games.bailiff.tables import ACE, LAY_TABLE, MOVES, RANK_ORDER, allowed_moves, classify
from engine.options import OptionError
from tests.gameplay import assert_replay_identical, play_randomly
from tests.messages_check import english
from webapp.rules.document import rules_words

DECK = [str(c) for c in make_deck(36)]


def make(hands, stock=(), players=None, dealer=None, rest_to=None, seed=0, start=None, **options):
    """A game with these hands (dealer: the last seat, so seat 0 leads). The cards not named go to the bottom
    of the stock, or into the hand of seat ``rest_to`` (then the stock holds only ``stock``)."""
    players = players or len(hands)
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    given = {c for h in hands for c in h} | set(stock)
    rest = [c for c in DECK if c not in given]
    stock = list(stock)
    if rest_to is None:
        stock += rest
    else:
        hands[rest_to] += rest
    deal = Deal(hands=[parse_cards(h) for h in hands], stock=parse_cards(stock))
    dealer = players - 1 if dealer is None else dealer
    return DECL.new(players, options, seed, dealer=dealer, deal=deal, start=start)


def play(game, *moves):
    """Apply ``(seat, action)`` pairs; return every event."""
    events = []
    for seat, action in moves:
        events += game.apply(seat, action)
    return events


def named(events, name):
    return [e for e in events if e["event"] == name]


# ---- Deck, players, deal -------------------------------------------------------------------------------------


def test_ranks_run_six_to_ace_and_suits_do_not_matter():
    # Rulings "Deck, players, deal": ranks low→high 6 7 8 9 10 J Q K A; suits play no role.
    assert RANK_ORDER == ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
    g = make([["9D"], ["9S", "10C", "8H"]], rest_to=0)
    play(g, (0, "play 9D"))
    assert sorted(g.legal_actions(1)) == ["play 10C", "play 9S", "take"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_six_cards_each_and_the_rest_is_the_stock(players):
    # Rulings "Deck, players, deal": six cards each; with fewer than six players the rest is the stock.
    g = DECL.new(players, {}, seed=players)
    assert [len(h) for h in g.hand_deal.hands] == [6] * players
    assert len(g.hand_deal.stock) == 36 - 6 * players
    assert g.view(0)["stock"] == 36 - 6 * players
    assert g.to_act() == ((g.dealer + 1) % players,)


def test_two_to_six_players_only():
    # Rulings "Deck, players, deal": 6 is classic, 2-5 allowed.
    for bad in (1, 7):
        with pytest.raises(OptionError, match="common.option.players .*low=2 high=6"):
            DECL.new(bad, {}, 0)


def test_dealer_by_lot_and_the_player_after_the_dealer_leads():
    # Rulings "Deck, players, deal": dealer by lot; the player after the dealer leads.
    dealers = {DECL.new(4, {}, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    g = DECL.new(4, {}, 5)
    again = DECL.new(4, {}, 5)
    assert (g.dealer, g.hand_deal.hands) == (again.dealer, again.hand_deal.hands)
    g = make([["9D"], ["10D"], ["JD"]], dealer=1)
    assert g.to_act() == (2,)
    with pytest.raises(OptionError, match="common.option.dealer n=3"):
        make([["9D"], ["10D"], ["JD"]], dealer=3)


# ---- A turn --------------------------------------------------------------------------------------------------


def test_lead_any_one_card_and_no_take_without_a_pile():
    # Rulings "A turn" 1: lead any one card, only when there is no pile.
    g = make([["6S", "9D", "AH"], ["7C"]])
    assert sorted(g.legal_actions(0)) == ["play 6S", "play 9D", "play AH"]
    assert "no pile to take" in english(g.explain(0, "take"))
    assert "one card only" in english(g.explain(0, "play 6S 9D"))


def test_single_card_raise_with_any_higher_or_extend_with_same_rank():
    # Rulings "A turn" 2: raise with one higher card of any suit, or extend with the same rank.
    g = make([["9D"], ["8S", "9C", "10H", "KS", "6C"]])
    play(g, (0, "play 9D"))
    assert sorted(g.legal_actions(1)) == ["play 10H", "play 9C", "play KS", "take"]
    assert english(g.explain(1, "play 8S")) == "Raise one 9 with a higher card or extend it with another 9."
    assert "Only one card" in english(g.explain(1, "play 10H KS"))


def test_extension_makes_a_group_to_cover_with_as_many_higher_cards():
    # Rulings "A turn" 2-3: an extension makes a group of 2; it is covered by 2 cards, each higher.
    g = make([["9D"], ["9C"], ["10C", "JH", "8S", "QD"]])
    events = play(g, (0, "play 9D"), (1, "play 9C"))
    assert named(events, "play")[-1]["move"] == "extend"
    assert g.view(2)["extra"]["top"] == {
        "rank": "9",
        "group": 2,
        "moves": ["cover", "extend", "ace", "take"],
        "msg": {"key": "bailiff.group", "k": 2, "rank": {"rank": "9"}},
    }
    assert sorted(g.legal_actions(2)) == ["play 10C JH", "play 10C QD", "play JH QD", "take"]
    assert "each ranked above 9" in english(g.explain(2, "play 10C JH QD"))
    assert english(g.explain(2, "play 8S JH")) == "Every covering card must rank above 9."
    assert english(g.explain(2, "play QD")) == (
        "One card cannot cover 2\u00a0×\u00a09: cover it with 2 higher cards, extend it with another 9 or play an ace."
    ), "every way on a group of two is named"


def test_cover_ranks_may_differ_and_any_order_is_normalized():
    # Rulings "A turn" 3: k cards each higher than the group (their ranks may differ); canonical ascending text.
    g = make([["9D"], ["9C"], ["QD", "10C", "JH"]])
    play(g, (0, "play 9D"), (1, "play 9C"))
    assert g.normalize("play  qd 10c") == "play 10C QD"
    events = g.apply(2, "play QD 10C")
    assert named(events, "play")[0]["cards"] == ["10C", "QD"]
    assert named(events, "play")[0]["move"] == "cover"
    assert g.log[-1] == (2, "play 10C QD")


def test_after_a_cover_the_highest_covering_card_is_on_top():
    # Rulings "A turn" 3 [EXT]: the pile is squared with the highest covering card on top; the next faces it.
    g = make([["9D", "6H"], ["9C"], ["10C", "KD"], ["QS", "KH", "AS", "JC"]])
    play(g, (0, "play 9D"), (1, "play 9C"), (2, "play KD 10C"))
    view = g.view(3)
    assert view["extra"]["top"]["rank"] == "K" and view["extra"]["top"]["group"] == 1
    assert view["table"]["plays"][-1] == {"seat": 2, "cards": ["10C", "KD"]}
    assert sorted(g.legal_actions(3)) == ["play AS", "play KH", "take"]


def test_group_of_three_by_extension_and_a_single_ace_covers_two_or_three():
    # Rulings "A turn" 2-3: extend while k < 4; a single ace covers a group of two or three.
    g = make([["9D", "7C"], ["9C"], ["9H", "AS"], ["AD", "10C", "JC", "QC"]])
    play(g, (0, "play 9D"), (1, "play 9C"))
    assert "play AS" in g.legal_actions(2)
    play(g, (2, "play 9H"))
    assert g.view(3)["extra"]["top"]["group"] == 3
    legal = g.legal_actions(3)
    assert "play AD" in legal and "play 10C JC QC" in legal
    events = g.apply(3, "play AD")
    assert named(events, "play")[0]["move"] == "ace"
    assert named(events, "clear")[0]["cards"] == ["9D", "9C", "9H", "AD"]


def test_group_of_four_no_extension_and_the_ace_only_with_the_option():
    # Rulings "A turn" 3: a group grows to 4 at most; an ace covers 4 only with ace_covers_four [DECISION].
    hands = [["9D", "7C"], ["9C", "8C"], ["9H", "8D"], ["9S", "8H"], ["AD", "10C", "JC", "QC", "KC", "6D"]]
    moves = [(0, "play 9D"), (1, "play 9C"), (2, "play 9H"), (3, "play 9S")]
    g = make(hands)
    play(g, *moves)
    legal = g.legal_actions(4)
    assert "play AD" not in legal and all(len(a.split()) == 5 for a in legal if a != "take")
    assert len(legal) == len(list(combinations(["10C", "JC", "QC", "KC", "AD"], 4))) + 1
    assert "not 4\u00a0×\u00a09" in english(g.explain(4, "play AD"))
    assert english(g.explain(4, "play 10C")) == "One card cannot cover 4\u00a0×\u00a09: cover it with 4 higher cards."
    g = make(hands, ace_covers_four=True)
    play(g, *moves)
    assert "play AD" in g.legal_actions(4)
    assert named(g.apply(4, "play AD"), "clear")


@pytest.mark.parametrize(
    "moves",
    [
        [(0, "play 9D"), (1, "play AH")],  # a raise with an ace
        [(0, "play 9D"), (1, "play 9C"), (2, "play JD AS")],  # a cover whose highest card is an ace
        [(0, "play 9D"), (1, "play 9C"), (2, "play AS")],  # an ace covering a group
    ],
)
def test_an_ace_on_top_clears_the_pile_and_its_player_leads_again(moves):
    # Rulings "A turn" 4: whenever an ace ends on top the pile leaves play; the same player leads.
    g = make([["9D", "6H"], ["9C", "AH", "6C"], ["JD", "AS", "6S"]])
    events = play(g, *moves)
    seat = moves[-1][0]
    clear = named(events, "clear")[-1]
    assert clear["seat"] == seat and clear["reason"] == "ace"
    assert g.to_act() == (seat,) and g.view(seat)["extra"]["top"] is None
    assert g.view(0)["last_trick"]["plays"][-1]["seat"] == seat
    assert all(c in [str(x) for x in g.zones()["out of play"]] for c in clear["cards"])


def test_leading_an_ace_sends_it_away_and_the_leader_leads_again():
    # Rulings "A turn" 4: "even a lead with an ace".
    g = make([["AD", "7C"], ["8C"]])
    events = g.apply(0, "play AD")
    assert named(events, "clear")[0]["cards"] == ["AD"]
    assert g.to_act() == (0,)


def test_ace_with_the_last_card_passes_the_lead_to_the_next_player_with_cards():
    # Rulings "A turn" 4 [DECISION]: if the ace player has no cards left, the next player with cards leads.
    g = make([["9D", "7C"], ["AH"], ["6S"]], rest_to=2)
    events = play(g, (0, "play 9D"), (1, "play AH"))
    assert named(events, "out") == [{"event": "out", "seat": 1, "place": 1}]
    assert g.to_act() == (2,)
    assert g.view(2)["seats"][1]["out"] == 1 and "out, place 1" in [english(t) for t in g.view(2)["seats"][1]["tags"]]


def test_take_is_always_allowed_and_the_next_player_leads():
    # Rulings "A turn" 5: taking is always allowed (tactics), the next player leads a new pile.
    g = make([["9D", "6H"], ["10H", "9C", "7D"], ["JD"]])
    play(g, (0, "play 9D"))
    assert "take" in g.legal_actions(1) and len(g.legal_actions(1)) == 3
    events = g.apply(1, "take")
    assert named(events, "take")[0] == {
        "event": "take",
        "seat": 1,
        "cards": ["9D"],
        "count": 1,
        "msg": {"key": "bailiff.take", "seat": {"seat": 1}, "count": 1},
    }
    assert "9D" in g.view(1)["hand"]
    assert g.to_act() == (2,) and g.view(2)["extra"]["top"] is None
    assert g.view(2)["last_trick"] is None


def test_take_is_compulsory_when_nothing_else_is_possible():
    # Rulings "A turn" 5: compulsory when he cannot raise, extend, cover or play an ace.
    g = make([["KD"], ["10H", "9C", "7D"]])
    play(g, (0, "play KD"))
    assert g.legal_actions(1) == ["take"]


# ---- The stock -----------------------------------------------------------------------------------------------


def test_refill_after_a_take_runs_in_turn_order_from_the_taker():
    # Rulings "The stock": draw up to 6 while the stock lasts, in turn order from the player who took.
    hands = [["9D", "6H", "6S", "6C", "6D", "7H"], ["10H", "7C", "7D", "7S", "8C", "8D"], ["JD", "8H", "8S", "9C"]]
    g = make(hands, stock=["QH", "QS", "QC", "QD", "KH"], players=3)
    events = play(g, (0, "play 9D"), (1, "play 10H"), (2, "take"))
    draws = named(events, "draw")
    # seat 2 holds 6 after the take (4 + 2): no draw; then seat 0 and seat 1 (5 cards each).
    assert [(d["seat"], d["count"]) for d in draws] == [(0, 1), (1, 1)]
    assert "QH" in g.view(0)["hand"] and "QS" in g.view(1)["hand"]
    assert all("cards" not in d for d in draws)
    assert g.to_act() == (0,)


def test_refill_after_an_ace_starts_with_the_ace_player():
    # Rulings "The stock": "starting with the player who played the ace".
    hands = [["9D", "6H", "6S", "6C", "6D", "7H"], ["AH", "7C", "7D", "7S", "8C", "8D"], ["JD", "8H", "8S", "9C"]]
    g = make(hands, stock=["QH", "QS"], players=3)
    events = play(g, (0, "play 9D"), (1, "play AH"))
    assert [(d["seat"], d["count"]) for d in named(events, "draw")] == [(1, 1), (2, 2), (0, 1)]
    assert "QH" in g.view(1)["hand"] and "QS" in g.view(2)["hand"]


def test_a_player_without_cards_waits_for_the_refill():
    # Rulings "The stock": a player with no cards while the stock still has cards is skipped until the refill.
    g = make([["9D", "6H"], ["10D"], ["JD", "QC"]], stock=["7C", "7D"], players=3)
    play(g, (0, "play 9D"), (1, "play 10D"))
    assert g.to_act() == (2,)
    assert "waits for the stock" in [english(t) for t in g.view(2)["seats"][1]["tags"]]
    play(g, (2, "play JD"))
    assert g.to_act() == (0,), "seat 1 holds nothing and is skipped"
    events = play(g, (0, "take"))
    assert [(d["seat"], d["count"]) for d in named(events, "draw")] == [(0, 2), (1, 6), (2, 5)]
    assert g.to_act() == (1,)


def test_unanswered_pile_leaves_play_when_nobody_else_holds_cards():
    # [DECISION] docs/rules-bailiff.md: if no other player holds a card to answer, the pile leaves play.
    g = make([["9D"], ["10D"]], stock=["6C", "7C"])
    events = play(g, (0, "play 9D"), (1, "play 10D"))
    clear = named(events, "clear")[0]
    assert clear["reason"] == "unanswered" and clear["seat"] == 1
    assert [(d["seat"], d["count"]) for d in named(events, "draw")][:2] == [(1, 6), (0, 6)]
    assert g.to_act() == (1,)


def test_players_left_empty_by_the_last_refill_go_out_in_turn_order_from_its_first_drawer():
    # [DECISION] docs/rules-bailiff.md: several out at one refill: in turn order from the refill's first player.
    g = make([["10D"], ["AH", "6C"], [], ["9D"]], stock=["7H"], rest_to=2, dealer=2)
    events = play(g, (3, "play 9D"), (0, "play 10D"), (1, "play AH"))
    assert [(d["seat"], d["count"]) for d in named(events, "draw")] == [(1, 1)]
    assert [(e["seat"], e["place"]) for e in named(events, "out")] == [(3, 1), (0, 2)]
    assert g.to_act() == (1,) and not g.is_over


# ---- End -----------------------------------------------------------------------------------------------------


def test_out_when_empty_with_an_empty_stock_and_the_last_holder_loses():
    # Rulings "End": out at the next place; the last player still holding cards loses; no draws.
    g = make([["9D"], ["10D", "6C"], ["JD"]], rest_to=1)
    events = play(g, (0, "play 9D"))
    assert named(events, "out") == [{"event": "out", "seat": 0, "place": 1}]
    assert not g.is_over and g.to_act() == (1,)
    play(g, (1, "play 10D"))
    events = play(g, (2, "play JD"))
    assert named(events, "out") == [{"event": "out", "seat": 2, "place": 2}]
    assert g.is_over and g.to_act() == ()
    assert g.result()["winners"] == [0, 2] and g.result()["losers"] == [1]
    assert named(events, "hand")[0]["points"] == [0, 1, 0]
    assert named(events, "game")[0] == {"event": "game", "winners": [0, 2], "losers": [1]}
    view = g.view(None)
    assert view["over"] and view["sheet"]["totals"] == ["0", "1", "0"]
    assert [english(c) for c in view["sheet"]["rows"][0]] == ["place 1", "lost", "place 2"]
    assert "loses" in english(view["status"])


def test_losses_carry_over_through_start_score():
    # Rulings "End": the table keeps a running count of losses per player across games.
    g = make([["9D"], ["10D"]], rest_to=1, start={"score": [2, 1]})
    events = play(g, (0, "play 9D"))
    assert named(events, "hand")[0]["score"] == [2, 2]
    assert g.view(0)["extra"]["losses"] == [2, 2]
    with pytest.raises(OptionError, match="common.option.start"):
        make([["9D"], ["10D"]], start={"score": [0]})


def test_max_turns_ends_the_game_and_the_most_cards_lose():
    # Rulings "End" [DECISION]: max_turns ends the game; the player holding more cards loses.
    g = make([["9D", "6C"], ["10D", "7C"], ["JD"]], stock=[], rest_to=2, max_turns=2)
    events = play(g, (0, "play 9D"), (1, "take"))
    assert named(events, "stopped")[0]["turns"] == 2
    assert g.result()["losers"] == [2] and g.result()["reason"] == "max_turns"
    assert "turn limit" in english(g.view(0)["status"])


def test_max_turns_tie_goes_against_the_first_from_the_seat_to_act():
    # [DECISION] docs/rules-bailiff.md: equal counts: the first of them in turn order from the seat to act loses.
    g = make([["9D", "6C", "7D", "8C"], ["10D", "7C", "8D"]], max_turns=1)
    play(g, (0, "play 6C"))
    assert g.result()["losers"] == [1]
    g = make([["9D", "6C", "7D", "8C"], ["10D", "7C"]], max_turns=1)
    play(g, (0, "play 6C"))
    assert g.result()["losers"] == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_full_random_game_plays_to_a_loser(players):
    # Rulings "End": there are no draws; every player count 2-6 reaches a loser.
    g = DECL.new(players, {"ace_covers_four": players % 2 == 0}, seed=100 + players)
    play_randomly(g, seed=players, check_every=97)
    result = g.result()
    assert len(result["losers"]) == 1 and sorted(result["winners"] + result["losers"]) == list(range(players))
    assert len(result["places"]) == players - 1 or result["reason"] == "max_turns"
    assert_replay_identical(g)


# ---- Views, reasons, bots, rules page ------------------------------------------------------------------------


def test_hand_sorted_by_rank_and_other_hands_and_the_stock_stay_hidden():
    g = make([["AD", "6S", "10H", "6C"], ["9C"]], players=3)
    view = g.view(0)
    assert view["hand"] == ["6C", "6S", "10H", "AD"]
    assert view["seats"][1]["cards"] == 1 and view["stock"] == 36 - 5
    assert {str(c) for c in g.hidden_from(0)} == set(DECK) - {"AD", "6S", "10H", "6C"}
    assert g.view(None)["hand"] == []


def test_reasons_speak_a_players_words():
    g = make([["9D"], ["9C", "8S"]])
    assert english(g.explain(1, "play 9C"), ["Ann", "Bob"]) == "It is not your turn: Ann plays now."
    assert english(g.explain(0, "play KS")) == "You do not hold K♠."
    assert english(g.explain(0, "play ZZ")) == "ZZ is not a card."
    assert "lay cards or take the pile" in english(g.explain(0, "bid 8"))
    with pytest.raises(IllegalAction, match="common.reason.not_held"):
        g.apply(0, "play 9C")


def test_legal_actions_agree_with_the_written_lay_rules():
    # The move generators and ``classify`` (which words every refusal) agree on every candidate move.
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        g = DECL.new(rng.randint(2, 6), {"ace_covers_four": seed % 2 == 1}, seed)
        for _ in range(rng.randint(0, 40)):
            if g.is_over:
                break
            seat = g.to_act()[0]
            g.apply(seat, rng.choice(g.legal_actions(seat)))
        if g.is_over:
            continue
        seat = g.to_act()[0]
        hand = g.view(seat)["hand"]
        legal = set(g.legal_actions(seat))
        for k in {1, max(g.group, 1)}:
            for cards in combinations(hand, k):
                action = g.normalize("play " + " ".join(cards))
                ranks = [RANK_ORDER.index(c[:-1]) for c in cards]
                assert (classify(g.group, g.top, ranks, g.options)[0] is not None) == (action in legal), action
                checked += 1
    assert checked > 100


class NoWander(random.Random):
    """A generator whose ``random()`` never falls under the heuristic bot's wander share."""

    def random(self) -> float:
        return 1.0


def test_heuristic_bot_extends_plays_low_and_takes_a_small_pile_over_a_high_card():
    bot, rng = HeuristicBot(), NoWander(0)
    g = make([["9D"], ["9C", "10H", "KS"], ["KD"], ["QS", "AS", "7C"]])
    play(g, (0, "play 9D"))
    assert bot.choose(g.view(1), g.legal_actions(1), rng) == "play 9C"
    g = make([["9D"], ["10H", "KS", "JC"]])
    play(g, (0, "play 9D"))
    assert bot.choose(g.view(1), g.legal_actions(1), rng) == "play 10H"
    g = make([["QD"], ["KS", "AS", "7C"]])
    play(g, (0, "play QD"))
    assert bot.choose(g.view(1), g.legal_actions(1), rng) == "take"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_table_of_heuristic_bots_reaches_a_loser(players):
    # Without its random share two heuristic bots without aces passed the same cards back and forth for ever.
    bot = DECL.bots["normal"]
    for seed in range(8):
        g = DECL.new(players, {}, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            assert g.turns < 2000, f"seed {seed}: no loser after 2000 turns"
            seat = g.to_act()[0]
            g.apply(seat, bot.choose(g.view(seat), g.legal_actions(seat), rng))
        assert len(g.result()["losers"]) == 1


def test_rules_tables_come_from_the_engine_tables():
    doc = rules({}, rules_words("en"))
    tables = {t["id"]: t for s in doc["sections"] for t in s["tables"]}
    assert tables["order"]["rows"][0][1:] == list(RANK_ORDER)
    lay = tables["lay"]
    assert lay["columns"][1:] == list(MOVES)
    for row, key in zip(lay["rows"], LAY_TABLE, strict=True):
        marks = {m for m, cell in zip(MOVES, row[1:], strict=True) if cell["mark"] == "yes"}
        assert marks == set(LAY_TABLE[key])
    four = rules({"ace_covers_four": True}, rules_words("en"))
    four_row = next(t for s in four["sections"] for t in s["tables"] if t["id"] == "lay")["rows"][4]
    assert four_row[1 + list(MOVES).index("ace")]["mark"] == "yes"
    assert set(allowed_moves(4, {"ace_covers_four": True})) == {"cover", "ace", "take"}
    assert tables["stock"]["rows"][0] == ["2", "24"] and tables["stock"]["rows"][-1] == ["6", "0"]
    assert any(r["option"] == "ace_covers_four" for s in doc["sections"] for r in s["rulings"])
    ru = rules({}, rules_words("ru"))
    assert ru["goal"].startswith("Не остаться") and ru["sections"][1]["title"] == "Ход"


def test_explorer_says_what_each_card_does_and_what_may_follow():
    out = explore({}, 4, [[0, "9D"], [1, "8C"], [1, "9C"], [2, "10H"], [2, "QS"], [3, "KS"], [0, "AH"]])
    steps = out["steps"]
    assert steps[0]["legal"] and steps[0]["beats"] is None
    assert not steps[1]["legal"] and "Raise one 9" in english(steps[1]["reason"])
    assert steps[2]["legal"] and steps[2]["beats"] is False
    assert steps[3]["legal"] and "covering card 1 of 2" in english(steps[3]["reason"])
    assert (
        steps[4]["legal"]
        and steps[4]["beats"] is True
        and "Player 3 covers 2\u00a0×\u00a09" in english(steps[4]["verdict"])
    )
    assert steps[5]["legal"] and steps[5]["beats"] is True
    assert steps[6]["legal"] and "out of play" in english(steps[6]["verdict"])
    assert out["next"]["seat"] == 0 and len(out["next"]["legal"]) == 36 - 6
    out = explore({}, 4, [[0, "9D"], [1, "9C"]])
    legal = set(out["next"]["legal"])
    assert {"9H", "9S", "10C", "AS"} <= legal and "8C" not in legal and "9D" not in legal
    assert {"10C", "AS"} <= set(out["next"]["beats"]) and "9H" not in out["next"]["beats"]
    assert RANK_ORDER.index("A") == ACE


def test_play_again_keeps_the_losses_and_passes_the_deal_on():
    # Rulings "Deck, players, deal": then the seat after the previous dealer; "End": a running count of losses.
    first = DECL.new(3, {}, 4, dealer=1)
    play_randomly(first, 4)
    follow_on = first.rematch()
    assert follow_on["dealer"] == 2
    second = DECL.new(3, {}, 5, **follow_on)
    assert second.dealer == 2
    assert second.view(0)["sheet"]["totals"] == first.view(0)["sheet"]["totals"]
    assert list(map(int, second.view(0)["sheet"]["totals"])) == first.result()["score"]
    play_randomly(second, 5)
    assert sum(second.result()["score"]) == 2
