"""HTTP routes of docs/protocol.md: the lobby and table pages, the QR code, and the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request

from engine.messages import msg
from engine.registry import all_games, replay
from webapp import replays
from webapp.i18n import LANGUAGES, Renderer, lang_links, page_lang, remember_lang
from webapp.lan import lan_urls, qr_svg
from webapp.lobby_feed import ordered
from webapp.payloads import TABLE_CODE, PayloadError
from webapp.ratelimit import WindowLimit, later, over_limit
from webapp.rules.explorer import ADVICE_PER_MINUTE, hard_advice

bp = Blueprint("tables", __name__)
bp.after_app_request(remember_lang)

MAX_REPLAY_STEPS = 200
REPLAY_STEPS_PER_MINUTE = 120
"""Requests for a finished game's steps one client address may make in any minute: each replays the whole game (a
page steps through a long game in chunks of 100 steps, and again from another seat)."""


def _hall() -> Any:
    return current_app.extensions["hall"]


def _page(template: str, **context: Any) -> str:
    """A page of the app: every game's declaration for its scripts, in the reader's language, with the switch;
    ``t(key)`` writes the catalog's words into the page, so no label waits for the scripts."""
    lang = page_lang()
    return render_template(
        template,
        games=_games(),
        lang=lang,
        lang_links=lang_links(),
        languages=LANGUAGES,
        t=Renderer(lang).text,
        **context,
    )


def _games() -> list[dict[str, Any]]:
    return [decl.to_json() for decl in all_games()]


def _valid_code(code: str) -> str | None:
    """``code`` as a table code (upper case), or ``None`` when it cannot be one."""
    try:
        return TABLE_CODE("code", code)
    except PayloadError:
        return None


def _table_code(code: str) -> str:
    found = _valid_code(code)
    if found is None:
        abort(404)
    return found


def _lan_base() -> str:
    urls = lan_urls(current_app.config["HOST"], current_app.config["SERVER_PORT"])
    return urls[0] if urls else request.host_url.rstrip("/")


@bp.get("/")
def lobby() -> str:
    return _page("lobby.html", code=None)


@bp.get("/t/<code>")
def table_page(code: str) -> str:
    code = _table_code(code)
    if not _hall().resumable(code):
        abort(404)
    return _page("table.html", code=code)


@bp.get("/replay/<int:game_id>")
def replay_page(game_id: int) -> str:
    """A finished game's step-by-step replay (the steps come from ``/api/history/<id>``)."""
    if _hall().journal.finished_record(game_id) is None:
        abort(404)
    return _page("replay.html", code=None, game_id=game_id)


@bp.get("/t/<code>/qr.svg")
def table_qr(code: str) -> Response:
    code = _table_code(code)
    if not _hall().resumable(code):
        abort(404)
    return Response(qr_svg(f"{_lan_base()}/t/{code}"), mimetype="image/svg+xml")


@bp.app_errorhandler(404)
def not_found(error: Exception) -> tuple[Response | str, int]:
    """An address with nothing behind it: a page in the reader's language with the way back to the games (a table
    code that names no table says so: a code mistyped at a party, a table closed since); the JSON API answers
    ``{"error": "not_found"}``."""
    if request.path.startswith("/api/"):
        return jsonify({"error": "not_found"}), 404
    parts = request.path.split("/")
    missing = _valid_code(parts[2]) if len(parts) > 2 and parts[1] == "t" else None
    return _page("not_found.html", code=None, missing_table=missing), 404


@bp.get("/api/games")
def api_games() -> Response:
    return jsonify(_games())


@bp.get("/api/tables")
def api_tables() -> Response:
    cluster = current_app.extensions.get("cluster")
    return jsonify(ordered(cluster.tables() if cluster is not None else _hall().summaries()))


@bp.get("/api/lan")
def api_lan() -> Response:
    urls = lan_urls(current_app.config["HOST"], current_app.config["SERVER_PORT"])
    return jsonify({"urls": urls or [request.host_url.rstrip("/")]})


