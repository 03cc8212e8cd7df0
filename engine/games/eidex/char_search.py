"""Hard in the character game: card plays searched in worlds sampled from the seat's view, played out by the engine.

:func:`sample_world` deals the cards the seat has not seen to the places it cannot see — the other hands, their
face-down cards, face-down cards in the trick — keeping what the view shows: the seat's own cards and face-down
card, every card played, the dealer's shown card in his hand while it is shown, the cards Weisheit showed (in his
hand until played), what the seat knows of other hands (Voyeur's look, Quizmaster's public answers:
:func:`~engine.games.eidex.bot_powers.placed`), and the suits a seat showed it lacks by not following in the trick
on the table or the last one (earlier tricks are not rebuilt: powers change trick sizes and order). The world is
:func:`~engine.games.eidex.bot_powers.rebuild`'s game of that deal: the characters with their public state; what
the view does not show of them (another power's private choice, earlier tricks' piles) stays at its start value.

:func:`card_values` tries each card the seat may play or lay face down in the same worlds (each rebuilt for every
card: cheaper than the deep copy a character game's ``clone`` makes) and plays the hand out through the rules code,
every seat laying a random legal card and declining every power, consent and question (:func:`playout_action`: no
power is used in the play-outs); :func:`~engine.games.eidex.search.value` scores the end by the chance to win the
game from the standings it leaves. :class:`EidexHardBot` is the Hard level built on it.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, cast

from engine.actions import Action
from engine.cards import JACK, SUITS, Card, make_deck
from engine.games.eidex.bot import CARD_VERBS, HeuristicBot
from engine.games.eidex.bot_powers import Guess, contract_of, placed, rebuild
from engine.games.eidex.extra import extra_of
from engine.games.eidex.search import WORLDS, EidexSearchBot, anywhere, deal, scaled_worlds, value
from engine.games.eidex.state import ACTION_CARD, EidexGame
from engine.games.eidex.tables import PLAYERS
from engine.search import Advice
from engine.views import View

DECK: tuple[Card, ...] = make_deck(36)
RETRIES = 20
"""Random deals tried before the voids the view shows are given up."""
PASSIVE = ("decline", "refuse")
"""What every seat answers in a play-out when it may: no power, no consent."""
CHAR_WORLDS = (16, 128)
"""The fewest and the most worlds sampled for a card decision in the character game."""
CHAR_WORK = 2_300
"""What a card decision in the character game may spend, counted in worlds × candidate cards × cards in hand (a
play-out's length follows the cards in hand): more worlds late in a hand, where play-outs are short and a choice
decides the hand, the fewest early, where every card of a full hand is a candidate."""
MAX_ACTIONS = 1_000
"""A play-out stops after this many actions (a hand has fewer than 300)."""


def _void_cards(view: dict[str, Any]) -> dict[int, set[Card]]:
    """Cards each other seat cannot hold: those of a suit it did not follow (in the trick on the table or the last
    one, a face-up card of another suit that is no trump; the trump jack excepted) and Quizmaster's public "no"s."""
    extra, seat = extra_of(view), view["seat"]
    trump = SUITS.index(extra["trump"]) if extra["trump"] else None
    _, lacks, voids = placed(view)
    banned: dict[int, set[Card]] = {s: {DECK[c] for c in cards} for s, cards in lacks.items()}
    suits = {(v // 4, v % 4) for v in voids}
    tricks = [view["table"]["plays"]] + ([view["last_trick"]["plays"]] if view["last_trick"] else [])
    for plays in tricks:
        cards = [(p["seat"], Card.parse(p["cards"][0]) if p["cards"][0] else None) for p in plays]
        if not cards or cards[0][1] is None:
            continue
        led = cards[0][1].suit
        suits.update((s, led) for s, c in cards[1:] if c is not None and c.suit not in (led, trump))
    for s, suit in suits:
        if s != seat:
            banned.setdefault(s, set()).update(
                c for c in DECK if c.suit == suit and not (suit == trump and c.rank == JACK)
            )
    return banned


def sample_guess(view: View, rng: random.Random) -> Guess:
    """A deal of what the seat has not seen, consistent with its view (see the module's docstring)."""
    v = cast("dict[str, Any]", view)
    extra, seat = v["extra"], v["seat"]
    mine = [Card.parse(c) for c in v["hand"]]
    plays = v["table"]["plays"]
    played = [Card.parse(c) for c in extra["played"]]
    down = Card.parse(extra["discards"][seat]) if extra["discards"][seat] else None
    seen = {*mine, *played, *(Card.parse(p["cards"][0]) for p in plays if p["cards"][0])}
    if down is not None:
        seen.add(down)
    others = [s for s in range(PLAYERS) if s != seat]
    sizes = {s: v["seats"][s]["cards"] for s in others}
    holds, _, _ = placed(v)
    fixed: dict[int, list[Card]] = {s: [DECK[c] for c in cards if DECK[c] not in seen] for s, cards in holds.items()}
    shown = extra["shown"]
    if shown["card"] and shown["seat"] != seat:
        fixed.setdefault(shown["seat"], []).append(Card.parse(shown["card"]))
    for ch in extra["characters"]:
        if ch["seat"] != seat and ch.get("id") == "weisheit":
            fixed.setdefault(ch["seat"], []).extend(Card.parse(c) for c in ch.get("shown") or ())
    placed_cards: set[Card] = set()
    for s in others:
        kept = [c for c in dict.fromkeys(fixed.get(s, ())) if c not in seen and c not in placed_cards]
        fixed[s] = kept[: sizes[s]]
        placed_cards.update(fixed[s])
    slots: list[Hashable] = [("down", s) for s in others if extra["discarded"][s]]
    slots += [("trick", i) for i, p in enumerate(plays) if not p["cards"][0]]
    pool = [c for c in DECK if c not in seen and c not in placed_cards]
    needed = sum(sizes.values()) - len(placed_cards) + len(slots)
    if len(pool) > needed:
        pool = rng.sample(pool, needed)
    elif len(pool) < needed:  # cards seen played went back to a hand (Zombie, Korrektor)
        spare = [c for c in played if c not in mine and c != down and c not in placed_cards]
        pool += rng.sample(spare, min(len(spare), needed - len(pool)))
    banned = _void_cards(v)
    dealt = None

    def keeps_bans(card: Card, seat: int) -> bool:
        return card not in banned.get(seat, ())

    for attempt in range(RETRIES + 1):
        dealt = deal(pool, sizes, slots, fixed, keeps_bans if attempt < RETRIES else anywhere, rng)
        if dealt is not None:
            break
    if dealt is None:  # too few cards even without voids: a hand stays short (the world is then likely refused)
        dealt = ({s: list(fixed.get(s, ())) for s in others}, {})
    hands_of, faced = dealt
    hands = [[c.index for c in (mine if s == seat else hands_of[s])] for s in range(PLAYERS)]
    downs: list[int | None] = [None] * PLAYERS
    downs[seat] = None if down is None else down.index
    for s in others:
        card = faced.get(("down", s))
        downs[s] = None if card is None else card.index
    trick = [
        (p["seat"], Card.parse(p["cards"][0]).index if p["cards"][0] else faced.get(("trick", i), mine[0]).index)
        for i, p in enumerate(plays)
    ]
    return Guess(hands, downs, trick)


def sample_world(view: View, rng: random.Random) -> EidexGame:
    """A character game at the view's moment holding a deal of the unseen cards (:func:`sample_guess`)."""
    return rebuild(cast("dict[str, Any]", view), sample_guess(view, rng), rng.getrandbits(32))


def playout_action(legal: Sequence[str], rng: random.Random) -> str:
    """The play-out policy: decline or refuse when that is offered, else a random card (no power)."""
    passive = next((a for a in PASSIVE if a in legal), None)
    if passive is not None:
        return passive
    cards = [a for a in legal if not a.startswith("power ")] or list(legal)
    return cards[rng.randrange(len(cards))]


def play_out(game: EidexGame, rng: random.Random) -> None:
    """Play the current hand to its end through the rules code, every seat by :func:`playout_action`."""
    hand = game.hand_no
    for _ in range(MAX_ACTIONS):
        if game.phase == "over" or game.hand_no != hand:
            return
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[0] if len(legal) == 1 else playout_action(legal, rng), trusted=True)


def card_values(view: View, candidates: Sequence[str], worlds: int, rng: random.Random) -> tuple[dict[str, float], int]:
    """Each candidate card's mean :func:`~engine.games.eidex.search.value` over up to ``worlds`` sampled worlds,
    every candidate played out with the same random numbers in each; and how many worlds counted. A world whose
    seat may not play every candidate (a power's state the view does not show, e.g. Umwerter's card) is drawn
    again, with at most ``2 × worlds`` draws in all."""
    seat = cast("dict[str, Any]", view)["seat"]
    totals = dict.fromkeys(candidates, 0.0)
    counted = 0
    for _ in range(2 * worlds):
        if counted == worlds:
            break
        g = sample_guess(view, rng)
        seed = rng.getrandbits(32)
        world = rebuild(cast("dict[str, Any]", view), g, seed)
        if not set(candidates) <= set(world.legal_actions(seat)):
            continue
        play_seed = rng.getrandbits(32)
        for action in candidates:
            game = rebuild(cast("dict[str, Any]", view), g, seed)
            game.quiet = True
            game.apply(seat, action, trusted=True)
            play_out(game, random.Random(play_seed))
            totals[action] += value(game, seat)
        counted += 1
    return ({a: t / counted for a, t in totals.items()} if counted else {}), counted


class EidexHardBot(EidexSearchBot):
    """Hard: :class:`EidexSearchBot` in the basic game; in the character game every card it may play or lay face
    down searched by :func:`card_values` in :meth:`char_worlds_for` worlds (ties: the card with fewer points). Decisions
    that are not a plain choice of card — a power, an answer, a card that may go with a power (Excuse, Sphinx,
    Scharfmacher, Schüchterne) — and positions where no sampled world lets it play every card it may, are the
    heuristic bot's (``deep`` deals per card)."""

    def __init__(
        self,
        normal: HeuristicBot,
        worlds: tuple[int, int] = WORLDS,
        deep: int = 24,
        char_worlds: tuple[int, int] = CHAR_WORLDS,
        char_work: int = CHAR_WORK,
    ):
        super().__init__(normal, worlds, deep)
        self.char_worlds = char_worlds
        self.char_work = char_work

    def char_worlds_for(self, candidates: int, hand: int) -> int:
        """The worlds a card decision of the character game samples (:func:`.search.scaled_worlds` of
        ``char_work``)."""
        return scaled_worlds(self.char_work, self.char_worlds, candidates, hand)

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        legal = list(legal_actions)
        if "characters" not in extra_of(view) or len(legal) == 1:
            return super().advise(view, legal, rng)
        if not all(Action.parse(a).verb in CARD_VERBS and len(Action.parse(a).args) == 1 for a in legal):
            action = self.deep.choose(view, legal, rng)
            return Advice(action, 0, {action: 0.0})
        means, counted = card_values(view, legal, self.char_worlds_for(len(legal), len(view["hand"])), rng)
        if not counted:
            action = self.deep.choose(view, legal, rng)
            return Advice(action, 0, {action: 0.0})
        points = contract_of(cast("dict[str, Any]", view)).points
        best = max(legal, key=lambda a: (means[a], -points[ACTION_CARD[a].index]))
        return Advice(best, counted, means)

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return self.advise(view, legal_actions, rng).action
