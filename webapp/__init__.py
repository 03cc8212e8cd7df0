"""The web table: ``create_app(config)`` builds the Flask app with its Socket.IO server, journal and tables."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask_socketio import SocketIO

from engine.registry import all_games
from webapp import routes, rules, sockets
from webapp.assets import Assets
from webapp.config import load_config
from webapp.guard import Guard
from webapp.hall import Hall
from webapp.journal import Journal
from webapp.packets import Packet

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The app, with ``app.extensions["socketio"]`` and ``app.extensions["hall"]``; every game is loaded and
    the journal's unfinished tables are rebuilt before it returns."""
    settings = load_config(config)
    all_games()
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.update(settings)
    app.debug = False
    guard = Guard.from_config(settings)
    app.extensions["guard"] = guard
    socketio = SocketIO(
        app,
        async_mode=settings["ASYNC_MODE"],
        cors_allowed_origins=guard.origin_allowed,
        max_http_buffer_size=settings["MAX_MESSAGE_BYTES"],
        serializer=Packet,
        logger=False,
        engineio_logger=False,
    )
    journal = Journal(settings["JOURNAL_PATH"])
    hall = Hall(settings, journal, socketio.emit, socketio.start_background_task, socketio.sleep)
    app.extensions["hall"] = hall
    sockets.register(socketio, hall)
    app.register_blueprint(routes.bp)
    app.register_blueprint(rules.bp)
    assets = Assets(ROOT / "static")
    assets.install(app)
    app.wsgi_app = guard.wrap(app.wsgi_app, assets.script_hash)  # type: ignore[method-assign]
    hall.restore()
    hall.start_sweeping()
    return app
