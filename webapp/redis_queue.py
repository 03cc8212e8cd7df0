"""The Socket.IO message queue between several workers: python-socketio's own Redis manager, listening again within
:data:`RETRY_SECONDS` of Redis coming back.

The library's listener waits twice as long after each failed attempt, up to a minute, so after a Redis outage of
half a minute a worker's lobby viewers missed the other workers' new tables for another half minute. Here it tries
every few seconds (one connection attempt, nothing else) and says so once per outage."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import socketio

RETRY_SECONDS = 2.0
log = logging.getLogger(__name__)


class RedisQueue(socketio.RedisManager):  # type: ignore[misc]
    """``socketio.RedisManager`` with a steady retry while Redis is away."""

    def _redis_listen_with_retries(self) -> Iterator[Any]:
        away = False
        while True:
            try:
                self._redis_connect()
                self.pubsub.subscribe(self.channel)
                if away:
                    log.warning("the message queue listens again: Redis is back")
                    away = False
                yield from self.pubsub.listen()
            except Exception as exc:  # noqa: BLE001 - any failure of Redis's connection: try again
                if not away:
                    log.warning("the message queue lost Redis (%s): trying every %.0f s", exc, RETRY_SECONDS)
                    away = True
                time.sleep(RETRY_SECONDS)
