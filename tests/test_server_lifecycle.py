"""Fair limits and the life of a table: one client cannot create tables for everybody, waiting tables nobody sits at
expire, started tables nobody plays at are put away (and come back for their players' tokens)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.messages_check import english
from tests.server_helpers import Client, create, create_with_bots, make_app, play_out, to_act, wait_for
from webapp.i18n import Renderer
from webapp.ratelimit import WindowLimit, later

pytestmark = pytest.mark.usefixtures("tiny_game")

LIMITS = {"CREATE_PER_CONNECTION": 5, "CREATE_PER_ADDRESS": 20, "OPEN_TABLES_PER_ADDRESS": 10, "MAX_TABLES": 25}


def create_until_refused(clients: list[Client], tries: int) -> tuple[int, set[str]]:
    """Every client asks ``tries`` times for a table; returns how many were made and the refusals' texts."""
    made, errors = 0, set()
    for client in clients:
        for _ in range(tries):
            ack = client.call("create", {"game": "tiny", "name": "Flood"})
            if ack["ok"]:
                made += 1
            else:
                errors.add(english(ack["error"]))
    return made, errors


SOON = "You have created many tables in a short time: try again in 10 minutes."


@pytest.mark.parametrize(
    ("open_tables", "made", "refusal"),
    [
        (10, 10, "You already have 10 tables waiting or in play: finish or leave one, then try again."),
        (1000, 20, SOON),
    ],
)
def test_one_clients_creation_flood_leaves_room_for_another_user(tmp_path, open_tables, made, refusal):
    app = make_app(tmp_path, **{**LIMITS, "OPEN_TABLES_PER_ADDRESS": open_tables})
    flooders = [Client(app, address="10.0.0.66") for _ in range(40)]
    assert create_until_refused(flooders, 10) == (made, {refusal, SOON})
    assert len(app.extensions["hall"].tables) == made < LIMITS["MAX_TABLES"]
    other = Client(app, address="10.0.0.7")
    code = create(other)["code"]
    assert other.snap()["code"] == code


def test_one_connection_may_create_only_a_few_tables_in_a_while(tmp_path):
    app = make_app(tmp_path, **LIMITS)
    ann = Client(app, address="10.0.0.5")
    assert create_until_refused([ann], 6) == (5, {SOON})
    assert english(ann.events("error")[-1]["error"]) == SOON
    assert create(Client(app, address="10.0.0.5"))["ok"]


def test_the_refusal_says_when_to_try_again():
    now = [0.0]
    limit = WindowLimit(2, 600, clock=lambda: now[0])
    assert limit.wait("a") == 0
    limit.note("a")
    now[0] = 100.0
    limit.note("a")
    now[0] = 200.0
    assert limit.wait("a") == 400 and limit.wait("b") == 0
    assert english(later(limit.wait("a"))) == "in 7 minutes"
    now[0] = 599.5
    assert english(later(limit.wait("a"))) == "in 1 second"
    now[0] = 600.0
    assert limit.wait("a") == 0
    assert english(later(45.2)) == "in 46 seconds"
    assert Renderer("ru").render(later(45.2)) == "через 46 секунд"
    assert Renderer("ru").render(later(125)) == "через 3 минуты"


def test_the_servers_own_machine_is_free_of_the_address_limits(tmp_path):
    app = make_app(tmp_path, **LIMITS)
    made, errors = create_until_refused([Client(app, address="127.0.0.1") for _ in range(4)], 5)
    assert (made, errors) == (20, set())
    assert create_until_refused([Client(app, address="127.0.0.1")], 6) == (5, {SOON})


def test_an_empty_exemption_list_exempts_no_address(tmp_path, monkeypatch):
    """``ADDRESS_LIMIT_EXEMPT=`` in the environment means no address is exempt, as the docs say (it kept the
    loopback exemption)."""
    monkeypatch.setenv("ADDRESS_LIMIT_EXEMPT", "")
    app = make_app(tmp_path, **{**LIMITS, "OPEN_TABLES_PER_ADDRESS": 1000})
    made, errors = create_until_refused([Client(app, address="127.0.0.1") for _ in range(5)], 5)
    assert made == 20 and errors == {SOON}


