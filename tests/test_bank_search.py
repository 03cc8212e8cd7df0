"""Bank's search and levels: the sampled deals agree with all a seat has seen and nothing else, Hard repeats itself
given its generator and finds the play that wins where the Normal bot does not, every level finishes games legally,
and a hint's reason names the kind of the advised play, true of the real game and read from the seat's view only."""

from __future__ import annotations

import copy
import random
from collections import Counter

from engine.bots import RandomBot
from engine.cards import Card, from_mask
from engine.games.bank import DECL, BankGame
from engine.games.bank.bot import answerer
from engine.games.bank.search import SEARCHER, BankSearchBot, no_answer, sample
from engine.games.bank.tables import card_points, lay_rule
from engine.messages import card, cards, msg
from engine.messages import seat as seat_value
from engine.search import LEVELS, Advice, explain
from tests.gameplay import check_invariants
from tests.test_bank_bot import deal_game


def midgame(players: int = 3, seed: int = 5, **options) -> BankGame:
    """A game in its first hand after some random moves, with a bank taken and cards in the stock."""
    game = DECL.new(players, {"trump_choice": "assign", **options}, seed)
    rng = random.Random(seed)
    while not (any(game.won) and game.stock and len(game.legal_actions(game.to_act()[0])) > 1):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def public(view) -> dict:
    """What every seat sees alike, and the viewer's own hand."""
    extra = view["extra"]
    keep = ("won", "out", "drawn", "score", "gone", "trumps", "lay_on", "skipped", "options")
    return {
        "hand": sorted(view["hand"]),
        "counts": [s["cards"] for s in view["seats"]],
        "stock": view["stock"],
        "table": view["table"]["plays"],
        "to_act": view["to_act"],
        "bank": extra["bank"],
        **{k: extra[k] for k in keep},
    }


def test_a_sample_shows_the_seat_the_same_position_and_deals_only_the_unseen_cards():
    game = midgame()
    seat = game.to_act()[0]
    view = game.view(seat)
    unseen = sorted(c for s in range(3) if s != seat for c in from_mask(game.hands[s])) + sorted(game.stock)
    deals = set()
    for seed in range(6):
        world = sample(view, random.Random(seed))
        check_invariants(world)
        assert public(world.view(seat)) == public(view)
        assert world.legal_actions(seat) == game.legal_actions(seat)
        assert world.won == game.won, "the piles taken this hand are the view's, seat by seat"
        dealt = sorted(c for s in range(3) if s != seat for c in from_mask(world.hands[s])) + sorted(world.stock)
        assert sorted(dealt) == sorted(unseen)
        deals.add((tuple(world.hands), tuple(world.stock)))
    assert len(deals) == 6, "different generators deal the unseen cards differently"


def test_a_sample_reads_the_view_only():
    game = midgame(seed=8)
    seat = game.to_act()[0]
    view = game.view(seat)
    kept = copy.deepcopy(view)
    first = sample(view, random.Random(1))
    rival = (seat + 1) % 3
    game.hands[rival], game.stock[0] = game.hands[rival] ^ game.stock[0].bit, Card(6, 0)  # the real game changes
    again = sample(view, random.Random(1))
    assert view == kept and (first.hands, first.stock) == (again.hands, again.stock)


def test_hard_repeats_its_choice_given_its_generator():
    game = midgame(players=2, seed=3)
    seat = game.to_act()[0]
    view, legal = game.view(seat), game.legal_actions(seat)
    bot = BankSearchBot(worlds=6)
    assert bot.choose(view, legal, random.Random(4)) == bot.choose(view, legal, random.Random(4))
    assert bot.choose(view, legal, random.Random(4)) in legal


def test_every_level_finishes_a_hand_legally():
    assert list(DECL.bots) == [*LEVELS, "random"]
    for level in LEVELS:
        game = DECL.new(2, {"max_hands": 1, "trumps": "own", "trump_choice": "choose"}, 17)
        rng = random.Random(17)
        bot = DECL.bots[level]
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            action = bot.choose(game.view(seat), legal, rng)
            assert action in legal
            game.apply(seat, action)
        assert game.result()["winners"]


