"""Search for bots, through the games' own rules code: determinization, playouts, and the three levels.

A game that supports search declares a :class:`Searcher` (its ``search`` module):

- ``sample(view, rng)``: a state of the game consistent with everything the view's seat has seen — its own cards,
  the cards played, the voids shown, declared combinations, bids, taken piles — with the cards it has not seen dealt
  at random among the places they may be. The seat's own view of the sample shows the same position.
- ``value(game, seat)``: how good a state is for ``seat`` once a playout has stopped (the hand over, or the game):
  a number where more is better, comparable between the states reached from one position (a points lead, a win).
- ``policy``: the bot that plays every seat during a playout (cheap: a light heuristic or random).

:class:`SearchBot` (the Hard level) is a determinized Monte Carlo search: over ``worlds`` samples, every legal
action is applied in the same sampled world and played out by the policy to the end of the hand; the action with the
best mean value is chosen. The work is counted in playouts, never in wall time, so a decision is deterministic given
the ``rng`` it is handed. :class:`CarelessBot` (Easy) plays the Normal bot's move, but now and then a random legal
one, as a beginner does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from engine.bots import Bot, bot_seat
from engine.messages import Message, msg
from engine.views import View

if TYPE_CHECKING:
    from engine.core import Game

G = TypeVar("G", bound="Game")
"""A game's own state class, as the search of that game handles it."""

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
"""The bot levels every game offers, weakest first; the names are catalog keys (``bot.level.<name>``)."""

DEFAULT_LEVEL = "normal"
"""The level of a bot seat nobody chose a level for, and of a stand-in for a dropped player at such a table."""

ALIASES: dict[str, str] = {"heuristic": "normal"}
"""Bot names of earlier versions (journals written before the levels) → the level they play as now."""


@dataclass(frozen=True)
class Searcher:
    """What search needs of a game (see the module's docstring)."""

    sample: Callable[[View, random.Random], Game]
    value: Callable[[Game, int], float]
    policy: Bot
    reason: Callable[[View, Advice], Message | None] | None = None
    """A game's own short reason for an advised action, ``None`` where it has none for it (:func:`explain` then gives
    the search's word)."""


@dataclass
class Advice:
    """A searched decision: the action, and each action's mean value over the worlds played."""

    action: str
    worlds: int
    values: dict[str, float] = field(default_factory=dict)

    def margin(self) -> float:
        """How much better the chosen action did than the next best (0 with a single action)."""
        others = sorted((v for a, v in self.values.items() if a != self.action), reverse=True)
        return self.values.get(self.action, 0.0) - others[0] if others else 0.0


def clone(game: Game) -> Game:
    """An independent copy of ``game`` to play on without touching the original (``Game.clone``: the game's own
    cheap copy where it has one)."""
    return game.clone()


def play_hand_out(game: Game, policy: Bot, rng: random.Random, max_actions: int = 2_000) -> int:
    """Let ``policy`` play every seat until the current hand ends (or the game); returns the actions applied.

    The policy is handed each seat's view and legal actions, as at a table; actions it returns are applied as
    trusted (they come from the legal list)."""
    hand = game.hand_no
    count = 0
    while not game.is_over and game.hand_no == hand and count < max_actions:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else policy.choose(game.view(seat), legal, rng)
        game.apply(seat, action, trusted=action in legal)
        count += 1
    return count


def mean_values(
    view: View,
    candidates: Sequence[str],
    worlds: int,
    rng: random.Random,
    sample: Callable[[View, random.Random], G],
    play_on: Callable[[G, random.Random], object],
    value: Callable[[G, int], float],
    quiet: bool = False,
) -> dict[str, float]:
    """Each candidate's mean value for the view's seat over ``worlds`` deals sampled from the view: in every world each
    candidate is applied to a copy and played on with the same random numbers (common random numbers, so the
    candidates differ by their own merit, not by luck). ``quiet`` worlds narrate nothing (``Game.quiet``): for a
    game whose ``play_on`` and ``value`` read no events but those a quiet game still emits."""
    seat = bot_seat(view)
    totals = dict.fromkeys(candidates, 0.0)
    for _ in range(worlds):
        world = sample(view, rng)
        world.quiet = quiet
        seed = rng.getrandbits(32)
        for action in candidates:
            game = world.clone()
            game.apply(seat, action, trusted=True)
            play_on(game, random.Random(seed))
            totals[action] += value(game, seat)
    return {a: t / worlds for a, t in totals.items()}


