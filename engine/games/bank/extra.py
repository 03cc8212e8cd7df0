"""The shape of Bank's view ``extra`` (what the table's small renderer and the bots read) and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

from engine.messages import Message


class BankOptions(TypedDict):
    """The table's options as the view carries them (``extra["options"]``; schema in ``tables.py``)."""

    trumps: Literal["own", "none", "one", "two", "senior-junior"]
    trump_choice: Literal["choose", "assign"]
    next_dealer: Literal["loser", "last-out", "starter", "most-points", "fewest-points"]
    after_seven: Literal["skip", "draw-and-play", "skip-and-draw", "nothing"]
    eight_follow_up: Literal["required", "optional"]
    trump_beat: Literal["any", "one-less-any-suit"]
    four_kings: Literal["layer-takes", "coverer-takes"]
    penalty: Literal["hand-points", "none", "hand-points-plus-fixed", "hand-points-plus-per-card", "fixed-replaces"]
    fixed_penalty: int
    card_penalty: int
    may_pass_when_able: bool
    target: int
    max_hands: int | None


class BankPile(TypedDict):
    """The bank on the table: how many cards, how many points."""

    count: int
    points: int


class LayOn(TypedDict):
    """The card the next cards are laid on: which, whose (``None``: the centre card), a trump or not, and why it
    is the one (``bank``, ``centre``, ``reference``)."""

    card: str
    seat: int | None
    trump: bool
    kind: str


class Choosing(TypedDict):
    """Who chooses a trump now and the suits still free."""

    seat: int
    available: list[str]


class Won(TypedDict):
    """What one seat has won this hand."""

    banks: int
    cards: int
    points: int


class BankExtra(TypedDict):
    """Bank's ``extra``. The options are in ``options``; ``trump_setup``, ``seven`` (``after_seven``) and
    ``target`` repeat some of them for the renderer and are read from ``options`` by the engine's own code."""

    bank: BankPile
    lay_on: LayOn | None
    trumps: list[str]
    trump_setup: str
    trump_msg: Message
    choosing: Choosing | None
    won: list[Won]
    out: list[int | None]
    drawn: bool
    seven: str
    skipped: int | None
    score: list[int]
    target: int
    last_hand: dict[str, Any] | None
    card_points: dict[str, int]
    gone: list[str]
    options: BankOptions


def extra_of(view: Mapping[str, Any]) -> BankExtra:
    """The ``extra`` of a view of Bank, typed."""
    return cast(BankExtra, view["extra"])
