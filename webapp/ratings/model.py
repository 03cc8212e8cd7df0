"""The rating model: which finished games count and who each seat is rated as (:func:`judge`), openskill's update
(:func:`rate`), and a rating and a player's figures as he reads them."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from engine.outcome import Outcome
from webapp.figures import totals

MODEL = PlackettLuce()
"""openskill's Plackett-Luce model with its defaults (mu 25, sigma 25/3)."""

SCALE = 60
"""Shown ratings are ``mu`` times this (a new player shows 1,500)."""

PROVISIONAL_GAMES = 5
"""A rating is "provisional" until this many counted games."""

FIRM_SIGMA = 3.0
"""Past the provisional games, a rating whose sigma is under this is "firm", else "settling"."""

RULES: tuple[str, ...] = ("finished", "not_lesson", "not_deal", "one_seat_each", "against_someone", "stand_in")
"""The rules of which games count, in order (each one's words: ``ratings.rule.<name>`` in the catalogs)."""

Identity = str | None
"""Who a seat is rated as: a player's id, ``bot:<level>``, or ``None`` (a player the server does not know: rated
from the start and not kept)."""


@dataclass(frozen=True)
class Judgement:
    """Whether a finished game counts (``reason``: ``counted`` or the rule it breaks), who each seat is rated as,
    and which seats were a player's played mostly by a stand-in."""

    reason: str
    seats: tuple[Identity, ...]
    stood_in: tuple[bool, ...]

    @property
    def counted(self) -> bool:
        return self.reason == "counted"


def is_bot(identity: Identity) -> bool:
    """Whether a seat is rated as a bot level (``bot:<level>``)."""
    return bool(identity and identity.startswith("bot:"))


def judge(players: int, movers: Sequence[tuple[int, str | None]], lesson: bool, deal: bool) -> Judgement:
    """Judge a finished game of ``players`` seats from who made each move (``(seat, mover)`` in order: a player's
    id, ``bot:<level>``, ``""`` or ``None`` for a player the server does not know), whether it was a lesson and
    whether its first hand was a given deal."""
    counts: list[Counter[str]] = [Counter() for _ in range(players)]
    for seat, mover in movers:
        counts[seat][mover or ""] += 1
    seats: list[Identity] = []
    stood_in: list[bool] = []
    for count in counts:
        total = sum(count.values())
        bots = Counter({m: n for m, n in count.items() if is_bot(m)})
        humans = Counter({m: n for m, n in count.items() if not is_bot(m)})
        if total and sum(bots.values()) * 2 > total:
            seats.append(bots.most_common(1)[0][0])
            stood_in.append(bool(humans))
        else:
            seats.append(humans.most_common(1)[0][0] or None if humans else None)
            stood_in.append(False)
    known = [s for s in seats if s is not None and not is_bot(s)]
    if lesson:
        reason = "not_lesson"
    elif deal:
        reason = "not_deal"
    elif len(known) != len(set(known)):
        reason = "one_seat_each"
    elif not known:
        reason = "against_someone"
    else:
        reason = "counted"
    return Judgement(reason, tuple(seats), tuple(stood_in))


def rate(
    ratings: dict[str, tuple[float, float]], seats: Sequence[Identity], ranking: Outcome
) -> dict[str, tuple[float, float]]:
    """The new ``(mu, sigma)`` of every rated identity of a counted game (``ratings``: the current ones; anyone
    missing starts at the model's defaults). A bot level holding several seats takes the mean of its seats'."""
    teams = [
        [MODEL.rating(*ratings.get(seats[s] or "", (MODEL.mu, MODEL.sigma))) for s in side] for side in ranking.sides
    ]
    rated = MODEL.rate(teams, ranks=[float(place) for place in ranking.side_places()])
    found: dict[str, list[tuple[float, float]]] = {}
    for side, team in zip(ranking.sides, rated, strict=True):
        for seat, rating in zip(side, team, strict=True):
            if seats[seat] is not None:
                found.setdefault(seats[seat] or "", []).append((rating.mu, rating.sigma))
    return {who: (sum(m for m, _ in got) / len(got), sum(s for _, s in got) / len(got)) for who, got in found.items()}


def shown(mu: float, sigma: float, games: int) -> dict[str, Any]:
    """A rating as a player reads it: one number, the band it is likely in, and the uncertainty in words
    (``provisional`` until :data:`PROVISIONAL_GAMES` counted games, then ``settling`` or ``firm``)."""
    words = "provisional" if games < PROVISIONAL_GAMES else "firm" if sigma < FIRM_SIGMA else "settling"
    return {"rating": round(mu * SCALE), "band": round(2 * sigma * SCALE, -1), "words": words}


def figures(game: str, history: Sequence[Any]) -> dict[str, Any]:
    """The figures a player of ``game`` cares about, from his history lines: how often the Ass (Ass) or the Bailiff
    (Bailiff), the highest score (Bank), the best victory points and the Matches (Eidex), his partners and the
    contracts he declared and made (Blot)."""
    out: dict[str, Any] = dict(totals(json.loads(h["detail"]) for h in history if h["detail"]))
    if game in ("ass", "bailiff"):
        out["last"] = sum(1 for h in history if h["last"])
    if game in ("bank", "eidex"):
        scores = [h["score"] for h in history if h["score"] is not None]
        out["best"] = max(scores) if scores else None
    if game == "blot":
        partners: Counter[str] = Counter()
        for h in history:
            partners.update(json.loads(h["partners"]) if h["partners"] else [])
        out["partners"] = partners.most_common(3)
    return out