class SearchBot:
    """The Hard level: determinized Monte Carlo search with ``searcher.policy`` as the playout policy.

    ``worlds`` sampled deals, each action tried in every one; with more than ``wide`` legal actions, the ``prior``
    bot's choice and ``wide - 1`` others drawn at random are searched (the prior's choice stands on ties)."""

    def __init__(self, searcher: Searcher, prior: Bot, worlds: int = 24, wide: int = 12):
        self.searcher = searcher
        self.prior = prior
        self.worlds = worlds
        self.wide = wide

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        return self.advise(view, legal_actions, rng).action

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        """The searched action with every candidate's mean value."""
        seat = bot_seat(view)
        legal = list(legal_actions)
        preferred = self.prior.choose(view, legal, rng)
        if len(legal) == 1:
            return Advice(legal[0], 0, {legal[0]: 0.0})
        candidates = [preferred] + [a for a in legal if a != preferred]
        if len(candidates) > self.wide:
            candidates = [preferred] + rng.sample(candidates[1:], self.wide - 1)
        totals = dict.fromkeys(candidates, 0.0)
        for _ in range(self.worlds):
            world = self.searcher.sample(view, rng)
            for action in candidates:
                game = clone(world)
                game.apply(seat, action)
                play_hand_out(game, self.searcher.policy, rng)
                totals[action] += self.searcher.value(game, seat)
        means = {a: t / self.worlds for a, t in totals.items()}
        best = max(candidates, key=lambda a: (means[a], a == preferred))
        return Advice(best, self.worlds, means)

    def hint(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> dict[str, Any]:
        """A hint for a player: the action, a short reason, as a message (:func:`explain`), and the mean value of each
        move searched (``values``: a lesson's coach warns before one much worse than the hint's)."""
        advice = self.advise(view, legal_actions, rng)
        return {
            "action": advice.action,
            "reason": explain(self.searcher, view, advice, len(legal_actions) == 1),
            "values": {a: round(v, 3) for a, v in advice.values.items()} if advice.worlds else {},
        }


def explain(searcher: Searcher, view: View, advice: Advice, only: bool = False) -> Message:
    """The reason a hint gives for ``advice``: ``hint.only`` for the ``only`` move; the game's own
    (``searcher.reason``) where it has one for the move; else the search's word: ``hint.generic`` for a move it did
    not search, ``hint.reason.even`` when no other did worse by a tenth of a point, ``hint.reason`` with the margin."""
    if only:
        return msg("hint.only")
    own = searcher.reason(view, advice) if searcher.reason is not None else None
    if own is not None:
        return own
    margin = round(advice.margin(), 1)
    if not advice.worlds:
        return msg("hint.generic")
    if not margin:
        return msg("hint.reason.even", worlds=advice.worlds)
    return msg("hint.reason", worlds=advice.worlds, margin=margin)


class CarelessBot:
    """The Easy level: ``steady``'s move, but with probability ``slip`` a random legal one instead."""

    def __init__(self, steady: Bot, slip: float = 0.3):
        self.steady = steady
        self.slip = slip

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if len(legal_actions) > 1 and rng.random() < self.slip:
            return legal_actions[rng.randrange(len(legal_actions))]
        return self.steady.choose(view, legal_actions, rng)


def canonical(name: str | None) -> str:
    """A bot's name as it is called now (an earlier version's name of a level: that level).

    >>> canonical("heuristic"), canonical("hard"), canonical(None)
    ('normal', 'hard', '')
    """
    return ALIASES.get(name or "", name or "")
