"""The Hard bot's review of finished games on the server: computed after each game (and on demand for older ones) in a
worker process of its own at the lowest CPU priority, kept in the journal, served to the game-end screen and the
replay; and "try again", a table standing where a player made a costly decision.

The review itself is :mod:`engine.review` (only each seat's view goes in). Its worker is spawned like the bots'
(:mod:`webapp.thinking`: a fresh interpreter that ends with the server) but at ``nice`` :data:`REVIEW_NICENESS`, below
the bots' workers and the server, so a review only ever uses CPU time nobody at a table wants: it never delays a
move, a bot or an answer. One review is computed at a time; the event loop only waits for it cooperatively.
"""

from __future__ import annotations

import hmac
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, request

from engine.messages import msg
from engine.registry import get_game
from engine.review import BUDGET, lesson_hand, position_at, review_game
from webapp.journal import Journal
from webapp.payloads import MAX_NAME
from webapp.ratelimit import over_limit
from webapp.tables import Table, TableError
from webapp.thinking import POLL_SECONDS, _start_worker
from webapp.tokens import hash_token, new_token

log = logging.getLogger(__name__)

REVIEW_NICENESS = 19
"""The review worker's CPU priority below the server's: the lowest (the bots' workers are at 10)."""

QUEUE_LIMIT = 50
"""Games waiting for their review at most; an older game asked for beyond it is refused for now."""

REVIEWS_PER_MINUTE = 10
"""Reviews of older games one client address may ask for a minute (the game-end screen's own comes by itself)."""

LESSONS_KEPT = 500
"""Lesson hands' reviews kept in memory at most (the oldest go first: asked for again, it is made again)."""

RETRIES_PER_MINUTE = 6
""""Try again" tables one client address may open a minute (besides the hall's own limits on tables)."""

bp = Blueprint("review", __name__)


def reviewable(table: Table) -> bool:
    """Whether the table's game has a Hard bot to review with (a game made for the tests may have none)."""
    return "hard" in table.decl.bots


def compute(record: Mapping[str, Any], seats: list[int], budget: int, skip: set[int]) -> dict[str, Any]:
    """A game's review (in the review worker, or in the caller)."""
    return review_game(record, seats, budget, skip=skip)


def bot_steps(movers: list[str | None]) -> set[int]:
    """The steps a bot made, a stand-in's for an absent player included: not his decisions, never reviewed."""
    return {n for n, mover in enumerate(movers) if mover is not None and mover.startswith("bot:")}


