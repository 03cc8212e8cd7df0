"""Eidex search and levels: deals sampled from a view, the engine's clone, Hard's choices, every level finishing."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from engine.bots import play_out
from engine.cards import SUITS, Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.eidex import DECL
from engine.games.eidex.bot import bot_step
from engine.games.eidex.search import (
    HINT_KINDS,
    SEARCHER,
    EidexCarelessBot,
    EidexSearchBot,
    hint_kind,
    match_chances,
    reason,
    sample,
)
from engine.games.eidex.state import ACTION_CARD, PLAY_TEXT, EidexGame
from engine.games.eidex.tables import CONTRACTS, PLAYERS, Contract, legal_cards, trick_winner
from engine.search import Advice, explain

HEARTS = CONTRACTS[("trump", 2)]


def game_at(seed: int, actions: int) -> EidexGame:
    """A basic game after ``actions`` random actions."""
    game = DECL.new(3, {}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    assert isinstance(game, EidexGame)
    return game


def placed(game: EidexGame) -> list[Card]:
    """Every card of the hand where the sample may put it: hands, face-down cards, the trick, the cards played."""
    return [
        *(c for h in game.hands for c in h),
        *(c for c in game.discards if c is not None),
        *(c for _, c in game.trick),
        *game.played,
    ]


def test_sample_keeps_everything_the_seat_has_seen():
    for seed, actions in [(1, 2), (2, 3), (3, 7), (4, 20), (5, 31), (6, 50)]:
        game = game_at(seed, actions)
        seat = game.to_act()[0]
        view = game.view(seat)
        world = sample(view, random.Random(seed))
        again = world.view(seat)
        for key in ("hand", "phase", "dealer", "hand_no", "to_act", "seats", "table", "status"):
            assert again[key] == view[key], key
        for key in ("played", "taken", "tricks", "vp", "discards", "discarded", "trump", "shown", "limit"):
            assert again["extra"][key] == view["extra"][key], key
        assert sorted(world.legal_actions(seat)) == sorted(game.legal_actions(seat))
        assert sorted(placed(world)) == sorted(make_deck(36))
        others = {c for s in range(PLAYERS) if s != seat for c in world.hands[s]}
        assert others.isdisjoint(game.hands[seat])


def test_sample_deals_the_unseen_cards_at_random_and_reads_only_the_view():
    game = game_at(7, 10)
    seat = game.to_act()[0]
    view = copy.deepcopy(game.view(seat))
    deals = {tuple(map(tuple, sample(view, random.Random(n)).hands)) for n in range(8)}
    assert len(deals) > 4
    before = sample(view, random.Random(3)).hands
    game.hands[(seat + 1) % PLAYERS], game.hands[(seat + 2) % PLAYERS] = [], []  # the real game changes
    assert sample(view, random.Random(3)).hands == before


def test_sample_keeps_a_shown_void_and_the_shown_card():
    game = DECL.new(3, {}, 1)
    assert isinstance(game, EidexGame)
    # seat 1 leads a spade, seat 2 lays a club (not trump: hearts): seat 2 has no spade left
    game.phase, game.dealer, game.contract, game.rules = "play", 0, HEARTS, HEARTS
    deck = list(make_deck(36))
    game.trick = [(1, Card.parse("10S")), (2, Card.parse("7C"))]
    game.shown = Card.parse("6H")
    mine = parse_cards(["6H", "8S", "9S", "JS", "QS", "KS", "AS", "6D", "7D", "8D", "9D"])
    rest = [c for c in deck if c not in mine and c not in (Card.parse("10S"), Card.parse("7C"))]
    game.hands = [mine, rest[:10], rest[10:20]]
    game.discards = rest[20:23]
    game.played = []
    game.turn, game.leader, game.led_suit, game.trick_no = 0, 1, 3, 1
    game._legal_cache.clear()
    view = game.view(0)
    for n in range(10):
        world = sample(view, random.Random(n))
        assert not [c for c in world.hands[2] if c.suit == 3]
        assert sorted(placed(world)) == sorted(deck)
    dealt = game_at(8, 0)
    shown, dealer = dealt.shown, dealt.dealer
    seat = next(s for s in range(PLAYERS) if s != dealer)
    for n in range(5):
        assert shown in sample(dealt.view(seat), random.Random(n)).hands[dealer]


def test_sample_keeps_a_void_shown_in_an_earlier_trick():
    game = game_at(4, 15)  # trick 5 under hearts; in trick 1 seat 1 led the trump 6 and seat 2 laid the club 6
    assert next(e for e in game.events if e["event"] == "trick")["cards"] == [[1, "6H"], [2, "6C"], [0, "AH"]]
    assert game.contract.trump == 2 and game.trick_no == 5 and game.to_act() == (0,)
    assert [c for c in game.hands[1] if c.suit == 2]
    for n in range(10):
        world = sample(game.view(0), random.Random(n))
        assert {str(c) for c in world.hands[2] if c.suit == 2} <= {"JH"}  # no trump but the jack


def test_clone_is_independent_and_plays_on_alike():
    game = game_at(9, 15)
    twin, deep = game.clone(), copy.deepcopy(game)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not twin.is_over and twin.hand_no < 3:
        seat = twin.to_act()[0]
        action = twin.legal_actions(seat)[rng_a.randrange(len(twin.legal_actions(seat)))]
        twin.apply(seat, action)
        assert deep.legal_actions(seat)[rng_b.randrange(len(deep.legal_actions(seat)))] == action
        deep.apply(seat, action)
    assert twin.record() == deep.record() and twin.events == deep.events
    assert twin.view(0) == deep.view(0)
    assert game.record()["actions"] == deep.record()["actions"][: len(game.log)] and len(game.log) == 15


def tenth_trick(
    hands: list[str],
    trick: list[str],
    discards: list[str],
    taken: list[int],
    tricks: list[int],
    vp: list[int] | None = None,
) -> EidexGame:
    """Trick 10 under hearts, dealer seat 2: seat 1 led ``trick[0]``, seat 2 laid ``trick[1]``, seat 0 to play;
    ``hands`` one string of cards per seat, every other card already played; ``vp`` the standings (none yet)."""
    game = DECL.new(3, {}, 1, dealer=2, start={"vp": vp} if vp else None)
    assert isinstance(game, EidexGame)
    held = [parse_cards(h.split()) for h in hands]
    laid = [(1, Card.parse(trick[0])), (2, Card.parse(trick[1]))]
    thrown = parse_cards(discards)
    used = {*(c for h in held for c in h), *(c for _, c in laid), *thrown}
    game.phase, game.contract, game.rules = "play", HEARTS, HEARTS
    game.hands, game.trick, game.discards = held, laid, list(thrown)
    game.played = [c for c in make_deck(36) if c not in used]
    game.shown = game.played[0]
    game.taken, game.tricks, game.closed, game.trick_no = taken, tricks, 9, 10
    game.turn, game.leader, game.led_suit = 0, 1, 3
    game._legal_cache.clear()
    return game


def last_tricks_position() -> EidexGame:
    """Trick 10 under hearts: seat 1 led the spade 10, seat 2 laid the spade 6; seat 0 (90 points) holds the spade
    ace and seven. The ace takes the trick and puts it over the limit (0 VP); the seven keeps it the highest (1 VP)."""
    return tenth_trick(["AS 7S", "JH", "9H"], ["10S", "6S"], ["6C", "7C", "8C"], [90, 20, 25], [4, 3, 2])


def test_hard_ducks_the_trick_that_would_put_it_over_the_limit_and_is_deterministic():
    game = last_tricks_position()
    hard = EidexSearchBot(DECL.bots["normal"], worlds=(6, 6))
    legal = game.legal_actions(0)
    assert sorted(legal) == ["play 7S", "play AS"]
    advice = hard.advise(game.view(0), legal, random.Random(5))
    assert advice.action == "play 7S" and advice.values["play 7S"] > advice.values["play AS"]
    again = hard.advise(game.view(0), legal, random.Random(5))
    assert again == advice


def test_hard_samples_more_deals_as_a_hand_runs_short():
    """Hard spreads its work over the cards it may play and the cards in hand: the fewest deals for a full hand, more
    as the hand runs short (never more than the most), and a decision says how many it sampled."""
    hard = EidexSearchBot(DECL.bots["normal"])
    fewest, most = hard.bounds
    assert hard.worlds_for(12, 12) == fewest
    shrinking = [hard.worlds_for(n, n) for n in range(12, 0, -1)]
    assert shrinking == sorted(shrinking) and shrinking[-1] == most
    game = last_tricks_position()
    advice = hard.advise(game.view(0), game.legal_actions(0), random.Random(1))
    assert advice.action == "play 7S"
    assert advice.worlds == hard.worlds_for(2, 2) > fewest


def both_sixes_position() -> EidexGame:
    """Trick 10 under hearts, VP 5-6-6: seat 1 led the spade 7, seat 2 laid the spade 8; seat 0 (52 points) holds the
    spade ace and six, the others 26 and 63 points and only worthless clubs and diamonds. The ace takes both last
    tricks (68 points): seat 0 is the highest, seat 1 the lowest, and seat 1 wins the game. The six leaves seat 0 in
    the middle: both others reach 7 together and the game goes on."""
    return tenth_trick(["AS 6S", "6C", "7C"], ["7S", "8S"], ["7D", "8C", "6D"], [52, 26, 63], [3, 3, 3], [5, 6, 6])


def test_hard_gives_up_its_own_victory_point_rather_than_hand_an_opponent_the_game():
    game = both_sixes_position()
    view, legal = game.view(0), game.legal_actions(0)
    assert sorted(legal) == ["play 6S", "play AS"]
    assert DECL.bots["normal"].choose(view, legal, random.Random(1)) == "play AS"
    advice = EidexSearchBot(DECL.bots["normal"], worlds=(4, 4)).advise(view, legal, random.Random(1))
    assert advice.action == "play 6S" and advice.values["play AS"] == 0.0 < advice.values["play 6S"]
    for action, winners in [("play AS", [1]), ("play 6S", [])]:
        played = game.clone()
        played.apply(0, action)
        while played.hand_no == 1 and not played.is_over:
            seat = played.to_act()[0]
            played.apply(seat, played.legal_actions(seat)[0])
        assert played.winners == winners


def test_match_chances_favour_the_leader_and_sum_to_one():
    chances = match_chances()
    assert chances[(0, 0, 0)] == pytest.approx((1 / 3,) * 3)
    assert chances[(1, 0, 0)][0] > chances[(0, 0, 0)][0] > chances[(0, 1, 0)][0]
    assert chances[(6, 5, 0)][0] > chances[(6, 5, 0)][1] > chances[(6, 5, 0)][2]
    assert all(sum(c) == pytest.approx(1.0) for c in chances.values())


def test_every_level_finishes_a_game_legally():
    normal = DECL.bots["normal"]
    bots = [EidexSearchBot(normal, worlds=(3, 3)), DECL.bots["easy"], normal]
    assert list(DECL.bots) == ["easy", "normal", "hard", "random"]
    game = DECL.new(3, {}, 11, start={"vp": [6, 5, 6]})
    assert play_out(game, bots, random.Random(2)) > 0
    assert game.is_over


def test_hard_and_easy_play_the_character_game_without_stalling():
    normal = DECL.bots["normal"]
    bots = [EidexSearchBot(normal, worlds=(3, 3), deep=3), EidexCarelessBot(normal, slip=0.5), normal]
    options = {"advanced": True, "characters": ["7S", "8C", "6D"]}
    game = DECL.new(3, options, 4, start={"vp": [6, 6, 5]})
    rng = random.Random(3)
    for _ in range(400):
        if game.is_over:
            break
        bot_step(game, bots, rng)
    assert game.is_over


# ---- hints: what the advised card does, in words of the position the seat sees -----------------------------------
DEAL = Deal(
    hands=[
        parse_cards("AS KS QS AC KC AD KD QD JH 9H AH 6C".split()),
        parse_cards("JS 10S 9S 8S 7S JD 10D 9D 8D KH QH 10H".split()),
        parse_cards("6S QC JC 10C 9C 8C 7C 7D 6D 8H 6H 7H".split()),
    ],
    shown=Card.parse("7H"),
)
"""A fixed first deal, dealer seat 2 showing the heart 7 (hearts trump): seat 0 holds the top trumps J 9 A and
the top spades, clubs and diamonds; seat 1 no club; seat 2 the low trumps and most clubs."""

LAID = ((0, "discard QS"), (1, "discard 7S"), (2, "discard 6S"))
"""Each seat's face-down card: seat 0's queen of spades (3 points), the others' blank spades."""


