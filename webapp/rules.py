"""The rules reference: ``/rules``, ``/rules/<game>``, the explorer endpoint ``POST /api/explore/<game>`` and its
"what would the bot play?" ``POST /api/explore/<game>/advice``.

Everything game-specific comes from the engine: the declaration (players, deck, options), ``DECL.rules()`` (prose,
tables, rulings) and ``DECL.explore()`` (the explorer's verdicts). The page adds no rule of its own, so a game
registered in ``engine/games/`` appears here without any change to this module.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any
from urllib.parse import quote

from flask import Blueprint, abort, current_app, jsonify, render_template, request
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict

from engine.cards import Card, make_deck
from engine.core import Game, GameDecl, IllegalAction, players_refusal
from engine.examples import worked_examples
from engine.messages import is_message, msg, option
from engine.options import Option, OptionError
from engine.positions import ExplorerPosition, Refusal
from engine.prose import Words
from engine.registry import PositionMaker, all_games, get_game
from engine.trumps import TRUMP_SETUPS, explorer_needs
from webapp.event_text import SENTENCE_KEYS, event_text
from webapp.i18n import FALLBACK, LANGUAGES, Renderer, lang_links, page_lang
from webapp.i18n import catalog as texts_catalog
from webapp.lengths import short_game
from webapp.ratelimit import over_limit
from webapp.thinking import Job

bp = Blueprint("rules", __name__)


class BadRequest(ValueError):
    """Input the rules page or the explorer cannot use; the message says why."""


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


def option_from_field(opt: Option, values: list[str]) -> Any:
    """The value of one option from the "rules of this table" form (the last of its fields wins)."""
    text = values[-1].strip()
    if opt.type == "bool":
        return text in ("true", "on", "1")
    if opt.type == "int":
        if text == "" and opt.nullable:
            return None
        try:
            return int(text)
        except ValueError:
            raise OptionError(msg("common.option.whole", option=option(opt.name))) from None
    by_text = {str(c): c for c in opt.choices}
    return by_text.get(text, text)


def given_options(decl: GameDecl, args: MultiDict[str, str]) -> dict[str, Any]:
    """The options asked for: ``?options=<json>`` (a table's link) or the form's ``o.<name>`` fields."""
    raw = args.get("options")
    if raw:
        try:
            given = json.loads(raw)
        except ValueError:
            raise OptionError(msg("common.option.json")) from None
        if not isinstance(given, dict):
            raise OptionError(msg("common.option.json"))
        return given
    return {o.name: option_from_field(o, args.getlist(f"o.{o.name}")) for o in decl.options if f"o.{o.name}" in args}


def player_count(decl: GameDecl, value: Any) -> int:
    """A valid number of players for ``decl`` (the default when ``value`` is missing)."""
    if value in (None, ""):
        return decl.default_players
    try:
        players = int(value)
    except (TypeError, ValueError):
        raise OptionError(players_refusal(decl)) from None
    if not decl.min_players <= players <= decl.max_players or isinstance(value, bool):
        raise OptionError(players_refusal(decl))
    return players


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


def option_rows(decl: GameDecl, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every option with its default, this table's value and the values a player chooses from."""
    rows = []
    for opt in decl.options:
        allowed = list(opt.choices) if opt.type == "choice" else [True, False] if opt.type == "bool" else []
        rows.append(
            {
                "option": opt,
                "value": options.get(opt.name, opt.default),
                "changed": options.get(opt.name, opt.default) != opt.default,
                "choices": [{"value": c} for c in allowed],
            }
        )
    return rows


def choice_key(value: Any) -> str:
    """A value as it appears in catalog keys (``option.<game>.<name>.choice.<value>``): ``true``, ``false``,
    ``null``, else the value itself (``own``, ``15``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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


def value_text(value: Any) -> str:
    """An option value as the form and the tables show it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@bp.app_template_filter("foreign")
def foreign_filter(text: Any, doc: Mapping[str, Any]) -> Markup:
    """``text`` with each word the rules document names as another language's (``doc["foreign"]``: Eidex's German
    "drücken", "Gewinnpunkte") marked with that language, for screen readers and hyphenation."""
    out = str(escape(text))
    for lang, words in (doc.get("foreign") or {}).items():
        for word in words:
            out = re.sub(rf"(?<![\w>]){re.escape(str(escape(word)))}(?!\w)", f'<span lang="{lang}">\\g<0></span>', out)
    return Markup(out)


@bp.app_template_filter("card")
def card_filter(text: str) -> str:
    """``"QS"`` → ``"Q♠"``; several cards separated by spaces; other text unchanged."""
    out = []
    for token in str(text).split():
        try:
            out.append(Card.parse(token).pretty())
        except ValueError:
            out.append(token)
    return " ".join(out)


# ---- "How to play" and the pictures of cards (docs/rules-page.md) -------------------------------------------------
def trump_needs(decl: GameDecl) -> dict[str, list[dict[str, object]]]:
    """For a game with the shared trump set-ups (an option ``trumps``): what each set-up asks the explorer for, by
    player count (``engine.trumps.explorer_needs``), so the page's script holds no rule of its own."""
    setups = next((o.choices for o in decl.options if o.name == "trumps"), ())
    return {
        str(s): [explorer_needs(str(s), n) for n in range(decl.max_players + 1)] for s in setups if s in TRUMP_SETUPS
    }


def explorer_link(position: Mapping[str, Any]) -> str:
    """The page fragment that opens the explorer on a position: ``#explore=<json>`` (players, options, context,
    plays; ``static/js/rules-explorer.js`` reads it)."""
    keys = ("players", "options", "context", "plays")
    data = {k: position[k] for k in keys if position.get(k) not in (None, {})}
    return "#explore=" + quote(json.dumps(data, separators=(",", ":"), ensure_ascii=False), safe="")


class Pictures:
    """Cards for the page's card module (``static/js/rules-cards.js``): the code it draws, the text it reads."""

    def __init__(self, decl: GameDecl, lang: str):
        self.words = Renderer(lang, game=decl.id)
        self.style = "eidex" if decl.id == "eidex" else "french"

    def card(self, code: str, label: str = "", seat: int | None = None, takes: bool = False) -> dict[str, Any]:
        return {
            "code": code,
            "text": self.words.value({"card": code}),
            "label": label,
            "seat": None if seat is None else self.player(seat),
            "takes": takes,
        }

    def player(self, seat: int) -> str:
        return self.words.text("seat.anonymous", n=seat + 1)

    def group(self, group: Mapping[str, Any]) -> dict[str, Any]:
        """A guide's card group: a row (cards with optional labels) or plays (who laid what, who takes)."""
        winner = group.get("winner")
        cards = []
        if group.get("start"):
            cards.append(self.card(group["start"], label=self.words.text("rules.guide.start")))
        labels = list(group.get("labels", []))
        for i, code in enumerate(group.get("cards", [])):
            cards.append(self.card(code, label=str(labels[i]) if i < len(labels) else ""))
        plays = group.get("plays", [])
        last = {seat: i for i, (seat, _) in enumerate(plays)}
        for i, (seat, code) in enumerate(plays):
            cards.append(self.card(code, seat=seat, takes=seat == winner and last[seat] == i))
        return {
            "kind": "plays" if plays else "row",
            "cards": cards,
            "caption": str(group.get("caption") or ""),
            "takes": None if winner is None else self.words.text("rules.guide.takes", player=self.player(winner)),
            "link": explorer_link(group) if plays else None,
        }


def table_pictures(decl: GameDecl, doc: Mapping[str, Any], lang: str) -> None:
    """Give every rules table whose rows are tricks (``positions``, one explorer position per row) the cards of each
    row drawn, who took it, and its "try it in the explorer" link, and every table whose rows are kinds of hands
    (``samples``, one hand per row) each row's hand drawn (``pictures``, parallel to the rows)."""
    pictures = Pictures(decl, lang)
    for section in doc.get("sections", []):
        for table in section.get("tables", []):
            if table.get("positions"):
                table["pictures"] = [pictures.group(position) for position in table["positions"]]
            elif table.get("samples"):
                table["pictures"] = [pictures.group({"cards": sample}) for sample in table["samples"]]


def guide_view(decl: GameDecl, lang: str) -> dict[str, Any]:
    """The game's "How to play" (``DECL.guide``) in ``lang``, its card groups ready to draw. Its words are the rules
    catalog's by the guide's section ids: ``rules.<game>.guide.sections.<id>`` (``title``, ``text.<n>``,
    ``cards.<n>.caption``) and ``rules.<game>.guide.glossary.<n>`` (``term``, ``text``)."""
    pictures = Pictures(decl, lang)
    guide = decl.guide or {}
    words = rules_words(lang)
    own = f"rules.{decl.id}.guide"
    sections = []
    for s in guide.get("sections", []):
        said = words.tree(f"{own}.sections.{s['id']}")
        captions = [c["caption"] for c in said.get("cards", [])]
        groups = [{**g, "caption": caption} for g, caption in zip(s.get("cards", []), captions, strict=True)]
        sections.append(
            {
                "id": s["id"],
                "title": said["title"],
                "text": list(said.get("text", [])),
                "groups": [pictures.group(g) for g in groups],
            }
        )
    return {
        "sections": sections,
        "glossary": list(words.tree(f"{own}.glossary")) if guide else [],
        "sources": set(guide.get("sources", [])),
    }


def action_view(decl: GameDecl, action: str, pictures: Pictures) -> dict[str, Any]:
    """A worked example's move: its words from the catalog (``action.<verb>``) and its cards to draw."""
    verb, *args = action.split()
    cards, words = [], []
    for token in args:
        try:
            cards.append(pictures.card(str(Card.parse(token))))
            continue
        except ValueError:
            pass
        words.append(arg_text(verb, token, pictures))
    template = pictures.words.texts.get(f"action.{verb}")
    if not isinstance(template, str):
        return {"text": " ".join([verb, *words]), "cards": cards}
    text = template.replace("{args}", " ".join(words)).strip() if words or not cards else template.split("{args}")[0]
    return {"text": text.strip().rstrip(":"), "cards": cards}


SUIT_LETTERS = frozenset("CDHS")


def arg_text(verb: str, token: str, pictures: Pictures) -> str:
    """A move's word that is not a card, as the table's buttons say it (``static/js/actions.js``): a suit by its
    symbol, else the game's own word (``<game>.<verb>.<word>``) or the common one (``arg.<word>``), else as it is."""
    if token in SUIT_LETTERS:
        return pictures.words.value({"suit": token})
    texts = pictures.words.texts
    own = texts.get(f"{pictures.words.game}.{verb}.{token}", texts.get(f"arg.{token.lower()}"))
    return own if isinstance(own, str) else token


def examples_view(decl: GameDecl, lang: str) -> list[dict[str, Any]]:
    """The worked examples with their cards drawn, each move's seat named, and a "try it in the explorer" link
    after the move that completes each of the guide's positions (``guide["explore"]``)."""
    pictures = Pictures(decl, lang)
    shown = Renderer(lang, game=decl.id).render_within(worked_examples(decl))
    positions = (decl.guide or {}).get("explore", {})
    out = []
    for index, example in enumerate(shown):
        steps = []
        for step in example["steps"]:
            move = action_view(decl, step["action"], pictures)
            could = [could_text(a, pictures) for a in step["could"]]
            lines = [sentence(e) for e in step["events"] if said(e)]
            lines = [line for line in lines if line not in str(step["status"])]
            steps.append(
                {
                    **step,
                    "player": pictures.player(step["seat"]),
                    "move": move,
                    "links": [],
                    "could": could,
                    "lines": lines,
                }
            )
        for position in positions.get(index, []):
            seat, card = position["plays"][-1]
            for step in steps:
                if step["seat"] == seat and card in step["action"].split() and not step["tried"]:
                    step["links"].append(explorer_link(position))
                    break
        hands = [
            {"player": pictures.player(i), "cards": [pictures.card(c) for c in hand.split()]}
            for i, hand in enumerate(example["hands"])
        ]
        raw = decl.examples[index]
        table = pictures.card(raw["table"]) if raw.get("table") else None
        out.append({**example, "hands": hands, "steps": steps, "table": table})
    return out


def could_text(action: str, pictures: Pictures) -> str:
    """A move the player could have made, in words: the cards alone for a play, else the catalog's action with its
    words as for the move itself (``arg_text``)."""
    verb, *args = action.split()
    try:
        cards = [pictures.words.value({"card": str(Card.parse(a))}) for a in args]
    except ValueError:
        cards = []
    if verb == "play" and cards:
        return " ".join(cards)
    if not cards:
        args = [arg_text(verb, a, pictures) for a in args]
    template = pictures.words.texts.get(f"action.{verb}")
    return template.replace("{args}", " ".join(cards or args)).strip() if isinstance(template, str) else action


def sentence(event: Mapping[str, Any]) -> str:
    """An example's event in the words of its own sentence (``event_text`` without the event's name)."""
    text = event_text(event)
    name = f"{event.get('event', '?')} — "
    return text[len(name) :] if text.startswith(name) else text


def said(event: Mapping[str, Any]) -> bool:
    """Whether an example's event has a sentence for players (its ``msg``, ``text`` or ``verdict``); the others are
    the engine's bookkeeping, which the move's status line already puts in words."""
    return any(isinstance(event.get(k), str) and event[k] for k in SENTENCE_KEYS)


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


def page_context(lang: str) -> dict[str, Any]:
    """What every rules page needs: the language, its links and the message lookup."""
    return {
        "lang": lang,
        "lang_links": lang_links(),
        "languages": LANGUAGES,
        "t": Messages(lang),
        "words": GameTexts(lang),
        "value_text": value_text,
        "event_text": event_text,
        "said": said,
    }


@bp.get("/rules")
def index() -> str:
    """The index of every registered game, each with its goal in the page's language (else its summary)."""
    lang = page_lang()
    games = [
        {
            "decl": decl,
            "goal": rules_document(decl, decl.validate_options({}), lang).get("goal") or GameTexts(lang).summary(decl),
        }
        for decl in all_games()
    ]
    return render_template("rules_index.html", games=games, **page_context(lang))


@bp.get("/rules/<game>")
def game_page(game: str) -> tuple[str, int]:
    """One game's rules, as a table with ``?options=<json>`` (or the form's fields) plays them."""
    try:
        decl = get_game(game)
    except KeyError:
        abort(404)
    lang = page_lang()
    error = None
    try:
        players = player_count(decl, request.args.get("players"))
        options = decl.validate_options(given_options(decl, request.args), players)
    except OptionError as exc:
        error = Renderer(lang, game=decl.id).render(exc.reason)
        players = decl.default_players
        options = decl.validate_options({}, players)
    words = GameTexts(lang)
    doc = rules_document(decl, options, lang)
    table_pictures(decl, doc, lang)
    guide = guide_view(decl, lang)
    shown = doc.get("sections", [])
    context = {
        "decl": decl,
        "doc": doc,
        "guide": guide,
        "sections": [s for s in shown if s.get("id") not in guide["sources"]],
        "source_sections": [s for s in shown if s.get("id") in guide["sources"]],
        "rulings": rulings_view(shown, lang),
        "section_marks": section_marks,
        "players": players,
        "options": options,
        "option_rows": option_rows(decl, options),
        "short_game": short_game(decl.id),
        "short_game_words": short_game_words(decl, words),
        "custom": any(options[o.name] != o.default for o in decl.options) or players != decl.default_players,
        "error": error,
        "cell": cell,
        "examples": examples_view(decl, lang),
        "js_messages": Messages(lang).for_script(),
        "explorer": {
            "game": decl.id,
            "players": players,
            "options": options,
            "schema": [o.to_json() for o in decl.options],
            "minPlayers": decl.min_players,
            "maxPlayers": decl.max_players,
            "deckSize": decl.deck_size,
            "context": list(decl.explore_context),
            "trumpNeeds": trump_needs(decl),
            "advice": position_maker(decl) is not None,
            "labels": {o.name: words.label(decl, o) for o in decl.options if words.known(decl, o)},
            "choices": {
                o.name: {choice_key(c): words.value(decl, o, c) for c in o.choices}
                for o in decl.options
                if words.known(decl, o) and o.type == "choice"
            },
        },
    }
    return render_template("rules_game.html", **context, **page_context(lang)), 400 if error else 200


def parse_plays(value: Any, players: int, deck_size: int) -> list[list[Any]]:
    """``[[seat, "QS"], ...]`` checked and normalised: seats in range, real cards of this deck, none twice."""
    if not isinstance(value, list):
        raise BadRequest("plays must be a list of [seat, card] pairs")
    deck = set(make_deck(deck_size))
    seen: set[Card] = set()
    out = []
    for index, play in enumerate(value):
        if not (isinstance(play, list) and len(play) == 2 and isinstance(play[1], str)):
            raise BadRequest(f"play {index + 1} must be a [seat, card] pair, not {play!r}")
        seat, text = play
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise BadRequest(f"play {index + 1}: there is no seat {seat!r} at a table of {players}")
        card = Card.parse(text)
        if card not in deck:
            raise BadRequest(f"play {index + 1}: {card} is not in the {deck_size}-card deck")
        if card in seen:
            raise BadRequest(f"play {index + 1}: {card} has already been laid")
        seen.add(card)
        out.append([seat, str(card)])
    return out


def explorer_position(
    decl: GameDecl, body: dict[str, Any]
) -> tuple[dict[str, Any], int, list[list[Any]], dict[str, Any]]:
    """The position an explorer request names, validated, in the order ``DECL.explore`` takes it: options (defaults
    filled in), players, plays, context."""
    players = player_count(decl, body.get("players"))
    options = {} if body.get("options") is None else body["options"]
    if not isinstance(options, dict):
        raise BadRequest("options must be a JSON object of option names and values")
    options = decl.validate_options(options, players)
    plays = parse_plays(body.get("plays", []), players, decl.deck_size)
    context = {} if body.get("context") is None else body["context"]
    if not isinstance(context, dict):
        raise BadRequest("context must be a JSON object")
    check_context(decl, context)
    return options, players, plays, context


def _texts(value: Any, most: int) -> bool:
    """A list of at most ``most`` short texts (suit letters, cards)."""
    return isinstance(value, list) and len(value) <= most and all(isinstance(v, str) and len(v) <= 8 for v in value)


def _hands(value: Any) -> bool:
    return isinstance(value, dict) and len(value) <= MAX_SEATS and all(_texts(v, 36) for v in value.values())


def _seat_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < MAX_SEATS


def _card_text(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 4


CONTEXT_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "trumps": (lambda value: _texts(value, MAX_SEATS), 'a list of suit letters per seat, like ["D", "H"]'),
    "hands": (_hands, 'an object of seat numbers and their cards, like {"0": ["QS"]}'),
    "leader": (_seat_number, "a seat number"),
    "shown": (_card_text, 'a card, like "AS"'),
}
"""The explorer's context fields every game may read besides its own (``GameDecl.explore_context``, each a text
among its choices), and the shape each must have."""

MAX_SEATS = 8


def check_context(decl: GameDecl, context: dict[str, Any]) -> None:
    """Refuse (``BadRequest``) a context field of the wrong shape before the engine reads it: the game's own fields
    must be one of their choices, the shared ones of :data:`CONTEXT_FIELDS` their shape (a context of
    ``{"trumps": 3}`` answered 500); a field no game reads is left to the game."""
    own = {str(f["key"]): [str(c) for c in f["choices"]] for f in decl.explore_context}
    for key, value in context.items():
        if value is None:
            continue
        if key in own:
            if not isinstance(value, str) or value not in own[key]:
                raise BadRequest(f"context {key} must be one of {', '.join(repr(c) for c in own[key])}")
        elif key in CONTEXT_FIELDS:
            fits, shape = CONTEXT_FIELDS[key]
            if not fits(value):
                raise BadRequest(f"context {key} must be {shape}")


def explore_request(decl: GameDecl, body: Any) -> dict[str, Any]:
    """Validate the explorer's request body and ask the engine."""
    if not isinstance(body, dict):
        raise BadRequest('send a JSON object: {"players", "options", "plays", "context"}')
    if decl.explore is None:
        raise BadRequest(f"{decl.name} has no explorer yet")
    return decl.explore(*explorer_position(decl, body))


@bp.post("/api/explore/<game>")
def explore(game: str) -> Any:
    """The explorer: which cards are legal, which beat, who takes, and why — answered by ``DECL.explore``.

    Bad input (unknown game, bad options, bad cards) is refused with 400 and ``{"error": reason}``."""
    try:
        decl = get_game(game)
    except KeyError as exc:
        return jsonify({"error": str(exc.args[0])}), 400
    words = Renderer(page_lang(), game=decl.id)
    try:
        return jsonify(words.render_within(explore_request(decl, request.get_json(silent=True))))
    except (IllegalAction, OptionError, Refusal) as exc:
        return jsonify({"error": words.render(exc.reason)}), 400
    except ValueError as exc:  # BadRequest and Card.parse's errors: each names what is wrong
        return jsonify({"error": str(exc)}), 400


ADVICE_PER_MINUTE = 20
"""Questions to the bot one client address may ask in any minute (each is a Hard bot's search in the pool), as
many as a table's hints."""


def position_maker(decl: GameDecl) -> PositionMaker | None:
    """The game's ``explore_position`` (its rules page declares it); ``None`` where the game has none."""
    return decl.explore_position


def hard_advice(game: Game, seat: int, seed: str) -> Any:
    """The Hard bot's move for ``seat`` in ``game`` and its reason (``{"action", "reason"}``, as a table's hint),
    worked out in the bots' pool from that seat's view only (a copy) and its legal moves, the search seeded by
    ``seed`` (the same question, the same answer)."""
    job = Job("hint", game.decl.id, None, copy.deepcopy(game.view(seat)), game.legal_actions(seat), seed)
    return current_app.extensions["hall"].thinker.run(job, (request.remote_addr or "", "advice"))


def advice_request(decl: GameDecl, body: Any) -> tuple[Any, int, str]:
    """Validate the "what would the bot play?" request (the explorer's body with ``hand``, the cards the seat to
    play holds, and ``leader``, who leads when nothing is laid) and build the position: the game, the seat to play
    and the seed its search is given (the same question always gets the same answer)."""
    make = position_maker(decl)
    if make is None:
        raise BadRequest(f"the explorer of {decl.name} cannot ask the bot yet")
    if not isinstance(body, dict):
        raise BadRequest('send a JSON object: {"players", "options", "plays", "context", "hand", "leader"}')
    hand = body.get("hand")
    if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
        raise BadRequest('hand must be a list of cards, like ["QS", "10H"]')
    leader = body.get("leader", 0)
    if isinstance(leader, bool) or not isinstance(leader, int):
        raise BadRequest("leader must be a seat number")
    options, players, plays, context = explorer_position(decl, body)
    held = sorted(text.strip().upper() for text in hand)
    question = json.dumps([decl.id, players, options, plays, context, held, leader], sort_keys=True, default=str)
    position = ExplorerPosition(options, players, plays, {**context, "leader": leader % players}, held)
    game, seat = make(position, random.Random(question))
    return game, seat, f"explore:{question}"


@bp.post("/api/explore/<game>/advice")
def advice(game: str) -> Any:
    """What the Hard bot would play in the explorer's position with the reader's hand: ``{"seat", "action",
    "move": {"text", "cards"}, "reason"}``, the reason in the table's hint words. The bot is handed only the seat's
    view of the position; it thinks in the bots' worker pool (as a table's hint), so the server goes on meanwhile.

    A bad request or a hand the position cannot hold is refused with 400 and ``{"error": reason}``."""
    try:
        decl = get_game(game)
    except KeyError as exc:
        return jsonify({"error": str(exc.args[0])}), 400
    lang = page_lang()
    words = Renderer(lang, game=decl.id)
    try:
        position, seat, seed = advice_request(decl, request.get_json(silent=True))
    except (IllegalAction, OptionError, Refusal) as exc:
        return jsonify({"error": words.render(exc.reason)}), 400
    except ValueError as exc:  # BadRequest and Card.parse's errors: each names what is wrong
        return jsonify({"error": str(exc)}), 400
    refused = over_limit("explore_advice", ADVICE_PER_MINUTE, "server.hint.too_many")
    if refused is not None:
        return jsonify({"error": words.render(refused)}), 429
    try:
        answer = hard_advice(position, seat, seed)
    except Exception:
        current_app.logger.exception("the bot's advice failed in the %s explorer", decl.id)
        return jsonify({"error": words.render(msg("server.hint.failed"))}), 500
    return jsonify(
        {
            "seat": seat,
            "action": answer["action"],
            "move": action_view(decl, answer["action"], Pictures(decl, lang)),
            "reason": words.render(answer["reason"]),
        }
    )
