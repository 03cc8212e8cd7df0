"""The ring the workers share with nginx (webapp/cluster.py; tests/test_cluster.py checks it against nginx itself):
a dead worker's codes go to the others and nobody else's move; a worker creates tables only under its own codes."""

from __future__ import annotations

import pytest

from tests.server_helpers import Client, create
from webapp.cluster import Ring
from webapp.tokens import new_table_code

pytestmark = pytest.mark.usefixtures("tiny_game")

WORKERS = ["127.0.0.1:5001", "127.0.0.1:5002", "127.0.0.1:5003"]


def test_a_dead_workers_codes_go_to_the_others_and_no_other_code_moves():
    ring = Ring(WORKERS)
    codes = [new_table_code() for _ in range(3000)]
    owners = {c: ring.owner(c) for c in codes}
    shares = [sum(1 for o in owners.values() if o == w) / len(codes) for w in WORKERS]
    assert all(0.2 < share < 0.47 for share in shares), shares
    alive = WORKERS[1:]
    for code, owner in owners.items():
        now = ring.owner(code, alive)
        assert now == owner if owner in alive else now in alive
    assert ring.owner("ABCDEF", []) is None


def test_the_ring_is_nginxs():
    """Owners nginx gave these codes with the three workers (its hash module: CRC32 points, 160 a server)."""
    ring = Ring(WORKERS)
    codes = ("ABCDEF", "QWERTY", "K7QM3X", "ZZZZZZ", "23456A", "HJKLMN")
    assert [ring.owner(c)[-1] for c in codes] == ["2", "3", "2", "3", "3", "3"]


def test_a_worker_creates_tables_only_under_codes_nginx_brings_to_it(app):
    ring = Ring(WORKERS)
    app.extensions["hall"].owns = lambda code: ring.owner(code) == WORKERS[1]
    codes = [create(Client(app))["code"] for _ in range(12)]
    assert {ring.owner(code) for code in codes} == {WORKERS[1]}
