"""An event in real browsers (Playwright driving Debian's chromium against the real server): the host sets it up on
a laptop, a player joins on his phone, three more join by the API; the director starts each round from the event's
page, both browsers are sent to their tables and play them out by clicking, the standings follow, and the room's
big screen (1920x1080) shows the standings, the round's tables and one table large all along. Two rounds, end to
end. Screenshots: ``event-screen-<lang>.png``, ``event-<phone|sideways>-<lang>.png``, ``event-new-<lang>.png``,
``event-table-phone.png``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from tests.browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    Guard,
    browser_server,
    play_to_end,
    shot,
    sync_api,
)
from tests.server_helpers import wait_for

pytestmark = pytest.mark.browser

SCREEN = {"viewport": {"width": 1920, "height": 1080}}
SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-events-") as url:
        yield url


# the big screen's list names the same players to play at the table shown large as the table itself does
SAME_TO_PLAY = """code => {
    const frame = document.getElementById('live').contentDocument;
    const live = [...new Set([...frame.querySelectorAll('.to-act[data-seat]')].map(e => Number(e.dataset.seat)))];
    const card = document.querySelector(`.event-table[data-code="${code}"]`);
    const seats = [...card.querySelectorAll('.event-seats li')];
    const listed = seats.flatMap((li, i) => li.classList.contains('to-act') ? [i] : []);
    return JSON.stringify(live.sort()) === JSON.stringify(listed);
}"""


def api(base: str, path: str, key: str, **body: Any) -> Any:
    answer = requests.post(base + path, json=body, headers={"Origin": base, "X-Player-Key": key}, timeout=10)
    assert answer.status_code == 200, answer.text
    return answer.json()


def player_key(page: Any) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.player'))")


def replace_others(base: str, director: str, event_id: str, humans: set[str], round_no: int) -> None:
    """The players who have no browser here get a bot for their seat in round ``round_no`` (the director's button,
    through the API), once the round's tables are there: replaced at the round before, a player would sit his turns
    out until his clock ran out."""

    def round_there() -> Any:
        state = requests.get(f"{base}/api/events/{event_id}", timeout=10).json()
        return state if state["round"] == round_no and state["tables"] else None

    state = wait_for(round_there, timeout=30, what=f"round {round_no}'s tables")
    for table in state["tables"]:
        for seat in table["seats"]:
            if seat["player"] and seat["player"] not in humans:
                answer = requests.post(
                    f"{base}/api/events/{event_id}/director",
                    json={"op": "replace", "player": seat["player"]},
                    headers={"Origin": base, "X-Player-Key": director},
                    timeout=10,
                )
                # refused only when his table has just finished meanwhile
                assert answer.status_code == 200 or "not_seated" in answer.text, answer.text


def test_a_two_round_event_is_played_end_to_end_with_the_big_screen_following(server: str) -> None:
    guard = Guard(server)
    errors: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        pages = {}
        for role, device in (("host", DESKTOP), ("phone", PHONE), ("screen", SCREEN)):
            ctx = browser.new_context(reduced_motion="reduce", **device)
            ctx.route("**/*", guard)
            ctx.set_default_timeout(20_000)
            page = ctx.new_page()
            page.on("pageerror", lambda e, role=role: errors.append(f"{role}: {e}"))
            pages[role] = page
        host, phone, screen = pages["host"], pages["phone"], pages["screen"]

        # the host sets up the event: the form, then (for short games) the same request with Bank's target of 1
        host.goto(server + "/events?lang=en")
        host.wait_for_selector("#event-game option", state="attached")
        host.fill("#host-name", "Ann")
        host.select_option("#event-game", "bank")
        shot(host, "event-new-en")
        made = host.evaluate(
            """async () => {
                const { ensurePlayer, postMe } = await import('/static/js/player.js');
                await ensurePlayer('Ann');
                return postMe('/api/events', {game: 'bank', players: 2, rounds: 2, name: 'Friday Bank',
                                              options: {target: 1}, level: 'easy'});
            }"""
        )
        event_id = made["id"]
        host.goto(f"{server}/e/{event_id}")
        host.click("#join")
        host.wait_for_selector("#standings tbody tr")
        ann = player_key(host)

        # a friend joins on his phone by the event's link (the QR code's address)
        phone.goto(f"{server}/e/{event_id}?lang=ru")
        phone.fill("#join-name", "Боря")
        phone.click("#join")
        phone.wait_for_function("() => document.querySelectorAll('#standings tbody tr').length === 2")
        bob = player_key(phone)
        for name in ("Cid", "Dan", "Eve"):
            made = api(server, "/api/me", "", name=name)
            api(server, f"/api/events/{event_id}/join", made["key"])
        screen.goto(f"{server}/e/{event_id}/screen?lang=en")
        screen.wait_for_function("() => document.querySelectorAll('#standings tbody tr').length === 5")
        shot(phone, "event-phone-ru")

        rng = random.Random(45)

        # a second big screen that never polls, for a few moves of round 1: its list of the round's tables can follow
        # only its live frame
        followers: list[Any] = []
        followed: list[int] = []

        def live_shot(role: str, page: Any, moves: int) -> None:
            """The big screen in the middle of a game: the trick on the table large; and after each of a few moves,
            the round's list beside the live table names the same players to play as the table does."""
            code = page.url.split("/t/")[1].split("?")[0]
            if moves == 8:
                screen.frame_locator("#live").locator("body.ready").wait_for()
                shot(screen, "event-screen-live-en")
            if moves == 8 and not followed:
                follower = screen.context.new_page()
                follower.add_init_script("if (window === window.top) window.setInterval = () => 0;")
                follower.goto(f"{server}/e/{event_id}/screen?lang=en")
                follower.click(f".event-table[data-code='{code}'] .watch-button")
                followers.append(follower)
            if followers and 8 <= moves < 14:
                follower = followers[0]
                version = page.evaluate("() => document.body.dataset.version")
                frame = follower.locator("#live").element_handle().content_frame()
                frame.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=int(version))
                follower.wait_for_function(SAME_TO_PLAY, arg=code, timeout=5_000)
                followed.append(moves)
                if moves == 13:
                    followers.pop().close()

        for n in (1, 2):
            if n == 2:
                host.click(".event-over-back")  # Ann goes back from the result to start the next round
                host.wait_for_url(f"**/e/{event_id}")
            host.wait_for_selector("#start-round:not([disabled])")
            with host.expect_response(lambda r: r.url.endswith(f"/api/events/{event_id}/director")) as started:
                host.click("#start-round")
            assert started.value.ok, f"round {n} was not started: {started.value.status} {started.value.text()}"
            replace_others(server, ann["key"], event_id, {ann["id"], bob["id"]}, n)
            # both browsers are sent to their tables (Bob's from the table page of the round before, in round 2)
            host.wait_for_url("**/t/*?event=*")
            phone.wait_for_url(lambda url, n=n: "/t/" in url and (n == 1 or url != phone_table))  # noqa: B023
            phone_table = phone.url
            for page in (host, phone):
                page.wait_for_selector("body.ready")
                page.wait_for_selector(".event-bar")
            screen.wait_for_function(f"() => document.getElementById('event-round').textContent.includes('{n}')")
            screen.wait_for_function("() => !document.getElementById('live').hidden")
            if n == 1:
                shot(phone, "event-table-phone")
            same = host.url.split("?")[0] == phone.url.split("?")[0]
            if same:
                play_to_end({"host": host, "phone": phone}, rng, f"event-round-{n}", after_move=live_shot)
            else:
                play_to_end({"host": host}, rng, f"event-round-{n}-host")
                play_to_end({"phone": phone}, rng, f"event-round-{n}-phone")
            screen.wait_for_function(
                "() => [...document.querySelectorAll('.event-table')].every(t => t.classList.contains('done'))",
                timeout=60_000,
            )
        assert followed == [8, 9, 10, 11, 12, 13]  # the list followed the table move by move
        host.click(".event-over-back")
        host.wait_for_url(f"**/e/{event_id}")
        host.click("#finish")
        host.wait_for_selector("#finish[disabled]")
        shot(host, "event-director-en")
        screen.wait_for_function("() => document.getElementById('event-round').textContent.includes('over')")
        played = screen.evaluate(
            "() => [...document.querySelectorAll('#standings tbody tr')].map(r => Number(r.cells[4].textContent))"
        )
        assert played == [2, 2, 2, 2, 2]  # everybody played both rounds
        shot(screen, "event-screen-en")
        screen.goto(f"{server}/e/{event_id}/screen?lang=ru")
        screen.wait_for_selector("#standings tbody tr")
        # every table has finished: no empty table page in the frame, a word that the standings are final
        screen.wait_for_selector("#live-none:not([hidden])")
        assert screen.is_hidden("#live")
        assert screen.text_content("#live-none").startswith("Все столы тура доиграли")
        assert screen.text_content("#standings-title").strip() == "Турнирная таблица"
        shot(screen, "event-screen-ru")
        csv = requests.get(f"{server}/api/events/{event_id}/standings.csv", timeout=10).text
        assert csv.splitlines()[0].startswith("place,name,score,buchholz") and "Боря" in csv
        phone.goto(f"{server}/e/{event_id}?lang=ru")
        phone.wait_for_selector("#past li a")
        shot(phone, "event-phone-over-ru")
        sideways = browser.new_context(reduced_motion="reduce", **SIDEWAYS).new_page()
        sideways.goto(f"{server}/e/{event_id}?lang=en")
        sideways.wait_for_selector("#standings tbody tr")
        shot(sideways, "event-sideways-en")
        browser.close()
    assert not errors, errors
    assert not guard.outside, f"requests left the server: {guard.outside}"
