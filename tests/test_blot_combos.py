"""Blot combinations: detection, the best non-overlapping decomposition, comparison, belote (rulings blot.md §2.8)."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games.blot.combos import belote_holder, comparison, find_combinations, team_points, winning_team
from tests.test_blot_support import NAMES, auction, new_game, play_out_hand, said


def combos(hand: str, strain: str = "S", cap: bool = False) -> list[tuple[str, int, str]]:
    """(name, points, cards) of the counted combinations, strongest first."""
    return [
        (c.name, c.points, " ".join(map(str, c.cards)))
        for c in find_combinations(parse_cards(hand.split()), strain, cap)
    ]


def total(hand: str, strain: str = "S", cap: bool = False) -> int:
    return sum(points for _, points, _ in combos(hand, strain, cap))


# §2.8: tierce 2, 50 = 5, 100 = 10, in the natural order 7 8 9 10 J Q K A (not the trump order).
def test_sequences_in_natural_order():
    assert combos("7S 8S 9S QD AC 10H KH 8C") == [("tierce", 2, "7S 8S 9S")]
    assert combos("9H 10H JH QH 7C 9C JD AS") == [("50", 5, "9H 10H JH QH")]
    assert combos("10D JD QD KD AD 7C 9C 8S") == [("100", 10, "10D JD QD KD AD")]
    assert combos("7C 9C JC KC 7D 9D JD KD") == []


# §2.8 seed example: {7♥ 8♥ 9♥ 10♥} holds a 50 and two tierces, but only the 50 counts.
def test_seed_example_one_fifty_not_two_tierces():
    assert combos("7H 8H 9H 10H QC AS KD 9C") == [("50", 5, "7H 8H 9H 10H")]


# §2.8 seed example: {8♥ 9♥ 10♥, 10♣ J♣ Q♣} are two tierces that do not cross: both count.
def test_seed_example_two_tierces():
    assert total("8H 9H 10H 10C JC QC 7S AD") == 4


# §2.8 DECISION: no overlaps, the best total; a 6- or 7-run is 10, an 8-run is 100 + tierce = 12.
def test_long_runs_uncapped():
    assert total("7H 8H 9H 10H JH QH AS AC") == 10
    assert total("7H 8H 9H 10H JH QH KH AC") == 10
    assert combos("7H 8H 9H 10H JH QH KH AH") == [("100", 10, "10H JH QH KH AH"), ("tierce", 2, "7H 8H 9H")]


# option long_run_cap: every run of five or more is one 100.
def test_long_run_cap_option():
    assert combos("7H 8H 9H 10H JH QH KH AH", cap=True) == [("100", 10, "7H 8H 9H 10H JH QH KH AH")]


# §2.8: four of a kind — J 20, 9 14 (no-trump 10), A 10 (no-trump 19), K Q 10 = 10, 8 = 0, no sevens.
def test_four_of_a_kind_values():
    assert total("JC JD JH JS 7C 9D QH AS") == 20
    assert total("9C 9D 9H 9S 7C JD QH AS") == 14
    assert total("9C 9D 9H 9S 7C JD QH AS", "NT") == 10
    assert total("AC AD AH AS 7C JD QH 9S") == 10
    assert total("AC AD AH AS 7C JD QH 9S", "NT") == 19
    for rank in ("K", "Q", "10"):
        assert total(f"{rank}C {rank}D {rank}H {rank}S 7C 9D 8H 8S") == 10
    assert combos("8C 8D 8H 8S 7C JD QH AS") == [("four of a kind", 0, "8C 8D 8H 8S")]
    assert combos("7C 7D 7H 7S 9C JD QH AS") == []


# §2.8 DECISION: a card counts once; the decomposition with the most points wins.
def test_four_of_a_kind_against_a_run_through_it():
    assert combos("JC JD JS JH 9H 10H QH KH") == [("four of a kind", 20, "JC JD JH JS")]
    assert total("QC QD QS 8H 9H 10H JH QH") == 15
    assert combos("8C 8D 8S 8H 7H 9H KC AD") == [("tierce", 2, "7H 8H 9H")]


# §2.8 comparison step 1: four of a kind > 100 > 50 > tierce, whatever the ranks.
def test_class_decides_first():
    hands = [parse_cards(h.split()) for h in ("QC QD QH QS 7D 9C JS AD", "10H JH QH KH AH 7C 9S 8D")]
    found = [find_combinations(h, "S") for h in hands] + [[], []]
    assert winning_team(found, 0) == 0


# §2.8 step 2: fours by rank 8 > J > 9 > A > 10 > K > Q — four eights beat four jacks.
def test_four_eights_are_strongest():
    eights = find_combinations(parse_cards("8C 8D 8H 8S 7C 9D QH AS".split()), "S")
    jacks = find_combinations(parse_cards("JC JD JH JS 7D 9C QS AH".split()), "S")
    assert winning_team([jacks, eights, [], []], 0) == 1
    assert team_points([jacks, eights, [], []], 1) == [0, 0]


# §2.8 step 3: same class, the higher top card; step 4: same top, the sequence in trumps.
def test_top_card_then_trump():
    to_king = find_combinations(parse_cards("JD QD KD 7C 9C 7S 9H AH".split()), "S")
    to_queen = find_combinations(parse_cards("10S JS QS 8C 10C 8D 10D 7H".split()), "S")
    assert winning_team([to_king, to_queen, [], []], 0) == 0
    plain_king = find_combinations(parse_cards("JD QD KD 7C 9C 7S 9H AH".split()), "H")
    trump_king = find_combinations(parse_cards("JH QH KH 8C 10C 8D 10D 7S".split()), "H")
    assert winning_team([plain_king, trump_king, [], []], 0) == 1


# §2.8 step 5 DECISION: equal and neither in trumps — the first to announce from the trick-1 leader.
def test_equal_combinations_go_to_the_first_announcer():
    first = find_combinations(parse_cards("JD QD KD 7C 9C 7S 9H AH".split()), "S")
    second = find_combinations(parse_cards("JC QC KC 8D 10D 8S 10S 7H".split()), "S")
    assert winning_team([first, second, [], []], 0) == 0
    assert winning_team([first, second, [], []], 1) == 1


# §2.8: the winning team counts all combinations of both partners; the other team none.
def test_winning_team_counts_both_partners():
    fifty = find_combinations(parse_cards("9H 10H JH QH 7C 9C JD AS".split()), "S")
    tierce = find_combinations(parse_cards("7D 8D 9D QC AC 8S 10S KH".split()), "S")
    other = find_combinations(parse_cards("JC QC KC 7S 9S 8H 10H AD".split()), "S")
    held = [fifty, other, tierce, []]
    assert winning_team(held, 0) == 0
    assert team_points(held, 0) == [7, 0]


# §2.8: belote is king and queen of trumps in one hand, trump contracts only.
def test_belote_holder():
    hands = [parse_cards(h.split()) for h in ("KS QS 7C 8C 9C 10C JC QC", "KH 7D", "QH 8D", "9S 9D")]
    assert belote_holder(hands, "S") == 0
    assert belote_holder(hands, "H") is None
    assert belote_holder(hands, "NT") is None


# §2.8: belote always counts, even for the team whose combinations lost the comparison; it is said on its cards.
def test_belote_counts_for_the_team_that_lost_the_comparison():
    hands = [
        "KS QS 7C 9C JC KC 8H 10H",
        "7D 8D 9D 10D JD QD KD AD",
        "AS JS 9S 7S 8C 10C QC AC",
        "7H 9H JH QH KH AH 8S 10S",
    ]
    game = new_game(hands, dealer=3)
    auction(game, "bid 8 S", "pass", "pass", "pass")
    hand = play_out_hand(game)
    comparison = next(e for e in game.events if e["event"] == "combinations")
    assert comparison["team"] == 1 and "points" not in comparison
    assert hand["combinations"] == [2, 17]
    belotes = [e for e in game.events if e["event"] == "belote"]
    assert [e["word"] for e in belotes] == ["belote", "rebelote"]
    name = NAMES[belotes[0]["seat"]]
    assert [said(e["msg"]) for e in belotes] == [f"belote ({name})", f"rebelote ({name})"]
    assert [said(e["msg"], seat=e["seat"]) for e in belotes] == ["your belote", "your rebelote"]


# The comparison is public: it names the team by its players and fours in words, never as card-like tokens ("Ks").
def test_comparison_in_words():
    kings = find_combinations(parse_cards("KC KD KH KS 7D 9C JS AH".split()), "S")
    tierce = find_combinations(parse_cards("7C 8C 9C QD AD 8S 10S QH".split()), "S")
    said_now = comparison([kings, tierce, [], []], 0)
    assert said(said_now) == "Combinations count for Ann and Cid: four kings beats tierce to the 9."
    assert said(said_now, seat=2) == "Combinations count for you and Ann: four kings beats tierce to the 9."
    assert said(comparison([[], [], [], []], None)) == "Nobody has a combination."
    assert said(comparison([[], tierce, [], []], 1)) == "Combinations count for Bob and Dan: the other team has none."
