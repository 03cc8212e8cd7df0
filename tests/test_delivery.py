"""How pages and static files reach a browser: compressed, static files cached for a year under versioned
addresses (modules through the page's import map, catalogs through its preload links), and pages that arrive with
their words already in them (webapp/assets.py, docs/frontend.md "Delivery")."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
from pathlib import Path

import brotli
import pytest

from engine.registry import all_games
from tests.server_helpers import Client, create
from webapp.i18n import catalog

STATIC = Path(__file__).resolve().parent.parent / "static"
YEAR = "max-age=31536000"


def _version(name: str) -> str:
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def _decoded(reply) -> bytes:
    coding = reply.headers.get("Content-Encoding")
    data = reply.get_data()
    return {"br": brotli.decompress, "gzip": gzip.decompress}[coding](data) if coding else data


def _import_map(html: str) -> str:
    found = re.search(r'<script type="importmap">(.*?)</script>', html, re.S)
    assert found, "the page carries no import map"
    return found[1]


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_versioned_static_files_come_compressed_and_cached_for_a_year(app, encoding):
    http = app.test_client()
    for name in ("js/cards.js", "css/app.css", "i18n/ru.json", "vendor/socket.io.esm.min.js"):
        reply = http.get(f"/static/{name}?v={_version(name)}", headers={"Accept-Encoding": encoding})
        assert reply.status_code == 200
        assert reply.headers["Content-Encoding"] == encoding, name
        assert "Accept-Encoding" in reply.headers["Vary"]
        assert _decoded(reply) == (STATIC / name).read_bytes()
        cache = reply.headers["Cache-Control"]
        assert YEAR in cache and "immutable" in cache and "no-cache" not in cache, (name, cache)


def test_static_without_the_current_version_is_revalidated(app):
    http = app.test_client()
    for query in ("", "?v=0123456789ab"):
        reply = http.get(f"/static/js/cards.js{query}")
        assert reply.status_code == 200
        assert YEAR not in reply.headers.get("Cache-Control", ""), query


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pages_name_versioned_files_and_map_every_module(app, lang):
    http = app.test_client()
    reply = http.get(f"/?lang={lang}", headers={"Accept-Encoding": "gzip"})
    assert reply.headers["Content-Encoding"] == "gzip"
    html = _decoded(reply).decode()
    assert f'href="/static/css/app.css?v={_version("css/app.css")}"' in html
    assert f'src="/static/js/lobby.js?v={_version("js/lobby.js")}"' in html
    assert f'data-catalog="{lang}" href="/static/i18n/{lang}.json?v={_version(f"i18n/{lang}.json")}"' in html
    text = _import_map(html)
    imports = json.loads(text)["imports"]
    modules = [p.relative_to(STATIC).as_posix() for d in ("js", "vendor") for p in (STATIC / d).rglob("*.js")]
    assert sorted(imports) == sorted(f"/static/{m}" for m in modules)
    for module in modules:
        assert imports[f"/static/{module}"] == f"/static/{module}?v={_version(module)}"
    digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
    policy = reply.headers["Content-Security-Policy"]
    assert f"script-src 'self' 'sha256-{digest}';" in policy, "the CSP must allow exactly this import map"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_lobby_arrives_with_its_labels(app, lang):
    words = catalog(lang)
    html = app.test_client().get(f"/?lang={lang}").get_data(as_text=True)
    for key in ("app.name", "lobby.play_title", "lobby.open_tables", "lobby.more_options", "lobby.join_button"):
        assert f">{words[key]}<" in html, key
    assert f"<title>{words['app.name']}</title>" in html
    assert re.search(r"<(\w+)[^>]*data-i18n=\"[^\"]+\"[^>]*></\1>", html) is None, "an empty label in the page"
    for game in all_games():
        if f"game.{game.id}.name" in words:
            assert f">{words[f'game.{game.id}.name']}</h3>" in html
    assert html.count(f">{words['lobby.play_now']}</button>") == len(all_games())
    placeholder = words["lobby.code_placeholder"]
    assert f'placeholder="{placeholder}"' in html


def test_the_table_page_arrives_with_its_labels_and_title(app):
    words = catalog("ru")
    code = create(Client(app))["code"]
    html = app.test_client().get(f"/t/{code}?lang=ru").get_data(as_text=True)
    for key in ("table.score", "table.last_trick", "prefs.title", "prefs.four_colours", "table.log", "table.send"):
        assert f">{words[key]}<" in html, key
    assert f'placeholder="{words["table.chat_placeholder"]}"' in html
    assert f"<title>{code} · {words['app.name']}</title>" in html
    assert re.search(r"<(\w+)[^>]*data-i18n=\"[^\"]+\"[^>]*></\1>", html) is None, "an empty label in the page"
