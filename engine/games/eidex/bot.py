"""The Eidex heuristic bot: it plays only from its seat's view and the legal actions.

For each card it may lay face down or play it deals the cards it has not seen at random to the other two hands
and face-down cards, plays the hand out (the others at random, itself shedding its cheapest card that does not
take the trick) and keeps the card with the best average victory points. So it aims for the band it can reach
(highest, lowest, or pushing a rival over the limit), trumps the others' valuable tricks when that pays, stays
below the limit, and lays face down a card it can spare (mostly a worthless one; sometimes a sure winner it does
not want, such as the trump jack when it aims for the lowest score).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any, cast

from engine.actions import Action
from engine.cards import SUITS, Card, make_deck
from engine.games.eidex.bot_powers import card_power, choose_power, free_power, shy_power
from engine.games.eidex.extra import extra_of
from engine.games.eidex.playout import Table
from engine.games.eidex.tables import (
    CONTRACTS,
    PLAYERS,
    Contract,
)
from engine.views import View

CARD_VERBS = ("play", "discard")
PASSIVE = ("decline", "refuse")
"""Without powers (``HeuristicBot(powers=False)``) the bot declines every window and refuses every offer in the
character game; any other answer is the first one offered. With powers it asks :mod:`.bot_powers`."""
SAMPLES = 12
"""Random deals of the unseen cards tried for every candidate card."""
DECK: tuple[Card, ...] = make_deck(36)


class HeuristicBot:
    """Chooses its face-down card and each card it plays by sampled play-outs: the most VP on average (ties: the
    card with fewer card points)."""

    def __init__(self, samples: int = SAMPLES, powers: bool = True):
        self.samples = samples
        self.powers = powers
        """Whether the bot uses its character's power and answers by :mod:`.bot_powers` (else it stays passive)."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return self._choose(cast("dict[str, Any]", view), legal_actions, rng)

    def _choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        extra = extra_of(view)
        trump = SUITS.index(extra["trump"]) if extra["trump"] else None
        contract = CONTRACTS[(extra["mode"], trump)]
        if "real_points" in extra:
            contract = Contract(contract.mode, contract.trump, contract.strength, tuple(extra["real_points"]))
        powers = self.powers and "characters" in extra
        if powers:
            chosen = choose_power(self, view, legal_actions, rng)
            if chosen is not None:
                return chosen
        card_actions = [
            a for a in legal_actions if Action.parse(a).verb in CARD_VERBS and len(Action.parse(a).args) == 1
        ]
        if not card_actions:
            return next((a for a in PASSIVE if a in legal_actions), legal_actions[0])
        if powers and any(a.startswith("power ") for a in legal_actions):
            return self._with_power(view, legal_actions, card_actions, contract, rng)
        cards = [Card.parse(Action.parse(a).args[0]) for a in card_actions]
        if len(cards) == 1:
            return card_actions[0]
        if not self._plain(view):
            return min(card_actions, key=lambda a: contract.points[Card.parse(Action.parse(a).args[0]).index])
        scores = self._scores(view, cards, contract, rng)
        best = max(range(len(cards)), key=lambda i: (scores[i], -contract.points[cards[i].index]))
        return card_actions[best]

    def free_action(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str | None:
        """For a seat that may act only through its any-time powers (Voyeur, Skater, Taschenspieler, Kompass, Fahnder
        after its lead, Konsumentenschutz after another's card): the power it wants to use now, or ``None`` to let
        the seat that must act go on. A table asks this before ``choose``, which must return an action."""
        if not self.powers or "characters" not in extra_of(view):
            return None
        return free_power(self, view, legal_actions, rng)

    def _with_power(
        self,
        view: dict[str, Any],
        legal: Sequence[str],
        card_actions: list[str],
        contract: Contract,
        rng: random.Random,
    ) -> str:
        """The card to play, and the power that goes with it (Excuse's card among the candidates, Sphinx,
        Scharfmacher, Schüchterne's refusal to lead)."""
        excuses = [f"play {Action.parse(a).args[1]}" for a in legal if a.startswith("power excuse ")]
        candidates = card_actions + [a for a in excuses if a not in card_actions]
        cards = [Card.parse(Action.parse(a).args[0]) for a in candidates]
        scores: dict[str, float] | None = None
        if len(cards) == 1:
            chosen = candidates[0]
        elif not self._plain(view) or view["phase"] != "play":
            chosen = min(card_actions, key=lambda a: contract.points[Card.parse(Action.parse(a).args[0]).index])
        else:
            excused = {Card.parse(Action.parse(a).args[0]).index for a in excuses if a not in card_actions}
            sums = self._scores(view, cards, contract, rng, excused)
            scores = {a: v / self.samples for a, v in zip(candidates, sums, strict=True)}
            chosen = max(
                card_actions, key=lambda a: (scores[a], -contract.points[Card.parse(Action.parse(a).args[0]).index])
            )
            if not view["table"]["plays"] and any(a.startswith("power shy ") for a in legal):
                shy = shy_power(self, view, legal, rng, scores[chosen])
                if shy is not None:
                    return shy
        return card_power(view, legal, chosen, scores) or chosen

    def _plain(self, view: dict[str, Any]) -> bool:
        """Whether the hand is one the play-outs model: (in the character game) no double trick, no face-down
        card in the trick, the own face-down card known, and the unseen cards exactly fill the others' hands and
        face-down cards."""
        extra, seat = extra_of(view), view["seat"]
        if "characters" not in extra:
            return True
        plays = view["table"]["plays"]
        if extra["trick_size"] != PLAYERS or any(p["cards"][0] is None for p in plays):
            return False
        discarding = view["phase"] == "discard"
        if not discarding and extra["discards"][seat] is None:
            return False
        seen = {*view["hand"], *extra["played"], *(p["cards"][0] for p in plays)}
        seen.update(c for c in [extra["discards"][seat]] if c is not None)
        needed: int = sum(
            view["seats"][s]["cards"] + (1 if extra["discarded"][s] else 0) for s in range(PLAYERS) if s != seat
        )
        return len(DECK) - len(seen) == needed

    def _scores(
        self,
        view: dict[str, Any],
        cards: list[Card],
        contract: Contract,
        rng: random.Random,
        excused: Collection[int] = (),
    ) -> list[float]:
        """The summed play-out results of each candidate card (to lay face down or to play); a card of ``excused``
        is the Excuse's, laid without trick strength: it never takes the trick (§1.9.2 #9)."""
        extra, seat = extra_of(view), view["seat"]
        hand = [c.index for c in map(Card.parse, view["hand"])]
        trick = view["table"]["plays"]
        seats = [p["seat"] for p in trick]
        laid = [Card.parse(p["cards"][0]).index for p in trick]
        discarding = view["phase"] == "discard"
        own_discard = None if discarding else Card.parse(extra["discards"][seat]).index
        seen = {*hand, own_discard, *(Card.parse(c).index for c in extra["played"]), *laid}
        unseen = [c.index for c in DECK if c.index not in seen]
        base = list(extra["taken"])
        if own_discard is not None:
            base[seat] += contract.points[own_discard]
        table = Table(contract, seat, extra["limit"], extra["special_round"], extra["vp"], extra["tricks"])
        tables = {card.index: table for card in cards}
        for index in excused:
            strength = list(contract.strength)
            strength[index] = -1
            weak = Contract(contract.mode, contract.trump, tuple(strength), contract.points)
            tables[index] = Table(weak, seat, extra["limit"], extra["special_round"], extra["vp"], extra["tricks"])
        leader = (view["dealer"] + 1) % PLAYERS
        samples = self.samples // 2 if discarding else self.samples
        scores = [0.0] * len(cards)
        for _ in range(samples):
            rng.shuffle(unseen)
            held = [hand] * PLAYERS
            points = list(base)
            start = 0
            for s in range(PLAYERS):
                if s == seat:
                    continue
                size = view["seats"][s]["cards"]
                held[s] = unseen[start : start + size]
                face_down = held[s].pop(rng.randrange(size)) if not extra["discarded"][s] else unseen[start + size]
                points[s] += contract.points[face_down]
                start += size + (0 if not extra["discarded"][s] else 1)
            playout_seed = rng.random()
            for i, card in enumerate(cards):
                mine = [c for c in hand if c != card.index]
                hands = [mine if s == seat else list(held[s]) for s in range(PLAYERS)]
                args: tuple[Any, ...]
                if discarding:
                    own = list(points)
                    own[seat] += contract.points[card.index]
                    args = ([], [], own, leader)
                else:
                    args = ([*seats, seat], [*laid, card.index], points, leader)
                scores[i] += tables[card.index].playout(hands, *args, random.Random(playout_seed))
        return scores


def bot_step(game: Any, bots: Sequence[Any], rng: random.Random) -> tuple[int, str]:
    """One action at a table of bots: a seat that may act beside the one the hand waits for (its any-time powers)
    acts if its bot's ``free_action`` wants to, else the first seat to act chooses. Returns the seat and action
    applied."""
    waiting = game.to_act()
    for seat in [s for s in range(game.players) if s not in waiting and game.may_act(s)]:
        free = getattr(bots[seat], "free_action", None)
        if free is not None:
            action = free(game.view(seat), game.legal_actions(seat), rng)
            if action is not None:
                game.apply(seat, action)
                return seat, action
    seat = waiting[0]
    action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
    game.apply(seat, action)
    return seat, action
