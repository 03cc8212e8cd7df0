"""Durable tables in a real browser: the finished games listed in the lobby after a restart, a finished game's
step-by-step replay, and a new table started from a finished hand's deal code.

A desktop player plays a short Bailiff against a bot to its end, the server is restarted on the same journal, the
lobby lists the game, the replay page steps through it by keyboard and buttons, and a phone player starts a table
from the hand's deal code: its first hand must deal the same cards to the same seats (checked in the journal).
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import requests

from engine.registry import get_game, replay
from tests.browser_helpers import (
    PHONE,
    PROBE,
    SHOTS,
    create_table,
    desktop_and_phone,
    hand,
    perform,
    pick,
    play_to_end,
    require_chromium,
    shot,
)
from tests.live import LiveServer
from webapp.dealcodes import deal_record

pytestmark = pytest.mark.browser

BAILIFF = get_game("bailiff")
EIDEX = get_game("eidex")
MAX_TURNS = 30
"""A Bailiff that ends after 30 turns: about 15 clicks by the desktop player."""


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    """The real server (threading mode, bots without delay) with its journal in a temporary folder."""
    require_chromium()
    server = LiveServer(Path(tempfile.mkdtemp(prefix="cardtable-history-")), mode="threading").start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def pages(live: LiveServer) -> Iterator[dict[str, Any]]:
    """A desktop and a phone page (:func:`tests.browser_helpers.desktop_and_phone`)."""
    with desktop_and_phone(live.url, ("desk", "phone"), timeout_ms=10_000) as b:
        yield {**b.pages, "guard": b.guard, "errors": b.errors}


def journal_rows(live: LiveServer, sql: str, args: tuple[Any, ...]) -> list[sqlite3.Row]:
    with sqlite3.connect(live.data_dir / "tables.sqlite3") as db:
        db.row_factory = sqlite3.Row
        return db.execute(sql, args).fetchall()


def first_hand_deal(live: LiveServer, code: str) -> dict[str, Any]:
    """The first hand dealt at table ``code``, rebuilt from the journal's record of its first game."""
    row = journal_rows(live, "SELECT record FROM games WHERE code = ? ORDER BY id LIMIT 1", (code,))[0]
    record = {**json.loads(row["record"]), "actions": []}
    return deal_record(replay(record))


def play_to_hand_summary(page: Any, rng: random.Random) -> None:
    """Take this page's turns by clicking until the hand-end summary shows (the game must not end first)."""
    for _ in range(200):
        state = page.evaluate(PROBE)
        assert not state["over"], "the game ended before a hand-end summary"
        if state["summary"]:
            return
        if state["myTurn"] and state["choices"]:
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        else:
            page.wait_for_timeout(30)
    raise AssertionError("no hand-end summary after 200 looks")


def start_with_bot(page: Any) -> None:
    page.click("#fill-bots")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_selector('body[data-state="playing"]')


def shown_step(page: Any) -> dict[str, Any]:
    """The replay page's step, action line and what its table shows (seats' card counts, the middle)."""
    return page.evaluate(
        """() => ({
            step: Number(document.body.dataset.step),
            counter: document.getElementById('replay-counter').textContent,
            action: document.getElementById('replay-action').textContent,
            actionStep: Number(document.getElementById('replay-action').dataset.step),
            counts: [...document.querySelectorAll('#ring .seat .count, #me .me-line .count')].map(
                c => [Number(c.closest('[data-seat]').dataset.seat), c.textContent.replace(/\\D/g, '')]),
            centre: document.getElementById('centre').innerHTML,
            hand: document.querySelectorAll('#hand .card').length,
        })"""
    )


def wait_step(page: Any, n: int) -> dict[str, Any]:
    page.wait_for_function("n => document.getElementById('replay-action').dataset.step === String(n)", arg=n)
    return shown_step(page)


