"""Validation of every client event's payload: shape, types and sizes, before anything else looks at it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webapp.tokens import CODE_ALPHABET, CODE_LENGTH


class PayloadError(ValueError):
    """A payload that does not have the event's shape; the text says which field is wrong."""


_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
_DEAL_RE = re.compile(f"^[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}$")
MAX_OPTIONS = 32
MAX_NAME = 24
MAX_CHAT = 300


def _text(limit: int) -> Callable[[str, Any], str]:
    def check(field: str, value: Any) -> str:
        if not isinstance(value, str):
            raise PayloadError(f"{field} must be text")
        if len(value) > limit:
            raise PayloadError(f"{field} is too long (at most {limit} characters)")
        return value

    return check


def _name(field: str, value: Any) -> str:
    text = " ".join(_text(MAX_NAME * 4)(field, value).split())
    if not text:
        raise PayloadError(f"{field} must not be empty")
    if len(text) > MAX_NAME:
        raise PayloadError(f"{field} is too long (at most {MAX_NAME} characters)")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise PayloadError(f"{field} holds characters that cannot be shown")
    return text


def _chat_text(field: str, value: Any) -> str:
    text = _text(MAX_CHAT)(field, value).strip()
    if not text:
        raise PayloadError(f"{field} must not be empty")
    return "".join(ch for ch in text if ch == "\n" or not unicodedata.category(ch).startswith("C"))


def _pattern(regex: re.Pattern[str], what: str) -> Callable[[str, Any], str]:
    def check(field: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > 32 or not regex.match(value.strip().upper()):
            raise PayloadError(f"{field} must be {what}")
        return value.strip().upper()

    return check


def _int(low: int, high: int) -> Callable[[str, Any], int]:
    def check(field: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PayloadError(f"{field} must be a whole number")
        if not low <= value <= high:
            raise PayloadError(f"{field} must be between {low} and {high}")
        return value

    return check


def _choice(*allowed: str) -> Callable[[str, Any], str]:
    def check(field: str, value: Any) -> str:
        if value not in allowed:
            raise PayloadError(f"{field} must be one of {', '.join(allowed)}")
        return value

    return check


def _options(field: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise PayloadError(f"{field} must be an object")
    if len(value) > MAX_OPTIONS:
        raise PayloadError(f"{field} has too many entries")
    for key, item in value.items():
        _text(40)(f"{field} name", key)
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, int):
            _int(-1_000_000, 1_000_000)(f"option {key!r}", item)
        elif isinstance(item, str):
            _text(40)(f"option {key!r}", item)
        else:
            raise PayloadError(f"option {key!r} must be a number, text, true/false or null")
    return dict(value)


def _tokens(field: str, value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or len(value) > 64:
        raise PayloadError(f"{field} must be an object of at most 64 table codes")
    out = {}
    for code, token in value.items():
        out[_pattern(_CODE_RE, "a table code")(f"{field} code", code)] = _text(128)(f"{field} token", token)
    return out


TABLE_CODE = _pattern(_CODE_RE, "a table code (6 letters and digits)")
DEAL_CODE = _pattern(_DEAL_RE, "a deal code such as ABCD-EFGH")
GAME_ID = _text(32)
TOKEN = _text(128)
ACTION = _text(64)
SEAT = _int(0, 15)
VERSION = _int(0, 2**53)
PLAYERS = _int(1, 16)


@dataclass(frozen=True)
class Field:
    """One payload field: its checker and whether it must be present."""

    check: Callable[[str, Any], Any]
    required: bool = True


SCHEMAS: dict[str, dict[str, Field]] = {
    "create": {
        "game": Field(GAME_ID, False),
        "players": Field(PLAYERS, False),
        "options": Field(_options, False),
        "name": Field(_name),
        "deal": Field(DEAL_CODE, False),
    },
    "join": {"code": Field(TABLE_CODE), "name": Field(_name), "seat": Field(SEAT, False)},
    "watch": {"code": Field(TABLE_CODE)},
    "resume": {"code": Field(TABLE_CODE), "token": Field(TOKEN)},
    "leave": {"code": Field(TABLE_CODE)},
    "set_seat": {
        "code": Field(TABLE_CODE),
        "seat": Field(SEAT),
        "kind": Field(_choice("bot", "open")),
        "bot": Field(_text(32), False),
    },
    "start": {"code": Field(TABLE_CODE)},
    "act": {"code": Field(TABLE_CODE), "action": Field(ACTION), "version": Field(VERSION)},
    "explain": {"code": Field(TABLE_CODE), "action": Field(ACTION)},
    "chat": {"code": Field(TABLE_CODE), "text": Field(_chat_text)},
    "again": {"code": Field(TABLE_CODE)},
    "sync": {"code": Field(TABLE_CODE)},
}
"""The payload of every client event (docs/protocol.md): unknown fields are refused, like missing ones; an optional
field given as null counts as absent."""


def _flag(field: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise PayloadError(f"{field} must be true or false")
    return value


AUTH = {"tokens": Field(_tokens, False), "patch": Field(_flag, False)}
"""The ``auth`` of a connection: seat tokens to resume, and whether it takes ``table_patch`` updates."""


def validate(event: str, payload: Any, schema: dict[str, Field] | None = None) -> dict[str, Any]:
    """The checked, normalised payload of ``event``; raises :class:`PayloadError` naming the first problem."""
    schema = SCHEMAS[event] if schema is None else schema
    if not isinstance(payload, dict):
        raise PayloadError(f"{event} takes one object")
    unknown = sorted(str(k)[:40] for k in payload if k not in schema)
    if unknown:
        raise PayloadError(f"{event} has an unknown field {unknown[0]!r}")
    out: dict[str, Any] = {}
    for name, spec in schema.items():
        if payload.get(name) is None and not spec.required:
            continue
        if name in payload:
            out[name] = spec.check(name, payload[name])
        elif spec.required:
            raise PayloadError(f"{event} needs {name}")
    return out
