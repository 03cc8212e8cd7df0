"""The rules page's options: the query (``?options=<json>``, the "rules of this table" form's ``o.<name>`` fields,
``?players=``) read as the game's option values, and each option's row in the page's options table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.core import GameDecl, players_refusal
from engine.messages import msg, option
from engine.options import Option, OptionError


def option_from_field(opt: Option, values: list[str]) -> Any:
    """The value of one option from the "rules of this table" form (the last of its fields wins)."""
    text = values[-1].strip()
    if opt.type == "bool":
        return text in ("true", "on", "1")
    if opt.type == "int":
        if text == "" and opt.nullable:
            return None
        try:
            return int(text)
        except ValueError:
            raise OptionError(msg("common.option.whole", option=option(opt.name))) from None
    by_text = {str(c): c for c in opt.choices}
    return by_text.get(text, text)


def given_options(decl: GameDecl, args: MultiDict[str, str]) -> dict[str, Any]:
    """The options asked for: ``?options=<json>`` (a table's link) or the form's ``o.<name>`` fields."""
    raw = args.get("options")
    if raw:
        try:
            given = json.loads(raw)
        except ValueError:
            raise OptionError(msg("common.option.json")) from None
        if not isinstance(given, dict):
            raise OptionError(msg("common.option.json"))
        return given
    return {o.name: option_from_field(o, args.getlist(f"o.{o.name}")) for o in decl.options if f"o.{o.name}" in args}


def player_count(decl: GameDecl, value: Any) -> int:
    """A valid number of players for ``decl`` (the default when ``value`` is missing)."""
    if value in (None, ""):
        return decl.default_players
    try:
        players = int(value)
    except (TypeError, ValueError):
        raise OptionError(players_refusal(decl)) from None
    if not decl.min_players <= players <= decl.max_players or isinstance(value, bool):
        raise OptionError(players_refusal(decl))
    return players


def option_rows(decl: GameDecl, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every option with its default, this table's value and the values a player chooses from."""
    rows = []
    for opt in decl.options:
        allowed = list(opt.choices) if opt.type == "choice" else [True, False] if opt.type == "bool" else []
        rows.append(
            {
                "option": opt,
                "value": options.get(opt.name, opt.default),
                "changed": options.get(opt.name, opt.default) != opt.default,
                "choices": [{"value": c} for c in allowed],
            }
        )
    return rows


def choice_key(value: Any) -> str:
    """A value as it appears in catalog keys (``option.<game>.<name>.choice.<value>``): ``true``, ``false``,
    ``null``, else the value itself (``own``, ``15``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def value_text(value: Any) -> str:
    """An option value as the form and the tables show it."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