def test_history_replay_and_deal_code_after_restart(live: LiveServer, pages: dict[str, Any]) -> None:
    desk, phone = pages["desk"], pages["phone"]
    code = create_table(desk, live.url, BAILIFF, 2, {"max_turns": MAX_TURNS})
    start_with_bot(desk)
    play_to_end({"desk": desk}, random.Random(3), "history-bailiff")

    over = desk.locator('#overlay[data-kind="over"]')
    over.wait_for()
    deal_row = over.locator(".deal-row").first
    deal = deal_row.get_attribute("data-code")
    assert deal and deal in deal_row.inner_text(), "the game-end screen shows the hand's deal code"
    assert deal_row.locator("button.deal-again").is_visible() and deal_row.locator("button.replay-hand").is_visible()
    shot(desk, "history-game-over-desktop")
    hand_no = deal_row.get_attribute("data-hand")
    deal_row.locator("button.replay-hand").click()
    desk.wait_for_url(f"**/replay/*hand={hand_no}&seat=0")
    desk.wait_for_selector("body.ready")
    assert desk.locator("#replay-deal").inner_text().endswith(deal), "the hand's replay names its deal code"
    desk.go_back()
    desk.wait_for_selector('#overlay[data-kind="over"]:not([hidden])')
    desk.click("#replay-game")
    desk.wait_for_url("**/replay/*seat=0")
    desk.wait_for_selector("body.ready")
    opened = shown_step(desk)
    assert opened["step"] == 0, "Replay this game opens at the deal"
    assert opened["hand"] > 0 and desk.locator("#replay-seat").input_value() == "0", "not from Ann's own seat"

    stderr = live.stop()
    assert "Traceback" not in stderr, stderr
    live.start()

    history = requests.get(live.url + "/api/history", timeout=5).json()
    assert requests.get(f"{live.url}/replay/{max(g['id'] for g in history) + 1}", timeout=5).status_code == 404
    game = next(g for g in history if g["code"] == code)
    for page, name in ((desk, "desktop"), (phone, "phone")):
        page.goto(live.url + "/")
        row = page.locator(f'#history tr[data-id="{game["id"]}"]')
        row.wait_for()
        text = row.inner_text()
        assert "Bailiff" in text and "Ann" in text, text
        assert ("Won:" in text or "Lost:" in text) and "Ann" in row.locator(".result").inner_text()
        shot(page, f"history-lobby-{name}")
        page.locator("#history-panel").screenshot(path=str(SHOTS / f"history-list-{name}.png"))

    desk.locator(f'#history tr[data-id="{game["id"]}"] a.replay-link').click()
    desk.wait_for_url(f"**/replay/{game['id']}*seat=0")  # Ann holds the table's token: her own seat
    desk.wait_for_selector("body.ready")
    steps = requests.get(f"{live.url}/api/history/{game['id']}?start=0&count=10", timeout=5).json()
    first = shown_step(desk)
    assert first["counter"] == f"Step 0 of {steps['total']}", first
    assert first["action"] == "The cards are dealt."

    seen = [first]
    for n in (1, 2, 3):
        desk.keyboard.press("ArrowRight")
        seen.append(wait_step(desk, n))
    desk.click("#replay-next")
    seen.append(wait_step(desk, 4))
    for n, view in enumerate(seen):
        api = steps["steps"][n]
        counts = {seat: s["cards"] for seat, s in enumerate(api["view"]["seats"])}
        shown = {**{seat: int(c) for seat, c in view["counts"]}, 0: view["hand"]}
        assert shown == counts, f"step {n}: the seats' cards differ from the journal's view"
        if n:
            seat, action = api["action"]
            assert view["action"].startswith(f"{game['names'][seat]}: "), view["action"]
            verb = {"play": "Play", "take": "Take", "draw": "Draw", "pass": "Pass"}.get(action.split()[0], "")
            assert verb in view["action"], (action, view["action"])
            assert view["counter"] == f"Step {n} of {steps['total']}"
    assert all(
        a["centre"] != b["centre"] or (a["counts"], a["hand"]) != (b["counts"], b["hand"]) for a, b in pairwise(seen)
    ), "a step did nothing"
    shot(desk, "replay-desktop")

    desk.click("#replay-prev")
    assert wait_step(desk, 3)["action"] == seen[3]["action"]
    desk.keyboard.press("ArrowLeft")
    assert wait_step(desk, 2)["centre"] == seen[2]["centre"]
    desk.keyboard.press("End")
    last = wait_step(desk, steps["total"])
    assert desk.locator("#replay-next").is_disabled() and last["counter"].startswith(f"Step {steps['total']} ")
    desk.keyboard.press("Home")
    wait_step(desk, 0)
    assert desk.locator("#replay-prev").is_disabled()

    phone.goto(f"{live.url}/replay/{game['id']}?code={code}&hand={steps['hands'][0]['hand_no']}")
    phone.wait_for_selector("body.ready")
    for _ in range(3):
        phone.click("#replay-next")
    wait_step(phone, 3)
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(phone, "replay-phone")

    original = first_hand_deal(live, code)
    assert original is not None and steps["hands"][0]["deal_code"] == deal
    phone.goto(live.url + "/")
    phone.wait_for_selector("body.ready")
    phone.fill("#deal-code", deal.lower())
    phone.fill("#deal-name", "Bea")
    phone.click("#deal-submit")
    phone.wait_for_url("**/t/*")
    phone.wait_for_selector("body.ready")
    new_code = phone.url.rsplit("/", 1)[1]
    assert new_code != code
    start_with_bot(phone)
    phone.wait_for_selector("#hand .card")
    again = first_hand_deal(live, new_code)
    assert again["deal"]["hands"] == original["deal"]["hands"] and again["dealer"] == original["dealer"]
    assert sorted(hand(phone)) == sorted(original["deal"]["hands"][0]), "seat 0 holds another hand"
    assert not pages["errors"], f"script errors: {pages['errors']}"


