"""The message catalogs agree across languages: static/i18n/<lang>.json (everything: engine messages, lobby, table,
dialogs, replay, rules pages) have the same keys in the same order, the same placeholders per key, plural objects
with exactly the CLDR categories their language needs (Babel), and no English word in Russian."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel import Locale

ROOT = Path(__file__).resolve().parent.parent

CATALOG_DIRS = ("static/i18n", "static/i18n/rules")
LANGS = ("en", "ru")

PLACEHOLDER = re.compile(r"\{(\w+)\}")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")

LATIN_ALLOWED: dict[str, dict[str, tuple[str, ...]]] = {
    "static/i18n": {
        # A deal code is typed as shown, in Latin letters; the placeholder shows one.
        "lobby.deal_placeholder": ("K7QM-3XPA",),
        # Key caps: Russian keyboards print Home and End in Latin.
        "replay.first_key": ("Home",),
        "replay.last_key": ("End",),
        "replay.keys": ("Home", "End"),
        # A technology's proper name, with no Russian form.
        "explorer.needs_js": ("JavaScript",),
    },
    "static/i18n/rules": {
        # Eidex's German terms, named as the game does and marked German on the page (``doc["foreign"]``).
        "rules.eidex.doc.goal": ("Gewinnpunkte",),
        "rules.eidex.doc.titles.discard": ("drücken",),
        "rules.eidex.guide.glossary.4.term": ("drücken",),
        # The ruling explains the seed's own English word.
        "rules.blot.rulings.height.ours": ("Height",),
    },
}
"""Latin words a Russian value may hold, per catalog and key, each with its reason. Keep it tiny."""


@cache
def catalog(folder: str, lang: str) -> dict[str, Any]:
    return json.loads((ROOT / folder / f"{lang}.json").read_text(encoding="utf-8"))


@cache
def plural_categories(lang: str) -> frozenset[str]:
    """The CLDR plural categories of ``lang``: Russian one/few/many/other, English one/other."""
    return frozenset(Locale.parse(lang).plural_form.tags | {"other"})


def forms(entry: Any) -> list[str]:
    """Every text of an entry: the string itself, or each form of a plural object."""
    if isinstance(entry, dict):
        return [text for category, text in entry.items() if category != "by"]
    return [entry]


def placeholders(entry: Any) -> set[str]:
    return {name for text in forms(entry) for name in PLACEHOLDER.findall(text)}


def refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    assert not twice, f"keys written twice (the later silently wins): {twice}"
    return dict(pairs)


@pytest.mark.parametrize("folder", CATALOG_DIRS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_written_twice(folder: str, lang: str) -> None:
    json.loads((ROOT / folder / f"{lang}.json").read_text(encoding="utf-8"), object_pairs_hook=refuse_duplicates)


@pytest.mark.parametrize("folder", CATALOG_DIRS)
def test_every_language_has_the_same_keys_in_the_same_order(folder: str) -> None:
    english = list(catalog(folder, "en"))
    for lang in LANGS[1:]:
        keys = list(catalog(folder, lang))
        assert set(keys) == set(english), (
            f"{folder}/{lang}.json: missing {sorted(set(english) - set(keys))}, "
            f"not in en.json {sorted(set(keys) - set(english))}"
        )
        assert keys == english, f"{folder}/{lang}.json: keys not in en.json's order"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_is_a_string_or_a_plural_object(folder: str, lang: str) -> None:
    for key, entry in catalog(folder, lang).items():
        if isinstance(entry, dict):
            assert isinstance(entry.get("by"), str), f"{lang} {key}: a plural object needs its 'by' parameter"
            assert entry["by"] in placeholders(entry), f"{lang} {key}: no form shows the count {{{entry['by']}}}"
        assert all(isinstance(text, str) and text.strip() for text in forms(entry)), f"{lang} {key}: empty text"
        for text in forms(entry):
            assert text.count("{") == text.count("}"), f"{lang} {key}: unbalanced placeholder in {text!r}"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
def test_placeholders_and_plural_parameter_agree_across_languages(folder: str) -> None:
    english = catalog(folder, "en")
    for lang in LANGS[1:]:
        for key, entry in catalog(folder, lang).items():
            theirs = english[key]
            assert placeholders(entry) == placeholders(theirs), (
                f"{key}: {lang} has {sorted(placeholders(entry))}, en has {sorted(placeholders(theirs))}"
            )
            if isinstance(entry, dict) and isinstance(theirs, dict):
                assert entry["by"] == theirs["by"], f"{key}: by {entry['by']!r} in {lang}, {theirs['by']!r} in en"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
@pytest.mark.parametrize("lang", LANGS)
def test_plural_objects_have_exactly_the_categories_of_their_language(folder: str, lang: str) -> None:
    needed = plural_categories(lang)
    for key, entry in catalog(folder, lang).items():
        if isinstance(entry, dict):
            have = set(entry) - {"by"}
            assert have == needed, f"{lang} {key}: forms {sorted(have)}, needs {sorted(needed)}"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
def test_a_count_that_picks_the_word_is_a_plural_object_in_every_language(folder: str) -> None:
    plural = {key for lang in LANGS for key, entry in catalog(folder, lang).items() if isinstance(entry, dict)}
    for lang in LANGS:
        strings = sorted(k for k in plural if not isinstance(catalog(folder, lang)[k], dict))
        assert not strings, f"{folder}/{lang}.json: plural in another language, a string here: {strings}"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
def test_no_english_word_in_russian(folder: str) -> None:
    allowed = LATIN_ALLOWED.get(folder, {})
    found = {}
    for key, entry in catalog(folder, "ru").items():
        for text in forms(entry):
            text = PLACEHOLDER.sub("", text)
            for word in allowed.get(key, ()):
                assert word in text, f"{key}: allow-listed {word!r} no longer used, drop it from LATIN_ALLOWED"
                text = text.replace(word, "")
            if LATIN_WORD.search(text):
                found[key] = LATIN_WORD.findall(text)
    assert not found, f"{folder}/ru.json: Latin words {found}"


@pytest.mark.parametrize("folder", CATALOG_DIRS)
def test_the_english_log_does_not_make_every_player_a_man(folder: str) -> None:
    """A line of the log or a power's question names a player (Ann, Bob) and goes on with "their", never "his"."""
    found = [
        key
        for key, entry in catalog(folder, "en").items()
        if key.startswith(("event.", "power."))
        for text in forms(entry)
        if re.search(r"\b(his|him|he)\b", text, re.IGNORECASE)
    ]
    assert not found, f"{folder}/en.json: {found}"


