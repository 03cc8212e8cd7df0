"""Faults in clear words: a journal that cannot be used stops the server at start with one line saying what, where
and what to do; a full disk makes refusals say so, and changes nothing."""

from __future__ import annotations

import errno
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.live import ROOT, free_port
from tests.messages_check import english
from tests.server_helpers import Client, create, create_with_bots, make_app, play_out, state_of, to_act
from webapp.i18n import Renderer
from webapp.journal import JournalError

pytestmark = pytest.mark.usefixtures("tiny_game")


def start_server(data_dir: Path) -> subprocess.CompletedProcess:
    """``python server.py`` on a loopback port with ``data_dir``; it must stop by itself."""
    env = dict(os.environ, ASYNC_MODE="threading", DATA_DIR=str(data_dir), PYTHONWARNINGS="ignore")
    cmd = [sys.executable, "server.py", "--host", "127.0.0.1", "--port", str(free_port())]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def journal_with_a_table(data_dir: Path) -> Path:
    app = make_app(data_dir)
    create(Client(app))
    app.extensions["hall"].shut()
    return data_dir / "tables.sqlite3"


def assert_one_clear_line(run: subprocess.CompletedProcess, *words: str) -> None:
    assert run.returncode == 2, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("card table cannot start: "), run.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.server
def test_a_damaged_journal_stops_the_start_with_one_line(tmp_path):
    journal = journal_with_a_table(tmp_path)
    for name in ("tables.sqlite3-wal", "tables.sqlite3-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    journal.write_bytes(b"this is no database" * 100)
    assert_one_clear_line(start_server(tmp_path), str(journal), "damaged", "move it away")


@pytest.mark.server
def test_an_empty_journal_stops_the_start_with_one_line(tmp_path):
    (tmp_path / "tables.sqlite3").write_bytes(b"")
    assert_one_clear_line(start_server(tmp_path), str(tmp_path / "tables.sqlite3"), "empty (0 bytes)", "move it away")


def read_only(paths: list[Path]) -> None:
    """Make ``paths`` read-only, even for root (immutable, where the file system allows it)."""
    for path in paths:
        path.chmod(0o555 if path.is_dir() else 0o444)
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", *map(str, paths)], check=True)


def writable(paths: list[Path]) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=True)
    for path in paths:
        path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.mark.server
def test_a_read_only_journal_stops_the_start_with_one_line(tmp_path):
    journal = journal_with_a_table(tmp_path / "data")
    paths = [journal, journal.parent]
    read_only(paths)
    try:
        run = start_server(journal.parent)
    finally:
        writable(paths)
    assert_one_clear_line(run, str(journal), "read-only", "writable")
    assert sqlite3.connect(journal).execute("SELECT COUNT(*) FROM tables").fetchone()[0] == 1


@pytest.mark.server
def test_a_journal_of_a_newer_server_stops_the_start_with_one_line(tmp_path):
    journal = journal_with_a_table(tmp_path)
    db = sqlite3.connect(journal)
    db.execute("PRAGMA user_version = 99")
    db.close()
    assert_one_clear_line(start_server(tmp_path), str(journal), "newer than this server's", "another DATA_DIR")


def disk_full(*args):
    raise sqlite3.OperationalError("database or disk is full")


def test_a_full_disk_refusal_says_so_and_changes_nothing(app, monkeypatch):
    ann = Client(app)
    code = create_with_bots(ann)["code"]
    before = state_of(app, code)
    journal = app.extensions["hall"].journal
    monkeypatch.setattr(journal, "save_table", disk_full)
    monkeypatch.setattr(journal, "start_game", disk_full)
    full = {"key": "server.journal.full"}
    assert Client(app).call("create", {"game": "tiny", "name": "Bob"}) == {"ok": False, "error": full}
    assert ann.call("start", {"code": code}) == {"ok": False, "error": full}
    assert english(full) == (
        "The server's disk is full, so that could not be saved and nothing changed: tell whoever runs it."
    )
    assert "диске сервера нет места" in Renderer("ru").render(full)
    assert state_of(app, code) == before and list(app.extensions["hall"].tables) == [code]


def test_a_move_refused_by_a_full_disk_says_so(app, monkeypatch):
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    bob.call("join", {"code": code, "name": "Bob"})
    ann.call("start", {"code": code})
    mover = to_act([ann, bob])
    before = state_of(app, code)
    monkeypatch.setattr(app.extensions["hall"].journal, "add_action", disk_full)
    snap = mover.snap()
    ack = mover.call("act", {"code": code, "action": snap["legal"][0], "version": snap["version"]})
    assert ack == {"ok": False, "error": {"key": "server.journal.full.move"}}
    assert english(ack["error"]) == (
        "The server's disk is full, so the move could not be saved and nothing changed: tell whoever runs it."
    )
    assert state_of(app, code) == before


def test_a_bot_refused_by_a_full_disk_moves_once_there_is_space_again(app, monkeypatch):
    """The disk is full when the bot is to move: its move is refused twice, then the disk has room again and the
    bot moves without anybody doing anything (it used to wait for a player's resume)."""
    ann = Client(app)
    code = create_with_bots(ann)["code"]
    journal = app.extensions["hall"].journal
    written, refused = journal.add_action, []

    def full_for_the_bot(game_id, n, seat, action, *rest):
        if seat == 1 and len(refused) < 2:
            refused.append(action)
            disk_full()
        written(game_id, n, seat, action, *rest)

    monkeypatch.setattr(journal, "add_action", full_for_the_bot)
    ann.call("start", {"code": code})
    play_out(ann, code)
    assert len(refused) == 2 and ann.snap()["state"] == "over"


def no_space(*args):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("where", ["webapp.journal.sqlite.os.fsync", "webapp.journal.sqlite.shutil.disk_usage"])
def test_a_full_disk_stops_the_start_with_one_line(tmp_path, monkeypatch, where):
    """A disk with no room for the probe the start writes, or with less than a MiB free: the server does not start
    (it started, and refused every table's first write)."""
    if where.endswith("disk_usage"):
        monkeypatch.setattr(where, lambda path: SimpleNamespace(total=10**9, used=10**9, free=4096))
    else:
        monkeypatch.setattr(where, no_space)
    with pytest.raises(JournalError) as refused:
        make_app(tmp_path)
    assert "is full: free some space on it" in str(refused.value) and str(tmp_path) in str(refused.value)
