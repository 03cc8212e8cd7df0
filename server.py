"""Start the card table: ``python server.py [--host H] [--port P]`` (env HOST, PORT, ASYNC_MODE, DATA_DIR, ...).

ASYNC_MODE is eventlet by default (gevent and threading work too); the chosen library's monkey patching
happens here, first, and nowhere else.
"""

import os
import sys
import warnings

ASYNC_MODE = os.environ.get("ASYNC_MODE") or "eventlet"
if ASYNC_MODE == "eventlet":
    # The user's design asks for eventlet; its deprecation notice (docs/server.md says what to use instead) would
    # otherwise greet every start.
    warnings.filterwarnings("ignore", message="\nEventlet is deprecated")
    import eventlet

    eventlet.monkey_patch()
elif ASYNC_MODE == "gevent":
    from gevent import monkey

    monkey.patch_all()

import argparse  # noqa: E402
import logging  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
from typing import Any  # noqa: E402

from webapp import create_app  # noqa: E402
from webapp.collector import calm_garbage_collector  # noqa: E402
from webapp.config import exempt_addresses  # noqa: E402
from webapp.directory import draining_stop  # noqa: E402
from webapp.doorway import Doorway  # noqa: E402
from webapp.journal import JournalError  # noqa: E402
from webapp.lan import lan_urls  # noqa: E402

MAX_CONNECTIONS = 10_000
"""Concurrent connections the eventlet server accepts (its default is 1,024)."""

SOCKET_TIMEOUT = 60.0
"""Seconds any read or write of a socket may wait under eventlet (more than Socket.IO's ping interval and timeout,
25 + 20 s, so a quiet WebSocket is never cut); waiting for a request line is ``IDLE_SECONDS``."""


def raise_open_files_limit() -> None:
    """Let the process hold as many sockets as the system allows (the soft limit is often 1,024)."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_CONNECTIONS + 256 if hard == resource.RLIM_INFINITY else min(hard, MAX_CONNECTIONS + 256)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve the card table on the LAN.")
    parser.add_argument("--host", default=os.environ.get("HOST") or "0.0.0.0", help="address to listen on")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 5000), help="port to listen on")
    parser.add_argument("--data-dir", default=None, help="folder of the journal (env DATA_DIR, default ./data)")
    return parser.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = {"ASYNC_MODE": ASYNC_MODE, "HOST": args.host, "SERVER_PORT": args.port}
    if args.data_dir:
        config["DATA_DIR"] = args.data_dir
    raise_open_files_limit()
    try:
        app = create_app(config)
    except JournalError as exc:
        print(f"card table cannot start: {exc}", file=sys.stderr, flush=True)
        sys.exit(2)
    calm_garbage_collector()
    stop_on_signals(app)
    urls = lan_urls(args.host, args.port)
    print(f"Card table ({ASYNC_MODE}) serving on http://{args.host}:{args.port}", flush=True)
    for url in urls or [f"http://127.0.0.1:{args.port}"]:
        print(f"  open {url}", flush=True)
    serve(app, args.host, args.port)


DRAIN_LINGER = 1.0
"""Seconds a draining worker waits after telling its players where their tables went, before it exits."""

DRAIN_LIMIT = 10
"""Seconds after SIGTERM at which the worker ends even if its drain has not finished (SIGALRM's default action)."""


def stop_on_signals(app: Any) -> None:
    """SIGTERM stops gracefully: with several workers it drains first (no more tables taken here; each table's
    players are sent to its next worker, the leases released: webapp/directory.py), then exits. SIGINT (Ctrl-C)
    stops at once: every acknowledged move is in the journal already."""
    hall, directory = app.extensions["hall"], app.extensions.get("directory")
    draining: list[bool] = []

    def term(*_: Any) -> None:
        if not draining:
            draining.append(True)
            if hasattr(signal, "alarm"):
                signal.alarm(DRAIN_LIMIT)  # a drain that cannot finish (PostgreSQL or Redis gone) still ends
            app.extensions["socketio"].start_background_task(
                draining_stop, hall, directory, DRAIN_LINGER, lambda: os._exit(0)
            )

    def interrupt(*_: Any) -> None:
        print("Card table stopped", flush=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, term)
    signal.signal(signal.SIGINT, interrupt)


def listener(host: str, port: int) -> socket.socket:
    """The listening socket; accepted sockets inherit TCP_NODELAY, so a small reply (an ack right after a
    snapshot) is not held back by Nagle's algorithm for the client's delayed ACK (~40 ms)."""
    sock = socket.create_server((host, port), backlog=1024)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def gated_pool(doorway: Doorway, size: int) -> Any:
    """eventlet's pool of connection handlers, which lets in only the connections ``doorway`` admits: one over its
    client's limit is closed at once (by the server's own clean-up, run when the handler given for it ends)."""
    import eventlet

    class GatedPool(eventlet.GreenPool):
        def spawn(self, function: Any, connection: list[Any], *args: Any, **kwargs: Any) -> Any:
            address = connection[0][0] if isinstance(connection[0], tuple) else ""
            if not doorway.admit(address):
                return eventlet.spawn(lambda: None)
            thread = super().spawn(function, connection, *args, **kwargs)
            thread.link(lambda _: doorway.release(address))
            return thread

    return GatedPool(size)


def serve(app: Any, host: str, port: int) -> None:
    """Serve with the chosen async mode's own server; eventlet's with a limit of open sockets per client address
    and an idle timeout for sockets that send no request (docs/server.md)."""
    if ASYNC_MODE == "eventlet":
        import eventlet.wsgi

        config = app.config
        doorway = Doorway(config["CONNECTIONS_PER_ADDRESS"], exempt_addresses(config))
        eventlet.wsgi.server(
            listener(host, port),
            app,
            log_output=False,
            custom_pool=gated_pool(doorway, MAX_CONNECTIONS),
            keepalive=config["IDLE_SECONDS"],
            socket_timeout=SOCKET_TIMEOUT,
        )
    elif ASYNC_MODE == "gevent":
        from gevent import pywsgi

        pywsgi.WSGIServer(listener(host, port), app, log=None).serve_forever()
    else:
        from werkzeug.serving import WSGIRequestHandler

        class NoDelayHandler(WSGIRequestHandler):
            disable_nagle_algorithm = True

        app.extensions["socketio"].run(
            app, host=host, port=port, debug=False, allow_unsafe_werkzeug=True, request_handler=NoDelayHandler
        )


if __name__ == "__main__":
    main(sys.argv[1:])
