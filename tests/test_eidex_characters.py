"""The Eidex character game (rulings eidex.md §1.9, §1.9.1): the character table, the draw, the conflict order,
the windows, and random advanced games that keep every invariant."""

from __future__ import annotations

import random

import pytest

from engine.bots import play_out
from engine.cards import SUITS, Card, make_deck, parse_cards
from engine.core import Deal
from engine.games.eidex import DECL, EidexGame
from engine.games.eidex.characters import BY_ID, CHARACTERS, conflict_order
from engine.games.eidex.characters.high import HIGH, wisdom
from engine.options import OptionError
from tests.gameplay import assert_replay_identical, play_randomly
from tests.messages_check import english
from webapp.i18n import Renderer, catalog
from webapp.rules.document import in_words, rules_words

FORMAT_IDS = (
    "AC dealer AS jiujitsu AH ultimo AD trumphator KC computer KS rauber KH voyeur KD quizmaster QC feministin "
    "QS shy QH teekranzchen QD gerechtigkeit JC skat JS schwarzpeter JH farbenfreund JD scharfmacher "
    "10C differenzler 10S fahnder 10H fursorge 10D weisheit 9C laser 9S radar 9H konsument 9D seher 8C umwerter "
    "8S zombie 8H excuse 8D taschenspieler 7C korrektor 7S fledderer 7H guggitaler 7D jackpot 6C kompass "
    "6S blackfriday 6H wunschelrute 6D sphinx"
).split()


def test_the_table_holds_all_36_characters_with_format_ids():  # FORMAT.md "Eidex character game"
    want = dict(zip(FORMAT_IDS[1::2], FORMAT_IDS[::2], strict=True))
    assert {info.id: card for card, info in CHARACTERS.items()} == want
    assert sorted(CHARACTERS) == sorted(str(c) for c in make_deck(36))
    for lang in ("en", "ru"):
        words = catalog(lang)
        for info in CHARACTERS.values():
            keys = (f"char.{info.id}.name", f"char.{info.id}.effect", f"char.timing.{info.timing}")
            assert info.german and all(words.get(k) for k in keys), (lang, info.id)
    assert BY_ID["sphinx"].uses == 2 and BY_ID["dealer"].uses is None


def test_conflict_order_is_rank_then_eidex_raven_heart_star():  # §1.9 conflicts; Eidex=C Raven=S Heart=H Star=D
    assert conflict_order(["6C", "AD", "AC", "10H", "10S", "AS", "AH", "KC"]) == [
        "AC",
        "AS",
        "AH",
        "AD",
        "KC",
        "10S",
        "10H",
        "6C",
    ]
    assert list(CHARACTERS) == conflict_order(list(CHARACTERS))


def test_characters_option_and_the_seeded_draw():  # §1.9: a public draw before the game
    game = DECL.new(3, {"advanced": True, "characters": ["ac", "6D", "9h"]}, 5)
    ids = ["dealer", "sphinx", "konsument"]
    assert game.events[0] == {"event": "characters", "cards": ["AC", "6D", "9H"], "ids": ids}
    drawn = [DECL.new(3, {"advanced": True}, seed).events[0]["cards"] for seed in range(30)]
    assert all(len(set(cards)) == 3 for cards in drawn) and len({tuple(c) for c in drawn}) > 20
    assert DECL.new(3, {"advanced": True}, 7).events == DECL.new(3, {"advanced": True}, 7).events
    for bad in (["AC", "AC", "6D"], ["AC", "6D"], ["XX", "6D", "7D"], "AC"):
        with pytest.raises(OptionError):
            DECL.new(3, {"advanced": True, "characters": bad}, 0)
    with pytest.raises(OptionError, match="advanced"):
        DECL.new(3, {"characters": ["AC", "6D", "9H"]}, 0)


@pytest.mark.parametrize("seed", range(12))
def test_random_advanced_games_keep_every_invariant(seed):  # hidden cards, replay, every card accounted for
    rng = random.Random(seed)
    cards = rng.sample(sorted(CHARACTERS), 3)
    game = DECL.new(3, {"advanced": True, "characters": cards, "ace_six_no_trump": seed % 2 == 1}, seed)
    play_randomly(game, seed)
    assert game.is_over
    assert_replay_identical(game)


