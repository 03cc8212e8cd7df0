"""HTTP routes: pages, the QR code, the JSON API; the allow-list of hosts and origins, and every response's
security headers."""

from __future__ import annotations

from typing import Any

import pytest
from flask import request
from werkzeug.test import EnvironBuilder

from tests.server_helpers import TINY, Client, create, create_with_bots, make_app, play_out
from webapp.guard import Guard, machine_hosts
from webapp.lan import lan_addresses, lan_urls

pytestmark = pytest.mark.usefixtures("tiny_game")


@pytest.fixture
def app_config() -> dict[str, Any]:
    """The app listens on every address at a known port: the QR code and the LAN links name it."""
    return {"HOST": "0.0.0.0", "SERVER_PORT": 5123}


def test_games_api_lists_every_registered_game(app):
    games = app.test_client().get("/api/games").json
    assert TINY.to_json() in games
    assert [g["id"] for g in games] == sorted(g["id"] for g in games)


def test_the_lobby_counts_the_players_the_default_options_seat(app):
    """Ass seats five or six only with an option: its card says 2-4, and the rules pages name the option's range."""
    http = app.test_client()
    ass = next(g for g in http.get("/api/games").json if g["id"] == "ass")
    assert (ass["min_players"], ass["plain_max_players"], ass["max_players"]) == (2, 4, 6)
    bailiff = next(g for g in http.get("/api/games").json if g["id"] == "bailiff")
    assert bailiff["plain_max_players"] == bailiff["max_players"] == 6
    lobby = http.get("/?lang=en").get_data(as_text=True)
    card = lobby[lobby.index('data-game="ass"') :]
    assert card[: card.index("</span>")].endswith("2–4 players")
    assert "2–4 (5–6 — с отдельной настройкой)" in http.get("/rules?lang=ru").get_data(as_text=True)
    assert "2–4 players (usually 4; 5–6 with an option)" in http.get("/rules/ass?lang=en").get_data(as_text=True)


def test_pages_render_for_known_tables_only(app):
    http = app.test_client()
    code = create(Client(app))["code"]
    assert http.get("/").status_code == 200
    page = http.get(f"/t/{code}")
    assert page.status_code == 200 and code in page.get_data(as_text=True)
    assert http.get(f"/t/{code.lower()}").status_code == 200
    assert http.get("/t/ZZZZZZ").status_code == 404
    assert http.get("/t/<script>").status_code == 404


def test_an_address_with_nothing_behind_it_says_so_in_the_reader_s_language(app):
    """A mistyped table code, a table closed since, a wrong address: a page in the reader's language that says what
    is missing and leads back to the games; the JSON API answers in JSON."""
    http = app.test_client()
    table = http.get("/t/ZZZZZZ?lang=ru")
    page = table.get_data(as_text=True)
    assert table.status_code == 404 and table.mimetype == "text/html"
    assert "Страница не найдена" in page and "нет стола ZZZZZZ" in page and 'href="/"' in page
    assert 'name="viewport"' in page, "a phone shows it at its own width"
    english = http.get("/t/zzzzzz?lang=en").get_data(as_text=True)
    assert "There is no table ZZZZZZ on this server" in english and "Choose a game" in english
    other = http.get("/no/such/page?lang=en")
    assert other.status_code == 404 and "There is nothing at this address." in other.get_data(as_text=True)
    assert "<script>" not in http.get("/t/<script>").get_data(as_text=True)
    api = http.get("/api/history/999")
    assert api.status_code == 404 and api.json == {"error": "not_found"}


def test_qr_code_is_an_svg_of_the_lan_link(app):
    http = app.test_client()
    code = create(Client(app))["code"]
    reply = http.get(f"/t/{code}/qr.svg")
    assert reply.status_code == 200 and reply.mimetype == "image/svg+xml"
    svg = reply.get_data(as_text=True)
    assert "<svg" in svg and f":5123/t/{code}</title>" in svg
    assert http.get("/t/ZZZZZZ/qr.svg").status_code == 404


