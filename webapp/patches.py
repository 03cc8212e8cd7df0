"""Lean broadcasts: what changed between two snapshots of one seat, as a ``table_patch`` event.

A connection that asked for patches (``auth.patch: true`` on connect) is sent one full ``table`` snapshot, then
after every change only a patch from the snapshot it holds (``from``, the broadcast number ``seq`` of that
snapshot) to the new one: the top-level fields that changed (``set``), the fields of ``view`` that changed
(``view``), and the public events that were added (``events_add``; the whole ``events`` list goes in ``set`` when an
earlier event was rewritten, e.g. a card hidden again). Chat is never in a patch: it comes as ``chat`` events. A
client whose snapshot is not the patch's ``from`` asks for the full snapshot with ``sync``.

:func:`apply_patch` is the reference of what a client does (``static/js/connection.js`` does the same).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from webapp.packets import JsonOnly

OWN_FIELDS = frozenset({"code", "seq", "version", "view", "events", "chat"})
"""Fields a patch carries in its own way (or never: chat)."""

_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


@dataclass
class Prints:
    """A snapshot as it was sent: its fields, but ``view``'s as JSON text, field by field. A view may share a list
    with the game (which moves on and changes it in place), so the view is compared as text; the other fields are
    built afresh for every snapshot (seats, legal actions, deal codes) or never change once made (options, public
    events), and are compared as they are."""

    seq: int
    snapshot: dict[str, Any]
    view: dict[str, str] | str


def prints(snapshot: dict[str, Any]) -> Prints:
    """The :class:`Prints` of a snapshot about to be sent."""
    view = snapshot.get("view")
    return Prints(
        snapshot["seq"],
        snapshot,
        {k: _encode(v) for k, v in view.items()} if isinstance(view, dict) else _encode(view),
    )


def make_patch(old: Prints, new: dict[str, Any], now: Prints) -> dict[str, Any]:
    """The ``table_patch`` that turns the snapshot sent as ``old`` into ``new`` (whose prints are ``now``; both of
    the same seat, chat aside)."""
    before = old.snapshot
    patch = JsonOnly(code=new["code"], seq=new["seq"], version=new["version"])
    patch["from"] = old.seq
    changed = {k: v for k, v in new.items() if k not in OWN_FIELDS and before.get(k) != v}
    if isinstance(old.view, dict) and isinstance(now.view, dict) and old.view.keys() == now.view.keys():
        fields = {k: new["view"][k] for k, text in now.view.items() if old.view[k] != text}
        if fields:
            patch["view"] = fields
    elif old.view != now.view:
        changed["view"] = new["view"]
    old_events, new_events = before["events"], new["events"]
    added = new["events_total"] - before["events_total"]
    kept = len(new_events) - added
    if 0 <= added and 0 <= kept <= len(old_events) and new_events[:kept] == old_events[len(old_events) - kept :]:
        if added:
            patch["events_add"] = new_events[kept:]
            patch["events_len"] = len(new_events)
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
    return out
