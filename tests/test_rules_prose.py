"""The rules documents' words live in the catalogs, not in the engine: no inline bilingual text is left in
``engine/``, every key a rules document, guide or worked example reads is in every language's rules catalog
(``static/i18n/rules/<lang>.json``), and every entry there is read by some page."""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.core import GameDecl
from engine.prose import Words
from engine.registry import all_games
from tests.messages_check import messages_in
from webapp.i18n import LANGUAGES
from webapp.i18n import catalog as texts_catalog

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
RULES_CATALOGS = ROOT / "static" / "i18n" / "rules"
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
LANG_CODE = re.compile(r"[a-z]{2}")


def own_catalog(lang: str) -> dict[str, Any]:
    """The rules catalog of ``lang`` alone (no English filling its gaps)."""
    return dict(json.loads((RULES_CATALOGS / f"{lang}.json").read_text(encoding="utf-8")))


def prose_in(source: str) -> list[tuple[int, str]]:
    """Where a Python source holds a language's words as data: a dict keyed by language codes (``{"en": …, "ru":
    …}``) or a string in Cyrillic outside a docstring."""
    tree = ast.parse(source)
    docstrings = {
        id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and node.keys:
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            if "en" in keys and all(isinstance(k, str) and LANG_CODE.fullmatch(k) for k in keys):
                found.append((node.lineno, ast.unparse(node)[:80]))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and CYRILLIC.search(node.value)
        ):
            found.append((node.lineno, node.value[:80]))
    return found


def test_the_scan_finds_inline_prose() -> None:
    """The scan below would see the shapes the rules documents were written in."""
    assert prose_in('TITLE = {"en": "The aim", "ru": "Цель"}')
    assert prose_in('T = {"goal": ("Shed your banks.", "Сбросить банки.")}')
    assert prose_in('def f():\n    return "ход"')
    assert not prose_in('"""Ass («Жопа»)."""\nKEY = "rules.ass.doc.goal"')


def test_engine_holds_no_inline_rules_prose() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}": text
        for path in sorted(ENGINE.rglob("*.py"))
        for line, text in prose_in(path.read_text(encoding="utf-8"))
    }
    found |= {
        str(path.relative_to(ROOT)): "Cyrillic in a data file"
        for path in sorted(ENGINE.rglob("*.json"))
        if CYRILLIC.search(path.read_text(encoding="utf-8"))
    }
    assert found == {}


def test_every_language_has_its_rules_catalog_with_every_key() -> None:
    english = own_catalog("en")
    assert sorted(p.stem for p in RULES_CATALOGS.glob("*.json")) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        own = own_catalog(lang)
        assert sorted(own) == sorted(english), lang
        assert [k for k, text in own.items() if not str(text).strip() and str(english[k]).strip()] == [], lang
        assert all(k.startswith("rules.") for k in own), lang


class Reading(Words):
    """Words that remember what a document read: each key, and each prefix read as a table."""

    def __init__(self, texts: Mapping[str, Any]) -> None:
        super().__init__(texts)
        self.read: set[str] = set()

    def __call__(self, key: str, **values: Any) -> str:
        self.read.add(key)
        return super().__call__(key, **values)

    def get(self, key: str, default: str) -> str:
        self.read.add(key)
        return super().get(key, default)

    def tree(self, prefix: str) -> Any:
        self.read.add(prefix + ".")
        return super().tree(prefix)


def variants(decl: GameDecl) -> Iterator[dict[str, Any]]:
    """The default options, then each option's every other choice alone (a whole number: its bounds)."""
    yield {}
    for opt in decl.options:
        values = list(opt.choices) or ([True, False] if opt.type == "bool" else [opt.minimum, opt.maximum])
        yield from ({opt.name: v} for v in values if v is not None and v != opt.default)


def message_keys(value: Any) -> set[str]:
    """Every message key in a document, a guide or an example, nested messages too."""
    return {m["key"] for m in messages_in(value)}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_rules_key_read_is_in_the_catalog_and_every_entry_is_read(lang: str) -> None:
    """Every game's document (under each option's choices), guide (its sections' words by their ids) and worked
    examples read only keys the language's own rules catalog has, and every entry of it is read by one of them."""
    own = own_catalog(lang)
    words = Reading(texts_catalog(lang))
    keys: set[str] = set()
    for decl in all_games():
        assert decl.rules is not None
        for given in variants(decl):
            try:
                options = decl.validate_options(given)
            except ValueError:
                continue  # a choice that needs another option with it (or more players)
            keys |= message_keys(decl.rules(options, words))
        keys |= message_keys([decl.guide, list(decl.examples)])
        for section in decl.guide["sections"]:  # the guide's words by section id (webapp.rules.pictures.guide_view)
            words.tree(f"rules.{decl.id}.guide.sections.{section['id']}")
        words.tree(f"rules.{decl.id}.guide.glossary")
    read = {k for k in words.read | keys if k.startswith("rules.")}
    assert sorted(k for k in read if not k.endswith(".") and k not in own) == []
    prefixes = tuple(k for k in read if k.endswith("."))
    assert sorted(k for k in own if k not in read and not k.startswith(prefixes)) == []
