"""A token bucket per connection: a steady rate of events with a short burst allowance."""

from __future__ import annotations

import time
from collections.abc import Callable


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