def test_hard_finds_the_play_that_keeps_the_bank():
    # own trumps: spades for seat 0, hearts for seat 1, no stock. Seat 1 laid A♦ on A♣ and holds one card, 6♥ (his
    # trump: it may be laid on 10♦, not on A♠). A♠ takes the bank and 36 points; 10♦ lets him go out with them.
    game = deal_game([["AS", "10D", "7D"], ["AD", "6H"]], "AC", trumps="SH", dealer=0, full=False)
    game.apply(1, "play AD")
    view, legal = game.view(0), game.legal_actions(0)
    assert {RandomBot().choose(view, legal, random.Random(seed)) for seed in range(6)} == set(legal)
    assert {DECL.bots["hard"].choose(view, legal, random.Random(seed)) for seed in range(3)} == {"play AS"}


def test_a_rival_who_could_not_answer_is_dealt_no_answer():
    # No trumps. Seat 0 lays Q♠ on K♠; seat 1 holds no spade, no queen, no eight, draws 10♦ and passes: seat 0 takes
    # the bank and lays next on Q♠. On that card seat 1 could lay J♠, 6♠, a queen or any eight: he holds none.
    game = deal_game([["QS", "AH", "9C", "7C"], ["7D", "9H", "AD", "KC"]], "KS", stock=["10D"], dealer=1)
    for seat, action in ((0, "play QS"), (1, "draw"), (1, "pass")):
        game.apply(seat, action)
    view = game.view(0)
    assert view["extra"]["lay_on"]["kind"] == "reference" and no_answer(view) == 1
    assert no_answer(game.view(1)) is None, "seat 1 learnt nothing of seat 0's hand"
    answers = {Card.parse(c) for c in ("JS", "6S", "QH", "QD", "QC", "8S", "8H", "8D", "8C")}
    for seed in range(12):
        world = sample(view, random.Random(seed))
        check_invariants(world)
        rival = set(from_mask(world.hands[1]))
        assert len(rival) == 5 and not rival & answers
        assert sorted(rival | set(world.stock)) == sorted(set(from_mask(game.hands[1])) | set(game.stock))


# ---- the hint's reasons --------------------------------------------------------------------------------------------


def hint(game, seat=0, seed=0, worlds=8):
    """Hard's hint (a cheap search of ``worlds`` deals) for ``seat``."""
    return BankSearchBot(worlds=worlds).hint(game.view(seat), game.legal_actions(seat), random.Random(seed))


def test_a_hint_to_go_out_names_the_bonus():
    # No trumps, centre K♠. Seat 0 lays the run K♥ Q♥ J♥ 9♥ from K♥ (same rank as K♠) and goes out first: 20 for
    # the place and 30 for four in a row (its last card, 9♥, is no king). Hard goes out as Normal does: no deals.
    game = deal_game([["9H", "JH", "QH", "KH"], ["6C", "7C", "9C", "JC"]], "KS")
    advised = DECL.bots["hard"].hint(game.view(0), game.legal_actions(0), random.Random(0))
    assert advised["action"] == "play KH QH JH 9H"
    assert advised["reason"] == msg("hint.bank.out", cards=cards(["KH", "QH", "JH", "9H"]), bonus=50)


def test_a_hint_for_a_seven_says_the_rival_misses_his_turn():
    # No trumps, two players, sevens skip. On 8♠ seat 0 lays 7♠ (one less): seat 1 misses his turn.
    game = deal_game([["7S", "8C", "6C", "9D"], ["AC", "10C", "QD", "JH"]], "8S")
    assert game.legal_actions(0) == ["play 7S", "play 8C 6C"]
    advised = hint(game)
    assert advised["action"] == "play 7S"
    assert advised["reason"] == msg("hint.bank.seven", cards=cards(["7S"]), seat=seat_value(1), worlds=8)


def test_a_hint_says_the_bank_is_sure_when_no_unseen_card_answers():
    # Own trumps: spades for seat 0, hearts for seat 1; no stock. On A♠, seat 0's trump, seat 1 may lay only an ace
    # or an eight: A♣ is the centre card, seat 0 holds the other aces and eights. He has none: the bank is seat 0's.
    game = deal_game(
        [["AS", "AH", "AD", "8S", "8H", "8D", "8C", "9C"], ["6H", "9H"]], "AC", trumps="SH", dealer=0, full=False
    )
    sure = msg("hint.bank.bank_sure", card=card("AS"), seat=seat_value(1), points=24, worlds=8)
    assert explain(SEARCHER, game.view(0), Advice("play AS", 8, {"play AS": 1.0})) == {**sure, "cards": cards(["AS"])}
    advised = hint(game)
    assert advised["reason"] == {**sure, "cards": cards(advised["action"].split()[1:])}
    game.apply(0, advised["action"])
    assert game.apply(1, "pass")[-1]["event"] == "clear" and game.won[0] and game.won[0][-1] == Card.parse("AS")