def dealt(*moves: tuple[int, str]) -> EidexGame:
    """The fixed deal after ``moves`` (seat, action), applied through the engine."""
    game = DECL.new(3, {}, 1, dealer=2, deal=DEAL)
    assert isinstance(game, EidexGame) and game.contract.trump == 2
    for seat, action in moves:
        game.apply(seat, action)
    return game


def said(game: EidexGame, seat: int, action: str, worlds: int = 40) -> dict:
    """The reason given for ``action`` advised to ``seat`` after ``worlds`` deals (the values all equal)."""
    assert action in game.legal_actions(seat)
    return explain(SEARCHER, game.view(seat), Advice(action, worlds, dict.fromkeys(game.legal_actions(seat), 50.0)))


def test_a_face_down_card_is_explained_by_the_points_it_banks():
    game = dealt()
    assert game.phase == "discard"
    assert said(game, 0, "discard QS") == {
        "key": "hint.eidex.discard_points",
        "card": {"card": "QS"},
        "worlds": 40,
        "points": 3,
    }
    assert said(game, 0, "discard 6C") == {"key": "hint.eidex.discard_blank", "card": {"card": "6C"}, "worlds": 40}


def test_a_lead_no_unseen_card_beats_is_sure_and_a_plain_top_card_fears_only_trumps():
    game = dealt(*LAID)
    assert game.to_act() == (0,) and game.phase == "play"
    assert said(game, 0, "play JH")["key"] == "hint.eidex.sure"  # the trump jack: nothing beats it
    for top in ("AS", "KS"):  # the spade ace is in seat 0's own hand and its queen lies face down there
        assert said(game, 0, f"play {top}") | {"card": None} == {
            "key": "hint.eidex.master",
            "card": None,
            "worlds": 40,
            "suit": {"suit": "S"},
        }
    assert said(game, 0, "play 6C") == {  # the weaker of its two clubs: the ace stays
        "key": "hint.eidex.lead_low",
        "card": {"card": "6C"},
        "worlds": 40,
        "suit": {"suit": "C"},
    }


