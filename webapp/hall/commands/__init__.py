"""The protocol's commands (docs/protocol.md): the command table maps each client event to its payload's dataclass
and its handler. A handler takes the rooms, the connection's sid and the parsed payload, and answers the ack's
data; a refusal raises ``TableError`` (or the engine's ``IllegalAction``, or ``PayloadError`` for a payload
without the event's shape) and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from webapp.hall.commands import host, lobby, payloads, play, seats
from webapp.hall.rooms import Rooms

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

P = TypeVar("P", bound="DataclassInstance")
Answer = dict[str, Any]


@dataclass(frozen=True)
class Command(Generic[P]):
    """One client event: its payload's dataclass and its handler."""

    payload: type[P]
    handler: Callable[[Rooms, str, P], Answer]

    def run(self, rooms: Rooms, sid: str, event: str, raw: Any) -> Answer:
        """Parse ``raw`` (the client's payload of ``event``) and run the handler for connection ``sid``."""
        return self.handler(rooms, sid, payloads.parse(self.payload, event, raw))


COMMANDS: dict[str, Command[Any]] = {
    "create": Command(payloads.Create, lobby.create),
    "join": Command(payloads.Join, lobby.join),
    "watch": Command(payloads.Watch, lobby.watch),
    "resume": Command(payloads.Resume, seats.resume),
    "leave": Command(payloads.Code, lobby.leave),
    "set_seat": Command(payloads.SetSeat, lobby.set_seat),
    "start": Command(payloads.Code, lobby.start),
    "act": Command(payloads.Act, play.act),
    "explain": Command(payloads.Explain, play.explain),
    "chat": Command(payloads.Chat, play.chat),
    "again": Command(payloads.Code, lobby.again),
    "sync": Command(payloads.Code, play.sync),
    "hint": Command(payloads.Code, play.hint),
    "claim": Command(payloads.ClaimSeat, seats.claim),
    "answer_claim": Command(payloads.AnswerClaim, seats.answer_claim),
    "invite": Command(payloads.Code, host.invite),
    "remove": Command(payloads.Remove, host.remove),
    "lock": Command(payloads.Lock, host.lock),
    "mute": Command(payloads.Mute, host.mute),
    "house": Command(payloads.HouseChange, host.house),
    "back": Command(payloads.Code, host.back),
    "finish_hand": Command(payloads.Code, host.finish_hand),
}
"""Every client event's command (the same events as :data:`webapp.payloads.SCHEMAS`)."""
