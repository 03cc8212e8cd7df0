"""Every game's name and summary and every table option's texts are in every catalog (static/i18n/<lang>.json),
under the keys the lobby form (static/js/options_form.js) and the rules pages (webapp/rules/words.py GameTexts) read:

    game.<id>.name, game.<id>.summary
    option.<id>.<name>                  the option's name for players
    option.<id>.<name>.help             what it changes
    option.<id>.<name>.choice.<value>   what one value means (true, false, null, or the value: own, 15 ...)

A new option or choice fails here with the exact keys to add. The engine declares options as data only: these
keys are their only words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.options import Option
from engine.registry import all_games, get_game
from tests.test_rules_page import Page, make_app
from webapp.rules.options import choice_key
from webapp.rules.words import GameTexts

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "ru")
RUSSIAN_NAMES = {"ass": "Жопа", "bank": "Банк", "bailiff": "Пристав", "eidex": "Эйдекс", "blot": "Блот"}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def own_catalog(lang: str) -> dict[str, Any]:
    """The language's own file, without the English fallback the app merges in."""
    return json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def choice_values(opt: Option) -> list[Any]:
    """Every value the form or the rules page describes: the choices, then the other values the option explains
    (a bool's true/false, a nullable number's empty value, a number with a special meaning)."""
    return [*opt.choices, *(v for v in opt.explained if v not in opt.choices)]


def expected_keys() -> dict[str, str]:
    """Every key the catalogs must hold, with what its text says."""
    keys: dict[str, str] = {}
    for decl in all_games():
        keys[f"game.{decl.id}.name"] = f"(the name of {decl.name})"
        keys[f"game.{decl.id}.summary"] = f"(what {decl.name} is, in a sentence)"
        for opt in decl.options:
            base = f"option.{decl.id}.{opt.name}"
            keys[base] = f"(a short name for players: {opt.name})"
            keys[f"{base}.help"] = f"(what {opt.name} changes)"
            for value in choice_values(opt):
                keys[f"{base}.choice.{choice_key(value)}"] = f"(what {value!r} means)"
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_option_and_choice_has_its_texts(lang: str) -> None:
    texts = own_catalog(lang)
    missing = {key: english for key, english in expected_keys().items() if not texts.get(key)}
    listing = "\n".join(f"  {key!r}: {english}" for key, english in missing.items())
    assert not missing, f"static/i18n/{lang}.json lacks {len(missing)} key(s); add them:\n{listing}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_for_a_game_option_or_choice_that_is_gone(lang: str) -> None:
    expected = expected_keys()
    ids = {decl.id for decl in all_games()}
    ours = [k for k in own_catalog(lang) if k.split(".")[0] in ("game", "option") and k.split(".")[1] in ids]
    stale = [k for k in ours if k not in expected]
    assert not stale, f"static/i18n/{lang}.json: texts for options or choices the engine no longer has: {stale}"


def test_russian_game_names() -> None:
    texts = own_catalog("ru")
    assert {decl.id: texts.get(f"game.{decl.id}.name") for decl in all_games()} == {
        decl.id: RUSSIAN_NAMES.get(decl.id, f"(a Russian name for {decl.name})") for decl in all_games()
    }


def test_option_names_are_words_for_players_not_identifiers() -> None:
    for lang in LANGS:
        texts = own_catalog(lang)
        for decl in all_games():
            for opt in decl.options:
                label = texts.get(f"option.{decl.id}.{opt.name}", "")
                assert "_" not in label and label != opt.name, f"{lang} option.{decl.id}.{opt.name}: {label!r}"


@pytest.mark.parametrize("game", [decl.id for decl in all_games()])
def test_the_russian_rules_page_names_and_explains_every_option_in_russian(game: str) -> None:
    decl = get_game(game)
    html = make_app().test_client().get(f"/rules/{game}?lang=ru").get_data(as_text=True)
    words = GameTexts("ru")
    assert f"<h1>{words.name(decl)}</h1>" in html
    rows = Page(html).tables["page-options"]["rows"]
    assert [r[0][1] for r in rows] == [words.label(decl, o) for o in decl.options]
    for row, opt in zip(rows, decl.options, strict=True):
        meaning = row[3][1]
        assert " ".join(words.help(decl, opt).split()) in meaning, opt.name
        for value in choice_values(opt):
            assert " ".join(words.choice(decl, opt, value).split()) in meaning, (opt.name, value)
        latin = [w for cell in row for w in LATIN_WORD.findall(cell[1])]
        assert not latin, f"{game} option {opt.name}: Latin words on the Russian page: {latin}"