# ---- the framework -------------------------------------------------------------------------------------------
H0 = "6C 7C 8C 9C 10C JC QC KC AC 6D 7D 8D".split()
H1 = "9D 10D JD QD KD AD 6H 7H 8H 9H 10H JH".split()
H2 = "6S 7S 8S 9S 10S JS QS KS QH KH AH AS".split()
DISCARDS = [(0, "discard 6D"), (1, "discard 6H"), (2, "discard 6S")]


def fixed(characters: list[str], actions: list[tuple[int, str]] = (), **options) -> EidexGame:
    """A game on the fixed deal above (dealer 2 shows A♠) after ``actions``."""
    deal = Deal(hands=[parse_cards(h) for h in (H0, H1, H2)], shown=Card.parse("AS"))
    game = DECL.new(3, {"advanced": True, "characters": characters, **options}, 0, dealer=2, deal=deal)
    for seat, action in actions:
        game.apply(seat, action)
    return game


def test_a_window_asks_its_characters_in_conflict_order():  # §1.9 conflicts: A before Q before J
    game = fixed(["QD", "JH", "AC"], DISCARDS)
    asked = []
    while game.window is not None:
        seat = game.to_act()[0]
        asked.append(game.cast[seat].id)
        assert "decline" in game.legal_actions(seat)
        game.apply(seat, "decline")
    assert asked == ["dealer", "gerechtigkeit", "farbenfreund"]
    assert game.to_act() == (0,) and game.phase == "play"


def test_without_characters_windows_pass_and_the_basic_game_is_untouched():
    basic = DECL.new(3, {}, 3)
    assert not basic.cast and basic.window is None and "characters" not in basic.view(0)["extra"]


def test_power_actions_are_normalised():  # FORMAT: lower-case names and words, cards and suits upper case
    game = fixed(["AS", "AH", "KC"])
    assert game.normalize("POWER JiuJitsu js 9s") == "power jiujitsu 9S JS"
    assert game.normalize("power computer +5") == "power computer +5"
    assert game.normalize("power quizmaster 1 Card 10d") == "power quizmaster 1 card 10D"
    assert game.normalize("show kd 9d") == "show 9D KD"
    assert game.normalize("give 7c ks") == "give 7C KS"
    assert game.normalize("Decline") == "decline"


def test_a_reveal_is_in_its_receivers_view_only():  # Voyeur: a private reveal (§1.9)
    game = fixed(["KH", "AH", "KC"], [(0, "power voyeur 1"), (1, "show 9D 10D JD QD KD")])
    shown = {"9D", "10D", "JD", "QD", "KD"}
    assert game.view(0)["extra"]["private"]["voyeur"] == {"1": ["9D", "10D", "JD", "QD", "KD"]}
    assert not shown & {str(c) for c in game.hidden_from(0)}
    for seat in (None, 2):
        assert game.view(seat)["extra"]["private"] == {}
        assert shown <= {str(c) for c in game.hidden_from(seat)}


def test_refusals_name_the_characters_rule():
    skat = fixed(["JC", "AH", "KC"], DISCARDS + [(0, "power skat"), (0, "play AC"), (1, "play 9D"), (2, "play KH")])
    assert skat.explain(0, "play 7D") is None
    wish = fixed(["AH", "JH", "KC"], DISCARDS + [(1, "power farbenfreund 0 D")])
    assert english(wish.explain(0, "play AC")) == "Colour Friend wishes ♦: lead a card of that suit."
    demand = fixed(["10S", "AH", "KC"], DISCARDS + [(0, "play 10C"), (0, "power fahnder 10D")])
    assert english(demand.explain(1, "play 9D")) == "Investigator demands 10♦: play it."
    called = next(e for e in demand.events if e["event"] == "power")
    assert called["card"] == "10D" and all("10D" not in {str(c) for c in demand.hidden_from(s)} for s in (0, 2)), (
        "the card he names aloud is named in every seat's log"
    )
    assert fixed(["AS", "AH", "KC"], DISCARDS).explain(0, "power jiujitsu 9S JS") is not None


def test_skater_and_rauber_are_not_offered_without_a_trump():  # §1.9 [DECISION]: not under Obenabe/Undenufe
    deal_ace = fixed(["JC", "KS", "AD"], [(2, "power trumphator")], ace_six_no_trump=True)
    assert deal_ace.contract.mode == "obenabe"
    assert "power skat" not in deal_ace.legal_actions(0)
    assert all(not a.startswith("power rauber") for a in deal_ace.legal_actions(1))