def test_hand_summary_plays_its_deal_again(live: LiveServer, pages: dict[str, Any]) -> None:
    """Eidex (three hands or more to 7 VP): the first hand-end summary shows the hand's deal code, and "Play this
    deal again" opens a new table whose first hand deals every seat the same cards; Ann played with bots alone, so
    the bots sit again and the game starts at once, as it was."""
    desk = pages["desk"]
    code = create_table(desk, live.url, EIDEX, 3, {})
    start_with_bot(desk)
    play_to_hand_summary(desk, random.Random(5))
    desk.reload()  # the summary a reload interrupted shows again, no card of the new hand played yet
    desk.wait_for_selector("body.ready")
    desk.wait_for_selector('#overlay[data-kind="hand"]:not([hidden])')
    line = desk.locator("#overlay-body .deal-code")
    deal = line.get_attribute("data-code")
    assert deal in line.inner_text()
    shot(desk, "history-hand-summary-desktop")
    desk.click("#summary-deal-again")
    desk.wait_for_url(lambda url: "/t/" in url and not url.endswith(code))
    desk.wait_for_selector("body.ready")
    new_code = desk.url.rsplit("/", 1)[1]
    desk.wait_for_selector('body[data-state="playing"]')
    assert desk.locator("#ring .seat").count() == 2 and desk.locator("#invite:not([hidden])").count() == 0
    original, again = first_hand_deal(live, code), first_hand_deal(live, new_code)
    assert again["deal"] == original["deal"] and again["dealer"] == original["dealer"]
    stored = journal_rows(live, "SELECT record FROM deals WHERE code = ?", (deal,))
    assert json.loads(stored[0]["record"])["deal"] == original["deal"], "the code names another deal"
    assert not pages["errors"], f"script errors: {pages['errors']}"


