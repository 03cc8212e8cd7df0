"""Ass: the rulings (shared/rulings/ass.md), section by section."""

from __future__ import annotations

import random

import pytest

from engine.cards import SUITS, Card, make_deck, parse_cards
from engine.core import Deal, IllegalAction
from engine.games.ass import DECL, AssGame
from engine.games.ass.doc import rules
from engine.games.ass.explore import explore
from engine.games.ass.play import SEED_EXAMPLES, Play, Trick
from engine.games.ass.score import trick_bonus
from engine.messages import msg
from engine.messages import seat as seat_of
from engine.options import OptionError
from tests.gameplay import assert_replay_identical, check_invariants, play_randomly
from tests.messages_check import english, problems, prose_in
from webapp.i18n import Renderer
from webapp.rules.document import rules_words

C = Card.parse


def lay(cards: list[str], trumps: dict[int, str] | None = None, **options) -> Trick:
    """Lay cards by seats 0, 1, ... ; ``trumps`` maps a seat to its own trump suit letter."""
    trick = Trick(**{"setup": "own", **options})
    for seat, text in enumerate(cards):
        card = C(text)
        cls = 1 if trumps and SUITS[card.suit] == trumps.get(seat) else 0
        trick.add(Play(seat, card, cls))
    return trick


def new_game(hands: list[list[str]], options: dict | None = None, dealer: int = 0, **kw) -> AssGame:
    """A game with fixed hands; the stock is the rest of the deck in deck order."""
    used = {C(c) for h in hands for c in h}
    stock = [c for c in make_deck(36) if c not in used]
    deal = Deal(hands=[parse_cards(h) for h in hands], stock=stock)
    return AssGame(
        len(hands),
        {"trumps": "none", "five_six_players": len(hands) > 4, **(options or {})},
        0,
        dealer=dealer,
        deal=deal,
        **kw,
    )


def bet_all(game: AssGame, bet: str = "no") -> None:
    while game.phase == "bet":
        game.apply(game.to_act()[0], f"bet {bet}")


# ---- §2.8: the seed's 23 example tricks --------------------------------------------------------
@pytest.mark.parametrize("row", SEED_EXAMPLES, ids=[f"row{r[0]}" for r in SEED_EXAMPLES])
def test_seed_example_rows(row):
    # §2.8, row by row: own-suit trumps, the trump column's suit a trump only for its owner.
    number, cards, trump, owner, taker = row
    trick = lay(list(cards), {owner: trump} if trump else None)
    assert trick.winner() == taker, f"row {number}: {trick.summary()}"


def test_row_12_proves_per_player_trumps():
    # §2.8 row 12: with one common trump ♣ the 10♣ would be a T-beat and seat 2 would take.
    assert lay(["6S", "6C", "10C", "6H"], {1: "C"}).winner() == 1
    common = Trick(setup="one")
    for seat, text in enumerate(["6S", "6C", "10C", "6H"]):
        card = C(text)
        common.add(Play(seat, card, 1 if card.suit == 0 else 0))
    assert common.winner() == 2


# ---- §2.4: the beat table, row by row ----------------------------------------------------------
SAME_SUIT = {
    "6": ("7 9 J K 10 A", "8 Q"),
    "7": ("", "6 8 9 J Q K 10 A"),
    "8": ("6 7 9 J 10 A", "Q K"),
    "9": ("7", "6 8 Q K 10 A"),
    "J": ("7 9", "6 8 K 10 A"),
    "Q": ("6 7 8 9 J", "10 A"),
    "K": ("7 8 9 J Q", "6 A"),
    "10": ("7 9 J Q K", "6 8"),
    "A": ("7 9 J Q K 10", "6 8"),
}
"""§2.4: card played → (beats in its suit always, does not beat in its suit)."""
ONE_LESS = {"9": "J", "J": "Q", "Q": "K", "K": "10", "10": "A"}


@pytest.mark.parametrize("rank", list(SAME_SUIT))
def test_beat_table_row(rank):
    # §2.4: each row of the decoded table, checked by laying the target first and the card on it.
    beats, not_beats = SAME_SUIT[rank]
    for target in beats.split():
        trick = lay([target + "H", rank + "H"])
        assert trick.winner() == 1, trick.verdicts[1]
    for target in not_beats.split():
        trick = lay([target + "H", rank + "H"])
        if rank == "8":
            assert trick.regime == "normal" and trick.winner() == 0
        else:
            assert trick.winner() == 0, trick.verdicts[1]