def test_a_lead_of_the_only_card_of_a_plain_suit_frees_the_seat_from_following_it():
    singleton = Deal(
        hands=[
            parse_cards("AS KS QS 6C AD KD QD 6D JH 9H AH 7D".split()),
            DEAL.hands[1],
            parse_cards("6S QC JC 10C 9C 8C 7C KC AC 8H 6H 7H".split()),
        ],
        shown=DEAL.shown,
    )
    game = DECL.new(3, {}, 1, dealer=2, deal=singleton)
    for seat, action in LAID:
        game.apply(seat, action)
    assert said(game, 0, "play 6C") == {
        "key": "hint.eidex.lead_void",
        "card": {"card": "6C"},
        "worlds": 40,
        "suit": {"suit": "C"},
    }
    assert said(game, 0, "play 6D")["key"] == "hint.eidex.lead_low"  # four diamonds: the weakest, not a void


def test_a_trump_on_a_suit_the_seat_lacks_is_a_ruff_and_a_losing_card_lets_the_trick_go():
    game = dealt(*LAID, (0, "play AC"))
    assert said(game, 1, "play 10H") | {"card": None} == {
        "key": "hint.eidex.ruff",
        "card": None,
        "worlds": 40,
        "led": {"suit": "C"},
    }
    assert said(game, 1, "play JS")["key"] == "hint.eidex.duck"


