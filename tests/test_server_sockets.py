"""Socket.IO unit tests with the Flask-SocketIO test client (threading mode): every event and every refusal."""

from __future__ import annotations

import time

import pytest

from engine.cards import cards_text
from engine.registry import replay
from tests.gameplay import cards_in
from tests.messages_check import english
from tests.server_helpers import (
    TINY,
    Client,
    bob_goes_away,
    create,
    create_with_bots,
    make_app,
    play_out,
    state_of,
    to_act,
    two_players,
    wait_for,
)
from webapp.i18n import HIDDEN_CARD

pytestmark = pytest.mark.usefixtures("tiny_game")


def test_create_seats_the_host_and_sends_a_snapshot(app):
    ann = Client(app)
    ack = create(ann, players=3, options={"hands": 1})
    assert ack["seat"] == 0 and len(ack["code"]) == 6 and len(ack["token"]) >= 24
    snap = ann.snap()
    assert snap["code"] == ack["code"] and snap["you"] == 0 and snap["host_seat"] == 0
    assert snap["state"] == "waiting" and snap["view"] is None and snap["legal"] == []
    assert [s["kind"] for s in snap["seats"]] == ["human", "open", "open"]
    assert snap["options"] == {"hands": 1} and snap["options_summary"] == {"hands": 1}
    lobby = app.test_client().get("/api/tables").json
    assert lobby == [
        {
            "code": ack["code"],
            "game": "tiny",
            "name": "Tiny",
            "players": 3,
            "seated": 1,
            "options_summary": {"hands": 1},
            "state": "waiting",
            "present": 1,
        }
    ]


@pytest.mark.parametrize(
    ("payload", "error"),
    [
        ({"game": "chess", "name": "Ann"}, "no game 'chess'"),
        ({"game": "tiny", "players": 9, "name": "Ann"}, "played by 2 to 4"),
        ({"game": "tiny", "options": {"hands": 9}, "name": "Ann"}, "The option “hands” is at most 5."),
        ({"game": "tiny", "options": {"colour": "red"}, "name": "Ann"}, "This game has no option “colour”"),
        ({"game": "tiny"}, "create needs name"),
        ({"game": "tiny", "name": "   "}, "name must not be empty"),
        ({"game": "tiny", "name": "x" * 25}, "name is too long"),
        ({"game": "tiny", "name": "a\x07b"}, "cannot be shown"),
        ({"game": "tiny", "name": 5}, "name must be text"),
        ({"game": "tiny", "name": "Ann", "players": "2"}, "players must be a whole number"),
        ({"game": "tiny", "name": "Ann", "players": True}, "players must be a whole number"),
        ({"game": "tiny", "name": "Ann", "options": [1]}, "options must be an object"),
        ({"game": "tiny", "name": "Ann", "options": {"hands": [1]}}, "The option “hands” takes a list"),
        ({"game": "tiny", "name": "Ann", "admin": True}, "unknown field 'admin'"),
        ({"game": "x" * 5000, "name": "Ann"}, "game is too long"),
        ({"deal": "nonsense", "name": "Ann"}, "deal must be a deal code"),
        ({"deal": "AAAA-AAAA", "name": "Ann"}, "There is no deal AAAA-AAAA"),
        ({"deal": "AAAA-AAAA", "game": "tiny", "name": "Ann"}, "either a deal code or a game"),
        ({"name": "Ann"}, "create needs game"),
        (["tiny"], "create takes one object."),
        ("tiny", "create takes one object."),
    ],
)
def test_create_refuses_bad_payloads_and_creates_nothing(app, payload, error):
    ann = Client(app)
    ack = ann.call("create", payload)
    assert ack["ok"] is False and error in english(ack["error"]), ack
    assert ann.events("error") == [{"event": "create", "error": ack["error"]}]
    assert app.extensions["hall"].tables == {}
    assert ann.events("table") == []


def test_an_event_with_two_arguments_or_none_is_refused(app):
    ann = Client(app)
    ack = ann.call("create", {"game": "tiny", "name": "Ann"}, {"x": 1})
    assert ack == {"ok": False, "error": {"key": "server.payload.one_object", "event": "create"}}
    assert english(ack["error"]) == "create takes one object."
    assert ann.call("start")["ok"] is False
    assert app.extensions["hall"].tables == {}


