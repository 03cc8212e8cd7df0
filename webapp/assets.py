"""Static files as a browser should get them: compressed, and cached for a year under versioned addresses.

Every ``url_for('static', ...)`` gets ``?v=<hash of the file>``; a request that names the file's current version is
answered with ``Cache-Control: public, max-age=31536000, immutable``, any other (an old version, none) with the
file revalidated as before. Scripts import each other by plain relative paths (no build step), so the pages carry an
import map (``import_map``) that sends every module of ``static/js`` and ``static/vendor`` to its versioned
address; the Content-Security-Policy allows that one inline block by its hash (``script_hash``). Compression
(brotli, zstd or gzip by the browser's ``Accept-Encoding``) is Flask-Compress's, for the pages and the API too.
Versions are read again when a file under ``static/`` changes, so a developer's edit shows on the next load.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from flask_compress import Compress

YEAR_SECONDS = 365 * 24 * 3600
RECHECK_SECONDS = 1.0
"""How often, at most, the files' sizes and times are looked at again."""
MODULE_DIRS = ("js", "vendor")
"""The folders under ``static/`` whose ``.js`` files are ES modules the import map covers."""


@dataclass(frozen=True)
class Snapshot:
    """The versions of the static files at one moment: by path under ``static/``, the import map's JSON text and
    the CSP source that allows it."""

    stamp: tuple[tuple[str, int, int], ...]
    versions: dict[str, str]
    import_map: str
    script_hash: str


class Assets:
    """The versions of the files under ``root`` (the app's static folder) served at ``prefix``."""

    def __init__(self, root: Path, prefix: str = "/static"):
        self.root, self.prefix = root, prefix.rstrip("/")
        self._snapshot: Snapshot | None = None
        self._checked = 0.0

    def _stamp(self) -> tuple[tuple[str, int, int], ...]:
        files = sorted(p for p in self.root.rglob("*") if p.is_file())
        return tuple((p.relative_to(self.root).as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in files)

    def snapshot(self) -> Snapshot:
        """The current versions (read again only when a file was added, removed or changed)."""
        if self._snapshot is not None and time.monotonic() - self._checked < RECHECK_SECONDS:
            return self._snapshot
        self._checked = time.monotonic()
        stamp = self._stamp()
        if self._snapshot is None or self._snapshot.stamp != stamp:
            versions = {name: _digest(self.root / name) for name, _, _ in stamp}
            modules = {
                f"{self.prefix}/{name}": f"{self.prefix}/{name}?v={version}"
                for name, version in versions.items()
                if name.endswith(".js") and name.split("/")[0] in MODULE_DIRS
            }
            text = json.dumps({"imports": modules}, separators=(",", ":"), sort_keys=True)
            sha = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            self._snapshot = Snapshot(stamp, versions, text, f"'sha256-{sha}'")
        return self._snapshot

    def version(self, filename: str) -> str | None:
        """The version of ``static/<filename>`` (``None`` for a file that is not there)."""
        return self.snapshot().versions.get(filename)

    def script_hash(self) -> str:
        """The CSP source (``'sha256-…'``) of the import map the pages carry."""
        return self.snapshot().script_hash

    def install(self, app: Flask) -> None:
        """Version the app's static addresses, cache the versioned ones, compress responses, and give templates
        ``import_map()``."""

        def add_version(endpoint: str, values: dict[str, Any]) -> None:
            if endpoint == "static" and "v" not in values:
                version = self.version(values.get("filename", ""))
                if version:
                    values["v"] = version

        def cache(response: Response) -> Response:
            filename = (request.view_args or {}).get("filename")
            versioned = request.endpoint == "static" and response.status_code == 200
            if versioned and filename and request.args.get("v") == self.version(filename):
                response.cache_control.no_cache = None
                response.cache_control.public = True
                response.cache_control.max_age = YEAR_SECONDS
                response.cache_control.immutable = True
            return response

        app.url_defaults(add_version)
        app.after_request(cache)
        app.config.setdefault("COMPRESS_MIN_SIZE", 256)
        app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["zstd", "br", "gzip", "deflate"])
        Compress(app)
        app.jinja_env.globals["import_map"] = lambda: self.snapshot().import_map
        app.extensions["assets"] = self


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]
