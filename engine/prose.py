"""The words of the rules documents, kept out of the engine.

A rules document (``engine/games/<id>/doc.py``, ``guide.py``, ``examples/*.json``) keeps its structure and computes
its tables from the engine; its words are catalog keys under ``rules.<game>.``, one catalog per language
(``static/i18n/rules/<lang>.json``, read by ``webapp/i18n.py`` with the table's catalogs). Data (the guide, the
examples) holds a key as a message (``msg(key)``), put in words by the page; a document that builds sentences from
its tables is handed the reader's :class:`Words` and reads its texts through them. A new language is a catalog file:
nothing here names one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Words:
    """One language's catalog as a rules document reads it: a text by its key, or a table of texts by its prefix.

    >>> words = Words({"rules.toy.goal": "Win {n} tricks.", "rules.toy.cols.0": "Card", "rules.toy.cols.1": "Points"})
    >>> words("rules.toy.goal", n=3)
    'Win 3 tricks.'
    >>> words.tree("rules.toy.cols")
    ['Card', 'Points']
    """

    def __init__(self, texts: Mapping[str, Any]) -> None:
        self.texts = texts
        self._trees: dict[str, Any] = {}

    def __call__(self, key: str, **values: Any) -> str:
        """The text of ``key``, its ``{name}`` placeholders filled from ``values`` (none: the text as it is)."""
        text = str(self.texts[key])
        return text.format(**values) if values else text

    def get(self, key: str, default: str) -> str:
        """The text of ``key``, or ``default`` where the catalog has none (a rank the language writes as the engine
        does)."""
        return str(self.texts.get(key, default))

    def tree(self, prefix: str) -> Any:
        """Every text under ``prefix.`` rebuilt as the table it was written as: a level whose keys are 0, 1, 2… is a
        list, any other a dict (``rules.ass.t.goal`` is ``tree("rules.ass.t")["goal"]``)."""
        if prefix not in self._trees:
            start = prefix + "."
            root: dict[str, Any] = {}
            for key, text in self.texts.items():
                if not key.startswith(start):
                    continue
                *path, last = key[len(start) :].split(".")
                node = root
                for part in path:
                    node = node.setdefault(part, {})
                node[last] = text
            if not root:
                raise KeyError(prefix)
            self._trees[prefix] = _listed(root)
        return self._trees[prefix]


def _listed(node: Any) -> Any:
    """A nested dict with every level keyed 0…n-1 turned into a list."""
    if not isinstance(node, dict):
        return node
    items = {k: _listed(v) for k, v in node.items()}
    if items and sorted(items) == sorted(str(i) for i in range(len(items))):
        return [items[str(i)] for i in range(len(items))]
    return items