@pytest.mark.parametrize("rank,target", list(ONE_LESS.items()))
def test_one_less_is_lead_only(rank, target):
    # §2.4: the parenthesised entries beat only the unbeaten lead card.
    assert lay([target + "S", rank + "S"]).best.method == "OL"
    beaten_first = lay([target + "S", "AC", rank + "S"], {1: "C"})
    assert beaten_first.winner() == 1
    assert english(beaten_first.verdicts[2]).startswith(f"{C(rank + 'S').pretty()} does not")
    # Not on a card that was not led (row 20: K♠ may not one-less the 10♠).
    assert lay(["JS", "10S", "KS"]).winner() == 1


def test_other_suits_only_same_rank_and_eights():
    # §2.4: across suits (no trumps) a card beats only the same rank; an eight beats every rank.
    assert lay(["9S", "9H"]).best.method == "SR"
    assert lay(["9S", "10H"]).winner() == 0
    assert lay(["AS", "8H"]).regime == "chain"


def test_trump_must_outrank_and_never_beats_an_eight():
    # §2.5: a trump of another suit beats only a lower non-eight (row 23: 9♣ does not beat K♠).
    assert lay(["KS", "9C"], {1: "C"}).winner() == 0
    assert lay(["KS", "10C"], {1: "C"}).best.method == "T"
    assert lay(["8S", "AC"], {1: "C"}).winner() == 0


def test_trump_in_its_own_suit_follows_the_table():
    # §2.5 / §2.9 #11: a trump 10♠ on a 6♠ is judged by the table: it does not beat.
    assert lay(["6S", "10S"], {1: "S"}).winner() == 0


def test_senior_junior_classes():
    # §1.2 set-up 5: senior beats junior and ordinary, junior beats ordinary only; same rank beats any class.
    def sj(cards):
        trick = Trick(setup="senior-junior")
        for seat, text in enumerate(cards):
            card = C(text)
            trick.add(Play(seat, card, {3: 2, 1: 1}.get(card.suit, 0)))
        return trick

    assert sj(["9D", "10S"]).best.method == "T"
    assert sj(["9S", "AD"]).winner() == 0
    assert sj(["9H", "10D"]).best.method == "T"
    assert sj(["9S", "9H"]).best.method == "SR"


# ---- §2.6: precedence and tie-breaks ----------------------------------------------------------
def test_precedence_a_over_t_over_sr_over_ol():
    # §2.6.1: A > T (row 5), T > SR (row 10), T > OL (row 18), SR > OL, A > OL (row 19).
    assert lay(["6S", "JS", "10C", "QS"], {2: "C"}).winner() == 3
    assert lay(["6S", "JS", "10C", "6C"], {2: "C"}).winner() == 2
    assert lay(["JS", "9S", "10C", "6C"], {2: "C"}).winner() == 2
    assert lay(["JS", "9S", "JH"]).winner() == 2
    assert lay(["JS", "9S", "10S"]).winner() == 2


def test_tie_breaks_within_a_method():
    # §2.6.1: A — the highest in rank order (row 13); SR — a trump beats an ordinary one (row 12), else the
    # later (row 11); T — higher rank; OL — the last card of the chain (row 21).
    assert lay(["7S", "10S", "JS"]).winner() == 1
    assert lay(["6S", "6C", "10C", "6H"], {1: "C"}).winner() == 1
    assert lay(["6S", "6C", "10C", "6H"]).winner() == 3
    assert lay(["7S", "AC", "9H"], {1: "C", 2: "H"}).winner() == 1
    assert lay(["KS", "QS", "JS", "9S"]).winner() == 3


def test_six_in_a_option():
    # §2.9 #14: by default a six beating upward counts lowest; with six_in_A=chain it takes over what it beats.
    assert lay(["7S", "10S", "6S"]).winner() == 1
    assert lay(["7S", "10S", "6S"], six_in_a="chain").winner() == 2


def test_eight_chain_rows():
    # §2.6.1 item 2, rows 6-8 and 14-16: the chain, its anchor and the change of main suit.
    assert lay(["6S", "8S", "QS", "7C"]).winner() == 2
    row7 = lay(["6S", "8S", "KS", "7C"])
    assert row7.winner() == 0 and row7.holder is None
    assert lay(["6S", "8S", "QS", "AS"]).winner() == 0
    assert lay(["7S", "8S", "JS", "9S"]).winner() == 1
    row15 = lay(["8S", "9S", "8C", "QC"])
    assert row15.winner() == 3 and SUITS[row15.main_suit] == "C"
    assert lay(["8S", "8C", "QC", "10C"]).winner() == 3


