"""Option schemas fill defaults and refuse bad values with an error naming the option."""

import pytest

from engine.options import Option, OptionError, validate_options
from engine.registry import all_games
from tests.test_option_texts import choice_values

SCHEMA = (
    Option("trumps", "choice", "own", choices=("own", "none")),
    Option("target", "int", 248, minimum=1, maximum=1000),
    Option("max_turns", "int", None, minimum=1, nullable=True),
    Option("must_beat", "bool", False),
)


def test_defaults_fill_missing_options():
    assert validate_options(SCHEMA, {}) == {"trumps": "own", "target": 248, "max_turns": None, "must_beat": False}


@pytest.mark.parametrize(
    "given, name",
    [
        ({"trumps": "many"}, "trumps"),
        ({"target": "248"}, "target"),
        ({"target": 0}, "target"),
        ({"target": True}, "target"),
        ({"must_beat": "yes"}, "must_beat"),
        ({"nonsense": 1}, "nonsense"),
    ],
)
def test_bad_options_are_refused_naming_the_option(given, name):
    with pytest.raises(OptionError, match=name):
        validate_options(SCHEMA, given)


@pytest.mark.parametrize("decl", all_games(), ids=lambda d: d.id)
def test_every_game_declares_options_with_valid_defaults(decl):
    assert decl.options, f"{decl.id} declares no options"
    for opt in decl.options:
        assert opt.validate(opt.default) == opt.default
        for value in choice_values(opt):
            assert value in opt.choices or opt.validate(value) == value, f"{decl.id}.{opt.name}: {value!r} explained"
