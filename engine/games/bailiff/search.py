"""Bailiff's search: deals consistent with a seat's view, a cheap playout policy, and the Hard bot.

What a seat has seen: its own hand, the pile on the table, every card sent out of play (``extra.gone``), the number
of cards in each hand and in the stock. A card taken up from a pile is hidden again once it is in a hand (the table
redacts it too), so every other card may lie in any other hand or in the stock: :func:`sample` deals them at random
into places of the known sizes.

:class:`HardBot` is a determinized Monte Carlo search played through the game's own rules (``Bailiff.apply``):
each candidate action is tried in the same sampled worlds and played out by :func:`policy_action`, a light
version of the Normal bot reading the sampled hands bit by bit; a playout that runs past ``horizon`` actions is
judged by :func:`value` from the cards each seat still holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action
from engine.bots import Bot, bot_seat
from engine.core import Deal, Game
from engine.games.bailiff.state import (
    _ABOVE,
    _BIT_OF_TEXT,
    _CARD_OF_BIT,
    _PLAY_OF_BIT,
    _RANK_MASK,
    _TEXT_OF_BIT,
    Bailiff,
)
from engine.games.bailiff.tables import ACE, MAX_GROUP, RANK_ORDER, allowed_moves
from engine.messages import Message, cards, msg
from engine.search import Advice, SearchBot, Searcher
from engine.views import TableView, View

KING = ACE - 1
"""Rank index of the king."""

PLAYOUT_WANDER = 0.1
"""The share of playout turns on which the policy lays a random card (as the Normal bot does), so that playouts
between policies short of aces still end."""

TAKE_PILE = 3
"""The policy takes a pile of at most this many cards rather than lay a king or an ace on it (as the Normal bot)."""

CARD_WEIGHT = 0.08
"""In a playout stopped at the horizon, each card a seat holds more than the others costs it this much value."""

ACE_WEIGHT = 0.15
"""...and each ace it holds is worth this much (an ace sends a pile away)."""


def sample(view: View, rng: random.Random) -> Bailiff:
    """A game in the position ``view`` shows, the cards its seat has not seen dealt at random into the other hands
    and the stock (their sizes as the view shows them). Reads the view only."""
    seat = bot_seat(view)
    extra = view["extra"]
    players = view["players"]
    known = {_BIT_OF_TEXT[t] for t in view["hand"]}
    plays = _plays_of(view["table"])
    gone = [_BIT_OF_TEXT[t] for t in extra["gone"]]
    known.update(b for _, bits in plays for b in bits)
    known.update(gone)
    unseen = [b for b in range(36) if b not in known]
    rng.shuffle(unseen)
    hands = [0] * players
    for s in range(players):
        if s == seat:
            for t in view["hand"]:
                hands[s] |= 1 << _BIT_OF_TEXT[t]
            continue
        for b in unseen[: view["seats"][s]["cards"]]:
            hands[s] |= 1 << b
        del unseen[: view["seats"][s]["cards"]]
    if len(unseen) != view["stock"]:
        raise ValueError("the view's counts do not add up to the deck")
    game = Bailiff.blank(
        players, {"ace_covers_four": extra["ace_covers_four"], "max_turns": extra["max_turns"]}, dealer=view["dealer"]
    )
    game.dealer = view["dealer"]
    game.hand_no = view["hand_no"]
    game.hand_deal = Deal(hands=[[_CARD_OF_BIT[b] for b in range(36) if h >> b & 1] for h in hands])
    game.losses = list(extra["losses"])
    game.hands = hands
    game.stock = unseen
    game.plays = plays
    top = extra["top"]
    game.group = top["group"] if top else 0
    game.top = plays[-1][1][-1] >> 2 if plays else 0
    game.gone = gone
    last = view["last_trick"]
    if last is None:
        game.last_clear = None
    else:
        cleared = _plays_of(last)
        game.last_clear = (cleared[-1][0], cleared)
    game.places = list(extra["places"])
    game.loser = extra["loser"]
    game.stopped = False
    game.turns = extra["turns"]
    game.current = view["to_act"][0] if view["to_act"] else seat
    game.note = None
    return game


def _plays_of(pile: TableView) -> list[tuple[int, list[int]]]:
    """A pile of the view as the game keeps it: ``(seat, bits)`` per move."""
    out = []
    for p in pile["plays"]:
        seat = p["seat"]
        if seat is None:
            raise ValueError("every move of a Bailiff pile has a seat")
        out.append((seat, [_BIT_OF_TEXT[t] for t in p["cards"]]))
    return out


def value(game: Game, seat: int) -> float:
    """1 for a game ``seat`` did not lose, -1 for one it lost; short of the end, a guess in between from the cards
    every seat holds (fewer than the others is better, aces help)."""
    if not isinstance(game, Bailiff):
        raise TypeError("a Bailiff value needs a Bailiff game")
    if game.loser is not None:
        return -1.0 if game.loser == seat else 1.0
    counts = [h.bit_count() for h in game.hands]
    others = [c for s, c in enumerate(counts) if s != seat and s not in game.places]
    if not others:
        return 1.0
    lead = max(others) - counts[seat]
    aces = (game.hands[seat] & _RANK_MASK[ACE]).bit_count()
    guess = CARD_WEIGHT * lead + ACE_WEIGHT * aces
    return max(-0.9, min(0.9, guess))


def _play_text(bits: Sequence[int]) -> str:
    return "play " + " ".join(_TEXT_OF_BIT[b] for b in bits)


def _lowest(mask: int, k: int) -> list[int]:
    """The ``k`` lowest cards of ``mask`` (fewer if it holds fewer)."""
    out: list[int] = []
    while mask and len(out) < k:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def policy_action(game: Bailiff, seat: int, rng: random.Random) -> str:
    """The playout policy (the Normal bot's rules read from the hand's bits): extend when it can, else lay the
    cheapest lead, raise or cover (aces last), take a small pile rather than lay a king or an ace on it; now and
    then a random card."""
    hand = game.hands[seat]
    group, top = game.group, game.top
    if rng.random() < PLAYOUT_WANDER:
        plays = [a for a in game.legal_actions(seat) if a != "take"]
        if plays:
            return plays[rng.randrange(len(plays))]
    if not group:
        return _PLAY_OF_BIT[(hand & -hand).bit_length() - 1]
    same = hand & _RANK_MASK[top]
    if same and group < MAX_GROUP:
        return _PLAY_OF_BIT[(same & -same).bit_length() - 1]
    above = hand & _ABOVE[top]
    aces = hand & _RANK_MASK[ACE]
    pile = sum(len(bits) for _, bits in game.plays)
    if group == 1:
        if not above:
            return "take"
        low = (above & -above).bit_length() - 1
        if pile <= TAKE_PILE and low >> 2 >= KING:
            return "take"
        return _PLAY_OF_BIT[low]
    cover = _lowest(above & ~_RANK_MASK[ACE], group)
    if len(cover) == group:
        if pile <= TAKE_PILE and cover[-1] >> 2 >= KING:
            return "take"
        return _play_text(cover)
    if aces and "ace" in allowed_moves(group, game.options):
        if pile <= TAKE_PILE:
            return "take"
        return _PLAY_OF_BIT[(aces & -aces).bit_length() - 1]
    cover = _lowest(above, group)
    if len(cover) == group and pile > TAKE_PILE:
        return _play_text(cover)
    return "take"


def playout(game: Bailiff, rng: random.Random, horizon: int) -> int:
    """Let :func:`policy_action` play every seat until the game ends or ``horizon`` actions; the actions applied."""
    count = 0
    while game.loser is None and count < horizon:
        seat = game.current
        game.apply(seat, policy_action(game, seat, rng), trusted=True)
        count += 1
    return count


class PolicyBot:
    """The playout policy as a bot (for :class:`engine.search.Searcher`): plays from the seat's own hand only."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        world = sample(view, rng)
        action = policy_action(world, bot_seat(view), rng)
        return action if action in legal_actions else legal_actions[0]


