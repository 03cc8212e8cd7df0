"""The shape of Bailiff's view ``extra`` (what the table's small renderer and the bots read) and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.messages import Message


class BailiffOptions(TypedDict):
    """The table's options (schema in ``tables.py``); the view carries each as a key of ``extra`` of its own."""

    ace_covers_four: bool
    max_turns: int | None


class Top(TypedDict):
    """The pile to answer: its top rank, how many cards of it lie there, the moves that answer it and its words."""

    rank: str
    group: int
    moves: list[str]
    msg: Message


class BailiffExtra(TypedDict):
    """Bailiff's ``extra``: the pile to answer (``None`` when a new pile is to be started), what is out of play, the
    places and the tally of losses; its two options are ``ace_covers_four`` and ``max_turns``."""

    top: Top | None
    pile_size: int
    out_of_play: int
    gone: list[str]
    ace_covers_four: bool
    places: list[int]
    loser: int | None
    losses: list[int]
    turns: int
    max_turns: int | None
    last: Message | None


def extra_of(view: Mapping[str, Any]) -> BailiffExtra:
    """The ``extra`` of a view of Bailiff, typed."""
    return cast(BailiffExtra, view["extra"])
