"""Lean broadcasts: a connection that asks for patches gets one full snapshot, then only what changed; rebuilt, its
snapshots equal those sent in full; chat is never in one; a client that missed one catches up with ``sync``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.registry import get_game
from tests.server_helpers import Client, create, create_with_bots, play_out, wait_for
from webapp.patches import apply_patch
from webapp.redaction import RECENT_EVENTS, redact
from webapp.tables import Table

pytestmark = pytest.mark.usefixtures("tiny_game")

TAKEN_PILE_SEED = 1  # a Bailiff deal in which a pile is taken into a hand (seed 29, for one, has none)


def rebuilt(client: Client, skip: set[int] | None = None) -> tuple[list[dict[str, Any]], list[int]]:
    """Every snapshot a patch-taking client holds, in order, rebuilt from its ``table`` and ``table_patch`` events
    (the patches numbered in ``skip`` are dropped, as if missed); and the numbers of the patches that did not fit."""
    client.events("table")
    held: dict[str, Any] | None = None
    out, misfits, n = [], [], 0
    for message in client.received:
        name, data = message["name"], message["args"][0]
        if name == "table":
            held = data
        elif name == "table_patch":
            n += 1
            if n in (skip or set()):
                continue
            after = apply_patch(held, data) if held is not None else None
            if after is None:
                misfits.append(n)
                continue
            held = after
        else:
            continue
        out.append(held)
    return out, misfits


def without_chat(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snapshot.items() if k != "chat"}


def watched_table(app: Any, **create: Any) -> tuple[Client, str, list[tuple[Client, Client]]]:
    """A table of the host and bots (``create``: the create call's fields) with a patch-taking client on the host's
    seat, a patch-taking spectator and a spectator taking full snapshots; not started. Returns the host, the code,
    and the pairs (patch-taking client, client whose full snapshots it must rebuild)."""
    host = Client(app)
    ack = create_with_bots(host, players=3, **create)
    code = ack["code"]
    lean = Client(app, auth={"tokens": {code: ack["token"]}, "patch": True})
    watcher = Client(app, auth={"patch": True})
    assert watcher.call("watch", {"code": code})["ok"]
    full_watcher = Client(app)
    assert full_watcher.call("watch", {"code": code})["ok"]
    return host, code, [(lean, host), (watcher, full_watcher)]


def assert_rebuilt(patched: Client, full: Client) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """Every snapshot ``patched`` rebuilt from patches equals the one ``full`` was sent at the same change (chat
    aside); returns the rebuilt snapshots and the full ones by ``seq``."""
    snapshots, misfits = rebuilt(patched)
    assert not misfits
    sent = {s["seq"]: without_chat(s) for s in full.events("table")}
    compared = [snap for snap in snapshots if snap["seq"] in sent]  # the full watcher came one change later
    assert len(compared) >= len(snapshots) - 1 > 10
    for snap in compared:
        assert without_chat(snap) == sent[snap["seq"]], snap["seq"]
    return snapshots, sent


def test_patches_rebuild_exactly_the_full_snapshots_through_a_whole_game(app):
    host, code, pairs = watched_table(app, options={"hands": 2})
    assert host.call("start", {"code": code})["ok"]
    host.call("chat", {"code": code, "text": "good luck"})
    play_out(host, code)
    for patched, full in pairs:
        snapshots, sent = assert_rebuilt(patched, full)
        assert snapshots[-1]["state"] == "over"
        patches = patched.events("table_patch")
        assert len(patched.events("table")) == 1 and len(patches) == len(snapshots) - 1
        assert not any("chat" in p["set"] for p in patches), "chat comes as chat events only"
        assert patched.events("chat") == [{"name": "Ann", "seat": 0, "text": "good luck"}]
        lean_bytes = sum(len(json.dumps(p)) for p in patches)
        full_bytes = sum(len(json.dumps(sent[p["seq"]])) for p in patches)
        assert lean_bytes < full_bytes / 2, (lean_bytes, full_bytes)


def test_a_client_that_missed_a_patch_asks_for_the_snapshot_and_catches_up(app):
    host = Client(app)
    ack = create_with_bots(host, players=2, options={"hands": 2})
    code = ack["code"]
    lean = Client(app, auth={"tokens": {code: ack["token"]}, "patch": True})
    assert host.call("start", {"code": code})["ok"]

    def three_patches() -> bool:
        snap = host.snap()
        if snap["legal"]:
            host.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
        return len(lean.events("table_patch")) >= 3

    wait_for(three_patches, what="three patches")
    snapshots, misfits = rebuilt(lean, skip={1})
    assert misfits, "a patch from a snapshot the client does not hold must not fit"
    assert lean.call("sync", {"code": code}) == {"ok": True}
    play_out(host, code)
    snapshots, misfits = rebuilt(lean, skip={1})
    sent = {s["seq"]: without_chat(s) for s in host.events("table")}
    assert snapshots[-1]["state"] == "over" and without_chat(snapshots[-1]) == sent[snapshots[-1]["seq"]]
    after_sync = max(i for i, m in enumerate(lean.received) if m["name"] == "table")
    patch_numbers = [m for m in lean.received[after_sync:] if m["name"] == "table_patch"]
    assert patch_numbers and max(misfits) <= len([m for m in lean.received[:after_sync] if m["name"] == "table_patch"])
    assert Client(app).call("sync", {"code": code})["ok"] is False, "only a connection at the table may sync"


def test_patch_in_auth_must_be_a_flag(app):
    client = Client(app, auth={"patch": "yes"})
    assert client.events("error")[0]["event"] == "connect"


def test_events_hidden_again_come_as_fixes_and_rebuild_the_full_snapshots(app, monkeypatch):
    """Bailiff: a pile taken into a hand hides its cards again in the events that named them (and a card played
    again shows again); a patch rewrites just those events (``events_fix``) and the rebuilt snapshots stay equal to
    the full ones, for the player and for a spectator. The deal is fixed: not every deal has a pile taken."""
    monkeypatch.setattr("webapp.hall.play.new_seed", lambda: TAKEN_PILE_SEED)
    host, code, pairs = watched_table(app, game="bailiff")
    assert host.call("start", {"code": code})["ok"]
    play_out(host, code, pick=-1)
    for patched, full in pairs:
        assert_rebuilt(patched, full)
        patches = patched.events("table_patch")
        fixes = [p for p in patches if "events_fix" in p]
        assert fixes, "no event was hidden again in a whole game"
        assert not any("events" in p["set"] for p in patches), "the events list is never resent whole in one game"


def test_a_movers_own_patch_comes_in_its_ack_and_nowhere_else(app):
    """A patch-taking player's move is answered with its own patch in the ``act`` ack and no ``table_patch`` event
    (one message fewer a move); the other player gets the event. Applied in the order they come, both rebuild
    exactly the snapshot the server would send each of them in full."""
    ann, bob = Client(app, auth={"patch": True}), Client(app, auth={"patch": True})
    code = create(ann, options={"hands": 2})["code"]
    assert bob.call("join", {"code": code, "name": "Bob"})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    table = app.extensions["hall"].tables[code]
    held = {client: rebuilt(client)[0][-1] for client in (ann, bob)}
    seen = {client: len(client.events("table_patch")) for client in (ann, bob)}
    moves = 0
    while held[ann]["state"] != "over":
        mover = ann if held[ann]["legal"] else bob
        snap = held[mover]
        reply = mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
        assert reply["ok"] and reply["version"] == snap["version"] + 1
        for client, seat in ((ann, 0), (bob, 1)):
            patches = client.events("table_patch")[seen[client] :]
            seen[client] += len(patches)
            assert len(patches) == (0 if client is mover else 1)
            for patch in patches if client is not mover else [reply["patch"]]:
                held[client] = apply_patch(held[client], json.loads(json.dumps(patch)))
            with table.lock:
                full = json.loads(json.dumps(without_chat(table.snapshot(seat))))
            assert {k: v for k, v in without_chat(held[client]).items() if k != "seq"} == full
        moves += 1
    assert moves > 10


@pytest.mark.parametrize("every", [1, 3])
def test_recent_events_hide_from_each_seat_exactly_the_cards_it_may_not_see(every):
    """Every seat's recent events (and a spectator's) are the game's last events with the cards hidden from that
    seat now redacted, no more and no fewer: a player who took a pile still sees its cards in the events that
    named them, while the others see them hidden. Checked against the plain definition, one event at a time, at
    every move of a Bailiff game, or at every third (the lists are then built from those of three moves
    before), the viewers asked in a different order each time."""
    decl = get_game("bailiff")
    table = Table("ABCDEF", decl, 4, {"max_turns": 400})
    table.game = game = decl.new(4, {"max_turns": 400}, TAKEN_PILE_SEED)
    rng = random.Random(3)
    shown_to_one_only = 0
    viewers: list[int | None] = [None, 0, 1, 2, 3]
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.version % every:
            continue
        recent = game.events[-RECENT_EVENTS:]
        rng.shuffle(viewers)
        lists = {you: table.recent_events(you) for you in viewers}
        for you, events in lists.items():
            assert events == [redact(e, game.hidden_from(you)) for e in recent], (you, game.version)
        for i in range(len(recent)):
            shown = {you for you, events in lists.items() if events[i] == recent[i]}
            shown_to_one_only += len(shown) == 1 and None not in shown
    assert shown_to_one_only > 0, "no event named a card that only the seat holding it now may see"


@pytest.mark.parametrize("every", [1, 4])
def test_the_events_of_a_hand_dealt_over_keep_their_cards(every):
    """After a new deal, the last hand's events (a bank taken and why) show their cards again to every seat, though
    those cards now lie in hidden hands and the stock: they were gathered and dealt anew, so the events say nothing
    of where they are. The events since the deal stay redacted as before. Checked against that definition at every
    move (or every fourth) of a Bank game of several hands."""
    decl = get_game("bank")
    options = {"max_hands": 4}
    table = Table("ABCDEF", decl, 3, options)
    table.game = game = decl.new(3, options, 5)
    rng = random.Random(5)
    viewers: list[int | None] = [None, 0, 1, 2]
    shown_again = 0
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.version % every:
            continue
        first = max(0, len(game.events) - RECENT_EVENTS)
        dealt = max((i for i, e in enumerate(game.events) if e["event"] == "deal"), default=0)
        for you in viewers:
            hidden = game.hidden_from(you)
            plain = [e if i < dealt else redact(e, hidden) for i, e in enumerate(game.events[first:], first)]
            assert table.recent_events(you) == plain, (you, game.version)
            shown_again += any(redact(e, hidden) != e for e in game.events[first:dealt])
    assert game.hand_no > 1 and shown_again > 0
