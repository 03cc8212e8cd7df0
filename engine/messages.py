"""Messages: how the engine speaks. It never formats a sentence; every text is a key plus typed parameters.

A message is a plain dict (JSON as it is sent), ``{"key": KEY, NAME: VALUE, ...}``. A value is a number or a
string taken literally (a number also chooses a plural form), a nested message, or a typed value, a one-key dict
that says what the value is so that a renderer can put it in words:

=========  ==========================  ==================================================================
kind       value                       rendered as
=========  ==========================  ==================================================================
``seat``   ``{"seat": 2}``             the player's name ("you" forms when it is the reader's own seat)
``team``   ``{"team": 1}``             the team's players' names
``card``   ``{"card": "QH"}``          the card in the reader's notation (Q♥, Д♥)
``cards``  ``{"cards": ["QH", "6S"]}`` the cards, in order
``suit``   ``{"suit": "H"}``           the suit's symbol or name
``rank``   ``{"rank": "Q"}``           the rank's index in the reader's notation (Q, Д)
``option`` ``{"option": "max_turns"}`` the option's name in the reader's language
``list``   ``{"list": [...], "join"}`` the messages as a list ("a, b or c"; ``join``: ``or``, ``and``, ``plus``)
=========  ==========================  ==================================================================

Catalogs (``static/i18n/<lang>.json``, docs/messages.md) hold one text per key; a renderer replaces ``{name}``
placeholders. Redaction works on the ``card``/``cards`` values, never on text.

>>> msg("bailiff.take", seat=seat(2), count=3)
{'key': 'bailiff.take', 'seat': {'seat': 2}, 'count': 3}
>>> sorted(cards_in(msg("x", lead=card("QH"), more=msg("y", cards=cards(["6S", "7S"])))))
['6S', '7S', 'QH']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

Message = dict[str, Any]
"""``{"key": str, **params}``: one text of the engine, for a catalog to put in words."""

Text = Message | list[Message]
"""What a player reads: a message, or several (sentences in order)."""

Reason = Message
"""Why an action is refused: a message."""

Cell = Message | str
"""One cell of a score sheet: a figure or a mark written as it is (``"12"``, ``"–"``), or a message."""

KINDS: frozenset[str] = frozenset({"seat", "team", "card", "cards", "suit", "rank", "option", "list"})
"""The kinds of typed values (see the module's table)."""


def msg(key: str, **params: Any) -> Message:
    """A message: its catalog key and its parameters."""
    return {"key": key, **params}


def seat(n: int) -> dict[str, int]:
    """A seat, named by its player."""
    return {"seat": n}


def team(n: int) -> dict[str, int]:
    """A team, named by its players."""
    return {"team": n}


def card(c: object) -> dict[str, str]:
    """One card (a ``Card`` or its text)."""
    return {"card": str(c)}


def cards(cs: Iterable[object]) -> dict[str, list[str]]:
    """Cards in order."""
    return {"cards": [str(c) for c in cs]}


def suit(letter: str) -> dict[str, str]:
    """A suit by its letter (``S``, ``H``, ``D``, ``C``)."""
    return {"suit": letter}


def rank(text: str) -> dict[str, str]:
    """A rank by its text (``6`` … ``10``, ``J``, ``Q``, ``K``, ``A``)."""
    return {"rank": text}


def option(name: str) -> dict[str, str]:
    """A table option by its name."""
    return {"option": name}


def listing(messages: Iterable[Message], join: str = "or") -> dict[str, Any]:
    """Several messages read as one list, joined by ``or`` ("cover …, play an ace or take the pile"), ``and``, as
    ``sentences`` (each begun with a capital and ended with a full stop), or by ``plus`` (the addends of a sum)."""
    return {"list": list(messages), "join": join}


def is_message(value: Any) -> bool:
    """Whether ``value`` is a message (a dict with a string ``key``)."""
    return isinstance(value, Mapping) and isinstance(value.get("key"), str)


def _values(value: Any) -> Iterator[Any]:
    """Every value nested in ``value`` (messages, typed values, lists)."""
    yield value
    if isinstance(value, Mapping):
        for inner in value.values():
            yield from _values(inner)
    elif isinstance(value, list | tuple):
        for inner in value:
            yield from _values(inner)


def cards_in(value: Any) -> set[str]:
    """Every card a message (or a list of them, or an event holding them) names in a ``card``/``cards`` value."""
    found: set[str] = set()
    for v in _values(value):
        if isinstance(v, Mapping) and len(v) == 1:
            if isinstance(v.get("card"), str):
                found.add(v["card"])
            elif isinstance(v.get("cards"), list):
                found.update(c for c in v["cards"] if isinstance(c, str))
    return found


def keys_in(value: Any) -> set[str]:
    """Every message key in ``value`` (a message, a list of them, an event or a view)."""
    return {v["key"] for v in _values(value) if is_message(v)}


def describe(reason: Reason) -> str:
    """A message as one line for developers and the scenario runner (its key and parameters).

    >>> describe(msg("common.reason.not_your_turn", seat=seat(1)))
    'common.reason.not_your_turn seat=1'
    """
    params = " ".join(f"{k}={_brief(v)}" for k, v in reason.items() if k != "key")
    return f"{reason['key']} {params}".strip()


def _brief(value: Any) -> str:
    if is_message(value):
        return "(" + describe(value) + ")"
    if isinstance(value, Mapping) and len(value) == 1:
        inner = next(iter(value.values()))
        return " ".join(map(str, inner)) if isinstance(inner, list) else str(inner)
    return str(value)