def test_a_hint_counts_the_unseen_cards_that_answer():
    # Own trumps: spades for seat 0, hearts for seat 1; no stock; seat 1 laid A♦ on A♣ and holds one card. On A♠
    # seat 1 may lay A♥ or an eight: five cards seat 0 has not seen (A♣ and A♦ lie in the bank).
    game = deal_game([["AS", "10D", "7D"], ["AD", "6H"]], "AC", trumps="SH", dealer=0, full=False)
    game.apply(1, "play AD")
    advised = hint(game)
    assert advised["action"] == "play AS"
    assert advised["reason"] == msg(
        "hint.bank.bank_likely", cards=cards(["AS"]), card=card("AS"), seat=seat_value(1), count=5, worlds=8
    )


def test_a_hint_lays_an_eight_when_nothing_else_goes():
    # No trumps, centre 9♠: seat 0 holds no spade and no nine; only his eights may be laid (and the bank, no points
    # yet, is no reason).
    game = deal_game([["8C", "8D", "QD", "JH"], ["AC", "10C", "JD", "KH"]], "9S")
    assert game.legal_actions(0) == ["play 8C 8D", "play 8D 8C"]
    advised = hint(game)
    assert advised["reason"] == msg(
        "hint.bank.eight", cards=cards(advised["action"].split()[1:]), top=card("9S"), worlds=8
    )


def test_a_hint_sheds_the_most_points_or_keeps_a_king():
    # No trumps, centre K♠: K♥ (same rank, 5 points) or Q♠ (one less, 3 points). K♥ sheds more; Q♠ keeps the king.
    game = deal_game([["QS", "KH", "9C", "6D"], ["AC", "10C", "JD", "JH"]], "KS")
    assert game.legal_actions(0) == ["play KH", "play QS"]
    advised = hint(game)
    assert advised["action"] == "play KH"
    assert advised["reason"] == msg("hint.bank.shed", cards=cards(["KH"]), points=5, worlds=8)
    kept = explain(SEARCHER, game.view(0), Advice("play QS", 48, {"play QS": 2.0, "play KH": 1.0}))
    assert kept == msg("hint.bank.keep_king", cards=cards(["QS"]), card=card("KH"), worlds=48)


def test_a_hint_keeps_an_eight():
    # No trumps, centre J♠: 9♠ (one less) or 8♦ alone (nothing follows on it); neither sheds a point.
    game = deal_game([["9S", "8D", "QC", "6H"], ["AC", "10C", "JD", "JH"]], "JS")
    assert game.legal_actions(0) == ["play 9S", "play 8D"]
    advised = hint(game)
    assert advised["action"] == "play 9S"
    assert advised["reason"] == msg("hint.bank.keep_eight", cards=cards(["9S"]), card=card("8D"), worlds=8)


def test_a_hint_names_the_card_hardest_to_answer():
    # No trumps, centre 10♣ (10 points): 10♥ or 10♠, both by rank. Seat 0 holds K♠ and sees 10♣: on 10♠ go 10♦, 6♠
    # and the four eights (6 unseen cards), on 10♥ also K♥ (7). Neither is few enough for bank_likely: the rival
    # holds four cards and may draw.
    game = deal_game([["10H", "10S", "KS", "9D"], ["7D", "JD", "QH", "9H"]], "10C")
    assert game.legal_actions(0) == ["play 10H", "play 10S"]
    said = explain(SEARCHER, game.view(0), Advice("play 10S", 48, {"play 10S": 1.0, "play 10H": 0.5}))
    hardest = msg("hint.bank.hardest", cards=cards(["10S"]), card=card("10S"), seat=seat_value(1), count=6, worlds=48)
    assert said == hardest
    assert (
        explain(SEARCHER, game.view(0), Advice("play 10H", 48, {"play 10H": 1.0, "play 10S": 0.5}))["key"]
        == "hint.reason"
    )


def test_a_hint_keeps_the_cards_that_answer_most():
    # No trumps, centre J♠, two players: 9♠ or 6♠, no points, no eight, no king. After 9♠ seat 0 keeps 6♠ 7♣ 10♦,
    # which go singly on 15 of the 31 cards it has not seen (any of which seat 1 may lay next); after 6♠ it keeps
    # 9♠ 7♣ 10♦, which go on 11 of them.
    game = deal_game([["9S", "6S", "7C", "10D"], ["AC", "10C", "JD", "JH"]], "JS")
    view = game.view(0)
    said = explain(SEARCHER, view, Advice("play 9S", 48, {"play 9S": 1.0, "play 6S": 0.5}))
    assert said == msg(
        "hint.bank.answers", cards=cards(["9S"]), seat=seat_value(1), count=15, unseen=31, other=11, worlds=48
    )
    assert explain(SEARCHER, view, Advice("play 6S", 48, {"play 6S": 1.0, "play 9S": 0.5}))["key"] == "hint.reason"


