"""Several workers (docs/deploy.md): where each table is played. Any worker answers "where is table X" from its
lease (:mod:`webapp.leases`), or, when nobody holds it, assigns it to the least loaded live worker, which takes the
lease when the table's players reach it. Pages reach a worker through nginx by a path naming it
(``/w/<n>/socket.io/``, ``n`` its place in ``WORKERS``); a connection that reaches another worker is told
``moved`` and follows. Nobody takes a held table over by contact: a table changes owner only when its lease is
released (a graceful stop hands it on) or expires (a dead or hung worker).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, current_app, jsonify
from redis.exceptions import RedisError

from engine.messages import msg
from webapp.journal import Journal
from webapp.leases import Leases
from webapp.tables import TableError

if TYPE_CHECKING:
    from webapp.hall import Hall

log = logging.getLogger(__name__)

LOAD_PREFIX = "cardtable:load:"
"""Redis keys of the live workers' loads (tables held), refreshed every beat, gone three beats after the last one."""

ASSIGN_PREFIX = "cardtable:assign:"
"""Redis keys of the tables assigned to a worker that has not taken their lease yet."""

ASSIGN_SECONDS = 10
"""How long an assignment waits for its worker to take the lease (a player who never comes leaves it free)."""

QUIET_BEATS = 2
"""A table's connections sent nothing for this many beats are sent a ``beat`` (:meth:`Directory.run`)."""

SOCKET_PATH = "/socket.io/"
"""The Socket.IO path of a single server, and of the lobby's connections (nginx spreads those)."""

bp = Blueprint("directory", __name__)


class Moved(TableError):
    """Another worker holds (or is to hold) the table: the client is sent there (a ``moved`` event)."""

    def __init__(self, code: str, path: str):
        super().__init__(msg("server.table.moved", code=code))
        self.code, self.path = code, path


