"""Blot's search and levels: deals sampled from a seat's view keep every public fact and what the plays showed,
Hard is deterministic and finds the right card where Normal does not, and every level finishes a game legally."""

from __future__ import annotations

import random

from engine.bots import play_out
from engine.cards import Card, parse_cards
from engine.games.blot import DECL
from engine.games.blot.auction import deal_hands, heard
from engine.games.blot.bot import HeuristicBot, estimate
from engine.games.blot.play import current_winner, trump_suit
from engine.games.blot.search import SEARCHER, HardBot, card_reason, constraints, sample, tricks_of
from engine.games.blot.state import CARD_OF_ACTION, Blot
from engine.games.blot.tables import DECK, POINTS, STRAINS, STRENGTH
from engine.search import Advice
from tests.gameplay import check_invariants
from tests.test_blot_bot import full_deal
from tests.test_blot_support import auction, new_game, said

NORMAL = HeuristicBot()


def normal_game(seed: int, steps: int) -> Blot:
    """A game of four Normal bots (their random source seeded with ``seed``) after ``steps`` actions."""
    game = DECL.new(4, {}, seed)
    assert isinstance(game, Blot)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_act()[0]
        game.apply(seat, NORMAL.choose(game.view(seat), game.legal_actions(seat), rng))
    return game


def test_a_sample_shows_the_seat_the_same_position():
    game = normal_game(3, 62)
    assert game.phase == "play" and game.trick
    for seat in range(4):
        world = sample(game.view(seat), random.Random(seat))
        assert world.view(seat) == game.view(seat)
        assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
        unseen = sorted(c for s, h in enumerate(game.hands) if s != seat for c in h)
        assert sorted(c for s, h in enumerate(world.hands) if s != seat for c in h) == unseen


def test_samples_differ_between_random_sources_and_read_only_the_view():
    game = normal_game(3, 62)
    view = game.view(1)
    first = sample(view, random.Random(1)).hands
    assert sample(view, random.Random(1)).hands == first
    assert any(sample(view, random.Random(k)).hands != first for k in range(2, 6))
    game.hands[0], game.hands[2] = game.hands[2], game.hands[0]
    game.apply(game.to_act()[0], game.legal_actions(game.to_act()[0])[0])
    assert sample(view, random.Random(1)).hands == first


def test_a_seat_that_did_not_follow_suit_is_dealt_none_of_it():
    game = new_game(
        [
            "7C 8C 9C 10C JC QC KC AC",
            "7D 8D 9D 10D JD QD KD AD",
            "7H 8H 9H 10H JH QH KH AH",
            "7S 8S 9S 10S JS QS KS AS",
        ],
        dealer=3,
    )
    auction(game, "bid 8 S", "pass", "pass", "pass")
    game.apply(0, "play 7C")
    game.apply(1, "play 7D")
    view = game.view(2)
    _, barred = constraints(view, tricks_of(view))
    assert {c for c in DECK if c.suit == 0} <= barred[1]
    for k in range(20):
        world = sample(view, random.Random(k))
        assert not any(c.suit == 0 for c in world.hands[1])
        assert sorted(world.hands[0] + world.hands[1] + world.hands[3]) == sorted(
            game.hands[0] + game.hands[1] + game.hands[3]
        )


def test_a_seat_that_could_not_overtrump_holds_no_higher_trump():
    game = new_game(
        [
            "9C AC 10C 7S 8S 9S 10S JS",
            "7C 8C 7D 8D 9D 10D JD QD",
            "JC KC QC 7H 8H 9H 10H JH",
            "QS KS AS KD AD QH KH AH",
        ],
        dealer=3,
    )
    auction(game, "bid 8 C", "pass", "pass", "pass")
    for seat, card in ((0, "AC"), (1, "7C"), (2, "JC"), (3, "QS")):
        game.apply(seat, f"play {card}")
    view = game.view(3)
    _, barred = constraints(view, tricks_of(view))
    assert Card.parse("9C") in barred[1] and Card.parse("10C") not in barred[1]
    for k in range(20):
        world = sample(view, random.Random(k))
        assert Card.parse("9C") not in world.hands[1]


