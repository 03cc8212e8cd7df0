"""How many sockets one client may hold open at once: so one client cannot lock everyone out with idle connections.

The single process counts the open TCP connections of each client address (an IPv6 address by its /64 network: a
client is given a whole one) and closes at once a connection over ``CONNECTIONS_PER_ADDRESS``; the addresses of
``ADDRESS_LIMIT_EXEMPT`` (the server's own machine: its operator, the tests and benchmarks) are not counted. With
several workers nginx does the same in front of them (deploy/nginx/cardtable.conf). The entry point (``server.py``)
asks :meth:`Doorway.admit` for every accepted socket and :meth:`Doorway.release` when it closes.
"""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterable


def client_of(address: str) -> str:
    """The client an address stands for: itself, or its /64 network for an IPv6 address (``""`` unreadable)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Doorway:
    """Open connections per client: at most ``limit`` each, but for the ``exempt`` addresses."""

    def __init__(self, limit: int, exempt: Iterable[str] = ()):
        self.limit = limit
        self.exempt = {client_of(a) for a in exempt}
        self.open: dict[str, int] = {}
        self._lock = threading.Lock()

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; ``False`` (not counted) when the client already holds its
        limit: the caller closes it."""
        client = client_of(address)
        if client in self.exempt:
            return True
        with self._lock:
            held = self.open.get(client, 0)
            if held >= self.limit:
                return False
            self.open[client] = held + 1
        return True

    def release(self, address: str) -> None:
        """A connection :meth:`admit` let in has closed."""
        client = client_of(address)
        if client in self.exempt:
            return
        with self._lock:
            held = self.open.get(client, 0) - 1
            if held > 0:
                self.open[client] = held
            else:
                self.open.pop(client, None)