def test_unknown_events_are_refused(app):
    ann = Client(app)
    ack = ann.call("hack", {"code": "AAAAAA"})
    assert ack["ok"] is False and english(ack["error"]) == "Unknown event 'hack'."
    assert ann.events("error") == [{"event": "hack", "error": ack["error"]}]


def test_join_takes_the_first_free_seat_and_tells_everybody(app):
    ann, bob = Client(app), Client(app)
    code = create(ann, players=3)["code"]
    ack = bob.call("join", {"code": code.lower(), "name": "  Bob  ", "seat": None})
    assert ack["ok"] and ack["seat"] == 1 and ack["code"] == code and ack["token"]
    for client, you in ((ann, 0), (bob, 1)):
        snap = client.snap()
        assert snap["you"] == you
        assert [(s["name"], s["kind"], s["connected"]) for s in snap["seats"]] == [
            ("Ann", "human", True),
            ("Bob", "human", True),
            ("", "open", False),
        ]


def test_join_refusals_change_nothing(app):
    ann, bob, cid = Client(app), Client(app), Client(app)
    code = create(ann)["code"]
    assert bob.call("join", {"code": code, "name": "Bob", "seat": 1})["ok"]
    before = state_of(app, code)
    refusals = [
        (cid, {"code": "ZZZZZZ", "name": "Cid"}, "There is no table ZZZZZZ."),
        (cid, {"code": "bad", "name": "Cid"}, "code must be a table code"),
        (cid, {"code": code, "name": "Cid"}, "Every seat is taken"),
        (cid, {"code": code, "name": "Cid", "seat": 1}, "That seat is taken: Player 2 sits there"),
        (cid, {"code": code, "name": "Cid", "seat": 7}, "This table has only 2 seats"),
        (cid, {"code": code, "name": "Cid", "seat": -1}, "seat must be between 0 and 15"),
        (bob, {"code": code, "name": "Bob"}, "You already sit at this table"),
    ]
    for client, payload, error in refusals:
        ack = client.call("join", payload)
        assert ack["ok"] is False and error in english(ack["error"]), (payload, ack)
        assert client.events("error")[-1] == {"event": "join", "error": ack["error"]}
    assert state_of(app, code) == before


