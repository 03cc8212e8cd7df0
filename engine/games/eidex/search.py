"""Eidex search (the Hard level): deals consistent with a seat's view, played out by the engine itself.

:func:`sample` rebuilds an :class:`EidexGame` at the view's moment (``Game.blank``): the seat's own hand and
face-down card, the trick, the cards played, the points and tricks taken, the victory points, with the cards the seat
has not seen dealt at random to the other hands and face-down cards — the dealer's shown card stays in his hand while
it is shown, and a seat that did not follow the led suit (in any trick of the hand, rebuilt from the cards played)
gets none of it. :class:`EidexSearchBot` tries each of its cards in the same sampled deals and plays the hand out
through the rules code (:meth:`EidexGame.clone`, :meth:`Game.apply`), every seat at random;
:func:`value` scores the end by the chance to win the game from the standings it leaves (:func:`match_chances`).
A hint ("Suggest a move") names what the advised card does, as the seat sees the position (:func:`reason`).

:class:`EidexSearchBot` alone plays the character game as the heuristic bot with more deals (its powers, consents and
questions are the heuristic bot's :mod:`.bot_powers`). The Hard level there is :class:`.char_search.EidexHardBot`:
it searches every plain choice of card the same way, in worlds sampled from the view with the characters' public
state (their private state at plausible defaults), and leaves its powers and answers to the heuristic bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from functools import cache, partial
from itertools import product
from typing import Any, TypeVar, cast

from engine.actions import Action
from engine.bots import bot_seat
from engine.cards import JACK, SUITS, Card, make_deck
from engine.core import Deal
from engine.games.eidex.bot import CARD_VERBS, HeuristicBot
from engine.games.eidex.state import ACTION_CARD, EidexGame
from engine.games.eidex.tables import (
    CONTRACTS,
    GOAL_VP,
    LAST_TRICK_BONUS,
    PLAYERS,
    Contract,
    legal_cards,
    suit_label,
    trick_winner,
)
from engine.messages import Message, msg
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.search import Advice, CarelessBot, SearchBot, Searcher, mean_values
from engine.views import View

DECK: tuple[Card, ...] = make_deck(36)
RETRIES = 20
"""Random deals tried before the voids a view shows are given up (a deal that keeps them always exists, but the
simple dealer may corner itself)."""
WORLDS = (24, 128)
"""The fewest and the most deals sampled for a card decision."""
WORK = 3_456
"""What a card decision may spend, counted in deals × candidate cards × cards in hand (a play-out's length follows
the cards in hand): the fewest deals for a full hand with every card a candidate, more as the hand runs short,
where play-outs are short and a choice decides the hand."""


def scaled_worlds(work: int, bounds: tuple[int, int], candidates: int, hand: int) -> int:
    """The deals a card decision samples: ``work`` spread over the ``candidates`` and the cards in ``hand``, within
    ``bounds`` (the fewest, the most)."""
    fewest, most = bounds
    return max(fewest, min(most, work // max(1, candidates * hand)))


# ---- determinization ----------------------------------------------------------------------------------------
def contract_of(view: View) -> Contract:
    """The hand's contract as the view shows it."""
    extra = view["extra"]
    return CONTRACTS[(extra["mode"], SUITS.index(extra["trump"]) if extra["trump"] else None)]


def _tricks(view: dict[str, Any], contract: Contract) -> list[list[tuple[int, Card]]]:
    """Every trick of the hand so far as (seat, card) pairs, the one on the table last: the earlier ones rebuilt
    from the cards played (in play order, three a trick, each led by the last one's taker, the first by the seat
    after the dealer)."""
    played = [Card.parse(c) for c in view["extra"]["played"]]
    tricks: list[list[tuple[int, Card]]] = []
    leader = (view["dealer"] + 1) % PLAYERS
    for start in range(0, len(played) - PLAYERS + 1, PLAYERS):
        cards = played[start : start + PLAYERS]
        tricks.append([((leader + i) % PLAYERS, c) for i, c in enumerate(cards)])
        leader = (leader + trick_winner(cards, contract)) % PLAYERS
    tricks.append([(p["seat"], Card.parse(p["cards"][0])) for p in view["table"]["plays"]])
    return tricks


