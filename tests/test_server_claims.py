"""Taking an away player's seat from another device (``claim``, ``answer_claim``): a phone gone flat, its player back
on a laptop; a player at the table says yes, or nobody is there to ask and a bot already plays for the seat."""

from __future__ import annotations

import time

import pytest

from tests.messages_check import english
from tests.server_helpers import Client, bob_goes_away, create, create_with_bots, make_app, two_players, wait_for

pytestmark = pytest.mark.usefixtures("tiny_game")


@pytest.fixture
def app_config():
    """No grace before an away seat may be asked for: these tests are about what happens after it."""
    return {"CLAIM_GRACE_SECONDS": 0}


def laptop(app, code: str) -> Client:
    """A new device that opens the table's link: it watches."""
    client = Client(app)
    assert client.call("watch", {"code": code})["ok"]
    return client


def test_a_player_lets_the_laptop_take_the_away_seat_and_the_old_token_stops_working(app):
    ann, code, old, hand = bob_goes_away(app)
    new = laptop(app, code)
    assert new.call("claim", {"code": code, "seat": 1, "name": "Bob"}) == {"ok": True, "seat": 1, "token": None}
    assert ann.snap()["claims"] == [{"seat": 1, "name": "Bob"}]
    assert new.snap()["you"] is None  # asked, not seated yet

    assert ann.call("answer_claim", {"code": code, "seat": 1, "allow": True}) == {"ok": True}
    [answer] = new.events("claim_answer")
    assert answer["answer"] == "allowed" and answer["by"] == 0 and answer["code"] == code and answer["seat"] == 1
    snap = new.snap()
    assert snap["you"] == 1 and snap["view"]["hand"] == hand and snap["seats"][1]["connected"] is True
    assert ann.snap()["claims"] == [] and ann.snap()["seats"][1]["connected"] is True

    # the phone, charged again, is no longer at the seat; the laptop's token is
    assert english(Client(app).call("resume", {"code": code, "token": old})["error"]).startswith(
        "This seat is no longer yours"
    )
    again = Client(app)
    assert again.call("resume", {"code": code, "token": answer["token"]})["seat"] == 1
    # the new token is journalled: it brings the seat back after a restart too
    table = app.extensions["hall"].tables[code]
    assert app.extensions["hall"].journal.open_table(code)["seats"][1]["token_hash"] == table.seats[1].token_hash


def test_a_refusal_leaves_the_seat_to_its_player(app):
    ann, code, old, hand = bob_goes_away(app)
    stranger = laptop(app, code)
    stranger.call("claim", {"code": code, "seat": 1})
    assert ann.snap()["claims"] == [{"seat": 1, "name": None}]
    assert ann.call("answer_claim", {"code": code, "seat": 1, "allow": False}) == {"ok": True}
    assert stranger.events("claim_answer") == [{"code": code, "seat": 1, "by": 0, "answer": "refused"}]
    assert stranger.snap()["you"] is None and ann.snap()["claims"] == []
    # and the same page does not ask again
    assert english(stranger.call("claim", {"code": code, "seat": 1})["error"]) == (
        "The players said no to your request for Player 2's seat."
    )
    assert ann.snap()["claims"] == []
    back = Client(app)
    assert back.call("resume", {"code": code, "token": old})["seat"] == 1
    assert back.snap()["view"]["hand"] == hand
    # answered once: a second answer finds nothing to answer
    assert english(ann.call("answer_claim", {"code": code, "seat": 1, "allow": True})["error"]) == (
        "That request is no longer open."
    )


def test_the_player_coming_back_first_ends_the_request(app):
    ann, code, old, _ = bob_goes_away(app)
    new = laptop(app, code)
    new.call("claim", {"code": code, "seat": 1})
    Client(app, auth={"tokens": {code: old}})
    assert new.events("claim_answer") == [{"code": code, "seat": 1, "answer": "back"}]
    assert ann.snap()["claims"] == []
    assert not ann.call("answer_claim", {"code": code, "seat": 1, "allow": True})["ok"]
    assert new.snap()["you"] is None


def test_a_spectator_who_resumes_a_seat_of_his_own_drops_his_request(app):
    ann = Client(app)
    code = create(ann, players=3)["code"]
    bob, cleo = Client(app), Client(app)
    bob.call("join", {"code": code, "name": "Bob"})
    token = cleo.call("join", {"code": code, "name": "Cleo"})["token"]
    ann.call("start", {"code": code})
    bob.sio.disconnect()
    cleo.sio.disconnect()
    page = laptop(app, code)
    page.call("claim", {"code": code, "seat": 1})
    assert page.call("resume", {"code": code, "token": token})["seat"] == 2
    assert ann.snap()["claims"] == []
    assert not ann.call("answer_claim", {"code": code, "seat": 1, "allow": True})["ok"]
    assert page.snap()["you"] == 2


