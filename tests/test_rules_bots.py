"""The rules page's "The bots" (issue 48): each level in a line, and the bench's published figures
(``webapp/rules/levels.json``, written by ``python -m bench.levels --publish``) in the page's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from bench.levels import publish
from engine.registry import game_ids
from tests.test_rules_page import make_app
from webapp.rules import levels


def bots_text(client: FlaskClient, game: str, lang: str) -> str:
    """The text of the page's "The bots" section, tags dropped and spaces joined."""
    html = client.get(f"/rules/{game}?lang={lang}").get_data(as_text=True)
    section = re.search(r'<section id="page-bots".*?</section>', html, re.S)
    assert section is not None, f"{game} {lang}: no bots section"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section[0])).replace("\u00a0", " ")


def figure(**changed: object) -> dict[str, object]:
    base = {"game": "eidex", "players": 3, "pair": "hard:normal", "score": 0.7321, "low": 0.70, "high": 0.7642}
    more = {"games": 123, "boards": 41, "seeds": [1000, 1040], "measure": "first_hand_across", "date": "2026-11-30"}
    return {**base, **more, **changed}


def test_the_section_shows_the_published_figure_and_follows_the_file(tmp_path: Path, monkeypatch) -> None:
    published = tmp_path / "levels.json"
    monkeypatch.setattr(levels, "LEVELS", published)
    publish(str(published), [figure()])
    client = make_app().test_client()
    english, russian = bots_text(client, "eidex", "en"), bots_text(client, "eidex", "ru")
    assert "Hard does better than its rival in 73 % of hands (123 hands, ± 3 %)" in english
    assert "November 30, 2026" in english and "within chance" not in english
    assert "сильный бот играет лучше соперника в 73 % сдач (123 сдачи, ± 3 %)" in russian
    assert "30 ноября 2026" in russian

    publish(str(published), [figure(score=0.48, low=0.41, high=0.55, games=1000, date="2026-12-01")])
    english, russian = bots_text(client, "eidex", "en"), bots_text(client, "eidex", "ru")
    assert "in 48 % of hands (1000 hands, ± 7 %)" in english and "73 %" not in english
    assert "here Hard is not measurably stronger than Normal" in english
    assert "в 48 % сдач (1000 сдач, ± 7 %)" in russian
    assert "сильный бот не выигрывает у среднего заметно чаще" in russian


def test_a_game_measured_at_two_player_counts_names_each(tmp_path: Path, monkeypatch) -> None:
    published = tmp_path / "levels.json"
    monkeypatch.setattr(levels, "LEVELS", published)
    publish(str(published), [figure(game="ass", players=n, measure="whole_games", games=200 + n) for n in (4, 3)])
    english = bots_text(make_app().test_client(), "ass", "en")
    assert english.index("3 players:") < english.index("4 players:")
    assert "3 players: Hard finishes above a rival in 73 % of games (203 games" in english


def test_a_game_nothing_is_published_for_says_so(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(levels, "LEVELS", tmp_path / "levels.json")
    publish(str(tmp_path / "levels.json"), [figure()])
    client = make_app().test_client()
    assert "Not measured yet." in bots_text(client, "blot", "en")
    assert "Пока не измерено." in bots_text(client, "blot", "ru")
    assert "Сильный просчитывает вперёд" in bots_text(client, "blot", "ru")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_page_shows_every_figure_the_bench_published(lang: str) -> None:
    published = json.loads(levels.LEVELS.read_text(encoding="utf-8"))["figures"]
    assert {f["game"] for f in published if f["pair"] == "hard:normal"} == set(game_ids())
    client = make_app().test_client()
    for game in game_ids():
        text = bots_text(client, game, lang)
        for f in (f for f in published if f["game"] == game):
            assert levels.percent(f["score"], lang).replace("\u00a0", " ") in text, (game, f["pair"])
            assert f"± {levels.percent((f['high'] - f['low']) / 2, lang)}".replace("\u00a0", " ") in text


def test_a_game_with_its_own_words_for_a_level_says_them_in_place_of_the_common_line() -> None:
    client = make_app().test_client()
    blot, bailiff = bots_text(client, "blot", "en"), bots_text(client, "bailiff", "en")
    assert "Hard thinks ahead: before each bid or card" in blot and "before each move" not in blot
    assert "Hard thinks ahead: before each move" in bailiff
    assert "keeps its aces" in bailiff and "rules of thumb" not in bailiff
    assert "Лёгкий играет как новичок: половину карт" in bots_text(client, "ass", "ru")
