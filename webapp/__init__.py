"""The web table: ``create_app(config)`` builds the Flask app with its Socket.IO server, journal and tables."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, abort
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from engine.registry import all_games
from webapp import lobby_feed, player_routes, review, routes, sockets, wirejson
from webapp.assets import Assets
from webapp.cluster import Cluster
from webapp.config import load_config
from webapp.directory import Directory
from webapp.directory import bp as directory_bp
from webapp.events import routes as event_routes
from webapp.events.service import Events
from webapp.guard import Guard
from webapp.hall import Hall
from webapp.journal import Journal, JournalError
from webapp.packets import Packet, direct_emitter
from webapp.ratings.settler import Settler
from webapp.ratings.store import Ratings
from webapp.redis_queue import RedisQueue
from webapp.rules import routes as rules_routes

ROOT = Path(__file__).resolve().parent.parent


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The app, with ``app.extensions["socketio"]`` and ``app.extensions["hall"]``; every game is loaded and
    the journal's unfinished tables are rebuilt before it returns. With ``WORKERS`` it is one of several workers
    behind nginx (docs/deploy.md): PostgreSQL journal, Redis message queue, ``app.extensions["cluster"]``."""
    settings = load_config(config)
    several = bool(settings["WORKERS"])
    if several and not (settings["DATABASE_URL"] and settings["REDIS_URL"]):
        raise JournalError(
            "several WORKERS share their tables through DATABASE_URL (PostgreSQL) and REDIS_URL: set both"
        )
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
        # Each event is handled in its connection's own reading greenlet, in order, not in a new one per event: a
        # greenlet spawned per move was a measurable share of the server's CPU at 2,000 clients (issue 17). A
        # hint that waits for the bot pool holds back only its own connection's next events.
        async_handlers=False,
        json=wirejson,
        logger=False,
        engineio_logger=False,
        client_manager=RedisQueue(settings["REDIS_URL"], channel="cardtable") if settings["REDIS_URL"] else None,
    )
    journal = Journal(
        settings["JOURNAL_PATH"],
        url=settings["DATABASE_URL"],
        worker=settings["WORKER"] if several else None,
        connections=settings["JOURNAL_CONNECTIONS"],
    )
    # The hall's connections are this process's own: straight to them (with several workers, not round through
    # Redis either).
    emit = direct_emitter(socketio.server)
    hall = Hall(settings, journal, emit, socketio.start_background_task, socketio.sleep)
    app.extensions["hall"] = hall
    if several:
        cluster = Cluster(settings, hall.summaries)
        app.extensions["cluster"] = cluster
        directory = Directory(
            cluster.redis, journal, cluster.names, cluster.me, settings["LEASE_SECONDS"], settings["BEAT_SECONDS"]
        )
        app.extensions["directory"] = directory
        directory.load = lambda: len(hall.tables)
        hall.owns, hall.take, hall.let_go, hall.shared = directory.take_new, directory.take, directory.let_go, True
        hall.share_address_limit(cluster.redis)
        hall.drop = lambda sid: socketio.server.disconnect(sid, ignore_queue=True)
        hall.workers.can_create = cluster.can_create
    sockets.register(socketio, hall)
    # Flask-SocketIO pushes a request context for every Socket.IO event, matched against the URL map: with no rule
    # for the Socket.IO path (long-polling and WebSocket alike) each match raised and kept the exception with its
    # traceback, cyclic garbage every event. Engine.IO answers that path before Flask: these never serve a request.
    app.add_url_rule("/socket.io/", "socketio_polling", lambda: abort(404))
    app.add_url_rule("/socket.io/", "socketio_websocket", lambda: abort(404), websocket=True)
    app.register_blueprint(routes.bp)
    app.register_blueprint(rules_routes.bp)
    app.register_blueprint(player_routes.bp)
    app.register_blueprint(directory_bp)
    app.register_blueprint(event_routes.bp)
    review.install(app, hall)
    assets = Assets(ROOT / "static")
    assets.install(app)
    app.wsgi_app = guard.wrap(app.wsgi_app, assets.script_hash)  # type: ignore[method-assign]
    if settings["PROXY_HOPS"]:
        hops = settings["PROXY_HOPS"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)  # type: ignore[method-assign]
    hall.game_over = app.extensions["ratings"] = Settler(
        Ratings(journal),
        hall.thinker,
        socketio.start_background_task,
        hall.is_shut,
        settings["JOURNAL_PATH"],
        settings["DATABASE_URL"],
    )
    hall.restore()
    app.extensions["events"] = Events(hall, journal)
    app.extensions["events"].restore()
    hall.start_sweeping()
    feed = lobby_feed.LobbyFeed(socketio.emit, cluster.tables if several else lambda own: own)
    if not several:

        def viewers() -> bool:
            return bool(socketio.server.manager.rooms.get("/", {}).get(lobby_feed.ROOM))

        socketio.start_background_task(feed.run, hall.summaries, viewers, 1.0, socketio.sleep, hall.is_shut)
    if app.extensions["ratings"].ratings.pending():
        app.extensions["ratings"]()  # games that ended just before a restart and were not settled yet
    if several:
        app.wsgi_app = cluster.tag(app.wsgi_app)  # type: ignore[method-assign]
        try:
            cluster.beat()
            directory.beat()
        except Exception as exc:
            raise JournalError(
                f"Redis at {settings['REDIS_URL']} cannot be reached ({exc}): start redis-server, or check REDIS_URL"
            ) from None
        socketio.start_background_task(cluster.run, socketio.sleep, hall.is_shut, feed.push)
        socketio.start_background_task(directory.run, hall, hall.is_shut)
    return app
