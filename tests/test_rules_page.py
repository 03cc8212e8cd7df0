"""The rules pages: generic rendering (a toy game the tests declare), options, languages, and every real game's
page read back cell by cell against the engine's own rules data."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from engine.cards import Card
from engine.core import Game, GameDecl
from engine.examples import scenario, walk
from engine.games.blot.combos import find_combinations
from engine.games.eidex.doc import VP_EXAMPLES
from engine.games.eidex.tables import VP_CASES, award_vp
from engine.options import Option
from engine.prose import Words
from engine.registry import all_games, game_ids, get_game
from engine.scenario import run_scenario
from webapp.assets import Assets
from webapp.i18n import Renderer
from webapp.i18n import catalog as texts_catalog
from webapp.rules import document, pictures, routes
from webapp.rules.words import GameTexts

ROOT = Path(__file__).resolve().parents[1]


def make_app() -> Flask:
    """A minimal app: only the rules blueprint, the templates and the static folder (versioned, as the app's)."""
    app = Flask("rules_test", template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.register_blueprint(routes.bp)
    Assets(ROOT / "static").install(app)
    return app


# ---- a toy game, so the page's generic rendering is tested whatever the real games do ----------------------
TOY_RANKS = ("6", "7", "8")
TOY_BEATS = {"6": ("7",), "7": ("8",), "8": ()}
TOY_LEAD_ONLY = {"6": (), "7": ("6",), "8": ("7",)}


TOY_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rules.toy.compulsory": "Beating is compulsory.",
        "rules.toy.optional": "Beating is optional.",
        "rules.toy.goal": "Take the last trick.",
        "rules.toy.beating": "Beating",
    },
    "ru": {
        "rules.toy.compulsory": "Бить обязательно.",
        "rules.toy.optional": "Бить не обязательно.",
        "rules.toy.goal": "Взять последнюю взятку.",
        "rules.toy.beating": "Бой",
    },
}
"""The toy's entries in the rules catalogs, as a game's would be in ``static/i18n/rules/<lang>.json``."""


def toy_words(lang: str) -> Words:
    """The rules catalog of ``lang`` with the toy's entries."""
    return Words({**texts_catalog(lang), **TOY_WORDS[lang]})


def toy_rules(options: Mapping[str, Any], words: Words) -> dict[str, Any]:
    rows = []
    for rank in TOY_RANKS:
        beats = ", ".join(TOY_BEATS[rank]) or "—"
        lead_only = ", ".join(TOY_LEAD_ONLY[rank])
        rows.append(
            [
                rank,
                {"text": beats, "mark": "yes" if TOY_BEATS[rank] else "no"},
                {"text": lead_only, "mark": "lead-only"} if lead_only else "—",
            ]
        )
    return {
        "goal": words("rules.toy.goal"),
        "players": "2-4",
        "deck": "36 cards",
        "sections": [
            {
                "id": "beating",
                "title": words("rules.toy.beating"),
                "text": [words("rules.toy.compulsory" if options["must_beat"] else "rules.toy.optional")],
                "tables": [
                    {
                        "id": "beat-table",
                        "caption": "What beats what",
                        "columns": ["", "Beats", "Lead only"],
                        "rows": rows,
                        "row_headers": True,
                        "notes": ["Eights are strong."],
                    },
                ],
                "rulings": [
                    {"seed": "the card led must be killed", "ours": "beating is optional", "option": "must_beat"}
                ],
            }
        ],
    }


def toy_explore(options: dict[str, Any], players: int, plays: list, context: dict) -> dict[str, Any]:
    steps = [
        {"seat": s, "card": c, "legal": True, "reason": "any card", "beats": None, "verdict": "laid"} for s, c in plays
    ]
    return {
        "steps": steps,
        "winner": None,
        "summary": json.dumps(context),
        "next": {"seat": len(plays) % players, "legal": []},
    }


TOY = GameDecl(
    id="toy",
    name="Toy",
    min_players=2,
    max_players=4,
    options=(
        Option("must_beat", "bool", False),
        Option("trumps", "choice", "own", choices=("own", "none")),
        Option("limit", "int", None, minimum=1, maximum=9, nullable=True),
    ),
    state=Game,
    rules=toy_rules,
    explore=toy_explore,
)