def test_a_hint_with_no_kind_falls_back_as_the_generic_hint_does():
    # No trumps, centre J♠: 9♠ or 6♠, no points, no eight, no king, many answers to either; three hold cards, so
    # what seat 0 keeps need not answer the next card (seat 2 answers seat 1's).
    game = deal_game([["9S", "6S", "7C", "10D"], ["AC", "10C", "JD", "JH"], ["QC", "QD", "KH", "7H"]], "JS")
    view = game.view(0)
    advised = hint(game)
    assert advised["reason"]["key"] == "hint.reason" and advised["reason"]["worlds"] == 8
    assert explain(SEARCHER, view, Advice("play 9S", 8, {"play 9S": 1.0, "play 6S": 0.98})) == msg(
        "hint.reason.even", worlds=8
    )
    assert explain(SEARCHER, view, Advice("play 9S", 8, {"play 9S": 1.5, "play 6S": 1.0})) == msg(
        "hint.reason", worlds=8, margin=0.5
    )
    assert explain(SEARCHER, view, Advice("play 9S", 0, {"play 9S": 0.0})) == msg("hint.generic"), (
        "Normal's choice: no deals"
    )
    assert explain(SEARCHER, view, Advice("play KH", 8, {})) == msg("hint.reason.even", worlds=8), "not a legal play"


SETUPS = ("own", "none", "one", "two", "senior-junior")
SEVENS = ("skip", "draw-and-play", "skip-and-draw", "nothing")


