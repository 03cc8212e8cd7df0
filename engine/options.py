"""Table options: a schema per game, validated with errors that name the option.

An option is data only: its words for players (its name, what it changes, what each value means) are in the
catalogs, ``option.<game>.<name>``, ``….help`` and ``….choice.<value>`` (docs/messages.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.messages import Message, describe, msg, option


class OptionError(ValueError):
    """A table option is unknown, has a value it may not take, or does not go with the others or the number of
    players. ``reason`` says which, as a message (``common.option.*`` or the game's own); ``str()`` gives it in
    brief, for developers."""

    def __init__(self, reason: Message):
        super().__init__(describe(reason))
        self.reason = reason


@dataclass(frozen=True)
class Option:
    """One table option: its type, its allowed values and the seed's default.

    ``type`` is ``"choice"`` (one of ``choices``), ``"int"`` (within ``minimum``..``maximum``;
    ``None`` allowed when ``nullable``) or ``"bool"``. ``explained`` lists the values besides the choices that have
    words of their own in the catalogs (a bool's true and false, a number with a special meaning), in the order the
    form and the rules page list them.
    """

    name: str
    type: str
    default: Any
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    explained: tuple[Any, ...] = ()

    def validate(self, value: Any) -> Any:
        """Return the value if allowed, else raise ``OptionError`` naming this option."""
        if value is None and self.nullable:
            return None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise OptionError(msg("common.option.bool", option=option(self.name)))
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(msg("common.option.whole", option=option(self.name)))
            if self.minimum is not None and value < self.minimum:
                raise OptionError(msg("common.option.at_least", option=option(self.name), min=self.minimum))
            if self.maximum is not None and value > self.maximum:
                raise OptionError(msg("common.option.at_most", option=option(self.name), max=self.maximum))
            return value
        if self.type == "choice":
            if value in self.choices:
                return value
            raise OptionError(msg("common.option.choice", option=option(self.name)))
        raise OptionError(msg("common.option.value", option=option(self.name)))

    def to_json(self) -> dict[str, Any]:
        """The schema entry as plain data, for the lobby form and the rules page."""
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "choices": list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "nullable": self.nullable,
        }


def validate_options(schema: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and check every given option against the schema."""
    given = dict(given or {})
    known = {o.name: o for o in schema}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise OptionError(msg("common.option.unknown", option=option(str(unknown[0])[:40])))
    return {name: (opt.validate(given[name]) if name in given else opt.default) for name, opt in known.items()}