def sweep_twice(app: Any, minutes: float) -> None:
    """Let the sweep see the tables, then again ``minutes`` later."""
    hall = app.extensions["hall"]
    hall.sweep(now=0.0)
    hall.sweep(now=minutes * 60)


def test_a_waiting_table_nobody_sits_at_expires(tmp_path):
    app = make_app(tmp_path, EXPIRE_WAITING_MINUTES=10)
    hall, http = app.extensions["hall"], app.test_client()
    ann, bob = Client(app), Client(app)
    left = create(ann)["code"]
    kept = create(bob)["code"]
    watcher = Client(app)
    assert watcher.call("watch", {"code": left})["ok"]
    ann.sio.disconnect()
    sweep_twice(app, 9.9)
    assert left in hall.tables
    sweep_twice(app, 10)
    assert left not in hall.tables and kept in hall.tables
    assert http.get(f"/t/{left}").status_code == 404
    assert english(watcher.call("watch", {"code": left})["error"]) == f"There is no table {left}."
    hall.shut()
    assert sorted(make_app(tmp_path).extensions["hall"].tables) == [kept]


def test_a_game_nobody_plays_at_is_put_away_and_comes_back_for_its_players(tmp_path):
    app = make_app(tmp_path, CLOSE_IDLE_MINUTES=30)
    hall, http = app.extensions["hall"], app.test_client()
    ann, bob = Client(app), Client(app)
    created = create(ann)
    code = created["code"]
    bob_token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    assert ann.call("start", {"code": code})["ok"]
    mover = to_act([ann, bob])
    snap = mover.snap()
    assert mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})["ok"]
    version, hand = bob.snap()["version"], bob.snap()["view"]["hand"]
    ann.sio.disconnect()
    bob.sio.disconnect()
    sweep_twice(app, 30)
    assert code not in hall.tables
    assert http.get("/api/tables").json == []
    assert http.get(f"/t/{code}").status_code == 200
    hall.shut()

    second = make_app(tmp_path, CLOSE_IDLE_MINUTES=30)
    assert code not in second.extensions["hall"].tables
    stranger = Client(second)
    assert english(stranger.call("resume", {"code": code, "token": "x" * 32})["error"]) == f"There is no table {code}."
    assert english(stranger.call("watch", {"code": code})["error"]) == f"There is no table {code}."
    back = Client(second, auth={"tokens": {code: bob_token}})
    assert back.snap()["you"] == 1 and back.snap()["version"] == version and back.snap()["view"]["hand"] == hand
    assert code in second.extensions["hall"].tables
    second.extensions["hall"].shut()
    assert code in make_app(tmp_path).extensions["hall"].tables


def test_a_put_away_game_is_archived_after_the_resumable_hours(tmp_path):
    app = make_app(tmp_path)
    ann = Client(app)
    created = create_with_bots(ann)
    code = created["code"]
    assert ann.call("start", {"code": code})["ok"]
    ann.sio.disconnect()
    sweep_twice(app, 30)
    app.extensions["hall"].shut()
    later_app = make_app(tmp_path, RESUMABLE_HOURS=0)
    assert later_app.test_client().get(f"/t/{code}").status_code == 404
    back = Client(later_app)
    assert (
        english(back.call("resume", {"code": code, "token": created["token"]})["error"]) == f"There is no table {code}."
    )


