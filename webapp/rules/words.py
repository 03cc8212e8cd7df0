"""The rules pages' words: the page's own (``rules.*``, the explorer script's ``js.*``) and each game's name, summary
and option texts, from the app's catalogs (``static/i18n/<lang>.json``)."""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from engine.core import GameDecl
from engine.options import Option
from webapp.i18n import Renderer
from webapp.i18n import catalog as texts_catalog
from webapp.lengths import short_game
from webapp.rules.options import choice_key, value_text

ADVICE_WORDS = ("title", "intro", "no_turn", "hand", "empty", "ask", "clear", "thinking", "plays")
"""The explorer's "ask the bot" panel's words (``rules.advice.<word>``), for its script as ``advice_<word>``."""


class Messages:
    """The page's words from the app's catalog (``static/i18n/<lang>.json``, English filling gaps), placeholders
    filled and plural forms chosen as everywhere (``webapp/i18n.py``)."""

    def __init__(self, lang: str):
        self.lang = lang
        self.words = Renderer(lang)

    def __call__(self, key: str, **values: Any) -> str:
        return self.words.text(key, **values)

    def number(self, value: Any) -> str:
        """An option's bound as the page's language writes a number: five digits and more in groups ("10,000",
        "10 000" with a no-break space), as the form shows it otherwise ("1000", "—" for none)."""
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10_000:
            return str(format_decimal(value, locale=self.lang))
        return value_text(value)

    def mark(self, mark: str) -> str:
        """What a table mark means (an unknown mark reads as itself)."""
        return str(texts_catalog(self.lang).get(f"mark.{mark}", mark))

    def mark_symbol(self, mark: str) -> str:
        """The symbol a mark adds to its cell ("" for marks the cell's own text already says, like yes/no)."""
        return str(texts_catalog("en").get(f"mark.{mark}.sym", ""))

    def for_script(self) -> dict[str, str]:
        """The explorer's messages (keys ``js.*``, and ``rules.js.*`` in their place where both exist) for the
        page's script, with its "ask the bot" panel's (``rules.advice.<name>`` as ``advice_<name>``)."""
        texts = texts_catalog(self.lang)
        own = {k[9:]: v for k, v in texts.items() if k.startswith("rules.js.")}
        advice = {f"advice_{word}": texts[f"rules.advice.{word}"] for word in ADVICE_WORDS}
        return {**{k[3:]: v for k, v in texts.items() if k.startswith("js.")}, **own, **advice}


class GameTexts:
    """Game names, summaries and option texts in one language, from the page's catalog (``static/i18n``). The engine
    declares options as data only; a game or option the catalog does not know yet reads by its identifiers."""

    def __init__(self, lang: str):
        self.texts = texts_catalog(lang)

    def _text(self, key: str) -> str | None:
        entry = self.texts.get(key)
        return entry if isinstance(entry, str) and entry else None

    def name(self, decl: GameDecl) -> str:
        """The game's name (``game.<id>.name``)."""
        return self._text(f"game.{decl.id}.name") or decl.name

    def summary(self, decl: GameDecl) -> str:
        """The game's one-line summary (``game.<id>.summary``)."""
        return self._text(f"game.{decl.id}.summary") or ""

    def known(self, decl: GameDecl, opt: Option | str) -> bool:
        """Whether the catalog has words for this option (else the page shows it as the engine declares it)."""
        name = opt if isinstance(opt, str) else opt.name
        return self._text(f"option.{decl.id}.{name}") is not None

    def label(self, decl: GameDecl, opt: Option | str) -> str:
        """The option's name for players (``option.<game>.<name>``), else its identifier."""
        name = opt if isinstance(opt, str) else opt.name
        return self._text(f"option.{decl.id}.{name}") or name

    def help(self, decl: GameDecl, opt: Option) -> str:
        """What the option changes (``option.<game>.<name>.help``)."""
        return self._text(f"option.{decl.id}.{opt.name}.help") or ""

    def choice(self, decl: GameDecl, opt: Option, value: Any) -> str:
        """What one value means (``option.<game>.<name>.choice.<value>``)."""
        return self._text(f"option.{decl.id}.{opt.name}.choice.{choice_key(value)}") or ""

    def value(self, decl: GameDecl, opt: Option, value: Any) -> str:
        """A value as the options table shows it: yes/no, a number, a choice in words; as declared if unknown."""
        if not self.known(decl, opt):
            return value_text(value)
        if value is None:
            return "—"
        if isinstance(value, bool):
            return str(self._text("lobby.yes" if value else "lobby.no"))
        if isinstance(value, str):
            return self.choice(decl, opt, value) or value
        return str(value)

    def choice_item(self, decl: GameDecl, opt: Option, value: Any) -> dict[str, Any]:
        """One line of an option's list of choices: a ``head`` (the value, as ``code`` when the catalog does not
        know the option) and its meaning; a choice whose words say it all has no head."""
        meaning = self.choice(decl, opt, value)
        if not self.known(decl, opt):
            return {"head": value_text(value), "code": True, "text": meaning}
        if value is None or isinstance(value, bool) or not meaning:
            return {"head": self.value(decl, opt, value), "code": False, "text": meaning}
        return {"head": "", "code": False, "text": meaning}


def short_game_words(decl: GameDecl, words: GameTexts) -> str:
    """The short game's options in words ("Points to win: 62, Hand limit: 6"), empty when the game has none."""
    short = short_game(decl.id)
    if short is None:
        return ""
    schema = {o.name: o for o in decl.options}
    return ", ".join(
        f"{words.label(decl, schema[name])}: {words.value(decl, schema[name], value)}"
        for name, value in short["options"].items()
        if name in schema
    )