SOURCES = ("engine/**/*.py", "webapp/**/*.py", "static/js/**/*.js", "templates/**/*.html")
"""Where catalog keys are named: the engine's messages, the server's, the scripts and the templates."""


def test_every_key_is_used() -> None:
    """No key lingers unused: each is named in the code, or belongs to a family the code builds (``f"blot.rule.{x}"``,
    ``"blot.combo." + word``, `` `event.power.${name}` ``, the explorer's ``msg.x`` for ``js.x``); a ``.you`` or
    ``.move`` variant counts with its key."""
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for pattern in SOURCES
        for path in ROOT.glob(pattern)
        if "vendor" not in path.parts
    )
    families = set(re.findall(r"""["'`]([a-z_][\w.\-]*)(?:\{|\$\{|["'`]\s*\+)""", source))
    quoted = set(re.findall(r"""(?=["'`]([\w.\-]+)["'`])""", source))
    script_names = set(re.findall(r"msg\.(\w+)\b", source))
    unused = []
    for key in catalog("static/i18n", "en"):
        base = re.sub(r"\.(you|move)$", "", key)
        if base in quoted:
            continue
        if any("." in family and base.startswith(family) for family in families):
            continue
        script = re.match(r"(?:rules\.)?js\.(\w+)$", base)
        if script and (script[1] in script_names or any(script[1].startswith(f) for f in families if f)):
            continue
        unused.append(key)
    assert unused == [], f"keys no code uses: {unused}"
