"""The JSON codec of the Socket.IO and Engine.IO wire: orjson, in the shape the libraries call (``dumps(obj,
separators=...)`` giving text, ``loads(text)``).

Encoding every update is a large part of what a move costs the server (issue 17); orjson does it several times
faster than the standard library's encoder, with the same JSON out (UTF-8 text rather than ``\\u`` escapes). Keys
that are not strings become strings, as the standard encoder makes them. Reading is stricter: ``NaN`` and
``Infinity`` are refused (they are not JSON), and an integer beyond 64 bits is read as a float.
"""

from __future__ import annotations

from typing import Any

import orjson

Fragment = orjson.Fragment
"""JSON text put into a value as it is (the server encodes some parts of an update once for several seats)."""

_OPTIONS = orjson.OPT_NON_STR_KEYS


def encode(obj: Any) -> bytes:
    """``obj`` as compact JSON, UTF-8 bytes (the text of a :data:`Fragment`, or a value to compare as sent).

    Keys that are not strings are rare on the wire and orjson's option for them halves its speed on every dict, so
    it is asked for only when a first try refuses such a key."""
    try:
        return orjson.dumps(obj)
    except orjson.JSONEncodeError:
        return orjson.dumps(obj, option=_OPTIONS)


def dumps(obj: Any, **_layout: Any) -> str:
    """``obj`` as compact JSON text (layout arguments such as ``separators`` are accepted: the text is always
    compact)."""
    return encode(obj).decode()


def loads(text: str | bytes) -> Any:
    """The value of a JSON text; a malformed one raises ``ValueError`` (``orjson.JSONDecodeError``)."""
    return orjson.loads(text)
