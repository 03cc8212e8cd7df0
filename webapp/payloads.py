"""Validation of every client event's payload: shape, types and sizes, before anything else looks at it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.messages import Message, describe, msg, option
from engine.search import LEVELS
from webapp.house import BOT_SPEEDS, CLOCKS
from webapp.tokens import CODE_ALPHABET, CODE_LENGTH


class PayloadError(ValueError):
    """A payload that does not have the event's shape; ``reason`` (a message, ``server.payload.*``) says which field
    is wrong. Only a broken client meets one, so the words are a developer's."""

    def __init__(self, reason: Message):
        super().__init__(describe(reason))
        self.reason = reason


_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
_DEAL_RE = re.compile(f"^[{CODE_ALPHABET}]{{4}}-[{CODE_ALPHABET}]{{4}}$")
MAX_OPTIONS = 32
MAX_OPTION_LIST = 3
"""Texts a list-valued option may hold (Eidex's three ``characters``)."""
MAX_TOKENS = 64
MAX_NAME = 24
MAX_CHAT = 300


def _text(limit: int) -> Callable[[str, Any], str]:
    def check(field: str, value: Any) -> str:
        if not isinstance(value, str):
            raise PayloadError(msg("server.payload.text", field=field))
        if len(value) > limit:
            raise PayloadError(msg("server.payload.too_long", field=field, limit=limit))
        return value

    return check


def _name(field: str, value: Any) -> str:
    text = " ".join(_text(MAX_NAME * 4)(field, value).split())
    if not text:
        raise PayloadError(msg("server.payload.empty", field=field))
    if len(text) > MAX_NAME:
        raise PayloadError(msg("server.payload.too_long", field=field, limit=MAX_NAME))
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise PayloadError(msg("server.payload.unprintable", field=field))
    return text


def name_field(field: str, value: Any) -> str:
    """A player's name as every event takes one (1-24 printable characters, spaces collapsed)."""
    return _name(field, value)


def _chat_text(field: str, value: Any) -> str:
    text = _text(MAX_CHAT)(field, value).strip()
    if not text:
        raise PayloadError(msg("server.payload.empty", field=field))
    return "".join(ch for ch in text if ch == "\n" or not unicodedata.category(ch).startswith("C"))


def _pattern(regex: re.Pattern[str], what: str) -> Callable[[str, Any], str]:
    """A code matching ``regex``; a refusal says it must be ``what`` (``server.payload.<what>``)."""

    def check(field: str, value: Any) -> str:
        if not isinstance(value, str) or len(value) > 32 or not regex.match(value.strip().upper()):
            raise PayloadError(msg(f"server.payload.{what}", field=field))
        return value.strip().upper()

    return check