def _voids(view: dict[str, Any], contract: Contract) -> dict[int, set[int]]:
    """Suits a seat has shown it lacks, by seat: it laid a card of another suit (not a trump) to a led suit, in any
    trick of the hand. Under trump a trump lead shows only that no trump but the jack is left."""
    voids: dict[int, set[int]] = {}
    for cards in _tricks(view, contract):
        if not cards:
            continue
        led = cards[0][1].suit
        for seat, card in cards[1:]:
            if card.suit != led and card.suit != contract.trump:
                voids.setdefault(seat, set()).add(led)
    return voids


def _allowed(card: Card, seat: int, voids: dict[int, set[int]], trump: int | None) -> bool:
    """Whether ``seat``'s hand may hold ``card`` under the voids it showed (the trump jack never shows a void)."""
    if card.suit not in voids.get(seat, ()):
        return True
    return card.suit == trump and card.rank == JACK


Slot = TypeVar("Slot", bound=Hashable)
"""A face-down place a deal may fill: a seat's face-down card (the basic game), or a tagged place (the character
game's ``("down", seat)`` and ``("trick", i)``)."""


def anywhere(card: Card, seat: int) -> bool:
    """The predicate of a deal that keeps no constraint: any hand may hold any card."""
    return True


def deal(
    pool: list[Card],
    sizes: dict[int, int],
    slots: Sequence[Slot],
    fixed: dict[int, list[Card]],
    may_hold: Callable[[Card, int], bool],
    rng: random.Random,
) -> tuple[dict[int, list[Card]], dict[Slot, Card]] | None:
    """``pool`` dealt to the other hands (``sizes``, ``fixed`` cards already placed) and the face-down ``slots``,
    a hand taking only the cards ``may_hold(card, seat)`` allows it; ``None`` when this try corners itself. The
    most constrained cards are placed first: those only one hand (or a face-down slot) may take."""
    cards = list(pool)
    rng.shuffle(cards)
    hands = {s: list(fixed.get(s, ())) for s in sizes}
    room = {s: sizes[s] - len(hands[s]) for s in sizes}
    free = list(slots)
    cards.sort(key=lambda c: sum(1 for s in sizes if may_hold(c, s)))
    faced: dict[Slot, Card] = {}
    for card in cards:
        places = [s for s in sizes if room[s] > 0 and may_hold(card, s)]
        count = len(places) + len(free)
        if not count:
            return None
        pick = rng.randrange(count)
        if pick < len(places):
            hands[places[pick]].append(card)
            room[places[pick]] -= 1
        else:
            faced[free.pop(pick - len(places))] = card
    if any(room.values()) or free:
        return None
    return hands, faced


