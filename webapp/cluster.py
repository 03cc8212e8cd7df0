"""Several workers behind nginx (docs/deploy.md): what the workers share through Redis (who is alive, every
worker's lobby list). Who holds which table is :mod:`webapp.directory`'s."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from engine.messages import msg
from webapp.journal import JournalError
from webapp.tables import TableError

log = logging.getLogger(__name__)

PREFIX = "cardtable:"
"""Prefix of the Redis keys of the workers' heartbeats and lobby lists."""


class Cluster:
    """This worker's place among the others: its name in ``WORKERS``, and Redis (``REDIS_URL``), where
    every worker writes a heartbeat and its tables' lobby summaries every ``BEAT_SECONDS`` (kept for three beats),
    so any worker answers the lobby with every worker's tables."""

    def __init__(self, config: dict[str, Any], summaries: Callable[[], list[dict[str, Any]]]):
        import redis

        self.me = str(config["WORKER"])
        self.names = list(dict.fromkeys(name.strip() for name in str(config["WORKERS"]).split(",") if name.strip()))
        if self.me not in self.names:
            raise JournalError(f"WORKER {self.me} is not one of WORKERS ({', '.join(self.names)})")
        self.beat_seconds = float(config["BEAT_SECONDS"])
        self.redis = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=5, socket_connect_timeout=5)
        self._redis_errors = (redis.RedisError, OSError)
        self.summaries = summaries
        self.started = time.time()
        self._others: dict[str, dict[str, Any]] = {}
        self._others_read = float("-inf")

    def beat(self, lines: list[dict[str, Any]] | None = None) -> None:
        """Tell the others this worker is alive, and which tables it holds (``lines``, its lobby lines: made now
        if not given)."""
        ttl = max(1, round(self.beat_seconds * 3))
        pipe = self.redis.pipeline()
        pipe.set(f"{PREFIX}worker:{self.me}", json.dumps({"started": self.started}), ex=ttl)
        pipe.set(f"{PREFIX}lobby:{self.me}", json.dumps(self.summaries() if lines is None else lines), ex=ttl)
        pipe.execute()

    def alive(self) -> list[str]:
        """The workers whose heartbeat is fresh (this one included)."""
        beats = self.redis.mget([f"{PREFIX}worker:{name}" for name in self.names])
        return [name for name, beat in zip(self.names, beats, strict=True) if beat is not None]

    def tables(self, own: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """Every live worker's lobby summaries, this worker's as they are now (``own`` if given; a table listed by
        two workers during a handover: once). While Redis cannot be reached, the others' as last read."""
        now = time.monotonic()
        if now - self._others_read > self.beat_seconds:  # they change once a beat: read once a beat
            others = [name for name in self.names if name != self.me]
            self._others_read = now
            try:
                found = self.redis.mget([f"{PREFIX}lobby:{name}" for name in others]) if others else []
            except self._redis_errors:
                found = None  # the heartbeat says so in the log
            if found is not None:
                self._others = {}
                for lines in found:
                    for summary in json.loads(lines) if lines else []:
                        self._others[summary["code"]] = summary
        out = dict(self._others)
        out.update((summary["code"], summary) for summary in (self.summaries() if own is None else own))
        return list(out.values())

    def can_create(self) -> None:
        """Refuse a new table with ``server.create.no_redis`` while Redis cannot be reached: a new table needs it
        (its lease, every worker's lobby, the per-address limits); the tables under way go on without it."""
        try:
            self.redis.ping()
        except self._redis_errors:
            raise TableError(msg("server.create.no_redis")) from None

    def leave(self) -> None:
        """Stop beating: the others see this worker gone at once, not after the heartbeat expires."""
        self.redis.delete(f"{PREFIX}worker:{self.me}", f"{PREFIX}lobby:{self.me}")

    def tag(self, wsgi_app: Callable[..., Any]) -> Callable[..., Any]:
        """``wsgi_app`` with an ``X-Card-Worker`` header on every response giving this worker's place in ``WORKERS``
        (1 for the first): docs/deploy.md checks which worker nginx chose with it, and no client learns an upstream
        address."""
        header = ("X-Card-Worker", str(self.names.index(self.me) + 1))

        def tagged(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
            def start(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
                return start_response(status, [*headers, header], *rest)

            return wsgi_app(environ, start)

        return tagged

    def run(
        self,
        sleep: Callable[[float], Any],
        stopped: Callable[[], bool],
        lobby: Callable[[list[dict[str, Any]]], Any] = lambda lines: None,
    ) -> None:
        """The heartbeat loop (a background task); ``lobby`` is given this worker's lobby lines of each beat (the
        live lobby, :mod:`webapp.lobby_feed`: it runs while Redis is down too)."""
        down = False
        while not stopped():
            lines = self.summaries()
            try:
                self.beat(lines)
                if down:
                    log.warning("Redis answers again: new tables may be made")
                down = False
            except self._redis_errors as exc:
                if not down:
                    log.error(
                        "Redis cannot be reached (%s): play goes on, the lobby lists the other workers' tables as last"
                        " read, and no table can be made until it is back",
                        exc,
                    )
                down = True
            except Exception:
                log.exception("the heartbeat to Redis failed")
            try:
                lobby(lines)
            except Exception:
                log.exception("the lobby's list could not be pushed")
            sleep(self.beat_seconds)
