"""Static checks of the front end (no browser needed): every message key the pages use is in the English
catalog, and no page or script refers to anything outside the server."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
OUR_TEMPLATES = [ROOT / "templates" / n for n in ("base.html", "lobby.html", "table.html")]
OUR_SCRIPTS = sorted(p for p in (STATIC / "js").rglob("*.js") if not p.name.startswith("rules"))
CATALOG = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
KEY_FAMILIES = "app|nav|lobby|state|suit|card|action|arg|event|seat|table|summary|over|extra"
LITERAL_KEY = re.compile(rf"""["']((?:{KEY_FAMILIES})\.[A-Za-z_.]+)["']""")
ATTR_KEY = re.compile(r'data-i18n(?:-placeholder|-title|-label)?="([^"]+)"')


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in OUR_SCRIPTS:
        keys.update(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    for path in OUR_TEMPLATES:
        keys.update(ATTR_KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_message_key_used_is_in_the_catalog() -> None:
    keys = used_keys()
    assert len(keys) > 100, "the key scan found too little to be looking in the right place"
    missing = sorted(k for k in keys if k not in CATALOG)
    assert not missing, f"keys missing from static/i18n/en.json: {missing}"


@pytest.mark.parametrize(
    "family",
    [
        [f"state.{s}" for s in ("waiting", "playing", "over")],
        [f"suit.{style}.{s}" for style in ("french", "eidex") for s in "CDHS"],
        [f"suit.symbol.{s}" for s in "CDHS"],
        [f"action.{verb}" for verb in ("play", "discard", "take", "pass", "draw", "bid", "trump", "bet", "contra")],
        ["arg.go", "arg.no", "arg.kaput", "arg.nt", "action.recontra", "action.power"],
        ["table.last_trick.bank", "table.last_trick.bailiff"],
    ],
)
def test_keys_built_at_run_time_are_in_the_catalog(family: list[str]) -> None:
    """States, suits, the verbs of docs/../FORMAT.md and the games' own word for the last trick are looked up by
    computed keys."""
    assert not [k for k in family if k not in CATALOG]


def test_catalog_placeholders_are_well_formed() -> None:
    for key, entry in CATALOG.items():
        texts = [v for k, v in entry.items() if k != "by"] if isinstance(entry, dict) else [entry]
        for text in texts:
            assert text.strip(), f"{key} is empty"
            assert text.count("{") == text.count("}"), f"{key}: unbalanced placeholder in {text!r}"


OUTSIDE = re.compile(r"""(?:src|href|url|import|from|fetch)\s*[=(]?\s*["'`]?\s*(?:https?:)?//""", re.IGNORECASE)


@pytest.mark.parametrize("path", OUR_TEMPLATES + OUR_SCRIPTS + [STATIC / "css" / "app.css"], ids=lambda p: p.name)
def test_no_page_or_script_refers_outside_the_server(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert not OUTSIDE.search(text), f"{path.name} refers to another host"
    assert "@import" not in text and "fonts.googleapis" not in text


def test_vendored_socketio_client_matches_its_noted_checksum() -> None:
    note = (STATIC / "vendor" / "VERSIONS.md").read_text(encoding="utf-8")
    data = (STATIC / "vendor" / "socket.io.esm.min.js").read_bytes()
    assert hashlib.sha256(data).hexdigest() in note
    assert b"Socket.IO v4.8." in data[:200]