def toy_client(monkeypatch: pytest.MonkeyPatch) -> FlaskClient:
    """A test client of the minimal app whose registry also holds the toy game."""
    monkeypatch.setattr(routes, "get_game", lambda g: TOY if g == "toy" else get_game(g))
    monkeypatch.setattr(routes, "all_games", lambda: [*all_games(), TOY])
    monkeypatch.setattr(document, "rules_words", toy_words)
    monkeypatch.setattr(pictures, "rules_words", toy_words)
    return make_app().test_client()


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> FlaskClient:
    return toy_client(monkeypatch)


# ---- reading the HTML back --------------------------------------------------------------------------------
class Page(HTMLParser):
    """Collects the tables (caption, header cells, rows of (tag, text, mark)) and the <details> of a page."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: dict[str, dict[str, Any]] = {}
        self.details: list[str] = []
        self._table: dict[str, Any] | None = None
        self._cell: dict[str, Any] | None = None
        self._caption: list[str] | None = None
        self._hidden = 0
        self._details: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if self._hidden or "mark-sym" in classes or "visually-hidden" in classes:
            self._hidden += 1
            return
        if tag == "table":
            self._table = {"id": a.get("data-table"), "caption": None, "head": [], "rows": [], "scopes": []}
        elif tag == "caption":
            self._caption = []
        elif tag == "tr" and self._table is not None:
            self._table["rows"].append([])
        elif tag in ("td", "th") and self._table is not None:
            self._cell = {"tag": tag, "text": [], "mark": a.get("data-mark"), "scope": a.get("scope")}
        elif tag == "details":
            self._details = []

    def handle_endtag(self, tag: str) -> None:
        if self._hidden:
            self._hidden -= 1
            return
        if tag == "caption" and self._caption is not None:
            self._table["caption"] = " ".join("".join(self._caption).split())
            self._caption = None
        elif tag in ("td", "th") and self._cell is not None:
            text = " ".join("".join(self._cell["text"]).split())
            self._table["rows"][-1].append((self._cell["tag"], text, self._cell["mark"], self._cell["scope"]))
            self._cell = None
        elif tag == "table" and self._table is not None:
            self._table["head"] = self._table["rows"].pop(0)
            self.tables[self._table["id"]] = self._table
            self._table = None
        elif tag == "details" and self._details is not None:
            self.details.append(" ".join("".join(self._details).split()))
            self._details = None

    def handle_data(self, data: str) -> None:
        if self._hidden:
            return
        for sink in (self._caption, self._cell and self._cell["text"], self._details):
            if sink is not None and sink is not False:
                sink.append(data)


def cell_of(value: Any) -> tuple[str, str | None]:
    """What a rules() cell must look like on the page: its text and mark."""
    if isinstance(value, dict):
        return " ".join(str(value["text"]).split()), value.get("mark")
    return " ".join(str(value).split()), None


def assert_tables_match(page: Page, doc: dict[str, Any]) -> int:
    """Every table of ``doc`` is on the page, cell by cell; returns how many cells were compared."""
    compared = 0
    for section in doc["sections"]:
        for table in section.get("tables", []):
            shown = page.tables[table["id"]]
            # A table whose rows are tricks has one more column, the trick drawn (the page's, not the engine's).
            drawn = 1 if table.get("positions") or table.get("samples") else 0
            head = shown["head"][: len(shown["head"]) - drawn]
            assert shown["caption"] == " ".join(table["caption"].split())
            assert [c[1] for c in head] == [" ".join(c.split()) for c in table["columns"]]
            assert all(c[0] == "th" and c[3] == "col" for c in shown["head"])
            assert len(shown["rows"]) == len(table["rows"]), table["id"]
            for row, want in zip(shown["rows"], table["rows"], strict=True):
                cells = row[: len(row) - drawn]
                assert [(c[1], c[2]) for c in cells] == [cell_of(v) for v in want], table["id"]
                if table.get("row_headers", True) and row[0][1]:  # an empty first cell heads no row
                    assert row[0][0] == "th" and row[0][3] == "row"
                compared += len(row)
    return compared


# ---- the generic page --------------------------------------------------------------------------------------
def test_index_lists_every_registered_game(client) -> None:
    html = client.get("/rules").get_data(as_text=True)
    for decl in [*all_games(), TOY]:
        assert f'href="/rules/{decl.id}?lang=en"' in html
        assert decl.name in html
    assert "Take the last trick." in html
    assert "Взять последнюю взятку." in client.get("/rules?lang=ru").get_data(as_text=True)


def test_toy_tables_render_cell_by_cell(client) -> None:
    response = client.get("/rules/toy")
    assert response.status_code == 200
    page = Page(response.get_data(as_text=True))
    assert assert_tables_match(page, toy_rules(TOY.validate_options({}), toy_words("en"))) == 9
    assert page.tables["beat-table"]["rows"][1][2] == ("td", "6", "lead-only", None)


def test_marks_have_a_legend_and_a_symbol_for_print(client) -> None:
    html = client.get("/rules/toy").get_data(as_text=True)
    assert html.count('<span class="mark-sym" aria-hidden="true">†</span>') == 3
    assert html.count('class="mark-sym"') == 3
    legend = html[html.index('class="legend"') :]
    assert list(re.findall(r'class="mark mark-([\w-]+)"', legend[: legend.index("</ul>")])) == ["lead-only"]
    assert "only against the card led" in legend[: legend.index("</ul>")]
    assert '<span class="visually-hidden"> (yes)</span>' in html


def test_ruling_shows_the_seed_beside_our_reading(client) -> None:
    page = Page(client.get("/rules/toy").get_data(as_text=True))
    (note,) = page.details
    assert "The rule text says the card led must be killed" in note
    assert note.startswith("Our ruling: beating is optional") and note.count("beating is optional") == 1
    assert "must_beat" in note


def test_options_table_lists_default_value_and_choices(client) -> None:
    html = client.get("/rules/toy?options=" + quote('{"trumps": "none"}')).get_data(as_text=True)
    rows = {r[0][1]: [c[1] for c in r[1:]] for r in Page(html).tables["page-options"]["rows"]}
    assert rows["must_beat"][:2] == ["false", "false"]
    assert rows["trumps"][:2] == ["own", "none"]
    assert "<li><code>own</code></li><li><code>none</code></li>" in html  # no catalog words yet: by its values
    assert rows["limit"][:2] == ["—", "—"]
    assert "from 1 to 9" in rows["limit"][2]


def test_table_options_change_the_rules_shown(client) -> None:
    default = client.get("/rules/toy").get_data(as_text=True)
    table = client.get("/rules/toy?options=" + quote('{"must_beat": true}')).get_data(as_text=True)
    assert "Beating is optional." in default and "Beating is compulsory." not in default
    assert "Beating is compulsory." in table
    assert "You are reading the rules as this table plays them:" in table
    assert "<code>must_beat = true</code>" in table


def test_the_form_fields_work_without_javascript(client) -> None:
    checked = client.get("/rules/toy?o.must_beat=false&o.must_beat=true&o.trumps=none&o.limit=&players=3")
    assert checked.status_code == 200
    html = checked.get_data(as_text=True)
    assert "Beating is compulsory." in html
    assert '<option value="3" selected>' in html
    unchecked = client.get("/rules/toy?o.must_beat=false").get_data(as_text=True)
    assert "Beating is optional." in unchecked


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ('{"must_beat": 3}', "must_beat"),
        ('{"trumps": "seven"}', "trumps"),
        ('{"colour": "red"}', "colour"),
        ('{"limit": 12}', "limit"),
        ("[1, 2]", "cannot be read"),
        ("{not json", "cannot be read"),
    ],
)
def test_bad_options_are_a_clear_error(client, query: str, named: str) -> None:
    response = client.get("/rules/toy?options=" + quote(query))
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    alert = html[html.index('role="alert"') :]
    alert = alert[: alert.index("</div>")]
    assert named in alert
    assert "Beating is optional." in html


def test_bad_player_count_is_a_clear_error(client) -> None:
    response = client.get("/rules/toy?players=7")
    assert response.status_code == 400
    assert "is played by 2 to 4 players." in response.get_data(as_text=True)


def test_a_bad_table_is_explained_in_the_page_language(client) -> None:
    for query, english, russian in (
        ("players=7", "Bank is played by 2 to 4 players.", "В игру «Банк» играют от 2 до 4 человек."),
        (
            "options=" + quote('{"target": 0}'),
            "The option “Points to win” is at least 1.",
            "Настройка «Очков для победы» — не меньше 1.",
        ),
    ):
        for lang, words in (("en", english), ("ru", russian)):
            html = client.get(f"/rules/bank?lang={lang}&{query}").get_data(as_text=True)
            alert = html[html.index('role="alert"') :]
            assert f"<p>{words}</p>" in alert[: alert.index("</div>")], (lang, query)


def test_a_new_game_without_rules_or_explorer_still_gets_a_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """A freshly registered game shows what its declaration says: players, deck, options and the form."""
    bare = replace(TOY, id="bare", name="Bare", rules=None, explore=None)
    monkeypatch.setattr(routes, "get_game", lambda g: bare)
    response = make_app().test_client().get("/rules/bare")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    page = Page(html)
    assert list(page.tables) == ["page-options"]
    assert "2–4 players (usually 4)" in html and "36-card deck" in html
    assert "This game has no explorer yet." in html and 'id="explorer-app"' not in html


def test_unknown_game_is_not_found(client) -> None:
    assert client.get("/rules/chess").status_code == 404


def test_language_from_the_query_and_from_the_browser(client) -> None:
    english = client.get("/rules/toy").get_data(as_text=True)
    assert '<html lang="en">' in english and "Table options" in english and "Take the last trick." in english
    russian = client.get("/rules/toy?lang=ru").get_data(as_text=True)
    assert '<html lang="ru">' in russian and "Настройки стола" in russian and "Взять последнюю взятку." in russian
    browser = client.get("/rules/toy", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert "Настройки стола" in browser
    forced = client.get("/rules/toy?lang=en", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Table options" in forced


def test_language_links_keep_the_table_options(client) -> None:
    html = client.get("/rules/toy?options=" + quote('{"must_beat": true}')).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)" hreflang="ru"', html).group(1)
    assert "options=" in link and link.endswith("lang=ru")
    assert "Бить обязательно." in client.get(link.replace("&amp;", "&")).get_data(as_text=True)


def test_the_catalogs_cover_every_message_the_pages_use() -> None:
    english = json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    russian = json.loads((ROOT / "static" / "i18n" / "ru.json").read_text(encoding="utf-8"))
    used = set()
    for path in [ROOT / "templates" / "rules_index.html", ROOT / "templates" / "rules_game.html"]:
        used |= set(re.findall(r"""\bt\(["']([\w.\-]+)["'][,)]""", path.read_text(encoding="utf-8")))
    scripts = ROOT / "static" / "js"
    explorer = [scripts / "rules-explorer.js", *sorted((scripts / "explorer").glob("*.js"))]  # its modules too
    script = "\n".join(path.read_text(encoding="utf-8") for path in explorer)
    used |= {"js." + k for k in re.findall(r"\b(?:this|ex)\.msg\.(\w+)", script)}
    assert used - set(english) == set()
    assert {k for k in english if not k.endswith(".sym")} - set(russian) == set()
    assert set(russian) - set(english) == set()


def test_tables_and_the_explorer_are_accessible(client) -> None:
    html = client.get("/rules/toy").get_data(as_text=True)
    page = Page(html)
    for table in page.tables.values():
        assert table["caption"], table["id"]
        assert table["head"] and all(c[0] == "th" and c[3] == "col" for c in table["head"])
    assert '<th scope="col"></th>' not in html
    for label_for in re.findall(r'id="(f-[\w-]+)"', html):
        assert f'for="{label_for}"' in html
    assert 'id="explorer-app"' in html and 'class="js-needed"' in html
    assert_ids_unique(html)


def assert_ids_unique(html: str) -> None:
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


# ---- the real games ----------------------------------------------------------------------------------------
GAMES = [decl.id for decl in all_games()]


def shown_document(decl: GameDecl, options: dict[str, Any], lang: str) -> dict[str, Any]:
    """The game's rules document as the page shows it: ``DECL.rules(options, words)`` with its messages (option
    names, what a choice means) put in words, nothing else changed."""
    return document.rules_document(decl, options, lang)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_page_shows_the_engine_tables_cell_by_cell(game: str, lang: str) -> None:
    decl = get_game(game)
    response = make_app().test_client().get(f"/rules/{game}?lang={lang}")
    assert response.status_code == 200
    page = Page(response.get_data(as_text=True))
    doc = shown_document(decl, decl.validate_options({}, decl.default_players), lang)
    assert doc["sections"], f"{game} has no rules sections"
    assert assert_tables_match(page, doc) > 0
    assert_ids_unique(response.get_data(as_text=True))
    assert '<th scope="col"></th>' not in response.get_data(as_text=True)
    options = page.tables["page-options"]["rows"]
    assert [r[0][1] for r in options] == [GameTexts(lang).label(decl, o) for o in decl.options]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_page_follows_each_choice_of_every_option(game: str) -> None:
    decl = get_game(game)
    client = make_app().test_client()
    for opt in decl.options:
        for value in opt.choices if opt.type == "choice" else [not opt.default] if opt.type == "bool" else []:
            given = {opt.name: value}
            try:
                options = decl.validate_options(given, decl.default_players)
            except ValueError:
                continue
            response = client.get(f"/rules/{game}?options=" + quote(json.dumps(given)))
            assert response.status_code == 200, (opt.name, value)
            assert_tables_match(Page(response.get_data(as_text=True)), shown_document(decl, options, "en"))


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_is_a_scenario_the_engine_plays_as_shown(game: str) -> None:
    """Each example holds as a conformance scenario; its tried moves are refused with a reason, the others allowed;
    the page shows every step with the engine's verdict and its status line."""
    decl = get_game(game)
    html = make_app().test_client().get(f"/rules/{game}").get_data(as_text=True)
    examples = html[html.index('id="page-examples"') : html.index('id="page-explorer"')]
    for example in decl.examples:
        assert run_scenario(scenario(decl, example))[1] == []
        steps = Renderer("en", game=game).render_within(walk(decl, example))
        assert [bool(s["reason"]) for s in steps] == [bool(s["tried"]) for s in steps]
        for step in steps:
            if step["reason"]:
                assert escape(step["reason"]) in examples
            assert escape(step["status"]) in examples
            assert all(escape(pictures.sentence(e)) in examples for e in step["events"] if pictures.said(e))
    assert examples.count('<li class="refused">') == sum(
        len([a for a in ex["actions"] if a[2:]]) for ex in decl.examples
    )


def test_every_game_has_a_worked_example() -> None:
    assert [g for g in GAMES if not get_game(g).examples] == []


# ---- example rows as pictures ------------------------------------------------------------------------------------
def trick_tables(decl: GameDecl) -> list[dict[str, Any]]:
    """The rules tables of ``decl`` whose rows are tricks laid out as explorer positions."""
    doc = document.rules_document(decl, decl.validate_options({}, decl.default_players), "en")
    return [t for s in doc.get("sections", []) for t in s.get("tables", []) if t.get("positions")]


@pytest.mark.parametrize("decl", [d for d in all_games() if trick_tables(d)], ids=lambda d: d.id)
def test_every_example_row_is_a_position_the_explorer_resolves_alike(decl: GameDecl) -> None:
    for table in trick_tables(decl):
        assert len(table["positions"]) == len(table["rows"])
        for row, position in zip(table["rows"], table["positions"], strict=True):
            answer = decl.explore(position["options"], position["players"], position["plays"], position["context"])
            assert answer["winner"] == position["winner"], row[0]
            if decl.id == "ass":
                assert row[-2] == f"P{position['winner'] + 1}", row[0]


def test_the_ass_examples_draw_each_trick_and_open_it_in_the_explorer(client: FlaskClient) -> None:
    html = client.get("/rules/ass?lang=en").get_data(as_text=True)
    table = html[html.index('data-table="seed-examples"') :]
    table = table[: table.index("</table>")]
    assert table.count('class="row-cards"') == 23
    assert table.count('class="try-link"') == 23 and table.count('data-card="') == 23 * 4
    links = re.findall(r'href="#explore=([^"]+)"', table)
    first = json.loads(unquote(links[1]))
    assert first["plays"] == [[0, "6S"], [1, "JS"], [2, "10S"], [3, "QH"]]
    assert first["context"] == {"trumps": ["", "", "", "H"]} and first["options"]["trumps"] == "own"


def test_every_blot_combination_row_draws_a_hand_the_engine_finds_it_in() -> None:
    decl = get_game("blot")
    doc = document.rules_document(decl, decl.validate_options({}, 4), "en")
    table = next(t for s in doc["sections"] for t in s.get("tables", []) if t["id"] == "combinations")
    assert len(table["samples"]) == len(table["rows"])
    for row, sample in zip(table["rows"], table["samples"], strict=True):
        hand = [Card.parse(c) for c in sample]
        if row[0].startswith("belote"):
            assert {c.rank for c in hand} == {12, 13} and len({c.suit for c in hand}) == 1
            continue
        found = find_combinations(hand, "H")
        assert len(found) == 1 and sorted(found[0].cards) == sorted(hand), row[0]
        assert str(found[0].points) == row[1], row[0]
    html = make_app().test_client().get("/rules/blot?lang=ru").get_data(as_text=True)
    drawn = html[html.index('data-table="combinations"') :]
    assert drawn[: drawn.index("</table>")].count('class="row-cards"') == len(table["rows"])


def test_each_eidex_victory_point_case_has_an_example_the_engine_rules_alike() -> None:
    assert set(VP_EXAMPLES) == set(VP_CASES)
    for case, (points, tricks) in VP_EXAMPLES.items():
        assert award_vp(points, tricks, 100)[0] == case


def test_an_option_without_a_maximum_says_only_its_minimum() -> None:
    """Bailiff's turn limit has no upper bound: "from 1", not "from 1 to —"."""
    for lang, said in (("en", "(from 1; empty means no limit)"), ("ru", "(от 1; пусто — без ограничения)")):
        html = make_app().test_client().get(f"/rules/bailiff?lang={lang}").get_data(as_text=True)
        assert said in html, lang
        assert "—;" not in html


def test_a_large_bound_is_written_as_each_language_groups_digits() -> None:
    """Bank's target runs up to ten thousand: "10,000" in English, "10 000" in Russian (a no-break space, so the
    number never breaks across lines); the hand limit's 1000 stays as the form takes it."""
    for lang, said in (("en", "(from 1 to 10,000)"), ("ru", "(от 1 до 10\N{NO-BREAK SPACE}000)")):
        html = make_app().test_client().get(f"/rules/bank?lang={lang}").get_data(as_text=True)
        assert said in html, lang
        assert ("to 1000;" if lang == "en" else "до 1000;") in html, lang


@pytest.mark.parametrize("game", game_ids())
def test_a_refused_example_move_does_not_repeat_the_status(game: str) -> None:
    """A worked example's refused (or only tried) move changes nothing: the status above it is not printed again."""
    decl = get_game(game)
    for example in decl.examples:
        for step in walk(decl, example):
            if step["reason"] is not None or step["tried"]:
                assert step["status"] == "" and step["events"] == [], (game, step["action"])
            else:
                assert step["status"], (game, step["action"])


@pytest.mark.parametrize("game", game_ids())
def test_a_ruling_says_our_reading_once_and_marks_an_english_rule_text(game: str) -> None:
    """Under "Rulings and sources" the summary "Our ruling: …" was said again word for word under "How we read it";
    now once. The Russian page quoted the rules in poor machine English: now in our faithful Russian, marked as
    ours (Eidex's rule texts are Russian already); the English page keeps the original words."""
    for lang in ("en", "ru"):
        html = make_app().test_client().get(f"/rules/{game}?lang={lang}").get_data(as_text=True)
        for ruling in re.findall(r'<details class="ruling">(.*?)</details>', html, re.S):
            gist = re.search(r'<span class="ruling-gist">(.*?)</span>', ruling, re.S)
            assert gist, ruling
            body = ruling[ruling.index("</summary>") :]
            assert gist.group(1).strip() not in body, f"{game} {lang}: said twice: {gist.group(1)[:60]}"
            caption, text = re.search(
                r"<figcaption>(.*?)</figcaption>\s*<blockquote>(.*?)</blockquote>", body, re.S
            ).groups()
            russian = bool(re.search(r"[а-яё]", text, re.I))
            # the Russian reader gets the rule's words in Russian, marked as our rendering where the original is
            # English; the English page keeps the original words
            assert russian == (lang == "ru"), f"{game} {lang}: {text[:60]!r}"
            if lang == "ru" and "наш перевод" not in caption:
                assert game == "eidex", f"{game}: a rendering not marked as ours: {caption}"


class Unmarked(HTMLParser):
    """The Latin words of a page's text outside the folded "Rulings and sources" and outside any element marked with
    another language than the page's."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area", "base"})

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang
        self.stack: list[tuple[str, str | None, str | None]] = []
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in self.VOID:
            self.stack.append((tag, dict(attrs).get("lang"), dict(attrs).get("id")))

    def handle_endtag(self, tag: str) -> None:
        while tag not in self.VOID and self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if any(t in ("script", "style") or i == "page-sources" for t, _, i in self.stack):
            return
        marked = [lang for _, lang, _ in self.stack if lang]
        if not marked or marked[-1] == self.lang:
            self.found += re.findall(r"[A-Za-z]{2,}", data)


@pytest.mark.parametrize("game", game_ids())
def test_no_unmarked_latin_word_on_a_russian_rules_page(game: str) -> None:
    """A Russian reader's page, folded sources aside, holds no Latin word that is not marked as another language's:
    Eidex's "drücken" and "Gewinnpunkte" are marked German (they were not), "JavaScript" English."""
    page = Unmarked("ru")
    page.feed(make_app().test_client().get(f"/rules/{game}?lang=ru").get_data(as_text=True))
    assert not page.found, f"{game}: {page.found[:20]}"
