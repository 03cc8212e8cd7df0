"""The Hard bot's review of a finished game: for every decision of the seats asked for, what the Hard bot would have
done from that seat's view only, and what the move made cost against it, estimated through the game's own search.

For each decision (a seat with more than one legal action; a forced move is never listed) the review

- asks the game's Hard bot (``DECL.bots["hard"]``) for its advice on the seat's view and legal actions, and its
  reason in the game's own terms (:func:`engine.search.explain`);
- where the bot's move differs from the move made and the bot searched the position (``Advice.worlds``), plays both
  moves out in ``worlds`` fresh deals sampled from the same view with the same random draws after them (the game's
  own sampler, playout and value: :data:`ESTIMATES`), doubled up to :data:`MAX_WORLDS` while the result is not clear,
  and states the mean difference with a 95 % interval and the deals it took. Fresh deals, not the bot's own: the
  move the bot chose for its best mean would look better on the deals that chose it.

The verdict is ``match`` (the move made is the bot's), ``cost`` (the bot's move did better and the interval lies
above zero), ``close`` (the search cannot separate the two: no verdict), ``unsearched`` (the bot answered with its
heuristic, as in an auction: no verdict) or ``skipped`` (the game's budget was spent). Costs are in the game's unit
(:data:`UNITS`).

Only the seat's view goes in, and the random numbers are drawn from that view and the move made, never from the
game's seed: deals that differ only in what the seat could not see get the same review. The work is counted in
playouts against a fixed ``budget`` per game, never in wall time.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.bots import bot_seat
from engine.core import Game
from engine.games.ass import search as ass_search
from engine.games.bailiff import search as bailiff_search
from engine.games.bank import search as bank_search
from engine.games.blot import auction as blot_auction
from engine.games.blot import search as blot_search
from engine.games.eidex import search as eidex_search
from engine.registry import get_game, replay
from engine.search import Advice, SearchBot, explain
from engine.views import View

Verdict = Literal["match", "cost", "close", "unsearched", "skipped"]

WORLDS = 64
"""Deals a decision the bot would have made otherwise is first played out in, both moves in every one."""

MAX_WORLDS = 256
"""Deals at most: while the interval still reaches zero but the bot's move did better, the deals are doubled up to
this many (a real difference is then told from luck more often)."""

BUDGET = 150_000
"""Playouts one game's review may spend (the bot's searches and the estimates together): about a minute of one core
for the longest games; a decision past it is ``skipped``."""

Z95 = 1.96
"""The normal quantile of a two-sided 95 % interval."""


@dataclass(frozen=True)
class Estimate:
    """How a game's review plays a move out: its sampler, its playout to the end of the hand (or a horizon) and the
    value of the state reached, as its Hard bot's search does; ``scale`` turns a value difference into ``unit``."""

    sample: Callable[[View, random.Random], Any]
    play_on: Callable[[Any, random.Random, View], object]
    value: Callable[[Any, int], float]
    unit: str
    scale: float = 1.0
    notable: float = 1.0
    """The least cost worth a player's notice, in ``unit``: a smaller one, however sure, gets no verdict."""
    applies: Callable[[View], bool] = lambda view: True


def _ass_play_on(game: Any, rng: random.Random, view: View) -> None:
    horizon = ass_search.HORIZON if view["phase"] == "play" else None
    ass_search.play_deal_out(game, rng, horizon)


def _blot_sample(view: View, rng: random.Random) -> Any:
    """A deal for the view: in the play as the card search samples, in the auction as Hard's auction does (each
    seat's hand fits its calls)."""
    if view["phase"] == "play":
        return blot_search.sample(view, rng)
    return blot_auction.world(view, blot_auction.deal_hands(view, blot_auction.heard(view), rng), rng)


def _blot_play_on(game: Any, rng: random.Random, view: View) -> None:
    blot_auction.finish_hand(game, rng, blot_search.play_hand)


