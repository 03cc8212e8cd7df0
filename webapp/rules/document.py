"""A game's rules document (``DECL.rules(options, words)``) put in words for one page: its sections, tables and
rulings, each table cell with its mark, and the words another language marks as its own."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from markupsafe import Markup, escape

from engine.core import GameDecl
from engine.messages import is_message
from engine.prose import Words
from webapp.i18n import FALLBACK, Renderer
from webapp.i18n import catalog as texts_catalog
from webapp.rules.words import Messages


@cache
def rules_words(lang: str) -> Words:
    """The words the rules documents read in ``lang``: its catalog (``static/i18n`` with ``rules/``), English filling
    gaps."""
    return Words(texts_catalog(lang))


def rules_document(decl: GameDecl, options: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``DECL.rules(options, words)`` in ``lang``, with every engine message in it put in words."""
    if decl.rules is None:
        return {"sections": []}
    document = decl.rules(options, rules_words(lang))
    words: dict[str, Any] = in_words(quoted(document, lang), Renderer(lang, game=decl.id))
    return words


def quoted(document: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The document with each ruling whose seed is a catalog message (the rule text quoted in English, our faithful
    rendering of it in each other language) marked ``rendered`` on a page in another language than English."""
    sections = [
        {
            **section,
            "rulings": [
                {**r, "rendered": lang != FALLBACK} if is_message(r.get("seed")) else r
                for r in section.get("rulings", [])
            ],
        }
        if section.get("rulings")
        else section
        for section in document.get("sections", [])
    ]
    return {**document, "sections": sections}


def in_words(value: Any, words: Renderer) -> Any:
    """A rules document with every message in it put in words. Unlike ``Renderer.render_within`` a list stays a
    list (paragraphs, rows, columns, notes) even when each of its items is a message."""
    if is_message(value):
        return words.render(value)
    if isinstance(value, Mapping):
        return {k: in_words(v, words) for k, v in value.items()}
    if isinstance(value, list):
        return [in_words(v, words) for v in value]
    return value


def cell(value: Any) -> dict[str, Any]:
    """A table cell as ``{"text", "mark", "lang"}`` whether the engine gave a string or a cell with a mark or the
    language of its words where they are not the page's (Eidex's German names)."""
    if isinstance(value, Mapping):
        return {"text": str(value.get("text", "")), "mark": value.get("mark"), "lang": value.get("lang")}
    return {"text": "" if value is None else str(value), "mark": None, "lang": None}


def section_marks(section: Mapping[str, Any], messages: Messages) -> list[str]:
    """The marks of a section's tables that add a symbol, in first-use order, for the section's legend."""
    seen: dict[str, None] = {}
    for table in section.get("tables") or []:
        for row in table.get("rows", []):
            for value in row:
                mark = cell(value)["mark"]
                if mark and messages.mark_symbol(mark):
                    seen[mark] = None
    return list(seen)


def rulings_view(sections: list[Mapping[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Every section's rulings, under the section's title, for "Rulings and sources"; a rule text quoted in English
    on a page in another language is marked so (``seed_lang``)."""

    def marked(ruling: Mapping[str, Any]) -> dict[str, Any]:
        if ruling.get("rendered"):  # our faithful rendering; the original is on the English page
            return {**ruling, "seed_lang": None}
        english = lang != "en" and not re.search(r"[\u0400-\u04ff]", str(ruling.get("seed", "")))
        return {**ruling, "seed_lang": "en" if english else None, "rendered": False}

    return [
        {"id": s["id"], "title": s["title"], "rulings": [marked(r) for r in s["rulings"]]}
        for s in sections
        if s.get("rulings")
    ]


def foreign_filter(text: Any, doc: Mapping[str, Any]) -> Markup:
    """``text`` with each word the rules document names as another language's (``doc["foreign"]``: Eidex's German
    "drücken", "Gewinnpunkte") marked with that language, for screen readers and hyphenation."""
    out = str(escape(text))
    for lang, words in (doc.get("foreign") or {}).items():
        for word in words:
            out = re.sub(rf"(?<![\w>]){re.escape(str(escape(word)))}(?!\w)", f'<span lang="{lang}">\\g<0></span>', out)
    return Markup(out)
