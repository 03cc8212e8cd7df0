"""HTTP routes: pages, the QR code, the JSON API, and the same-origin rule for Socket.IO."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server_helpers import TINY, Client, create, make_app
from webapp import same_origin
from webapp.lan import lan_urls

pytestmark = pytest.mark.usefixtures("tiny_game")


@pytest.fixture
def app_config() -> dict[str, Any]:
    """The app listens on every address at a known port: the QR code and the LAN links name it."""
    return {"HOST": "0.0.0.0", "SERVER_PORT": 5123}


def test_games_api_lists_every_registered_game(app):
    games = app.test_client().get("/api/games").json
    assert TINY.to_json() in games
    assert [g["id"] for g in games] == sorted(g["id"] for g in games)


def test_pages_render_for_known_tables_only(app):
    http = app.test_client()
    code = create(Client(app))["code"]
    assert http.get("/").status_code == 200
    page = http.get(f"/t/{code}")
    assert page.status_code == 200 and code in page.get_data(as_text=True)
    assert http.get(f"/t/{code.lower()}").status_code == 200
    assert http.get("/t/ZZZZZZ").status_code == 404
    assert http.get("/t/<script>").status_code == 404


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


def test_socketio_accepts_only_the_pages_own_origin():
    environ = {"wsgi.url_scheme": "http", "HTTP_HOST": "192.168.1.5:5000"}
    assert same_origin("http://192.168.1.5:5000", environ)
    assert not same_origin("http://evil.example", environ)
    assert not same_origin("https://192.168.1.5:5000", environ)
    assert not same_origin(None, environ)
