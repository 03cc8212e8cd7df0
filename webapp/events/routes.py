"""The events' pages and HTTP API (docs/protocol.md, "Events"): the event page (join, your table, the standings,
the director's buttons), the big screen for the room, the QR code to join, the state as JSON and the standings as
CSV. A POST names its player by the ``X-Player-Key`` header, as the players' API does."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request

from webapp.events.model import EventError, Spec
from webapp.events.pages import event_state, standings_csv
from webapp.events.service import Events
from webapp.lan import lan_urls, qr_svg
from webapp.player_routes import _me as me
from webapp.player_routes import players
from webapp.routes import _page as page
from webapp.tables import TableError
from webapp.tokens import CODE_ALPHABET

bp = Blueprint("events", __name__)


def events() -> Events:
    found: Events = current_app.extensions["events"]
    return found


def _event_id(event_id: str) -> str:
    event_id = event_id.upper()
    if len(event_id) != 6 or any(ch not in CODE_ALPHABET for ch in event_id):
        abort(404)
    try:
        events().get(event_id)
    except EventError:
        abort(404)
    return event_id


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else {}


def _refused(exc: EventError | TableError) -> tuple[Response, int]:
    return jsonify({"error": exc.reason}), 400


def join_url(event_id: str) -> str:
    """The address that joins the event (the first LAN address, as a table's invitation)."""
    urls = lan_urls(current_app.config["HOST"], current_app.config["SERVER_PORT"])
    return f"{urls[0] if urls else request.host_url.rstrip('/')}/e/{event_id}"


@bp.get("/events")
def new_event() -> str:
    """The page where a host sets up an event."""
    return page("event_new.html", code=None)


@bp.get("/e/<event_id>")
def event_page(event_id: str) -> str:
    event_id = _event_id(event_id)
    return page("event.html", code=None, event_id=event_id, join_url=join_url(event_id))


@bp.get("/e/<event_id>/screen")
def screen_page(event_id: str) -> str:
    """The big screen: the standings, the round's tables, the QR code to join, one table large."""
    event_id = _event_id(event_id)
    return page("event_screen.html", code=None, event_id=event_id, join_url=join_url(event_id))


@bp.get("/e/<event_id>/qr.svg")
def event_qr(event_id: str) -> Response:
    return Response(qr_svg(join_url(_event_id(event_id))), mimetype="image/svg+xml")


@bp.get("/api/events/<event_id>")
def api_event(event_id: str) -> Response:
    service = events()
    return jsonify(event_state(service.hall, service.get(_event_id(event_id))))


@bp.get("/api/events/<event_id>/standings.csv")
def api_csv(event_id: str) -> Response:
    service = events()
    event = service.get(_event_id(event_id))
    return Response(
        standings_csv(event),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="event-{event.id}.csv"'},
    )


@bp.post("/api/events")
def api_create() -> Response | tuple[Response, int]:
    """A new event directed by the asking player: ``{id, url}``."""
    director = me()
    try:
        spec = Spec.parse(_body())
    except EventError as exc:
        return _refused(exc)
    event = events().create(director, spec)
    return jsonify({"id": event.id, "url": f"/e/{event.id}"})


@bp.post("/api/events/<event_id>/join")
def api_join(event_id: str) -> Response | tuple[Response, int]:
    player = me()
    found = players().get(player)
    assert found is not None
    try:
        events().join(_event_id(event_id), player, found.name)
    except EventError as exc:
        return _refused(exc)
    return jsonify({"ok": True})


DIRECTOR_OPS = ("start", "pause", "resume", "drop", "replace", "finish")


@bp.post("/api/events/<event_id>/director")
def api_director(event_id: str) -> Response | tuple[Response, int]:
    """The director's buttons: ``{op}`` one of :data:`DIRECTOR_OPS` (``drop`` and ``replace`` name a ``player``)."""
    director, event_id = me(), _event_id(event_id)
    body = _body()
    op, player = body.get("op"), str(body.get("player") or "")[:16]
    service = events()
    try:
        if op == "start":
            service.start_round(event_id, director)
        elif op in ("pause", "resume"):
            service.pause(event_id, director, op == "pause")
        elif op == "drop":
            service.drop(event_id, director, player)
        elif op == "replace":
            service.replace(event_id, director, player)
        elif op == "finish":
            service.finish(event_id, director)
        else:
            abort(400)
    except (EventError, TableError) as exc:
        return _refused(exc)
    return jsonify(event_state(service.hall, service.get(event_id)))
