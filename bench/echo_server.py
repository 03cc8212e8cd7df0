"""A bare Flask-SocketIO echo-and-broadcast server speaking the table protocol's shape, for ``bench.load``.

It keeps no game: ``act`` is acknowledged and every connection of the room is sent a ``table`` snapshot of about
the real size, with the next seat to act, so the load script's clients behave exactly as at a real table.

    python -m bench.echo_server --port P      (eventlet, like server.py)
"""

import eventlet

eventlet.monkey_patch()

import argparse  # noqa: E402
import itertools  # noqa: E402

import eventlet.wsgi  # noqa: E402
from flask import Flask, request  # noqa: E402
from flask_socketio import SocketIO  # noqa: E402

from webapp.collector import calm_garbage_collector  # noqa: E402

PAD = "x" * 1500
"""Filler making a snapshot about as large as a real table snapshot."""


def create_app() -> Flask:
    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="eventlet", logger=False, engineio_logger=False)
    rooms: dict[str, dict] = {}
    codes = (f"E{n:05d}" for n in itertools.count())

    def broadcast(code: str) -> None:
        room = rooms[code]
        for sid, seat in room["members"].items():
            view = {"to_act": [room["turn"]], "pad": PAD}
            socketio.emit(
                "table",
                {
                    "code": code,
                    "you": seat,
                    "version": room["version"],
                    "state": "playing",
                    "view": view,
                    "legal": ["play X"] if seat == room["turn"] else [],
                },
                to=sid,
            )

    @socketio.on("create")
    def create(payload):
        code = next(codes)
        rooms[code] = {"members": {request.sid: 0}, "turn": 0, "version": 0, "players": payload.get("players", 4)}
        return {"ok": True, "code": code, "seat": 0, "token": "t"}

    @socketio.on("join")
    def join(payload):
        room = rooms[payload["code"]]
        seat = len(room["members"])
        room["members"][request.sid] = seat
        return {"ok": True, "code": payload["code"], "seat": seat, "token": "t"}

    @socketio.on("start")
    def start(payload):
        broadcast(payload["code"])
        return {"ok": True}

    @socketio.on("act")
    def act(payload):
        room = rooms[payload["code"]]
        room["version"] += 1
        room["turn"] = (room["turn"] + 1) % room["players"]
        broadcast(payload["code"])
        return {"ok": True, "version": room["version"]}

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    listener = eventlet.listen((args.host, args.port), backlog=1024)
    app = create_app()
    calm_garbage_collector()  # as server.py does: the same collector on both sides of the comparison
    eventlet.wsgi.server(listener, app, log_output=False, max_size=10_000)


if __name__ == "__main__":
    main()