def sample(view: View, rng: random.Random) -> EidexGame:
    """A game at the view's moment (basic game) holding a random deal of the cards the seat has not seen."""
    v = cast("dict[str, Any]", view)
    extra, seat = v["extra"], bot_seat(view)
    trump = SUITS.index(extra["trump"]) if extra["trump"] else None
    contract = CONTRACTS[(extra["mode"], trump)]
    mine = [Card.parse(c) for c in v["hand"]]
    trick = [(p["seat"], Card.parse(p["cards"][0])) for p in v["table"]["plays"]]
    played = [Card.parse(c) for c in extra["played"]]
    own_down = Card.parse(extra["discards"][seat]) if extra["discards"][seat] else None
    seen = {*mine, *played, *(c for _, c in trick), own_down}
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in range(PLAYERS) if s != seat]
    sizes = {s: v["seats"][s]["cards"] for s in others}
    downs = [s for s in others if extra["discarded"][s]]
    fixed: dict[int, list[Card]] = {}
    shown = Card.parse(extra["shown"]["card"]) if extra["shown"]["card"] else None
    if shown is not None and extra["shown"]["seat"] != seat:
        fixed[extra["shown"]["seat"]] = [shown]
        unseen.remove(shown)
    voids = _voids(v, contract)
    dealt = None
    keeps_voids = partial(_allowed, voids=voids, trump=trump)
    for attempt in range(RETRIES + 1):
        dealt = deal(unseen, sizes, downs, fixed, keeps_voids if attempt < RETRIES else anywhere, rng)
        if dealt is not None:
            break
    assert dealt is not None, "the cards the seat has not seen fill the other hands and face-down cards"
    hands_of, faced = dealt
    hands = [list(mine) if s == seat else hands_of[s] for s in range(PLAYERS)]
    discards: list[Card | None] = [None] * PLAYERS
    discards[seat] = own_down
    for s, card in faced.items():
        discards[s] = card
    options = {
        "ace_six_no_trump": extra["mode"] != "trump",
        "limit": extra["limit"],
        "advanced": False,
        **extra["rules"],
        "characters": None,
    }
    game = EidexGame.blank(PLAYERS, options, rng.getrandbits(32), dealer=v["dealer"])
    game.vp, game.limit, game.bonus = list(extra["vp"]), extra["limit"], LAST_TRICK_BONUS
    game.window, game.prompts, game.cast, game.order = None, [], [], []
    game.dealer, game.hand_no = v["dealer"], v["hand_no"]
    game.sheet_rows, game.last_hand, game.winners, game.final_discards = [], extra["last_hand"], [], []
    game.contract = game.rules = contract
    if shown is None:  # played, or the dealer's face-down card: it only must not show in his hand
        shown = next(c for c in [discards[v["dealer"]], *played, *(c for _, c in trick)] if c is not None)
    game.shown = shown
    game.second_card = game.shown
    game.hand_deal = Deal(hands=[list(h) for h in hands], shown=game.shown)
    game.hands = hands
    game.discards = discards
    game.trick = trick
    game.won = [[] for _ in range(PLAYERS)]
    game.played = played
    game.taken = list(extra["taken"])
    game.bonus_got = [0] * PLAYERS
    game.tricks = list(extra["tricks"])
    game.closed = sum(extra["tricks"])
    game.trick_no = game.closed + 1
    game.trick_id = game.closed
    game.last_trick = v["last_trick"]
    game.special = extra["special_round"]
    game.phase = v["phase"]
    game.direction, game.trick_size = 1, PLAYERS
    game.led_suit = trick[0][1].suit if trick else None
    game.face_down, game.barred, game.secret = set(), {}, {}
    game.known = [set() for _ in range(PLAYERS)]
    game.public_cards, game.named = set(), set()
    game.hidden_tricks = []
    game.last_pile = [[] for _ in range(PLAYERS)]
    lead = v["to_act"][0] if v["phase"] == "play" and not trick else (v["dealer"] + 1) % PLAYERS
    game.leader = trick[0][0] if trick else lead
    game.turn = (trick[-1][0] + 1) % PLAYERS if trick else lead
    return game


# ---- values and play-outs -----------------------------------------------------------------------------------
HAND_OUTCOMES: tuple[tuple[float, tuple[int, ...]], ...] = (
    (0.92 / 3, (1, 1, 0)),
    (0.92 / 3, (1, 0, 1)),
    (0.92 / 3, (0, 1, 1)),
    (0.07 / 3, (2, 0, 0)),
    (0.07 / 3, (0, 2, 0)),
    (0.07 / 3, (0, 0, 2)),
    (0.01, (0, 0, 0)),
)
"""A hand's victory points between equal players, as :func:`match_chances` models them: two seats get one (the
spread, the limit), one gets two (a tie, a match) or nobody gets any (a three-way tie)."""


def _settled(vp: tuple[int, ...], awards: tuple[int, ...]) -> list[tuple[float, tuple[int, ...] | int]]:
    """The standings after a hand between equal players (:func:`settle`'s cases): a winning seat, or the victory
    points the game goes on with, each with its chance (players reaching the goal together: the one with the most
    card points, drawn by lot here, stays one below it, the others two below)."""
    after = tuple(v + a for v, a in zip(vp, awards, strict=True))
    reached = [s for s in range(PLAYERS) if after[s] >= GOAL_VP]
    if len(reached) == 1:
        return [(1.0, reached[0])]
    if not reached:
        return [(1.0, after)]
    return [
        (
            1 / len(reached),
            tuple(GOAL_VP - (1 if s == best else 2) if s in reached else after[s] for s in range(PLAYERS)),
        )
        for best in reached
    ]