def test_eight_must_beat_the_winning_card():
    # §2.9 #13: an 8♠ cannot take over from a Q♠ that beat the 6♠.
    trick = lay(["6S", "QS", "8S"])
    assert trick.regime == "normal" and trick.winner() == 1


def test_eight_anchor_option():
    # §2.9 #12: R2 (default) clears the anchor on an off-suit eight; R1 keeps the card the eight beat.
    r2 = lay(["6S", "8H", "KH"])
    assert r2.anchor is None and r2.winner() == 2
    r1 = lay(["6S", "8H", "KH"], eight_anchor="R1")
    assert str(r1.anchor.card) == "6S" and r1.winner() == 0


def test_verdict_text_explains_precedence():
    # The table and the rules page show the engine's reasons (issue: "the engine can explain each verdict"), as
    # messages: in words, no method letters; cards as card values, ranks in the reader's notation.
    trick = lay(["6S", "JS", "10C", "QS"], {2: "C"})
    assert english(trick.verdicts[3]) == (
        "Q♠ beats 6♠: a higher card of the same suit; the trump 10♣ no longer holds the trick"
    )
    assert english(trick.summary()) == "Q♠ beats 6♠ and takes the trick"
    assert Renderer("ru", game="ass").render(trick.verdicts[1]) == "В♠ не бьёт 6♠: по таблице битья так нельзя"
    assert english(lay(["6S", "JS", "10S", "QH"]).summary()) == "Nobody beat 6♠: the leader takes the trick"


@pytest.mark.parametrize("row", SEED_EXAMPLES, ids=[f"row{r[0]}" for r in SEED_EXAMPLES])
def test_every_verdict_is_a_message_in_both_languages(row):
    # §2.8: the verdicts and summary of every seed row have their keys in every catalog and no jargon.
    _, cards, trump, owner, _ = row
    trick = lay(list(cards), {owner: trump} if trump else None)
    said = [*trick.verdicts, trick.summary()]
    assert problems(said, "ass") == []
    for text in (english(said), Renderer("ru", game="ass").render(said)):
        assert "method" not in text and "seat" not in text and "(A)" not in text


# ---- §2.3: legal play --------------------------------------------------------------------------
def test_follow_main_suit_or_beat():
    # §2.3: a non-beater must follow the main suit; cards that beat are always allowed.
    game = new_game([["6S", "AD", "KD", "QD"], ["JS", "10S", "6C", "QS"]], dealer=1)
    bet_all(game)
    assert game.to_act() == (0,)
    game.apply(0, "play 6S")
    assert sorted(game.legal_actions(1)) == ["play 10S", "play 6C", "play JS", "play QS"]
    with pytest.raises(IllegalAction):
        game.apply(1, "play 7H")


def test_off_suit_card_refused_with_a_reason():
    # §2.3: holding the main suit, an off-suit card that does not beat is refused, with the reason.
    game = new_game([["6S", "AD", "KD", "QD"], ["JS", "7C", "9C", "10C"]], dealer=1)
    bet_all(game)
    game.apply(0, "play 6S")
    assert "play 7C" not in game.legal_actions(1)
    reason = game.explain(1, "play 7C")
    assert english(reason, seat=1) == (
        "Play a card of the main suit ♠ (you hold one) or beat: 7♣ does not beat 6♠: another suit, neither a trump "
        "nor the same rank."
    )
    with pytest.raises(IllegalAction) as refused:
        game.apply(1, "play 7C")
    assert refused.value.reason == reason and refused.value.reason["key"] == "ass.reason.follow"


def test_eight_void_rule():
    # §2.3: an off-suit eight may be played only by a player void in the main suit.
    game = new_game([["6S", "AD", "KD", "QD"], ["JS", "8C", "9C", "10C"]], dealer=1)
    bet_all(game)
    game.apply(0, "play 6S")
    assert "play 8C" not in game.legal_actions(1)
    assert "hold no ♠" in english(game.explain(1, "play 8C"))
    void = new_game([["6S", "AD", "KD", "QD"], ["7H", "8C", "9C", "10C"]], dealer=1)
    bet_all(void)
    void.apply(0, "play 6S")
    assert "play 8C" in void.legal_actions(1)


