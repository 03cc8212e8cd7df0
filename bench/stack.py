"""The multi-worker deployment of docs/deploy.md on loopback, in a temporary folder: PostgreSQL, Redis, N workers
(``python server.py``) and nginx with the site deploy/nginx/generate.py writes for them. Used by
tests/test_cluster.py and ``python -m bench.multiworker``.

PostgreSQL refuses to run as root: as root it runs as the ``postgres`` user (Debian's package makes it), else
``nobody``. Everything listens on 127.0.0.1 only, and :meth:`Stack.stop` ends every process it started.
"""

from __future__ import annotations

import os
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from glob import glob
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
GENERATOR = ROOT / "deploy" / "nginx" / "generate.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def postgres_bin(name: str) -> str | None:
    """A PostgreSQL program: Debian's newest under /usr/lib/postgresql, else on the PATH."""
    found = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(p.split("/")[4]))
    return found[-1] if found else shutil.which(name)


def tools() -> dict[str, str | None]:
    return {
        "nginx": shutil.which("nginx") or next(iter(glob("/usr/sbin/nginx")), None),
        "redis-server": shutil.which("redis-server"),
        "initdb": postgres_bin("initdb"),
        "postgres": postgres_bin("postgres"),
    }


def missing() -> str | None:
    """Why the stack cannot run here (a program missing), else ``None``."""
    absent = [name for name, path in tools().items() if not path]
    if absent:
        return (
            f"{', '.join(absent)} not installed: ./test.sh installs nginx, redis-server and postgresql from Debian"
            " when it runs as root (apt-get install nginx redis-server postgresql)"
        )
    return None


def wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port}")