def reason(view: View, advice: Advice) -> Message:
    """A player's reason for an advised move, by the kind of move: a take, an ace that sends the pile away, an
    extension, a lead of the lowest rank held (:func:`lowest_lead`) or of a higher one, the lowest cards that answer
    the top (:func:`lowest_answer`) or another answer, with how many deals it was played out in."""
    action = Action.parse(advice.action)
    laid = list(action.args)
    top = view["extra"]["top"]
    if action.verb == "take":
        kind = "take"
    elif any(t[:-1] == RANK_ORDER[ACE] for t in laid):
        kind = "ace"
    elif top is None:
        kind = "lead" if lowest_lead(view, laid) else "lead_high"
    elif len(laid) == 1 and laid[0][:-1] == top["rank"]:
        kind = "extend"
    elif lowest_answer(view, laid):
        kind = "lowest_raise" if len(laid) == 1 else "lowest_cover"
    else:
        kind = "answer"
    return msg(f"hint.bailiff.{kind}", cards=cards(laid), worlds=advice.worlds)


def lowest_lead(view: View, laid: Sequence[str]) -> bool:
    """Whether the lead ``laid`` is of the lowest rank the hand holds: the stronger cards stay in the hand."""
    rank = RANK_ORDER.index
    return rank(laid[0][:-1]) == min(rank(c[:-1]) for c in view["hand"])


