"""The Eidex characters of ranks 9 to 6 (rulings eidex.md §1.9, §1.9.1; engine/games/eidex/characters/low.py): rule
changes as data, hidden cards, seeded draws, the conflict order among them, and random games that use every power."""

from __future__ import annotations

import random

import pytest

from engine.cards import SUITS, Card, make_deck, parse_cards
from engine.core import Deal, IllegalAction
from engine.games.eidex import DECL, EidexGame
from engine.games.eidex.characters import CHARACTERS
from engine.games.eidex.characters.low import GUGGITALER_POINTS, LOW
from engine.games.eidex.tables import HAND_POINTS
from tests.gameplay import assert_replay_identical, check_invariants, play_randomly

HANDS = [
    "6H 7H 8H AS KS QS AC KC QC AD KD QD",
    "6S 7S 8S 9S 10S JS 6C 7C 8C 9C 10C JC",
    "9H 10H JH QH KH AH 6D 7D 8D 9D 10D JD",
]
DISCARDS = [(0, "discard QD"), (1, "discard 6S"), (2, "discard 6D")]


def fixed(characters: list[str], actions: list[tuple[int, str]] = (), **options) -> EidexGame:
    """A game on the deal above (dealer 0 shows 6♥: Hearts are trump; seat 1 leads) after ``actions``."""
    deal = Deal(hands=[parse_cards(h.split()) for h in HANDS], shown=Card.parse("6H"))
    game = DECL.new(3, {"advanced": True, "characters": characters, **options}, 0, dealer=0, deal=deal)
    for seat, action in actions:
        game.apply(seat, action)
    return game


def settle(game: EidexGame) -> None:
    """Decline every open window."""
    while game.window is not None:
        game.apply(game.to_act()[0], "decline")


def hidden(game: EidexGame, seat: int | None) -> set[str]:
    return {str(c) for c in game.hidden_from(seat)}


def order(game: EidexGame, suit: str) -> list[str]:
    """The cards of ``suit`` by trick strength in force, highest first."""
    cards = [c for c in make_deck(36) if c.suit == SUITS.index(suit)]
    return [c.rank_text for c in sorted(cards, key=lambda c: -game.rules.strength[c.index])]


def test_the_sixteen_low_characters_are_registered_with_their_format_ids():  # FORMAT.md "Eidex character game"
    assert sorted(LOW) == sorted(c for c in CHARACTERS if c[:-1] in ("9", "8", "7", "6"))
    for card, cls in LOW.items():
        assert cls.__name__.lower().startswith(CHARACTERS[card].id[:5])


# ---- rules in force ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("shown", "expected"), [("6S", "8 A K Q J 10 9 7 6"), ("6H", "8 J 9 A K Q 10 7 6")])
def test_umwerter_makes_a_card_the_highest_of_its_suit(shown, expected):  # §1.9 Umwerter's two examples
    game = fixed(["9S", "8C", "6S"], [(0, "decline"), *DISCARDS])
    game.fix_trump(Card.parse(shown))
    game.apply(1, "power umwerter 8H high")
    assert order(game, "H") == expected.split()


def test_umwerters_window_waits_for_its_holder_alone():  # §1.9: "after discarding"; base.py's blocking windows
    # Nothing closes the window under Umwerter's seat while it chooses: no other seat may act then, not even one with
    # an any-time power (Voyeur), and a move of another seat is refused; only his power or his decline moves it on.
    game = fixed(["8C", "KH", "8H"], DISCARDS)
    assert game.window is not None and game.window.name == "after_discard"
    assert game.to_act() == (0,)
    assert [game.may_act(s) for s in range(3)] == [True, False, False]
    assert game.legal_actions(1) == [] and game.legal_actions(2) == []
    for seat, action in [(1, "power voyeur 0"), (1, "play 6S"), (2, "decline")]:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
    assert "power umwerter 7C low" in game.legal_actions(0)
    game.apply(0, "power umwerter 7C low")
    assert game.window is None or game.window.name != "after_discard"


def test_umwerter_card_stays_highest_under_skat():  # §1.9 conflicts: Skater (JC) first, Umwerter (8C) on top
    game = fixed(["9S", "8C", "JC"], [(0, "decline"), *DISCARDS, (1, "power umwerter 8H high"), (2, "power skat")])
    assert order(game, "H") == "8 J 9 A 10 K Q 7 6".split()
    assert order(game, "S") == "A 10 K Q J 9 8 7 6".split()


