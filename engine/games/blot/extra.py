"""The shape of Blot's view ``extra`` (what the table's small renderer and the bots read) and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast


class BlotOptions(TypedDict):
    """The table's options as the view carries them (``extra["options"]``; schema in ``options.py``)."""

    min_bid: int
    kaput_min_bid: int
    must_undertrump_when_void: bool
    no_trump_bid_multiplier: bool
    rounding: Literal["half-down", "half-up"]
    defender_share: Literal["complement16", "independent"]
    fail_extras: Literal["all", "winner"]
    long_run_cap: bool
    contra_reply: Literal["declarer-only", "declaring-team"]
    target: int


class BlotExtra(TypedDict):
    """Blot's ``extra``. The options are in ``options``; ``target`` repeats one of them for the renderer."""

    teams: list[list[int]]
    auction: list[dict[str, Any]]
    standing: dict[str, Any] | None
    contract: dict[str, Any] | None
    announced: list[list[str] | None]
    shown: list[list[dict[str, Any]]]
    combinations: dict[str, Any] | None
    belote: dict[str, Any] | None
    tricks: list[int]
    points: list[int]
    played: list[str]
    leading: int | None
    score: list[int]
    target: int
    options: BlotOptions
    last_hand: dict[str, Any] | None
    bid_range: dict[str, Any] | None


def extra_of(view: Mapping[str, Any]) -> BlotExtra:
    """The ``extra`` of a view of Blot, typed."""
    return cast(BlotExtra, view["extra"])
