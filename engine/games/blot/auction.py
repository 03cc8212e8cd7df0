"""Hard's auction in Blot: the heuristic's call, pass and contra each tried on deals that fit the calls the table
has made, the rest of the auction called by the heuristic and the hand played out by the card search's playout
policy; pass or contra is made instead of the heuristic's call when its mean score lead for the team beats the
heuristic's by :data:`MARGIN`: Hard lets the rivals have a contract rather than outbid them into one it goes down
in, and doubles a contract they go down in.

A seat's calls say something of its hand: a deal is kept when every other seat's hand makes the calls it made as
the heuristic would make them (a pass as a pass, a bid in the same strain, a contra as a contra), drawn a bounded
number of times per seat, the seats that bid first and dealt the least their bid's suit needs."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.bots import bot_seat
from engine.cards import JACK, NINE, Card, parse_cards
from engine.core import Deal
from engine.games.blot.bot import HeuristicBot
from engine.games.blot.play import trump_suit
from engine.games.blot.state import BID_OF_ACTION, Blot
from engine.games.blot.tables import DECK
from engine.search import Advice
from engine.views import View

HEURISTIC = HeuristicBot()
HAND_TRIES = 24
"""Hands tried for a seat before one that does not make its calls is kept."""
MARGIN = 4.0
"""Points a call must gain over the heuristic's, on the mean over the deals, to be made instead: the best of several
noisy means is flattered by its luck."""


@dataclass(frozen=True)
class Heard:
    """A call another seat made: the view it was made from (any hand), what was legal, the call."""

    seat: int
    view: View
    legal: tuple[str, ...]
    action: str


def heard(view: View) -> list[Heard]:
    """The calls the other seats have made this hand, each with the position it was made in."""
    extra = view["extra"]
    me = bot_seat(view)
    hands = [list(DECK[8 * i : 8 * i + 8]) for i in range(4)]
    game = Blot(4, extra["options"], 0, dealer=view["dealer"], deal=Deal(hands=hands))
    game.quiet = True
    out: list[Heard] = []
    for call in extra["auction"]:
        seat, action = call["seat"], call["call"]
        if seat != me:
            out.append(Heard(seat, game.view(seat), tuple(game.legal_actions(seat)), action))
        game.apply(seat, action, trusted=True)
    return out


def _same(call: str, said: str) -> bool:
    """Whether the heuristic's ``call`` tells what ``said`` told: the same word, a bid in the same strain."""
    if call in BID_OF_ACTION and said in BID_OF_ACTION:
        return BID_OF_ACTION[call][1] == BID_OF_ACTION[said][1]
    return call == said


def _fits(hand: list[Card], calls: Sequence[Heard]) -> bool:
    return all(_same(HEURISTIC.call(h.view, hand, h.legal), h.action) for h in calls)


def _draw(left: list[Card], calls: Sequence[Heard], rng: random.Random) -> list[Card]:
    """Eight of the ``left`` cards for a seat that made ``calls``: at random, but a seat that bid one trump suit is
    dealt three of it with its jack or nine first (the least the heuristic bids on), so that few draws miss."""
    strains = {BID_OF_ACTION[h.action][1] for h in calls if h.action in BID_OF_ACTION}
    trump = trump_suit(strains.pop()) if len(strains) == 1 else None
    suit = [c for c in left if c.suit == trump]
    core = [c for c in suit if c.rank in (JACK, NINE)]
    if trump is None or not core or len(suit) < 3:
        return rng.sample(left, 8)
    first = core[rng.randrange(len(core))]
    chosen = [first, *rng.sample([c for c in suit if c != first], 2)]
    return chosen + rng.sample([c for c in left if c not in chosen], 5)


