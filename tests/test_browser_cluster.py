"""A player's page at a table of several workers (docs/deploy.md), in Chromium through nginx: its first connection
reaches a worker that does not hold the table (a stale answer of the directory), and later the owner is drained
with SIGTERM mid-game (a rolling restart). Both times the page follows ``moved`` to the table's worker and the
player sees only the table: his seat and hand as they were, no error, and he plays on. Last, Redis goes down while
no worker holds the table: the page says it cannot be opened just now, asks again by itself, and once Redis is back
the player is at his seat with his hand.

Skipped where nginx, redis-server, PostgreSQL or Debian's chromium is missing (tests/test_cluster.py's
arrangement, :mod:`tests.cluster_helpers`)."""

from __future__ import annotations

import json
import random
import signal
import time
from typing import Any

import pytest

from bench.stack import Stack, missing
from tests.browser_helpers import DESKTOP, PROBE, Guard, chromium_browser, hand, perform, pick, require_chromium, shot
from tests.cluster_helpers import ENV, holder, open_table, worker_url

pytestmark = pytest.mark.skipif(bool(missing()), reason=str(missing()))

WATCH = """
window.seen = [];
document.addEventListener("DOMContentLoaded", () => {
  for (const id of ["toast", "connection"]) {
    const el = document.getElementById(id);
    if (!el) continue;
    const note = () => !el.hidden && window.seen.push([id, el.dataset.kind || "", el.textContent]);
    new MutationObserver(note).observe(el, { attributes: true, childList: true, characterData: true, subtree: true });
  }
});
"""
"""Every message the page shows while it is watched: the toast (an error, a reason) and the connection line."""


def my_moves(page: Any, count: int, rng: random.Random) -> None:
    """The player makes ``count`` moves by clicking, waiting for his turn each time."""
    made = 0
    while made < count:
        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)
        state = page.evaluate(PROBE)
        if state["summary"]:
            page.click("#summary-close")
            continue
        if not state["choices"]:
            continue
        perform(page, pick(state["choices"], rng), state["cardActions"])
        page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        made += 1


def at_table(page: Any) -> dict[str, Any]:
    """What the player sees of himself: his seat, his hand, the table's version."""
    body = page.evaluate("() => ({ you: document.body.dataset.you, version: document.body.dataset.version })")
    return {**body, "hand": hand(page)}


def player_page(browser: Any, stack: Stack, seat: Any) -> tuple[Any, Any, Guard, list[str], list[str]]:
    """The player's own browser on a laptop, his seat's token kept, watched (:data:`WATCH`): its context, a page,
    the guard of requests leaving the stack, the page's errors and the URLs of its WebSockets as they open."""
    ctx = browser.new_context(reduced_motion="reduce", **DESKTOP)
    guard = Guard(stack.url)
    ctx.route("**/*", guard)
    tokens = json.dumps(json.dumps({seat.code: seat.token}))
    ctx.add_init_script(f"localStorage.setItem('cardtable.tokens', {tokens})")
    ctx.add_init_script(WATCH)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    return ctx, page, guard, errors, sockets


