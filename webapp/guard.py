"""Who may talk to the server, and the headers every response carries.

A page on another site can make its own name resolve to this server's address (DNS rebinding): the browser then
treats the server as that site's own, sends ``Host: evil.example`` and ``Origin: http://evil.example``, and
comparing the Origin with the request's own Host lets it through. So the server keeps an allow-list of the host
names it answers to (``ALLOWED_HOSTS``: by default this machine's names, loopback and the LAN addresses ``run.sh``
prints) and refuses any request naming another host (400), and a browser's ``Origin`` must be one of those hosts at
the port the request came to, or be listed in ``ALLOWED_ORIGINS``: Socket.IO refuses the connection otherwise, and
every other request with a body (POST, ...) is refused with 403.

Every response also carries a Content-Security-Policy with no inline script but the pages' import map, allowed by
its hash (``script-src 'self' 'sha256-…'``; the pages'
``<script type="application/json">`` data blocks are not scripts), ``frame-ancestors 'none'``,
``X-Content-Type-Options: nosniff`` and a ``Referrer-Policy``.
"""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from webapp.lan import lan_addresses

LOOPBACK = ("localhost", "127.0.0.1", "::1")

_HOST_CHARS = re.compile(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?")
"""What a ``Host`` header (or an origin's host part) may hold: a name or IPv4 address, or an IPv6 one in brackets,
with an optional port."""

REFRESH_SECONDS = 60.0
"""How often, at most, an unknown host name makes the server look up its own addresses again (``auto``)."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

CSP = (
    "default-src 'self'; script-src 'self' {scripts}; style-src 'self'; style-src-attr 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self' {ws}; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The policy of every response; ``{ws}`` becomes the WebSocket addresses of the request's own (allowed) host,
which older browsers do not count as ``'self'``; ``{scripts}`` the hashes of the inline blocks the pages may run
(their import map, :mod:`webapp.assets`). ``style-src-attr 'unsafe-inline'`` lets the table's scripts place
seats through a ``style`` attribute of CSS variables; no style element or sheet may come from anywhere else."""

HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)


def host_name(value: str | None) -> str | None:
    """The host name of a ``Host`` header or an origin's ``host[:port]`` part, lower case without a final dot
    (``[::1]:5000`` → ``::1``); ``None`` if it cannot be read."""
    if not value or not _HOST_CHARS.fullmatch(value):
        return None
    try:
        parts = urlsplit(f"//{value}")
        name, _ = parts.hostname, parts.port
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def _port(value: str, scheme: str) -> int | None:
    try:
        port = urlsplit(f"//{value}").port
    except ValueError:
        return None
    return port if port is not None else (443 if scheme == "https" else 80)


def machine_hosts(host: str = "0.0.0.0") -> set[str]:
    """This machine's own names and addresses: loopback, its host name (also with ``.local``, and its fully
    qualified name), its LAN addresses, and ``host`` when the server listens on one address."""
    names = set(LOOPBACK)
    try:
        own = socket.gethostname().lower()
        names |= {own, f"{own}.local", socket.getfqdn().lower()}
    except OSError:
        pass
    names |= set(lan_addresses())
    if host not in ("0.0.0.0", "", "::"):
        names.add(host.lower())
    return {n.rstrip(".") for n in names if n}


def _split(setting: Any) -> list[str]:
    if isinstance(setting, str):
        return [p.strip() for p in setting.split(",") if p.strip()]
    return [str(p).strip() for p in setting or () if str(p).strip()]


