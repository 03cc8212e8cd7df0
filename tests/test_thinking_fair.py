"""The bots' pool is shared in turn between client addresses, then tables: one client's many Hard-bot tables wait
behind each other, not in front of everybody else's."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

from webapp.thinking import Job, Thinker


class Pool:
    """A stand-in for the process pool: keeps what it is handed, in order; the test finishes the jobs."""

    def __init__(self) -> None:
        self.handed: list[tuple[Job, Future[Any]]] = []

    def submit(self, _work: Any, job: Job) -> Future[Any]:
        future: Future[Any] = Future()
        self.handed.append((job, future))
        return future

    def shutdown(self, **_: Any) -> None:
        pass


class Fair(Thinker):
    def _new_pool(self) -> Any:
        return Pool()


def job(seed: str) -> Job:
    return Job("choose", "tiny", "random", {}, ["play QS"], seed)


def test_one_address_with_many_tables_does_not_go_before_another_address():
    thinker = Fair(1, lambda seconds: None)
    pool = thinker._pool
    flood = [thinker.submit(job(f"flood {n}"), ("10.0.0.66", f"T{n}")) for n in range(6)]
    flood += [thinker.submit(job(f"flood {n} again"), ("10.0.0.66", f"T{n}")) for n in range(2)]
    victim = thinker.submit(job("victim"), ("10.0.0.7", "V"))
    order = []
    while len(order) < 9:
        handed, future = pool.handed[len(order)]
        order.append(handed.seed)
        future.set_result("play QS")
        thinker._dispatch()
    assert order[:3] == ["flood 0", "victim", "flood 1"], order
    assert order[3:] == ["flood 2", "flood 3", "flood 4", "flood 5", "flood 0 again", "flood 1 again"]
    assert victim.result() == "play QS" and all(f.done() for f in flood)


def test_one_address_holds_at_most_half_the_workers():
    """Two workers: one client's long searches hold one of them; another client's job takes the other at once."""
    thinker = Fair(2, lambda seconds: None)
    pool = thinker._pool
    for n in range(4):
        thinker.submit(job(f"flood {n}"), ("10.0.0.66", f"T{n}"))
    assert [j.seed for j, _ in pool.handed] == ["flood 0"]
    thinker.submit(job("victim"), ("10.0.0.7", "V"))
    assert [j.seed for j, _ in pool.handed] == ["flood 0", "victim"]