def test_a_trick_that_cannot_be_won_gets_the_fewest_points():
    game = dealt(*LAID, (0, "play AC"), (1, "play 10H"))
    assert {SUITS[ACTION_CARD[a].suit] for a in game.legal_actions(2)} == {"C"}  # its trumps are below the 10
    assert said(game, 2, "play 7C")["key"] == "hint.eidex.give_low"
    assert said(game, 2, "play 10C")["key"] == "hint.reason.even"  # 10 points: not the fewest


def test_the_weakest_winning_card_and_the_last_card_that_takes_the_trick_and_its_points():
    game = dealt(*LAID, (0, "play AC"), (1, "play 10H"), (2, "play 7C"), (1, "play 8D"))
    assert said(game, 2, "play 6H")["key"] == "hint.eidex.win_cheap"  # 8H and 7H would win too
    assert said(game, 2, "play 8H") == {"key": "hint.reason.even", "worlds": 40}
    assert said(game, 2, "play 7D")["key"] == "hint.eidex.duck"
    game.apply(2, "play 6H")
    assert said(game, 0, "play 9H") == {
        "key": "hint.eidex.take",
        "card": {"card": "9H"},
        "worlds": 40,
        "points": 14,
    }
    assert said(game, 0, "play QD")["key"] == "hint.eidex.duck"


