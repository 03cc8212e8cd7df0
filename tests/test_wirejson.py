"""The wire's JSON codec writes what the standard library's compact encoder writes, keys that are not strings
included (they become strings), and refuses what is not JSON."""

from __future__ import annotations

import json

import pytest

from webapp import wirejson


@pytest.mark.parametrize(
    "value",
    [
        {"seat": 1, "hand": ["QS", "10H"], "over": False, "result": None},
        {1: "a", "b": [1, {2: None, "c": [{3: 4}]}]},
        [{"key": "bank.sheet.cell", "points": "−17"}, 2.5, "Жопа"],
    ],
)
def test_it_writes_what_the_standard_encoder_writes(value):
    assert json.loads(wirejson.dumps(value, separators=(",", ":"))) == json.loads(json.dumps(value))
    assert wirejson.encode(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def test_a_fragment_goes_in_as_it_is_and_a_non_json_value_is_refused():
    assert wirejson.encode({"view": wirejson.Fragment(b'{"a":1}')}) == b'{"view":{"a":1}}'
    with pytest.raises(TypeError):
        wirejson.encode({"a": object()})
    with pytest.raises(TypeError):
        wirejson.encode({1: object()})