def deal_hands(view: View, calls: Sequence[Heard], rng: random.Random) -> list[list[Card]]:
    """The four hands of a deal the view's seat may be in: its own, and the others' each drawn until it makes the
    seat's calls (at most :data:`HAND_TRIES` times), the seats that bid drawn first."""
    me = bot_seat(view)
    mine = parse_cards(view["hand"])
    left = [c for c in DECK if c not in set(mine)]
    others = [s for s in range(4) if s != me]
    by_seat = {s: [h for h in calls if h.seat == s] for s in others}
    others.sort(key=lambda s: -sum(h.action != "pass" for h in by_seat[s]))
    hands: list[list[Card]] = [[], [], [], []]
    hands[me] = mine
    for seat in others[:-1]:
        hand = _draw(left, by_seat[seat], rng)
        for _ in range(HAND_TRIES - 1):
            if _fits(hand, by_seat[seat]):
                break
            hand = _draw(left, by_seat[seat], rng)
        hands[seat] = hand
        taken = set(hand)
        left = [c for c in left if c not in taken]
    hands[others[-1]] = left
    return hands


def world(view: View, hands: list[list[Card]], rng: random.Random) -> Blot:
    """A Blot game at the view's position in the auction, dealt ``hands``."""
    extra = view["extra"]
    game = Blot(4, extra["options"], rng.randrange(2**32), dealer=view["dealer"], deal=Deal(hands=hands))
    game.quiet = True
    game.score = list(extra["score"])
    game.hand_no = view["hand_no"]
    game.sheet_rows = [list(row) for row in view["sheet"]["rows"]]
    game.last_hand = dict(extra["last_hand"]) if extra["last_hand"] else None
    for call in extra["auction"]:
        game.apply(call["seat"], call["call"], trusted=True)
    return game


def candidates(legal: Sequence[str], preferred: str) -> list[str]:
    """The calls worth searching: the heuristic's, pass and contra. Hard departs from the heuristic only to let the
    rivals have a contract rather than outbid them, or to double them: on the tuning boards (seeds 0-49) its own bids
    where the heuristic passed, jumps above the heuristic's bid and recontras lost more than they won against the
    table's real play, where the play-outs, whose declarers play worse than the table's, had them gain."""
    return list(dict.fromkeys([preferred, *(a for a in ("pass", "contra") if a in legal)]))


Playout = Callable[[Blot, random.Random], None]
Value = Callable[[Blot, int], float]


def finish_hand(game: Blot, rng: random.Random, play_cards: Playout) -> None:
    """The rest of the current hand: the auction called by the heuristic, then the cards by ``play_cards``."""
    hand = game.hand_no
    while game.phase == "auction" and game.hand_no == hand and not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, HEURISTIC.choose(game.view(seat), game.legal_actions(seat), rng), trusted=True)
    if game.hand_no == hand:
        play_cards(game, rng)


def advise_call(
    view: View,
    legal: Sequence[str],
    rng: random.Random,
    worlds: int,
    play_cards: Playout,
    value: Value,
) -> Advice:
    """Hard's call: each of :func:`candidates` tried in ``worlds`` deals (:func:`deal_hands`), the rest of the hand
    played out the same way for every call in a deal; the best mean score lead, the heuristic's call on ties."""
    preferred = HEURISTIC.choose(view, legal, rng)
    tried = candidates(legal, preferred)
    if len(tried) == 1:
        return Advice(preferred, 0, {preferred: 0.0})
    seat = bot_seat(view)
    calls = heard(view)
    totals = dict.fromkeys(tried, 0.0)
    for _ in range(worlds):
        start = world(view, deal_hands(view, calls, rng), rng)
        seed = rng.getrandbits(64)
        for action in tried:
            playout = random.Random(seed)
            game = start.clone(playout)
            game.apply(seat, action, trusted=True)
            finish_hand(game, playout, play_cards)
            totals[action] += value(game, seat)
    means = {a: t / worlds for a, t in totals.items()}
    best = max(tried, key=lambda a: (means[a], a == preferred))
    if means[best] < means[preferred] + MARGIN:
        best = preferred
    return Advice(best, worlds, means)