def test_lan_addresses_never_offer_loopback(app):
    urls = app.test_client().get("/api/lan").json["urls"]
    assert urls and all(u.startswith("http://") for u in urls)
    assert not any(u.startswith("http://127.") for u in urls)
    assert lan_urls("127.0.0.1", 5000) == []
    assert lan_urls("192.168.1.5", 8000) == ["http://192.168.1.5:8000"]
    loopback = make_app(app.config["DATA_DIR"] + "/other", HOST="127.0.0.1", SERVER_PORT=5000)
    assert loopback.test_client().get("/api/lan").json == {"urls": ["http://localhost"]}


def test_origins_must_name_an_allowed_host_at_the_requests_own_port():
    guard = Guard("192.168.1.5,cards.lan", "https://proxy.example")
    environ = {"wsgi.url_scheme": "http", "HTTP_HOST": "192.168.1.5:5000"}
    assert guard.origin_allowed("http://192.168.1.5:5000", environ)
    assert guard.origin_allowed("http://cards.lan:5000", environ)
    assert guard.origin_allowed("https://proxy.example", environ)
    assert not guard.origin_allowed("http://evil.example", environ)
    assert not guard.origin_allowed("http://192.168.1.5:8080", environ), "another port is another site"
    assert not guard.origin_allowed("https://192.168.1.5:5000", environ)
    assert not guard.origin_allowed("null", environ)
    assert not guard.origin_allowed(None, environ)
    # DNS rebinding: the page's own name resolves to this server, so Host and Origin agree, and both are refused
    rebound = {"wsgi.url_scheme": "http", "HTTP_HOST": "evil.example:5000"}
    assert not guard.host_allowed("evil.example:5000")
    assert not guard.origin_allowed("http://evil.example:5000", rebound)
    assert guard.host_allowed("[::1]:5000") is False and Guard("::1").host_allowed("[::1]:5000")
    assert not guard.host_allowed("192.168.1.5:5000;script-src *")
    assert Guard("*").host_allowed("anything.example")


def test_the_default_allow_list_is_this_machine_and_its_lan_addresses():
    hosts = Guard().hosts
    assert {"localhost", "127.0.0.1", "::1"} <= hosts
    assert set(lan_addresses()) <= hosts
    assert Guard("auto,cards.lan").hosts == machine_hosts() | {"cards.lan"}
    assert "192.168.9.9" in Guard(host="192.168.9.9").hosts


HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}


def assert_guarded(reply) -> None:
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (reply.request.path, name)
    csp = reply.headers["Content-Security-Policy"]
    policy = dict((d.split(" ", 1) + [""])[:2] for d in (p.strip() for p in csp.split(";")))
    own, *hashes = policy["script-src"].split()
    assert own == "'self'" and all(h.startswith("'sha256-") for h in hashes), csp  # the import map's hash only
    assert policy["frame-ancestors"] == "'none'", csp
    assert "unsafe-inline" not in policy["script-src"] and "unsafe-eval" not in csp, csp
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'", csp


def test_every_kind_of_response_carries_the_security_headers(app):
    http = app.test_client()
    code = create(Client(app))["code"]
    player = Client(app)
    finished = create_with_bots(player, players=2)["code"]
    assert player.call("start", {"code": finished})["ok"]
    play_out(player, finished)
    game_id = app.extensions["hall"].journal.history()[0]["id"]
    urls = [
        "/",
        f"/t/{code}",
        f"/t/{code}/qr.svg",
        "/rules",
        f"/rules/{TINY.id}",
        "/api/games",
        "/api/tables",
        "/api/lan",
        "/api/history",
        f"/api/history/{game_id}",
        f"/replay/{game_id}",
        "/static/js/table.js",
        "/static/css/app.css",
        "/t/ZZZZZZ",
        "/no/such/page",
        "/socket.io/?EIO=4&transport=polling",
    ]
    for url in urls:
        assert_guarded(http.get(url))
    assert_guarded(http.post(f"/api/explore/{TINY.id}", json={}))