def test_a_replay_from_a_players_seat_shows_his_hand_and_the_hard_bots_advice(
    live: LiveServer, pages: dict[str, Any]
) -> None:
    """A finished game replayed from Ann's seat (a Russian phone): her hand at each step, as the journal's view of
    her seat holds it; at one of her turns the Hard bot's advice is asked, its move marked and said beside the move
    she made. Back to a spectator, no hand is shown; with every hand open, each seat's row of cards."""
    desk, phone = pages["desk"], pages["phone"]
    code = create_table(desk, live.url, BAILIFF, 2, {"max_turns": MAX_TURNS})
    start_with_bot(desk)
    play_to_end({"desk": desk}, random.Random(5), "replay-seat")
    game_id = next(g["id"] for g in requests.get(live.url + "/api/history", timeout=5).json() if g["code"] == code)
    seen = requests.get(f"{live.url}/api/history/{game_id}?start=0&count=200&seat=0", timeout=5).json()

    phone.goto(f"{live.url}/replay/{game_id}?code={code}&lang=ru")
    phone.wait_for_selector("body.ready")
    assert phone.locator("#hand .card").count() == 0, "a spectator's replay shows no hand"
    names = phone.inner_text("#replay-names")
    assert "Ann, Бот 2" in names and "Bot" not in names, f"the bot is named in the reader's language: {names}"
    # the date in the page's language whatever the browser's (this one is American): 02.12.2026, 13:03, no "PM"
    assert re.search(r"\d\d\.\d\d\.\d{4}, \d\d:\d\d", names) and "M" not in names, f"the date is not Russian: {names}"
    phone.select_option("#replay-seat", "0")
    phone.wait_for_url("**seat=0*")
    turn = next(s for s in seen["steps"] if s["step"] < seen["total"] and 0 in s["view"]["to_act"])
    for n in range(1, turn["step"] + 1):
        phone.click("#replay-next")
        phone.wait_for_function("n => document.getElementById('replay-action').dataset.step === String(n)", arg=n)
    phone.wait_for_function(
        "n => [...document.querySelectorAll('#hand .card')].length === n", arg=len(turn["view"]["hand"])
    )
    cards = phone.evaluate("() => [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card)")
    assert cards == turn["view"]["hand"], "the replay shows another hand than Ann held"
    assert phone.locator("#me .me-line").inner_text().startswith("Ann")

    phone.click("#hint-button")
    phone.wait_for_selector("#hint-text:not([hidden])")
    advice = requests.get(
        f"{live.url}/api/history/{game_id}/advice", params={"step": turn["step"], "seat": 0}, timeout=30
    ).json()
    text = phone.inner_text("#hint-text")
    made = seen["steps"][turn["step"] + 1]["action"][1]
    said = "В игре сделан тот же ход." if made == advice["action"] else "В игре:"
    assert text.startswith("Совет:") and said in text, text
    marked = phone.evaluate("() => [...document.querySelectorAll('#hand .card.hinted')].map(c => c.dataset.card)")
    assert marked == [c for c in cards if c in advice["action"].split()[1:]], (marked, advice)
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(phone, "replay-seat-phone-ru")
    phone.locator("#hand").scroll_into_view_if_needed()
    bar, cards = phone.locator(".replay-steps").bounding_box(), phone.locator("#hand").bounding_box()
    assert cards["y"] + cards["height"] <= bar["y"] + 1 <= phone.viewport_size["height"] + 1, (
        "the step buttons are not at the foot of the phone's screen, under the hand"
    )
    phone.screenshot(path=str(SHOTS / "replay-seat-phone-ru-steps.png"))

    phone.select_option("#replay-seat", "")
    phone.wait_for_function("() => !location.search.includes('seat=')")
    phone.wait_for_function("() => document.querySelectorAll('#hand .card').length === 0")
    assert phone.locator("#hint-button").is_hidden() and phone.locator("#hint-text").is_hidden()
    phone.select_option("#replay-seat", "all")
    phone.wait_for_function("() => document.querySelectorAll('#open-hands .open-hand').length === 2")
    opened = requests.get(f"{live.url}/api/history/{game_id}?start=0&count=200&seat=all", timeout=5).json()
    rows = phone.evaluate(
        "() => [...document.querySelectorAll('#open-hands .open-hand')].map("
        "r => [...r.querySelectorAll('.mini-card')].map(c => c.dataset.card))"
    )
    assert rows == opened["steps"][turn["step"]]["open"], "the open hands differ from the journal's"
    assert "Ann" in phone.inner_text("#open-hands") and phone.locator("#hand").is_hidden()
    # Ann acts at this step, so with every hand open the advice asked for her is hers, marked in her row
    assert phone.inner_text("#hint-text").startswith("Совет для Ann:")
    marked = phone.evaluate(
        "() => [...document.querySelectorAll('#open-hands [data-seat=\"0\"] .hinted')].map(c => c.dataset.card)"
    )
    assert marked == [c for c in rows[0] if c in advice["action"].split()[1:]], (marked, advice)
    phone.goto(f"{live.url}/replay/{game_id}?code={code}&lang=en")
    assert not pages["errors"], f"script errors: {pages['errors']}"


