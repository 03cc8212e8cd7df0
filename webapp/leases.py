"""Several workers (docs/deploy.md): a table's owner is the worker holding its lease, a redis-py ``Lock`` with a
timeout of ``LEASE_SECONDS``, extended by this worker's heartbeat. A worker that dies or hangs stops extending it,
so the lease expires and another worker may take the table (it raises the table's epoch in the journal first,
:meth:`webapp.journal.journal.Journal.claim`: the old owner's writes are refused from then on)."""

from __future__ import annotations

import logging
import uuid
from typing import Any

from redis.exceptions import LockError, RedisError

log = logging.getLogger(__name__)

LEASE_PREFIX = "cardtable:lease:"
"""Redis keys of the tables' leases; a lease's value is its token, ``<worker>|<random>``."""


def lease_key(code: str) -> str:
    return f"{LEASE_PREFIX}{code}"


class Leases:
    """The leases this worker (``me``) holds, one ``Lock`` per table code."""

    def __init__(self, redis: Any, me: str, seconds: float):
        self.redis, self.me, self.seconds = redis, me, seconds
        self.held: dict[str, Any] = {}

    def holder(self, code: str) -> str | None:
        """The worker holding table ``code``'s lease now, if any."""
        token = self.redis.get(lease_key(code))
        return token.decode().rpartition("|")[0] if token else None

    def acquire(self, code: str) -> bool:
        """Take table ``code``'s lease if nobody holds it (never waits); whether this worker holds it now."""
        if code in self.held:
            return True
        lock = self.redis.lock(lease_key(code), timeout=self.seconds, thread_local=False)
        if not lock.acquire(blocking=False, token=f"{self.me}|{uuid.uuid4().hex}"):
            return False
        self.held[code] = lock
        return True

    def release(self, code: str) -> None:
        """Give table ``code``'s lease up (another worker may take it at once)."""
        lock = self.held.pop(code, None)
        if lock is None:
            return
        try:
            lock.release()
        except (LockError, RedisError):
            log.warning("the lease of table %s had expired before it was released", code)

    def renew(self) -> list[str]:
        """Extend every lease held (the heartbeat), all in one pipeline (one round trip to Redis, not one a table:
        each is redis-py's own ``Lock`` extension script); returns the codes whose lease is lost (another worker
        took the table, or it expired while this worker was stopped and somebody else holds it now). A lease that
        expired but nobody took (Redis restarted, or this worker was late) is taken again under the same token:
        writes stay fenced by the table's epoch either way. With Redis unreachable nothing is lost here: nobody
        else can take a table either."""
        held = list(self.held.items())
        if not held:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for _, lock in held:
            lock.lua_extend(keys=[lock.name], args=[lock.local.token, int(self.seconds * 1000), "1"], client=pipe)
        try:
            extended = pipe.execute()
        except RedisError:
            log.warning("the leases could not be extended (Redis unreachable)")
            return []
        lost = []
        for (code, lock), ok in zip(held, extended, strict=True):
            still_mine = self.held.get(code) is lock  # not released meanwhile
            if ok or not still_mine:
                continue
            try:
                again = lock.acquire(blocking=False, token=lock.local.token)
            except RedisError:
                again = False
            if not again:
                del self.held[code]
                lost.append(code)
        return lost

    def release_all(self) -> None:
        for code in list(self.held):
            self.release(code)
