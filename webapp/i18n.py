"""Languages: the catalogs, the reader's language, and engine messages put in words on the server side.

One catalog per language, ``static/i18n/<lang>.json``, serves the browser and the server alike (docs/messages.md).
The browser renders the table's messages itself (``static/js/messages.js``); this module renders them for pages
the server writes (rules pages, worked examples) with the same rules: plural forms by CLDR (Babel), a ``.you``
variant when the message is about the reader's own seat, typed values in the reader's notation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel import Locale
from flask import request

from engine.messages import KINDS, is_message

CATALOG_DIR = Path(__file__).resolve().parent.parent / "static" / "i18n"

FALLBACK = "en"
"""The language whose catalog fills every other's gaps (and the rules' quotations are in)."""


def _languages() -> dict[str, str]:
    """Every language with a catalog (``static/i18n/<code>.json``), by code, with its own name (``language.name``):
    the fallback first, then the others by code. Adding a language is its catalog files, nothing in Python."""
    codes = sorted(p.stem for p in CATALOG_DIR.glob("*.json") if p.stem != FALLBACK)
    return {
        code: str(json.loads((CATALOG_DIR / f"{code}.json").read_text(encoding="utf-8"))["language.name"])
        for code in (FALLBACK, *codes)
    }


LANGUAGES: dict[str, str] = _languages()
"""Every language the app speaks, by code, with its own name; the first is the fallback."""

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

HIDDEN_CARD = "??"
"""A card the reader may not see, as the server's redaction leaves it (``webapp/redaction.py``)."""

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The catalog of ``lang`` (``static/i18n/<lang>.json`` with the server's own parts beside it, such as the rules
    pages' words in ``static/i18n/rules/<lang>.json``), English filling every gap."""
    own: dict[str, Any] = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for part in sorted(CATALOG_DIR.glob(f"*/{lang}.json")):
        own.update(json.loads(part.read_text(encoding="utf-8")))
    if lang == FALLBACK:
        return own
    return {**catalog(FALLBACK), **own}


def negotiate(asked: str | None, remembered: str | None, accept: Sequence[str]) -> str:
    """The page's language: ``?lang=`` if it names one, else the remembered choice, else the browser's first
    supported preference (``accept``, best first, ``ru-RU`` counting as ``ru``), else English.

    >>> negotiate(None, None, ["ru-RU", "en"])
    'ru'
    >>> negotiate("en", "ru", ["ru"])
    'en'
    >>> negotiate("xx", None, ["de"])
    'en'
    """
    for candidate in (asked, remembered, *accept):
        code = (candidate or "").split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return FALLBACK


def plural_category(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (``one``, ``few``, ``many``, ``other``…)."""
    return Locale.parse(lang).plural_form(n)


class Renderer:
    """Puts engine messages in words for one reader: his language, the players' names, his own seat."""

    def __init__(
        self,
        lang: str,
        names: Sequence[str] = (),
        seat: int | None = None,
        game: str = "",
        texts: Mapping[str, Any] | None = None,
    ):
        self.lang, self.names, self.seat, self.game = lang, list(names), seat, game
        self.texts = catalog(lang) if texts is None else texts

    def text(self, key: str, **params: Any) -> str:
        """The catalog's text of ``key`` with its placeholders filled (plural forms chosen)."""
        return self.render({"key": key, **params})

    def render(self, message: Any) -> str:
        """A message, a list of messages (sentences joined by a space) or a plain value, in words."""
        if isinstance(message, list):
            return " ".join(self.render(m) for m in message)
        if not isinstance(message, Mapping) or not isinstance(message.get("key"), str):
            return self.value(message)
        params = {k: v for k, v in message.items() if k != "key"}
        entry = self._entry(message["key"], params)
        if isinstance(entry, Mapping):
            count = params.get(entry.get("by", ""), 0)
            entry = entry.get(plural_category(self.lang, count if isinstance(count, int | float) else 0)) or entry.get(
                "other", ""
            )
        return PLACEHOLDER.sub(lambda m: self.value(params[m[1]]) if m[1] in params else m[0], str(entry))

    def render_within(self, value: Any) -> Any:
        """``value`` (a JSON-like answer) with every message in it put in words; everything else as it is."""
        if is_message(value) or (isinstance(value, list) and value and all(is_message(v) for v in value)):
            return self.render(value)
        if isinstance(value, Mapping):
            return {k: self.render_within(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.render_within(v) for v in value]
        return value

    def _entry(self, key: str, params: Mapping[str, Any]) -> Any:
        subject, side = params.get("seat"), params.get("team")
        mine = self.seat is not None and (
            (isinstance(subject, Mapping) and subject.get("seat") == self.seat)
            or (isinstance(side, Mapping) and side.get("team") == self.seat % 2)
        )
        if mine and f"{key}.you" in self.texts:
            return self.texts[f"{key}.you"]
        return self.texts.get(key, key)

    def value(self, value: Any) -> str:
        """One parameter in words: a typed value by its kind, a nested message, a number or a string."""
        if isinstance(value, Mapping):
            if isinstance(value.get("key"), str):
                return self.render(value)
            kind = next((k for k in value if k in KINDS), None)
            render = getattr(self, f"_{kind}", None) if kind is not None else None
            if render is not None:
                return str(render(value))
        if value is None:
            return ""
        return str(value)

    def _seat(self, value: Mapping[str, Any]) -> str:
        n = value["seat"]
        if n == self.seat:
            return str(self.texts.get("you", "you"))
        if 0 <= n < len(self.names) and self.names[n]:
            return str(self.names[n])
        return self.text("seat.anonymous", n=n + 1)

    def _team(self, value: Mapping[str, Any]) -> str:
        first = value["team"]
        if self.seat is not None and self.seat % 2 == first:
            return self.text("team.yours", partner=self._seat({"seat": (self.seat + 2) % 4}))
        return self.text("list.and", a=self._seat({"seat": first}), b=self._seat({"seat": first + 2}))

    def _card(self, value: Mapping[str, Any]) -> str:
        text = value["card"]
        if text == HIDDEN_CARD:
            return str(self.texts.get("card.hidden", text))
        rank, suit = text[:-1], text[-1]
        rank = str(self.texts.get(f"rank.{rank}", rank))
        word = self._worded(suit)
        if word:
            return self.text("card.suited", rank=rank, suit=word)
        return f"{rank}{self.texts.get(f'suit.{self.game}.{suit}.sym') or SUIT_SYMBOLS.get(suit, suit)}"

    def _worded(self, suit: str) -> str | None:
        """How a card's name says its suit in a game that names suits in words (Eidex: "Raven Q", "Д Воронов"),
        else ``None`` (a symbol: "Q♠")."""
        if self.texts.get(f"suit.{self.game}.{suit}.sym"):
            return None
        word = self.texts.get(f"suit.{self.game}.{suit}.card") or self.texts.get(f"suit.{self.game}.{suit}")
        return str(word) if word else None

    def _cards(self, value: Mapping[str, Any]) -> str:
        """The cards shown, then the hidden ones counted ("Q♥ and 2 hidden cards"), never "a hidden card" twice."""
        cards = [c for c in value["cards"] if c != HIDDEN_CARD]
        worded = any(self._worded(c[-1]) for c in cards)
        shown = (", " if worded else " ").join(self._card({"card": c}) for c in cards)
        hidden = sum(1 for c in value["cards"] if c == HIDDEN_CARD)
        if not hidden:
            return shown
        counted = self.text("cards.hidden", n=hidden)
        return self.text("list.and", a=shown, b=counted) if shown else counted

    def _suit(self, value: Mapping[str, Any]) -> str:
        suit = value["suit"]
        word = self.texts.get(f"suit.{self.game}.{suit}.sym") or self.texts.get(f"suit.{self.game}.{suit}")
        return str(word or SUIT_SYMBOLS.get(suit, suit))

    def _rank(self, value: Mapping[str, Any]) -> str:
        return str(self.texts.get(f"rank.{value['rank']}", value["rank"]))

    def _option(self, value: Mapping[str, Any]) -> str:
        name = value["option"]
        return str(self.texts.get(f"option.{self.game}.{name}") or self.texts.get(f"option.{name}") or name)

    def _list(self, value: Mapping[str, Any]) -> str:
        parts = [self.render(m) for m in value["list"]]
        if value.get("join") == "sentences":
            return " ".join(f"{p[:1].upper()}{p[1:]}." for p in parts if p)
        if value.get("join") == "plus":
            return " + ".join(parts)
        if len(parts) < 2:
            return "".join(parts)
        joined = ", ".join(parts[:-1])
        return self.text(f"list.{value.get('join', 'or')}", a=joined, b=parts[-1])


COOKIE = "lang"
"""The cookie that remembers a reader's choice of language (set whenever a page is asked for with ``?lang=``)."""


def page_lang() -> str:
    """The language of the page being served: ``?lang=``, else the remembered choice, else Accept-Language."""
    accept = [code for code, _ in request.accept_languages]
    return negotiate(request.args.get("lang"), request.cookies.get(COOKIE), accept)


def lang_links() -> dict[str, str]:
    """The current page in each language: its query with ``lang`` replaced."""
    kept = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    return {code: request.path + "?" + urlencode([*kept, ("lang", code)]) for code in LANGUAGES}


def remember_lang(response: Any) -> Any:
    """After a page asked for with a known ``?lang=``: remember the choice in a cookie for a year."""
    asked = request.args.get("lang", "")
    if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax")
    return response