def _int(low: int, high: int) -> Callable[[str, Any], int]:
    def check(field: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise PayloadError(msg("server.payload.whole_number", field=field))
        if not low <= value <= high:
            raise PayloadError(msg("server.payload.range", field=field, low=low, high=high))
        return value

    return check


def _choice(*allowed: str) -> Callable[[str, Any], str]:
    def check(field: str, value: Any) -> str:
        if value not in allowed:
            raise PayloadError(msg("server.payload.one_of", field=field, allowed=", ".join(allowed)))
        return str(value)

    return check


def _flag(field: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise PayloadError(msg("server.payload.flag", field=field))
    return value


def _options(field: str, value: Any) -> dict[str, Any]:
    """Table options: at most :data:`MAX_OPTIONS` entries, each a number, a short text, true/false, null or a list of
    at most :data:`MAX_OPTION_LIST` short texts (Eidex's ``characters``); the game checks the values themselves."""
    if not isinstance(value, dict):
        raise PayloadError(msg("server.payload.object", field=field))
    if len(value) > MAX_OPTIONS:
        raise PayloadError(msg("server.payload.too_many", field=field, limit=MAX_OPTIONS))
    out: dict[str, Any] = {}
    for key, item in value.items():
        _text(40)(f"{field} name", key)
        if item is None or isinstance(item, bool):
            pass
        elif isinstance(item, int):
            _int(-1_000_000, 1_000_000)(key, item)
        elif isinstance(item, str):
            _text(40)(key, item)
        elif isinstance(item, list):
            if len(item) > MAX_OPTION_LIST or not all(isinstance(v, str) and len(v) <= 40 for v in item):
                raise PayloadError(msg("server.payload.option_list", option=option(key), limit=MAX_OPTION_LIST))
            item = list(item)
        else:
            raise PayloadError(msg("server.payload.option_value", option=option(key)))
        out[key] = item
    return out


def _tokens(field: str, value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or len(value) > MAX_TOKENS:
        raise PayloadError(msg("server.payload.tokens", field=field, limit=MAX_TOKENS))
    out = {}
    for code, token in value.items():
        out[_pattern(_CODE_RE, "table_code")(f"{field} code", code)] = _text(128)(f"{field} token", token)
    return out


TABLE_CODE = _pattern(_CODE_RE, "table_code")
DEAL_CODE = _pattern(_DEAL_RE, "deal_code")
GAME_ID = _text(32)
TOKEN = _text(128)
ACTION = _text(64)
SEAT = _int(0, 15)
VERSION = _int(0, 2**53)
PLAYERS = _int(1, 16)
INVITE = _text(64)


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
        "level": Field(_choice(*LEVELS), False),
        "lesson": Field(_flag, False),
        "listed": Field(_flag, False),
        "watch": Field(_flag, False),
        "clock": Field(_choice(*CLOCKS), False),
        "bot_speed": Field(_choice(*BOT_SPEEDS), False),
    },
    "join": {
        "code": Field(TABLE_CODE),
        "name": Field(_name),
        "seat": Field(SEAT, False),
        "invite": Field(INVITE, False),
    },
    "watch": {"code": Field(TABLE_CODE), "invite": Field(INVITE, False)},
    "resume": {"code": Field(TABLE_CODE), "token": Field(TOKEN, False)},
    "leave": {"code": Field(TABLE_CODE)},
    "set_seat": {
        "code": Field(TABLE_CODE),
        "seat": Field(SEAT),
        "kind": Field(_choice("bot", "open")),
        "bot": Field(_text(32), False),
    },
    "start": {"code": Field(TABLE_CODE)},
    "act": {
        "code": Field(TABLE_CODE),
        "action": Field(ACTION),
        "version": Field(VERSION),
        "forced": Field(_flag, False),
    },
    "explain": {"code": Field(TABLE_CODE), "action": Field(ACTION)},
    "chat": {"code": Field(TABLE_CODE), "text": Field(_chat_text), "name": Field(_name, False)},
    "again": {"code": Field(TABLE_CODE)},
    "sync": {"code": Field(TABLE_CODE)},
    "hint": {"code": Field(TABLE_CODE)},
    "claim": {
        "code": Field(TABLE_CODE),
        "seat": Field(SEAT),
        "name": Field(_name, False),
        "invite": Field(INVITE, False),
    },
    "answer_claim": {"code": Field(TABLE_CODE), "seat": Field(SEAT), "allow": Field(_flag)},
    "invite": {"code": Field(TABLE_CODE)},
    "remove": {"code": Field(TABLE_CODE), "seat": Field(SEAT)},
    "lock": {"code": Field(TABLE_CODE), "locked": Field(_flag)},
    "mute": {"code": Field(TABLE_CODE), "seat": Field(SEAT), "muted": Field(_flag)},
    "house": {
        "code": Field(TABLE_CODE),
        "watch": Field(_flag, False),
        "clock": Field(_choice(*CLOCKS), False),
        "bot_speed": Field(_choice(*BOT_SPEEDS), False),
    },
    "back": {"code": Field(TABLE_CODE)},
    "finish_hand": {"code": Field(TABLE_CODE)},
}
"""The payload of every client event (docs/protocol.md): unknown fields are refused, like missing ones; an optional
field given as null counts as absent."""


AUTH = {"tokens": Field(_tokens, False), "patch": Field(_flag, False), "player": Field(TOKEN, False)}
"""The ``auth`` of a connection: seat tokens to resume, whether it takes ``table_patch`` updates, and the key of
the browser's player (:mod:`webapp.players`)."""


def validate(event: str, payload: Any, schema: dict[str, Field] | None = None) -> dict[str, Any]:
    """The checked, normalised payload of ``event``; raises :class:`PayloadError` naming the first problem."""
    schema = SCHEMAS[event] if schema is None else schema
    if not isinstance(payload, dict):
        raise PayloadError(msg("server.payload.one_object", event=event))
    unknown = sorted(str(k)[:40] for k in payload if k not in schema)
    if unknown:
        raise PayloadError(msg("server.payload.unknown_field", event=event, field=unknown[0]))
    out: dict[str, Any] = {}
    for name, spec in schema.items():
        if payload.get(name) is None and not spec.required:
            continue
        if name in payload:
            out[name] = spec.check(name, payload[name])
        elif spec.required:
            raise PayloadError(msg("server.payload.missing", event=event, field=name))
    return out