def test_follow_the_changed_main_suit():
    # §2.3: after an off-suit eight beats, the main suit is the eight's suit.
    game = new_game([["8S", "AD", "KD", "QD"], ["8C", "7H", "9H", "10H"], ["7C", "9S", "6H", "JH"]], dealer=2)
    bet_all(game)
    game.apply(0, "play 8S")
    game.apply(1, "play 8C")
    assert sorted(game.legal_actions(2)) == ["play 7C"]


def test_must_beat_option():
    # §2.3 [DECISION must_beat]: with the option on, a player who can beat must.
    game = new_game([["7S", "AD", "KD", "QD"], ["JS", "6C", "9C", "10C"]], {"must_beat": True}, dealer=1)
    bet_all(game)
    game.apply(0, "play 7S")
    assert game.legal_actions(1) == ["play JS"]


# ---- §2.2: dealing, leading, drawing, bets -----------------------------------------------------
def test_lowest_diamond_leads_in_game_order():
    # §2.2.6 and §2.9 #20: K♦ is below 10♦.
    game = new_game([["10D", "6S", "7S", "9S"], ["KD", "6H", "7H", "9H"]], dealer=1)
    assert game.first_leader == 1


def test_no_diamond_left_of_dealer_leads():
    # §2.2.6: nobody holds a diamond → the player left of the dealer.
    game = new_game([["6S", "7S", "9S", "JS"], ["6H", "7H", "9H", "JH"], ["6C", "7C", "9C", "JC"]], dealer=1)
    assert game.first_leader == 2


def test_bets_in_turn_from_the_first_leader_and_public():
    # §2.2.5 [DECISION]: bets clockwise from the leader; everybody sees them.
    game = new_game([["6S", "7S", "9S", "JS"], ["6D", "7H", "9H", "JH"], ["6C", "7C", "9C", "JC"]], dealer=0)
    assert game.to_act() == (1,)
    game.apply(1, "bet go")
    assert game.to_act() == (2,)
    game.apply(2, "Bet No")
    assert "bet: go" in [english(tag) for tag in game.view(0)["seats"][1]["tags"]]
    assert game.view(None)["extra"]["bets"] == [None, "go", "no"]


def test_drawing_winner_first_until_the_stock_runs_short():
    # §2.2.4: after each trick everyone draws one, the winner first, from the top of the stock.
    game = new_game([["6S", "AD", "KD", "QD"], ["QS", "7C", "9C", "10C"]], dealer=1)
    stock = list(game.stock)
    bet_all(game)
    game.apply(0, "play 6S")
    game.apply(1, "play QS")
    assert stock[0] in game.hands[1] and stock[1] in game.hands[0]
    assert len(game.hands[0]) == len(game.hands[1]) == 4


def test_whole_deck_is_played_with_drawing_and_four_tricks_without():
    # §2.2.4: 2/3/4 players play 18/12/9 tricks; without drawing a deal is 4 tricks.
    for players, tricks in ((2, 18), (3, 12), (4, 9)):
        game = DECL.new(players, {"trumps": "none", "five_six_players": players > 4}, 7)
        _play_one_deal(game)
        assert sum(e["event"] == "trick" for e in game.events) == tricks
    game = DECL.new(4, {"trumps": "none", "draw_after_trick": False}, 7)
    _play_one_deal(game)
    assert sum(e["event"] == "trick" for e in game.events) == 4


def _play_one_deal(game: AssGame, seed: int = 0) -> dict:
    rng = random.Random(seed)
    start = len(game.events)
    while not any(e["event"] == "hand" for e in game.events[start:]):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return next(e for e in game.events[start:] if e["event"] == "hand")


# ---- §2.7: points, combinations, targets, banks -------------------------------------------------
def test_combinations_inside_a_trick():
    # §2.7.1: Q+K 25, J+Q 15, K+Q+J 26, four of a suit +10 (on top of the pairs).
    assert trick_bonus(parse_cards(["QS", "KS"]), "trick")[0] == 25 - 8
    assert trick_bonus(parse_cards(["QS", "JS"]), "trick")[0] == 15 - 4
    assert trick_bonus(parse_cards(["QS", "KH"]), "trick")[0] == 0
    assert trick_bonus(parse_cards(["KS", "QS", "JS", "9S"]), "trick")[0] == 17 + 10
    assert trick_bonus(parse_cards(["KS", "QS"]), "off")[0] == 0


