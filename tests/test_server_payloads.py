"""Payload validation: any JSON value either passes with the event's shape or is refused with a PayloadError."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from socketio import packet as socketio_packet

from tests.messages_check import english
from webapp.packets import Packet
from webapp.payloads import AUTH, SCHEMAS, PayloadError, validate

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
FIELD_VALUES = JSON | st.sampled_from(["ABCDEF", "abcdef", "K7QM-3XPA", "play QS", "Ann", "bot", "open", 0, 3, 2**60])


@settings(max_examples=300, deadline=None)
@given(event=st.sampled_from(sorted(SCHEMAS)), payload=JSON)
def test_any_json_value_is_validated_or_refused(event, payload):
    try:
        checked = validate(event, payload)
    except PayloadError as exc:
        assert english(exc.reason).strip()
        return
    assert set(checked) <= set(SCHEMAS[event])


@settings(max_examples=300, deadline=None)
@given(
    event=st.sampled_from(sorted(SCHEMAS)),
    fields=st.dictionaries(
        st.sampled_from(["code", "name", "seat", "action", "version", "text", "game", "kind"]), FIELD_VALUES, max_size=5
    ),
)
def test_payloads_with_known_fields_pass_only_with_the_right_types(event, fields):
    try:
        checked = validate(event, fields)
    except PayloadError:
        return
    schema = SCHEMAS[event]
    assert all(name in checked for name, spec in schema.items() if spec.required)
    for name, value in checked.items():
        assert value is not None
        if name in ("seat", "version", "players"):
            assert type(value) is int and value >= 0
        if name in ("code", "name", "action", "text", "game", "kind"):
            assert isinstance(value, str) and len(value) <= 300
        if name in ("code", "name", "text"):
            assert value and value.strip() == value
        if name == "code":
            assert re.fullmatch("[2-9A-HJ-NP-Z]{6}", value)


@given(auth=JSON)
def test_connect_auth_is_validated_or_refused(auth):
    try:
        checked = validate("connect", auth, AUTH)
    except PayloadError:
        return
    assert all(isinstance(t, str) and len(c) == 6 for c, t in checked.get("tokens", {}).items())


def test_the_refusal_names_the_field():
    cases = {
        ("act", '{"code": "ABCDEF", "action": "play QS"}'): "act needs version",
        ("act", '{"code": "ABCDEF", "action": "play QS", "version": -1}'): "version must be between",
        ("join", '{"code": "ABCDEF", "name": "Ann", "seat": 1.5}'): "seat must be a whole number",
        ("chat", '{"code": "ABCDEF", "text": ["hi"]}'): "text must be text",
        ("watch", '{"code": "ABCDE0"}'): "code must be a table code",
    }
    for (event, text), error in cases.items():
        try:
            validate(event, json.loads(text))
        except PayloadError as exc:
            assert error in english(exc.reason), (event, text, exc)
        else:
            raise AssertionError(f"{event} {text} passed")


@given(
    data=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.binary(max_size=3),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
        max_leaves=15,
    )
)
def test_the_fast_binary_check_agrees_with_python_socketio(data):
    assert Packet.data_is_binary(data) == socketio_packet.Packet.data_is_binary(data)


def test_an_option_may_be_a_short_list_of_texts():
    options = {"advanced": True, "characters": ["QS", "KH", "AD"]}
    assert validate("create", {"game": "eidex", "name": "Ann", "options": options})["options"] == options
    for bad in (["a", "b", "c", "d"], ["x" * 41], [1, 2], [["a"]], [{"a": 1}]):
        try:
            validate("create", {"game": "eidex", "name": "Ann", "options": {"characters": bad}})
        except PayloadError as exc:
            assert exc.reason["key"] == "server.payload.option_list", (bad, exc)
            assert "at most 3 short texts" in english(exc.reason)
        else:
            raise AssertionError(f"{bad} passed")
