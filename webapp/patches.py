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


@dataclass
class Prints:
    """A snapshot as it was sent to one seat, as much of it as the next patch is made from: its public fields (one
    dict shared by every seat of that broadcast), its seat's fields but the view (``you``, ``legal``, ``events``),
    and ``view``'s fields as JSON (UTF-8 bytes). The view itself is not kept: a view may share a list with the game
    (which moves on and changes it in place), so it is compared as JSON, and a table's views kept from one move to
    the next would be thousands of objects that outlive the young collections of the garbage collector (at 2,000
    clients its pauses made the ack latency's 99th percentile). The other fields are built afresh for every
    broadcast (seats, legal actions, deal codes) or never change once made (options, public events), and are
    compared as they are."""

    seq: int
    public: dict[str, Any]
    part: dict[str, Any]
    view: dict[str, bytes] | bytes


def prints(seq: int, public: dict[str, Any], part: dict[str, Any], encoded: Encoded | None = None) -> Prints:
    """The :class:`Prints` of a snapshot about to be sent (broadcast ``seq``); a view field that is the same
    object in several seats' views is encoded once by ``encoded`` (the broadcast's)."""
    view = part.get("view")
    text = encode if encoded is None else encoded.text
    return Prints(
        seq,
        public,
        {k: v for k, v in part.items() if k != "view"},
        {k: text(v) for k, v in view.items()} if isinstance(view, dict) else text(view),
    )


def view_text(view: dict[str, bytes] | bytes) -> Fragment:
    """A whole view as JSON text, put together from its printed fields."""
    if isinstance(view, bytes):
        return Fragment(view)
    return Fragment(b"{" + b",".join(encode(k) + b":" + text for k, text in view.items()) + b"}")


def public_changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The public fields that changed between two broadcasts (computed once for all the seats)."""
    return {k: v for k, v in new.items() if k not in OWN_FIELDS and old.get(k) != v}


class Encoded:
    """Values encoded once per broadcast, whichever seats' snapshots they are in: a view's fields that every seat
    sees alike (``Game.views`` shares them), an event nobody's view redacts (the same object in every seat's list).
    Held by identity, with the value itself (nothing changes during a broadcast)."""

    def __init__(self) -> None:
        self._texts: dict[int, tuple[Any, bytes]] = {}
        self._fragments: dict[int, tuple[Any, Fragment]] = {}

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
    new = now.part
    public = now.public
    patch = JsonOnly(code=public["code"], seq=now.seq, version=public["version"])
    patch["from"] = old.seq
    changed = dict(changed)
    for key in ("you", "legal"):
        if old.part.get(key) != new[key]:
            changed[key] = new[key]
    if isinstance(old.view, dict) and isinstance(now.view, dict) and old.view.keys() == now.view.keys():
        fields = {k: Fragment(text) for k, text in now.view.items() if old.view[k] != text}
        if fields:
            patch["view"] = fields
    elif old.view != now.view:
        changed["view"] = view_text(now.view)
    old_events, new_events = old.part["events"], new["events"]
    added = public["events_total"] - old.public["events_total"]
    kept = len(new_events) - added
    if 0 <= added and 0 <= kept <= len(old_events) and (added or kept == len(old_events)):
        held = old_events[len(old_events) - kept :]
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