def test_umwerter_lowest_and_the_lowest_option():  # §1.9: the booklet allows lowest; option umwerter_lowest
    game = fixed(["9S", "8C", "6S"], [(0, "decline"), *DISCARDS, (1, "power umwerter AC low")])
    assert order(game, "C") == "K Q J 10 9 8 7 6 A".split()
    strict = fixed(["9S", "8C", "6S"], [(0, "decline"), *DISCARDS], umwerter_lowest=False)
    assert not any(a.endswith(" low") for a in strict.legal_actions(1))
    assert "power umwerter AC high" in strict.legal_actions(1)
    assert "power umwerter 6C high" not in strict.legal_actions(1)  # his own card


def test_umwerter_names_his_card_aloud():  # the named card is public: no seat's log hides it, its place stays unknown
    game = fixed(["9S", "8C", "6S"], [(0, "decline"), *DISCARDS])
    assert "AC" in hidden(game, 2)  # seat 0 holds it
    event = game.apply(1, "power umwerter AC low")[0]
    assert (event["name"], event["card"], event["way"]) == ("umwerter", "AC", "low")
    assert all("AC" not in hidden(game, seat) for seat in (None, 1, 2))
    assert "AC" not in game.view(2)["extra"]["private"].get("known", [])


@pytest.mark.parametrize("shown", ["7D", "7S", "AH"])
def test_black_friday_moves_points_to_the_raven_cards(shown):  # §1.9 Black Friday: the total stays 157
    game = fixed(["9S", "8C", "6S"], [(0, "decline"), *DISCARDS, (1, "decline")], ace_six_no_trump=True)
    game.fix_trump(Card.parse(shown))
    game.apply(2, "power blackfriday D")
    points = game.rules.points
    assert sum(points) + game.bonus == HAND_POINTS
    assert all(points[c.index] == 0 for c in make_deck(36) if c.suit_text == "D")
    if shown == "7D":  # the booklet's example: Stars trump and devalued
        assert [points[Card.parse(c).index] for c in ("JS", "9S", "AS")] == [22, 14, 22]


def test_guggitaler_valuation_cancels_and_bans():  # §1.9 Guggitaler
    assert sum(GUGGITALER_POINTS.values()) == 13
    game = fixed(["KC", "9S", "7H"])
    game.apply(1, "power radar 80")
    assert game.limit == 80
    assert "discard KD" not in game.legal_actions(0)
    for seat, action in DISCARDS:
        game.apply(seat, action)
    game.apply(2, "power guggitaler")
    assert (game.limit, game.bonus, sum(game.rules.points)) == (13, 0, 13)
    assert not game.is_active(game.cast[0]) and not game.is_active(game.cast[1])


def test_excuse_counts_points_under_the_valuation_in_force():  # §1.9.1 #8: "under the valuation in force"
    plays = [(1, "play 7S"), (2, "play 7D")]
    normal = fixed(["8H", "6S", "7H"], [*DISCARDS, (2, "decline"), (1, "decline"), *plays])
    assert [a for a in normal.legal_actions(0) if a.startswith("power")] == ["power excuse QC"]
    game = fixed(["8H", "6S", "7H"], [*DISCARDS, (2, "power guggitaler"), (1, "decline"), *plays])
    excuses = {a.split()[-1] for a in game.legal_actions(0) if a.startswith("power")}
    assert excuses == {"AC", "KC", "QC", "AD"}  # every card but the Star King (4) is worth 0 or 1


# ---- draws, reveals and hidden cards -------------------------------------------------------------------------------
def test_laser_draws_are_seeded_and_respect_the_bans():  # §1.9 Laser; every draw from the game's RNG
    for seed in range(20):
        game = DECL.new(3, {"advanced": True, "characters": ["9C", "7H", "8H"]}, seed)
        again = DECL.new(3, {"advanced": True, "characters": ["9C", "7H", "8H"]}, seed)
        assert game.discards == again.discards
        assert game.discards[0] is None and None not in game.discards[1:]
        assert Card.parse("KD") not in game.discards


def test_laser_draws_the_first_lead_among_the_legal_cards():  # Laser after Farbenfreund's wish (JH before 9C)
    for seed in range(10):
        deal = Deal(hands=[parse_cards(h.split()) for h in HANDS], shown=Card.parse("6H"))
        game = DECL.new(3, {"advanced": True, "characters": ["9C", "8H", "JH"]}, seed, dealer=0, deal=deal)
        game.apply(0, "discard QD")
        game.apply(2, "power farbenfreund 1 C")
        lead = next(e for e in game.events if e["event"] == "play")
        assert lead["seat"] == 1 and lead["card"].endswith("C")


