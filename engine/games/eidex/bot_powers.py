"""The Eidex heuristic bot's powers: a policy for every character power, consent and question (issue 16).

The bot reads only its own view and legal actions. Each power is used when a simple rule or a look-ahead says it
helps; the look-aheads never restate the rules:

* :func:`guess` deals the cards this seat has not seen to the other hands, face-down cards and face-down trick
  cards at random, keeping what the seat knows of their places (Voyeur's look, Quizmaster's public answers);
* :func:`rebuild` makes an :class:`EidexGame` (``Game.blank``) of that guess at the view's moment, so a power is
  tried by the engine itself: the trick a power changes (Jiu-Jitsu, Feministin, Fürsorge, Skat as a reaction),
  or the hand's victory points at its end (Ultimo, Computer, Weisheit's sign);
* the bot's fast :class:`~engine.games.eidex.bot.Table` play-out (on the tables' contract, limit and victory-point
  rules) values the rest of the hand, e.g. a hand swap (Dealer), a new trump (Trumphator), a limit (Radar), a new
  valuation (Guggitaler, Black Friday — computed by those characters' own ``adjust_points``), a replayed trick
  (Korrektor), a direction (Kompass).

Every random choice comes from the ``rng`` passed to the bot. :func:`choose_power` returns ``None`` when the bot
should simply play or lay a card (its play-outs choose which), else the action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.cards import JACK, NINE, SPADES, SUITS, Card, make_deck
from engine.core import Deal
from engine.games.eidex.characters import make_cast
from engine.games.eidex.characters.base import Character, Window, conflict_key
from engine.games.eidex.characters.low import GUGGITALER_LIMIT, BlackFriday, Guggitaler
from engine.games.eidex.playout import Table
from engine.games.eidex.state import EidexGame
from engine.games.eidex.tables import CONTRACTS, LAST_TRICK_BONUS, PLAYERS, Contract
from engine.views import Event

if TYPE_CHECKING:
    from engine.games.eidex.bot import HeuristicBot

DECK: tuple[Card, ...] = tuple(make_deck(36))
RAVEN_JACK = Card(JACK, SPADES).index
LOOK = 6
"""Random deals tried for a power decision (fewer than for a card: decisions must stay fast)."""
ENGINE_LOOK = 4
"""Random deals tried when the engine itself plays a power out (slower than the bot's own play-out)."""
MARGIN = 0.15
"""How much more VP (on average per hand) a swap of hands must promise before the bot offers or accepts it."""
THEN = {
    "before_discard": "_open_discard",
    "after_discard": "_first_trick",
    "first_lead": "_first_leader",
    "before_trick": "_no_events",
    "trick_complete": "_close_trick",
    "trick_scored": "_next_trick",
    "hand_end": "_score_hand",
}
"""What the state does once each blocking window is settled (``state._run``'s ``then``)."""


# ---- what the seat knows ---------------------------------------------------------------------------------
def idx(text: str) -> int:
    return Card.parse(text).index


def my_id(view: dict[str, Any]) -> str:
    cid: str = view["extra"]["characters"][view["seat"]]["id"]
    return cid


def contract_of(view: dict[str, Any]) -> Contract:
    """The contract in force as the view shows it: the mode's strengths and the card points in force."""
    extra = view["extra"]
    trump = SUITS.index(extra["trump"]) if extra["trump"] else None
    base = CONTRACTS[(extra["mode"], trump)]
    points = tuple(extra.get("real_points") or base.points)
    return Contract(base.mode, base.trump, base.strength, points)


def trick_of(view: dict[str, Any]) -> list[tuple[int, int | None]]:
    """The trick on the table: (seat, card index or None when face down)."""
    return [(p["seat"], idx(p["cards"][0]) if p["cards"][0] else None) for p in view["table"]["plays"]]


def own_down(view: dict[str, Any]) -> int | None:
    card = view["extra"]["discards"][view["seat"]]
    return None if card is None else idx(card)


def placed(view: dict[str, Any]) -> tuple[dict[int, set[int]], dict[int, set[int]], set[int]]:
    """What the seat knows of other hands: cards a seat holds (Voyeur's look, a public "yes" of Quizmaster),
    cards or suits a seat does not hold (a public "no"), as ``(holds, lacks, void suits as seat*4+suit)``."""
    extra, seat = view["extra"], view["seat"]
    holds: dict[int, set[int]] = {}
    lacks: dict[int, set[int]] = {}
    voids: set[int] = set()
    for target, cards in extra.get("private", {}).get("voyeur", {}).items():
        holds.setdefault(int(target), set()).update(idx(c) for c in cards)
    for character in extra["characters"]:
        for q in character.get("questions") or ():
            target = q["target"]
            if target == seat:
                continue
            if q["kind"] == "card":
                face = q["args"][0]
                card = idx(face["rank"] + face["suit"]) if isinstance(face, dict) else idx(face)
                (holds if q["answer"] else lacks).setdefault(target, set()).add(card)
            elif q["kind"] == "suit" and not q["answer"]:
                voids.add(target * 4 + SUITS.index(q["args"][0]))
    return holds, lacks, voids


class Guess:
    """One random deal of the unseen cards: ``hands`` by seat (card indices; the seat's own exact), ``downs`` the
    face-down card by seat (``None``: none), ``trick`` the trick with its face-down cards filled in."""

    def __init__(self, hands: list[list[int]], downs: list[int | None], trick: list[tuple[int, int]]):
        self.hands, self.downs, self.trick = hands, downs, trick


def guess(view: dict[str, Any], rng: random.Random) -> Guess:
    """Deal what the seat has not seen to where it cannot see, keeping what it knows (:func:`placed`). Cards the
    seat saw played but that went back to a hand (Zombie, Korrektor) fill any gap."""
    extra, seat = view["extra"], view["seat"]
    mine = [idx(c) for c in view["hand"]]
    trick = trick_of(view)
    down = own_down(view)
    seen = {*mine, *(idx(c) for c in extra["played"]), *(c for _, c in trick if c is not None)}
    if down is not None:
        seen.add(down)
    pool = [c.index for c in DECK if c.index not in seen]
    rng.shuffle(pool)
    spare = [c for c in (idx(c) for c in extra["played"]) if c not in mine and c != down]
    rng.shuffle(spare)
    holds, lacks, voids = placed(view)
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    hands[seat] = mine
    sizes = [0 if s == seat else view["seats"][s]["cards"] for s in range(PLAYERS)]
    for s, cards in holds.items():
        for card in cards:
            if card in pool and len(hands[s]) < sizes[s]:
                pool.remove(card)
                hands[s].append(card)
    for s in range(PLAYERS):
        if s == seat:
            continue
        banned = lacks.get(s, set())
        while len(hands[s]) < sizes[s]:
            pick = next(
                (c for c in pool if c not in banned and s * 4 + c // 9 not in voids),
                pool[0] if pool else None,
            )
            if pick is None:
                pick = spare.pop() if spare else next(c.index for c in DECK if c.index not in hands[s])
            else:
                pool.remove(pick)
            hands[s].append(pick)
    downs: list[int | None] = [None] * PLAYERS
    downs[seat] = down
    for s in range(PLAYERS):
        if s != seat and extra["discarded"][s]:
            downs[s] = pool.pop() if pool else None
    filled = [(s, c if c is not None else (pool.pop() if pool else mine[0])) for s, c in trick]
    return Guess(hands, downs, filled)


def base_points(view: dict[str, Any], g: Guess, contract: Contract) -> list[int]:
    """Each seat's card points so far: taken in tricks plus its (guessed) face-down card."""
    taken = view["extra"]["taken"]
    return [taken[s] + (contract.points[d] if (d := g.downs[s]) is not None else 0) for s in range(PLAYERS)]


def tricks_total(view: dict[str, Any]) -> int:
    """The tricks this hand will have (for a Match): those taken plus those the cards in hand still make."""
    extra = view["extra"]
    cards: int = sum(s["cards"] for s in view["seats"]) + len(view["table"]["plays"])
    taken: list[int] = extra["tricks"]
    return sum(taken) + max(1, cards // PLAYERS)


def table_for(bot: HeuristicBot, view: dict[str, Any], contract: Contract | None = None, **changes: Any) -> Table:
    """The play-out table of the view's moment; ``changes`` override its limit, bonus, direction..."""
    extra, seat = view["extra"], view["seat"]
    peter = -1
    for ch in extra["characters"]:
        if ch["id"] == "schwarzpeter" and ch.get("declared") and ch["active"]:
            peter = RAVEN_JACK
    settings = {
        "limit": extra["limit"],
        "bonus": extra.get("bonus", LAST_TRICK_BONUS),
        "direction": extra.get("direction", 1),
        "peter": peter,
        "total": tricks_total(view),
    }
    settings.update(changes)
    limit = settings.pop("limit")
    return Table(
        contract or contract_of(view), seat, limit, extra["special_round"], extra["vp"], extra["tricks"], **settings
    )


def first_leader(view: dict[str, Any]) -> int:
    """Who leads the trick to come: the last trick's winner, or in trick 1 the seat next to the dealer."""
    last = view["last_trick"]
    if last is not None and view["phase"] == "play":
        winner: int = last["winner"]
        return winner
    dealer_seat: int = view["dealer"]
    direction: int = view["extra"].get("direction", 1)
    return (dealer_seat + direction) % PLAYERS


def average(
    bot: HeuristicBot,
    view: dict[str, Any],
    rng: random.Random,
    options: Sequence[Any],
    play: Callable[[Any, Guess, random.Random], float],
    samples: int = LOOK,
) -> list[float]:
    """The mean of ``play(option, guess, rng)`` over random deals, the same deals and play-out seeds for every
    option (so differences come from the options, not from luck). Every second deal is the one before with the
    other two seats' face-down cards swapped, so at the hand's end (where those are all that is unseen) both
    ways they may lie are weighed."""
    totals = [0.0] * len(options)
    seat = view["seat"]
    g = None
    for n in range(samples):
        if n % 2 and g is not None:
            a, b = [s for s in range(PLAYERS) if s != seat]
            downs = list(g.downs)
            downs[a], downs[b] = downs[b], downs[a]
            g = Guess(g.hands, downs, g.trick)
        else:
            g = guess(view, rng)
        seed = rng.random()
        for i, option in enumerate(options):
            totals[i] += play(option, g, random.Random(seed))
    return [t / samples for t in totals]


def hand_value(
    bot: HeuristicBot,
    view: dict[str, Any],
    g: Guess,
    rng: random.Random,
    table: Table | None = None,
    hand: list[int] | None = None,
    leader: int | None = None,
) -> float:
    """The VP the seat may expect from the start of a trick (or, in the discard phase, from the first trick, having
    laid its cheapest card face down), playing ``hand`` (default: its own) under ``table``."""
    table = table or table_for(bot, view)
    seat = view["seat"]
    hands = [list(h) for h in g.hands]
    if hand is not None:
        hands[seat] = list(hand)
    points = base_points(view, g, table_contract(table))
    if view["phase"] == "discard" and g.downs[seat] is None and hands[seat]:
        value, strength = table.points, table.strength
        cheap = min(hands[seat], key=lambda c: (value[c], strength[c]))
        hands[seat].remove(cheap)
        points[seat] += value[cheap]
        for s in range(PLAYERS):
            if s != seat and len(hands[s]) > len(hands[seat]):
                down = hands[s].pop()
                points[s] += value[down]
    start = first_leader(view) if leader is None else leader
    return table.playout(hands, [], [], points, start, rng)


def table_contract(table: Table) -> Contract:
    return Contract("", None if table.trump < 0 else table.trump, table.strength, table.points)


# ---- the engine's own look-ahead ---------------------------------------------------------------------------
def rebuild(view: dict[str, Any], g: Guess, seed: int = 0) -> EidexGame:
    """An :class:`EidexGame` at the view's moment holding the guessed cards (``Game.blank``): the characters with
    their public state, the open window (for this seat alone), the trick, the points and tricks so far. What the
    view does not show (another power's private choice, earlier tricks' piles) is left at its start value."""
    extra, seat = view["extra"], view["seat"]
    chars = extra["characters"]
    cards = [ch["rank"] + ch["suit"] for ch in chars]
    gugg = extra.get("bonus", LAST_TRICK_BONUS) == 0
    options = {
        "ace_six_no_trump": extra["mode"] != "trump",
        "limit": 100 if gugg else extra["limit"],
        "advanced": True,
        **extra["rules"],
        "characters": cards,
    }
    game = EidexGame.blank(PLAYERS, options, seed, dealer=view["dealer"])
    game.vp, game.limit, game.bonus = list(extra["vp"]), options["limit"], LAST_TRICK_BONUS
    game.window, game.prompts = None, []
    game.cast = make_cast(game, cards)
    game.order = sorted(game.cast, key=lambda ch: conflict_key(ch.card))
    game.dealer, game.hand_no = view["dealer"], view["hand_no"]
    game.sheet_rows, game.last_hand, game.winners, game.final_discards = [], None, [], []
    hands = [[DECK[c] for c in h] for h in g.hands]
    trump = SUITS.index(extra["trump"]) if extra["trump"] else None
    game.contract = CONTRACTS[(extra["mode"], trump)]
    shown = extra["shown"]["card"]
    game.shown = Card.parse(shown) if shown else Card(NINE if trump is None else 6, trump or 0)
    game.second_card = game.shown
    game.hand_deal = Deal(hands=[list(h) for h in hands], shown=game.shown)
    game.hands = hands
    game.discards = [None if d is None else DECK[d] for d in g.downs]
    game.trick = [(s, DECK[c]) for s, c in g.trick]
    game.won = [[] for _ in range(PLAYERS)]
    game.played = [Card.parse(c) for c in extra["played"]]
    game.bonus_got = list(extra["taken"])
    game.tricks = list(extra["tricks"])
    game.closed = sum(extra["tricks"])
    game.trick_no = game.closed + 1
    game.trick_id = game.closed
    game.last_trick = view["last_trick"]
    game.special = extra["special_round"]
    game.phase = view["phase"]
    game.direction = extra.get("direction", 1)
    game.trick_size = extra.get("trick_size", PLAYERS)
    face_down = {DECK[c] for (s, c), p in zip(g.trick, view["table"]["plays"], strict=True) if p["cards"][0] is None}
    game.face_down = face_down
    game.secret = {c: {s} for s, c in game.trick if c in face_down}
    game.led_suit = game.trick[0][1].suit if game.trick else None
    game.barred = {}
    game.known = [set() for _ in range(PLAYERS)]
    game.public_cards = set()
    game.named = set()
    game.hidden_tricks = []
    game.last_pile = [[] for _ in range(PLAYERS)]
    game.taken = list(extra["taken"])
    game.leader = game.trick[0][0] if game.trick else first_leader(view)
    game.turn = game._next_to_play(game.trick[-1][0]) if game.trick else game.leader
    points = extra.get("real_points") or game.contract.points
    for ch, public in zip(game.cast, chars, strict=True):
        ch.new_hand()
        _restore(ch, public, game, points)
    game.refresh_rules()
    window = extra.get("window")
    if window and window["seats"] == [seat]:
        game.window = Window(window["name"], [seat], THEN[window["name"]])
    return game


def _restore(ch: Any, public: dict[str, Any], game: EidexGame, points: Sequence[int]) -> None:
    """A character's state as far as the view shows it (``points``: the card points in force)."""
    if ch.info.uses is not None and public.get("uses_left") is not None:
        ch.used = ch.info.uses - public["uses_left"]
    cid = ch.id
    if cid == "schwarzpeter":
        ch.declared = bool(public.get("declared"))
    elif cid == "differenzler":
        ch.guess = public.get("guess")
    elif cid == "weisheit" and public.get("shown"):
        ch.shown = [Card.parse(c) for c in public["shown"]]
        ch.total = public.get("points", 0)
    elif cid == "skat":
        ch.called = bool(public.get("skat"))
    elif cid == "gerechtigkeit":
        ch.remaining = public.get("justice_tricks", 0)
    elif cid == "guggitaler":
        ch.on = sum(points) == GUGGITALER_LIMIT
    elif cid == "jackpot" and public.get("seven_suit"):
        ch.seven = Card(7, SUITS.index(public["seven_suit"]))
        ch.open = ch.seven not in game.played
        ch.pile = [Card.parse(c) for c in public.get("jackpot") or () if c]
    elif cid == "blackfriday":
        base = game.contract.points
        for suit in (0, 2, 3):
            cards = range(suit * 9, suit * 9 + 9)
            if all(points[c] == 0 for c in cards) and any(base[c] for c in cards):
                ch.suit = suit
    elif cid == "excuse" and public.get("excused"):
        ch.laid = Card.parse(public["excused"])
    elif cid == "laser":
        ch.lead_drawn = game.phase == "play"
    elif cid == "seher":
        ch.laid = game.phase == "play" and game.discards[ch.seat] is not None


def simulate(game: EidexGame, seat: int, action: str, until: str) -> list[Event]:
    """Apply ``action`` for ``seat``, then let every seat decline its powers (first answer to a question, first
    legal card) until an event named ``until`` (or the hand's end) comes; return the events from the action on."""
    events: list[Any] = list(game.apply(seat, action))
    for _ in range(200):
        if game.is_over or any(e["event"] in (until, "hand") for e in events):
            break
        actor = game.to_act()[0]
        legal = game.legal_actions(actor)
        events += game.apply(actor, "decline" if "decline" in legal else legal[0])
    return events


def hand_vp(events: Sequence[Mapping[str, Any]], seat: int, vp: list[int], limit: int) -> float:
    """What the hand's end means for ``seat``: the VP it gains, and far more for winning or losing the game; ties
    go to the safer score (farther from the others' points and the limit, in thousandths), since the others'
    face-down cards are only guessed."""
    hand = next((e for e in events if e["event"] == "hand"), None)
    if hand is None:
        return 0.0
    game = next((e for e in events if e["event"] == "game"), None)
    if game is not None:
        return 10.0 if seat in game["winners"] else -10.0
    points: list[int] = hand["points"]
    mine = points[seat]
    gaps = [abs(mine - p) for s, p in enumerate(points) if s != seat]
    if mine < limit:
        gaps.append(limit - mine)
    score: list[int] = hand["score"]
    return float(score[seat] - vp[seat]) + min(min(gaps), 25) / 1000


def engine_values(
    bot: HeuristicBot, view: dict[str, Any], actions: list[str], rng: random.Random, samples: int = ENGINE_LOOK
) -> list[float]:
    """Each of this seat's window ``actions`` tried by the engine on rebuilt guesses: when it ends the hand, the
    hand's VP (:func:`hand_vp`); otherwise the trick as the engine closes it, then the play-out of the rest."""
    seat = view["seat"]
    table = table_for(bot, view)
    contract = table_contract(table)

    def play(action: str, g: Guess, prng: random.Random) -> float:
        game = rebuild(view, g, prng.getrandbits(32))
        if action not in game.legal_actions(seat):
            return -1.0
        events = simulate(game, seat, action, "trick")
        trick = next((e for e in events if e["event"] == "trick"), None)
        if trick is None or trick["last"]:
            events += [] if trick is None else simulate_rest(game)
            return hand_vp(events, seat, view["extra"]["vp"], game.limit)
        hands = [[c.index for c in h] for h in game.hands]
        points = [p + add for p, add in zip(base_points(view, g, contract), shares(game, trick), strict=True)]
        table.tricks = list(game.tricks)
        value = table.playout(hands, [], [], points, trick["winner"], prng)
        table.tricks = list(view["extra"]["tricks"])
        return value

    return average(bot, view, rng, actions, play, samples)


def shares(game: EidexGame, trick: Mapping[str, Any]) -> list[int]:
    """The card points each seat got from a trick the engine closed in a look-ahead: the ``trick`` event's, or when
    a face-down card kept them from the event, the engine's own record (the whole deal there is the bot's guess)."""
    if trick["points_by_seat"] is not None:
        return list(trick["points_by_seat"])
    return next(list(t["points_by_seat"]) for t in game.hidden_tricks if t["trick_no"] == trick["trick_no"])


def simulate_rest(game: EidexGame) -> list[Event]:
    """Decline everything until the hand's ``hand`` event."""
    events: list[Any] = []
    for _ in range(50):
        if game.is_over or any(e["event"] == "hand" for e in events):
            break
        actor = game.to_act()[0]
        legal = game.legal_actions(actor)
        events += game.apply(actor, "decline" if "decline" in legal else legal[0])
    return events


def best_of(actions: list[str], values: list[float], default: str = "decline", margin: float = 1e-9) -> str:
    """The best action, ``default`` unless another is better by more than ``margin``."""
    base = values[actions.index(default)] if default in actions else float("-inf")
    best = max(range(len(actions)), key=lambda i: values[i])
    return actions[best] if values[best] > base + margin else default


# ---- the policies ------------------------------------------------------------------------------------------
def powers(legal: Sequence[str], name: str | None = None) -> list[str]:
    return [a for a in legal if a.startswith("power ") and (name is None or Action.parse(a).args[0] == name)]


def free_power(bot: HeuristicBot, view: dict[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
    """A power this seat wants to use now although nobody waits for it (its free powers), else ``None``."""
    own = powers(legal)
    policy = TURN_POLICIES.get(my_id(view)) if own else None
    choice = policy(bot, view, own, rng) if policy else None
    return choice if choice in legal else None


def choose_power(bot: HeuristicBot, view: dict[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
    """The bot's power, consent or answer now, or ``None`` to play or lay a card."""
    extra, seat = view["extra"], view["seat"]
    prompt = extra.get("prompt")
    if prompt is not None and seat in prompt["seats"]:
        return answer(bot, view, legal, rng, prompt)
    window = extra.get("window")
    if window is not None and window["seats"] == [seat] and "decline" in legal:
        own = powers(legal)
        if not own:
            return "decline"
        policy = WINDOW_POLICIES.get(my_id(view))
        choice = policy(bot, view, own, rng, window["name"]) if policy else None
        return choice if choice in legal else "decline"
    own = powers(legal)
    if not own:
        return None
    forced = not any(Action.parse(a).verb in ("play", "discard") for a in legal)
    if forced and "decline" in legal:
        return before_laser(bot, view, legal, rng)
    policy = TURN_POLICIES.get(my_id(view))
    choice = policy(bot, view, own, rng) if policy else None
    if choice is None and forced:
        return own[0]
    return choice


# -- answers to other seats' powers
def answer(
    bot: HeuristicBot, view: dict[str, Any], legal: Sequence[str], rng: random.Random, prompt: dict[str, Any]
) -> str:
    kind = prompt["kind"]
    contract = contract_of(view)
    value, strength = contract.points, contract.strength
    hand = [idx(c) for c in view["hand"]]
    if kind == "swap":
        return "accept" if swap_gain(bot, view, rng) > MARGIN else "refuse"
    if kind == "lead":
        drawn = view["extra"].get("private", {}).get("shy", {}).get("card")
        if drawn is None:
            return "accept"
        card = idx(drawn)
        precious = value[card] >= 10 or (contract.trump is not None and card // 9 == contract.trump and value[card])
        return "refuse" if precious and "refuse" in legal else "accept"
    cheap = sorted(hand, key=lambda c: (value[c], strength[c]))
    if kind == "show":
        want = {str(DECK[c]) for c in cheap[:5]}
        return next((a for a in legal if set(Action.parse(a).args) == want), legal[0])
    if kind == "give":
        return f"give {DECK[cheap[0]]}" if f"give {DECK[cheap[0]]}" in legal else legal[0]
    if kind == "back":
        pair = f"give {DECK[cheap[0]]} {DECK[cheap[1]]}" if len(cheap) > 1 else ""
        return pair if pair in legal else legal[0]
    if kind == "take":
        takes = [a for a in legal if a.startswith("take ")]
        return (
            max(takes, key=lambda a: (value[idx(Action.parse(a).args[0])], strength[idx(Action.parse(a).args[0])]))
            if takes
            else legal[0]
        )
    return legal[0]


def swap_gain(bot: HeuristicBot, view: dict[str, Any], rng: random.Random) -> float:
    """How much more VP a random hand from the unseen cards promises than the seat's own (Dealer's swap): a hand
    the seat cannot see is, to it, any hand those cards make."""
    seat = view["seat"]
    size = len(view["hand"])

    def play(option: bool, g: Guess, prng: random.Random) -> float:
        if not option:
            return hand_value(bot, view, g, prng)
        other = next(s for s in range(PLAYERS) if s != seat and len(g.hands[s]) == size)
        hands = [list(h) for h in g.hands]
        hands[seat], hands[other] = hands[other], hands[seat]
        return hand_value(bot, view, Guess(hands, g.downs, g.trick), prng)

    if not any(view["seats"][s]["cards"] == size for s in range(PLAYERS) if s != seat):
        return -1.0
    mine, other = average(bot, view, rng, [False, True], play)
    return other - mine


# -- window powers
def dealer(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    if swap_gain(bot, view, rng) <= MARGIN:
        return None
    vp = view["extra"]["vp"]
    return max(own, key=lambda a: vp[int(Action.parse(a).args[1])])


def by_engine(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Try each offered power and ``decline`` through the rebuilt engine; keep the best."""
    if len(own) > 8:
        own = rng.sample(own, 8)
    actions = ["decline", *own]
    return best_of(actions, engine_values(bot, view, actions, rng))


def ultimo(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    actions = ["decline", *own]
    values = engine_values(bot, view, actions, rng)
    return own[0] if values[1] >= values[0] and worth(view) > 0 else "decline"


def worth(view: dict[str, Any]) -> int:
    """The card points of the trick on the table under the valuation in force."""
    points = contract_of(view).points
    return sum(points[c] for _, c in trick_of(view) if c is not None)


def trumphator(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """A look-ahead over the suits the second-to-last card may have (it is one of the cards this seat has not
    seen, or as dealer one of its own): better on average than the trump in force by a margin?"""
    extra = view["extra"]
    if extra["mode"] != "trump":
        return None
    here = contract_of(view)
    assert here.trump is not None
    pool = [idx(c) for c in view["hand"]] if view["seat"] == view["dealer"] else None
    suits = [0, 1, 2, 3]

    def play(suit: int, g: Guess, prng: random.Random) -> float:
        return hand_value(bot, view, g, prng, table_for(bot, view, CONTRACTS[("trump", suit)]))

    values = average(bot, view, rng, suits, play, LOOK // 2)
    cards = pool or [c.index for c in DECK if c.index not in {idx(x) for x in view["hand"]}]
    weights = [sum(1 for c in cards if c // 9 == s) for s in suits]
    expected = sum(v * w for v, w in zip(values, weights, strict=True)) / max(1, sum(weights))
    return own[0] if expected > values[here.trump] + MARGIN else None


def computer(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    return by_engine(bot, view, own, rng, window)


def rauber(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    contract = contract_of(view)
    value, strength = contract.points, contract.strength
    shown = view["extra"]["shown"]["card"]
    if shown is None:
        return None
    card = idx(shown)
    if view["seat"] == view["dealer"]:
        return own[0] if value[card] >= 10 and aims_low(bot, view, rng) else None
    if strength[card] < strength[Card(NINE, card // 9).index] and value[card] < 10:
        return None
    return min(own, key=lambda a: (value[idx(Action.parse(a).args[1])], strength[idx(Action.parse(a).args[1])]))


def aims_low(bot: HeuristicBot, view: dict[str, Any], rng: random.Random) -> bool:
    """Whether the seat's hand looks like the lowest score (its expected points under a third of the hand's)."""
    return expected_points(bot, view, rng) < 40


def expected_points(bot: HeuristicBot, view: dict[str, Any], rng: random.Random, samples: int = LOOK) -> float:
    """The seat's mean final card points over play-outs from now."""
    table = table_for(bot, view)
    total = 0.0
    for _ in range(samples):
        g = guess(view, rng)
        hand_value(bot, view, g, random.Random(rng.random()), table)
        total += table.final[view["seat"]]
    return total / samples


def quizmaster(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Ask the next opponent whether he holds the most valuable card not yet seen nor asked about (the answer is
    the engine's truth and places the card for the bot's deals)."""
    extra, seat = view["extra"], view["seat"]
    contract = contract_of(view)
    asked = set()
    for ch in extra["characters"]:
        for q in ch.get("questions") or ():
            if q["kind"] == "card":
                face = q["args"][0]
                asked.add(idx(face["rank"] + face["suit"]) if isinstance(face, dict) else idx(face))
    seen = {idx(c) for c in [*view["hand"], *extra["played"]]}
    unseen = [c.index for c in DECK if c.index not in seen and c.index not in asked]
    if not unseen:
        return None
    card = max(unseen, key=lambda c: (contract.points[c], contract.strength[c]))
    target = (seat + extra.get("direction", 1)) % PLAYERS
    action = f"power quizmaster {target} card {DECK[card]}"
    return action if action in own else None


def teekranzchen(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    return own[0]


def gerechtigkeit(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    """Justice for the last two tricks when the seat's last cards hold points it would likely lose."""
    contract = contract_of(view)
    hand = [idx(c) for c in view["hand"]]
    if len(hand) != 2 or view["extra"].get("trick_size", PLAYERS) != PLAYERS:
        return None
    mine = sum(contract.points[c] for c in hand)
    return own[0] if mine >= 10 else None


def schwarzpeter(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    """Declare when the seat holds the Raven Jack with few Ravens (it can shed it on another's trick), or when it
    holds no Raven that would take a Raven trick."""
    hand = [idx(c) for c in view["hand"]]
    ravens = [c for c in hand if c // 9 == SPADES]
    if RAVEN_JACK in hand:
        return own[0] if len(ravens) <= 3 else None
    return own[0] if not any(c % 9 > JACK - 6 for c in ravens) else None


def farbenfreund(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    """Wish a suit in which the seat holds the best card still out (it takes the trick the leader must open)."""
    contract = contract_of(view)
    strength = contract.strength
    hand = [idx(c) for c in view["hand"]]
    played = {idx(c) for c in view["extra"]["played"]}
    target = Action.parse(own[0]).args[1]
    for suit in range(4):
        if suit == contract.trump:
            continue
        out = [c for c in range(suit * 9, suit * 9 + 9) if c not in played]
        mine = [c for c in hand if c // 9 == suit]
        if mine and max(out, key=lambda c: strength[c]) in mine and len(mine) < len(out):
            action = f"power farbenfreund {target} {SUITS[suit]}"
            if action in own:
                return action
    return None


def differenzler(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    guess_points = round(expected_points(bot, view, rng))
    action = f"power differenzler {guess_points}"
    return action if action in own else None


def weisheit(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    if window == "hand_end":
        return by_engine(bot, view, own, rng, window)
    return own[0]


def radar(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Play out the hand under a few limits and keep the best (the bench's limit when none is better)."""
    limits = [80, 90, 100, 110, 120]
    current = view["extra"]["limit"]

    def play(limit: int, g: Guess, prng: random.Random) -> float:
        return hand_value(bot, view, g, prng, table_for(bot, view, limit=limit))

    values = average(bot, view, rng, limits, play, LOOK)
    best = max(range(len(limits)), key=lambda i: (values[i], -abs(limits[i] - current)))
    base = values[limits.index(current)] if current in limits else float("-inf")
    if values[best] <= base:
        return None
    action = f"power radar {limits[best]}"
    return action if action in own else None


def umwerter(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Make the strongest trump (or card) the seat has not seen the lowest of its suit."""
    contract = contract_of(view)
    lows = [a for a in own if a.endswith(" low")]
    if not lows:
        return None
    seen = {idx(c) for c in view["hand"]}
    cards = [idx(Action.parse(a).args[1]) for a in lows if idx(Action.parse(a).args[1]) not in seen]
    if not cards:
        return None
    card = max(cards, key=lambda c: contract.strength[c])
    return f"power umwerter {DECK[card]} low" if contract.strength[card] > 100 else None


def zombie(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Take back a rich card of the last trick when the seat is near the limit."""
    extra, seat = view["extra"], view["seat"]
    last = view["last_trick"]
    if last is None or last["winner"] != seat:
        return None
    points = contract_of(view).points
    rich = max((points[idx(c)] for p in last["plays"] for c in p["cards"] if c), default=0)
    return own[0] if rich >= 10 and extra["taken"][seat] >= extra["limit"] - 45 else None


def korrektor(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Replay the trick (led by its leader or by the seat) when a play-out says the replay beats its outcome."""
    seat = view["seat"]
    table = table_for(bot, view)
    contract = table_contract(table)
    leader = view["table"]["plays"][0]["seat"]
    actions = ["decline", *own]

    def play(action: str, g: Guess, prng: random.Random) -> float:
        if action == "decline":
            game = rebuild(view, g, prng.getrandbits(32))
            events = simulate(game, seat, "decline", "trick")
            trick = next((e for e in events if e["event"] == "trick"), None)
            if trick is None:
                return 0.0
            if trick["last"]:
                return hand_vp(events + simulate_rest(game), seat, view["extra"]["vp"], game.limit)
            hands = [[c.index for c in h] for h in game.hands]
            points = [p + a for p, a in zip(base_points(view, g, contract), shares(game, trick), strict=True)]
            return table.playout(hands, [], [], points, trick["winner"], prng)
        hands = [list(h) for h in g.hands]
        for s, c in g.trick:
            hands[s].append(c)
        start = seat if action.endswith(" lead") else leader
        return table.playout(hands, [], [], base_points(view, g, contract), start, prng)

    values = average(bot, view, rng, actions, play, ENGINE_LOOK)
    return best_of(actions, values, margin=0.1)


def fledderer(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Push a rich card face down to the opponent nearest the limit's danger when the seat holds too many points."""
    contract = contract_of(view)
    hand = [idx(c) for c in view["hand"]]
    if sum(contract.points[c] for c in hand) < 45:
        return None
    card = max(hand, key=lambda c: (contract.points[c], -contract.strength[c]))
    vp = view["extra"]["vp"]
    choices = [a for a in own if Action.parse(a).args[2] == str(DECK[card])]
    return max(choices, key=lambda a: vp[int(Action.parse(a).args[1])]) if choices else None


def points_under(view: dict[str, Any], cls: type[Character], **state: Any) -> tuple[int, ...]:
    """The card points in force were this character's power on: computed by the character's own
    ``adjust_points`` (the engine's rule)."""
    ch = cls.__new__(cls)
    for key, value in state.items():
        setattr(ch, key, value)
    points = list(contract_of(view).points)
    ch.adjust_points(points)
    return tuple(points)


def by_valuation(
    bot: HeuristicBot,
    view: dict[str, Any],
    own: list[str],
    rng: random.Random,
    options: list[tuple[str, Contract, dict[str, int]]],
) -> str | None:
    """Play out the hand under each valuation; the best one, or None when declining is as good."""

    def play(i: int, g: Guess, prng: random.Random) -> float:
        _, contract, changes = options[i]
        return hand_value(bot, view, g, prng, table_for(bot, view, contract, **changes))

    values = average(bot, view, rng, range(len(options)), play)
    best = max(range(len(options)), key=lambda i: values[i])
    return options[best][0] if values[best] > values[0] + 0.05 else None


def guggitaler(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    here = contract_of(view)
    gugg = Contract(here.mode, here.trump, here.strength, points_under(view, Guggitaler, on=True))
    options = [("decline", here, {}), (own[0], gugg, {"limit": GUGGITALER_LIMIT, "bonus": 0, "peter": -1})]
    return by_valuation(bot, view, own, rng, options)


def blackfriday(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    here = contract_of(view)
    options: list[tuple[str, Contract, dict[str, int]]] = [("decline", here, {})]
    for action in own:
        suit = SUITS.index(Action.parse(action).args[1])
        points = points_under(view, BlackFriday, suit=suit)
        options.append((action, Contract(here.mode, here.trump, here.strength, points), {}))
    return by_valuation(bot, view, own, rng, options)


def jackpot(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Name a 7 the seat holds (it can lay it into a trick it takes), if any."""
    hand = set(view["hand"])
    return next((a for a in own if Action.parse(a).args[1] in hand), None)


def kompass(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    """Set the direction whose play-out is better (the first leader and the turn order change)."""
    direction = view["extra"].get("direction", 1)

    def play(option: int, g: Guess, prng: random.Random) -> float:
        table = table_for(bot, view, direction=option)
        return hand_value(bot, view, g, prng, table, leader=(view["dealer"] + option) % PLAYERS)

    values = average(bot, view, rng, [direction, -direction], play)
    return own[0] if values[1] > values[0] + 0.05 else None


def wunschelrute(
    bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str
) -> str | None:
    """Demand the strongest card the seat has not got (the trump Jack, then the trump Nine...)."""
    contract = contract_of(view)
    cards = [idx(Action.parse(a).args[1]) for a in own]
    shown = view["extra"]["shown"]["card"]
    cards = [c for c in cards if shown is None or c != idx(shown) or view["seat"] == view["dealer"]]
    if not cards:
        return None
    card = max(cards, key=lambda c: (contract.strength[c], contract.points[c]))
    return f"power wunschelrute {DECK[card]}"


def skat(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    return by_engine(bot, view, own, rng, window)


def konsument(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random, window: str) -> str | None:
    return by_engine(bot, view, own, rng, window)


WINDOW_POLICIES: dict[str, Callable[..., str | None]] = {
    "dealer": dealer,
    "jiujitsu": by_engine,
    "ultimo": ultimo,
    "trumphator": trumphator,
    "computer": computer,
    "rauber": rauber,
    "quizmaster": quizmaster,
    "feministin": by_engine,
    "teekranzchen": teekranzchen,
    "gerechtigkeit": gerechtigkeit,
    "skat": skat,
    "schwarzpeter": schwarzpeter,
    "farbenfreund": farbenfreund,
    "differenzler": differenzler,
    "fursorge": by_engine,
    "weisheit": weisheit,
    "radar": radar,
    "konsument": konsument,
    "umwerter": umwerter,
    "zombie": zombie,
    "korrektor": korrektor,
    "fledderer": fledderer,
    "guggitaler": guggitaler,
    "jackpot": jackpot,
    "kompass": kompass,
    "blackfriday": blackfriday,
    "wunschelrute": wunschelrute,
}
"""The policy of each power offered in a blocking window: ``(bot, view, powers, rng, window) -> action|None``."""


# -- powers beside the cards (turn and free powers)
def voyeur(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    """Look at the hand of the next opponent as soon as the play begins (the bot's deals then place those cards)."""
    if view["phase"] != "play":
        return None
    target = (view["seat"] + view["extra"].get("direction", 1)) % PLAYERS
    return next((a for a in own if a.endswith(f" {target}")), own[0])


def skat_free(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    """Call Skat on its own turn when it holds two or more Tens outside trump (they rise above Kings and Queens)."""
    if view["phase"] != "play" or view["seat"] not in view["to_act"][:1]:
        return None
    contract = contract_of(view)
    tens = [c for c in map(idx, view["hand"]) if c % 9 == 4 and c // 9 != contract.trump]
    return own[0] if len(tens) >= 2 else None


def taschenspieler(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    """Swap the face-down card for a rich card of the hand that is not a sure winner (its points are then safe)."""
    contract = contract_of(view)
    down = own_down(view)
    if down is None:
        return None
    played = {idx(c) for c in view["extra"]["played"]}
    best = None
    for action in own:
        card = idx(Action.parse(action).args[1])
        suit_out = [c for c in range(card // 9 * 9, card // 9 * 9 + 9) if c not in played]
        master = max(suit_out, key=lambda c: contract.strength[c]) == card
        worth = not master and contract.points[card] >= contract.points[down] + 10
        if worth and (best is None or contract.points[card] > contract.points[idx(Action.parse(best).args[1])]):
            best = action
    return best


def fahnder(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    """After leading the best card still out of a suit, demand the richest unseen card of that suit."""
    contract = contract_of(view)
    lead = trick_of(view)[0][1]
    if lead is None:
        return None
    played = {idx(c) for c in view["extra"]["played"]}
    mine = {idx(c) for c in view["hand"]}
    suit = lead // 9
    out = [c for c in range(suit * 9, suit * 9 + 9) if c not in played and c not in mine and c != lead]
    if not out or any(contract.strength[c] > contract.strength[lead] for c in out):
        return None
    card = max(out, key=lambda c: contract.points[c])
    action = f"power fahnder {DECK[card]}"
    return action if contract.points[card] >= 3 and action in own else None


def kompass_free(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    return None


def konsument_free(bot: HeuristicBot, view: dict[str, Any], own: list[str], rng: random.Random) -> str | None:
    """Reject another seat's card that now takes a trick worth 10 or more against the seat."""
    trick = trick_of(view)
    if not trick or trick[-1][1] is None or worth(view) < 10:
        return None
    contract = contract_of(view)
    strength = contract.strength
    led = trick[0][1] // 9 if trick[0][1] is not None else None
    visible = [(s, c) for s, c in trick if c is not None]
    top = max(visible, key=lambda sc: (sc[1] // 9 == contract.trump, sc[1] // 9 == led, strength[sc[1]]))
    return own[0] if top == trick[-1] and top[0] != view["seat"] else None


TURN_POLICIES: dict[str, Callable[..., str | None]] = {
    "voyeur": voyeur,
    "skat": skat_free,
    "taschenspieler": taschenspieler,
    "fahnder": fahnder,
    "kompass": kompass_free,
    "konsument": konsument_free,
}
"""Free powers and powers beside the cards that are decided before the card: ``(bot, view, powers, rng)``.
Shy, Excuse, Sphinx and Scharfmacher are decided with the card itself (:func:`card_power`)."""


def card_power(view: dict[str, Any], legal: Sequence[str], chosen: str, scores: dict[str, float] | None) -> str | None:
    """The power that goes with the card the play-outs chose: Excuse's card when it scored best, Sphinx's face-down
    play of a rich card that takes the trick, Scharfmacher's double trick when leading a sure winner."""
    cid = my_id(view)
    card = Action.parse(chosen).args[0]
    if cid == "excuse" and scores:
        excuses = {
            Action.parse(a).args[1]: scores.get(f"play {Action.parse(a).args[1]}") for a in powers(legal, "excuse")
        }
        best = max(scores.values())
        for text, value in excuses.items():
            if value is not None and value >= best:
                return f"power excuse {text}"
    if cid == "sphinx" and f"power sphinx {card}" in legal:
        contract = contract_of(view)
        if contract.points[idx(card)] >= 10 or contract.strength[idx(card)] > 100:
            return f"power sphinx {card}"
    if cid == "scharfmacher" and "power scharfmacher" in legal and not view["table"]["plays"]:
        contract = contract_of(view)
        played = {idx(c) for c in view["extra"]["played"]}
        c = idx(card)
        out = [x for x in range(c // 9 * 9, c // 9 * 9 + 9) if x not in played]
        master = max(out, key=lambda x: contract.strength[x]) == c
        if master and (contract.trump is None or c // 9 == contract.trump or len(out) >= 6):
            return "power scharfmacher"
    return None


def before_laser(bot: HeuristicBot, view: dict[str, Any], legal: Sequence[str], rng: random.Random) -> str:
    """Laser is to draw this seat's first lead blind and waits for its power (§1.9.2 #6): Schüchterne hands the lead
    to an opponent when his random card plays out better than her own random one; Scharfmacher does not double a
    trick whose lead he does not choose."""
    seat = view["seat"]
    if not powers(legal, "shy"):
        return "decline"
    table = table_for(bot, view)

    def blind_lead(_: int, g: Guess, prng: random.Random) -> float:
        hands = [list(h) for h in g.hands]
        card = hands[seat].pop(prng.randrange(len(hands[seat])))
        return table.playout(hands, [seat], [card], base_points(view, g, table_contract(table)), seat, prng)

    blind = average(bot, view, rng, [seat], blind_lead, LOOK // 2)[0]
    return shy_power(bot, view, legal, rng, blind) or "decline"


def shy_power(
    bot: HeuristicBot, view: dict[str, Any], legal: Sequence[str], rng: random.Random, best_own: float
) -> str | None:
    """Refuse to lead (Schüchterne) when an opponent's random lead plays out better than the seat's best lead."""
    own = powers(legal, "shy")
    if not own:
        return None

    def play(action: str, g: Guess, prng: random.Random) -> float:
        return hand_value(bot, view, g, prng, leader=int(Action.parse(action).args[1]))

    values = average(bot, view, rng, own, play, LOOK // 2)
    best = max(range(len(own)), key=lambda i: values[i])
    return own[best] if values[best] > best_own + MARGIN else None


__all__ = ["card_power", "choose_power", "free_power", "guess", "rebuild", "shy_power"]
