"""Server settings: defaults, overridden by environment variables, overridden by ``create_app(config)``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    "ASYNC_MODE": "eventlet",
    "DATA_DIR": "data",
    "JOURNAL_PATH": None,
    "BOT_DELAY": 0.8,
    "POWER_GRACE": 5.0,
    "CLOCK_SCALE": 1.0,
    "BOT_WORKERS": None,
    "REVIEW_WORKERS": None,
    "REVIEWS": 1,
    "GRACE_SECONDS": 30.0,
    "CLAIM_GRACE_SECONDS": 300.0,
    "HOST_GRACE_SECONDS": 30.0,
    "RATE_LIMIT": 15.0,
    "RATE_BURST": 40,
    "MAX_MESSAGE_BYTES": 64 * 1024,
    "MAX_TABLES": 2000,
    "KEEP_FINISHED_HOURS": 12.0,
    "RESTORE_SECONDS": 0.5,
    "CREATE_PER_CONNECTION": 5,
    "CREATE_PER_ADDRESS": 20,
    "CREATE_WINDOW_MINUTES": 10.0,
    "OPEN_TABLES_PER_ADDRESS": 10,
    "ADDRESS_LIMIT_EXEMPT": "127.0.0.1,::1",
    "CONNECTIONS_PER_ADDRESS": 100,
    "REBUILDS_PER_MINUTE": 30,
    "CHAT_PER_MINUTE": 30,
    "REPLAYS_PER_MINUTE": 600,
    "IDLE_SECONDS": 15.0,
    "EXPIRE_WAITING_MINUTES": 10.0,
    "CLOSE_IDLE_MINUTES": 30.0,
    "RESUMABLE_HOURS": 24.0,
    "SWEEP_SECONDS": 30.0,
    "HOST": "0.0.0.0",
    "SERVER_PORT": 5000,
    "ALLOWED_HOSTS": "",
    "ALLOWED_ORIGINS": "",
    "DATABASE_URL": "",
    "JOURNAL_CONNECTIONS": 4,
    "REDIS_URL": "",
    "WORKERS": "",
    "WORKER": "",
    "BEAT_SECONDS": 1.0,
    "LEASE_SECONDS": 5.0,
    "PROXY_HOPS": 0,
    "DEAL_SEED": None,
}
"""Every setting with its default: async mode, journal location, bot delay (seconds), bot worker processes (``None``:
one per core; 0: bots think in the server process), the review's worker process (``None``: one, none when the bots
have none; 0: reviews are made in the server process, webapp/review.py), whether each game is reviewed when it ends
(0: only when asked for), disconnect grace (seconds), how long an away player's seat
may not be asked for (seconds), how long an away host keeps his place before the start (seconds),
per-connection rate limit (events per second, burst), message cap, table cap, how long a finished table
survives a restart, how long a start may spend rebuilding tables before it serves (the rest: in the background
and on first access), tables one connection and one client address may create per window (minutes), unfinished
tables one address may have created at once, addresses free of the per-address limits (comma-separated; empty:
none), sockets one address may hold open and how long a socket may wait for its next request (eventlet), tables kept
from memory (dormant) one address may have rebuilt a minute without a seat's token, chat lines a minute per
address (twice as many per table, ten times in all), finished games' replays not cached the server makes a minute,
how long
a waiting table with no human connected lasts, how long a started one does before it is put away, how long a put
away game stays resumable (hours), how often tables are checked (seconds), the address and port served
(for the LAN links), the host names the server answers to (comma-separated; empty: this machine's names, loopback
and LAN addresses, see :mod:`webapp.guard`) and browser origins accepted besides those hosts. Several workers
(docs/deploy.md): the PostgreSQL journal's URL (empty: the SQLite file) and how many connections each worker
opens to it, the Redis URL (its message queue, heartbeats and lobby lists), the workers as nginx's upstream names
them (comma-separated; empty: one server), this worker's name among them (empty: ``127.0.0.1:<port>``), how often
a worker beats (seconds), how long a table's lease lasts unless its owner's heartbeat extends it (seconds: a dead
or hung worker's tables move on after it, webapp/leases.py), how many proxies in front set
``X-Forwarded-For``/``-Proto``/``-Host`` (nginx: 1), and a
seed for every game's deal (empty: each from the secure source; set, the tables deal the same games run after run:
for tests and demos, never for a table whose players must not know the cards)."""

_CASTS: dict[str, type] = {
    "BOT_DELAY": float,
    "POWER_GRACE": float,
    "CLOCK_SCALE": float,
    "BOT_WORKERS": int,
    "REVIEW_WORKERS": int,
    "REVIEWS": int,
    "GRACE_SECONDS": float,
    "CLAIM_GRACE_SECONDS": float,
    "HOST_GRACE_SECONDS": float,
    "RATE_LIMIT": float,
    "RATE_BURST": int,
    "MAX_MESSAGE_BYTES": int,
    "MAX_TABLES": int,
    "KEEP_FINISHED_HOURS": float,
    "RESTORE_SECONDS": float,
    "CREATE_PER_CONNECTION": int,
    "CREATE_PER_ADDRESS": int,
    "CREATE_WINDOW_MINUTES": float,
    "OPEN_TABLES_PER_ADDRESS": int,
    "CONNECTIONS_PER_ADDRESS": int,
    "REBUILDS_PER_MINUTE": int,
    "CHAT_PER_MINUTE": int,
    "REPLAYS_PER_MINUTE": int,
    "IDLE_SECONDS": float,
    "EXPIRE_WAITING_MINUTES": float,
    "CLOSE_IDLE_MINUTES": float,
    "RESUMABLE_HOURS": float,
    "SWEEP_SECONDS": float,
    "SERVER_PORT": int,
    "JOURNAL_CONNECTIONS": int,
    "BEAT_SECONDS": float,
    "LEASE_SECONDS": float,
    "PROXY_HOPS": int,
    "DEAL_SEED": int,
}


EMPTY_IS_A_VALUE = frozenset({"ADDRESS_LIMIT_EXEMPT"})
"""Settings an empty environment variable sets to empty (none) rather than leaving at their default."""


def exempt_addresses(config: Mapping[str, Any]) -> set[str]:
    """The addresses of ``ADDRESS_LIMIT_EXEMPT`` (free of the per-address limits)."""
    return {a.strip() for a in str(config["ADDRESS_LIMIT_EXEMPT"] or "").split(",") if a.strip()}


def load_config(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings: defaults, then environment variables of the same names, then ``overrides``."""
    env = os.environ if environ is None else environ
    config = dict(DEFAULTS)
    for key, default in DEFAULTS.items():
        if key in env and env[key] != "":
            cast = _CASTS.get(key, str)
            config[key] = cast(env[key])
        elif key in env:
            config[key] = "" if key in EMPTY_IS_A_VALUE else default
    config.update(overrides or {})
    if config["WORKERS"] and not config["WORKER"]:
        config["WORKER"] = f"127.0.0.1:{config['SERVER_PORT']}"
    if not config["JOURNAL_PATH"]:
        config["JOURNAL_PATH"] = str(Path(config["DATA_DIR"]) / "tables.sqlite3")
    return config