REPLAY_IN_VIEW = """() => {
    const box = (el) => el.getBoundingClientRect();
    const bar = box(document.querySelector('.replay-steps'));
    const parts = ['#ring', '#ring .seat', '#centre .table-card', '#replay-action', '#hand .card', '#status']
        .flatMap(sel => [...document.querySelectorAll(sel)].filter(el => el.getClientRects().length)
            .map(el => [sel, box(el)]));
    const bad = parts
        .filter(([, r]) => r.top < 0 || r.left < 0 || r.right > innerWidth + 0.5 || r.bottom > bar.top + 0.5)
        .map(([sel, r]) => `${sel} at ${Math.round(r.top)}-${Math.round(r.bottom)}, the step buttons at ${bar.top}`);
    const buttons = [...document.querySelectorAll('.replay-steps button')].map(box);
    if (bar.bottom > innerHeight + 0.5 || buttons.some(r => r.height < 40)) bad.push('the step buttons are cut short');
    if (scrollY !== 0) bad.push(`the page scrolled by ${scrollY} px`);
    return bad;
}"""
"""What of the replay is out of sight on the first screen: the felt, its seat boxes and middle cards, the step's
action, the hand from a player's seat, the step's sentence under the felt, each above the step buttons at the
screen's foot; the buttons themselves; and whether the page had to scroll."""


def test_a_replay_on_a_phone_on_its_side_shows_the_felt_and_the_steps_at_once(
    live: LiveServer, pages: dict[str, Any]
) -> None:
    """On a phone held sideways the felt lay under the replay's controls, below the screen, and the step's action above
    it: stepping on meant scrolling down to the table and up to the action at every step. Now the felt, the step's
    action (and from a player's seat his hand) and the step buttons are all on the first screen, step after step, in
    English as a spectator (844×390) and in Russian from Ann's seat (740×360); held upright, as before."""
    desk, phone = pages["desk"], pages["phone"]
    code = create_table(desk, live.url, BAILIFF, 2, {"max_turns": MAX_TURNS})
    start_with_bot(desk)
    play_to_end({"desk": desk}, random.Random(7), "replay-sideways")
    game_id = next(g["id"] for g in requests.get(live.url + "/api/history", timeout=5).json() if g["code"] == code)
    try:
        for lang, seat, (width, height) in (("en", "", (844, 390)), ("ru", "&seat=0", (740, 360))):
            phone.set_viewport_size({"width": width, "height": height})
            phone.goto(f"{live.url}/replay/{game_id}?code={code}&lang={lang}{seat}")
            phone.wait_for_selector("body.ready")
            wait_step(phone, 0)
            for n in range(1, 7):
                phone.tap("#replay-next")
                wait_step(phone, n)
                assert phone.evaluate(REPLAY_IN_VIEW) == [], f"{lang} step {n}"
            phone.screenshot(path=str(SHOTS / f"replay-sideways-{lang}.png"))  # the screen as the player sees it
            phone.set_viewport_size({"width": 390, "height": 844})
            phone.wait_for_timeout(100)
            shot(phone, f"replay-upright-{lang}")
    finally:
        phone.set_viewport_size(PHONE["viewport"])
    assert not pages["errors"], f"script errors: {pages['errors']}"


