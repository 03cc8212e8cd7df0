"""Engine messages in words on the server side: the cases of tests/i18n_cases.json (the browser's renderer reads
the same file in tests/js/messages.test.mjs), plural forms by CLDR, and the language a page is shown in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards import Card
from engine.messages import card, cards, cards_in, keys_in, listing, msg, seat
from webapp.i18n import HIDDEN_CARD, Renderer, plural_category
from webapp.redaction import mentioned_cards, redact

CASES = json.loads((Path(__file__).with_name("i18n_cases.json")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["cases"], ids=lambda c: c["expect"])
def test_the_server_renders_each_case_as_the_browser_does(case: dict) -> None:
    texts = {**CASES["catalogs"]["en"], **CASES["catalogs"][case["lang"]]}
    renderer = Renderer(case["lang"], case["names"], case["seat"], case.get("game", ""), texts=texts)
    assert renderer.render(case["message"]) == case["expect"]


@pytest.mark.parametrize(
    ("n", "en", "ru"), [(1, "one", "one"), (2, "other", "few"), (5, "other", "many"), (21, "other", "one")]
)
def test_plural_categories_follow_cldr(n: int, en: str, ru: str) -> None:
    assert (plural_category("en", n), plural_category("ru", n)) == (en, ru)


def test_redaction_and_catalog_checks_read_values_not_text() -> None:
    message = msg("x", seat=seat(1), lead=card("QH"), rest=listing([msg("y", cards=cards(["6S", "7S"]))]))
    assert cards_in([message]) == {"QH", "6S", "7S"}
    assert keys_in({"event": "play", "msg": message}) == {"x", "y"}


def test_redaction_replaces_hidden_cards_in_values_and_keeps_counts() -> None:
    hidden = Card.parse("9D")
    event = {
        "event": "play",
        "seat": 0,
        "cards": ["9D", "9C"],
        "msg": msg("x", cards=cards(["9D", "9C"]), c=card("9D")),
    }
    assert mentioned_cards(event) == {hidden, Card.parse("9C")}
    shown = redact(event, {hidden})
    assert shown["cards"] == [HIDDEN_CARD, "9C"] and shown["msg"]["cards"]["cards"] == [HIDDEN_CARD, "9C"]
    assert mentioned_cards(shown) == {Card.parse("9C")}
    assert Renderer("ru", game="bailiff").render({"key": "t", "c": shown["msg"]["c"]}) == "t"
    assert Renderer("ru").value(shown["msg"]["c"]) == "скрытую карту"
