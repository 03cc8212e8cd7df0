"""The figures a player of a game cares about beyond places, read from the events of a finished game's replay: the
contracts a Blot player declared and made, the Eidex hands a player took every trick of (a Match). Each game's
reader is a row of :data:`READERS`; games without one have none."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Event = Mapping[str, Any]


def _blot(events: Iterable[Event], players: int) -> list[dict[str, int]]:
    """Contracts each seat declared, and made."""
    out = [{"contracts": 0, "made": 0} for _ in range(players)]
    declarer = None
    for event in events:
        if event.get("event") == "contract":
            declarer = event["seat"]
        elif event.get("event") == "hand" and declarer is not None:
            out[declarer]["contracts"] += 1
            out[declarer]["made"] += int(bool(event.get("made")))
            declarer = None
    return out


def _eidex(events: Iterable[Event], players: int) -> list[dict[str, int]]:
    """Hands each seat took every trick of (a Match)."""
    out = [{"matches": 0} for _ in range(players)]
    for event in events:
        if event.get("event") == "hand" and event.get("case") == "match":
            out[event["vp"].index(max(event["vp"]))]["matches"] += 1
    return out


READERS: dict[str, Callable[[Iterable[Event], int], list[dict[str, int]]]] = {"blot": _blot, "eidex": _eidex}
"""Each game's reader of its events (games without one have no such figures)."""


def seat_figures(game: str, events: Iterable[Event], players: int) -> list[dict[str, int]]:
    """Each seat's figures of one finished game of ``game`` from its events, in order."""
    reader = READERS.get(game)
    return reader(events, players) if reader is not None else [{} for _ in range(players)]


def totals(lines: Iterable[dict[str, int]]) -> dict[str, int]:
    """A player's figures over his games: each figure summed."""
    out: dict[str, int] = {}
    for line in lines:
        for key, value in line.items():
            out[key] = out.get(key, 0) + value
    return out
