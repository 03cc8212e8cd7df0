"""The shapes a game hands out: the per-seat view and the public events, as ``TypedDict``s.

Every game fills the same view (the web table renders it without per-game code; ``extra`` holds what a small
per-game renderer may show). Events are one flat vocabulary: every event has its ``event`` name and some of the
keys below, each with one meaning (and one type) in every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Required, TypedDict

from engine.messages import Cell, Text
from engine.outcome import Result


class ViewHead(TypedDict):
    """The head every view starts with (``Game._view_head``): who looks, which hand, who acts, in which phase."""

    game: str
    seat: int | None
    players: int
    hand_no: int
    dealer: int
    to_act: list[int]
    phase: str


class SeatView(TypedDict, total=False):
    """One seat as everybody sees it: how many cards it holds, its place once out, short tags, its team."""

    cards: Required[int]
    out: Required[int | None]
    tags: Required[Sequence[Text]]
    team: int
    name: str


class PlayView(TypedDict):
    """Cards one seat laid together (``seat`` is ``None`` for a card the deal put there, as Bank's centre card)."""

    seat: int | None
    cards: list[str]


class TableView(TypedDict, total=False):
    """Cards on the table, a trick or a pile, with a label and the plays in order; a trick or pile already taken
    (the view's ``last_trick``) also says who took it and the engine's explanation."""

    kind: Required[str]
    label: Required[Text | Literal[""]]
    plays: Required[list[PlayView]]
    winner: int
    verdict: Text
    verdicts: Sequence[Text]
    why: Text
    points: int
    combos: list[Any]


class SheetView(TypedDict):
    """The score sheet as a table of strings."""

    columns: Sequence[Cell]
    rows: Sequence[Sequence[Cell]]
    totals: Sequence[Cell]


class View(ViewHead):
    """What one seat (``None``: a spectator) may see; it never holds a card that seat may not see."""

    status: Text
    hand: list[str]
    seats: list[SeatView]
    stock: int | None
    table: TableView
    last_trick: TableView | None
    sheet: SheetView
    over: bool
    result: Result | None
    extra: dict[str, Any]


class Event(TypedDict, total=False):
    """One public event (``{"event": "trick", "winner": 2, ...}``): its name and the keys that kind carries."""

    event: Required[str]
    at: int
    seat: int
    seats: list[int]
    dealer: int
    hand_no: int
    leader: int
    first: int
    winner: int
    winners: list[int]
    loser: int
    losers: list[int]
    place: int
    places: list[int | None]
    team: int
    order: list[int]
    to: int
    name: str
    ids: list[str]
    window: str
    card: str | None
    cards: list[str] | list[str | None] | list[list[int | str]] | list[list[int | str | None]]
    face_down: bool | list[str]
    centre: str
    on: str
    top: str
    kind: str
    move: str
    count: int
    stock: int
    setup: str
    suit: str
    trumps: str | list[str]
    strain: str
    level: int
    bet: str
    bets: list[str]
    kaput: bool | int | None
    word: str
    mult: int
    made: bool
    points: int | list[int] | None
    points_by_seat: list[int] | None
    taker: int | None
    raw_points: list[int]
    card_points: list[int]
    bonus: int | list[int]
    combos: list[Any]
    combinations: list[int]
    score: list[int]
    banks: list[int]
    change: list[int]
    rating: list[float]
    reached: list[bool]
    target: int
    targets: list[int]
    tricks: list[int]
    turns: int
    lines: Sequence[Sequence[Text]]
    trick_no: int
    last: bool
    discards: list[list[int | str | None]]
    mode: str
    case: str
    special_round: bool
    vp: list[int]
    text: str
    msg: Text
    verdict: Text
    reason: str
    why: Text | Literal["seven"]
    note: Text