REPLAY_CLEAR = """() => {
    const play = document.getElementById('play');
    const felt = play.getBoundingClientRect();
    const bar = document.querySelector('.replay-steps').getBoundingClientRect();
    const parts = ['#ring .seat', '#status', '#hand .card', '#open-hands .open-hand', '#extra > *', '#hint-text',
        '#me .me-line', '.bottom-row .tools button', '#replay-result-panel h2', '#replay-result > *']
        .flatMap(sel => [...document.querySelectorAll(sel)])
        .filter(el => el.getClientRects().length && el.textContent.trim());
    const bad = [];
    for (const el of parts) {
        el.scrollIntoView({block: 'nearest'});
        const r = el.getBoundingClientRect();
        const x = r.left + Math.min(r.width / 2, 12), y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        const inFelt = play.contains(el);
        const f = play.getBoundingClientRect();
        const what = `${el.id || el.className || el.tagName} "${el.textContent.trim().slice(0, 24)}"`;
        if (!top || !(el === top || el.contains(top)))
            bad.push(`${what} is covered by ${top && (top.id || top.className)}`);
        if (inFelt && (r.top < f.top - 1 || r.bottom > f.bottom + 1)) bad.push(`${what} runs out of the felt`);
        if (!inFelt && r.top < f.bottom - 1 && r.bottom > f.top + 1 && r.left < f.right && r.right > f.left)
            bad.push(`${what} lies under the felt`);
    }
    play.scrollTop = 0;
    scrollTo(0, 0);
    const ring = document.getElementById('ring').getBoundingClientRect();
    if (ring.height < 0.55 * play.clientHeight)
        bad.push(`the ring has ${Math.round(ring.height)} of ${play.clientHeight} px`);
    if (felt.bottom > bar.top + 0.5) bad.push('the felt runs under the step buttons');
    const ctx = document.createElement('canvas').getContext('2d');
    for (const sel of document.querySelectorAll('.replay-bar select')) {
        ctx.font = getComputedStyle(sel).font;
        const text = sel.options[sel.selectedIndex].text;
        if (ctx.measureText(text).width + 28 > sel.clientWidth) bad.push(`the picker cuts "${text}"`);
    }
    return bad;
}"""
"""What of a replay held sideways is covered or cut: each seat box, the step's sentence, the hand, every open hand,
the game's details (contract, team scores), the Hard bot's answer, the player's line, Last trick / Score, the result
panel, each scrolled to and found on top at its own place, those of the felt within the felt and the others off it;
the ring keeps most of the felt; the hand and seat pickers show their whole choice."""


