"""The Eidex character game (rulings eidex.md §1.9, §1.9.1): the character table, the draw, the conflict order,
the windows, and random advanced games that keep every invariant."""

from __future__ import annotations

import random

import pytest

from engine.cards import make_deck
from engine.games.eidex import DECL
from engine.games.eidex.characters import BY_ID, CHARACTERS, EFFECTS, TIMINGS, conflict_order
from engine.options import OptionError
from tests.gameplay import assert_replay_identical, play_randomly

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
    for info in CHARACTERS.values():
        assert info.german and info.en and info.ru
        assert set(TIMINGS[info.timing]) == set(EFFECTS[info.effect]) == {"en", "ru"}
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
