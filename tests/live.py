"""A real ``python server.py`` in a subprocess on a loopback port, for the live-server tests and benches."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def module_deal_seed() -> str:
    """A deal seed from the running test's id (its module, for a module's server): the server then deals the same
    games run after run, as the in-process tests' ``repeatable_deals`` does (a failure met once is met again)."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0]
    return str(zlib.crc32(test.split("::")[0].encode()))


class LiveServer:
    """``python server.py`` of the checkout at ``root`` (this one unless given: a bench runs another revision's
    beside it) with its journal in ``data_dir``; ``env`` overrides the server's settings (the deals are seeded from
    the running test's module unless ``DEAL_SEED`` is given)."""

    def __init__(self, data_dir: Path, mode: str = "eventlet", root: Path = ROOT, **env: str):
        self.data_dir, self.mode, self.root = data_dir, mode, root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            "BOT_DELAY": "0",
            "POWER_GRACE": "0",
            "GRACE_SECONDS": "60",
            "RATE_LIMIT": "1000",
            "RATE_BURST": "1000",
            "CREATE_PER_CONNECTION": "1000",
            "DEAL_SEED": module_deal_seed(),
            **env,
        }
        self.proc: subprocess.Popen | None = None
        self.log: Any = None

    def start(self, timeout: float = 30) -> LiveServer:
        env = dict(os.environ, ASYNC_MODE=self.mode, DATA_DIR=str(self.data_dir), PYTHONWARNINGS="ignore", **self.env)
        cmd = [sys.executable, "server.py", "--host", "127.0.0.1", "--port", str(self.port)]
        # stderr goes to a file, not a pipe: nobody reads a pipe while the server runs, and once its buffer is full
        # (threading mode logs every request) the server would block writing its log.
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (open for the server's whole run: read when it fails)
        self.proc = subprocess.Popen(cmd, cwd=self.root, env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + timeout
        while not self.up():
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_text()[-2000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        return self

    def up(self) -> bool:
        """True while the server answers HTTP."""
        try:
            return requests.get(self.url + "/api/games", timeout=5).ok
        except requests.RequestException:
            return False

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """``kill -9``: no chance to flush or close anything."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        """Stop the server; return what it wrote to stderr (tests assert it holds no traceback)."""
        if self.alive:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self.log_text()

    def log_text(self) -> str:
        """What the server wrote to stderr since its last start."""
        if self.log is None:
            return ""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")