def test_seher_sees_the_discards_but_lasers():  # §1.9 Seher, Laser: "Seher doesn't see Laser's discard"
    game = fixed(["9C", "9D", "8H"], [(0, "discard QD")])
    assert game.prompts and game.to_act() == (1,)
    laser, other = str(game.discards[0]), str(game.discards[2])
    assert laser in hidden(game, 1) and other not in hidden(game, 1)
    assert other in hidden(game, 0) and other in hidden(game, None)


def test_fledderer_swaps_face_down_cards_blind():  # §1.9.1 #10
    game = fixed(["9S", "7S", "6S"], [(0, "decline"), *DISCARDS, (1, "power fledderer 2 7S")])
    assert Card.parse("6D") in game.hands[1] and game.discards[2] == Card.parse("7S")
    assert "7S" not in hidden(game, 2) and "7S" in hidden(game, 0) and "6D" in hidden(game, 2)


def test_wunschelrute_names_a_card_aloud_and_the_draw_is_seeded():  # §1.9 Wünschelrute
    games = [fixed(["9S", "6H", "6S"], [(0, "decline"), (1, "power wunschelrute AH")]) for _ in range(2)]
    assert games[0].hands == games[1].hands
    game = games[0]
    assert Card.parse("AH") in game.hands[1] and len(game.hands[1]) == len(game.hands[2]) == 12
    assert all("AH" not in hidden(game, seat) for seat in (None, 0, 2))
    drawn = set(game.hands[2]) - set(parse_cards(HANDS[2].split()))
    assert len(drawn) == 1 and drawn <= set(parse_cards(HANDS[1].split()))


def test_sphinx_card_stays_hidden_until_the_hand_ends():  # §1.9.1 #2
    game = fixed(
        ["9S", "6S", "6D"], [(0, "decline"), *DISCARDS, (1, "decline"), (1, "play 7S"), (2, "power sphinx JH")]
    )
    assert "JH" in hidden(game, 0) and "JH" in hidden(game, None) and "JH" not in hidden(game, 2)
    game.apply(0, "play 8H")
    trick = next(e for e in game.events if e["event"] == "trick")
    assert trick["cards"] == [[1, "7S"], [2, None], [0, "8H"]] and trick["winner"] == 2
    assert "JH" in hidden(game, 1)
    check_invariants(game)


def test_jackpot_keeps_the_donated_card_hidden_from_its_winner():  # §1.9 Jackpot: "may not look at it"
    hands = [
        "6H 7H 8H AS KS QS AC KC QC AD KD QD",
        "6S 7S 8S 9S 10S JS 6C 7C 8C 9D 10D JD",
        "9H 10H JH QH KH AH 6D 7D 8D 9C 10C JC",
    ]
    deal = Deal(hands=[parse_cards(h.split()) for h in hands], shown=Card.parse("6H"))
    game = DECL.new(3, {"advanced": True, "characters": ["9S", "6S", "7D"]}, 0, dealer=0, deal=deal)
    for seat, action in [(0, "decline"), (2, "power jackpot 7D"), (0, "discard QD"), (1, "discard JD")]:
        game.apply(seat, action)
    game.apply(2, "discard 6D")
    assert game.discards[2] is None and "6D" in hidden(game, 0) and "6D" not in hidden(game, 2)
    for seat, action in [(1, "decline"), (1, "play 6C"), (2, "play 9C"), (0, "play AC")]:
        game.apply(seat, action)
    assert game.taken == [0, 0, 0] and game.cast[2].pile
    for seat, action in [(0, "play AD"), (1, "play 9D"), (2, "play 7D")]:
        game.apply(seat, action)
    assert game.taken[0] == 22 and Card.parse("6D") in game.won[0] and "6D" in hidden(game, 0)
    check_invariants(game)


# ---- the flow -------------------------------------------------------------------------------------------------------
def test_konsument_bars_the_card_for_this_trick_only():  # §1.9 Konsumentenschutz
    game = fixed(["8H", "8D", "9H"], [*DISCARDS, (1, "play 7S"), (2, "power konsument")])
    assert Card.parse("7S") in game.hands[1] and "play 7S" not in game.legal_actions(1)
    for seat, action in [(1, "play 8S"), (2, "play 7D"), (0, "play AS"), (0, "play KS")]:
        game.apply(seat, action)
    assert "play 7S" in game.legal_actions(1)