TARGETS = {2: (44, 68), 3: (56, 80), 4: (68, 92), 5: (80, 104), 6: (92, 116)}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_targets_and_bank_changes(players):
    # §2.7.2: go −1/+1, no −1/0 against the targets per player count; points add up to 184 + bonuses.
    for seed in range(3):
        game = DECL.new(
            players, {"trumps": "none", "trump_choice": "assign", "five_six_players": players > 4}, seed, dealer=0
        )
        before = list(game.banks)
        hand = _play_one_deal(game, seed)
        for seat in range(players):
            go, no = TARGETS[players]
            target = go if hand["bets"][seat] == "go" else no
            assert hand["targets"][seat] == target
            made = hand["points"][seat] >= target
            want = -1 if made else (1 if hand["bets"][seat] == "go" else 0)
            assert hand["banks"][seat] - before[seat] == want


def test_deal_points_are_184_plus_bonuses():
    # §2.7.1 (property): every deal's points add up to the deck's 184 plus the combination bonuses.
    for seed in range(20):
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        scope = rng.choice(["trick", "deal_pile", "off"])
        game = DECL.new(
            players,
            {"trumps": rng.choice(["own", "none", "two"]), "combo_scope": scope, "five_six_players": players > 4},
            seed,
        )
        bonus = 0
        for _ in range(400):
            if game.is_over:
                break
            seat = game.to_act()[0]
            for event in game.apply(seat, rng.choice(game.legal_actions(seat))):
                if event["event"] == "trick":
                    bonus += event["bonus"]
                if event["event"] == "hand":
                    assert sum(event["points"]) == 184 + bonus + sum(event["bonus"])
                    bonus = 0


def test_six_player_no_target_option():
    # §2.7.2 / §2.9 #5: the seed's 128 is available behind the option.
    game = DECL.new(6, {"six_player_no_target": 128, "trumps": "none", "five_six_players": True}, 1)
    assert game.view(0)["extra"]["target_table"] == {"go": 92, "no": 128}


def _ended(banks: list[int], limit: int = 6, all_at_limit: bool = False) -> dict | None:
    game = DECL.new(len(banks), {"trumps": "none", "five_six_players": len(banks) > 4}, 0)
    game.banks = list(banks)
    game.all_at_limit = all_at_limit
    return game._game_end()


def test_game_end_cases():
    # §2.7.4: 0 banks wins; six loses and the fewest win; both at once; ties are co-winners.
    assert _ended([3, 2, 4]) is None
    assert _ended([0, 2, 4])["winners"] == [0] and _ended([0, 2, 4])["losers"] == [2]
    assert _ended([0, 0, 4])["winners"] == [0, 1]
    lost = _ended([6, 2, 2])
    assert lost["losers"] == [0] and lost["winners"] == [1, 2]
    both = _ended([0, 6, 3])
    assert both["winners"] == [0] and both["losers"] == [1]


def test_all_at_six_plays_on_until_counts_differ():
    # §2.7.4: everybody at six in the same deal → nobody loses yet; the first difference decides.
    assert _ended([6, 6, 6]) is None
    assert _ended([7, 7, 7], all_at_limit=True) is None
    end = _ended([6, 7, 7], all_at_limit=True)
    assert end["winners"] == [0] and end["losers"] == [1, 2]


def test_game_ends_and_banks_on_the_sheet():
    # §2.7.4 end to end: a game from 1 bank each ends after the first deal someone drops it.
    game = DECL.new(2, {"trumps": "none", "start_banks": 1}, 3)
    play_randomly(game, 3)
    sheet = game.view(0)["sheet"]
    assert [english(c) for c in sheet["totals"]] == ["Banks"] + [str(b) for b in game.banks]
    assert english(sheet["columns"], ["Ann", "Bob"], seat=1) == "Hand Ann You"
    made = [c for row in sheet["rows"] for c in row[1:]]
    assert all(c["key"].startswith("ass.sheet.") and c["bet"]["key"] in ("ass.bet.go", "ass.bet.no") for c in made)
    assert len(sheet["rows"]) == game.hand_no
    assert set(game.result()["winners"]) == {s for s, b in enumerate(game.banks) if b == min(game.banks)}


def test_start_banks_must_be_below_lose_banks():
    # §2.1 / options: a table cannot start at or above the losing count.
    with pytest.raises(OptionError):
        DECL.new(3, {"start_banks": 6, "lose_banks": 6}, 0)


