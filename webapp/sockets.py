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
from webapp.journal import database_errors, refusal
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

    def refuse(sid: str, event: str, reason: Reason) -> dict[str, Any]:
        socketio.emit("error", {"event": event[:40], "error": reason}, to=sid)
        return {"ok": False, "error": reason}

    journal_errors = database_errors()
    frame_log = TokenBucket(FRAME_LOG_RATE, FRAME_LOG_BURST)

    def handler(event: str, command: Command[Any]) -> Callable[..., dict[str, Any]]:
        def handle(sid: str, *args: Any) -> dict[str, Any]:
            if not hall.allow(sid):
                return refuse(sid, event, SLOW_DOWN)
            if len(args) != 1:
                return refuse(sid, event, msg("server.payload.one_object", event=event))
            try:
                result = command.run(hall, sid, event, args[0])
            except PayloadError as exc:
                return refuse(sid, event, exc.reason)
            except Moved as exc:
                socketio.emit("moved", {"code": exc.code, "path": exc.path}, to=sid)
                return {**refuse(sid, event, exc.reason), "moved": {"code": exc.code, "path": exc.path}}
            except (TableError, IllegalAction) as exc:
                return refuse(sid, event, exc.reason)
            except journal_errors as exc:
                log.exception("%s could not be journalled", event)
                return refuse(sid, event, refusal(exc))
            except Exception:
                log.exception("%s failed", event)
                return refuse(sid, event, FAILED)
            return {"ok": True, **result}

        return handle

    # Registered on the Socket.IO server itself, given the sid: Flask-SocketIO's wrapper would push a Flask request
    # context (a request, its URL match, the session) for every event, about 7 % of the server's CPU under load,
    # and these handlers read nothing of Flask's.
    for name, command in COMMANDS.items():
        socketio.server.on(name, handler(name, command))

    def unknown(*args: Any) -> dict[str, Any]:
        """Every event without a handler. Registered on the Socket.IO server itself: Flask-SocketIO's catch-all
        wrapper mis-reads an event literally named "*", which arrives as ``(sid, *data)`` instead of
        ``(event, sid, *data)``."""
        if len(args) >= 2 and isinstance(args[1], str) and args[1] in hall.connections:
            name, sid = args[0], args[1]
        else:
            name, sid = "*", args[0]
        name = name if isinstance(name, str) else "?"
        if not hall.allow(sid):
            return refuse(sid, name, SLOW_DOWN)
        return refuse(sid, name, unknown_event(name))

    socketio.server.on("*", unknown)

    def refused(*args: Any) -> dict[str, Any]:
        """A frame the packet decoder refused (malformed, or naming a reserved event); anything else sent under
        this name is an unknown event."""
        sid = current_sid()
        if len(args) == 1 and isinstance(args[0], Refusal):
            event, reason = args[0].event, args[0].reason
            if frame_log.allow():
                log.warning("refused a frame from %s: %s", hall.address_of(sid), describe(reason))
        else:
            event, reason = REFUSED_EVENT, unknown_event(REFUSED_EVENT)
        if not hall.allow(sid):
            return refuse(sid, event, SLOW_DOWN)
        return refuse(sid, event, reason)

    def connect(*args: Any) -> None:
        sid = current_sid()
        if args and isinstance(args[0], Refusal):
            hall.connect(sid, request.remote_addr or "")
            refuse(sid, "connect", args[0].reason)
            return
        try:
            auth = validate("connect", args[0] if args and args[0] is not None else {}, AUTH)
        except PayloadError as exc:
            hall.connect(sid, request.remote_addr or "")
            refuse(sid, "connect", exc.reason)
            return
        player = hall.players.identify(auth["player"]) if "player" in auth else None
        hall.connect(sid, request.remote_addr or "", patch=auth.get("patch", False), player=player)
        if "lobby" in request.args:
            socketio.server.enter_room(sid, lobby_feed.ROOM)
        for code, token in auth.get("tokens", {}).items():
            try:
                hall.resume(sid, code, token)
            except Moved as exc:  # several workers: the table is played at another worker, the page goes there
                socketio.emit("moved", {"code": exc.code, "path": exc.path}, to=sid)
            except TableError:
                continue  # a token of a table long gone: the browser's own `resume` for it gets the reason

    def disconnect(*args: Any) -> None:
        hall.disconnect(current_sid())

    # Flask-SocketIO's own handlers (they run in a request context: ``request.sid``, ``request.remote_addr``)
    socketio.on_event(REFUSED_EVENT, refused)
    socketio.on_event("connect", connect)
    socketio.on_event("disconnect", disconnect)
