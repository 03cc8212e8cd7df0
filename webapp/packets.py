"""The Socket.IO packet class the server uses: python-socketio's own, with a faster binary check and a guarded
decoder.

python-socketio looks for ``bytes`` anywhere in every outgoing payload before encoding it; its check walks the
whole payload building lists and never stops early, and on a table's snapshots it took about as much CPU as the
JSON encoding itself. This one answers the same question with an explicit stack, stops at the first bytes, and
skips payloads marked :class:`JsonOnly`.

Incoming frames are checked before they are decoded: more than :data:`MAX_CONTAINERS` lists and objects (so no
deep nesting reaches the JSON decoder's recursion) or a number longer than :data:`MAX_NUMBER_DIGITS` digits is
refused, and so is a frame the decoder cannot read, an event frame that names no event (``42``, ``42[]``: the library
failed on it with a traceback and answered nothing), and an event that names one of the library's reserved events
(``connect`` sent as an ordinary event would reach the connect handler). A refused frame becomes the event
:data:`REFUSED_EVENT` carrying a :class:`Refusal`, so the handlers answer it like any refused event: through the
ack (when the frame asked for one) and an ``error`` event.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engineio import packet as eio_packet
from socketio import packet

from engine.messages import Message, describe, msg

MAX_CONTAINERS = 64
"""Lists and objects one message may hold (a real event holds a handful)."""

MAX_NUMBER_DIGITS = 40
"""Digits one number may have (versions and seats have a few)."""

RESERVED_EVENTS = frozenset(
    {"connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"}
)
"""Event names Socket.IO keeps for itself: a client sending one as an ordinary event is refused."""

REFUSED_EVENT = "refused frame"
"""The event a refused frame is turned into (its one argument is a :class:`Refusal`)."""


def unknown_event(name: str) -> Message:
    """The refusal of an event the server has no handler for (or one Socket.IO keeps for itself)."""
    return msg("server.unknown_event", event=name[:40])


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_HEADER = re.compile(r"\d(?:\d{1,10}-)?(?:/[^,]*(?:,|$))?\d{0,100}")
"""A frame's type, attachment count, namespace and ack id (the JSON data follows them)."""
_LONG_NUMBER = re.compile(rf"\d{{{MAX_NUMBER_DIGITS + 1}}}")


class Refusal:
    """Why a frame was refused (``reason``, the message the client is sent) and the event it named (``?`` if
    unknown).

    Only the decoder makes these; nothing decoded from JSON is one, so a handler can tell them apart."""

    def __init__(self, reason: Message, event: str = "?"):
        self.reason, self.event = reason, event

    def __repr__(self) -> str:
        return f"Refusal({describe(self.reason)!r}, {self.event!r})"


def frame_problem(frame: Any) -> Message | None:
    """Why a text frame must not be decoded (too many nested lists and objects, a number too long), else ``None``.

    Strings are left out of the count, so a chat line full of brackets or digits is fine."""
    if not isinstance(frame, str):
        return None
    if frame.count("[") + frame.count("{") <= MAX_CONTAINERS and not _LONG_NUMBER.search(frame):
        return None
    bare = _STRING.sub('""', frame)
    if bare.count("[") + bare.count("{") > MAX_CONTAINERS:
        return msg("server.frame.nested", limit=MAX_CONTAINERS)
    if _LONG_NUMBER.search(bare):
        return msg("server.frame.long_number", limit=MAX_NUMBER_DIGITS)
    return None


class JsonOnly(dict[str, Any]):
    """A payload the server built from plain JSON data (a table snapshot of engine views): it never holds bytes,
    so the binary check need not walk it."""


