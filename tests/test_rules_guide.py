"""The rules pages' "How to play" (each game's ``guide.py``): complete in both languages, every trick it draws
played by the game's own explorer, every worked example's explorer link giving the example's verdict, and no
jargon a player would not use outside "Rulings and sources"."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

import pytest
from markupsafe import escape

from engine.examples import walk
from engine.registry import all_games, get_game
from tests.test_rules_page import make_app
from webapp.rules.pictures import guide_view

GAMES = [decl.id for decl in all_games()]
LANGS = ("en", "ru")


def explore(game: str, group: dict[str, Any]) -> dict[str, Any]:
    """The game's explorer on a guide's card group or an example's position."""
    decl = get_game(game)
    players = group.get("players", decl.default_players)
    options = decl.validate_options(group.get("options", {}), players)
    context = dict(group.get("context", {}))
    return decl.explore(options, players, group["plays"], context)


# ---- the guide's data ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_guide_in_both_languages(game: str) -> None:
    ids = [s["id"] for s in get_game(game).guide["sections"]]
    assert ids[0] == "aim" and len(ids) >= 4, ids
    shown = {lang: guide_view(get_game(game), lang) for lang in LANGS}
    for lang, guide in shown.items():
        assert [s["id"] for s in guide["sections"]] == ids
        texts = [s["title"] for s in guide["sections"]] + [p for s in guide["sections"] for p in s["text"]]
        texts += [g["caption"] for s in guide["sections"] for g in s["groups"]]
        texts += [g[k] for g in guide["glossary"] for k in ("term", "text")]
        assert all(text.strip() for text in texts), lang
        assert all(s["text"] for s in guide["sections"]), lang
        assert len(guide["glossary"]) >= 5
        for text in texts:
            assert bool(re.search(r"[а-яё]", text, re.I)) == (lang == "ru"), (lang, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_trick_the_guide_draws_is_what_the_engine_says(game: str) -> None:
    groups = [g for s in get_game(game).guide["sections"] for g in s.get("cards", []) if "plays" in g]
    assert groups, f"{game}'s guide shows no play"
    for group in groups:
        answer = explore(game, group)
        assert all(step["legal"] for step in answer["steps"]), (group["plays"], answer["steps"])
        assert answer.get("winner") == group.get("winner"), group["plays"]


def played_cards(example: dict[str, Any]) -> list[list[Any]]:
    """The example's cards in the order they are laid (a move of several cards card by card; refused moves out)."""
    out = []
    for seat, action, *tried in example["actions"]:
        verb, *cards = action.split()
        if verb == "play" and not tried:
            out += [[seat, c] for c in cards]
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_has_explorer_positions_with_its_verdict(game: str) -> None:
    """Each position is a run of the example's own plays; the explorer allows every card and names the taker
    the example's trick names."""
    decl = get_game(game)
    positions = decl.guide["explore"]
    assert sorted(positions) == list(range(len(decl.examples)))
    for index, example in enumerate(decl.examples):
        laid = played_cards(example)
        steps = walk(decl, example)
        for position in positions[index]:
            plays = position["plays"]
            runs = [laid[i : i + len(plays)] for i in range(len(laid) - len(plays) + 1)]
            assert plays in runs, (game, plays)
            assert position.get("options", {}) == dict(example.get("options", {}))
            assert position["players"] == example["players"]
            answer = explore(game, position)
            assert all(step["legal"] for step in answer["steps"]), answer["steps"]
            seat, card = plays[-1]
            step = next(s for s in steps if s["seat"] == seat and card in s["action"].split() and not s["tried"])
            winners = [e["winner"] for e in step["events"] if e.get("winner") is not None]
            if winners:
                assert answer["winner"] == winners[-1], (game, plays)


# ---- the page ------------------------------------------------------------------------------------------------
class Parts(HTMLParser):
    """The text of a page by part: everything before "Rulings and sources" and that part itself; also the cards
    drawn (``data-card``) in "How to play" and the explorer links (``data-explore``)."""

    def __init__(self, html: str):
        super().__init__()
        self.reader: list[str] = []
        self.sources: list[str] = []
        self.howto_cards: list[str] = []
        self.links: list[str] = []
        self.example_cards = 0
        self._sink = self.reader
        self._stack: list[str] = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("script", "style"):
            self._skip += 1
        if a.get("id") == "page-sources":
            self._sink = self.sources
        if a.get("id") in ("page-howto", "page-examples"):
            self._stack.append(a["id"] or "")
        if a.get("data-card") and "page-howto" in self._stack and self._sink is self.reader:
            self.howto_cards.append(a["data-card"] or "")
        if a.get("data-card") and "page-examples" in self._stack:
            self.example_cards += 1
        if "data-explore" in a:
            self.links.append(a.get("href") or "")
        for name in ("title", "aria-label", "alt"):
            if a.get(name):
                self._sink.append(a[name] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "section" and self._stack and self._sink is self.reader:
            pass

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self._sink.append(data)


def jargon(decl: Any, lang: str) -> re.Pattern[str]:
    """Words a player would not use: the seed, P1-P4, R1/R2, method letters, and the game's raw option ids (an id
    that is also an English word, like ``limit``, only where it names the option: quoted, after "option", or
    anywhere in Russian)."""
    ids = [re.escape(o.name) for o in decl.options if "_" in o.name or lang != "en"]
    words = [r"seeds?", r"P[1-6]", r"R[12]", r"SR", r"OL", *ids]
    named = "|".join(re.escape(o.name) for o in decl.options)
    return re.compile(rf"(?<![\w-])({'|'.join(words)})(?![\w-])|'({named})'|option ({named})\b")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_no_jargon_before_rulings_and_sources(game: str, lang: str) -> None:
    decl = get_game(game)
    html = make_app().test_client().get(f"/rules/{game}?lang={lang}").get_data(as_text=True)
    parts = Parts(html)
    reader = " ".join(" ".join(parts.reader).split())
    words = jargon(decl, lang)
    found = sorted({m.group(0) for m in words.finditer(reader)})
    assert found == [], [reader[max(0, m.start() - 80) : m.end() + 40] for m in words.finditer(reader)]
    assert parts.sources, "the page has a Rulings and sources part"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_comes_first_with_cards_drawn(game: str, lang: str) -> None:
    html = make_app().test_client().get(f"/rules/{game}?lang={lang}").get_data(as_text=True)
    order = [html.index(f'id="{part}"') for part in ("page-howto", "page-full", "page-options", "page-sources")]
    assert order == sorted(order)
    howto = html[html.index('id="page-howto"') : html.index('id="page-full"')]
    groups = [g for s in get_game(game).guide["sections"] for g in s.get("cards", [])]
    drawn = [c for g in groups for c in ([g["start"]] if g.get("start") else []) + g.get("cards", [])]
    drawn += [c for g in groups for _, c in g.get("plays", [])]
    assert sorted(re.findall(r'class="card-pic[^"]*" data-card="(\w+)"', howto)) == sorted(drawn)
    glossary = html[html.index('id="page-glossary"') :]
    words = re.sub(r"<[^>]+>", "", glossary)  # a term's German word is marked as such (lang="de")
    for entry in guide_view(get_game(game), lang)["glossary"]:
        assert str(escape(entry["term"])) in words


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_draws_its_cards_and_links_to_the_explorer(game: str) -> None:
    """The example's cards are drawn (hands and moves), and each explorer link carries a position the engine
    answers as the example does."""
    decl = get_game(game)
    html = make_app().test_client().get(f"/rules/{game}?lang=en").get_data(as_text=True)
    parts = Parts(html)
    hands = sum(len(h.split()) for ex in decl.examples for h in ex["hands"])
    assert parts.example_cards >= hands
    positions = [p for index in sorted(decl.guide["explore"]) for p in decl.guide["explore"][index]]
    links = [link for link in parts.links if link.startswith("#explore=")]
    shown = [json.loads(unquote(link.split("=", 1)[1])) for link in links]
    for position in positions:
        assert any(s["plays"] == position["plays"] for s in shown), position["plays"]
    for s in shown:
        answer = explore(game, s)
        assert all(step["legal"] for step in answer["steps"])
