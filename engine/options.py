"""Table options: a schema per game, validated with errors that name the option."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class OptionError(ValueError):
    """A table option is unknown or has a value it may not take."""


@dataclass(frozen=True)
class Option:
    """One table option: its type, allowed values, the seed's default and a one-line description.

    ``type`` is ``"choice"`` (one of ``choices``), ``"int"`` (within ``minimum``..``maximum``;
    ``None`` allowed when ``nullable``) or ``"bool"``.
    """

    name: str
    type: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    choice_help: Mapping[Any, str] = field(default_factory=dict)

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
            "description": self.description,
            "choices": list(self.choices),
            "choice_help": {str(k): v for k, v in self.choice_help.items()},
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