@cache
def match_chances() -> dict[tuple[int, ...], tuple[float, ...]]:
    """Each seat's chance to win the game from every standing below the goal, between equal players whose hands go as
    :data:`HAND_OUTCOMES` (6-6-6, the special round: a third each). Value iteration over the 343 standings, once."""
    standings = list(product(range(GOAL_VP), repeat=PLAYERS))
    chances: dict[tuple[int, ...], tuple[float, ...]] = dict.fromkeys(standings, (1 / PLAYERS,) * PLAYERS)
    moves = {vp: [(p * q, to) for p, awards in HAND_OUTCOMES for q, to in _settled(vp, awards)] for vp in standings}
    for _ in range(200):
        change = 0.0
        for vp in standings:
            if vp == (GOAL_VP - 1,) * PLAYERS:
                continue
            new = [0.0] * PLAYERS
            for p, to in moves[vp]:
                for s in range(PLAYERS):
                    new[s] += p * (float(to == s) if isinstance(to, int) else chances[to][s])
            change = max(change, *(abs(a - b) for a, b in zip(new, chances[vp], strict=True)))
            chances[vp] = tuple(new)
        if change < 1e-9:
            break
    return chances


def value(game: EidexGame, seat: int) -> float:
    """How a finished hand went for ``seat``: its chance to win the game from the standings it left (1 or 0 once
    the game is over), in percent."""
    if game.is_over:
        return 100.0 if seat in game.winners else 0.0
    return 100.0 * match_chances()[tuple(game.vp)][seat]