def test_a_player_follows_his_table_between_workers_and_notices_nothing():
    require_chromium()
    with Stack(2, env=ENV, fsync=False) as stack, chromium_browser() as browser:
        seat = open_table(worker_url(stack, 0))
        assert holder(stack, seat.code) == 0
        ctx, page, guard, errors, sockets = player_page(browser, stack, seat)
        stale: list[str] = []

        def stale_first(route: Any) -> None:  # the directory's answer of a moment ago: the worker without the table
            if stale:
                route.continue_()
            else:
                stale.append(route.request.url)
                route.fulfill(json={"path": "/w/2/socket.io/"})

        page.route(f"**/api/where/{seat.code}", stale_first)
        page.goto(f"{stack.url}/t/{seat.code}")
        page.wait_for_selector("body.ready")
        page.wait_for_function("() => document.querySelectorAll('#hand .card').length > 0")
        assert [url.split("?")[0].split("/w/")[1][:1] for url in sockets[:2]] == ["2", "1"], sockets
        rng = random.Random(47)
        my_moves(page, 2, rng)
        shot(page, "cluster-followed-from-another-worker")

        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)
        before = at_table(page)
        stack.signal(0, signal.SIGTERM)  # the rolling restart: the owner drains mid-game
        stack.procs["w0"].wait(15)
        for _ in range(150):  # (Playwright's events arrive while the page is waited on, not in a plain sleep)
            if any("/w/2/" in url for url in sockets[2:]):
                break
            page.wait_for_timeout(100)
        assert any("/w/2/" in url for url in sockets[2:]), f"the page follows to the new owner: {sockets}"
        page.wait_for_function("() => document.body.classList.contains('my-turn')")
        assert at_table(page) == before, "the same seat, the same hand, the same position"
        assert holder(stack, seat.code) == 1
        shot(page, "cluster-after-the-owner-drained")
        my_moves(page, 3, rng)
        shot(page, "cluster-playing-on-at-the-new-owner")

        seen = page.evaluate("() => window.seen")
        assert not [s for s in seen if s[0] == "toast" and s[1] == "error"], seen
        shown = [s for s in seen if s[0] == "connection" and s[2] != "Connecting…"]  # (the page's first moment)
        assert not shown, f"the player was shown a connection message: {seen}"

        # Redis goes down, and the table's worker drains: nobody can take the table without its lease. The page says
        # so, keeps the seat's token, and asks again by itself: once Redis is back the player is at his table.
        stack.start_worker(0)
        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)
        before = at_table(page)
        stack.down("redis")
        stack.signal(1, signal.SIGTERM)
        stack.procs["w1"].wait(15)
        page.wait_for_selector("#connection:not([hidden]) >> text=can't be opened right now")
        shot(page, "cluster-redis-down-the-page-says-so")
        stack.up("redis")
        page.wait_for_selector("#connection", state="hidden", timeout=30_000)
        page.wait_for_function("() => document.body.classList.contains('my-turn')")
        assert at_table(page) == before, "back at his seat, the hand as it was"
        my_moves(page, 1, rng)
        assert not errors, errors
        assert not guard.outside, guard.outside
        ctx.close()


def test_a_frozen_owner_loses_the_page_no_more_than_a_few_seconds_and_a_quiet_one_none():
    """Several workers: a frozen worker (SIGSTOP) keeps its connections open and says nothing. While the player
    thinks, his live worker's beats keep the page where it is; once it is frozen, the page hears nothing, asks
    where the table went, and the player is at his seat on the other worker within 10 s, with his hand, and plays
    on (docs/deploy.md)."""
    require_chromium()
    with Stack(2, env=ENV, fsync=False) as stack, chromium_browser() as browser:
        seat = open_table(worker_url(stack, 0))
        ctx, page, guard, errors, sockets = player_page(browser, stack, seat)
        page.goto(f"{stack.url}/t/{seat.code}")
        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)
        rng = random.Random(11)
        my_moves(page, 1, rng)
        page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=30_000)
        connected = len(sockets)
        page.wait_for_timeout(9_000)  # he thinks: nothing happens at the table, yet his worker is heard from
        assert len(sockets) == connected, f"a quiet table's page stays on its live worker: {sockets}"

        before = at_table(page)
        stack.signal(0, signal.SIGSTOP)
        frozen = time.monotonic()
        try:
            while time.monotonic() - frozen < 10 and not any("/w/2/" in url for url in sockets[connected:]):
                page.wait_for_timeout(100)
            assert any("/w/2/" in url for url in sockets[connected:]), f"the page went to the live worker: {sockets}"
            page.wait_for_function("() => document.body.classList.contains('my-turn')")
            back = time.monotonic() - frozen
            assert back < 10, f"at his seat again {back:.1f} s after his worker froze"
            assert at_table(page) == before, "the same seat, the same hand, the same position"
            assert holder(stack, seat.code) == 1
            shot(page, "cluster-after-the-owner-froze")
            my_moves(page, 2, rng)
        finally:
            stack.signal(0, signal.SIGCONT)
        seen = page.evaluate("() => window.seen")
        assert not [s for s in seen if s[0] == "toast" and s[1] == "error"], seen
        assert not errors, errors
        assert not guard.outside, guard.outside
        ctx.close()
        print(f"at his seat again {back:.1f} s after his worker froze")