@bp.get("/api/history")
def api_history() -> Response:
    """The latest finished games, newest first (``?code=`` only those of one table)."""
    code = request.args.get("code")
    return jsonify(_hall().journal.history(code=_table_code(code) if code else None))


@bp.get("/api/history/<int:game_id>")
def api_history_game(game_id: int) -> Response | tuple[Response, int]:
    """A finished game step by step from the journal: the views after each action and the events it made, as a
    spectator may read them, or (``seat``) as that player saw them, his hand included, or (``seat=all``) with every
    hand open (``open``: each seat's hand) and the events whole: the game is over, so nothing is kept from anyone
    now (``start``, ``count``); and every hand's first step and deal code."""
    refused = over_limit("replay_steps", REPLAY_STEPS_PER_MINUTE, "server.replay.too_many")
    if refused is not None:
        return jsonify({"error": refused}), 429
    given = request.args.get("seat", "")
    start = max(0, request.args.get("start", 0, type=int))
    count = min(MAX_REPLAY_STEPS, max(1, request.args.get("count", 50, type=int)))
    cache: replays.ReplayCache = current_app.extensions.setdefault("replays", replays.ReplayCache())
    key = (game_id, given, start, count)
    answer = cache.get(key)
    if answer is None:
        hall = _hall()
        record = hall.journal.finished_record(game_id)
        if record is None:
            abort(404)
        seat, everyone = _below(given, record["players"]), given == "all"
        if given and seat is None and not everyone:
            return jsonify({"error": "bad_seat"}), 400
        total = current_app.extensions.setdefault(
            "replays_total", WindowLimit(current_app.config["REPLAYS_PER_MINUTE"], 60)
        )
        wait = total.wait("")
        if wait > 0:
            return jsonify({"error": msg("server.replay.busy", when=later(wait))}), 429
        total.note("")
        page = hall.thinker.call(
            replays.replay_steps, (record, seat, everyone, start, count), (request.remote_addr or "", "replay")
        )
        hall.journal.save_deals(page.pop("deals"))
        answer = {"id": game_id, "game": record["game"], "seat": "all" if everyone else seat, **page}
        cache.put(key, answer)
    return jsonify(answer)


@bp.get("/api/history/<int:game_id>/advice")
def api_history_advice(game_id: int) -> Response | tuple[Response, int]:
    """What the Hard bot would have played at step ``step`` of a finished game in the place of ``seat``, a seat that
    acted there: ``{"step", "seat", "action", "reason"}``, the reason a message, as a table's hint gives it. The bot
    is handed only that seat's view; it thinks in the bots' worker pool, so the server goes on meanwhile. A step or
    seat that does not fit is refused with 400 (``{"error": "bad_step"}``); past the limit (every question counts) with
    429."""
    record = _hall().journal.finished_record(game_id)
    if record is None:
        abort(404)
    refused = over_limit("replay_advice", ADVICE_PER_MINUTE, "server.hint.too_many")
    if refused is not None:  # counted before the replay: a question refused after it has cost a replay too
        return jsonify({"error": refused}), 429
    actions = record["actions"]
    step = _below(request.args.get("step", ""), len(actions))
    seat = _below(request.args.get("seat", ""), record["players"])
    if step is None or seat is None:
        return jsonify({"error": "bad_step"}), 400
    game = replay({**record, "actions": actions[:step]})
    if not game.legal_actions(seat) or not game.may_act(seat):
        return jsonify({"error": "bad_step"}), 400
    try:
        answer = hard_advice(game, seat, f"replay:{game_id}:{step}:{seat}")
    except Exception:
        current_app.logger.exception("the bot's advice failed in the replay of game %s", game_id)
        return jsonify({"error": msg("server.hint.failed")}), 500
    return jsonify({"step": step, "seat": seat, "action": answer["action"], "reason": answer["reason"]})


def _below(text: str, limit: int) -> int | None:
    """``text`` as a whole number under ``limit`` (a query's step or seat), else ``None``."""
    if not (text.isdecimal() and len(text) <= len(str(limit))):
        return None
    number = int(text)
    return number if number < limit else None
