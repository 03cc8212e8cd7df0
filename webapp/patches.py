"""Lean broadcasts: what changed between two snapshots of one seat, as a ``table_patch`` event.

A connection that asked for patches (``auth.patch: true`` on connect) is sent one full ``table`` snapshot, then
after every change only a patch from the snapshot it holds (``from``, the broadcast number ``seq`` of that
snapshot) to the new one: the top-level fields that changed (``set``), the fields of ``view`` that changed
(``view``), the public events that were added (``events_add``) and those rewritten since they were sent
(``events_fix``, ``[index, event]`` in the new list: a card hidden again, or shown again). Chat is never in a
patch: it comes as ``chat`` events. A client whose snapshot is not the patch's ``from`` asks for the full snapshot
with ``sync``.

:func:`apply_patch` is the reference of what a client does (``static/js/connection.js`` does the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webapp.packets import JsonOnly
from webapp.wirejson import Fragment, encode

OWN_FIELDS = frozenset({"code", "seq", "version", "view", "events", "chat"})
"""Fields a patch carries in its own way (or never: chat)."""


@dataclass(slots=True)
class Prints:
    """A snapshot as it was sent to one seat, as much of it as the next patch is made from: its public fields (one
    dict shared by every seat of that broadcast), its seat's fields but the view (``you``, ``legal``, ``events``),
    and the view as JSON, each field apart: the fields every seat of the broadcast shares (``shared``: one dict
    for all of them, the view of the first seat printed) and this seat's own (``own``: the fields whose value is
    not the shared one's), the whole view being ``{**shared, **own}`` with its keys ``keys`` (or ``whole``, the
    text of a view that is not an object, whose ``keys`` are ``None``).

    The view itself is not kept: a view may share a list with the game (which moves on and changes it in place),
    so it is compared as JSON. A table's prints live from one of its moves to the next, thousands of moves later
    at 2,000 clients, so each is one object with texts in it: objects that outlive the garbage collector's young
    collections are what its pauses and its work a move are made of. The other fields are built afresh for every
    broadcast (seats, legal actions, deal codes) or never change once made (options, public events), and are
    compared as they are."""

    seq: int
    public: dict[str, Any]
    you: int | None
    legal: list[str]
    events: list[Any]
    keys: tuple[str, ...] | None
    shared: dict[str, bytes]
    own: dict[str, bytes]
    whole: bytes = b""

    def text(self, key: str) -> bytes:
        """View field ``key`` as printed."""
        own = self.own.get(key)
        return self.shared[key] if own is None else own


_MISSING = object()
_NONE: dict[str, bytes] = {}


def prints(seq: int, public: dict[str, Any], part: dict[str, Any], encoded: Encoded | None = None) -> Prints:
    """The :class:`Prints` of a snapshot about to be sent (broadcast ``seq``). The fields a seat's view holds as
    the same objects as the first view printed in the broadcast (``Game.views`` shares them) are encoded once, by
    ``encoded`` (the broadcast's)."""
    view = part.get("view")
    you, legal, events = part["you"], part["legal"], part["events"]
    if not isinstance(view, dict):
        return Prints(seq, public, you, legal, events, None, _NONE, _NONE, encode(view))
    if encoded is None:
        encoded = Encoded()
    if encoded.ref is None:
        texts = {k: encode(v) for k, v in view.items()}
        keys = tuple(view)
        encoded.ref = (view, keys, texts)
        return Prints(seq, public, you, legal, events, keys, texts, _NONE)
    first, keys, texts = encoded.ref
    if first.keys() != view.keys():
        return Prints(seq, public, you, legal, events, tuple(view), _NONE, {k: encode(v) for k, v in view.items()})
    own = {k: encode(v) for k, v in view.items() if first.get(k, _MISSING) is not v}
    return Prints(seq, public, you, legal, events, keys, texts, own or _NONE)


def view_text(view: Prints) -> Fragment:
    """A whole view as JSON text, put together from its printed fields."""
    if view.keys is None:
        return Fragment(view.whole)
    whole = {**view.shared, **view.own}
    return Fragment(b"{" + b",".join(encode(k) + b":" + text for k, text in whole.items()) + b"}")


def view_changes(old: Prints, now: Prints, encoded: Encoded | None) -> dict[str, Fragment]:
    """The fields of a seat's view that changed from ``old`` to ``now`` (views with the same keys), as text. The
    shared fields are compared once for all the seats of the broadcast (``encoded``)."""
    changed = (encoded or Encoded()).shared_changes(old.shared, now.shared)
    if not old.own and not now.own:
        return changed
    fields = dict(changed)
    for key in old.own.keys() | now.own.keys():
        text = now.text(key)
        if old.text(key) != text:
            fields[key] = Fragment(text)
        else:
            fields.pop(key, None)
    return fields


def public_changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The public fields that changed between two broadcasts (computed once for all the seats)."""
    return {k: v for k, v in new.items() if k not in OWN_FIELDS and old.get(k) != v}


class Encoded:
    """Values encoded once per broadcast, whichever seats' snapshots they are in: the view fields every seat sees
    alike (``Game.views`` shares them: ``ref`` is the first view printed and its texts), an event nobody's view
    redacts (the same object in every seat's list), the shared view fields that changed since the last broadcast.
    Held by identity, with the value itself (nothing changes during a broadcast)."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[Any, bytes]] = {}
        self._fragments: dict[int, tuple[Any, Fragment]] = {}
        self.ref: tuple[dict[str, Any], tuple[str, ...], dict[str, bytes]] | None = None
        self._changes: dict[tuple[int, int], tuple[dict[str, bytes], dict[str, bytes], dict[str, Fragment]]] = {}

    def shared_changes(self, old: dict[str, bytes], now: dict[str, bytes]) -> dict[str, Fragment]:
        """The fields of ``now`` whose text differs in ``old`` (missing there included): two printings of shared
        view fields, compared once for all the seats that hold them."""
        held = self._changes.get((id(old), id(now)))
        if held is None or held[0] is not old or held[1] is not now:
            changed = {k: Fragment(t) for k, t in now.items() if old.get(k) != t}
            held = self._changes[id(old), id(now)] = (old, now, changed)
        return held[2]

    def text(self, value: Any) -> bytes:
        """``value`` as JSON (UTF-8), encoded once for the broadcast."""
        held = self._texts.get(id(value))
        if held is None or held[0] is not value:
            held = self._texts[id(value)] = (value, encode(value))
        return held[1]

    def __call__(self, events: list[Any]) -> list[Fragment]:
        out = []
        for event in events:
            held = self._fragments.get(id(event))
            if held is None or held[0] is not event:
                held = self._fragments[id(event)] = (event, Fragment(self.text(event)))
            out.append(held[1])
        return out


def make_patch(old: Prints, now: Prints, changed: dict[str, Any], encoded: Encoded | None = None) -> dict[str, Any]:
    """The ``table_patch`` that turns the snapshot sent as ``old`` into the one printed as ``now`` (both of the
    same seat, chat aside), given the public fields that ``changed`` since ``old``. The view's changed fields go
    as the text already printed, the added events as encoded once for the broadcast (``encoded``)."""
    public = now.public
    patch = JsonOnly(code=public["code"], seq=now.seq, version=public["version"])
    patch["from"] = old.seq
    changed = dict(changed)
    if old.you != now.you:
        changed["you"] = now.you
    if old.legal != now.legal:
        changed["legal"] = now.legal
    if old.keys is not None and old.keys == now.keys:
        fields = view_changes(old, now, encoded)
        if fields:
            patch["view"] = fields
    elif old.keys != now.keys or old.whole != now.whole:
        changed["view"] = view_text(now)
    old_events, new_events = old.events, now.events
    added = public["events_total"] - old.public["events_total"]
    kept = len(new_events) - added
    if added >= 0 and 0 <= kept <= len(old_events) and (added or kept == len(old_events)):
        held = old_events[len(old_events) - kept :]
        fixes = []
        if new_events[:kept] != held:  # the lists' own loop: mostly the same objects
            fixes = [i for i in range(kept) if new_events[i] is not held[i] and new_events[i] != held[i]]
        if added:
            fresh = new_events[kept:]
            patch["events_add"] = encoded(fresh) if encoded is not None else fresh
            patch["events_len"] = len(new_events)
        if fixes:
            rewritten = [new_events[i] for i in fixes]
            texts = encoded(rewritten) if encoded is not None else rewritten
            patch["events_fix"] = [[i, text] for i, text in zip(fixes, texts, strict=True)]
    else:
        changed["events"] = new_events
    patch["set"] = changed
    return patch


def apply_patch(snapshot: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any] | None:
    """The snapshot ``patch`` leads to from ``snapshot``, or ``None`` when it does not apply (the client missed
    something and asks for the full snapshot with ``sync``)."""
    if snapshot.get("code") != patch["code"] or snapshot.get("seq") != patch["from"]:
        return None
    out = {**snapshot, **patch["set"], "seq": patch["seq"], "version": patch["version"]}
    if "view" in patch:
        out["view"] = {**snapshot["view"], **patch["view"]}
    if "events_add" in patch:
        events = [*snapshot["events"], *patch["events_add"]]
        out["events"] = events[len(events) - patch["events_len"] :]
    if "events_fix" in patch:
        out["events"] = list(out["events"])
        for i, event in patch["events_fix"]:
            out["events"][i] = event
    return out
