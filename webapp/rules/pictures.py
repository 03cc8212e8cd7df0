"""The rules page's "How to play" and the pictures of cards (docs/rules-page.md): the guide's card groups, the
tables' tricks and hands drawn, the worked examples' moves, each with its "try it in the explorer" link."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from engine.cards import Card
from engine.core import GameDecl
from engine.examples import worked_examples
from webapp.event_text import SENTENCE_KEYS, event_text
from webapp.i18n import Renderer
from webapp.rules.document import rules_words


def card_filter(text: str) -> str:
    """``"QS"`` → ``"Q♠"``; several cards separated by spaces; other text unchanged."""
    out = []
    for token in str(text).split():
        try:
            out.append(Card.parse(token).pretty())
        except ValueError:
            out.append(token)
    return " ".join(out)


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