ESTIMATES: dict[str, Estimate] = {
    "ass": Estimate(ass_search.sample, _ass_play_on, ass_search.value, "banks", notable=0.05),
    "bailiff": Estimate(
        bailiff_search.sample,
        lambda game, rng, view: bailiff_search.playout(game, rng, 200),
        bailiff_search.value,
        "chance",
        scale=50.0,  # a value of ±1 is a game not lost or lost: half a point of value is 25 % of losing
    ),
    "bank": Estimate(
        bank_search.sample, lambda game, rng, view: bank_search.play_on(game, rng), bank_search.value, "points"
    ),
    "blot": Estimate(_blot_sample, _blot_play_on, blot_search.value, "points"),
    "eidex": Estimate(
        eidex_search.sample,
        lambda game, rng, view: eidex_search.play_out(game, rng),
        eidex_search.value,
        "chance",
        applies=lambda view: "characters" not in view["extra"],
    ),
}
"""Each game's estimate (its Hard bot's sampler, playout and value) and unit: ``points`` (Bank's and Blot's score
lead), ``banks`` (Ass: banks, and points as a share of them), ``chance`` (percent of the game won, Eidex; of the game
not lost, Bailiff)."""

UNITS: dict[str, str] = {game: estimate.unit for game, estimate in ESTIMATES.items()}


@dataclass(frozen=True)
class Position:
    """A decision of a finished game: the step (the number of actions before it), the seat, what it saw, what it
    could do and what it did."""

    step: int
    seat: int
    view: View
    legal: list[str]
    made: str


def positions(record: Mapping[str, Any], seats: Iterable[int]) -> Iterator[Position]:
    """Every decision of ``seats`` in a game's record, forced ones included, rebuilt by replay."""
    wanted = set(seats)
    game = replay({**record, "actions": []})
    for step, (seat, action) in enumerate(record["actions"]):
        if seat in wanted:
            yield Position(step, seat, game.view(seat), list(game.legal_actions(seat)), action)
        game.apply(seat, action, trusted=True)


