"""The message queue's listener comes back within a few seconds of Redis, however long Redis was away (the
library's own listener waited twice as long after each failed attempt: half a minute of outage, another half minute
of lobbies missing the other workers' tables)."""

from __future__ import annotations

from typing import Any

from webapp import redis_queue
from webapp.redis_queue import RETRY_SECONDS, RedisQueue


class PubSub:
    def __init__(self) -> None:
        self.channels: list[str] = []

    def subscribe(self, channel: str) -> None:
        self.channels.append(channel)

    def listen(self) -> Any:
        yield {"channel": b"cardtable", "type": "message", "data": b"table made"}


def test_the_listener_tries_again_every_few_seconds_and_hears_the_queue_once_redis_is_back(monkeypatch, caplog):
    queue = RedisQueue("redis://127.0.0.1:1", channel="cardtable", write_only=True)
    failures = iter(range(6))
    waits: list[float] = []

    def connect() -> None:
        if next(failures, None) is not None:
            raise ConnectionError("Redis is down")
        queue.pubsub = PubSub()

    monkeypatch.setattr(queue, "_redis_connect", connect)
    monkeypatch.setattr(redis_queue.time, "sleep", waits.append)
    with caplog.at_level("WARNING", logger=redis_queue.__name__):
        heard = next(queue._listen())
    assert heard == b"table made"
    assert waits == [RETRY_SECONDS] * 6 and RETRY_SECONDS <= 2
    assert queue.pubsub.channels == ["cardtable"]
    assert [r.getMessage().split(" (")[0] for r in caplog.records] == [
        "the message queue lost Redis",
        "the message queue listens again: Redis is back",
    ]