def choices_in_games(seeds):
    """Positions where the seat to act chooses between plays, from seeded games of random moves: 2-4 players, every
    trump set-up and seven rule, both four-kings rules and optional eights' follow-ups. Yields the live game."""
    for seed in seeds:
        options = {
            "trump_choice": "assign",
            "trumps": SETUPS[seed % 5],
            "after_seven": SEVENS[seed % 4],
            "four_kings": ("layer-takes", "coverer-takes")[seed % 2],
            "eight_follow_up": ("required", "optional")[seed // 2 % 2],
            "trump_beat": ("any", "one-less-any-suit")[seed // 4 % 2],
            "max_hands": 2,
        }
        game = DECL.new(2 + seed % 3, options, seed)
        rng = random.Random(seed)
        while not game.is_over:
            who = game.to_act()[0]
            legal = game.legal_actions(who)
            if game.phase == "play" and sum(a.startswith("play ") for a in legal) > 1:
                yield game, who, legal
            game.apply(who, rng.choice(legal))


def answers(game, me, rival, top, fours=False):
    """The cards hidden from ``me`` (other hands, the stock) that ``rival`` could lay singly on ``top``: by the
    single-card lay rules (:func:`lay_rule`) or as an eight (at any time); with ``fours`` also every four of a kind
    hidden whole when he may hold four cards on his turn."""
    hidden = [c for s in range(game.players) if s != me for c in from_mask(game.hands[s])] + list(game.stock)
    top_class, beat = game.card_class(me, top), game.options["trump_beat"]
    found = {c for c in hidden if c.rank == 8 or lay_rule(c, game.card_class(rival, c), top, top_class, beat)}
    if fours and game.hands[rival].bit_count() + min(len(game.stock), 2) >= 4:
        for rank in {c.rank for c in hidden}:
            four = {c for c in hidden if c.rank == rank}
            found |= four if len(four) == 4 else set()
    return found


def check_true(game, me, legal, action, said):
    """``said``, the reason given for ``action``, holds in the real game (every hand and the stock known)."""
    key = said["key"]
    if not key.startswith("hint.bank."):
        assert key in ("hint.reason", "hint.reason.even")
        return key
    kind = key.removeprefix("hint.bank.")
    laid = [Card.parse(t) for t in action.split()[1:]]
    assert said["cards"] == cards(laid)
    plays = {a: [Card.parse(t) for t in a.split()[1:]] for a in legal if a.startswith("play ")}
    after = game.clone()
    events = after.apply(me, action)
    if kind == "out":
        (out,) = [e for e in events if e["event"] == "out"]
        assert out["seat"] == me and out["bonus"] == said["bonus"]
    elif kind == "seven":
        assert laid[-1].rank == 7
        assert [e["seat"] for e in events if e["event"] == "skip"] == [said["seat"]["seat"]]
        assert after.to_act() == (me,), "he moves again"
    elif kind in ("bank_sure", "bank_likely", "hardest"):
        rival, top = said["seat"]["seat"], Card.parse(said["card"]["card"])
        assert after.to_act() == (rival,) and after.bank[-1] == (me, top) and len(after.bank) > 1
        assert card_points([c for _, c in after.bank]) > 0
        found = answers(game, me, rival, top)
        if kind != "bank_sure":
            assert said["count"] == len(found)
            laid_singly = [cs[0] for cs, kinds in after.plays(rival).values() if kinds[0] != "four"]
            assert all(c in found for c in laid_singly), "every card he could lay singly is counted"
        if kind == "hardest":
            view = game.view(me)
            for t in {cs[-1] for cs in plays.values()} - {top}:
                assert len(answers(game, me, answerer(view, me, t)[0], t)) > len(found)
        if kind == "bank_sure":
            assert not answers(game, me, rival, top, fours=True)
            points = card_points([c for _, c in after.bank])
            assert said["points"] == points
            while after.to_act() == (rival,):
                (forced,) = after.legal_actions(rival)
                assert forced in ("draw", "pass")
                events = after.apply(rival, forced)
            (clear,) = [e for e in events if e["event"] == "clear"]
            assert clear["seat"] == me and clear["points"] == points
    elif kind == "eight":
        assert all(cs[0].rank == 8 for cs in plays.values())
        assert said["top"] == card(game.top()[0])
    elif kind == "shed":
        assert said["points"] == card_points(laid) > max(card_points(cs) for a, cs in plays.items() if a != action)
    elif kind == "keep_eight":
        kept = Card.parse(said["card"]["card"])
        assert kept.rank == 8 and after.hands[me] & kept.bit and all(c.rank != 8 for c in laid)
    elif kind == "answers":
        rival = said["seat"]["seat"]
        assert sum(game.hands[s] != 0 for s in range(game.players)) == 2 and game.hands[rival]
        assert after.to_act() == (rival,) and after.bank[-1] == (me, laid[-1])
        hidden = [c for s in range(game.players) if s != me for c in from_mask(game.hands[s])] + list(game.stock)
        beat = game.options["trump_beat"]

        def kept(laying):
            own = [c for c in from_mask(game.hands[me]) if c not in laying and c.rank != 8]
            return sum(
                any(lay_rule(c, game.card_class(me, c), x, game.card_class(rival, x), beat) for c in own)
                for x in hidden
            )

        rest = [kept(cs) for a, cs in plays.items() if a != action]
        assert said["unseen"] == len(hidden) and said["count"] == kept(laid) > said["other"] == max(rest)
    else:
        assert kind == "keep_king"
        kept = Card.parse(said["card"]["card"])
        assert kept.rank == 13 and after.hands[me] & kept.bit and all(c.rank != 13 for c in laid)
        assert any(c.rank == 13 for a, cs in plays.items() if a != action for c in cs)
    assert said["worlds"] == 48 if kind != "out" else "worlds" not in said
    return kind


def test_every_reason_given_is_true_of_the_real_game():
    """Every legal play of every choice in seeded random games, given as Hard's advice: each kind's claim holds in
    the real game, hidden cards included (the points and bonus as the engine then scores them, a sure bank taken
    whatever the rival holds and draws, every answer he could lay counted), and every kind is met."""
    seen = Counter()
    for game, me, legal in choices_in_games(range(120)):
        view = game.view(me)
        for action in legal:
            said = explain(SEARCHER, view, Advice(action, 48, {action: 1.0}))
            seen[check_true(game, me, legal, action, said)] += 1
    kinds = {
        "out",
        "seven",
        "bank_sure",
        "bank_likely",
        "eight",
        "shed",
        "keep_eight",
        "keep_king",
        "hardest",
        "answers",
    }
    assert kinds <= set(seen), seen


def test_a_reason_reads_the_seat_s_view_only():
    """The reason is the same from a sampled world's view of the seat (other hands and the stock dealt anew), and
    the view is left as it was."""
    for n, (game, me, legal) in enumerate(choices_in_games(range(6))):
        view = game.view(me)
        kept = copy.deepcopy(view)
        world = sample(view, random.Random(n)).view(me)
        for action in legal:
            advice = Advice(action, 48, {action: 1.0})
            assert explain(SEARCHER, view, advice) == explain(SEARCHER, world, advice)
        assert view == kept
