"""The Excuse (Cosmic Eidex's character on the 8 of Hearts) is «Отговорка» wherever a Russian reader meets it: the
catalog the table, the characters list and the explorer speak through, the Russian rules page and the rules
document. «Извините» read as "Sorry", an apology, not the character's name."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_rules_page import make_app

ROOT = Path(__file__).resolve().parents[1]
WRONG = "Извините"
NAME = "Отговорка"


def test_the_russian_catalog_names_the_excuse_and_never_says_sorry() -> None:
    catalog = json.loads((ROOT / "static" / "i18n" / "ru.json").read_text(encoding="utf-8"))
    assert catalog["char.excuse.name"] == NAME
    assert [key for key, text in catalog.items() if WRONG in str(text)] == []


def test_the_russian_rules_pages_and_document_name_the_excuse() -> None:
    client = make_app().test_client()
    for query in ("/rules/eidex?lang=ru", "/rules?lang=ru"):
        html = client.get(query).get_data(as_text=True)
        assert WRONG not in html, query
    assert NAME in client.get("/rules/eidex?lang=ru").get_data(as_text=True)
    assert WRONG not in (ROOT / "docs" / "rules-eidex.md").read_text(encoding="utf-8")
