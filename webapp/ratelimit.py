"""Rate limits: a token bucket per connection (a steady rate of events with a short burst allowance), and sliding
windows counting tables created per connection and per client address (with several workers, the address's
window is kept in Redis, so every worker counts the same tables)."""

from __future__ import annotations

import math
import time
import uuid
from collections import deque
from collections.abc import Callable
from typing import Any

from flask import current_app, request

from engine.messages import Message, msg


class TokenBucket:
    """Allows ``rate`` events per second on average and ``burst`` in a row."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def allow(self) -> bool:
        """Take one token if there is one; ``False`` means the event must be refused."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class WindowLimit:
    """At most ``count`` events per key in any ``window`` seconds (a sliding window): tables created per connection
    or per client address."""

    def __init__(self, count: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.count = count
        self.window = window
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may have another event (0: now)."""
        now = self.clock()
        times = self._times.get(key)
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            self._times.pop(key, None)
            return 0.0
        return 0.0 if len(times) < self.count else times[0] + self.window - now

    def note(self, key: str) -> None:
        """``key`` had an event now."""
        self._times.setdefault(key, deque()).append(self.clock())

    def forget(self, key: str) -> None:
        """Drop ``key`` (a connection that is gone)."""
        self._times.pop(key, None)


class SharedWindowLimit:
    """A :class:`WindowLimit` every worker shares: each key's events are a sorted set in Redis (its members scored
    by the time of the event, expiring with the window), so one client address meets the same limit whichever
    worker nginx sends it to. Times are the workers' clocks (``time.time``: one host, or hosts kept in step)."""

    def __init__(self, redis: Any, prefix: str, count: int, window: float, clock: Callable[[], float] = time.time):
        self.redis = redis
        self.prefix = prefix
        self.count = count
        self.window = window
        self.clock = clock

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may have another event (0: now), counting every worker's events."""
        name, now = self.prefix + key, self.clock()
        pipe = self.redis.pipeline()
        pipe.zremrangebyscore(name, "-inf", now - self.window)
        pipe.zcard(name)
        pipe.zrange(name, 0, 0, withscores=True)
        _, held, first = pipe.execute()
        return 0.0 if held < self.count or not first else max(0.0, first[0][1] + self.window - now)

    def note(self, key: str) -> None:
        """``key`` had an event now (seen by every worker)."""
        name, now = self.prefix + key, self.clock()
        pipe = self.redis.pipeline()
        pipe.zadd(name, {uuid.uuid4().hex: now})
        pipe.expire(name, math.ceil(self.window) + 1)
        pipe.execute()


class ChatLimit:
    """What chat may cost: each line is sent to every connection at its table, so lines are counted per client
    address (``per_address`` a minute; the ``exempt`` addresses are not), per table (``per_table``) and in all
    (``total``)."""

    def __init__(self, per_address: int, per_table: int, total: int, exempt: set[str]):
        self.limits = (WindowLimit(per_address, 60), WindowLimit(per_table, 60), WindowLimit(total, 60))
        self.exempt = exempt

    def _keys(self, address: str, table: str) -> list[tuple[WindowLimit, str]]:
        by_address, by_table, total = self.limits
        keys = [(by_table, table), (total, "")]
        return keys if address in self.exempt else [(by_address, address), *keys]

    def wait(self, address: str, table: str) -> float:
        """Seconds until a line from ``address`` at ``table`` may be sent (0: now)."""
        return max(limit.wait(key) for limit, key in self._keys(address, table))

    def note(self, address: str, table: str) -> None:
        """A line from ``address`` at ``table`` was sent."""
        for limit, key in self._keys(address, table):
            limit.note(key)


def later(seconds: float) -> Message:
    """``seconds`` from now as a message a player reads: "in 40 seconds", "in 7 minutes"."""
    if seconds <= 60:
        return msg("server.later.seconds", n=max(1, math.ceil(seconds)))
    return msg("server.later.minutes", n=math.ceil(seconds / 60))


def over_limit(name: str, per_minute: int, key: str) -> Message | None:
    """Count the HTTP request being served against the app's per-address limit ``name`` (``per_minute`` in any
    minute): ``None`` while it is within it, else why it is refused (the message ``key``, with when to try again)."""
    limit = current_app.extensions.setdefault(name, WindowLimit(per_minute, 60))
    address = request.remote_addr or ""
    wait = limit.wait(address)
    if wait > 0:
        return msg(key, when=later(wait))
    limit.note(address)
    return None
