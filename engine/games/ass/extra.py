"""The shape of Ass's view ``extra`` (what the table's small renderer and the bots read) and of its options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict, cast

from engine.messages import Message


class AssOptions(TypedDict):
    """The table's options as the view carries them (``extra["options"]``; schema in ``options.py``)."""

    trumps: Literal["own", "none", "one", "two", "senior-junior"]
    trump_choice: Literal["choose", "assign"]
    draw_after_trick: bool
    must_beat: bool
    eight_anchor: Literal["R2", "R1"]
    six_in_A: Literal["lowest", "chain"]
    combo_scope: Literal["trick", "deal_pile", "off"]
    combo_same_suit: bool
    trump_each_deal: bool
    six_player_no_target: int
    five_six_players: bool
    start_banks: int
    lose_banks: int


class TrickRules(TypedDict):
    """The two options that decide a trick (a copy of ``options``' own, for the renderer)."""

    eight_anchor: Literal["R2", "R1"]
    six_in_A: Literal["lowest", "chain"]


class AssExtra(TypedDict):
    """Ass's ``extra``. The options are in ``options``; ``trump_setup`` (``options["trumps"]``) and ``trick_rules``
    repeat some of them for the renderer and are read from ``options`` by the engine's own code."""

    trump_setup: str
    trumps: list[str]
    trump_labels: list[str]
    trump_free: list[str]
    bets: list[str | None]
    targets: list[int | None]
    target_table: dict[str, int]
    points: list[int]
    banks: list[int]
    main_suit: str | None
    main_card: str | None
    regime: str | None
    anchor: str | None
    leading: int | None
    verdicts: list[Message]
    last_verdict: Message | None
    rating: list[float]
    trick_rules: TrickRules
    options: AssOptions
    taken: list[list[str]]
    voids: list[str]
    last_hand: dict[str, Any] | None


def extra_of(view: Mapping[str, Any]) -> AssExtra:
    """The ``extra`` of a view of Ass, typed."""
    return cast(AssExtra, view["extra"])
