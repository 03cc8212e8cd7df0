"""The Eidex bot's powers (issue 16): seeded character games with bots end, every power a bot holds is used, and
a few policies chosen on real positions are the engine's best (rulings eidex.md §1.9, §1.9.1)."""

from __future__ import annotations

import copy
import random
import statistics
import time

from engine.cards import Card, make_deck
from engine.games.eidex import DECL
from engine.games.eidex.bot import HeuristicBot, bot_step
from engine.games.eidex.characters import CHARACTERS

FAST = HeuristicBot(samples=4)
"""The power-using bot with fewer play-outs per card, so the games below stay quick."""
PASSIVE = HeuristicBot(samples=2, powers=False)
TRIPLES = [
    ["AC", "KH", "9C"],
    ["AS", "KD", "9S"],
    ["AH", "QC", "9H"],
    ["AD", "QS", "9D"],
    ["KC", "QH", "8C"],
    ["KS", "QD", "8S"],
    ["JC", "10C", "8H"],
    ["JS", "10S", "8D"],
    ["JH", "10H", "7C"],
    ["JD", "10D", "7S"],
    ["7H", "6C", "6S"],
    ["7D", "6H", "6D"],
]
"""All 36 characters, three to a game."""
ALONE = {"laser", "seher"}
"""Characters that act by themselves (their ``power`` events come without a decision)."""


class Timed:
    """A bot that records how long each decision takes."""

    def __init__(self, bot: HeuristicBot, times: list[float]):
        self.bot, self.times = bot, times

    def choose(self, view, legal, rng):
        begin = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - begin)
        assert action in legal
        return action

    def free_action(self, view, legal, rng):
        action = self.bot.free_action(view, legal, rng)
        assert action is None or action in legal
        return action


def test_bots_play_character_games_to_7_vp_and_use_every_power():
    """Every game ends (no stall, a bounded number of actions), and across the games each character's power is
    used by the bot that holds it; the bot's median decision stays fast."""
    used: set[str] = set()
    times: list[float] = []
    for seed, triple in enumerate(TRIPLES):
        game = DECL.new(3, {"advanced": True, "characters": triple}, seed)
        bots = [Timed(FAST, times)] * 3
        rng = random.Random(seed)
        for _ in range(6000):
            if game.is_over:
                break
            bot_step(game, bots, rng)
        assert game.is_over, f"seed {seed} {triple}: the game did not end"
        assert max(game.vp) >= 7
        used.update(e["name"] for e in game.events if e["event"] == "power")
    held = {CHARACTERS[c].id for triple in TRIPLES for c in triple}
    assert held - used == set()
    assert statistics.median(times) < 0.05


def find(seeds, triple, wanted, bots=None):
    """The first game (from ``seeds``) reaching a decision where ``wanted(game, seat)`` holds, played by bots
    ignoring their powers until then; ``(game, seat)`` or ``None``."""
    for seed in seeds:
        game = DECL.new(3, {"advanced": True, "characters": triple}, seed)
        rng = random.Random(seed)
        while not game.is_over and game.hand_no <= 4:
            seat = game.to_act()[0]
            if wanted(game, seat):
                return game, seat
            game.apply(seat, PASSIVE.choose(game.view(seat), game.legal_actions(seat), rng))
    return None


def outcomes(game, seat, actions):
    """The seat's VP after the hand for each action, under every way the two face-down cards it cannot see may
    lie (the engine's truth; the others decline whatever follows)."""
    others = [s for s in range(3) if s != seat]
    results = []
    for swap in (False, True):
        row = []
        for action in actions:
            copy_ = copy.deepcopy(game)
            if swap:
                a, b = others
                copy_.discards[a], copy_.discards[b] = copy_.discards[b], copy_.discards[a]
            before = copy_.vp[seat]
            copy_.apply(seat, action)
            while copy_.hand_no == game.hand_no and not copy_.is_over:
                actor = copy_.to_act()[0]
                legal = copy_.legal_actions(actor)
                copy_.apply(actor, "decline" if "decline" in legal else legal[0])
            row.append(copy_.vp[seat] - before if not copy_.is_over else (10 if seat in copy_.winners else -10))
        results.append(row)
    return results


