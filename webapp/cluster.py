"""Several workers behind nginx (docs/deploy.md): what the workers share through Redis (who is alive, every
worker's lobby list). Who holds which table is :mod:`webapp.directory`'s."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from webapp.journal import JournalError

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
        self.summaries = summaries
        self.started = time.time()
        self._others: dict[str, dict[str, Any]] = {}
        self._others_read = float("-inf")

    def beat(self) -> None:
        """Tell the others this worker is alive, and which tables it holds."""
        ttl = max(1, round(self.beat_seconds * 3))
        pipe = self.redis.pipeline()
        pipe.set(f"{PREFIX}worker:{self.me}", json.dumps({"started": self.started}), ex=ttl)
        pipe.set(f"{PREFIX}lobby:{self.me}", json.dumps(self.summaries()), ex=ttl)
        pipe.execute()

    def alive(self) -> list[str]:
        """The workers whose heartbeat is fresh (this one included)."""
        beats = self.redis.mget([f"{PREFIX}worker:{name}" for name in self.names])
        return [name for name, beat in zip(self.names, beats, strict=True) if beat is not None]

    def tables(self) -> list[dict[str, Any]]:
        """Every live worker's lobby summaries, this worker's as they are now (a table listed by two workers during
        a handover: once)."""
        now = time.monotonic()
        if now - self._others_read > self.beat_seconds:  # they change once a beat: read once a beat
            others = [name for name in self.names if name != self.me]
            self._others = {}
            for found in self.redis.mget([f"{PREFIX}lobby:{name}" for name in others]) if others else []:
                for summary in json.loads(found) if found else []:
                    self._others[summary["code"]] = summary
            self._others_read = now
        out = dict(self._others)
        out.update((summary["code"], summary) for summary in self.summaries())
        return list(out.values())

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

    def run(self, sleep: Callable[[float], Any], stopped: Callable[[], bool]) -> None:
        """The heartbeat loop (a background task)."""
        while not stopped():
            try:
                self.beat()
            except Exception:
                log.exception("the heartbeat to Redis failed")
            sleep(self.beat_seconds)