def test_a_request_ends_with_the_spectator_who_made_it(app):
    ann, code, _, _ = bob_goes_away(app)
    new = laptop(app, code)
    new.call("claim", {"code": code, "seat": 1})
    assert ann.snap()["claims"] != []
    new.sio.disconnect()
    wait_for(lambda: ann.snap()["claims"] == [], what="the request gone with its page")
    other = laptop(app, code)
    other.call("claim", {"code": code, "seat": 1})
    assert other.call("leave", {"code": code}) == {"ok": True}
    assert ann.snap()["claims"] == []


@pytest.mark.parametrize(
    ("who", "seat", "error"),
    [
        ("ann", 1, "You already have a seat at this table."),
        ("laptop", 0, "Player 1 is at the table: only the seat of a player who is away, or a bot's, may be taken."),
        ("laptop", 2, "This table has only 2 seats."),
        ("second", 1, "Another spectator has already asked for Player 2's seat."),
    ],
)
def test_refused_requests_change_nothing(app, who, seat, error):
    ann, code, _, _ = bob_goes_away(app)
    first = laptop(app, code)
    first.call("claim", {"code": code, "seat": 1})
    clients = {"ann": ann, "laptop": laptop(app, code), "second": laptop(app, code)}
    before = ann.snap()["claims"]
    ack = clients[who].call("claim", {"code": code, "seat": seat})
    assert english(ack["error"]) == error
    assert ann.snap()["claims"] == before == [{"seat": 1, "name": None}]


def test_only_a_seated_player_answers_and_only_an_open_game_takes_requests(app):
    ann, bob, code = two_players(app)
    assert english(laptop(app, code).call("claim", {"code": code, "seat": 1})["error"]) == (
        "Player 2 is at the table: only the seat of a player who is away, or a bot's, may be taken."
    )
    bob.sio.disconnect()
    asker, other = laptop(app, code), laptop(app, code)
    asker.call("claim", {"code": code, "seat": 1})
    assert english(other.call("answer_claim", {"code": code, "seat": 1, "allow": True})["error"]) == (
        "You are watching this table, not playing."
    )
    assert asker.snap()["you"] is None

    host = Client(app)
    waiting = create(host)["code"]
    assert english(laptop(app, waiting).call("claim", {"code": waiting, "seat": 1})["error"]) == (
        "The game has not begun: sit down in an open seat."
    )


def test_only_another_player_may_answer_and_never_within_the_grace(tmp_path):
    """Ann's second page (a spectator, on the same browser: it shows Ann's token of another table) asks for Bob's
    seat: not while Bob may be reloading; after that Ann's yes is not a yes, Cleo's is; a "no" holds for the
    client, not for one connection."""
    app = make_app(tmp_path, CLAIM_GRACE_SECONDS=0.3)
    try:
        ann, bob, cleo = Client(app), Client(app), Client(app)
        other = create(ann)
        code = create(ann, players=3)["code"]
        bob.call("join", {"code": code, "name": "Bob"})
        cleo.call("join", {"code": code, "name": "Cleo"})
        ann.call("start", {"code": code})
        bob.sio.disconnect()
        second = Client(app, auth={"tokens": {other["code"]: other["token"]}})
        second.call("watch", {"code": code})
        assert english(second.call("claim", {"code": code, "seat": 1, "name": "Bob"})["error"]) == (
            "Player 2 left only a moment ago (a page reloading, a phone locked): their seat may be asked for "
            "in 1 second."
        )
        time.sleep(0.35)
        assert second.call("claim", {"code": code, "seat": 1, "name": "Bob"})["ok"]
        assert english(ann.call("answer_claim", {"code": code, "seat": 1, "allow": True})["error"]) == (
            "This request comes from your own device or network: only another player may let them sit."
        )
        assert second.snap()["you"] is None and cleo.snap()["claims"] == [{"seat": 1, "name": "Bob"}]
        assert cleo.call("answer_claim", {"code": code, "seat": 1, "allow": False}) == {"ok": True}
    finally:
        app.extensions["hall"].shut()


def test_a_refusal_holds_for_the_client_not_one_connection(app):
    ann, code, _, _ = bob_goes_away(app)
    pest = Client(app, address="203.0.113.7")
    pest.call("watch", {"code": code})
    pest.call("claim", {"code": code, "seat": 1})
    ann.call("answer_claim", {"code": code, "seat": 1, "allow": False})
    pest.sio.disconnect()
    again = Client(app, address="203.0.113.7")
    again.call("watch", {"code": code})
    assert english(again.call("claim", {"code": code, "seat": 1})["error"]) == (
        "The players said no to your request for Player 2's seat."
    )
    assert ann.snap()["claims"] == []