def test_shown_combinations_and_a_said_belote_stay_with_their_holder():
    game = new_game(
        [
            "7C 8C 9C KS QS 10D JD AH",
            "7D 8D 9D 10C JC QC KC AC",
            "7H 8H 9H 10H JH QH KH AS",
            "JS 9S 10S 7S 8S QD KD AD",
        ],
        dealer=3,
    )
    auction(game, "bid 8 S", "pass", "pass", "pass")
    for seat, card in ((0, "KS"), (1, "7D"), (2, "AS"), (3, "JS"), (3, "10S")):
        game.apply(seat, f"play {card}")
    view = game.view(1)
    known, _ = constraints(view, tricks_of(view))
    assert known[0] == {Card.parse("QS")} and known[3] == set(parse_cards(["7S", "8S", "9S", "QD", "KD", "AD"]))
    for k in range(10):
        world = sample(view, random.Random(k))
        assert Card.parse("QS") in world.hands[0] and known[3] <= set(world.hands[3])
        assert world.view(1)["extra"]["announced"] == view["extra"]["announced"]


def test_hard_is_deterministic_and_leads_the_last_master_trump():
    """Diamonds are trumps, their jack, nine, ace and king are out: Cid's ten is the highest trump left, so leading
    it takes a trick for sure. Normal leads the ten of clubs and loses both."""
    game = normal_game(14, 70)
    view = game.view(2)
    assert view["hand"] == ["10C", "10D"] and view["extra"]["contract"]["strain"] == "D" and not game.trick
    legal = game.legal_actions(2)
    hard = HardBot(worlds=16)
    advice = hard.advise(view, legal, random.Random(5))
    assert advice.action == "play 10D" and advice.values["play 10D"] > advice.values["play 10C"]
    assert hard.advise(view, legal, random.Random(5)) == advice
    assert NORMAL.choose(view, legal, random.Random(5)) == "play 10C"


def test_every_level_finishes_a_game_within_the_rules():
    policy = SEARCHER.policy
    for bots in (
        [DECL.bots["easy"], DECL.bots["normal"], HardBot(worlds=2), DECL.bots["random"]],
        [DECL.bots["normal"], policy, DECL.bots["normal"], policy],
    ):
        game = DECL.new(4, {}, 7)
        play_out(game, bots, random.Random(7))
        assert game.is_over
        check_invariants(game)


def test_hard_explains_a_bid_by_what_the_hand_counts_on_and_a_card_by_the_deals_played():
    game = new_game(full_deal("JS 9S AS 10S KS 7C 8D AH", "8C QD 10H 7D 8H KD QC 10C"), dealer=3)
    hint = HardBot(worlds=4).hint(game.view(0), game.legal_actions(0), random.Random(1))
    text = said(hint["reason"], 0)
    assert hint["action"] == "bid 8 S" and text.startswith("Your hand counts on making about ")
    assert int(text.split("about ")[1].split()[0]) >= 8 and "(♠)" in text
    game = normal_game(14, 70)
    hint = HardBot(worlds=16).hint(game.view(2), game.legal_actions(2), random.Random(5))
    assert hint["action"] == "play 10D"
    assert said(hint["reason"], 2) == (
        "10♦: no other player holds a higher ♦, so it wins the trick; over 16 possible deals no other card did better."
    )