def test_start_banks_from_a_scenario():
    # FORMAT.md: ``start.banks`` sets the banks before the first hand.
    game = new_game([["6S", "7S", "9S", "JS"], ["6D", "7H", "9H", "JH"]], start={"banks": [1, 5]})
    assert game.banks == [1, 5]


# ---- §2.2: dealers, trumps ---------------------------------------------------------------------
def test_next_dealer_is_the_previous_first_leader():
    # §2.2.1: the dealer of the next deal led the first trick of the previous one; then left of dealer leads.
    game = DECL.new(3, {"trumps": "none"}, 11)
    first_leader = game.first_leader
    _play_one_deal(game)
    if not game.is_over:
        assert game.dealer == first_leader
        assert game.first_leader == (first_leader + 1) % 3


@pytest.mark.parametrize("setup,needed", [("own", 3), ("one", 1), ("two", 2)])
def test_trump_choice_in_turn_from_left_of_dealer(setup, needed):
    # §1.2 [DECISION]: suits chosen in turn from the player left of the dealer, before the deal.
    game = DECL.new(3, {"trumps": setup}, 5, dealer=2)
    assert game.phase == "trump" and game.to_act() == (0,)
    assert sorted(game.legal_actions(0)) == ["trump C", "trump D", "trump H", "trump S"]
    for i in range(needed):
        seat = game.to_act()[0]
        assert seat == i
        game.apply(seat, "trump " + "SHCD"[i])
    assert game.phase == "bet"
    trump = next(e for e in game.events if e["event"] == "trump")
    if setup == "own":
        assert trump["trumps"] == ["S", "H", "C"]
    else:
        assert trump["trumps"] == ["SHCD"[:needed]] * 3
    assert english(game.view(0)["seats"][0]["tags"][0]).startswith("trump")


def test_taken_suit_is_refused():
    # §1.2 set-up 1: each player takes an unused suit; the refusal says why.
    game = DECL.new(2, {}, 5, dealer=1)
    game.apply(0, "trump S")
    assert english(game.explain(1, "trump S")) == "♠ is already taken: choose ♣, ♦ or ♥."


def test_assigned_trumps_are_drawn_and_distinct():
    # §1.2 [DECISION]: trump_choice=assign draws different suits for the players.
    game = DECL.new(4, {"trump_choice": "assign"}, 9)
    suits = game.trumps.per_seat()
    assert game.phase == "bet" and sorted(suits) == ["C", "D", "H", "S"]


# ---- views, explorer, rules page, bots ---------------------------------------------------------
def test_hand_is_sorted_in_game_order():
    # §1.1: the hand is shown in the game's rank order (K below 10 below A).
    game = new_game([["AS", "10S", "KS", "6S"], ["6D", "7H", "9H", "JH"]])
    assert game.view(0)["hand"] == ["6S", "KS", "10S", "AS"]


def test_explorer_gives_the_table_texts():
    # §2.8 row 5 in the explorer: the same sentence the table shows.
    result = explore(
        {"trumps": "own"}, 4, [[0, "6S"], [1, "JS"], [2, "10C"], [3, "QS"]], {"trumps": ["S", "D", "C", "H"]}
    )
    assert result["winner"] == 3
    assert english(result["steps"][3]["verdict"]) == (
        "Q♠ beats 6♠: a higher card of the same suit; the trump 10♣ no longer holds the trick"
    )
    assert english(result["summary"]) == "Q♠ beats 6♠ and takes the trick"
    assert result["steps"][1]["beats"] is False and result["steps"][2]["beats"] is True


def test_explorer_next_seat_and_refusals():
    # docs/engine.md explorer: what the next seat may lay; out-of-turn plays refused.
    result = explore({}, 3, [[0, "JS"]], {"trumps": ["", "", ""]})
    assert result["next"]["seat"] == 1
    assert "9S" in result["next"]["beats"] and "JH" in result["next"]["beats"]
    assert "7H" not in result["next"]["legal"]
    refused = explore({}, 3, [[0, "JS"], [2, "QS"]], {})
    assert refused["steps"][1]["legal"] is False
    assert refused["steps"][1]["reason"] == msg("common.reason.not_your_turn", seat=seat_of(1))