def lowest_answer(view: View, laid: Sequence[str]) -> bool:
    """Whether ``laid`` (a raise or a cover, no ace) are the lowest cards of the hand above the top's rank (aces
    aside: they answer anything), with a higher card still kept."""
    rank = RANK_ORDER.index
    ranks = [rank(c[:-1]) for c in view["hand"]]
    above = sorted(r for r in ranks if rank(view["extra"]["top"]["rank"]) < r != ACE)
    low = sorted(rank(c[:-1]) for c in laid)
    return low == above[: len(laid)] and any(r > low[-1] for r in ranks)


SEARCHER = Searcher(sample=sample, value=value, policy=PolicyBot(), reason=reason)


class HardBot(SearchBot):
    """The Hard level: every candidate action (the prior's choice and up to ``wide - 1`` others) is tried in
    ``worlds`` sampled deals, each played out by the policy for at most ``horizon`` actions with the same random
    draws for every candidate; the best mean :func:`value` wins (the prior's choice on ties). The playouts run on
    quiet copies of the sampled game (``Bailiff.clone``, ``Bailiff.quiet``): the same rules, no narration."""

    def __init__(self, prior: Bot, worlds: int = 24, wide: int = 10, horizon: int = 200):
        super().__init__(SEARCHER, prior, worlds, wide)
        self.horizon = horizon

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        """The searched action with every candidate's mean value."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return Advice(legal[0], 0, {legal[0]: 0.0})
        seat = bot_seat(view)
        preferred = self.prior.choose(view, legal, rng)
        candidates = [preferred] + [a for a in legal if a != preferred]
        if len(candidates) > self.wide:
            candidates = [preferred] + rng.sample(candidates[1:], self.wide - 1)
        totals = dict.fromkeys(candidates, 0.0)
        for _ in range(self.worlds):
            world = sample(view, rng)
            world.quiet = True
            draws = rng.getrandbits(64)
            for action in candidates:
                game = world.clone()
                game.apply(seat, action, trusted=True)
                playout(game, random.Random(draws), self.horizon)
                totals[action] += value(game, seat)
        means = {a: t / self.worlds for a, t in totals.items()}
        best = max(candidates, key=lambda a: (means[a], a == preferred))
        return Advice(best, self.worlds, means)
