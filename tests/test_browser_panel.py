"""The game's panel (its table by the seats: bets, contract, points, characters) keeps its rows when the coach, a
suggestion or the buttons need room, in the three places it collapsed to its header row, scrolling within itself with
nothing to show it: the Bank lesson on a laptop, Blot on a phone held sideways with a suggestion shown, and the
Cosmic Eidex characters on a phone held sideways. At each of the player's turns looked at, the panel shows its header
and its first row whole (or all of itself, when shorter), and when it holds more it scrolls with a shade at its foot.
Screenshots ``panel-<case>.png``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import socketio

from tests.browser_helpers import (
    PROBE,
    Guard,
    browser_server,
    chromium_browser,
    painted,
    perform,
    pick,
    play_now,
    shot,
)

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
TURNS = 6
"""The player's turns looked at in each case."""

PANEL = """() => {
    const extra = document.getElementById('extra');
    if (!extra.children.length || !extra.getClientRects().length) return {empty: true};
    const e = extra.getBoundingClientRect();
    const style = getComputedStyle(extra);
    const first = extra.querySelector('tbody tr') || extra.firstElementChild;
    const content = [...extra.children].reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
    const scrolls = extra.scrollHeight > extra.clientHeight + 1;
    return {
        empty: false,
        shown: Math.round(e.height), content: Math.round(content),
        gaveWay: extra.style.getPropertyValue('--extra-h') === '0px',
        firstShown: first.getBoundingClientRect().bottom <= e.bottom + 1 && e.bottom <= innerHeight + 1,
        scrolls, scrollable: ['auto', 'scroll'].includes(style.overflowY),
        shade: style.backgroundImage.includes('gradient'),
    };
}"""
"""How much of the game's panel shows: its height and its content's, whether its first row (under the header) is
whole on the screen, whether it holds more than it shows, can scroll and has the shade that says so."""


def assert_panel_keeps_its_rows(page: Any, where: str) -> dict[str, Any]:
    # the layout is fitted by a ResizeObserver, which runs after the frame's animation callbacks (where the wait for
    # the suggestion saw it appear): the panel is measured once the next frame has been laid out
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    panel = painted(page, PANEL)
    if panel["empty"]:
        return panel
    if panel["gaveWay"]:  # your moves needed the room (seats/fit.js keepPanelRows): the panel scrolls, and shows it
        assert panel["scrollable"] and panel["shade"], f"{where}: the panel hides rows with nothing to show it: {panel}"
        return panel
    assert panel["firstShown"], f"{where}: the game's panel is cut to its header row: {panel}"
    assert panel["shown"] + 1 >= min(panel["content"], 48), f"{where}: the game's panel collapsed: {panel}"
    if panel["scrolls"]:
        assert panel["scrollable"] and panel["shade"], f"{where}: the panel hides rows with nothing to show it: {panel}"
    return panel


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-panel-") as url:
        yield url


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


def new_page(chromium: Any, server: str, device: dict[str, Any], lang: str) -> tuple[Any, Any, Guard]:
    guard = Guard(server)
    ctx = chromium.new_context(reduced_motion="reduce", locale={"en": "en-GB", "ru": "ru-RU"}[lang], **device)
    ctx.route("**/*", guard)
    ctx.set_default_timeout(30_000)
    return ctx, ctx.new_page(), guard


def next_turn(page: Any) -> dict[str, Any]:
    """Wait for the player's turn (a hand's summary closed) and say what the page offers."""
    page.wait_for_selector("body.my-turn, body[data-state=over]")
    state = page.evaluate(PROBE)
    if state["summary"]:
        page.click("#summary-close")
    return state