def playout_card(game: EidexGame, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    """The play-out policy: a random legal card."""
    return legal[rng.randrange(len(legal))]


def play_out(game: EidexGame, rng: random.Random) -> None:
    """Play the current hand to its end through the rules code, every seat by :func:`playout_card`."""
    hand = game.hand_no
    while game.phase != "over" and game.hand_no == hand:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else playout_card(game, seat, legal, rng)
        game.apply(seat, action, trusted=True)


class PlayoutBot:
    """:func:`playout_card` as a bot (the :class:`Searcher`'s policy), for a caller that plays out from views."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return legal_actions[rng.randrange(len(legal_actions))]


# ---- hints ------------------------------------------------------------------------------------------------
HINT_KINDS: tuple[str, ...] = (
    "discard_points",
    "discard_blank",
    "take",
    "sure",
    "master",
    "lead_low",
    "lead_void",
    "ruff",
    "win_cheap",
    "limit",
    "duck",
    "give_low",
)
"""The kinds of card a hint names (``hint.eidex.<kind>``), as :func:`hint_kind` checks them."""

Kind = tuple[str, dict[str, Any]]
"""A hint's kind and its parameters besides the card and the deals."""


def hint_kind(view: View, action: str) -> Kind | None:
    """What ``action`` (``play X`` or ``discard X``, one of the seat's legal actions in the basic game) does, as the
    view's seat can know it: the kind (``hint.eidex.<kind>``) and its parameters, or ``None`` when none holds.

    - Laid face down: its points count for the seat at the end of the hand (``discard_points``: ``points``), or it
      is worth none (``discard_blank``).
    - Played, beating the trick so far: as the trick's last card it takes the trick and its points, the last
      trick's 5 included (``take``: ``points``); no card the seat has not seen (in the other hands or face down)
      beats it (``sure``); no unseen card of its own suit beats it, only a trump may (``master``: ``suit``); a lead of
      the weakest of two or more cards of its suit the seat holds (``lead_low``: ``suit``), or of its only card of a
      suit that is not trump (``lead_void``: ``suit``): once it is gone, a lead of that suit leaves the seat free to
      lay another. Or,
      following: a trump on a led suit the seat lacks (``ruff``: ``led``), or the weakest of two or more of the
      seat's cards that beat the trick so far (``win_cheap``).
    - Played, not beating the trick while another card would: taking the trick would bring the seat to ``total``
      card points or more, at or over the ``limit`` (``limit``; only while another seat holds a trick, so no Match
      can be made, and not in the special round, where the seat over the limit wins), or it keeps the winning card
      for later (``duck``).
    - Played to a trick no card of the seat beats: the fewest points the seat may give it (``give_low``)."""
    verb = Action.parse(action).verb
    card = ACTION_CARD[action]
    contract = contract_of(view)
    points, strength, trump = contract.points, contract.strength, contract.trump
    if verb == "discard":
        worth = points[card.index]
        return ("discard_points", {"points": worth}) if worth else ("discard_blank", {})
    extra, seat = view["extra"], bot_seat(view)
    hand = [Card.parse(c) for c in view["hand"]]
    trick = [Card.parse(p["cards"][0]) for p in view["table"]["plays"]]
    legal = legal_cards(hand, trick, contract)
    if card not in legal:
        return None
    bonus = LAST_TRICK_BONUS if len(hand) == 1 else 0
    on_table = sum(points[c.index] for c in trick)
    winners = [c for c in legal if trick_winner([*trick, c], contract) == len(trick)]
    own_down = Card.parse(extra["discards"][seat]) if extra["discards"][seat] else None
    if card in winners:
        if len(trick) == PLAYERS - 1:
            return "take", {"points": on_table + points[card.index] + bonus}
        seen = {*hand, *trick, *(Card.parse(c) for c in extra["played"]), *([own_down] if own_down else [])}
        beaters = [
            c
            for c in DECK
            if c not in seen
            and (
                (c.suit == card.suit and strength[c.index] > strength[card.index])
                or (trump is not None and c.suit == trump != card.suit)
            )
        ]
        if not beaters:
            return "sure", {}
        if all(c.suit == trump for c in beaters) and card.suit != trump:
            return "master", {"suit": suit_label(card.suit)}
        if not trick:
            same = [c for c in hand if c.suit == card.suit]
            if len(same) > 1 and strength[card.index] == min(strength[c.index] for c in same):
                return "lead_low", {"suit": suit_label(card.suit)}
            if len(same) == 1 and card.suit != trump:
                return "lead_void", {"suit": suit_label(card.suit)}
            return None
        led = trick[0].suit
        if trump is not None and card.suit == trump != led and not any(c.suit == led for c in hand):
            return "ruff", {"led": suit_label(led)}
        if len(winners) > 1 and strength[card.index] == min(strength[c.index] for c in winners):
            return "win_cheap", {}
        return None
    if winners:
        count = extra["taken"][seat] + (points[own_down.index] if own_down else 0)
        total = count + on_table + bonus + min(points[c.index] for c in winners)
        others = sum(t for s, t in enumerate(extra["tricks"]) if s != seat)
        if not extra["special_round"] and others and count < extra["limit"] <= total:
            return "limit", {"total": total, "limit": extra["limit"]}
        return "duck", {}
    if points[card.index] == min(points[c.index] for c in legal):
        return "give_low", {}
    return None


ANSWERS: frozenset[str] = frozenset({"accept", "refuse", "show", "give", "take"})
"""The verbs of an answer to another seat's power (its prompt)."""


def power_reason(view: View, action: str) -> Message | None:
    """In the character game, what a decision about a power is: using the seat's own power (``hint.eidex.power``),
    letting its window pass (``hint.eidex.power_wait``), or answering another seat's (``hint.eidex.power_answer``,
    ``seat``: its owner; an answer to its own power's question is a use of it). Each names the character and what
    it does (``char.<id>.name``, ``char.<id>.effect``). ``None`` for a card and outside the character game."""
    extra = view["extra"]
    chars = extra.get("characters")
    if not chars:
        return None
    parsed = Action.parse(action)
    verb, args = parsed.verb, list(parsed.args)
    prompt, seat = extra.get("prompt"), bot_seat(view)
    own = chars[seat]["id"]
    if verb in ANSWERS and prompt is not None:
        owner = prompt["owner"]
        if owner == seat:  # a further step of its own power
            return msg("hint.eidex.power", **character_params(own))
        return msg("hint.eidex.power_answer", seat=seat_of(owner), **character_params(chars[owner]["id"]))
    if verb == "power" and args and args[0] == own:
        return msg("hint.eidex.power", **character_params(own))
    if verb == "decline":
        return msg("hint.eidex.power_wait", **character_params(own))
    return None


def character_params(cid: str) -> dict[str, Message]:
    """A character's name and power as message parameters (``power``, ``effect``)."""
    return {"power": msg(f"char.{cid}.name"), "effect": msg(f"char.{cid}.effect")}


def reason(view: View, advice: Advice) -> Message | None:
    """Why Hard advises ``advice.action``, in the words of the position as the seat sees it (:func:`hint_kind`):
    ``hint.eidex.<kind>`` with the card, the kind's parameters and the deals searched. In the character game (whose
    powers change what a card does in a trick) only a decision about a power has a reason of its own
    (:func:`power_reason`). ``None`` (the search's word, :func:`engine.search.explain`) for a decision that was not
    searched and a card no kind fits."""
    action = advice.action
    if "characters" in view["extra"]:
        return power_reason(view, action)
    if not advice.worlds or action not in ACTION_CARD:
        return None
    found = hint_kind(view, action)
    if found is None:
        return None
    key, params = found
    return msg(f"hint.eidex.{key}", card=card_of(ACTION_CARD[action]), worlds=advice.worlds, **params)


SEARCHER = Searcher(sample=cast("Any", sample), value=cast("Any", value), policy=PlayoutBot(), reason=reason)


class EidexSearchBot(SearchBot):
    """Hard: every legal card (a hand holds at most 12) in the same sampled deals (:meth:`worlds_for`), played out
    through the engine and valued by :func:`value`; in the character game the heuristic bot (its powers and answers)
    with ``deep`` deals per card."""

    def __init__(
        self, normal: HeuristicBot, worlds: tuple[int, int] = WORLDS, deep: int = 24, work: int = WORK
    ) -> None:
        super().__init__(SEARCHER, normal, worlds[0])
        self.bounds = worlds
        self.work = work
        self.normal = normal
        self.deep = HeuristicBot(samples=deep)

    def worlds_for(self, candidates: int, hand: int) -> int:
        """The deals a card decision of the basic game samples (:func:`scaled_worlds` of ``work``)."""
        return scaled_worlds(self.work, self.bounds, candidates, hand)

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if "characters" in view["extra"]:
            return self.deep.choose(view, legal_actions, rng)
        return self.advise(view, legal_actions, rng).action

    def free_action(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str | None:
        """Any-time powers, as the heuristic bot uses them."""
        return self.deep.free_action(view, legal_actions, rng)

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        legal = list(legal_actions)
        if len(legal) == 1 or "characters" in view["extra"]:
            action = legal[0] if len(legal) == 1 else self.deep.choose(view, legal, rng)
            return Advice(action, 0, {action: 0.0})
        candidates = [a for a in legal if Action.parse(a).verb in CARD_VERBS]
        worlds = self.worlds_for(len(candidates), len(view["hand"]))
        means = mean_values(view, candidates, worlds, rng, sample, play_out, value, quiet=True)
        points = contract_of(view).points
        best = max(candidates, key=lambda a: (means[a], -points[ACTION_CARD[a].index]))
        return Advice(best, worlds, means)


class EidexCarelessBot(CarelessBot):
    """Easy: the heuristic bot's move, now and then a random card instead; its powers as the heuristic bot's."""

    def __init__(self, steady: HeuristicBot, slip: float = 0.3):
        super().__init__(steady, slip)
        self.normal = steady

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        cards = [a for a in legal_actions if Action.parse(a).verb in CARD_VERBS]
        if len(cards) == len(legal_actions):
            return super().choose(view, legal_actions, rng)
        return self.normal.choose(view, legal_actions, rng)

    def free_action(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str | None:
        """Any-time powers, as the heuristic bot uses them."""
        return self.normal.free_action(view, legal_actions, rng)
