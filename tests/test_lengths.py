"""Game length: the figures bench.lengths wrote offer a short game only where the full game lasts long, with options
the game accepts, and the rules page marks that short game as a house rule (with both lengths)."""

from __future__ import annotations

import re

from bench.lengths import LONG_MINUTES, SHORT
from engine.registry import all_games, get_game
from webapp.lengths import lengths, short_game


def test_a_short_game_is_offered_exactly_where_the_full_game_lasts_long():
    figures = lengths()
    assert set(figures) == {g.id for g in all_games()}, "every game measured"
    for game, entry in figures.items():
        long = entry["full"]["minutes"] > LONG_MINUTES
        assert ("short" in entry) == (long and game in SHORT), game
        if "short" in entry:
            decl = get_game(game)
            decl.validate_options(entry["short"]["options"], decl.default_players)
            assert entry["short"]["minutes"] < entry["full"]["minutes"] and entry["short"]["options"] == SHORT[game]
    assert short_game("bank") is not None and short_game("bailiff") is None


def test_the_rules_page_marks_the_short_game_as_a_house_rule(app):
    page = app.test_client().get("/rules/bank?lang=en").get_data(as_text=True)
    aside = re.search(r'<aside id="page-short-game".*?</aside>', page, re.S)
    assert aside is not None and "House rule: a short game" in aside.group(0)
    short = short_game("bank")
    assert f"about {short['minutes']} minutes instead of about {short['full_minutes']}" in aside.group(0)
    assert "Points to win: 62" in aside.group(0)
    assert 'id="page-short-game"' not in app.test_client().get("/rules/ass?lang=en").get_data(as_text=True)
