"""Bot levels at the table, bots thinking in the worker pool, and hints (issue 18)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from tests.live import ROOT
from tests.messages_check import english
from tests.server_helpers import Client, create, make_app, wait_for
from tests.test_server_bots import bell_game, bell_table  # noqa: F401 (a fixture)
from webapp.thinking import SERVER_CHECK_SECONDS, WORKER_NICENESS, Job, Thinker, think

pytestmark = pytest.mark.usefixtures("tiny_game")


def bailiff_with_bots(app: Any, level: str | None = None, bots: int = 2, human: bool = False) -> tuple[Client, str]:
    """Ann hosts a Bailiff table of three: bots in the other seats at ``level`` (the table's default if none), or a
    human Bob in seat 1 (``human``); not started."""
    ann = Client(app)
    payload = {"game": "bailiff", "players": 1 + bots, "name": "Ann", **({"level": level} if level else {})}
    ack = ann.call("create", payload)
    assert ack["ok"], ack
    for seat in range(1, 1 + bots):
        if human and seat == 1:
            assert Client(app).call("join", {"code": ack["code"], "name": "Bob"})["ok"]
        else:
            assert ann.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"})["ok"]
    return ann, ack["code"]


def error_key(ack: dict[str, Any]) -> str:
    assert not ack["ok"], ack
    return ack["error"]["key"]


def test_the_level_chosen_at_create_is_each_bot_seats_and_an_unknown_one_is_refused(app):
    ann, code = bailiff_with_bots(app, "hard")
    seats = ann.snap()["seats"]
    assert [s.get("bot") for s in seats] == [None, "hard", "hard"]
    assert ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot", "bot": "easy"})["ok"]
    assert ann.snap()["seats"][2]["bot"] == "easy"
    assert ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot", "bot": "heuristic"})["ok"]
    assert ann.snap()["seats"][2]["bot"] == "normal", "an older name of a level is shown as the level"
    assert error_key(ann.call("set_seat", {"code": code, "seat": 2, "kind": "bot", "bot": "expert"})) == (
        "server.seats.no_bot"
    )
    refused = Client(app).call("create", {"game": "bailiff", "name": "Cid", "level": "grandmaster"})
    assert error_key(refused) == "server.payload.one_of"
    assert english(refused["error"]) == "level must be one of easy, normal, hard."


def test_without_a_level_bots_play_normal(app):
    ann, _ = bailiff_with_bots(app)
    assert [s.get("bot") for s in ann.snap()["seats"]] == [None, "normal", "normal"]


def test_a_stand_in_plays_at_the_tables_level_also_after_a_restart(tmp_path):
    app = make_app(tmp_path, GRACE_SECONDS=0)
    ann, code = bailiff_with_bots(app, "easy", human=True)
    hall = app.extensions["hall"]
    table = hall.tables[code]
    bob_sid = next(sid for sid, seat in table.watchers.items() if seat == 1)
    assert ann.call("start", {"code": code})["ok"]
    hall.disconnect(bob_sid)
    wait_for(lambda: table.seats[1].stand_in, what="a stand-in for Bob")
    assert ann.snap()["seats"][1]["bot"] == "easy"
    hall.shut()
    again = make_app(tmp_path, GRACE_SECONDS=3600)
    try:
        restored = again.extensions["hall"].table(code)
        assert restored.level == "easy"
        assert restored.seats[1].bot == "easy"
    finally:
        again.extensions["hall"].shut()


class Recording(Thinker):
    """The in-process thinker, keeping every job and its answer; ``meanwhile`` runs once, while the first bot move
    is being thought about."""

    def __init__(self, sleep: Any, meanwhile: Any = None):
        super().__init__(0, sleep)
        self.jobs: list[tuple[Job, Any]] = []
        self.meanwhile = meanwhile

    def wait(self, future: Any) -> Any:
        if self.meanwhile is not None:
            change, self.meanwhile = self.meanwhile, None
            change()
        return super().wait(future)

    def submit(self, job: Job, owner: Any = ("", "")) -> Any:
        future = super().submit(job, owner)
        self.jobs.append((job, future.result()))
        return future


@pytest.mark.usefixtures("bell_game")
def test_a_bots_move_thought_about_while_the_table_changed_is_thrown_away(app):
    """While the bot thinks about its card, Ann rings her bell (an any-time power): the bot's answer for the old
    position is dropped, and it thinks again from the new one before it plays."""
    hall = app.extensions["hall"]
    recording = Recording(hall.sleep)
    hall.thinker = recording
    ann, code, table = bell_table(app, ["quiet"])

    def ann_leads() -> bool:
        """Ann's turn with no card on the table (so the bot answers her card); else she plays on."""
        with table.lock:
            game = table.current()
            if game.to_act() != (0,) or table.bot_busy:
                return False
            if not game.trick and len(game.hands[0]) > 1:
                return True
            hall.play.apply(table, 0, next(a for a in game.legal_actions(0) if a != "ring"))
            hall.changed(table)
            return False

    wait_for(ann_leads, what="Ann to lead")

    def ann_rings() -> None:
        with table.lock:
            hall.play.apply(table, 0, "ring")
            hall.changed(table)

    recording.meanwhile = ann_rings
    snap = ann.snap()
    card = next(a for a in snap["legal"] if a != "ring")
    start = len(table.current().log)
    recording.jobs.clear()
    assert ann.call("act", {"code": code, "action": card, "version": snap["version"]})["ok"]
    wait_for(lambda: len(table.current().log) >= start + 3, what="the bot's card")
    log = table.current().log[start : start + 3]
    assert log[:2] == [(0, card), (0, "ring")] and log[2][0] == 1
    chosen = [(job, answer) for job, answer in recording.jobs if job.kind == "choose"]
    (stale, _), (fresh, answer) = chosen[:2]
    moves = [int(job.seed.split(":")[1]) for job in (stale, fresh)]
    assert moves == [start + 1, start + 2], "asked again at the position after the bell"
    assert log[2] == (1, answer)


def test_bots_think_in_the_pool_and_their_moves_are_applied_like_a_players(tmp_path):
    """With a worker process, every bot move of a game comes from the pool (the same answer the job gives anywhere:
    reproducible) and is journalled and sent like a player's."""
    app = make_app(tmp_path, BOT_WORKERS=1)
    hall = app.extensions["hall"]
    jobs: list[Job] = []
    submit = hall.thinker.submit

    def spy(job: Job, owner: Any) -> Any:
        jobs.append(job)
        return submit(job, owner)

    hall.thinker.submit = spy  # type: ignore[method-assign]
    try:
        ann, code = bailiff_with_bots(app, "normal")
        assert ann.call("start", {"code": code})["ok"]
        table = hall.tables[code]

        def a_bot_moved() -> bool:
            snap = ann.snap()
            if snap["legal"]:
                ann.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
            return any(seat != 0 for seat, _ in table.current().log)

        wait_for(a_bot_moved, timeout=30, what="a bot move")  # a niced worker on a busy machine
        pool = hall.thinker._pool
        assert pool is not None and pool._processes, "a worker process was started"
        for pid in pool._processes:  # a busy pool never slows the answers to players
            assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + WORKER_NICENESS
        bot_moves = [(s, a) for s, a in table.current().log if s != 0]
        first = next(j for j in jobs if j.kind == "choose")
        assert think(first) == bot_moves[0][1], "the move applied is the pool's answer to the seat's job"
        with table.lock:
            log = [list(move) for move in table.current().log]
            journalled = hall.journal.open_table(code)["current"]["record"]["actions"]
        assert [list(move) for move in journalled] == log, "every bot move journalled like a player's"
    finally:
        hall.shut()
    assert hall.thinker._pool is None, "the pool is shut down with the hall"


def test_a_hint_only_for_your_own_seat_when_it_may_act(app):
    ann, code = bailiff_with_bots(app, bots=1, human=True)
    hall = app.extensions["hall"]
    table = hall.tables[code]
    bob = Client(app)
    assert bob.call("watch", {"code": code})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    game = table.current()
    waiting = game.to_act()[0]
    sids = {seat: sid for sid, seat in table.watchers.items() if seat is not None}
    other = 1 - waiting
    answer = hall.run("hint", sids[waiting], {"code": code})
    assert answer["action"] in game.legal_actions(waiting)
    assert answer["version"] == table.version
    assert answer["reason"]["key"].startswith("hint.")
    with pytest.raises(Exception) as refused:
        hall.run("hint", sids[other], {"code": code})
    assert refused.value.reason["key"] == "server.hint.not_your_turn"  # type: ignore[attr-defined]
    assert error_key(bob.call("hint", {"code": code})) == "server.table.watching"
    assert error_key(ann.call("hint", {"code": code, "seat": waiting})) == "server.payload.unknown_field"
    stranger = Client(app)
    assert error_key(stranger.call("hint", {"code": code})) == "server.table.not_here"


def test_a_hint_on_the_socket_answers_the_asker_and_refusals_come_as_error_events(app):
    ann = Client(app)
    code = create(ann)["code"]
    assert error_key(ann.call("hint", {"code": code})) == "server.game.not_started"
    assert any(e["event"] == "hint" for e in ann.events("error"))


def test_a_journal_from_before_the_levels_loads_its_smart_bots_as_normal(tmp_path):
    """Journals written before the levels name the heuristic bot ``heuristic`` and keep no level for human seats:
    such a table comes back with Normal bots, which play on."""
    app = make_app(tmp_path)
    ann = Client(app)
    ack = ann.call("create", {"game": "bailiff", "players": 3, "name": "Ann"})
    code = ack["code"]
    for seat in (1, 2):
        assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot"})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    app.extensions["hall"].shut()
    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    with db:
        db.execute("UPDATE seats SET bot = CASE kind WHEN 'bot' THEN 'heuristic' END WHERE code = ?", (code,))
    db.close()
    again = make_app(tmp_path)
    try:
        back = Client(again, auth={"tokens": {code: ack["token"]}})
        table = again.extensions["hall"].tables[code]
        assert table.level == "normal" and [s.bot for s in table.seats] == [None, "heuristic", "heuristic"]
        assert [s.get("bot") for s in back.snap()["seats"]] == [None, "normal", "normal"]
        before = len(table.current().log)

        def bots_played() -> bool:
            snap = back.snap()
            if snap["legal"]:
                back.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
            return any(seat != 0 for seat, _ in table.current().log[before:])

        wait_for(bots_played, what="the old bots to play")
    finally:
        again.extensions["hall"].shut()


def test_a_worker_that_dies_is_replaced_and_bots_think_on(tiny_game: None) -> None:
    """A bot worker killed (out of memory, an operator's kill) breaks the pool: the job it held fails (the bot
    plays a random legal move), and the next job runs in a new pool with the same answer as before."""
    from engine.registry import get_game

    game = get_game("bailiff").new(3, {}, 7)
    seat = game.to_act()[0]
    job = Job("choose", "bailiff", "normal", game.view(seat), game.legal_actions(seat), "7:0:0")
    thinker = Thinker(1, time.sleep)
    try:
        answer = thinker.run(job)
        assert thinker._pool is not None
        (pid,) = list(thinker._pool._processes)
        os.kill(pid, signal.SIGKILL)
        answers = []
        for _ in range(3):
            try:
                answers.append(thinker.run(job))
                break
            except BrokenProcessPool:
                answers.append(None)
        assert answers[-1] == answer, "a new pool thinks on"
        assert pid not in thinker._pool._processes
    finally:
        thinker.shut()


KILLED_SERVER = """
import os, sys, time
from webapp.thinking import Thinker
thinker = Thinker(1, time.sleep)
pool = thinker._pool
pool.submit(os.getpid).result(timeout=60)
print(*pool._processes, flush=True)
os.kill(os.getpid(), 9)
"""
"""A process that starts a pool of one bot worker, says the worker's id, and is killed outright (kill -9)."""


def test_a_server_killed_outright_leaves_no_bot_worker_behind():
    """After a kill -9 of the server the pool's worker ends by itself within a few seconds (it would otherwise sit
    forever holding its memory: each worker keeps the pool's queue open for the others)."""
    done = subprocess.run(
        [sys.executable, "-c", KILLED_SERVER], capture_output=True, text=True, timeout=30, cwd=ROOT, check=False
    )
    assert done.returncode == -signal.SIGKILL, done.stderr
    worker = int(done.stdout.split()[0])
    deadline = time.monotonic() + 3 * SERVER_CHECK_SECONDS + 5
    while alive(worker):
        assert time.monotonic() < deadline, "the bot worker outlived its server"
        time.sleep(0.1)


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie not reaped yet counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False