def test_host_manages_seats_before_the_start(app):
    ann, bob = Client(app), Client(app)
    code = create(ann, players=3)["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    before = state_of(app, code)
    assert bob.call("set_seat", {"code": code, "seat": 2, "kind": "bot"}) == {
        "ok": False,
        "error": {"key": "server.host_only.seats"},
    }
    assert (
        english(ann.call("set_seat", {"code": code, "seat": 0, "kind": "bot"})["error"])
        == "The host keeps the host's seat."
    )
    assert "no bot 'genius'" in english(
        ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot", "bot": "genius"})["error"]
    )
    assert "kind must be one of bot, open" in english(
        ann.call("set_seat", {"code": code, "seat": 2, "kind": "x"})["error"]
    )
    assert (
        english(ann.call("start", {"code": code})["error"])
        == "A seat is still empty (Player 3): seat a player or a bot there first."
    )
    assert english(bob.call("start", {"code": code})["error"]) == "Only the host can start the game."
    assert state_of(app, code) == before
    assert ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot"}) == {"ok": True}
    seats = ann.snap()["seats"]
    assert seats[2] == {"seat": 2, "name": "Bot 3", "kind": "bot", "connected": True, "bot": "random"}
    # the host may open a human's seat: Bob keeps watching, his token no longer works
    assert ann.call("set_seat", {"code": code, "seat": 1, "kind": "open"}) == {"ok": True}
    assert bob.snap()["you"] is None and bob.snap()["seats"][1]["kind"] == "open"


def test_bots_in_open_seats_sent_before_a_friend_sat_down_do_not_unseat_him(app):
    """The host's "Bots in open seats" reaches the server just after Bob took the seat his page still showed open:
    Bob keeps it, and the host is told why; once Bob has gone (his phone locked for good) a bot may take it."""
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    assert bob.call("join", {"code": code, "name": "Bob", "seat": 1})["ok"]
    before = state_of(app, code)
    ack = ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot"})
    assert english(ack["error"]) == (
        "Bob sits there now: a bot may take only an open seat or the seat of a player who is away."
    )
    assert state_of(app, code) == before and bob.snap()["you"] == 1
    bob.sio.disconnect()
    assert ann.snap()["seats"][1]["connected"] is False
    assert ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot"}) == {"ok": True}
    assert ann.snap()["seats"][1]["kind"] == "bot"


def test_a_host_gone_before_the_start_hands_the_table_to_a_player_still_here(tmp_path):
    """The host's tab closes while his friends wait: after the host's grace (not during a reload) the first of them
    here who sat down before he left becomes the host and may start, but may not open the host's seat while he is
    away; the former host, back, sits as a player."""
    app = make_app(tmp_path, HOST_GRACE_SECONDS=0.2)
    ann, bob, cid = Client(app), Client(app), Client(app)
    ack = create(ann, players=3)
    code = ack["code"]
    bob_token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    bob.sio.disconnect()
    ann.sio.disconnect()
    cid.call("join", {"code": code, "name": "Cid"})  # sat down after Ann left: not her heir
    time.sleep(0.4)
    assert cid.snap()["host_seat"] == 0
    bob = Client(app, auth={"tokens": {code: bob_token}})
    wait_for(lambda: bob.snap()["host_seat"] == 1, what="Bob, seated before Ann left, the host")
    assert english(bob.call("set_seat", {"code": code, "seat": 0, "kind": "open"})["error"]) == (
        "Ann was the host and is away for now: their seat stays theirs."
    )
    back = Client(app)
    assert back.call("resume", {"code": code, "token": ack["token"]})["ok"]
    assert back.snap()["you"] == 0 and back.snap()["host_seat"] == 1
    assert english(back.call("start", {"code": code})["error"]) == "Only the host can start the game."
    assert bob.call("start", {"code": code}) == {"ok": True}
    assert cid.snap()["state"] == "playing"


def test_before_a_blot_game_starts_each_seat_shows_its_team(app):
    """Choosing a seat at Blot is choosing a partner: the seats carry their teams before the start (seats 1 and 3
    against 2 and 4), the same as once the game runs."""
    ann, bob = Client(app), Client(app)
    ack = ann.call("create", {"game": "blot", "players": 4, "name": "Ann"})
    assert bob.call("join", {"code": ack["code"], "name": "Bob"})["ok"]
    assert [s.get("team") for s in bob.snap()["seats"]] == [0, 1, 0, 1]
    for seat in (2, 3):
        ann.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"})
    assert ann.call("start", {"code": ack["code"]}) == {"ok": True}
    assert [s.get("team") for s in bob.snap()["seats"]] == [0, 1, 0, 1]


def test_a_second_player_of_the_same_name_is_numbered(app):
    """Two friends called Саша at one table: the second sits as "Саша 2", so the seats, the log and a partner's chip
    say which one is meant."""
    ann, bob, cid = Client(app), Client(app), Client(app)
    code = create(ann, players=3, name="Саша")["code"]
    assert bob.call("join", {"code": code, "name": "саша"})["ok"]
    assert cid.call("join", {"code": code, "name": "Саша"})["ok"]
    assert [s["name"] for s in ann.snap()["seats"]] == ["Саша", "саша 2", "Саша 3"]


def test_a_human_replaces_a_bot_before_the_start(app):
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot"})
    ack = bob.call("join", {"code": code, "name": "Bob"})
    assert ack["ok"] and ack["seat"] == 1
    assert ann.snap()["seats"][1]["kind"] == "human" and ann.snap()["seats"][1]["name"] == "Bob"


def test_leave_before_the_start_frees_the_seat_and_passes_the_host(app):
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    assert bob.call("leave", {"code": code}) == {"ok": True}
    assert ann.snap()["seats"][1]["kind"] == "open" and bob.snap()["you"] is None
    assert (
        english(bob.call("resume", {"code": code, "token": token})["error"])
        == "This seat is no longer yours (unknown token)."
    )
    bob.call("join", {"code": code, "name": "Bob"})
    assert ann.call("leave", {"code": code}) == {"ok": True}
    assert bob.snap()["host_seat"] == 1
    assert bob.call("leave", {"code": code}) == {"ok": True}
    assert code not in app.extensions["hall"].tables


def test_leave_is_refused_once_the_game_runs(app):
    ann, bob, code = two_players(app)
    before = state_of(app, code)
    assert english(ann.call("leave", {"code": code})["error"]) == "You cannot leave once the game has started."
    assert english(ann.call("start", {"code": code})["error"]) == "The game has already started."
    assert state_of(app, code) == before


def test_play_act_by_act_with_every_kind_of_refusal(app):
    ann, bob, code = two_players(app)
    mover = to_act([ann, bob])
    other = bob if mover is ann else ann
    snap = mover.snap()
    assert snap["state"] == "playing" and snap["view"]["hand"] and snap["legal"]
    before = state_of(app, code)
    version = snap["version"]
    refusals = [
        (
            other,
            {
                "code": code,
                "action": "play " + other.snap()["view"]["hand"][0],
                "version": version,
            },
            "It is not your turn",
        ),
        (mover, {"code": code, "action": snap["legal"][0], "version": version - 1}, "The table has changed"),
        (mover, {"code": code, "action": "play 6Z", "version": version}, "6Z is not a card"),
        (mover, {"code": code, "action": "dance", "version": version}, "not a move of this game"),
        (mover, {"code": code, "action": snap["legal"][0]}, "act needs version"),
        (mover, {"code": code, "action": snap["legal"][0], "version": "1"}, "version must be a whole number"),
        (mover, {"code": code, "action": "x" * 65, "version": version}, "action is too long"),
    ]
    held = set(cards_text(app.extensions["hall"].tables[code].game.hands[snap["you"]]))
    missing = next(c for c in ("6S", "7S", "8S", "9S", "10S") if c not in held)
    refusals.append((mover, {"code": code, "action": f"play {missing}", "version": version}, "You do not hold"))
    for client, payload, error in refusals:
        ack = client.call("act", payload)
        assert ack["ok"] is False and error in english(ack["error"]), (payload, ack)
        assert client.events("error")[-1] == {"event": "act", "error": ack["error"]}
    assert state_of(app, code) == before
    stale = [s for s in mover.events("table") if s["version"] == version]
    assert len(stale) >= 2 and stale[-1] == stale[0], "a stale act is answered with the current snapshot"
    ack = mover.call("act", {"code": code, "action": snap["legal"][0].upper(), "version": version})
    assert ack == {"ok": True, "version": version + 1}
    assert other.snap()["version"] == version + 1 and other.snap()["view"]["table"]["plays"]


def test_following_suit_is_explained_and_enforced(app):
    deal = {"hands": [["6H", "7C", "8D"], ["9H", "10C", "JD"]], "stock": [], "table": None, "shown": None}
    record = {"game": "tiny", "players": 2, "options": {"hands": 1}, "dealer": 1, "deal": deal}
    app.extensions["hall"].journal.save_deal("FFFF-FFFF", record)
    ann, bob = Client(app), Client(app)
    code = ann.call("create", {"deal": "FFFF-FFFF", "name": "Ann"})["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    ann.call("start", {"code": code})
    snap = ann.snap()
    assert snap["view"]["hand"] == ["6H", "7C", "8D"] and snap["legal"] == ["play 6H", "play 7C", "play 8D"]
    assert ann.call("act", {"code": code, "action": "play 6H", "version": snap["version"]})["ok"]
    bsnap = bob.snap()
    assert bsnap["legal"] == ["play 9H"]
    reason = bob.call("explain", {"code": code, "action": "play 10C"})["reason"]
    assert english(reason) == "You must follow suit: you have ♥."
    assert bob.call("explain", {"code": code, "action": "play 9H"}) == {"ok": True, "reason": None}
    before = state_of(app, code)
    ack = bob.call("act", {"code": code, "action": "play 10C", "version": bsnap["version"]})
    assert ack == {"ok": False, "error": reason}
    assert state_of(app, code) == before


def test_spectators_see_the_spectator_view_and_cannot_play(app):
    ann, bob, code = two_players(app)
    eve = Client(app)
    assert eve.call("watch", {"code": code}) == {"ok": True, "code": code}
    snap = eve.snap()
    assert snap["you"] is None and snap["legal"] == [] and snap["view"]["hand"] == []
    assert ann.snap()["spectators"] == 1
    before = state_of(app, code)
    assert english(eve.call("act", {"code": code, "action": "play 6S", "version": snap["version"]})["error"]) == (
        "You are watching this table, not playing."
    )
    assert english(eve.call("explain", {"code": code, "action": "play 6S"})["error"]) == (
        "You are watching this table, not playing."
    )
    assert english(eve.call("again", {"code": code})["error"]) == "Only a player at the table can start another game."
    assert english(Client(app).call("act", {"code": code, "action": "play 6S", "version": 1})["error"]) == (
        "You are not at this table."
    )
    assert state_of(app, code) == before


def test_chat_reaches_everybody_at_the_table(app):
    ann, bob, code = two_players(app)
    eve = Client(app)
    eve.call("watch", {"code": code})
    assert bob.call("chat", {"code": code, "text": "  good luck  "}) == {"ok": True}
    assert eve.call("chat", {"code": code, "text": "hi"}) == {"ok": True}
    assert eve.call("chat", {"code": code, "text": "me again", "name": "  Eve "}) == {"ok": True}
    assert bob.call("chat", {"code": code, "text": "hello Eve", "name": "Not Bob"}) == {"ok": True}
    for client in (ann, bob, eve):
        assert client.events("chat") == [
            {"name": "Bob", "seat": 1, "text": "good luck"},
            {"name": None, "seat": None, "text": "hi"},  # the page says "spectator" in its reader's language
            {"name": "Eve", "seat": None, "text": "me again"},
            {"name": "Bob", "seat": 1, "text": "hello Eve"},  # a player speaks under his seat's name
        ]
    assert "text is too long" in english(ann.call("chat", {"code": code, "text": "x" * 301})["error"])
    assert "text must not be empty" in english(ann.call("chat", {"code": code, "text": " "})["error"])
    assert english(Client(app).call("chat", {"code": code, "text": "hi"})["error"]) == "You are not at this table."
    assert len(ann.events("chat")) == 4


def test_resume_with_the_token_restores_the_seat_in_a_new_connection(app):
    ann, code, token, hand = bob_goes_away(app)
    assert ann.snap()["seats"][1]["connected"] is False
    again = Client(app, auth={"tokens": {code: token}})
    snap = again.snap()
    assert snap["you"] == 1 and snap["view"]["hand"] == hand and snap["seats"][1]["connected"] is True
    tab = Client(app)
    assert tab.call("resume", {"code": code, "token": token}) == {
        "ok": True,
        "code": code,
        "seat": 1,
        "stood_in": False,
    }
    assert tab.snap()["view"]["hand"] == hand
    stranger = Client(app, auth={"tokens": {code: "guess", "ZZZZZZ": token}})
    assert stranger.events("error") == [] and stranger.events("table") == []
    assert english(stranger.call("resume", {"code": code, "token": "guess"})["error"]) == (
        "This seat is no longer yours (unknown token)."
    )
    assert english(stranger.call("resume", {"code": "ZZZZZZ", "token": token})["error"]) == "There is no table ZZZZZZ."
    assert stranger.events("table") == []
    assert sorted(app.extensions["hall"].tables[code].watchers.values()) == [0, 1, 1]
    garbage = Client(app, auth={"tokens": "all"})
    assert garbage.events("error")[0]["event"] == "connect" and garbage.sio.is_connected()


def test_bots_play_their_seats_and_the_game_ends(app):
    ann = Client(app)
    code = create_with_bots(ann, players=3, options={"hands": 2})["code"]
    ann.call("start", {"code": code})
    play_out(ann, code, pick=-1)
    final = ann.snap()
    assert final["view"]["result"]["winners"] and final["legal"] == []
    assert [d["hand_no"] for d in final["deal_codes"]] == [1, 2] and final["deal_code"] == final["deal_codes"][1][
        "code"
    ]
    assert app.extensions["hall"].tables[code].game.log[-1][0] in (0, 1, 2)


def test_a_hand_dealt_after_the_trump_choice_gets_one_deal_code(app):
    # Bank's trumps are chosen before the deal (hand 0, cards already shuffled): the hands list shows hands 1 and 2
    ann = Client(app)
    code = create_with_bots(ann, game="bank", options={"max_hands": 2})["code"]
    ann.call("start", {"code": code})
    play_out(ann, code)
    final = ann.snap()
    assert [d["hand_no"] for d in final["deal_codes"]] == [1, 2]
    assert len({d["code"] for d in final["deal_codes"]}) == 2


def test_play_again_keeps_seats_and_options_with_a_new_deal(app):
    ann = Client(app)
    code = create_with_bots(ann, options={"hands": 1})["code"]
    assert english(ann.call("again", {"code": code})["error"]) == "The game is not over yet."
    ann.call("start", {"code": code})
    first = app.extensions["hall"].tables[code].game
    play_out(ann, code)
    assert ann.call("again", {"code": code}) == {"ok": True}
    # read once Ann may act: the new game's snapshots, and Bot 2's lead when he leads, come on the server's own time
    # (the test failed once in a run of every server test on a busy machine; not reproduced in 15 runs since)
    snap = wait_for(lambda: ann.snap() if ann.snap()["legal"] else None, what="Ann's first turn of the new game")
    # a second "Play again" (two players pressed it together) is told the new game has begun, and changes nothing
    assert english(ann.call("again", {"code": code})["error"]).startswith("A new game has already begun")
    assert ann.snap()["version"] == snap["version"]
    assert snap["state"] == "playing" and snap["options"] == {"hands": 1}
    assert [(s["name"], s["kind"]) for s in snap["seats"]] == [("Ann", "human"), ("Bot 2", "bot")]
    game = app.extensions["hall"].tables[code].game
    assert game is not first and game.seed != first.seed and game.hand_no == 1


def test_a_bot_keeps_an_absent_humans_seat_and_hands_it_back(tmp_path):
    app = make_app(tmp_path, GRACE_SECONDS=0.05)
    ann, bob = Client(app), Client(app)
    code = create(ann, options={"hands": 5})["code"]
    token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    ann.call("start", {"code": code})
    bob.sio.disconnect()
    table = app.extensions["hall"].tables[code]
    wait_for(lambda: ann.snap()["seats"][1].get("stand_in"), what="the stand-in bot")
    assert ann.snap()["seats"][1] == {
        "seat": 1,
        "name": "Bob",
        "kind": "human",
        "connected": False,
        "bot": "random",
        "stand_in": True,
    }
    moves = len(table.game.log)
    while not any(seat == 1 for seat, _ in table.game.log[moves:]):
        wait_for(lambda: ann.snap()["legal"] or table.game.log[moves:], what="Ann's turn or the stand-in's move")
        snap = ann.snap()
        if snap["legal"]:
            ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    # Bob's page, back, learns that a bot played for him meanwhile (to tell him so); a later return does not
    assert Client(app).call("resume", {"code": code, "token": token}) == {
        "ok": True,
        "code": code,
        "seat": 1,
        "stood_in": True,
    }
    back = Client(app, auth={"tokens": {code: token}})
    assert back.snap()["you"] == 1 and back.snap()["seats"][1]["stand_in"] is False
    assert table.seats[1].bot_plays is False
    assert back.call("resume", {"code": code, "token": token})["stood_in"] is False


def test_rate_limit_refuses_a_flood(tmp_path):
    app = make_app(tmp_path, RATE_LIMIT=0.001, RATE_BURST=5)
    ann = Client(app)
    acks = [ann.call("watch", {"code": "AAAAAA"}) for _ in range(8)]
    assert [english(a["error"]) for a in acks[:5]] == ["There is no table AAAAAA."] * 5
    assert [english(a["error"]) for a in acks[5:]] == ["Too many messages: please slow down."] * 3
    assert ann.events("error")[-1] == {"event": "watch", "error": {"key": "server.slow_down"}}


def test_a_full_server_makes_room_by_forgetting_idle_tables_only(tmp_path):
    app = make_app(tmp_path, MAX_TABLES=2)
    hall = app.extensions["hall"]
    ann = Client(app)
    playing = create_with_bots(ann)["code"]
    ann.call("start", {"code": playing})
    idle = Client(app)
    waiting = create(idle)["code"]
    assert "as many tables as it can hold" in english(
        Client(app).call("create", {"game": "tiny", "name": "Cid"})["error"]
    )
    idle.sio.disconnect()
    ack = Client(app).call("create", {"game": "tiny", "name": "Cid"})
    assert ack["ok"] and sorted(hall.tables) == sorted([playing, ack["code"]]) and waiting not in hall.tables


def test_bots_pause_while_no_human_is_at_the_table(tmp_path):
    app = make_app(tmp_path, GRACE_SECONDS=0.05)
    ann = Client(app)
    created = create_with_bots(ann, players=3, options={"hands": 3})
    code = created["code"]
    ann.call("start", {"code": code})
    table = app.extensions["hall"].tables[code]
    wait_for(lambda: ann.snap()["legal"], what="Ann's turn")
    ann.sio.disconnect()
    wait_for(lambda: table.seats[0].stand_in, what="the stand-in")
    moves = len(table.game.log)
    time.sleep(0.3)
    assert len(table.game.log) == moves and not table.game.is_over
    back = Client(app, auth={"tokens": {code: created["token"]}})
    assert back.snap()["you"] == 0 and back.snap()["legal"] and table.seats[0].stand_in is False
    play_out(back, code)
    assert any(seat != 0 for seat, _ in table.game.log[moves:])


def test_an_engine_failure_refuses_the_move_and_keeps_the_game(app, monkeypatch):
    ann, bob, code = two_players(app)
    mover = to_act([ann, bob])
    before = state_of(app, code)
    snap = mover.snap()
    table = app.extensions["hall"].tables[code]
    hand = list(table.game.hands[snap["you"]])

    def broken(self, seat, action):
        self.hands[seat].clear()
        raise RuntimeError("engine bug")

    monkeypatch.setattr(type(table.game), "_perform", broken)
    ack = mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    assert ack == {"ok": False, "error": {"key": "server.act.failed"}}
    monkeypatch.undo()
    assert state_of(app, code) == before and table.game.hands[snap["you"]] == hand


def test_a_failing_bot_is_replaced_by_a_random_legal_move(app, monkeypatch):
    class Broken:
        def choose(self, view, legal, rng):
            raise ValueError("bot bug")

    monkeypatch.setitem(TINY.bots, "broken", Broken())
    ann = Client(app)
    code = create(ann, options={"hands": 1})["code"]
    ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot", "bot": "broken"})
    ann.call("start", {"code": code})
    table = app.extensions["hall"].tables[code]
    play_out(ann, code)
    assert sum(1 for seat, _ in table.game.log if seat == 1) == 3


def test_resuming_another_seat_at_the_same_table_leaves_the_first_one_away(app):
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    ann.call("start", {"code": code})
    bob.sio.disconnect()
    assert ann.call("resume", {"code": code, "token": token}) == {
        "ok": True,
        "code": code,
        "seat": 1,
        "stood_in": False,
    }
    seats = ann.snap()["seats"]
    assert ann.snap()["you"] == 1 and [s["connected"] for s in seats] == [False, True]
    assert app.extensions["hall"].tables[code].seats[0].away_epoch == 1


def test_requests_at_the_wrong_moment_are_refused_and_change_nothing(app):
    ann, bob = Client(app), Client(app)
    code = create(ann, options={"hands": 1})["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    waiting = state_of(app, code)
    assert (
        english(ann.call("act", {"code": code, "action": "play 6S", "version": 0})["error"])
        == "The game has not started."
    )
    assert english(ann.call("explain", {"code": code, "action": "play 6S"})["error"]) == "The game has not started."
    assert (
        english(ann.call("set_seat", {"code": code, "seat": 5, "kind": "bot"})["error"])
        == "This table has only 2 seats."
    )
    assert english(ann.call("set_seat", {"code": code, "seat": 1, "kind": "open", "bot": "random"})["error"]) == (
        "An open seat has no bot."
    )
    assert state_of(app, code) == waiting
    ann.call("start", {"code": code})
    playing = state_of(app, code)
    late = Client(app)
    assert (
        english(late.call("join", {"code": code, "name": "Cid"})["error"]) == "The game has started: you can watch it."
    )
    assert english(ann.call("set_seat", {"code": code, "seat": 1, "kind": "bot"})["error"]) == (
        "Seats can only be changed before the start."
    )
    assert state_of(app, code) == playing
    table = app.extensions["hall"].tables[code]
    while table.state == "playing":
        mover = to_act([ann, bob])
        snap = mover.snap()
        mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    over = state_of(app, code)
    snap = ann.snap()
    assert english(ann.call("act", {"code": code, "action": "play 6S", "version": snap["version"]})["error"]) == (
        "The game is over."
    )
    assert english(ann.call("leave", {"code": code})["error"]) == "You cannot leave once the game has started."
    assert state_of(app, code) == over


def test_no_snapshot_shows_a_card_hidden_from_its_seat(app):
    ann, eve = Client(app), Client(app)
    code = create_with_bots(ann, players=3, options={"hands": 2})["code"]
    eve.call("watch", {"code": code})
    ann.call("start", {"code": code})
    table = app.extensions["hall"].tables[code]
    play_out(ann, code, pick=-1)
    wait_for(lambda: eve.snap()["state"] == "over", what="the spectator to see the end")
    game = replay({**table.game.record(), "actions": []})
    hidden = [{s: {str(c) for c in game.hidden_from(s)} for s in (None, 0)}]
    for seat, action in table.game.log:
        game.apply(seat, action)
        hidden.append({s: {str(c) for c in game.hidden_from(s)} for s in (None, 0)})
    redacted = earlier = 0
    for client in (ann, eve):
        for snap in client.events("table"):
            if snap["view"] is None:
                continue
            step = snap["version"] - table.base_version
            # The events of a hand before the last deal name its cards as they were: they were gathered and dealt
            # anew, so those events tell nothing of where the cards lie now.
            deals = [i for i, e in enumerate(snap["events"]) if e.get("event") == "deal"]
            before = snap["events"][: deals[-1]] if deals else []
            current = {**snap, "events": snap["events"][len(before) :]}
            assert not hidden[step][snap["you"]].intersection(cards_in(current)), (snap["you"], step)
            redacted += sum(1 for e in current["events"] if e.get("card") == HIDDEN_CARD)
            assert not any(e.get("card") == HIDDEN_CARD for e in before), "an event of an earlier hand was redacted"
            earlier += bool(hidden[step][snap["you"]].intersection(cards_in(before)))
    assert redacted > 0
    assert earlier > 0, "no earlier hand's event named a card that lies hidden now"


def test_a_list_valued_option_is_given_at_create(app):
    ann = Client(app)
    chosen = {"advanced": True, "characters": ["QS", "KH", "AD"]}
    ack = ann.call("create", {"game": "eidex", "players": 3, "name": "Ann", "options": chosen})
    assert ack["ok"], ack
    assert ann.snap()["options"]["characters"] == ["QS", "KH", "AD"]
    assert ann.snap()["options_summary"] == chosen
    bad = ann.call(
        "create", {"game": "eidex", "players": 3, "name": "Ann", "options": {"characters": ["QS", "QS", "AD"]}}
    )
    assert bad["error"] == {"key": "eidex.option.characters", "option": {"option": "characters"}, "n": 3}
    assert (
        english(bad["error"], game="eidex")
        == "The option “Characters” takes 3 different character cards, the first player's first."
    )


def test_the_hall_sends_to_the_connections_it_names_and_skips_one_gone(app):
    """The hall's updates go straight to the connections they name (one, or several with one encoding), in the
    order sent; a connection that has gone meanwhile is skipped and the others still get theirs."""
    ann, bob, eve = Client(app), Client(app), Client(app)
    manager = app.extensions["socketio"].server.manager
    sids = [manager.sid_from_eio_sid(client.sio.eio_sid, "/") for client in (ann, bob, eve)]
    assert all(sids)
    eve.sio.disconnect()
    hall = app.extensions["hall"]
    hall.emit("chat", {"text": "hello"}, to=sids)
    hall.emit("chat", {"text": "only Bob", "n": [1, 2]}, to=sids[1])
    assert ann.events("chat") == [{"text": "hello"}]
    assert bob.events("chat") == [{"text": "hello"}, {"text": "only Bob", "n": [1, 2]}]


def test_a_deal_seed_makes_a_servers_games_repeat_run_after_run(tmp_path):
    """With ``DEAL_SEED`` set (tests, demos) a server deals the same games as another started with it: the first
    game and the one after "Play again" alike; without it every game has a seed of its own."""
    seeds = []
    for run in ("first", "second"):
        app = make_app(tmp_path / run, DEAL_SEED=7)
        ann = Client(app)
        code = create_with_bots(ann, options={"hands": 1})["code"]
        ann.call("start", {"code": code})
        first = app.extensions["hall"].tables[code].game.seed
        play_out(ann, code)
        ann.call("again", {"code": code})
        seeds.append((first, app.extensions["hall"].tables[code].game.seed))
    assert seeds[0] == seeds[1] and seeds[0][0] != seeds[0][1]