def seed_of(position: Position) -> int:
    """The review's random seed for a decision: from what the seat saw and did only (never the game's seed)."""
    text = json.dumps([position.view, position.legal, position.made], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def paired_differences(
    estimate: Estimate, view: View, better: str, made: str, worlds: int, rng: random.Random
) -> list[float]:
    """In each of ``worlds`` deals sampled from ``view``, the value of ``better`` less that of ``made`` for the view's
    seat, both played on with the same random draws (in the game's unit)."""
    seat = bot_seat(view)
    out = []
    for _ in range(worlds):
        world: Game = estimate.sample(view, rng)
        world.quiet = True
        draws = rng.getrandbits(64)
        values = []
        for action in (better, made):
            game = world.clone()
            game.apply(seat, action)
            estimate.play_on(game, random.Random(draws), view)
            values.append(estimate.value(game, seat))
        out.append(estimate.scale * (values[0] - values[1]))
    return out


def interval(differences: list[float]) -> tuple[float, float]:
    """The mean of ``differences`` and the half width of its 95 % interval."""
    mean = statistics.fmean(differences)
    spread = Z95 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.inf
    return mean, spread


def review_position(game_id: str, position: Position, worlds: int = WORLDS) -> tuple[dict[str, Any], int]:
    """One decision's entry (``step``, ``seat``, ``made``, ``bot``, ``reason``, ``verdict``, ``cost``, ``spread``,
    ``worlds``) and the playouts it took."""
    decl = get_game(game_id)
    bot = decl.bots["hard"]
    rng = random.Random(seed_of(position))
    view, legal = position.view, position.legal
    entry: dict[str, Any] = {"step": position.step, "seat": position.seat, "made": position.made}
    if isinstance(bot, SearchBot):
        advice = bot.advise(view, legal, rng)
        entry["reason"] = explain(bot.searcher, view, advice)
    else:
        advice = Advice(bot.choose(view, legal, rng), 0, {})
        entry["reason"] = None
    spent = advice.worlds * len(advice.values)
    entry["bot"] = advice.action
    estimate = ESTIMATES.get(game_id)
    if advice.action == position.made:
        verdict: Verdict = "match"
    elif not advice.worlds or estimate is None or not estimate.applies(view):
        verdict = "unsearched"
    else:
        differences = paired_differences(estimate, view, advice.action, position.made, worlds, rng)
        cost, spread = interval(differences)
        while 0 < cost <= spread and len(differences) < max(worlds, MAX_WORLDS):
            more = paired_differences(estimate, view, advice.action, position.made, len(differences), rng)
            differences += more
            cost, spread = interval(differences)
        spent += 2 * len(differences)
        verdict = "cost" if cost - spread > 0 and cost >= estimate.notable else "close"
        entry.update(cost=round(cost, 2), spread=round(spread, 2), worlds=len(differences))
    entry["verdict"] = verdict
    return entry, spent


def summary(entries: list[dict[str, Any]], seats: Iterable[int]) -> dict[str, dict[str, Any]]:
    """Per seat (a string key, as in JSON): its decisions, how many were reviewed, how many matched the bot, and the
    expected amount given away (the costly decisions' costs added, ``spread`` their intervals' combined half width;
    in a game counted in chances, where these do not add up, ``worst`` is the costliest one)."""
    out = {}
    for seat in seats:
        mine = [e for e in entries if e["seat"] == seat]
        costly = [e for e in mine if e["verdict"] == "cost"]
        out[str(seat)] = {
            "decisions": len(mine),
            "reviewed": sum(e["verdict"] != "skipped" for e in mine),
            "matched": sum(e["verdict"] == "match" for e in mine),
            "costly": len(costly),
            "given": round(sum(e["cost"] for e in costly), 2),
            "spread": round(math.sqrt(sum(e["spread"] ** 2 for e in costly)), 2),
            "worst": max((e["cost"] for e in costly), default=0.0),
        }
    return out


def review_game(
    record: Mapping[str, Any],
    seats: Iterable[int],
    budget: int = BUDGET,
    worlds: int = WORLDS,
    skip: Iterable[int] = (),
) -> dict[str, Any]:
    """The review of a finished game's ``seats`` (the human ones): ``{game, unit, budget, spent, seats: {seat:
    summary}, decisions: [entry, ...]}`` with every decision that had a choice, in order (forced moves are left out:
    they are never a mistake, and so are the steps in ``skip``: moves a bot made for an absent player are not his);
    any of them can be played again (:func:`position_at`)."""
    chosen = sorted(set(seats))
    left_out = set(skip)
    entries: list[dict[str, Any]] = []
    spent = 0
    for position in positions(record, chosen):
        if len(position.legal) < 2 or position.step in left_out:
            continue
        if spent >= budget:
            entries.append({"step": position.step, "seat": position.seat, "made": position.made, "verdict": "skipped"})
            continue
        entry, cost = review_position(record["game"], position, worlds)
        entries.append(entry)
        spent += cost
    return {
        "game": record["game"],
        "unit": UNITS.get(record["game"], "points"),
        "budget": budget,
        "spent": spent,
        "worlds": worlds,
        "seats": summary(entries, chosen),
        "decisions": entries,
    }


def lesson_hand(record: Mapping[str, Any]) -> dict[str, Any] | None:
    """A lesson's record up to the end of its prepared hand (the first: the game then goes on with new deals, hand
    2 on), or ``None`` while that hand is being played."""
    game = replay({**record, "actions": []})
    actions = record["actions"]
    for n, (seat, action) in enumerate(actions):
        game.apply(seat, action, trusted=True)
        if game.is_over or getattr(game, "hand_no", 1) > 1:
            return {**record, "actions": [list(a) for a in actions[: n + 1]]}
    return None


def costliest(review: Mapping[str, Any], seat: int, count: int = 3) -> list[dict[str, Any]]:
    """A seat's ``count`` costliest decisions (verdict ``cost``), the costliest first."""
    mine = [e for e in review["decisions"] if e["seat"] == seat and e["verdict"] == "cost"]
    return sorted(mine, key=lambda e: (-e["cost"], e["step"]))[:count]


def position_at(record: Mapping[str, Any], step: int) -> dict[str, Any]:
    """How to put a player back before action ``step`` of a game ("try again"): the game's own record up to that
    step (its options, seed, first dealer and deal, and the actions before it). The engine is deterministic given
    these, so a game replayed from it (:func:`rebuild`) stands exactly where the player stood, at any hand of any
    game, the scores of earlier hands included; play then goes on from there. It holds the game's seed: it never
    leaves the server. ``ValueError`` when ``step`` is not a move of the record."""
    actions = record["actions"]
    if not 0 <= step < len(actions):
        raise ValueError(f"step {step} is not a move of this {record['game']} game")
    return {key: record[key] for key in ("game", "players", "options", "seed", "dealer", "deal", "start")} | {
        "actions": [list(a) for a in actions[:step]]
    }


def rebuild(position: Mapping[str, Any]) -> Game:
    """The game standing at ``position`` (:func:`position_at`)."""
    return replay(position)
