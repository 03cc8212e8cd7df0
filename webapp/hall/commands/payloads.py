"""The payload of every client event as a frozen dataclass, parsed from the client's dict after
:func:`webapp.payloads.validate` checked its shape (a bad one raises ``PayloadError``: the same clear error event).

Each dataclass's fields are the event's schema (:data:`webapp.payloads.SCHEMAS`); an optional field the client left
out (or sent as null) is ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from webapp.payloads import validate

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True)
class Create:
    name: str
    game: str | None = None
    players: int | None = None
    options: dict[str, Any] | None = None
    deal: str | None = None
    level: str | None = None
    lesson: bool | None = None
    listed: bool | None = None
    watch: bool | None = None
    clock: str | None = None
    bot_speed: str | None = None


@dataclass(frozen=True)
class Join:
    code: str
    name: str
    seat: int | None = None
    invite: str | None = None


@dataclass(frozen=True)
class Watch:
    code: str
    invite: str | None = None


@dataclass(frozen=True)
class Resume:
    code: str
    token: str | None = None


@dataclass(frozen=True)
class Code:
    """The events that name only their table: ``leave``, ``start``, ``again``, ``sync``, ``hint``, ``invite``,
    ``back``, ``finish_hand``."""

    code: str


@dataclass(frozen=True)
class SetSeat:
    code: str
    seat: int
    kind: str
    bot: str | None = None


@dataclass(frozen=True)
class Act:
    code: str
    action: str
    version: int
    forced: bool | None = None
    """The page played its player's only legal move for him (a forced Draw): not a sign that he is there."""


@dataclass(frozen=True)
class Explain:
    code: str
    action: str


@dataclass(frozen=True)
class Chat:
    code: str
    text: str
    name: str | None = None


@dataclass(frozen=True)
class ClaimSeat:
    code: str
    seat: int
    name: str | None = None
    invite: str | None = None


@dataclass(frozen=True)
class AnswerClaim:
    code: str
    seat: int
    allow: bool


@dataclass(frozen=True)
class Remove:
    code: str
    seat: int


@dataclass(frozen=True)
class Lock:
    code: str
    locked: bool


@dataclass(frozen=True)
class Mute:
    code: str
    seat: int
    muted: bool


@dataclass(frozen=True)
class HouseChange:
    code: str
    watch: bool | None = None
    clock: str | None = None
    bot_speed: str | None = None


P = TypeVar("P", bound="DataclassInstance")


def parse(kind: type[P], event: str, raw: Any) -> P:
    """The payload of ``event`` as a ``kind``, from the client's ``raw`` dict (``PayloadError`` if it has not the
    event's shape)."""
    return kind(**validate(event, raw))
