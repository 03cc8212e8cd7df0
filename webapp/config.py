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
    "GRACE_SECONDS": 30.0,
    "RATE_LIMIT": 15.0,
    "RATE_BURST": 40,
    "MAX_MESSAGE_BYTES": 64 * 1024,
    "MAX_TABLES": 2000,
    "KEEP_FINISHED_HOURS": 12.0,
    "HOST": "0.0.0.0",
    "SERVER_PORT": 5000,
}
"""Every setting with its default: async mode, journal location, bot delay and disconnect grace (seconds),
per-connection rate limit (events per second, burst), message cap, table cap, how long a finished table
survives a restart, the address and port served
(for the LAN links)."""

_CASTS: dict[str, type] = {
    "BOT_DELAY": float,
    "GRACE_SECONDS": float,
    "RATE_LIMIT": float,
    "RATE_BURST": int,
    "MAX_MESSAGE_BYTES": int,
    "MAX_TABLES": int,
    "KEEP_FINISHED_HOURS": float,
    "SERVER_PORT": int,
}


def load_config(overrides: Mapping[str, Any] | None = None, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings: defaults, then environment variables of the same names, then ``overrides``."""
    env = os.environ if environ is None else environ
    config = dict(DEFAULTS)
    for key, default in DEFAULTS.items():
        if key in env and env[key] != "":
            cast = _CASTS.get(key, str)
            config[key] = cast(env[key])
        elif key in env:
            config[key] = default
    config.update(overrides or {})
    if not config["JOURNAL_PATH"]:
        config["JOURNAL_PATH"] = str(Path(config["DATA_DIR"]) / "tables.sqlite3")
    return config
