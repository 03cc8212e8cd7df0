"""How the rules pages write engine events for people (the worked examples themselves are ``engine/examples.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import Card


def value_text(value: Any) -> str:
    """An event value for people: cards with suit symbols, ``[seat, card]`` pairs as ``seat: card``."""
    if isinstance(value, str):
        try:
            return " ".join(Card.parse(t).pretty() for t in value.split()) or value
        except ValueError:
            return value
    if isinstance(value, list | tuple):
        if len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], str):
            return f"{value[0]}: {value_text(value[1])}"
        return ", ".join(value_text(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items())
    return "—" if value is None else str(value)


SENTENCE_KEYS: tuple[str, ...] = ("msg", "text", "verdict")
"""Event keys whose value is already the engine's own sentence for people."""


def event_text(event: Mapping[str, Any]) -> str:
    """One engine event as a line of text: its own sentence when it has one (``trick — seat 3 takes: …``),
    else its keys (``draw — seat 0; count 2; stock 16``)."""
    name = str(event.get("event", "?"))
    sentence = next((event[k] for k in SENTENCE_KEYS if isinstance(event.get(k), str) and event[k]), None)
    if sentence:
        return f"{name} — {value_text(sentence)}"
    details = "; ".join(f"{k} {value_text(v)}" for k, v in event.items() if k != "event")
    return f"{name} — {details}" if details else name
