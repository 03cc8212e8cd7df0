"""The players' HTTP API (docs/protocol.md, "Players"): a browser's own player (its key in the ``X-Player-Key``
header of a POST, never in an address), the link and QR code for another device, and the recovery code."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request

from engine.messages import msg
from engine.registry import game_ids
from webapp.lan import lan_urls, qr_svg
from webapp.payloads import PayloadError, name_field
from webapp.players import LINK_LENGTH, Players, normal_code
from webapp.ratelimit import over_limit
from webapp.ratings.model import RULES, is_bot
from webapp.ratings.store import MIN_GAMES, TONIGHT_HOURS
from webapp.routes import _page as page

bp = Blueprint("players", __name__)

KEY_HEADER = "X-Player-Key"

MADE_PER_MINUTE = 20
"""Players one client address may make in any minute (a browser makes one, once)."""

CODES_PER_MINUTE = 10
"""Link and recovery codes one client address may try in any minute: they are not to be guessed."""


def players() -> Players:
    found: Players = current_app.extensions["hall"].players
    return found


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else {}


def _me() -> str:
    """The player whose key the request carries; 401 without a known one."""
    key = request.headers.get(KEY_HEADER, "")
    player = players().identify(key) if 0 < len(key) <= 128 else None
    if player is None:
        abort(Response('{"error": "unknown_player"}', 401, mimetype="application/json"))
    return player


def _name() -> str:
    try:
        return name_field("name", _body().get("name"))
    except PayloadError as exc:
        abort(Response(jsonify({"error": exc.reason}).get_data(), 400, mimetype="application/json"))


def _limited(name: str, per_minute: int) -> None:
    """Refuse (429) past ``per_minute`` requests of this kind from the client's address in any minute; the addresses
    free of the per-address limits (``ADDRESS_LIMIT_EXEMPT``: the server's own machine) are not counted."""
    exempt = {a.strip() for a in str(current_app.config["ADDRESS_LIMIT_EXEMPT"]).split(",") if a.strip()}
    if (request.remote_addr or "") in exempt:
        return
    refused = over_limit(name, per_minute, "server.player.too_many")
    if refused is not None:
        abort(Response(jsonify({"error": refused}).get_data(), 429, mimetype="application/json"))


def link_url(code: str) -> str:
    """The address that makes another device this player (the first LAN address, as a table's invitation)."""
    urls = lan_urls(current_app.config["HOST"], current_app.config["SERVER_PORT"])
    return f"{urls[0] if urls else request.host_url.rstrip('/')}/me/{code}"


@bp.post("/api/me")
def make() -> Response:
    """A new player (a browser's first visit): ``{id, name, key, recovery}``."""
    name = _name()
    _limited("players_made", MADE_PER_MINUTE)
    return jsonify(players().create(name))


@bp.post("/api/me/whoami")
def whoami() -> Response:
    """The browser's player: ``{id, name, hidden, tables}``, his tables under way first in the lobby."""
    me = _me()
    player = players().get(me)
    assert player is not None
    return jsonify({"id": me, "name": player.name, "hidden": player.hidden, "tables": players().tables(me)})


@bp.post("/api/me/name")
def rename() -> Response:
    me, name = _me(), _name()
    players().rename(me, name)
    return jsonify({"id": me, "name": name})


@bp.post("/api/me/hide")
def hide() -> Response:
    me = _me()
    hidden = _body().get("hidden") is True
    players().hide(me, hidden)
    return jsonify({"id": me, "hidden": hidden})


@bp.post("/api/me/delete")
def delete() -> Response:
    me = _me()
    players().delete(me)
    return jsonify({"id": me, "deleted": True})


@bp.post("/api/me/link")
def link() -> Response:
    """A link for another device, valid a few minutes: ``{code, url, expires}``."""
    made = players().link(_me())
    return jsonify({**made, "url": link_url(made["code"])})


@bp.post("/api/me/recovery")
def recovery() -> Response:
    """A new recovery code (the old one stops working): ``{recovery}``."""
    return jsonify({"recovery": players().new_recovery(_me())})


@bp.post("/api/me/redeem")
def redeem() -> Response | tuple[Response, int]:
    """This browser becomes the player of a link (``code``) or a recovery code (``recovery``): ``{id, name, key}``;
    404 ``server.player.no_code`` for a code that is wrong, used or expired."""
    _limited("player_codes", CODES_PER_MINUTE)
    body = _body()
    code, recovery = body.get("code"), body.get("recovery")
    found = None
    if isinstance(code, str) and len(code) <= 40:
        found = players().redeem(code)
    elif isinstance(recovery, str) and len(recovery) <= 40:
        found = players().recover(recovery)
    if found is None:
        return jsonify({"error": msg("server.player.no_code")}), 404
    return jsonify(found)


def _ask(question: str, *args: Any) -> Any:
    """Ask the ratings (off the event loop: :class:`webapp.ratings.settler.Settler`)."""
    return current_app.extensions["ratings"].ask(question, *args)


def _named(rows: list[dict[str, Any]], field: str = "player") -> list[dict[str, Any]]:
    """``rows`` with each player's ``name`` (a bot level's is ``null``: the page names it in its reader's words)."""
    names = players().names([r[field] for r in rows])
    return [{**r, "name": names.get(r[field])} for r in rows if r[field] in names or is_bot(r[field])]


@bp.get("/api/players/<player_id>")
def api_player(player_id: str) -> Response:
    """A player's page as data (docs/protocol.md): ``{id, name, hidden, rules, ratings, games}``; 404 for none or a
    deleted one."""
    player = players().get(player_id[:16])
    if player is None:
        abort(404)
    ratings = _ask("of_player", player.id)
    mates = players().names([m for r in ratings for m, _ in r["figures"].get("partners", [])])
    for rating in ratings:
        if "partners" in rating["figures"]:
            rating["figures"]["partners"] = [
                {"player": m, "name": mates.get(m), "games": n} for m, n in rating["figures"]["partners"]
            ]
    return jsonify(
        {
            "id": player.id,
            "name": player.name,
            "hidden": player.hidden,
            "rules": list(RULES),
            "ratings": ratings,
            "games": _ask("games_of", player.id),
        }
    )


@bp.get("/api/standings/<game>")
def api_standings(game: str) -> Response:
    """A game's standings (docs/protocol.md): ``?tonight=1`` only the last hours' games, ``?min=`` the games a
    player needs to be listed."""
    if game not in game_ids():
        abort(404)
    tonight = request.args.get("tonight") in ("1", "true")
    least = max(1, min(100, request.args.get("min", MIN_GAMES, type=int)))
    hours = TONIGHT_HOURS if tonight else None
    return jsonify(
        {
            "game": game,
            "tonight": tonight,
            "hours": hours,
            "min": least,
            "players": _named(_ask("standings", game, least, hours)),
        }
    )


@bp.get("/api/standings/<game>/vs")
def api_head_to_head(game: str) -> Response:
    """Two players' counted games of ``game`` together: ``?a=<id>&b=<id>``."""
    a, b = request.args.get("a", "")[:16], request.args.get("b", "")[:16]
    if game not in game_ids() or not a or not b:
        abort(404)
    return jsonify({"game": game, "a": a, "b": b, **_ask("head_to_head", game, a, b)})


@bp.get("/standings")
def standings_page() -> str:
    """Every game's standings, server-wide or tonight, and two players head to head."""
    return page("standings.html", code=None, tonight_hours=TONIGHT_HOURS, min_games=MIN_GAMES)


@bp.get("/me")
def my_profile() -> str:
    """The browser's own player's page (his id is in the browser): ratings, games, devices, privacy."""
    return page("profile.html", code=None, player_id=None)


@bp.get("/p/<player_id>")
def profile(player_id: str) -> str:
    """A player's page: his ratings and games (404 for no such player, or a deleted one)."""
    if players().get(player_id[:16]) is None:
        abort(404)
    return page("profile.html", code=None, player_id=player_id)


@bp.get("/me/<code>")
def device(code: str) -> str:
    """The page of a link for another device: a tap makes this browser that player."""
    code = normal_code(code)
    if len(code) != LINK_LENGTH:
        abort(404)
    return page("device.html", code=None, link_code=code)


@bp.get("/me/<code>/qr.svg")
def link_qr(code: str) -> Response:
    """The QR code of a link for another device (drawn here, as a table's)."""
    code = normal_code(code)
    if len(code) != LINK_LENGTH:
        abort(404)
    return Response(qr_svg(link_url(code)), mimetype="image/svg+xml")