def test_rules_tables_come_from_the_engine():
    # §2.4 and §2.8 on the rules page: cells built from the engine's own tables, in English and Russian.
    doc = rules({}, rules_words("en"))
    beats = next(t for s in doc["sections"] for t in s["tables"] if t["id"] == "beat-table")
    six = beats["rows"][0]
    assert six[0] == "6" and six[1] == "7 9 J K 10 A" and six[4] == "8 Q"
    nine = beats["rows"][3]
    assert nine[2] == {"text": "J", "mark": "lead-only"}
    examples = next(t for s in doc["sections"] for t in s["tables"] if t["id"] == "seed-examples")
    assert [r[6] for r in examples["rows"]] == [f"P{row[4] + 1}" for row in SEED_EXAMPLES]
    assert english(examples["rows"][4][7]) == (
        "J♠ does not beat 6♠: the beat table does not allow it. 10♣ beats 6♠: a trump of a higher rank. Q♠ beats 6♠: "
        "a higher card of the same suit; the trump 10♣ no longer holds the trick. Q♠ beats 6♠ and takes the trick."
    )
    ru = rules({"trumps": "senior-junior"}, rules_words("ru"))
    assert ru["sections"][0]["title"] == "Сдача"
    assert len(ru["sections"]) == len(doc["sections"])
    ru_examples = next(t for s in ru["sections"] for t in s["tables"] if t["id"] == "seed-examples")
    assert (
        Renderer("ru", game="ass")
        .render(ru_examples["rows"][0][7])
        .startswith("В♠ не бьёт 6♠: по таблице битья так нельзя.")
    )


