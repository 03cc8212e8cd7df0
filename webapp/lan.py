"""The addresses other machines on the LAN can open, and the QR code of a table's LAN link."""

from __future__ import annotations

import contextlib
import io
import socket

import segno


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, best guess first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))  # UDP connect: picks the outgoing interface, sends nothing
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        found.extend(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    return [a for i, a in enumerate(found) if not a.startswith("127.") and a not in found[:i]]


def lan_urls(host: str, port: int) -> list[str]:
    """``http://address:port`` for every LAN address when serving on all interfaces (or on one of them)."""
    if host in ("0.0.0.0", "", "::"):
        addresses = lan_addresses()
    elif host.startswith("127.") or host == "localhost":
        addresses = []
    else:
        addresses = [host]
    return [f"http://{a}:{port}" for a in addresses]


def qr_svg(text: str) -> bytes:
    """A QR code of ``text`` as an SVG document."""
    buffer = io.BytesIO()
    segno.make(text, micro=False).save(buffer, kind="svg", scale=6, border=2, title=text)
    return buffer.getvalue()