class Packet(packet.Packet):  # type: ignore[misc]
    """python-socketio's packet; :meth:`data_is_binary` is quicker and :meth:`decode` refuses what it must not
    decode (see the module's text)."""

    packet_type: int
    data: Any

    def decode(self, encoded_packet: Any) -> int:
        """Decode an incoming frame; a frame that is refused becomes a :data:`REFUSED_EVENT` event (a connect
        packet keeps its type, with the :class:`Refusal` as its auth data)."""
        problem = frame_problem(encoded_packet)
        if problem is None:
            try:
                attachments = super().decode(encoded_packet)
            except (ValueError, TypeError, RecursionError):
                problem = msg("server.frame.unreadable")
            else:
                if self._names_no_event():
                    self.data = [REFUSED_EVENT, Refusal(msg("server.frame.no_event"))]
                else:
                    self._refuse_reserved()
                return int(attachments)
        self._decode_header(encoded_packet)
        if self.packet_type == packet.CONNECT:
            self.data = Refusal(problem, "connect")
        else:
            self.packet_type, self.data = packet.EVENT, [REFUSED_EVENT, Refusal(problem)]
        return 0

    def _decode_header(self, encoded_packet: Any) -> None:
        """Type, namespace and ack id of a refused frame, read without its data (``EVENT`` if unreadable)."""
        header = _HEADER.match(encoded_packet) if isinstance(encoded_packet, str) else None
        try:
            super().decode(header.group() if header else "")
        except (ValueError, TypeError):
            self.packet_type, self.namespace, self.id = packet.EVENT, None, None
        if self.packet_type not in (packet.CONNECT, packet.EVENT, packet.BINARY_EVENT):
            self.packet_type, self.id = packet.EVENT, None

    def _names_no_event(self) -> bool:
        """An event frame whose data is not a list beginning with the event (``42``, ``42[]``, ``421{}``): the
        library would fail on it with a traceback and answer nothing."""
        if self.packet_type not in (packet.EVENT, packet.BINARY_EVENT):
            return False
        return not isinstance(self.data, list) or not self.data

    def _refuse_reserved(self) -> None:
        """An ordinary event named like one of the library's own is turned into a refusal (unknown event)."""
        if self.packet_type not in (packet.EVENT, packet.BINARY_EVENT) or not isinstance(self.data, list):
            return
        name = self.data[0] if self.data else None
        if isinstance(name, str) and name in RESERVED_EVENTS:
            self.data = [REFUSED_EVENT, Refusal(unknown_event(name), name)]

    @classmethod
    def data_is_binary(cls, data: Any) -> bool:
        """True if ``bytes`` or ``bytearray`` occur anywhere in ``data`` (lists and dict values, nested)."""
        stack = [data]
        while stack:
            item = stack.pop()
            if isinstance(item, (bytes, bytearray)):
                return True
            if isinstance(item, JsonOnly):
                continue
            if isinstance(item, list):
                stack.extend(item)
            elif isinstance(item, dict):
                stack.extend(item.values())
        return False


def direct_emitter(server: Any, namespace: str = "/") -> Callable[..., None]:
    """An ``emit(event, data, to=...)`` to connections of this process named by sid (one, or a list): the packet
    is built and encoded once and handed to each connection's Engine.IO socket. python-socketio's own ``emit``
    gets there through layers made for rooms, callbacks and message queues (a copy of each room's members walked
    by a generator, the packet wrapped again for Engine.IO); at 2,000 clients those layers took a tenth of the
    server's CPU (issue 17). A connection gone meanwhile is skipped, as ``emit`` skips it. The last step is the
    server's own ``_send_eio_packet``, as in its ``emit`` (the versions are pinned), so Flask-SocketIO's test
    client sees these sends as it sees any other."""

    def emit(event: str, data: Any, to: str | list[str]) -> None:
        encoded = server.packet_class(packet.EVENT, namespace=namespace, data=[event, data]).encode()
        if isinstance(encoded, list):  # binary attachments: never in the server's own payloads
            server.emit(event, data, to=to, namespace=namespace, ignore_queue=True)
            return
        message = eio_packet.Packet(eio_packet.MESSAGE, encoded)
        for sid in [to] if isinstance(to, str) else to:
            eio_sid = server.manager.eio_sid_from_sid(sid, namespace)
            if eio_sid is not None:
                server._send_eio_packet(eio_sid, message)

    return emit