class Reviewer:
    """Reviews finished games one at a time, in order, in a worker process of their own (``workers`` 0: in the
    caller's background task, for tests), and keeps each in the journal."""

    def __init__(
        self,
        journal: Journal,
        start_task: Callable[..., Any],
        sleep: Callable[[float], Any],
        workers: int = 1,
        budget: int = BUDGET,
    ):
        self.journal = journal
        self.start_task = start_task
        self.sleep = sleep
        self.budget = budget
        self.pending: deque[int | str] = deque()
        self.lessons: dict[str, dict[str, Any]] = {}
        """Each lesson table's review of its prepared hand (by table code; kept while the server runs)."""
        self._lesson_jobs: dict[str, tuple[dict[str, Any], list[int], set[int]]] = {}
        self.running = False
        self._pool: ProcessPoolExecutor | None = None
        if workers > 0:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                1, mp_context=context, initializer=_start_worker, initargs=(os.getpid(), REVIEW_NICENESS)
            )

    def status(self, game_id: int) -> str:
        """``done``, ``pending`` or ``none`` (not asked for yet)."""
        if game_id in self.pending:
            return "pending"
        return "done" if self.journal.review(game_id) is not None else "none"

    def request_lesson(self, code: str, record: dict[str, Any], seat: int, skip: set[int]) -> bool:
        """Queue the review of a lesson's hand (``record`` up to its end) for its player's ``seat``; ``False`` when
        the queue is full."""
        if code in self.pending or code in self.lessons:
            return True
        if len(self.pending) >= QUEUE_LIMIT:
            return False
        self._lesson_jobs[code] = (record, [seat], skip)
        return self.request(code)

    def request(self, game_id: int | str) -> bool:
        """Queue a finished game's review (a second request for one queued changes nothing); ``False`` when the
        queue is full."""
        if game_id in self.pending:
            return True
        if len(self.pending) >= QUEUE_LIMIT:
            return False
        self.pending.append(game_id)
        if not self.running:
            self.running = True
            self.start_task(self._drain)
        return True

    def _drain(self) -> None:
        try:
            while self.pending:
                game_id = self.pending[0]
                try:
                    self._review(game_id)
                except Exception:
                    log.exception("the review of %s failed", game_id)
                if self.pending:  # emptied meanwhile by shut
                    self.pending.popleft()
        finally:
            self.running = False

    def _review(self, key: int | str) -> None:
        if isinstance(key, str):
            hand, mine, left_out = self._lesson_jobs.pop(key)
            self.lessons[key] = self._compute(hand, mine, left_out)
            while len(self.lessons) > LESSONS_KEPT:
                del self.lessons[next(iter(self.lessons))]
            return
        record = self.journal.finished_record(key)
        if record is None:
            return
        seats = self.journal.human_seats(key)
        skip = bot_steps(self.journal.movers(key))
        self.journal.save_review(key, self._compute(record, seats, skip))

    def _compute(self, record: Mapping[str, Any], seats: list[int], skip: set[int]) -> dict[str, Any]:
        """One review, in the worker (waited for cooperatively) or, without one, here."""
        if self._pool is None:
            review = compute(record, seats, self.budget, skip)
        else:
            future: Future[dict[str, Any]] = self._pool.submit(compute, record, seats, self.budget, skip)
            pause, longest = POLL_SECONDS
            while not future.done():
                self.sleep(pause)
                pause = min(longest * 10, pause * 2)
            review = future.result()
        return review

    def shut(self) -> None:
        """Stop the worker; reviews not done are dropped (asked for again, they are made again)."""
        self.pending.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def install(app: Any, hall: Any) -> Reviewer:
    """Give the app its reviewer (``app.extensions["reviews"]``) and the routes below. Each game that ends at a
    table with a player is reviewed, unless ``REVIEWS`` is 0, or bots think in the server's own process and
    ``REVIEW_WORKERS`` is not set (the in-process tests): then games are reviewed only when asked for."""
    config = app.config
    workers = config.get("REVIEW_WORKERS")
    after_games = bool(config.get("REVIEWS", 1)) and (workers is not None or config.get("BOT_WORKERS") != 0)
    processes = int(workers) if workers is not None else (0 if config.get("BOT_WORKERS") == 0 else 1)
    reviewer = Reviewer(hall.journal, hall.start_task, hall.sleep, workers=processes)
    app.extensions["reviews"] = reviewer
    if after_games:
        hall.finished = lambda table: reviewer.request(table.game_id) if table.humans() and reviewable(table) else None
    shut = hall.shut

    def shut_both() -> None:
        reviewer.shut()
        shut()

    hall.shut = shut_both
    app.register_blueprint(bp)
    return reviewer


@bp.get("/api/history/<int:game_id>/review")
def api_review(game_id: int) -> Response | tuple[Response, int]:
    """The Hard bot's review of a finished game: ``{status: "done", review}``; while it is being made ``{status:
    "pending"}`` (202); a game never reviewed (an older one) is queued by this request (counted against the
    address's limit, 429 past it; 503 while the queue is full)."""
    reviewer: Reviewer = current_app.extensions["reviews"]
    journal = reviewer.journal
    if journal.finished_record(game_id) is None:
        abort(404)
    status = reviewer.status(game_id)
    if status == "done":
        return jsonify({"status": "done", "review": journal.review(game_id)})
    if status == "none":
        refused = over_limit("review_asks", REVIEWS_PER_MINUTE, "server.review.too_many")
        if refused is not None:
            return jsonify({"error": refused}), 429
        if not reviewer.request(game_id):
            return jsonify({"error": msg("server.review.busy")}), 503
    return jsonify({"status": "pending"}), 202


@bp.post("/api/lesson/<code>/review")
def api_lesson_review(code: str) -> Response | tuple[Response, int]:
    """The Hard bot's review of a lesson's prepared hand once it is played, for its player only (``{token}``: his
    seat's): ``{status: "done", review}``; ``{status: "pending"}`` (202) while it is made, the first request
    queueing it; 409 while the hand is being played; 404 for anything but a lesson and its player's token."""
    hall = current_app.extensions["hall"]
    reviewer: Reviewer = current_app.extensions["reviews"]
    body = request.get_json(silent=True)
    token = body.get("token") if isinstance(body, dict) else None
    table = hall.tables.get(code) if isinstance(code, str) else None
    if table is None or not table.lesson or not isinstance(token, str) or table.game_id is None:
        abort(404)
    wanted = hash_token(token)
    with table.lock:
        seat = next(
            (s.index for s in table.humans() if s.token_hash and hmac.compare_digest(s.token_hash, wanted)), None
        )
        record = table.current().record()
        game_id = table.game_id
    if seat is None:
        abort(404)
    if code in reviewer.lessons:
        return jsonify({"status": "done", "review": reviewer.lessons[code]})
    if code not in reviewer.pending:
        hand = lesson_hand(record)
        if hand is None:
            return jsonify({"status": "playing"}), 409
        if not reviewer.request_lesson(code, hand, seat, bot_steps(reviewer.journal.movers(game_id))):
            return jsonify({"error": msg("server.review.busy")}), 503
    return jsonify({"status": "pending"}), 202