def test_pages_run_no_inline_script_or_style(app):
    """No page holds a script without ``src`` (other than JSON data and the import map the CSP allows by its
    hash, tests/test_delivery.py), an inline event handler or a style attribute or element: the CSP would block
    them."""
    import re

    http = app.test_client()
    code = create(Client(app))["code"]
    for url in ["/", f"/t/{code}", "/rules", "/rules/bailiff"]:
        page = http.get(url).get_data(as_text=True)
        for tag in re.findall(r"<script\b[^>]*>", page, re.I):
            assert "src=" in tag or 'type="application/json"' in tag or tag == '<script type="importmap">', (url, tag)
        assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", page, re.I), url
        assert not re.search(r"<[a-z][^>]*\sstyle\s*=", page, re.I), url
        assert not re.search(r"<style\b", page, re.I), url
        assert "javascript:" not in page.lower(), url


@pytest.fixture
def lan_app(tmp_path):
    """An app listening on every address, with the machine's own default allow-list."""
    app = make_app(tmp_path, HOST="0.0.0.0", SERVER_PORT=5000)
    yield app
    app.extensions["hall"].shut()


def test_a_foreign_host_or_origin_is_refused_and_the_lan_address_accepted(lan_app):
    http = lan_app.test_client()
    handshake = "/socket.io/?EIO=4&transport=polling"
    lan = (lan_addresses() or ["127.0.0.1"])[0]
    own = {"Host": f"{lan}:5000", "Origin": f"http://{lan}:5000"}
    assert http.get("/", headers={"Host": f"{lan}:5000"}).status_code == 200
    assert http.get(handshake, headers=own).status_code == 200
    assert http.get(handshake, headers={"Host": "127.0.0.1:5000", "Origin": "http://127.0.0.1:5000"}).status_code == 200
    # a page elsewhere
    assert http.get(handshake, headers={"Host": f"{lan}:5000", "Origin": "http://evil.example"}).status_code == 400
    # a DNS-rebinding page: its own name, now resolving to this machine, in both Host and Origin
    rebound = {"Host": "evil.example:5000", "Origin": "http://evil.example:5000"}
    assert http.get(handshake, headers=rebound).status_code == 400
    assert http.get("/", headers={"Host": "evil.example:5000"}).status_code == 400
    assert http.get("/api/tables", headers={"Host": "evil.example:5000"}).status_code == 400
    assert http.post(f"/api/explore/{TINY.id}", json={}, headers=rebound).status_code == 400
    # a POST from another site to the right host
    foreign = {"Host": f"{lan}:5000", "Origin": "http://evil.example"}
    assert http.post(f"/api/explore/{TINY.id}", json={}, headers=foreign).status_code == 403
    assert http.post(f"/api/explore/{TINY.id}", json={}, headers=own).status_code != 403


def test_allowed_hosts_setting_replaces_the_default(tmp_path):
    app = make_app(tmp_path, ALLOWED_HOSTS="cards.lan", ALLOWED_ORIGINS="https://proxy.example")
    try:
        http = app.test_client()
        assert http.get("/", headers={"Host": "cards.lan:5000"}).status_code == 200
        assert http.get("/", headers={"Host": "127.0.0.1:5000"}).status_code == 400
        handshake = "/socket.io/?EIO=4&transport=polling"
        headers = {"Host": "cards.lan", "Origin": "https://proxy.example"}
        assert http.get(handshake, headers=headers).status_code == 200
    finally:
        app.extensions["hall"].shut()


@pytest.mark.parametrize(
    "transport, headers", [("polling", {}), ("websocket", {"Upgrade": "websocket", "Connection": "Upgrade"})]
)
def test_a_socket_events_request_context_matches_a_rule(app, transport, headers):
    """Flask-SocketIO handles every event in a request context of the Socket.IO path: it matches a rule (over both
    transports), so no event leaves a routing exception and its traceback behind as cyclic garbage; HTTP on that
    path is Engine.IO's, never a page."""
    environ = EnvironBuilder(path="/socket.io/", query_string=f"EIO=4&transport={transport}", headers=headers)
    with app.request_context(environ.get_environ()):
        assert request.routing_exception is None
    opened = app.test_client().get("/socket.io/?EIO=4&transport=polling")
    assert opened.status_code == 200 and b'"sid"' in opened.data, "Engine.IO, not the rule, answers its path"
