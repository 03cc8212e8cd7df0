"""A finished character game's replay keeps a Sphinx card's points from every other seat and from spectators until
the card is turned up (rulings eidex.md §1.9.2 #7): the server's replay (``/api/history/<id>``) reads the engine's
views and redacts the engine's events for the seat that asks, so what a player saw at the table is what he sees
again, and nothing more."""

from __future__ import annotations

import random
from typing import Any

from engine.games.eidex import DECL
from engine.registry import get_game
from webapp.i18n import HIDDEN_CARD
from webapp.tables import Table

SPHINX = 0
CHARACTERS = ["6D", "KC", "AH"]  # Sphinx at seat 0; Computer and Ultimo only act at the hand's end


def played_game() -> tuple[dict[str, Any], dict[str, Any]]:
    """An Eidex character game played at random to its end, the Sphinx laying a card face down whenever she may:
    its record and result."""
    rng = random.Random(39)
    game = DECL.new(3, {"advanced": True, "characters": CHARACTERS}, 39)
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        down = [a for a in legal if a.startswith("power sphinx ")]
        game.apply(seat, rng.choice(down or legal))
    return game.record(), game.result() or {}


def journal_game(app: Any) -> int:
    """The game above written to the journal as a table would have written it; its id."""
    record, result = played_game()
    journal = app.extensions["hall"].journal
    game_id = journal.start_game("SPHX", {**record, "actions": []}, ["Ann", "Bob", "Cid"], 0)
    for n, (seat, action) in enumerate(record["actions"]):
        journal.add_action(game_id, n, seat, action, result if n == len(record["actions"]) - 1 else None)
    return game_id


def first_hand(app: Any, game_id: int, seat: int | None) -> list[dict[str, Any]]:
    """The replay's steps of the first hand as ``seat`` (``None``: a spectator) asks for them."""
    query = "" if seat is None else f"&seat={seat}"
    answer = app.test_client().get(f"/api/history/{game_id}?start=0&count=200{query}").json
    second = next(h["step"] for h in answer["hands"] if h["hand_no"] == 2)
    return answer["steps"][:second]


def test_a_replay_keeps_a_face_down_cards_points_from_the_others(app):
    game_id = journal_game(app)
    own = first_hand(app, game_id, SPHINX)
    for seat in (None, 1, 2):
        steps = first_hand(app, game_id, seat)
        tricks = [e for s in steps for e in s["events"] if e["event"] == "trick"]
        hiding = [t for t in tricks if any(card is None or card == HIDDEN_CARD for _, card in t["cards"])]
        assert hiding, "the Sphinx laid no card face down in the first hand"
        assert all(t["points"] is None and t["points_by_seat"] is None for t in hiding), seat
        assert all(t["points"] is not None for t in tricks if t not in hiding), seat
        partial = [any(s["view"]["extra"]["taken_partial"]) for s in steps]
        assert any(partial), f"seat {seat} was never told a figure leaves a face-down card out"
        for step, hers in zip(steps, own, strict=True):  # her own replay holds her whole figure
            assert not any(hers["view"]["extra"]["taken_partial"])
            pairs = zip(step["view"]["extra"]["taken"], hers["view"]["extra"]["taken"], strict=True)
            assert all(theirs <= mine for theirs, mine in pairs), (seat, step["step"])
        turned = [e for s in steps for e in s["events"] if e["event"] == "face_up"]
        assert [t["trick_no"] for t in turned] == [t["trick_no"] for t in hiding]
        assert all(t["points"] is not None and None not in [c for _, c in t["cards"]] for t in turned)


def test_the_table_log_and_views_keep_a_face_down_cards_points_from_the_others():
    """At the table, move by move through the first hand: the log's recent events and the snapshot each connection
    gets (another seat's, a spectator's) show no points of a trick holding a Sphinx card; hers show her figures."""
    decl = get_game("eidex")
    options = {"advanced": True, "characters": CHARACTERS}
    table = Table("SPHX", decl, 3, options)
    table.game = game = decl.new(3, options, 39)
    rng = random.Random(39)
    hidden_tricks = 0
    while game.hand_no == 1:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        down = [a for a in legal if a.startswith("power sphinx ")]
        game.apply(seat, rng.choice(down or legal))
        for you in (None, 1, 2, SPHINX):
            for event in table.recent_events(you):
                if event["event"] == "trick" and any(c in (None, HIDDEN_CARD) for _, c in event["cards"]):
                    assert event["points"] is None and event["points_by_seat"] is None, you
                    hidden_tricks += you == SPHINX
            with table.lock:
                extra = table.snapshot(you)["view"]["extra"]
            assert extra["taken"] == game.view(you)["extra"]["taken"], you
            in_piles = any(c in game.secret for pile in game.won for c in pile)
            assert any(extra["taken_partial"]) == (you != SPHINX and in_piles), you
    assert hidden_tricks