def test_a_team_replay_held_sideways_keeps_its_parts_apart(live: LiveServer, pages: dict[str, Any]) -> None:
    """A Blot (four players, two teams, one hand) replayed on a phone held sideways: the team scores spilled below the
    felt, the player's line (white on white) and Last trick / Score lay over the result, every hand open and the
    Hard bot's answer were drawn across it, and the hand picker read «Раздача 1 (с ш». Now, at 844×390 in English and
    740×360 in Russian, as a spectator at the end, from Ann's seat with the bot's answer and with every hand open,
    nothing covers anything. The bots were shown "online" with no word of being bots: now they say "bot", and
    nobody has an online dot."""
    desk, phone = pages["desk"], pages["phone"]
    code = create_table(desk, live.url, get_game("blot"), 4, {"target": 1})
    start_with_bot(desk)
    play_to_end({"desk": desk}, random.Random(11), "replay-team")
    # the log names Ann as it names everyone: it said "Ann plays A♣" and "You take the trick" of one player
    log = desk.inner_text("#events")
    assert "Ann" in log and not re.search(r"\b[Yy]ou\b", log), log
    game_id = next(g["id"] for g in requests.get(live.url + "/api/history", timeout=5).json() if g["code"] == code)
    seen = requests.get(f"{live.url}/api/history/{game_id}?start=0&count=200&seat=0", timeout=5).json()
    turn = max(s["step"] for s in seen["steps"] if s["step"] < seen["total"] and 0 in s["view"]["to_act"])
    try:
        for lang, (width, height) in (("en", (844, 390)), ("ru", (740, 360))):
            phone.set_viewport_size({"width": width, "height": height})
            for seat in ("", "0", "all"):
                phone.goto(f"{live.url}/replay/{game_id}?code={code}&lang={lang}" + (f"&seat={seat}" if seat else ""))
                phone.wait_for_selector("body.ready")
                phone.keyboard.press("End")
                phone.wait_for_function("() => document.querySelector('#replay-next').disabled")
                if seat:
                    for n in range(seen["total"] - 1, turn - 1, -1):
                        phone.keyboard.press("ArrowLeft")
                        wait_step(phone, n)
                    phone.click("#hint-button")
                    phone.wait_for_selector("#hint-text:not([hidden])")
                said = phone.inner_text("#replay-events")
                assert not re.search(r"\b[Yy]ou\b", said), f"the replay's log says you of Ann: {said}"
                marks = phone.evaluate(
                    "() => [...document.querySelectorAll('#ring .seat, #me .me-line')].map(s => [s.dataset.seat,"
                    " [...s.querySelectorAll('.presence')].map(p => p.className + ' ' + p.textContent)])"
                )
                for at, found in marks:
                    # a finished game: nobody is online; the bots say they are bots
                    bot = "бот" if lang == "ru" else "bot"
                    assert found == ([] if at == "0" else [f"presence bot {bot}"]), (seat, at, found)
                name = f"replay-team-sideways-{width}-{lang}-{seat or 'spectator'}"
                phone.screenshot(path=str(SHOTS / f"{name}.png"))
                assert phone.evaluate(REPLAY_CLEAR) == [], name
    finally:
        phone.set_viewport_size(PHONE["viewport"])
    assert not pages["errors"], f"script errors: {pages['errors']}"


def test_while_the_server_is_away_the_table_says_so_and_takes_no_move(live: LiveServer, pages: dict[str, Any]) -> None:
    """The server goes down on Ann's turn: her page says it is reconnecting, over the table without moving her hand,
    dims the table and sends no move (one would be lost); when the server is back the page is whole again, her turn
    where it was."""
    desk = pages["desk"]
    create_table(desk, live.url, BAILIFF, 2, {"max_turns": MAX_TURNS})
    start_with_bot(desk)
    desk.wait_for_selector("body.my-turn #hand .card.legal")
    before = desk.locator("#hand").bounding_box()
    version = desk.get_attribute("body", "data-version")
    live.kill()
    desk.wait_for_selector("#connection:not([hidden])")
    assert desk.evaluate("document.body.classList.contains('offline')")
    assert desk.evaluate("getComputedStyle(document.getElementById('play')).pointerEvents") == "none"
    assert desk.locator("#hand").bounding_box() == before, "the word on the connection moved the hand"
    shot(desk, "offline-desktop")
    desk.evaluate("document.querySelector('#hand .card.legal').click()")  # as a key may still reach a card
    desk.wait_for_selector("#toast:not([hidden])")
    live.start()
    desk.wait_for_selector("#connection", state="hidden", timeout=20_000)
    desk.wait_for_selector("body.my-turn:not(.offline) #hand .card.legal")
    assert desk.get_attribute("body", "data-version") == version, "a move was made while the server was away"
