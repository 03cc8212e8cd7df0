"""Bots think off the event loop: in a pool of worker processes, never in a table's lock nor a thread under the GIL.

A decision is a :class:`Job`, all data (the game's id, the seat's bot name, its view and legal actions, a seed), so
a worker process computes it from nothing but what the seat may see, and the same job always gives the same answer.
:class:`Thinker` hands jobs to the pool and waits for them with the server's cooperative ``sleep``, so the event
loop serves every other table meanwhile; with no workers (tests) a job is run at once in the caller.

The pool is shared fairly: each job names its owner, the client address it works for (a table's creator, the player
asking for a hint) and its table; the pool holds one job per worker, and the next comes from the waiting address
served longest ago, and within it from its table served longest ago; one address holds at most half the workers
(one of two), so a long Hard search of one client never keeps every worker from another's move. One client's ten
Hard-bot tables wait behind each other, not in front of everybody else's (a first-come queue took another table's
bot from 0.80 to 1.61 s a move, 13 s at worst).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
import signal
import threading
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, RandomBot
from engine.core import GameDecl
from engine.messages import msg
from engine.registry import all_games, get_game
from engine.search import LEVELS, canonical
from engine.views import View

log = logging.getLogger(__name__)

WORKER_NICENESS = 10
"""How much lower the workers' CPU priority is than the server's: a busy pool never slows the answers to players."""

SERVER_CHECK_SECONDS = 2.0
"""How often a worker looks whether its server is still there: a server killed outright (kill -9) leaves no worker
behind (each holds the pool's queue open for the others, so none would ever see it close)."""

POLL_SECONDS = (0.005, 0.05)
"""How often a waiting bot loop looks whether its job is done (a cooperative sleep: other tables go on): first
after 5 ms, then twice as long each time up to 50 ms, so a quick answer comes quickly and a long search costs the
event loop a few wake-ups a second."""

FALLBACK: dict[str, tuple[str, ...]] = {"hard": ("normal",), "easy": ("normal",)}
"""The level played when a game does not offer the one asked for (yet): Hard and Easy fall back to Normal."""


def bot_names(decl: GameDecl) -> list[str]:
    """Every bot name a seat of this game may be given: the three levels (when the game plays at levels: one
    missing plays as Normal) and the game's own other bots (``random``)."""
    own = [canonical(name) for name in decl.bots]
    levels = list(LEVELS) if any(name in LEVELS for name in own) else []
    return levels + [name for name in own if name not in levels]


def bot_named(decl: GameDecl, name: str | None) -> Bot:
    """The bot that plays as ``name``: the game's bot of that name (or of an older name of it, ``heuristic`` for
    Normal), else the level it falls back to, else a random one."""
    wanted = canonical(name)
    for candidate in (wanted, *FALLBACK.get(wanted, ())):
        for own, bot in decl.bots.items():
            if canonical(own) == candidate:
                return bot
    return RandomBot()


def hint(decl: GameDecl, view: View, legal: list[str], rng: random.Random) -> dict[str, Any]:
    """The Hard bot's advice for this view: ``{"action", "reason", "values"}`` (a message; the mean value of each move
    searched, where the bot searched); a Hard bot that does not explain itself (or Normal, standing in for a missing
    Hard) gives its choice with a generic reason."""
    bot = bot_named(decl, "hard")
    explain = getattr(bot, "hint", None)
    if callable(explain):
        advice = explain(view, legal, rng)
        return {"action": advice["action"], "reason": advice["reason"], "values": advice.get("values") or {}}
    return {"action": bot.choose(view, legal, rng), "reason": msg("hint.generic"), "values": {}}


@dataclass(frozen=True)
class Job:
    """One decision of a seat's bot: ``kind`` is ``choose`` (a move the game waits for), ``free`` (an any-time
    power, or ``None``) or ``hint`` (advice for a player)."""

    kind: str
    game: str
    bot: str | None
    view: View
    legal: list[str]
    seed: str


def think(job: Job) -> Any:
    """Compute a job (in a worker process, or in the caller): only from its view and legal actions."""
    decl = get_game(job.game)
    rng = random.Random(job.seed)
    if job.kind == "hint":
        return hint(decl, job.view, job.legal, rng)
    bot = bot_named(decl, job.bot)
    if job.kind == "free":
        free = getattr(bot, "free_action", None)
        return free(job.view, job.legal, rng) if callable(free) else None
    return bot.choose(job.view, job.legal, rng)


def _start_worker(server: int, niceness: int = WORKER_NICENESS) -> None:
    """A worker process of server ``server``: lower priority than the server (by ``niceness``), ended with it, every
    game loaded."""
    try:
        os.nice(niceness)
    except OSError:
        log.warning("bot workers run at the server's own priority")
    if hasattr(signal, "setitimer"):  # a look every few seconds, even while blocked on the pool's queue
        signal.signal(signal.SIGALRM, lambda *_: _end_without(server))
        signal.setitimer(signal.ITIMER_REAL, SERVER_CHECK_SECONDS, SERVER_CHECK_SECONDS)
    all_games()


def _end_without(server: int) -> None:
    """End this worker if its server is gone (the worker's parent is no longer the server)."""
    if os.getppid() != server:
        os._exit(0)


def default_workers() -> int:
    """The pool's size when none is set: one worker per core."""
    return os.cpu_count() or 1


MAX_TURNS = 4096
"""Owners whose last turn the pool remembers (the oldest half is forgotten past it)."""

Owner = tuple[str, str]
"""Whom a job works for: the client address, and the table (or another key of that client's)."""

Queued = deque[tuple[Callable[..., Any], tuple[Any, ...], "Future[Any]"]]


class Thinker:
    """The bots' worker pool (``workers`` processes; 0: every job runs in the caller), shared in turn between the
    client addresses and, within one, its tables."""

    def __init__(self, workers: int, sleep: Callable[[float], Any]):
        self.sleep = sleep
        self.workers = workers
        self._pool = self._new_pool()
        self._waiting: dict[str, dict[str, Queued]] = {}
        """Jobs not handed to the pool yet: by address, then table."""
        self._turns: dict[str, int] = {}
        """When each address, and each ``"address table"``, was last given a worker (a growing turn number)."""
        self._turn = 0
        self._running: dict[Future[Any], tuple[str, Future[Any]]] = {}
        """The pool's futures of the jobs it holds, with their address and the futures their callers wait on."""
        self.share = max(1, workers // 2)
        """The most workers one address's jobs may hold at once: a search of a minute's length never holds every
        worker, so another client's job gets one at once."""
        self._lock = threading.Lock()

    def _new_pool(self) -> ProcessPoolExecutor | None:
        if self.workers <= 0:
            return None
        # "spawn": a fresh interpreter, not a fork of a monkey-patched server holding sockets and locks
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),))
        for _ in range(self.workers):  # start them now: a table taken over from a failed worker must not wait for them
            pool.submit(int)
        return pool

    def submit(self, job: Job, owner: Owner = ("", "")) -> Future[Any]:
        """Queue ``job`` for ``owner`` (its turn comes among the other addresses' and tables'); with no pool it is
        computed now (a failure is kept in the future)."""
        return self._queue(think, (job,), owner)

    def call(self, work: Callable[..., Any], args: tuple[Any, ...], owner: Owner) -> Any:
        """``work(*args)`` computed in the pool in ``owner``'s turn (a module-level function of plain data, such as
        a finished game's replay), waited for cooperatively."""
        return self.wait(self._queue(work, args, owner))

    def _queue(self, work: Callable[..., Any], args: tuple[Any, ...], owner: Owner) -> Future[Any]:
        future: Future[Any] = Future()
        if self._pool is None:
            try:
                future.set_result(work(*args))
            except Exception as exc:
                future.set_exception(exc)
            return future
        address, table = owner
        with self._lock:
            self._waiting.setdefault(address, {}).setdefault(table, deque()).append((work, args, future))
        self._dispatch()
        return future

    def _dispatch(self) -> None:
        """Pass on the results of the jobs the pool finished, and hand it the next jobs in turn while a worker is
        free. A pool broken by a worker that died (killed, out of memory) is replaced: the jobs it held fail, the
        next ones run."""
        with self._lock:
            for inner in [f for f in self._running if f.done()]:
                _, outer = self._running.pop(inner)
                error = inner.exception()
                if error is not None:
                    outer.set_exception(error)
                else:
                    outer.set_result(inner.result())
            while len(self._running) < self.workers and self._pool is not None:
                held = Counter(address for address, _ in self._running.values())
                ready = [address for address in self._waiting if held[address] < self.share]
                if not ready:
                    break
                address, (work, args, outer) = self._next(ready)
                try:
                    self._running[self._pool.submit(work, *args)] = (address, outer)
                except BrokenProcessPool as exc:
                    log.warning("a bot worker died: starting the pool again")
                    self._pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = self._new_pool()
                    outer.set_exception(exc)

    def _next(self, ready: list[str]) -> tuple[str, tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]]:
        """The next job in turn (under the lock) and its address: the oldest job of the waiting table served
        longest ago, of the ``ready`` address (one holding fewer than its share of workers) served longest ago."""
        address = min(ready, key=lambda key: self._turns.get(key, -1))
        tables = self._waiting[address]
        table = min(tables, key=lambda key: self._turns.get(f"{address} {key}", -1))
        jobs = tables[table]
        entry = jobs.popleft()
        if not jobs:
            del tables[table]
        if not tables:
            del self._waiting[address]
        self._turn += 1
        self._turns[address] = self._turns[f"{address} {table}"] = self._turn
        if len(self._turns) > MAX_TURNS:  # forget the owners served longest ago
            for key in sorted(self._turns, key=self._turns.__getitem__)[: MAX_TURNS // 2]:
                del self._turns[key]
        return address, entry

    def wait(self, future: Future[Any]) -> Any:
        """The job's result (or its exception), waited for cooperatively: other tables go on meanwhile."""
        pause, longest = POLL_SECONDS
        while not future.done():
            self.sleep(pause)
            self._dispatch()
            pause = min(longest, pause * 2)
        return future.result()

    def run(self, job: Job, owner: Owner = ("", "")) -> Any:
        """Submit ``job`` for ``owner`` and wait for its result."""
        return self.wait(self.submit(job, owner))

    def shut(self) -> None:
        """Stop the pool: jobs not started are dropped, the workers end."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        with self._lock:
            queued = [entry[2] for tables in self._waiting.values() for jobs in tables.values() for entry in jobs]
            self._waiting.clear()
        for future in queued:
            future.cancel()