def test_normal_bot_plays_legal_moves_and_beats_random():
    # Issue: the normal (heuristic) bot plays only legal moves and beats random bots (two players, 20 seeded games).
    bot = DECL.bots["normal"]
    wins = 0
    for seed in range(20):
        game = DECL.new(2, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            chooser = bot if seat == seed % 2 else DECL.bots["random"]
            action = chooser.choose(game.view(seat), legal, rng)
            assert action in legal
            game.apply(seat, action)
        wins += seed % 2 in game.result()["winners"]
    assert wins >= 14


@pytest.mark.parametrize("setup", ["own", "none", "one", "two", "senior-junior"])
def test_full_game_with_each_trump_setup(setup):
    # Done-when: a full game with each trump set-up plays to its end; invariants hold; replay identical.
    game = DECL.new(4, {"trumps": setup}, 21)
    play_randomly(game, 21, check_every=7)
    check_invariants(game)
    assert game.result()["winners"]
    assert_replay_identical(game)


def test_pairs_of_any_suit_option():
    # §2.7.1 [DECISION combo_same_suit]: off, a queen pairs with a king or jack of any suit.
    assert trick_bonus(parse_cards(["QS", "KH"]), "trick", same_suit=False)[0] == 17
    assert trick_bonus(parse_cards(["QS", "KH", "QD", "JC"]), "trick", same_suit=False)[0] == 17 + 11


def test_trumps_chosen_again_each_deal_option():
    # §2.9 #27: with trump_each_deal the suits are chosen anew before every deal, from left of the new dealer.
    game = DECL.new(2, {"trump_each_deal": True}, 4, dealer=0)
    game.apply(1, "trump S")
    game.apply(0, "trump H")
    _play_one_deal(game)
    if not game.is_over:
        assert game.phase == "trump" and game.to_act() == ((game.dealer + 1) % 2,)
        assert game.hand_deal.hands[0] and not game.hands[0]
    kept = DECL.new(2, {}, 4, dealer=0)
    kept.apply(1, "trump S")
    kept.apply(0, "trump H")
    _play_one_deal(kept)
    assert kept.is_over or (kept.phase == "bet" and kept.trumps.per_seat() == ["H", "S"])


# ---- what a player reads: messages (docs/messages.md) ------------------------------------------
NAMES = ["Ann", "Bob", "Cat"]


def test_status_speaks_to_the_reader_and_names_the_others():
    # Trump choice, bets and play: "you" for the seat to act, the others by name; two sentences while following.
    game = DECL.new(3, {}, 5, dealer=2)
    assert english(game.view(0)["status"], NAMES, 0) == "Choose your trump suit: ♣, ♦, ♥ or ♠."
    assert english(game.view(1)["status"], NAMES, 1) == "Ann is choosing a trump suit: ♣, ♦, ♥ or ♠."
    ru = Renderer("ru", ["Аня", "Боря", "Катя"], 1, "ass").render(game.view(1)["status"])
    assert ru == "Аня выбирает козырную масть: ♣, ♦, ♥ или ♠."
    for s, suit in enumerate("SHC"):
        game.apply(s, f"trump {suit}")
    leader = game.to_act()[0]
    assert english(game.view(leader)["status"], NAMES, leader).startswith("Bet go (target 56;")
    bet_all(game)
    assert english(game.view(leader)["status"], NAMES, leader) == "Lead any card."
    game.apply(leader, game.legal_actions(leader)[0])
    nxt = game.to_act()[0]
    status = game.view(nxt)["status"]
    assert isinstance(status, list) and len(status) == 2
    assert english(status[1], NAMES, nxt) == f"{NAMES[leader]} would take the trick now."
    assert english(game.view(leader)["status"][1], NAMES, leader) == "You would take the trick now."
    assert english(game.view(leader)["table"]["label"]).startswith("main suit ")


def test_tags_labels_and_sheet_are_messages_with_plurals():
    # Seat tags: trumps, bets, banks (1 bank, 2 banks; 1 банка, 2 банки, 5 банок), the dealer as common.tag.dealer.
    game = new_game([["6S", "7S", "9S", "JS"], ["6D", "7H", "9H", "JH"]], dealer=0, start={"banks": [1, 5]})
    tags = game.view(0)["seats"]
    assert [english(t, NAMES, 0) for t in tags[0]["tags"]] == ["no trump", "1 bank", "you deal"]
    assert [english(t, NAMES, 0) for t in tags[1]["tags"]] == ["no trump", "5 banks"]
    ru = Renderer("ru", NAMES, 1, "ass")
    assert [ru.render(t) for t in tags[1]["tags"]] == ["без козыря", "5 банок"]
    assert ru.render(msg("ass.tag.banks", n=2)) == "2 банки" and ru.render(msg("ass.tag.banks", n=21)) == "21 банка"
    for view in (game.view(None), game.view(0), game.view(1)):
        assert prose_in(view) == [] and problems(view, "ass") == []


def test_events_and_the_last_trick_carry_verdict_messages():
    # The play and trick events keep FORMAT.md's data keys; their verdicts are messages, never sentences.
    game = new_game([["6S", "AD", "KD", "QD"], ["QS", "7C", "9C", "10C"]], dealer=1)
    bet_all(game)
    game.apply(0, "play 6S")
    events = game.apply(1, "play QS")
    trick = next(e for e in events if e["event"] == "trick")
    assert trick["cards"] == [[0, "6S"], [1, "QS"]] and trick["winner"] == 1 and trick["points"] == 2
    assert english(trick["verdict"]) == "Q♠ beats 6♠ and takes the trick"
    assert english(events[0]["verdict"]) == "Q♠ beats 6♠: a higher card of the same suit"
    last = game.view(0)["last_trick"]
    assert english(last["label"]) == "Last trick" and last["verdict"] == trick["verdict"]
    assert Renderer("ru", game="ass").render(last["verdict"]) == "Д♠ бьёт 6♠ и берёт взятку"


def test_combinations_are_named_by_messages():
    # §2.7.1: Q+K♠ and "four ♠" name ranks and suits as values (Д+К♠ in Russian).
    bonus, combos = trick_bonus(parse_cards(["KS", "QS", "JS", "9S"]), "trick")
    assert [english(c) for c in combos] == ["Q+K♠", "four ♠"]
    assert Renderer("ru", game="ass").render(combos[0]) == "Д+К♠"
    assert english(trick_bonus(parse_cards(["QS", "KH"]), "trick", same_suit=False)[1]) == "Q+K"


def test_refusals_are_messages_in_every_phase():
    # Each phase's refusal is a message whose key every catalog has.
    game = DECL.new(2, {}, 5, dealer=1)
    assert english(game.explain(0, "bet go")) == "Choose your trump suit first."
    game.apply(0, "trump S")
    game.apply(1, "trump H")
    seat_now = game.to_act()[0]
    assert english(game.explain(seat_now, "play 6S")) == "Bet first: go or no."
    assert english(game.explain(seat_now, "bet maybe")) == "A bet is go or no."
    bet_all(game)
    seat_now = game.to_act()[0]
    missing = next(c for c in make_deck(36) if c not in game.hands[seat_now])
    assert english(game.explain(seat_now, f"play {missing}")) == f"You do not hold {missing.pretty()}."
    assert english(game.explain(seat_now, "bet go")) == "Now play a card."
    assert problems([game.explain(s, a) for s in (0, 1) for a in ("play 6S", "trump X", "bet no")], "ass") == []
