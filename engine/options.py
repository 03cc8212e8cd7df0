"""Table options: a schema per game, validated with errors that name the option.

An option is data only: its words for players (its name, what it changes, what each value means) are in the
catalogs, ``option.<game>.<name>``, ``….help`` and ``….choice.<value>`` (docs/messages.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class OptionError(ValueError):
    """A table option is unknown or has a value it may not take."""


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

    @property
    def worded(self) -> tuple[Any, ...]:
        """Every value with words of its own (``option.<game>.<name>.choice.<value>``): the choices, then
        ``explained``."""
        return self.choices + tuple(v for v in self.explained if v not in self.choices)

    def validate(self, value: Any) -> Any:
        """Return the value if allowed, else raise ``OptionError`` naming this option."""
        if value is None and self.nullable:
            return None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise OptionError(f"option {self.name!r} must be true or false, not {value!r}")
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"option {self.name!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if self.type == "choice":
            if value in self.choices:
                return value
            allowed = ", ".join(repr(c) for c in self.choices)
            raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        raise OptionError(f"option {self.name!r} has an unknown type {self.type!r}")

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
        raise OptionError(f"unknown option {unknown[0]!r}; known: {', '.join(known) or 'none'}")
    return {name: (opt.validate(given[name]) if name in given else opt.default) for name, opt in known.items()}
