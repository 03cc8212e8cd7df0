"""Helpers for tests of what the engine says: English renderings of its messages, and the messages a view, an
event list or a refusal holds (docs/messages.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any

from engine.messages import is_message
from webapp.i18n import LANGUAGES, PLACEHOLDER, Renderer, catalog

PROSE = re.compile(r"[A-Za-z]{2,}(?:\s+[A-Za-z]{2,}){2,}")
"""Three words in a row: what a status, tag, label or sheet cell must no longer hold as plain text."""


def english(value: Any, names: Sequence[str] = (), seat: int | None = None, game: str = "") -> str:
    """A message (or list of them, or plain value) as an English reader sees it; seats without a name read
    ``Player N`` (numbered from 1)."""
    return Renderer("en", names, seat, game).render(value)


def messages_in(value: Any) -> Iterator[dict[str, Any]]:
    """Every message (outermost first) inside a JSON-like value."""
    if is_message(value):
        yield value
    if isinstance(value, dict):
        for inner in value.values():
            yield from messages_in(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from messages_in(inner)


_checked: dict[tuple[str, str], list[str]] = {}
"""What is wrong with each message already looked at, by game and the message's JSON: a random game's views say the
same messages at every step."""


def problems(value: Any, game: str) -> list[str]:
    """What is wrong with the messages in ``value``: a key some catalog lacks, or a rendering in some language
    that leaves a placeholder unfilled."""
    found = []
    for message in messages_in(value):
        seen = (game, json.dumps(message, sort_keys=True, default=str))
        if seen not in _checked:
            _checked[seen] = message_problems(message, game)
        found += _checked[seen]
    return found


def message_problems(message: dict[str, Any], game: str) -> list[str]:
    """What is wrong with one message: a key some catalog lacks, or a rendering that leaves a placeholder unfilled."""
    found = []
    for lang in LANGUAGES:
        if message["key"] not in catalog(lang):
            found.append(f"{lang}: no key {message['key']}")
            continue
        for seat in (None, 0):
            text = Renderer(lang, (), seat, game).render(message)
            if PLACEHOLDER.search(text):
                found.append(f"{lang}: {message['key']} renders as {text!r}")
    return found


def prose_in(view: dict[str, Any]) -> list[str]:
    """Plain sentences where a view must hold messages: its status, seat tags, table labels and sheet cells."""
    texts: list[Any] = [view.get("status")]
    texts += [tag for s in view.get("seats", []) for tag in s.get("tags", [])]
    texts += [(view.get(k) or {}).get("label") for k in ("table", "last_trick")]
    sheet = view.get("sheet") or {}
    texts += [*sheet.get("columns", []), *[c for row in sheet.get("rows", []) for c in row], *sheet.get("totals", [])]
    return [t for t in texts if isinstance(t, str) and PROSE.search(t)]