def test_a_second_card_no_unseen_card_beats_is_sure_and_the_top_of_the_led_suit_fears_only_trumps():
    game = dealt(*LAID, (0, "play 6C"), (1, "play JS"), (2, "play QC"), (2, "play 7D"))
    assert game.to_act() == (0,) and len(game.trick) == 1
    assert said(game, 0, "play JH")["key"] == "hint.eidex.sure"
    assert said(game, 0, "play AD")["suit"] == {"suit": "D"}
    assert said(game, 0, "play AD")["key"] == "hint.eidex.master"


def test_hard_lets_a_trick_go_that_would_put_it_over_the_limit_and_says_so():
    game = last_tricks_position()
    hint = EidexSearchBot(DECL.bots["normal"], worlds=(6, 6)).hint(
        game.view(0), game.legal_actions(0), random.Random(5)
    )
    assert hint["action"] == "play 7S"
    # 90 taken, the face-down 6C worth nothing, the trick's 10S, the ace's 11: 111, and 100 scores no VP
    assert hint["reason"] == {
        "key": "hint.eidex.limit",
        "card": {"card": "7S"},
        "worlds": 6,
        "total": 111,
        "limit": 100,
    }


def test_the_limit_is_not_given_as_a_reason_in_the_special_round_nor_short_of_it():
    game = last_tricks_position()
    game.special = True
    assert said(game, 0, "play 7S")["key"] == "hint.eidex.duck"  # there the seat over the limit wins the round
    game = both_sixes_position()  # the ace would bring seat 0 to 63 only
    hint = EidexSearchBot(DECL.bots["normal"], worlds=(4, 4)).hint(
        game.view(0), game.legal_actions(0), random.Random(1)
    )
    assert hint["action"] == "play 6S"
    assert hint["reason"] == {"key": "hint.eidex.duck", "card": {"card": "6S"}, "worlds": 4}
    assert hint["values"]["play 6S"] > hint["values"]["play AS"]  # the search's values, which the coach weighs


def test_without_a_kind_the_reason_falls_back_as_the_generic_search_does():
    game = dealt(*LAID, (0, "play AS"))  # a trump on the ace that beats it, but not the cheapest that would
    view, legal = game.view(1), game.legal_actions(1)
    even = dict.fromkeys(legal, 40.0)
    assert explain(SEARCHER, view, Advice("play KH", 24, even)) == {"key": "hint.reason.even", "worlds": 24}
    assert explain(SEARCHER, view, Advice("play KH", 24, {**even, "play KH": 40.04})) == {
        "key": "hint.reason.even",
        "worlds": 24,
    }
    better = explain(SEARCHER, view, Advice("play KH", 24, {**even, "play KH": 43.0}))
    assert better == {"key": "hint.reason", "worlds": 24, "margin": 3.0}
    assert explain(SEARCHER, view, Advice("play 10H", 0, {"play 10H": 0.0})) == {"key": "hint.generic"}


def test_the_character_game_keeps_the_generic_reasons_and_hard_speaks_through_reason():
    assert SEARCHER.reason is reason
    assert DECL.bots["hard"].searcher.reason is reason
    game = DECL.new(3, {"advanced": True, "characters": ["7S", "8C", "6D"]}, 4)
    seat = next(s for s in range(PLAYERS) if any(a.startswith("discard ") for a in game.legal_actions(s)))
    view = game.view(seat)
    assert "characters" in view["extra"]
    action = next(a for a in game.legal_actions(seat) if a.startswith("discard "))
    advice = Advice(action, 16, {action: 60.0, "other": 55.0})
    assert explain(SEARCHER, view, advice) == {"key": "hint.reason", "worlds": 16, "margin": 5.0}


