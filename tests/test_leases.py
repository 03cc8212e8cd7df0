"""Several workers' leases (webapp/leases.py) on a Redis of their own: the heartbeat extends every lease a worker
holds, and tells it which tables it lost."""

from __future__ import annotations

import time

import redis

from tests.test_server_lifecycle import redis_url  # noqa: F401 (the fixture)
from webapp.leases import Leases, lease_key


def test_the_heartbeat_keeps_every_lease_and_says_which_were_lost(redis_url):  # noqa: F811
    client = redis.Redis.from_url(redis_url)
    mine, other = Leases(client, "w1", 1.0), Leases(client, "w2", 1.0)
    codes = [f"T{n:05d}" for n in range(30)]
    assert all(mine.acquire(code) for code in codes)
    for _ in range(3):  # three lease lengths: only the heartbeat kept them
        time.sleep(0.5)
        assert mine.renew() == []
    assert [mine.holder(code) for code in codes] == ["w1"] * 30
    assert not other.acquire(codes[0])
    client.delete(lease_key(codes[1]), lease_key(codes[2]))  # both expired (the worker was stopped) ...
    assert other.acquire(codes[1])  # ... and another worker took the first
    assert mine.renew() == [codes[1]]
    assert codes[1] not in mine.held and mine.holder(codes[1]) == "w2"
    assert mine.holder(codes[2]) == "w1", "a lease nobody took meanwhile is taken again"
    assert len(mine.held) == 29