def test_the_bank_lesson_on_a_laptop_keeps_the_panel_beside_the_coach(chromium: Any, server: str) -> None:
    """1366x768, English: the coach's words and the panel share the side; following the coach, the panel keeps its
    header and first row at each turn."""
    ctx, page, guard = new_page(chromium, server, LAPTOP, "en")
    try:
        page.goto(f"{server}/?learn=bank&lang=en")
        page.wait_for_url("**/t/*")
        looked = 0
        for turn in range(TURNS * 3):
            page.wait_for_selector(".coach-advice[data-action], body[data-state=over]")
            state = next_turn(page)
            if state["over"] or not state["choices"]:
                break
            if len(state["choices"]) > 1:
                panel = assert_panel_keeps_its_rows(page, f"Bank lesson, turn {turn}")
                looked += not panel["empty"]
                if looked == 1:
                    shot(page, "panel-bank-lesson-laptop-en")
                if looked == TURNS:
                    break
            action = page.get_attribute(".coach-advice[data-action]", "data-action")
            move = action if action in state["choices"] else state["choices"][0]
            perform(page, move, state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        assert looked, "the Bank lesson showed no game panel"
    finally:
        ctx.close()
    assert not guard.outside, guard.outside


def test_blot_on_a_phone_on_its_side_keeps_the_panel_with_a_suggestion_shown(chromium: Any, server: str) -> None:
    """844x390, Russian, suggestions on: at each of Ann's turns (the bidding and the play) she asks for a suggestion,
    and with its words shown under the buttons the panel keeps its header and first row."""
    ctx, page, guard = new_page(chromium, server, SIDEWAYS, "ru")
    rng = random.Random(8)
    try:
        page.goto(f"{server}/?lang=ru")
        page.wait_for_selector("body.ready")
        play_now(page, "blot")
        page.wait_for_url("**/t/*")
        page.wait_for_selector('body.ready[data-state="playing"]')
        page.click("#prefs summary")
        page.check("#hints-on")
        page.click("#prefs summary")
        looked = 0
        while looked < TURNS:
            state = next_turn(page)
            if state["over"]:
                break
            if not state["choices"]:
                continue
            page.click("#hint-button")
            page.wait_for_function(
                "v => !document.getElementById('hint-text').hidden || document.body.dataset.version !== v",
                arg=state["version"],
            )
            if page.locator("#hint-text").is_visible():
                if looked in (0, TURNS - 1):
                    shot(page, f"panel-blot-hint-sideways-ru-{looked + 1}")
                assert_panel_keeps_its_rows(page, f"Blot sideways, turn {looked}")
                looked += 1
                state = page.evaluate(PROBE)
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        assert looked == TURNS, f"only {looked} suggestions were shown"
    finally:
        ctx.close()
    assert not guard.outside, guard.outside


def test_the_characters_on_a_phone_on_its_side_keep_the_panel(chromium: Any, server: str) -> None:
    """844x390, Russian, Cosmic Eidex with three characters: at each of Ann's turns the characters' panel keeps its
    header and first row beside the powers' buttons."""
    client = socketio.Client(reconnection=False)
    client.connect(server, transports=["websocket"], wait_timeout=10)
    try:
        options = {"advanced": True, "characters": ["8C", "KH", "6C"]}
        reply = client.call("create", {"game": "eidex", "players": 3, "options": options, "name": "Ann"}, timeout=10)
        code, token = reply["code"], reply["token"]
        for seat in (1, 2):
            client.call("set_seat", {"code": code, "seat": seat, "kind": "bot"}, timeout=10)
        client.call("start", {"code": code}, timeout=10)
    finally:
        client.disconnect()
    ctx, page, guard = new_page(chromium, server, SIDEWAYS, "ru")
    rng = random.Random(9)
    try:
        page.goto(f"{server}/?lang=ru")
        page.evaluate("([c, t]) => localStorage.setItem('cardtable.tokens', JSON.stringify({[c]: t}))", [code, token])
        page.goto(f"{server}/t/{code}?lang=ru")
        page.wait_for_selector("body.ready[data-state='playing']")
        looked = 0
        while looked < TURNS:
            state = next_turn(page)
            if state["over"]:
                break
            if not state["choices"]:
                continue
            panel = assert_panel_keeps_its_rows(page, f"characters sideways, turn {looked}")
            assert not panel["empty"], "the characters' game shows no panel"
            looked += 1
            if looked == 1:
                shot(page, "panel-characters-sideways-ru")
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        assert looked == TURNS, f"only {looked} turns were looked at"
    finally:
        ctx.close()
    assert not guard.outside, guard.outside