def test_a_power_decision_is_explained_by_the_character_and_what_it_does():
    """Over seeded character games, every decision about a power names the right character: the seat's own when it
    uses its power or lets its window pass, the asking seat's when it answers another's; a card keeps the search's
    word. Hard's own hint speaks the same way."""
    seen: Counter[str] = Counter()
    hinted = None
    for seed in range(12):
        game = DECL.new(3, {"advanced": True}, seed)
        assert isinstance(game, EidexGame)
        rng = random.Random(seed)
        while not game.is_over and game.hand_no <= 2:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            view = game.view(seat)
            for action in legal:
                said = reason(view, Advice(action, 0, {action: 0.0}))
                verb = action.split()[0]
                if said is None:
                    assert verb in ("play", "discard") or (verb == "power" and action.split()[1] != game.cast[seat].id)
                    continue
                key = said["key"].removeprefix("hint.eidex.")
                seen[key] += 1
                owner = game.prompts[0].owner if game.prompts else seat
                if key == "power_answer":
                    assert seat in game.prompts[0].seats and said["seat"] == {"seat": owner} != {"seat": seat}
                elif verb == "decline":
                    assert key == "power_wait" and game.window is not None and owner == seat
                else:  # its power: used on its turn or in a window, or a further step of it (its own question)
                    assert key == "power" and owner == seat
                cid = game.cast[owner].id
                assert said["power"] == {"key": f"char.{cid}.name"} and said["effect"] == {"key": f"char.{cid}.effect"}
            if hinted is None and len(legal) > 1 and any(a == "decline" for a in legal):
                hinted = DECL.bots["hard"].hint(view, legal, random.Random(0))
                assert hinted["reason"]["key"] in ("hint.eidex.power", "hint.eidex.power_wait")
            game.apply(seat, legal[rng.randrange(len(legal))])
    assert set(seen) == {"power", "power_wait", "power_answer"} and hinted is not None


def beats(trick: list[Card], card: Card, contract: Contract) -> bool:
    return trick_winner([*trick, card], contract) == len(trick)


def trick_ends(game: EidexGame, closed: int) -> list[EidexGame]:
    """Every way the trick on the table may be finished by the seats still to play, each a game just after it."""
    if game.closed > closed or game.phase != "play":
        return [game]
    seat = game.to_act()[0]
    ends = []
    for action in game.legal_actions(seat):
        after = game.clone()
        after.apply(seat, action)
        ends += trick_ends(after, closed)
    return ends


def last_trick_event(game: EidexGame) -> dict:
    return next(e for e in reversed(game.events) if e["event"] == "trick")


def take_holds(game: EidexGame, seat: int, action: str, kind: str, params: dict) -> bool:
    """``take``/``sure``: every way the trick may end, the seat takes it (``take``: and the points said)."""
    played = game.clone()
    played.apply(seat, action)
    ends = trick_ends(played, game.closed)
    if kind == "take" and (len(ends) != 1 or last_trick_event(ends[0])["points"] != params["points"]):
        return False
    return all(last_trick_event(end)["winner"] == seat for end in ends)


def lead_holds(game: EidexGame, seat: int, card: Card, kind: str, params: dict) -> bool:
    """``lead_low``: the lowest of several of its suit; ``lead_void``: its only card of the suit, so a later lead of
    the suit may be answered with another."""
    contract = game.contract
    strength, trump = contract.strength, contract.trump
    if kind == "lead_low":
        same = [c for c in game.hands[seat] if c.suit == card.suit]
        return (
            len(same) > 1
            and params["suit"] == {"suit": SUITS[card.suit]}
            and strength[card.index] == min(strength[c.index] for c in same)
        )
    rest = [c for c in game.hands[seat] if c != card]
    probe = next(c for c in make_deck(36) if c.suit == card.suit and c != card)
    return (
        card.suit != trump
        and params["suit"] == {"suit": SUITS[card.suit]}
        and not any(c.suit == card.suit for c in rest)
        and (not rest or any(c.suit != card.suit for c in legal_cards(rest, [probe], contract)))
    )