def claim_holds(game: Blot, seat: int, card: Card, kind: str) -> bool:
    """Whether what ``hint.blot.<kind>`` says of laying ``card`` is true of the whole game (every hand known)."""
    strain = game.declared.strain
    strength, points, trump = STRENGTH[strain], POINTS[strain], trump_suit(strain)
    hand, legal, trick = game.hands[seat], game.legal_cards(seat), game.trick
    others = [c for s, h in enumerate(game.hands) if s != seat for c in h]
    wins = [c for c in legal if current_winner([*trick, (seat, c)], strain)[0] == seat]
    same = [c for c in hand if c.suit == card.suit]
    least = min(points[c] for c in legal)
    partner_ahead = bool(trick) and current_winner(trick, strain)[0] == (seat + 2) % 4 and card not in wins
    return {
        "lead_master": not trick
        and trump in (None, card.suit)
        and all(c.suit != card.suit or strength[c] < strength[card] for c in others),
        "lead_master_plain": not trick
        and trump not in (None, card.suit)
        and all(c.suit != card.suit or strength[c] < strength[card] for c in others),
        "lead_trump": not trick and card.suit == trump,
        "lead_short": not trick and same == [card] and trump not in (None, card.suit),
        "lead_low": not trick and len(same) > 1 and strength[card] == min(strength[c] for c in same),
        "partner_points": partner_ahead and points[card] > least,
        "partner_low": partner_ahead and points[card] == least,
        "take": len(trick) == 3 and card in wins,
        "ruff": bool(trick)
        and card in wins
        and card.suit == trump != trick[0][1].suit
        and not any(c.suit == trick[0][1].suit for c in hand),
        "win_cheap": card in wins and strength[card] == min(strength[c] for c in wins),
        "duck": bool(trick) and card not in wins and bool(wins),
        "give_low": bool(trick) and not wins and points[card] == least,
    }[kind]


def test_every_card_reason_is_true_of_the_whole_deal():
    """Over the card plays of seeded games, each reason a hint could give for any legal card says only what is
    true with every hand known: a "highest still out" lead has no higher card of its suit in another hand, the
    partner really keeps the trick, the card really takes it, no winning card was cheaper, and so on."""
    seen: set[str] = set()
    for seed in range(12):
        game = DECL.new(4, {}, seed)
        assert isinstance(game, Blot)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if game.phase == "play" and len(legal) > 1:
                cards = [CARD_OF_ACTION[a] for a in legal]
                for card in cards:
                    kind = card_reason(game.view(seat), card, cards)
                    if kind is not None:
                        seen.add(kind[0])
                        assert claim_holds(game, seat, card, kind[0]), (seed, seat, card, kind)
            game.apply(seat, NORMAL.choose(game.view(seat), legal, rng))
    assert seen == {
        "lead_master", "lead_master_plain", "lead_trump", "lead_short", "lead_low", "partner_points",
        "partner_low", "take", "ruff", "win_cheap", "duck", "give_low",
    }  # fmt: skip


def test_hard_takes_a_rich_trick_with_its_ace_instead_of_giving_it_away():
    """Spades trump, 10♥ 7♥ K♥ laid, the last seat holding A♥ and 8♥: the ace takes 25 points (a sure trick), the
    eight gives the 14 to the other side. Compared over the same random play after each card, Hard sees it."""
    from engine.games.blot.explore import explore_position
    from engine.positions import ExplorerPosition

    others = [str(c) for c in DECK if c.suit != Card.parse("AH").suit]
    hard = HardBot()
    for seed in range(10):
        hand = ["AH", "8H", *random.Random(seed).sample(others, 6)]
        asked = ExplorerPosition({}, 4, [[0, "10H"], [1, "7H"], [2, "KH"]], {"trump": "S"}, hand)
        game, seat = explore_position(asked, random.Random(seed))
        assert hard.choose(game.view(seat), game.legal_actions(seat), random.Random(seed)) == "play AH", hand


def test_a_pass_is_explained_by_the_partners_bid_or_a_hand_short_of_the_next_bid():
    """Over the auctions of seeded games of Normal bots, each pass a hint would explain says what is so: the seat's
    own side holds the highest bid, or its hand counts on less (in its best strain) than the lowest bid it may make,
    which the legal moves confirm."""
    seen = set()
    for seed in range(30):
        game = DECL.new(4, {}, seed)
        assert isinstance(game, Blot)
        rng = random.Random(seed)
        while game.phase == "auction":
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            said = SEARCHER.reason(view, Advice("pass", 0, {"pass": 0.0})) if "pass" in legal else None
            if said is not None:
                seen.add(said["key"])
                standing = view["extra"]["standing"]
                if said["key"] == "hint.blot.pass_partner":
                    assert standing["team"] == seat % 2 and said["bid"] == standing["text"]
                else:
                    assert said["key"] == "hint.blot.pass_short"
                    lowest = min(int(a.split()[1]) for a in legal if a.startswith("bid "))
                    assert said["n"] == lowest > max(estimate(game.hands[seat], s) for s in STRAINS) // 10
            game.apply(seat, NORMAL.choose(view, legal, rng))
    assert seen == {"hint.blot.pass_partner", "hint.blot.pass_short"}