def test_kompass_reverses_the_turn_inside_a_trick():  # §1.9 Kompass, §1.9.1 #12
    game = fixed(["6C", "9S", "6S"], [(1, "decline"), *DISCARDS, (2, "decline"), (0, "decline"), (1, "play 7S")])
    assert game.turn == 2
    game.apply(0, "power kompass")
    assert game.turn == 0 and game.direction == -1
    game.apply(0, "power kompass")
    assert game.turn == 2 and "power kompass" not in game.legal_actions(0)


def test_korrektor_replay_scores_only_the_replayed_trick():  # §1.9 Korrektor
    game = fixed(["7C", "9S", "6S"], [(1, "decline"), *DISCARDS, (2, "decline"), (1, "play 7S"), (2, "play 7D")])
    game.apply(0, "play AS")
    game.apply(0, "power korrektor")
    assert game.trick == [] and game.taken == [0, 0, 0] and game.turn == 1 and len(game.hands[0]) == 11


def test_zombie_adds_a_trick_and_the_points_still_sum_up():  # §1.9 Zombie, §1.9.1 #4
    game = fixed(["9S", "8S", "6S"], [(0, "decline"), *DISCARDS, (2, "decline")])
    for seat, action in [
        (1, "play 7S"),
        (2, "play 7D"),
        (0, "play AS"),
        (0, "play AC"),
        (1, "play JC"),
        (2, "play 10H"),
    ]:
        game.apply(seat, action)
    game.apply(1, "power zombie")
    game.apply(2, "take 10H")
    game.apply(0, "take AS")
    assert [len(h) for h in game.hands] == [10, 10, 10] and game.discards[1] is None
    rng = random.Random(0)
    while not any(e["event"] == "hand" for e in game.events):
        seat = game.to_act()[0]
        game.apply(seat, rng.choice([a for a in game.legal_actions(seat) if a.startswith("play") or a == "decline"]))
    hand = next(e for e in game.events if e["event"] == "hand")
    assert sum(hand["points"]) == HAND_POINTS and sum(hand["tricks"]) == 12


def test_taschenspieler_needs_four_cards():  # §1.9 Taschenspieler: "while holding ≥ 4 cards"
    game = fixed(["9S", "6S", "8D"], [(0, "decline"), *DISCARDS, (1, "decline")])
    assert game.may_act(2) and 2 not in game.to_act() and "power taschenspieler 10D" in game.legal_actions(2)
    rng = random.Random(0)
    while len(game.hands[2]) > 3:
        seat = game.turn
        game.apply(seat, rng.choice([a for a in game.legal_actions(seat) if a.startswith("play")]))
    assert not any(a.startswith("power") for a in game.legal_actions(2))


# ---- conflicts -----------------------------------------------------------------------------------------------------
def test_after_discard_window_asks_in_conflict_order():  # §1.9 conflicts: 8C, 7S, 7H, 6S
    game = fixed(["8C", "7S", "7H"], DISCARDS)
    asked = []
    while game.window is not None:
        seat = game.to_act()[0]
        asked.append(game.cast[seat].id)
        game.apply(seat, "decline")
    assert asked == ["umwerter", "fledderer", "guggitaler"]


def test_trick_complete_asks_konsument_before_korrektor():  # §1.9 conflicts: 9H before 7C
    game = fixed(["8H", "7C", "9H"], [*DISCARDS, (1, "play 7S"), (2, "play 7D"), (0, "play AS")])
    assert game.to_act() == (2,) and game.window.name == "trick_complete"
    game.apply(2, "decline")
    assert game.to_act() == (1,) and "power korrektor" in game.legal_actions(1)


# ---- random play ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_low_characters_keep_every_invariant(seed):  # hidden cards, replay, cards accounted for
    rng = random.Random(seed)
    cards = rng.sample(sorted(LOW), 2) + rng.sample(sorted(set(CHARACTERS) - set(LOW)), 1)
    options = {
        "advanced": True,
        "characters": cards,
        "excuse_non_trump": seed % 2 == 0,
        "ace_six_no_trump": seed % 3 == 0,
    }
    game = DECL.new(3, options, seed)
    play_randomly(game, seed)
    assert game.is_over
    assert_replay_identical(game)


def test_every_power_of_ranks_9_to_6_is_used_in_random_play():  # issue 15: every power used at least once
    used: set[str] = set()
    cards = sorted(LOW)
    for seed in range(30):
        rng = random.Random(seed)
        game = DECL.new(3, {"advanced": True, "characters": rng.sample(cards, 3)}, seed)
        while not game.is_over and game.hand_no < 3:
            seat = rng.choice([s for s in range(3) if game.may_act(s)])
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        used.update(e["name"] for e in game.events if e["event"] == "power")
    assert {CHARACTERS[c].id for c in LOW} <= used