def limit_holds(game: EidexGame, seat: int, card: Card, winners: list[Card], params: dict) -> bool:
    """``limit``: every way of taking the trick brings the seat to the total or more, at or over the limit, and the
    hand then gives it no victory point however it is played out."""
    card_points = game.contract.points
    if card in winners or not winners or game.special or params["limit"] != game.limit:
        return False
    own = card_points[game.discards[seat].index] if game.discards[seat] else 0
    for win in winners:
        played = game.clone()
        played.apply(seat, PLAY_TEXT[win])
        for end in trick_ends(played, game.closed):
            if last_trick_event(end)["winner"] != seat:
                continue
            total = game.taken[seat] + own + last_trick_event(end)["points"]
            if not game.limit <= params["total"] <= total:
                return False
            rng = random.Random(total)
            while end.hand_no == game.hand_no and not end.is_over:
                mover = end.to_act()[0]
                moves = end.legal_actions(mover)
                end.apply(mover, moves[rng.randrange(len(moves))])
            hand = next(e for e in reversed(end.events) if e["event"] == "hand")
            if hand["vp"][seat] != 0:
                return False
    return True


def claim_holds(game: EidexGame, seat: int, action: str, kind: str, params: dict) -> bool:
    """Whether what ``hint.eidex.<kind>`` says of ``action`` is true of the whole game (every hand and face-down card
    known), played on through the engine where the claim is about what happens next."""
    contract, card = game.contract, ACTION_CARD[action]
    points, strength, trump = contract.points, contract.strength, contract.trump
    if kind.startswith("discard_"):
        return game.phase == "discard" and points[card.index] == params.get("points", 0)
    trick = [c for _, c in game.trick]
    legal = [ACTION_CARD[a] for a in game.legal_actions(seat)]
    winners = [c for c in legal if beats(trick, c, contract)]
    others = [c for s, hand in enumerate(game.hands) if s != seat for c in hand]
    if kind in ("take", "sure"):
        return take_holds(game, seat, action, kind, params)
    if kind == "master":
        return (
            card in winners
            and trump is not None
            and card.suit != trump
            and params["suit"] == {"suit": SUITS[card.suit]}
            and not any(c.suit == card.suit and strength[c.index] > strength[card.index] for c in others)
        )
    if kind == "ruff":
        led = trick[0].suit if trick else None
        return (
            card in winners
            and card.suit == trump != led
            and params["led"] == {"suit": SUITS[led]}
            and not any(c.suit == led for c in game.hands[seat])
        )
    if kind in ("lead_low", "lead_void"):
        return not trick and lead_holds(game, seat, card, kind, params)
    if kind == "win_cheap":
        return (
            bool(trick)
            and card in winners
            and len(winners) > 1
            and strength[card.index] == min(strength[c.index] for c in winners)
        )
    if kind == "duck":
        return card not in winners and bool(winners)
    if kind == "give_low":
        return not winners and points[card.index] == min(points[c.index] for c in legal)
    assert kind == "limit", kind
    return limit_holds(game, seat, card, winners, params)


def test_every_hint_reason_is_true_of_the_whole_deal():
    """Over the decisions of seeded games, Obenabe and Undenufe among them (one seat a hand mostly laying its
    strongest card, so that points pile up near the limit), the reason a hint would give for every legal card says
    only what is true with every hand and face-down card known: a card said to take the trick takes it (and the
    points said) however the others play, a top card has no stronger card of its suit in another hand, taking a
    trick said to reach the limit gives no VP however the hand goes on, and so on."""
    seen: set[str] = set()
    modes: set[str] = set()
    for seed in range(36):
        game = DECL.new(3, {"ace_six_no_trump": seed % 2 == 1}, seed)
        assert isinstance(game, EidexGame)
        rng = random.Random(seed)
        while not game.is_over and game.hand_no <= 2:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            modes.add(game.contract.mode)
            if len(legal) > 1:
                view = game.view(seat)
                for action in legal:
                    found = hint_kind(view, action)
                    if found is not None:
                        seen.add(found[0])
                        assert claim_holds(game, seat, action, *found), (seed, seat, action, found)
            strength = game.contract.strength
            if seat == game.hand_no % PLAYERS and rng.random() < 0.8:
                action = max(legal, key=lambda a: strength[ACTION_CARD[a].index])
            else:
                action = legal[rng.randrange(len(legal))]
            game.apply(seat, action)
    assert seen == set(HINT_KINDS)
    assert modes == {"trump", "obenabe", "undenufe"}