class Guard:
    """The allow-lists of a server: ``ALLOWED_HOSTS`` (comma-separated host names or addresses; empty or ``auto``
    for :func:`machine_hosts`, ``auto`` beside others adds them, ``*`` any host) and ``ALLOWED_ORIGINS``
    (comma-separated ``scheme://host[:port]`` accepted besides the allowed hosts at the request's own port)."""

    def __init__(self, allowed_hosts: Any = "", allowed_origins: Any = "", host: str = "0.0.0.0"):
        hosts = _split(allowed_hosts) or ["auto"]
        self.any_host = "*" in hosts
        self.listed = {h.lower().strip("[]").rstrip(".") for h in hosts if h not in ("*", "auto")}
        self.auto, self.listen = "auto" in hosts, host
        self.hosts = self.listed | (machine_hosts(host) if self.auto else set())
        self._looked = time.monotonic()
        self.origins = {o.rstrip("/").lower() for o in _split(allowed_origins)}

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Guard:
        return cls(config.get("ALLOWED_HOSTS", ""), config.get("ALLOWED_ORIGINS", ""), config.get("HOST", "0.0.0.0"))

    def host_allowed(self, host_header: str | None) -> bool:
        """True if a request naming ``host_header`` (``Host``, with or without a port) may be answered; a request
        without one (HTTP/1.0, not a browser) may."""
        if not host_header:
            return True
        name = host_name(host_header)
        if name is None:
            return False
        if self.any_host or name in self.hosts:
            return True
        if self.auto and time.monotonic() - self._looked > REFRESH_SECONDS:
            self._looked = time.monotonic()  # the machine may have joined another network since the start
            self.hosts = self.listed | machine_hosts(self.listen)
            return name in self.hosts
        return False

    def origin_allowed(self, origin: str | None, environ: Mapping[str, Any]) -> bool:
        """True if a browser page of ``origin`` may use this server: an allowed host at the port the request came
        to (its ``Host``), over the request's own scheme, or an origin of ``ALLOWED_ORIGINS``."""
        if not origin:
            return False
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        parts = urlsplit(origin)
        scheme = environ.get("wsgi.url_scheme", "http")
        request_host = str(environ.get("HTTP_HOST") or "")
        if parts.scheme != scheme or not parts.netloc or parts.path or not self.host_allowed(request_host):
            return False
        if not self.host_allowed(parts.netloc):
            return False
        return _port(parts.netloc, scheme) == _port(request_host, scheme) if request_host else False

    def wrap(
        self, app: Callable[..., Iterable[bytes]], scripts: Callable[[], str] = str
    ) -> Callable[..., Iterable[bytes]]:
        """The WSGI app ``app`` behind the host check, the origin check of requests with a body, and the headers;
        ``scripts()`` gives the CSP sources of the inline scripts allowed besides the server's files."""

        def guarded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
            host = environ.get("HTTP_HOST")
            if not self.host_allowed(host):
                return _refuse(start_response, "400 Bad Request", "unknown host: open the address the server prints")
            origin = environ.get("HTTP_ORIGIN")
            if (
                origin
                and environ.get("REQUEST_METHOD", "GET") not in SAFE_METHODS
                and not self.origin_allowed(origin, environ)
            ):
                return _refuse(start_response, "403 Forbidden", "requests from other sites are refused")
            ws = f"ws://{host} wss://{host}" if host else ""
            policy = CSP.format(ws=ws, scripts=scripts()).replace(" ;", ";")
            headers_out = HEADERS
            if framed(environ):
                policy = policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
                headers_out = (*HEADERS[:-1], ("X-Frame-Options", "SAMEORIGIN"))
            extra = [("Content-Security-Policy", policy), *headers_out]

            def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
                present = {name.lower() for name, _ in headers}
                headers = list(headers) + [(n, v) for n, v in extra if n.lower() not in present]
                return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

            return app(environ, start)

        return guarded


def framed(environ: dict[str, Any]) -> bool:
    """The table page in an event's big screen (``/t/<code>?screen=1``, :mod:`webapp.events`): a page of this
    server may show it in a frame (it only watches); any other site still may not."""
    query = str(environ.get("QUERY_STRING", "")).split("&")
    return str(environ.get("PATH_INFO", "")).startswith("/t/") and "screen=1" in query


def _refuse(start_response: Callable[..., Any], status: str, text: str) -> list[bytes]:
    body = text.encode()
    headers = [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body))), *HEADERS]
    start_response(status, [*headers, ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")])
    return [body]