@bp.post("/api/history/<int:game_id>/retry")
def api_retry(game_id: int) -> Response | tuple[Response, int]:
    """ "Try again": a new table where the player of a finished game stands before his move at ``step`` again (the
    hand's deal and the moves before it; every other seat a bot of the table's level), him at his seat under
    ``name``: ``{code, seat, token, players}`` as a ``create`` ack gives them. A step that is not a decision of a
    seat with a choice, or that cannot be set up again, is refused with 400."""
    hall = current_app.extensions["hall"]
    record = hall.journal.finished_record(game_id)
    if record is None:
        abort(404)
    body = request.get_json(silent=True)
    if not isinstance(body, dict) or set(body) - {"step", "name", "level"}:
        return jsonify({"error": msg("server.review.bad_retry")}), 400
    step, name, level = body.get("step"), body.get("name"), body.get("level", "hard")
    if (
        not isinstance(step, int)
        or isinstance(step, bool)
        or not 0 <= step < len(record["actions"])
        or not isinstance(name, str)
        or not 0 < len(name.strip()) <= MAX_NAME
        or not name.isprintable()
        or level not in ("easy", "normal", "hard")
    ):
        return jsonify({"error": msg("server.review.bad_retry")}), 400
    refused = over_limit("review_retries", RETRIES_PER_MINUTE, "server.create.too_soon")
    if refused is not None:
        return jsonify({"error": refused}), 429
    try:
        position = position_at(record, step)
    except ValueError:
        return jsonify({"error": msg("server.review.no_retry")}), 400
    seat = record["actions"][step][0]
    try:
        answer = open_position(hall, record, position, seat, name.strip(), level, request.remote_addr or "")
    except TableError as exc:
        return jsonify({"error": exc.reason}), 400
    return jsonify(answer)


def open_position(
    hall: Any,
    record: Mapping[str, Any],
    position: Mapping[str, Any],
    seat: int,
    name: str,
    level: str,
    address: str,
) -> dict[str, Any]:
    """A table of ``record``'s game, players and options whose first game is the game itself replayed up to
    ``position`` (:func:`engine.review.position_at`: the same seed and moves, so the same hand and scores at any hand
    of the game), ``name`` seated at ``seat`` with a new token and bots at ``level`` in the other seats, under the
    hall's limits on creating tables. The moves before the decision are journalled at once, in one transaction, as
    the game's replay (``bot:replay``: nobody at this table made them); a game at it is never rated (``retry``)."""
    decl = get_game(record["game"])
    fixed = {"dealer": record["dealer"], "deal": record["deal"], "retry": True}
    table = hall.keeping.open(decl, record["players"], dict(record["options"]), seat, fixed, creator=address)
    with table.lock:
        table.level = level
        token = new_token()
        for other in table.seats:
            if other.index == seat:
                hall.seat_human(table, other, name, token)
            else:
                table.seat_bot(other, hall.bots.name(table, None))
        try:
            hall.save(table)
            hall.play.new_game(table, position["seed"], position["dealer"], position["deal"], position["start"])
            _replay_moves(hall, table, position["actions"])
        except Exception:
            hall.keeping.forget(table)
            try:
                hall.journal.close_table(table.code)
            except Exception:
                log.exception("could not close the unfinished retry table %s", table.code)
            raise
    return {"code": table.code, "seat": seat, "token": token, "players": table.players}


def _replay_moves(hall: Any, table: Table, actions: list[list[Any]]) -> None:
    """Apply a game's own moves to the table's new game of the same seed (trusted: they are its log), journal them
    and the finished hands' deals together, then tell the table and wake its bots (under the table's lock)."""
    deals: list[tuple[str, dict[str, Any]]] = []
    hall.play.replay_moves(table, actions, deals)
    assert table.game_id is not None
    hall.journal.add_actions(table.game_id, [(seat, action, "bot:replay") for seat, action in actions])
    hall.journal.save_deals(deals)
    hall.changed(table)
