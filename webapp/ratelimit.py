"""Rate limits: a token bucket per connection (a steady rate of events with a short burst allowance), and sliding
windows counting tables created per connection and per client address."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

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


def later(seconds: float) -> Message:
    """``seconds`` from now as a message a player reads: "in 40 seconds", "in 7 minutes"."""
    if seconds <= 60:
        return msg("server.later.seconds", n=max(1, math.ceil(seconds)))
    return msg("server.later.minutes", n=math.ceil(seconds / 60))