def test_at_a_game_against_bots_only_the_invite_links_holder_takes_the_away_seat_past_the_grace(tmp_path):
    app = make_app(tmp_path, GRACE_SECONDS=0.2, CLAIM_GRACE_SECONDS=0.3, BOT_DELAY=0.05)
    try:
        ann = Client(app)
        created = create_with_bots(ann, players=3, options={"hands": 5})
        code, invite = created["code"], created["invite"]
        ann.call("start", {"code": code})
        ann.sio.disconnect()
        new = laptop(app, code)
        # nobody is at the table to ask, and Ann left a moment ago (she may be reloading her page): not even the link
        assert english(new.call("claim", {"code": code, "seat": 0, "invite": invite})["error"]) == (
            "Player 1 left only a moment ago (a page reloading, a phone locked): their seat may be asked for "
            "in 1 second."
        )
        wait_for(lambda: new.snap()["seats"][0].get("stand_in"), what="the stand-in bot")
        time.sleep(0.35)
        # a stranger who watches with only the code may not take it: only the invite link's holder
        assert english(new.call("claim", {"code": code, "seat": 0, "name": "Eve"})["error"]) == (
            "No other player is at the table to let you in: Player 1's seat waits for its player, who comes back on "
            "his own device, or for a friend with the table's invite link."
        )
        ack = new.call("claim", {"code": code, "seat": 0, "name": "Ann", "invite": invite})
        assert ack["ok"] and ack["seat"] == 0 and ack["token"]
        snap = new.snap()
        assert snap["you"] == 0 and snap["seats"][0]["stand_in"] is False and snap["claims"] == []
        table = app.extensions["hall"].tables[code]
        assert not table.seats[0].bot_plays
        # the stand-in has stopped: on her turn the table waits for her
        wait_for(lambda: new.snap()["legal"] or new.snap()["state"] == "over", what="her turn")
        version = new.snap()["version"]
        time.sleep(0.3)
        assert new.snap()["state"] == "playing" and new.snap()["version"] == version
    finally:
        app.extensions["hall"].shut()


def test_a_friend_who_came_late_plays_in_a_bots_place_with_a_players_yes(app):
    ann = Client(app)
    code = create_with_bots(ann, players=3, options={"hands": 5})["code"]
    ann.call("start", {"code": code})
    cleo = laptop(app, code)
    assert english(cleo.call("claim", {"code": code, "seat": 2})["error"]) == (
        "Give your name to play in a bot's place."
    )
    assert cleo.call("claim", {"code": code, "seat": 2, "name": "Cleo"}) == {"ok": True, "seat": 2, "token": None}
    assert ann.snap()["claims"] == [{"seat": 2, "name": "Cleo"}]
    assert ann.call("answer_claim", {"code": code, "seat": 2, "allow": True}) == {"ok": True}
    [answer] = cleo.events("claim_answer")
    assert answer["answer"] == "allowed" and answer["token"]
    snap = cleo.snap()
    assert snap["you"] == 2 and snap["view"]["hand"]
    assert snap["seats"][2] == {"seat": 2, "name": "Cleo", "kind": "human", "connected": True, "stand_in": False}
    table = app.extensions["hall"].tables[code]
    assert not table.seats[2].bot_plays

    def cleos_turn() -> bool:
        snap = ann.snap()
        if snap["legal"]:
            ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
        return bool(cleo.snap()["legal"])

    # her turn waits for her: the bot no longer moves there
    wait_for(cleos_turn, what="Cleo's turn")
    version = table.version
    time.sleep(0.2)
    assert table.version == version and cleo.snap()["legal"]
    assert Client(app).call("resume", {"code": code, "token": answer["token"]})["seat"] == 2


def test_a_bots_seat_is_never_taken_without_a_player_to_say_yes(app):
    ann = Client(app)
    code = create_with_bots(ann, players=2)["code"]
    ann.call("start", {"code": code})
    ann.sio.disconnect()
    ack = laptop(app, code).call("claim", {"code": code, "seat": 1, "name": "Cleo"})
    assert english(ack["error"]) == (
        "No player is at the table to let you in: a bot's seat is taken only with a player's yes."
    )
    assert app.extensions["hall"].tables[code].seats[1].kind == "bot"


def test_a_players_other_device_is_his_own_client_and_his_yes_is_no_consent(tmp_path):
    """Ann's laptop and phone are one player (the same key): the phone, watching, asks for Bob's seat; Ann's own
    seat may not say yes to it (it would give her Bob's hand), Cleo may."""
    app = make_app(tmp_path, CLAIM_GRACE_SECONDS=0.2)
    try:
        http = app.test_client()
        key = http.post("/api/me", json={"name": "Ann"}, headers={"Origin": "http://localhost"}).get_json()["key"]
        ann, bob, cleo = Client(app, auth={"player": key}), Client(app), Client(app)
        code = create(ann, players=3)["code"]
        bob.call("join", {"code": code, "name": "Bob"})
        cleo.call("join", {"code": code, "name": "Cleo"})
        ann.call("start", {"code": code})
        bob.sio.disconnect()
        phone = Client(app, auth={"player": key})
        assert phone.call("watch", {"code": code})["ok"]
        time.sleep(0.25)
        assert phone.call("claim", {"code": code, "seat": 1, "name": "Bob"})["ok"]
        assert english(ann.call("answer_claim", {"code": code, "seat": 1, "allow": True})["error"]) == (
            "This request comes from your own device or network: only another player may let them sit."
        )
        assert phone.snap()["you"] is None
        assert cleo.call("answer_claim", {"code": code, "seat": 1, "allow": True}) == {"ok": True}
    finally:
        app.extensions["hall"].shut()
