"""The shape of Eidex's view ``extra`` (what the table's small renderer and the bots read) and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Required, TypedDict, cast

from engine.messages import Message


class EidexOptions(TypedDict):
    """The table's options (schema in ``tables.py``). The view carries the rule options in ``extra["rules"]``
    (:class:`TableRules`), the limit in ``limit`` and the characters drawn in ``characters``."""

    ace_six_no_trump: bool
    limit: int
    chaos_tie_winner: Literal["two-vp-recipient", "replay"]
    advanced: bool
    excuse_non_trump: bool
    umwerter_lowest: bool
    trumphator_no_trump: bool
    farbenfreund_lapse_counts: bool
    characters: list[str] | None


class TableRules(TypedDict):
    """The rule options the bots' look-ahead plays by (``tables.TABLE_RULES``)."""

    chaos_tie_winner: Literal["two-vp-recipient", "replay"]
    excuse_non_trump: bool
    umwerter_lowest: bool
    trumphator_no_trump: bool
    farbenfreund_lapse_counts: bool


class Shown(TypedDict):
    """The dealer's shown card (``None`` while it is not to be seen)."""

    seat: int
    card: str | None


class Orders(TypedDict):
    """The ranks of the hand's mode, highest first, in trumps and in plain suits."""

    trump: list[str]
    plain: list[str]


class Points(TypedDict):
    """The card points of the hand's mode, by rank, in trumps and in plain suits."""

    trump: dict[str, int]
    plain: dict[str, int]


class _Basic(TypedDict):
    suits: dict[str, dict[str, str]]
    mode: str
    trump: str | None
    trump_label: Message
    shown: Shown
    discarded: list[bool]
    discards: list[str | None]
    played: list[str]
    taken: list[int]
    taken_partial: list[bool]
    tricks: list[int]
    vp: list[int]
    goal: int
    limit: int
    special_round: bool
    last_hand: dict[str, Any] | None
    rank_order: Orders
    card_points: Points
    rules: TableRules


class EidexExtra(_Basic, total=False):
    """Eidex's ``extra``: the basic game's keys always, the character game's (Cosmic Eidex) besides them only when
    the table plays with characters: every seat's character and its public state, the open window or prompt, the
    direction of play, the trick's size, the last-trick bonus and the card points in force, and what only the
    viewing seat knows (``private``)."""

    characters: list[dict[str, Any]]
    window: dict[str, Any] | None
    prompt: dict[str, Any] | None
    direction: int
    trick_size: int
    bonus: int
    real_points: list[int]
    private: dict[str, Any]


class CharacterExtra(TypedDict):
    """The keys the character game adds to :class:`EidexExtra` (``private`` aside)."""

    characters: list[dict[str, Any]]
    window: dict[str, Any] | None
    prompt: dict[str, Any] | None
    direction: int
    trick_size: int
    bonus: int
    real_points: list[int]


class SeatExtra(TypedDict, total=False):
    """The keys of :class:`EidexExtra` that each seat sees its own way, laid over the spectator's."""

    discards: Required[list[str | None]]
    played: list[str]
    taken: list[int]
    taken_partial: list[bool]
    private: dict[str, Any]


def extra_of(view: Mapping[str, Any]) -> EidexExtra:
    """The ``extra`` of a view of Eidex, typed."""
    return cast(EidexExtra, view["extra"])
