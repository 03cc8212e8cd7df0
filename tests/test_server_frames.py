"""Frames a client should never send: ordinary events named like the library's own (``connect``, ``disconnect``)
and malformed frames (nested too deeply, numbers too long, not JSON). Each is refused like an unknown event,
answered, and changes nothing."""

from __future__ import annotations

import threading

import pytest
import socketio

from tests.live import LiveServer
from tests.messages_check import english
from tests.server_helpers import Client, create, create_with_bots, make_app, state_of, wait_for

pytestmark = pytest.mark.usefixtures("tiny_game")


def send_frame(app, client: Client, frame: str) -> None:
    """Hand the server one raw Socket.IO frame from ``client`` (as the test client's own ``emit`` does)."""
    app.extensions["socketio"].server._handle_eio_message(client.sio.eio_sid, frame)


@pytest.mark.parametrize("name", ["connect", "disconnect", "connect_error", "disconnecting", "newListener"])
def test_reserved_event_names_are_refused_like_unknown_events(app, name):
    ann, bob = Client(app), Client(app)
    code = create_with_bots(ann)["code"]
    assert bob.call("watch", {"code": code})["ok"]
    ann.call("start", {"code": code})
    wait_for(lambda: ann.snap()["legal"], what="the bot to have moved and Ann to act")  # nothing else moves now
    before = state_of(app, code)
    ack = ann.call(name, {"tokens": {}})
    assert ack == {"ok": False, "error": {"key": "server.unknown_event", "event": name}}
    assert english(ack["error"]) == f"Unknown event {name!r}."
    assert ann.events("error")[-1] == {"event": name, "error": ack["error"]}
    assert state_of(app, code) == before
    assert ann.call("chat", {"code": code, "text": "still here"})["ok"]
    assert bob.events("chat")[-1]["text"] == "still here"


def test_a_connect_event_neither_resets_the_rate_limit_nor_keeps_a_seat_connected(tmp_path):
    app = make_app(tmp_path, RATE_LIMIT=0.001, RATE_BURST=5)
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    assert bob.call("join", {"code": code, "name": "Bob"})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    answers = [ann.call("connect", {}) for _ in range(3)] + [ann.call("chat", {"code": code, "text": "hi"})]
    assert [english(a["error"]) for a in answers[:3]] == ["Unknown event 'connect'."] * 3
    assert answers[3] == {"ok": False, "error": {"key": "server.slow_down"}}
    assert bob.snap()["seats"][0]["connected"] is True
    ann.sio.disconnect()
    assert bob.snap()["seats"][0]["connected"] is False
    assert len(app.extensions["hall"].connections) == 1


@pytest.mark.parametrize(
    ("frame", "error"),
    [
        ("21" + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ('22["chat",' + "[" * 65 + "]" * 65 + "]", "nested too deeply"),
        ('23["act",{"code":"AAAAAA","action":"x","version":' + "9" * 5000 + "}]", "number in the message is too long"),
        ('24["act",{"code":"AAAAAA","action":"x","version":1' + "0" * 40 + "}]", "number in the message is too long"),
        ('25["chat",{"code":', "could not be read"),
        ("26not json at all", "could not be read"),
    ],
)
def test_malformed_frames_are_answered_with_an_error(app, frame, error):
    ann = Client(app)
    code = create(ann)["code"]
    before = state_of(app, code)
    send_frame(app, ann, frame)
    assert ann.sio.acks is not None and ann.sio.acks["args"][0]["ok"] is False
    assert error in english(ann.sio.acks["args"][0]["error"])
    assert ann.events("error")[-1]["error"] == ann.sio.acks["args"][0]["error"]
    assert state_of(app, code) == before


def test_brackets_and_digits_inside_text_are_not_malformed(app):
    ann = Client(app)
    code = create(ann)["code"]
    text = "[" * 100 + "{" * 100 + "7" * 100
    assert ann.call("chat", {"code": code, "text": text}) == {"ok": True}
    assert ann.events("chat")[-1]["text"] == text


def test_a_malformed_connect_keeps_the_connection_and_says_why(app):
    deep: list = []
    for _ in range(100):
        deep = [deep]
    late = Client(app, auth={"tokens": deep})
    assert late.sio.is_connected()
    assert late.events("error") == [{"event": "connect", "error": {"key": "server.frame.nested", "limit": 64}}]
    assert english(late.call("watch", {"code": "AAAAAA"})["error"]) == "There is no table AAAAAA."


@pytest.mark.server
def test_a_live_server_answers_malformed_frames_at_once(tmp_path):
    live = LiveServer(tmp_path).start()
    errors: list[dict] = []
    got = threading.Event()
    client = socketio.Client(reconnection=False)

    def on_error(payload: dict) -> None:
        errors.append(payload)
        got.set()

    client.on("error", on_error)
    try:
        client.connect(live.url, transports=["websocket"], wait_timeout=20)
        for frame, error in (
            ("2" + "[" * 9000 + "]" * 9000, "nested too deeply"),
            ('2["act",{"version":' + "4" * 4400 + "}]", "too long"),
            ('2["connect",{}]', "Unknown event 'connect'"),
            ("2", "names no event"),
            ("2[]", "names no event"),
            ("2999[]", "names no event"),  # an ack id of its own: the client's calls count from 1
        ):
            got.clear()
            client.eio.send(frame)
            assert got.wait(5), f"no answer to {frame[:30]}"
            assert error in english(errors[-1]["error"])
        for _ in range(40):
            client.eio.send("2[]")
        assert english(client.call("watch", {"code": "AAAAAA"}, timeout=5)["error"]) == "There is no table AAAAAA."
        wait_for(live.up, what="the server to answer HTTP")
    finally:
        client.disconnect()
        log = live.stop()
    assert "Traceback" not in log and "RecursionError" not in log, log
    assert 6 <= log.count("refused a frame") <= 15, log  # one short line each, 10 in a row at most