def test_a_finished_table_nobody_is_at_closes_and_its_game_stays_in_the_history(app):
    ann = Client(app)
    code = create_with_bots(ann, options={"hands": 1})["code"]
    assert ann.call("start", {"code": code})["ok"]
    play_out(ann, code)
    spectator = Client(app)
    assert spectator.call("watch", {"code": code})["ok"]
    ann.sio.disconnect()
    sweep_twice(app, 30)
    assert code not in app.extensions["hall"].tables
    history = app.test_client().get(f"/api/history?code={code}").json
    assert len(history) == 1 and history[0]["result"] is not None


def test_the_sweep_runs_by_itself(tmp_path):
    app = make_app(tmp_path, SWEEP_SECONDS=0.02, EXPIRE_WAITING_MINUTES=0.001)
    ann = Client(app)
    code = create(ann)["code"]
    ann.sio.disconnect()
    wait_for(lambda: code not in app.extensions["hall"].tables, what="the waiting table to expire")


def test_a_game_whose_players_all_left_leaves_the_open_list_and_comes_back_with_them(app):
    http = app.test_client()
    ann = Client(app)
    ack = create_with_bots(ann)
    code = ack["code"]
    assert ann.call("start", {"code": code})["ok"]
    listed = {t["code"]: t for t in http.get("/api/tables").json}
    assert listed[code]["state"] == "playing" and listed[code]["present"] == 1
    ann.sio.disconnect()
    wait_for(lambda: code not in {t["code"] for t in http.get("/api/tables").json}, what="the table to leave the list")
    assert code in app.extensions["hall"].tables, "the table itself stays for its player to come back"
    back = Client(app, auth={"tokens": {code: ack["token"]}})
    assert back.snap()["you"] == 0
    assert code in {t["code"] for t in http.get("/api/tables").json}, "its player is back: listed again"


@pytest.fixture
def redis_url(tmp_path: Any) -> Any:
    """A Redis of its own on a free loopback port (skipped, saying so, where redis-server is not installed)."""
    import subprocess

    from bench.stack import HOST, free_port, tools, wait_port

    server = tools()["redis-server"]
    if not server:
        pytest.skip("redis-server not installed: ./test.sh installs it from Debian when it runs as root")
    port = free_port()
    proc = subprocess.Popen(
        [server, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_port(port, proc, "redis-server")
        yield f"redis://{HOST}:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def test_several_workers_count_an_address_s_tables_together(tmp_path, redis_url):
    import redis

    workers = [make_app(tmp_path / name, **{**LIMITS, "OPEN_TABLES_PER_ADDRESS": 1000}) for name in ("a", "b")]
    for app in workers:
        app.extensions["hall"].share_address_limit(redis.Redis.from_url(redis_url))
    flooders = [Client(workers[i % 2], address="10.0.0.66") for i in range(40)]
    assert create_until_refused(flooders, 10) == (20, {SOON})
    made = [len(app.extensions["hall"].tables) for app in workers]
    assert sum(made) == 20 and min(made) > 0
    assert create(Client(workers[1], address="10.0.0.7"))["ok"]


def test_chat_is_bounded_per_address_and_per_table(tmp_path):
    """Each line goes to every connection at the table: 40 spectators from one address, each within his own rate,
    took another table's player from 3 ms to 1.8 s. Lines are counted per address, then per table."""
    app = make_app(tmp_path, CHAT_PER_MINUTE=3)
    ann = Client(app, address="10.0.0.5")
    code = create(ann)["code"]
    crowd = [Client(app, address="10.0.0.66") for _ in range(4)]
    for spectator in crowd:
        spectator.call("watch", {"code": code})
    answers = [s.call("chat", {"code": code, "text": "spam"}) for s in crowd]
    assert [a["ok"] for a in answers] == [True, True, True, False]
    assert english(answers[3]["error"]).startswith("Many chat lines in the last minute: you may write again in")
    assert [ann.call("chat", {"code": code, "text": f"hi {n}"})["ok"] for n in range(4)] == [True, True, True, False]
    assert [m["text"] for m in ann.events("chat")] == ["spam"] * 3 + ["hi 0", "hi 1", "hi 2"]