class Stack:
    """PostgreSQL, Redis, ``workers`` workers and nginx on loopback. ``env`` adds worker settings; ``fsync``
    False runs PostgreSQL without flushing to disk (a test: a killed worker, not a power loss); ``per_address`` is
    nginx's limit of open connections per client address (a benchmark's clients all come from loopback)."""

    def __init__(self, workers: int = 2, env: dict[str, str] | None = None, fsync: bool = True, per_address: int = 100):
        self.tmp = Path(tempfile.mkdtemp(prefix="cardtable-stack-"))
        self.tmp.chmod(0o755)
        self.procs: dict[str, subprocess.Popen] = {}
        self.env = env or {}
        self.fsync = fsync
        self.per_address = per_address
        self.pg_port, self.redis_port, self.nginx_port = free_port(), free_port(), free_port()
        self.ports = [free_port() for _ in range(workers)]
        self.names = [f"{HOST}:{p}" for p in self.ports]
        self.database_url = f"postgresql://cardtable@{HOST}:{self.pg_port}/postgres"
        self.redis_url = f"redis://{HOST}:{self.redis_port}/0"
        self.url = f"http://{HOST}:{self.nginx_port}"

    # ---- the services ------------------------------------------------------------------------
    def start(self) -> Stack:
        try:
            self.start_postgres()
            self._redis()
            for i in range(len(self.ports)):
                self.start_worker(i, wait=False)
            for i in range(len(self.ports)):
                self.wait_worker(i)
            self._nginx()
        except BaseException:
            self.stop()
            raise
        return self

    def _as_postgres_user(self) -> dict[str, Any]:
        if os.geteuid() != 0:
            return {}
        import pwd

        for user in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(user)
            except KeyError:
                continue
            return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
        raise RuntimeError("no user to run PostgreSQL as (it refuses root)")

    def start_postgres(self) -> None:
        """PostgreSQL alone (:meth:`start` starts it first); its URL is ``database_url``."""
        data, sockets = self.tmp / "pg", self.tmp / "pg-sockets"
        data.mkdir()
        sockets.mkdir()
        who = self._as_postgres_user()
        if who:
            for path in (data, sockets):
                os.chown(path, who["user"], who["group"])
        subprocess.run(
            [str(tools()["initdb"]), "-D", str(data), "-U", "cardtable", "--auth=trust", "-E", "UTF8", "--no-sync"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=self.tmp,
            **who,
        )
        self._run_postgres()

    def _run_postgres(self) -> None:
        data, sockets, who = self.tmp / "pg", self.tmp / "pg-sockets", self._as_postgres_user()
        settings = ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=100"]
        if not self.fsync:
            settings += ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        self.procs["postgres"] = subprocess.Popen(
            [str(tools()["postgres"]), "-D", str(data), "-p", str(self.pg_port), "-k", str(sockets), *settings],
            stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / "postgres.log", "ab"),  # noqa: SIM115 (closed with the process)
            cwd=self.tmp,
            **who,
        )
        wait_port(self.pg_port, self.procs["postgres"], "postgres")
        self._wait_ready()

    def _wait_ready(self, timeout: float = 60) -> None:
        """Until PostgreSQL accepts a session (it listens while it is still starting up)."""
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.database_url, connect_timeout=5).close()
                return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def _redis(self) -> None:
        self.procs["redis"] = subprocess.Popen(
            [
                str(tools()["redis-server"]),
                "--port",
                str(self.redis_port),
                "--bind",
                HOST,
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.tmp),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_port(self.redis_port, self.procs["redis"], "redis-server")

    def worker_env(self, i: int) -> dict[str, str]:
        return dict(
            os.environ,
            ASYNC_MODE="eventlet",
            DATA_DIR=str(self.tmp / f"w{i}"),
            DATABASE_URL=self.database_url,
            REDIS_URL=self.redis_url,
            WORKERS=",".join(self.names),
            WORKER=self.names[i],
            PROXY_HOPS="1",
            PYTHONWARNINGS="ignore",
            **self.env,
        )

    def start_worker(self, i: int, wait: bool = True) -> None:
        """Start worker ``i`` (again, after :meth:`kill`)."""
        self.procs[f"w{i}"] = subprocess.Popen(
            [sys.executable, "server.py", "--host", HOST, "--port", str(self.ports[i])],
            cwd=ROOT,
            env=self.worker_env(i),
            stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / f"w{i}.log", "ab"),  # noqa: SIM115 (closed with the process)
        )
        if wait:
            self.wait_worker(i)

    def wait_worker(self, i: int, timeout: float = 60) -> None:
        proc = self.procs[f"w{i}"]
        url = f"http://{HOST}:{self.ports[i]}/api/games"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError(f"worker {i} exited with {proc.returncode}: {self.log(f'w{i}')[-2000:]}")
            try:
                if requests.get(url, timeout=2).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"worker {i} did not answer")

    def site(self) -> str:
        """The nginx site deploy/nginx/generate.py writes for this stack's address and workers, with its limit of
        connections per address at ``per_address``."""
        text = str(runpy.run_path(str(GENERATOR))["site"](self.names, f"{HOST}:{self.nginx_port}", "localhost"))
        return text.replace(
            "limit_conn cardtable_per_address 100;", f"limit_conn cardtable_per_address {self.per_address};"
        )

    def _nginx(self) -> None:
        (self.tmp / "nginx").mkdir()
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.tmp / "nginx" / sub).mkdir(mode=0o777)
            (self.tmp / "nginx" / sub).chmod(0o777)
        (self.tmp / "nginx" / "site.conf").write_text(self.site())
        n = self.tmp / "nginx"
        conf = f"""daemon off;
worker_processes 1;
worker_rlimit_nofile 20000;
pid {n}/nginx.pid;
error_log {n}/error.log warn;
events {{ worker_connections 10000; }}
http {{
    access_log off;
    client_body_temp_path {n}/body;
    proxy_temp_path {n}/proxy;
    fastcgi_temp_path {n}/fastcgi;
    uwsgi_temp_path {n}/uwsgi;
    scgi_temp_path {n}/scgi;
    include {n}/site.conf;
}}
"""
        (n / "nginx.conf").write_text(conf)
        self.procs["nginx"] = subprocess.Popen(
            [str(tools()["nginx"]), "-c", str(n / "nginx.conf"), "-p", str(n)],
            stdout=subprocess.DEVNULL,
            stderr=open(self.tmp / "nginx.log", "wb"),  # noqa: SIM115 (closed with the process)
        )
        wait_port(self.nginx_port, self.procs["nginx"], "nginx")

    # ---- looking and killing ----------------------------------------------------------------
    def worker_of(self, code: str) -> str:
        """The worker the directory sends table ``code``'s pages to (``/api/where``: ``/w/<place in WORKERS>/...``),
        by name; empty if it names none."""
        path = requests.get(f"{self.url}/api/where/{code}", timeout=10).json()["path"]
        place = path.split("/")[2] if path.startswith("/w/") else ""
        return self.names[int(place) - 1] if place.isdigit() and 0 < int(place) <= len(self.names) else ""

    def signal(self, i: int, sig: int) -> None:
        """Send worker ``i`` a signal (``SIGSTOP`` freezes it, ``SIGCONT`` wakes it, ``SIGTERM`` drains it)."""
        self.procs[f"w{i}"].send_signal(sig)

    def kill(self, i: int) -> None:
        """``kill -9`` worker ``i``."""
        proc = self.procs[f"w{i}"]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    def down(self, name: str) -> None:
        """Stop ``postgres`` (its fast shutdown, every session cut) or ``redis`` as an operator's restart does."""
        proc = self.procs.pop(name)
        proc.send_signal(signal.SIGINT if name == "postgres" else signal.SIGTERM)
        proc.wait(30)

    def up(self, name: str) -> None:
        """Start ``postgres`` (on its data, until it takes sessions) or ``redis`` again after :meth:`down`."""
        if name == "postgres":
            self._run_postgres()
        else:
            self._redis()

    def pids(self, name: str) -> list[int]:
        """The process ids of one service (``w0``, ``nginx``, ``postgres``, ``redis``), its children included."""
        import psutil

        proc = self.procs.get(name)
        if proc is None or proc.poll() is not None:
            return []
        return [proc.pid, *(c.pid for c in psutil.Process(proc.pid).children(recursive=True))]

    def log(self, name: str) -> str:
        path = self.tmp / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        """End every process started here (workers first, PostgreSQL last) and remove the folder."""
        order = sorted(self.procs, key=lambda n: (n == "postgres", n == "redis", n))
        for name in order:
            proc = self.procs[name]
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT if name == "postgres" else signal.SIGTERM)
        for name in order:
            proc = self.procs[name]
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        self.procs.clear()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