def hand_points_after(game: Blot, call: str) -> tuple[list[int], bool]:
    """The hand's points per team and whether its contract was made, ``call`` made by the seat to act and everything
    after it by Normal bots."""
    game = game.clone(random.Random(0))
    game.apply(game.to_act()[0], call)
    rng = random.Random(0)
    while game.hand_no == 1 and not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, NORMAL.choose(game.view(seat), game.legal_actions(seat), rng))
    assert game.last_hand is not None
    return list(game.score), game.last_hand["made"]


def test_hard_doubles_a_contract_the_rivals_go_down_in_where_normal_lets_it_be():
    """Seed 36's deal: the rivals reach 10 ♥ over the partner's diamonds; Normal, holding no heart, passes; Hard
    doubles: the contract goes down either way, and doubled it gives Hard's team twice the bid."""
    game = DECL.new(4, {}, 36)
    assert isinstance(game, Blot)
    auction(game, "pass", "bid 8 D", "bid 9 H", "bid 10 H")
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    assert NORMAL.choose(view, legal, random.Random(0)) == "pass"
    assert HardBot().choose(view, legal, random.Random(0)) == "contra"
    team = seat % 2
    passed, made = hand_points_after(game, "pass")
    doubled, _ = hand_points_after(game, "contra")
    assert not made and doubled[team] - doubled[1 - team] > passed[team] - passed[1 - team]


def test_hard_lets_the_rivals_have_a_contract_it_would_go_down_in_outbidding_them():
    """Diamonds against spades up to 12 ♦ (seed 23's deal): Normal, counting its spade jack, nine and ace, bids 13 ♠
    and goes down; Hard passes, and its team scores more."""
    game = DECL.new(4, {}, 23)
    assert isinstance(game, Blot)
    auction(game, "bid 8 D", "bid 9 S", "pass", "pass", "bid 10 D", "bid 11 S", "pass", "pass", "bid 12 D")
    view, legal = game.view(0), game.legal_actions(0)
    assert NORMAL.choose(view, legal, random.Random(0)) == "bid 13 S"
    assert HardBot().choose(view, legal, random.Random(0)) == "pass"
    normal_points, made = hand_points_after(game, "bid 13 S")
    hard_points, _ = hand_points_after(game, "pass")
    assert not made and hard_points[0] - hard_points[1] > normal_points[0] - normal_points[1]


def test_auction_deals_give_a_seat_that_bid_a_suit_a_hand_that_bids_it():
    """In the auction Hard deals the unseen cards so that each seat's hand makes the calls it made: a seat that bid
    spades holds at least three with the jack or the nine (what a bid counts on), its own hand stays its own."""
    game = DECL.new(4, {}, 23)
    assert isinstance(game, Blot)
    auction(game, "bid 8 D", "bid 9 S")
    me = game.to_act()[0]
    diamonds, spades_bidder = (me + 2) % 4, (me + 3) % 4
    view = game.view(me)
    calls = heard(view)
    assert [(h.seat, h.action) for h in calls] == [(diamonds, "bid 8 D"), (spades_bidder, "bid 9 S")]
    rng = random.Random(3)
    for _ in range(20):
        hands = deal_hands(view, calls, rng)
        assert sorted(hands[me]) == sorted(game.hands[me]) and sorted(c for h in hands for c in h) == sorted(DECK)
        spades = {c.rank for c in hands[spades_bidder] if c.suit == Card.parse("JS").suit}
        assert len(spades) >= 3 and spades & {Card.parse("JS").rank, Card.parse("9S").rank}