def at_window(cid, name, extra=lambda game, seat: True):
    def wanted(game, seat):
        window = game.window
        return (
            window is not None
            and window.name == name
            and game.cast[seat].id == cid
            and any(a.startswith(f"power {cid}") for a in game.legal_actions(seat))
            and extra(game, seat)
        )

    return wanted


def test_computer_chooses_the_sign_that_wins_the_vp():  # §1.9 Computer, §1.9.1 #13
    actions = ["power computer +5", "power computer -5", "decline"]
    checked = 0
    for seed in range(40):
        found = find([seed], ["KC", "9C", "7C"], at_window("computer", "hand_end"))
        if found is None:
            continue
        game, seat = found
        table = outcomes(game, seat, actions)
        best = [max(row) for row in table]
        good = [a for i, a in enumerate(actions) if all(row[i] == b for row, b in zip(table, best, strict=True))]
        if len(good) == len(actions) or not good:
            continue  # every sign gives the same VP here, or the best depends on cards the bot cannot see
        choice = HeuristicBot().choose(game.view(seat), game.legal_actions(seat), random.Random(seed))
        assert choice in good, (seed, table, choice)
        checked += 1
        if checked == 2:
            break
    assert checked


def test_ultimo_takes_a_last_trick_worth_points_when_it_pays():  # §1.9 Ultimo
    actions = ["power ultimo", "decline"]

    def rich(game, seat):
        return sum(game.rules.points[c.index] for _, c in game.trick) > 0

    checked = 0
    for seed in range(60):
        found = find([seed], ["AH", "9C", "7C"], at_window("ultimo", "trick_complete", rich))
        if found is None:
            continue
        game, seat = found
        table = outcomes(game, seat, actions)
        if not all(row[0] > row[1] for row in table):
            continue
        choice = HeuristicBot().choose(game.view(seat), game.legal_actions(seat), random.Random(seed))
        assert choice == "power ultimo", (seed, table)
        checked += 1
        if checked == 2:
            break
    assert checked


def test_answers_to_other_powers():  # Dealer's offer, Voyeur's look, Teekränzchen's gift: always an answer
    game = DECL.new(3, {"advanced": True, "characters": ["KH", "QH", "9C"]}, 4)
    rng = random.Random(4)
    prompts = set()
    bots = [FAST] * 3
    while not game.is_over and game.hand_no <= 2:
        seat, action = bot_step(game, bots, rng)
        if game.prompts:
            prompts.add(game.prompts[0].kind)
    assert {"give", "back"} & prompts or "show" in prompts


def test_quizmaster_asks_about_the_richest_unseen_card():  # §1.9.1 #6: the engine answers, the bot asks
    found = find(range(5), ["KD", "9C", "7C"], at_window("quizmaster", "trick_scored"))
    assert found is not None
    game, seat = found
    view = game.view(seat)
    choice = HeuristicBot().choose(view, game.legal_actions(seat), random.Random(0))
    words = choice.split()
    assert words[:2] == ["power", "quizmaster"] and words[3] == "card"
    seen = set(view["hand"]) | set(view["extra"]["played"])
    unseen = [c for c in make_deck(36) if str(c) not in seen]
    assert words[4] not in seen
    values = game.rules.points
    assert values[Card.parse(words[4]).index] == max(values[c.index] for c in unseen)


def test_the_passive_bot_ignores_powers():
    game = DECL.new(3, {"advanced": True, "characters": ["KC", "9S", "AC"]}, 2)
    rng = random.Random(2)
    while not game.is_over and game.hand_no <= 2:
        bot_step(game, [PASSIVE] * 3, rng)
    assert not [e for e in game.events if e["event"] == "power" and e["name"] != "laser"]
