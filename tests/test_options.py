"""Option schemas fill defaults and refuse bad values with an error naming the option."""

import pytest

from engine.options import Option, OptionError, validate_options
from engine.registry import all_games

SCHEMA = (
    Option("trumps", "choice", "own", "the trump set-up", choices=("own", "none")),
    Option("target", "int", 248, "points to win", minimum=1, maximum=1000),
    Option("max_turns", "int", None, "turn cap", minimum=1, nullable=True),
    Option("must_beat", "bool", False, "beating is compulsory"),
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
def test_every_game_declares_described_options_with_valid_defaults(decl):
    assert decl.options, f"{decl.id} declares no options"
    for opt in decl.options:
        assert opt.description, f"{decl.id}.{opt.name} has no description"
        assert opt.validate(opt.default) == opt.default
        for choice in opt.choices:
            assert opt.choice_help.get(choice), f"{decl.id}.{opt.name}={choice!r} is not explained"