def test_wisdom_takes_the_highest_total():  # §1.9 Weisheit, §1.9.1 #11
    four_jacks_and_run = parse_cards("JC JS JH JD 6C 7C 8C 9D 10D AD KD 6D".split())
    assert wisdom(four_jacks_and_run, SUITS.index("S"))[0] == 44
    stock_in_run = parse_cards("10S JS QS KS AS 6C 8C 10C QC 6H 8H 10H".split())
    total, cards = wisdom(stock_in_run, SUITS.index("S"))
    assert total == 24 and len(cards) == 5  # five in a row 20 + trump King and Queen 4 inside it
    long_run = parse_cards("6H 7H 8H 9H 10H JH QH KH 6C 8C 10C QC".split())
    assert wisdom(long_run, None)[0] == 24  # eight in a row: five and three
    assert wisdom(parse_cards("6C 8C 10C QC 6D 8D 10D QD 6H 8H 10H QH".split()), None) == (0, [])


def test_gerechtigkeit_keeps_each_card_with_its_owner():  # §1.9, §1.9.1 #5
    game = fixed(
        ["QD", "AH", "KC"], DISCARDS + [(0, "power gerechtigkeit"), (0, "play AC"), (1, "play 9D"), (2, "play QH")]
    )
    assert game.taken == [11, 0, 3] and game.tricks == [1, 0, 0] and game.turn == 0


def test_the_heuristic_bot_finishes_character_games():
    game = DECL.new(3, {"advanced": True, "characters": ["KH", "JC", "QS"]}, 1)
    play_out(game, [DECL.bots["normal"]] * 3, random.Random(1), max_actions=5000)
    assert game.is_over


def test_every_power_of_ranks_a_to_10_is_used_in_random_play():  # issue 15: every power used at least once
    used: set[str] = set()
    cards = sorted(HIGH)
    for seed in range(40):
        rng = random.Random(seed)
        game = DECL.new(3, {"advanced": True, "characters": rng.sample(cards, 3)}, seed)
        while not game.is_over and game.hand_no < 3:
            seat = rng.choice([s for s in range(3) if game.may_act(s)])
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        used.update(e["name"] for e in game.events if e["event"] == "power")
    assert {CHARACTERS[c].id for c in HIGH} <= used


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_page_lists_the_36_characters_from_the_table(lang):  # issue 15: rules page in both languages
    doc = DECL.rules({"advanced": True}, rules_words(lang))
    section = next(s for s in doc["sections"] if s["id"] == "characters")
    rows = section["tables"][0]["rows"]
    assert [r[1] for r in rows] == [{"text": info.german, "lang": "de"} for info in CHARACTERS.values()]
    words = catalog(lang)
    for row, info in zip(rows, CHARACTERS.values(), strict=True):
        name, timing, effect = (in_words(row[i], Renderer(lang, game="eidex")) for i in (2, 3, 5))
        assert (name, timing, effect) == (
            words[f"char.{info.id}.name"],
            words[f"char.timing.{info.timing}"],
            words[f"char.{info.id}.effect"],
        ), "the rules page says what the table's character cards say"


def test_a_seer_still_choosing_is_said_to_choose_not_to_wait_for_himself():
    """The Seer lays his face-down card after the first lead: the others read that he chooses; the old text said
    "Seer waits for Bob to answer" of Bob, the Seer himself."""
    rng = random.Random(5)
    for seed in range(40):
        game = DECL.new(3, {"advanced": True, "characters": ["AH", "9D", "KC"]}, seed)
        while not game.is_over and game.hand_no == 1:
            if game.prompts and game.prompts[0].seats == [game.prompts[0].owner]:
                owner = game.prompts[0].owner
                other = (owner + 1) % 3
                assert english(game.view(other)["status"], seat=other).endswith("(Seer) is choosing.")
                assert english(game.view(owner)["status"], seat=owner).endswith("Seer: your choice.")
                return
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    pytest.fail("no Seer's choice in 40 games")


def test_the_investigators_call_is_fleeting_the_other_powers_are_not():
    """Right after his lead the Investigator may call a card until the next seat plays (``Game.fleeting``: a table
    gives a player a moment for it); once called, or for a lasting power, nothing is fleeting."""
    led = fixed(["10S", "AH", "KC"], [*DISCARDS, (0, "play 10C")])
    assert led.fleeting(0) and not led.fleeting(1) and not led.fleeting(2)
    led.apply(0, "power fahnder 10D")
    assert not led.fleeting(0)
    before = fixed(["10S", "AH", "KC"], DISCARDS)
    assert not before.fleeting(0), "before his lead he has nothing to call"
