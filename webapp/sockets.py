"""Socket.IO handlers: rate limit, then the command table (:data:`webapp.hall.commands.COMMANDS`: validate, parse,
run), answer through the ack (and an ``error`` event).

Every client event answers ``{"ok": true, ...}`` or ``{"ok": false, "error": reason}``; a refused event also
gets ``error`` ``{"event", "error"}`` and changes nothing (docs/protocol.md). A reason is a message (``server.*``,
or the engine's refusal), put in words by the page in its reader's language (docs/messages.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import request
from flask_socketio import SocketIO

from engine.core import IllegalAction
from engine.messages import Message, Reason, describe, msg
from webapp import lobby_feed
from webapp.directory import Moved
from webapp.hall import Hall
from webapp.hall.commands import COMMANDS, Command
from webapp.journal.errors import database_errors, refusal
from webapp.packets import REFUSED_EVENT, Refusal, unknown_event
from webapp.payloads import AUTH, PayloadError, validate
from webapp.ratelimit import TokenBucket
from webapp.tables import TableError

log = logging.getLogger(__name__)

SLOW_DOWN: Message = msg("server.slow_down")
FRAME_LOG_RATE, FRAME_LOG_BURST = 1.0, 10
"""Refused frames logged (one short line each): 10 in a row, then one a second, whoever sends them."""
FAILED: Message = msg("server.failed")


def current_sid() -> str:
    """The Socket.IO session id of the event being handled (Flask-SocketIO sets ``request.sid``, which Flask's
    types do not know)."""
    sid = getattr(request, "sid", None)
    if not isinstance(sid, str):
        raise RuntimeError("no Socket.IO event is being handled")
    return sid


def register(socketio: SocketIO, hall: Hall) -> None:
    """Attach every handler of the protocol to ``socketio``."""
    protocol = Protocol(socketio, hall)
    # Registered on the Socket.IO server itself, given the sid: Flask-SocketIO's wrapper would push a Flask request
    # context (a request, its URL match, the session) for every event, about 7 % of the server's CPU under load,
    # and these handlers read nothing of Flask's.
    for name, command in COMMANDS.items():
        socketio.server.on(name, protocol.handler(name, command))
    socketio.server.on("*", protocol.unknown)
    # Flask-SocketIO's own handlers (they run in a request context: ``request.sid``, ``request.remote_addr``)
    socketio.on_event(REFUSED_EVENT, protocol.refused)
    socketio.on_event("connect", protocol.connect)
    socketio.on_event("disconnect", protocol.disconnect)


class Protocol:
    """The handlers of the protocol's events: each command through the command table, with one answer to every
    refusal (an ``error`` event to the connection and a refused ack)."""

    def __init__(self, socketio: SocketIO, hall: Hall):
        self.socketio, self.hall = socketio, hall
        self.journal_errors = database_errors()
        self.frame_log = TokenBucket(FRAME_LOG_RATE, FRAME_LOG_BURST)

    def refuse(self, sid: str, event: str, reason: Reason) -> dict[str, Any]:
        """Refuse ``event`` of connection ``sid`` for ``reason``: the ``error`` event, and the ack to return."""
        self.socketio.emit("error", {"event": event[:40], "error": reason}, to=sid)
        return {"ok": False, "error": reason}

    def moved(self, sid: str, exc: Moved) -> dict[str, Any]:
        """Tell connection ``sid`` its table is played at another worker (several workers): the page goes there."""
        where = {"code": exc.code, "path": exc.path}
        self.socketio.emit("moved", where, to=sid)
        return where

    def handler(self, event: str, command: Command[Any]) -> Callable[..., dict[str, Any]]:
        """The handler of client event ``event``."""

        def handle(sid: str, *args: Any) -> dict[str, Any]:
            return self.run(event, command, sid, args)

        return handle

    def run(self, event: str, command: Command[Any], sid: str, args: tuple[Any, ...]) -> dict[str, Any]:
        """Run ``command`` for connection ``sid``: its ack, or the refusal's."""
        if not self.hall.allow(sid):
            return self.refuse(sid, event, SLOW_DOWN)
        if len(args) != 1:
            return self.refuse(sid, event, msg("server.payload.one_object", event=event))
        try:
            result = command.run(self.hall, sid, event, args[0])
        except Moved as exc:
            return {**self.refuse(sid, event, exc.reason), "moved": self.moved(sid, exc)}
        except (PayloadError, TableError, IllegalAction) as exc:
            return self.refuse(sid, event, exc.reason)
        except self.journal_errors as exc:
            log.exception("%s could not be journalled", event)
            return self.refuse(sid, event, refusal(exc))
        except Exception:
            log.exception("%s failed", event)
            return self.refuse(sid, event, FAILED)
        return {"ok": True, **result}

    def unknown(self, *args: Any) -> dict[str, Any]:
        """Every event without a handler. Registered on the Socket.IO server itself: Flask-SocketIO's catch-all
        wrapper mis-reads an event literally named "*", which arrives as ``(sid, *data)`` instead of
        ``(event, sid, *data)``."""
        if len(args) >= 2 and isinstance(args[1], str) and args[1] in self.hall.connections:
            name, sid = args[0], args[1]
        else:
            name, sid = "*", args[0]
        name = name if isinstance(name, str) else "?"
        if not self.hall.allow(sid):
            return self.refuse(sid, name, SLOW_DOWN)
        return self.refuse(sid, name, unknown_event(name))

    def refused(self, *args: Any) -> dict[str, Any]:
        """A frame the packet decoder refused (malformed, or naming a reserved event); anything else sent under
        this name is an unknown event."""
        sid = current_sid()
        if len(args) == 1 and isinstance(args[0], Refusal):
            event, reason = args[0].event, args[0].reason
            if self.frame_log.allow():
                log.warning("refused a frame from %s: %s", self.hall.address_of(sid), describe(reason))
        else:
            event, reason = REFUSED_EVENT, unknown_event(REFUSED_EVENT)
        if not self.hall.allow(sid):
            return self.refuse(sid, event, SLOW_DOWN)
        return self.refuse(sid, event, reason)

    def connect(self, *args: Any) -> None:
        """A new connection: its ``auth`` checked, its player known, its seats resumed from the tokens it shows."""
        sid = current_sid()
        if args and isinstance(args[0], Refusal):
            self.hall.connect(sid, request.remote_addr or "")
            self.refuse(sid, "connect", args[0].reason)
            return
        try:
            auth = validate("connect", args[0] if args and args[0] is not None else {}, AUTH)
        except PayloadError as exc:
            self.hall.connect(sid, request.remote_addr or "")
            self.refuse(sid, "connect", exc.reason)
            return
        player = self.hall.players.identify(auth["player"]) if "player" in auth else None
        self.hall.connect(sid, request.remote_addr or "", patch=auth.get("patch", False), player=player)
        if "lobby" in request.args:
            self.socketio.server.enter_room(sid, lobby_feed.ROOM)
        for code, token in auth.get("tokens", {}).items():
            try:
                self.hall.resume(sid, code, token)
            except Moved as exc:  # several workers: the table is played at another worker, the page goes there
                self.moved(sid, exc)
            except TableError:
                continue  # a token of a table long gone: the browser's own `resume` for it gets the reason

    def disconnect(self, *args: Any) -> None:
        """Connection ``sid`` is gone."""
        self.hall.disconnect(current_sid())