class Directory:
    """This worker's view of who holds which table; ``names`` are the workers as ``WORKERS`` lists them."""

    def __init__(self, redis: Any, journal: Journal, names: list[str], me: str, seconds: float, beat: float):
        self.redis, self.journal, self.names, self.me = redis, journal, names, me
        self.leases = Leases(redis, me, seconds)
        self.beat_seconds = beat
        self.draining = False
        self.load: Callable[[], int] = lambda: len(self.leases.held)

    def path(self, worker: str) -> str:
        """The Socket.IO path nginx takes to ``worker``."""
        return f"/w/{self.names.index(worker) + 1}{SOCKET_PATH}" if worker in self.names else SOCKET_PATH

    def beat(self) -> list[str]:
        """Say this worker is alive and how loaded (not while it drains), extend its leases; returns the tables whose
        lease it lost."""
        if not self.draining:
            ttl = max(1, round(self.beat_seconds * 3))
            self.redis.set(f"{LOAD_PREFIX}{self.me}", self.load(), ex=ttl)
        return self.leases.renew()

    def live(self) -> dict[str, int]:
        """The live workers that take tables, with their loads."""
        loads = self.redis.mget([f"{LOAD_PREFIX}{name}" for name in self.names])
        return {name: int(load) for name, load in zip(self.names, loads, strict=True) if load is not None}

    def assign(self, code: str, avoid: str | None = None) -> str | None:
        """The worker table ``code`` is assigned to (no lease held): the one it was assigned to if that one is alive,
        else the least loaded live worker (not ``avoid``), which every worker then agrees on."""
        key = f"{ASSIGN_PREFIX}{code}"
        live = self.live()
        assigned = self.redis.get(key)
        if assigned is not None and assigned.decode() in live and assigned.decode() != avoid:
            return str(assigned.decode())
        choices = [name for name in live if name != avoid]
        if not choices:
            return None
        pick = min(choices, key=lambda name: (live[name], self.names.index(name)))
        if assigned is None:
            self.redis.set(key, pick, nx=True, ex=ASSIGN_SECONDS)
        else:
            self.redis.set(key, pick, ex=ASSIGN_SECONDS)
        found = self.redis.get(key)
        return found.decode() if found else pick

    def where(self, code: str) -> str | None:
        """The worker table ``code`` is played at: its lease holder, else the worker it is assigned to (``None``: no
        such open table, or no live worker)."""
        holder = self.leases.holder(code)
        if holder is not None:
            return holder
        if not self.journal.is_open(code):
            return None
        return self.assign(code)

    def take(self, code: str) -> None:
        """Before table ``code`` (open in the journal, not in memory here) is rebuilt here: this worker takes its
        lease, and its epoch, if the directory gives it this worker; else :class:`Moved` to where it is."""
        if code in self.leases.held:
            return
        try:
            holder = self.leases.holder(code)
            target = holder or self.assign(code, avoid=self.me if self.draining else None)
            if target == self.me and holder is None and self.leases.acquire(code):
                self._claim(code)
                return
            where = self.leases.holder(code) or target or self.me
        except RedisError:  # nobody can say who holds it: taking it without its lease could make two owners
            raise TableError(msg("server.table.no_redis", code=code)) from None
        raise Moved(code, self.path(where))

    def _claim(self, code: str) -> None:
        """Raise table ``code``'s epoch for the lease just taken; if the journal cannot, the lease goes again."""
        try:
            self.journal.claim(code)
        except Exception:
            self.let_go(code)
            raise

    def take_new(self, code: str) -> bool:
        """A table is made here under the new code ``code``: this worker takes its lease (``False`` if the code is
        held already); refused while this worker drains."""
        if self.draining:
            raise TableError(msg("server.draining"))
        if not self.leases.acquire(code):
            return False
        self._claim(code)
        return True

    def let_go(self, code: str) -> None:
        """This worker no longer holds table ``code`` (closed, put away, or lost): its lease goes, its writes stop."""
        self.journal.forget(code)
        try:
            self.leases.release(code)
        except RedisError:
            log.warning("the lease of table %s could not be released (Redis unreachable): it expires", code)

    @property
    def silence(self) -> float:
        """Seconds a page may hear nothing from its worker before it asks the directory where its table is (again
        and again until the answer changes): a lease's time, as a frozen worker's leases expire about then, while a
        live worker says something at least every ``QUIET_BEATS + 1`` beats."""
        return self.leases.seconds

    def run(self, hall: Hall, stopped: Callable[[], bool]) -> None:
        """The lease heartbeat (a background task): every beat, extend the leases, drop the tables whose lease was
        lost (their players are sent to the new owner), and tell the players of the others that have been quiet
        that their worker is alive (a ``beat``: a page that hears nothing asks the directory again)."""
        down = False
        while not stopped():
            try:
                for code in self.beat():
                    hall.release(code)
                hall.reassure(QUIET_BEATS * self.beat_seconds)
                down = False
            except RedisError as exc:  # said once (the cluster's heartbeat says what goes on meanwhile)
                if not down:
                    log.warning("the leases cannot be extended (Redis unreachable: %s); nobody else can take them", exc)
                down = True
            except Exception:
                log.exception("the lease heartbeat failed")
            hall.sleep(self.beat_seconds)

    def drain(self, hall: Hall) -> None:
        """A graceful stop: take no more tables, hand each table held here to the least loaded other live worker
        (its players are told ``moved`` there; it rebuilds the table from the journal under the next epoch), and
        release every lease."""
        self.draining = True
        try:
            self.redis.delete(f"{LOAD_PREFIX}{self.me}")
        except RedisError:
            log.warning("could not leave the workers' list (Redis unreachable)")
        for code in list(hall.tables):
            try:
                target = self.assign(code, avoid=self.me)
            except RedisError:
                target = None
            hall.release(code, self.path(target) if target else SOCKET_PATH)
        self.leases.release_all()


def draining_stop(hall: Hall, directory: Directory | None, linger: float, exit_now: Callable[[], Any]) -> None:
    """SIGTERM: drain (several workers), give the ``moved`` messages ``linger`` seconds to leave, then exit."""
    if directory is not None:
        directory.drain(hall)
        hall.sleep(linger)
    started = time.monotonic()
    hall.shut()
    log.warning("stopped after draining (%.1f s to shut)", time.monotonic() - started)
    exit_now()


@bp.get("/api/where/<code>")
def api_where(code: str) -> Response:
    """Where the page connects for table ``code``: ``{path}``, the Socket.IO path of the worker playing it (a single
    server, or a table not found: the default path; the connection then says why), and with several workers
    ``silence``, the seconds of hearing nothing after which the page asks again (:attr:`Directory.silence`)."""
    directory: Directory | None = current_app.extensions.get("directory")
    if directory is None:
        return jsonify({"path": SOCKET_PATH})
    try:
        worker = directory.where(code.upper()[:16])
    except RedisError:
        worker = None
    return jsonify({"path": directory.path(worker) if worker else SOCKET_PATH, "silence": directory.silence})
