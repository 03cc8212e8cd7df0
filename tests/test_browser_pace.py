"""Pace of play and private tables in a real browser: a stranger who has only a private table's code is refused a
seat (a friend with the invite link sits down), and a short game of Bank from "Play now" in which a forced Draw is
played without a tap, the turn clock counts down on the idle player's seat and then his stand-in bot plays for him
(a note in the log), until his seat is marked away and the bots finish the game. English and Russian, a laptop, a
phone upright and sideways; screenshots in artifacts/screenshots/pace-*.png and private-*.png. Nothing here
measures time: the clocks are made short with ``CLOCK_SCALE`` only so the test does not wait long."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.browser_helpers import (
    DESKTOP,
    FORCED_DEFAULT,
    PROBE,
    Guard,
    chromium_browser,
    perform,
    pick,
    require_chromium,
    shot,
)
from tests.live import LiveServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = {lang: json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in ("en", "ru")}
UPRIGHT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NARROW_SIDEWAYS = {"viewport": {"width": 740, "height": 360}, "is_mobile": True, "has_touch": True}
LOCALES = {"en": "en-GB", "ru": "ru-RU"}


def opened(browser: Any, guard: Guard, errors: list[str], lang: str, device: dict[str, Any], role: str) -> Any:
    ctx = browser.new_context(locale=LOCALES[lang], reduced_motion="reduce", **device)
    ctx.add_init_script(FORCED_DEFAULT)  # a player's page: forced moves on, as they are unless he turns them off
    ctx.route("**/*", guard)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"{role}: {e}"))
    return page


@pytest.mark.parametrize(
    ("lang", "host_device", "stranger_device"), [("en", DESKTOP, UPRIGHT), ("ru", SIDEWAYS, UPRIGHT)]
)
def test_a_stranger_with_only_the_code_is_refused_a_seat_at_a_private_table(lang, host_device, stranger_device):
    require_chromium()
    words = CATALOGS[lang]
    live = LiveServer(Path(tempfile.mkdtemp(prefix="cardtable-private-")), mode="threading").start()
    guard, errors = Guard(live.url), []
    try:
        with chromium_browser() as browser:
            ann = opened(browser, guard, errors, lang, host_device, "ann")
            ann.goto(live.url + "/")
            ann.wait_for_selector("body.ready")
            ann.fill("#player-name", "Ann")
            ann.click('.game-card[data-game="bank"] button.invite-friends')
            ann.wait_for_url("**/t/*")
            code = ann.url.rsplit("/", 1)[1]
            ann.wait_for_function("() => document.getElementById('invite-link').textContent.includes('#invite=')")
            link = ann.locator("#invite-link").inner_text()
            assert ann.locator("#players .house-facts").inner_text().startswith(words["moderation.unlisted"])
            shot(ann, f"private-host-{lang}")

            eve = opened(browser, guard, errors, lang, stranger_device, "eve")
            eve.goto(f"{live.url}/t/{code}")  # the code, seen over a shoulder: no invite
            eve.wait_for_selector("#connection:not([hidden])")
            eve.wait_for_function(
                "text => document.querySelector('#connection span')?.textContent === text",
                arg=words["server.privacy.invite_only_watch"],
            )
            assert eve.locator("#seat-list button.sit").count() == 0, "no seat is offered to a stranger"
            shot(eve, f"private-stranger-refused-{lang}")

            bob = opened(browser, guard, errors, lang, stranger_device, "bob")
            bob.goto(live.url + link[link.index("/t/") :])  # the invite link (its host part names the LAN address)
            bob.wait_for_selector('body.ready[data-state="waiting"]')
            bob.fill("#sit-name", "Bob")
            bob.click('#seat-list button.sit[data-seat="1"]')
            bob.wait_for_selector('body[data-you="1"]')
            # the host's tools: Bob's row, with mute for everyone and remove; Bob may mute Ann for himself only
            ann.wait_for_selector('#players .player-row[data-seat="1"] button.remove-player')
            bob.wait_for_selector('#players .player-row[data-seat="0"] button.mute-self')
            assert bob.locator("#players button.remove-player").count() == 0
            ann.check("#lock-seats")
            bob.wait_for_function(
                "t => document.querySelector('#players .house-facts').textContent.includes(t)",
                arg=words["moderation.locked"],
            )
            shot(ann, f"private-host-tools-{lang}")
            shot(bob, f"private-friend-seated-{lang}")
    finally:
        live.stop()
    assert not errors, errors
    assert not guard.outside, f"requests left the server: {guard.outside}"


def wait_turn_or_end(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => document.body.classList.contains('my-turn') || document.body.dataset.state === 'over'"
    )
    return page.evaluate(PROBE)


@pytest.mark.parametrize(("lang", "device"), [("en", DESKTOP), ("ru", NARROW_SIDEWAYS)])
def test_a_short_bank_game_with_a_forced_draw_and_the_clock_running_out(lang, device):
    require_chromium()
    words = CATALOGS[lang]
    # the same deals every run (a forced Draw in the second hand, the page drawing for Ann again while the clock counts
    # her timeouts: it failed when her page's forced moves started them again)
    live = LiveServer(
        Path(tempfile.mkdtemp(prefix="cardtable-pace-")), mode="threading", CLOCK_SCALE="0.15", DEAL_SEED="1"
    ).start()
    guard, errors = Guard(live.url), []
    rng = random.Random(44)
    try:
        with chromium_browser() as browser:
            page = opened(browser, guard, errors, lang, device, "ann")
            page.goto(live.url + "/")
            page.wait_for_selector("body.ready")
            page.fill("#player-name", "Ann")
            page.click('.game-card[data-game="bank"] button.play-now')
            page.locator('.game-card[data-game="bank"] .length-choice').wait_for()
            shot(page, f"pace-length-{lang}")
            page.click('.game-card[data-game="bank"] .length-short')
            page.wait_for_url("**/t/*")
            page.wait_for_selector('body.ready[data-state="playing"]')
            assert "max_hands" in page.get_attribute("#rules-table-link", "href"), "the short game's options"

            # Ann plays; the one time she may only draw, the page draws for her after showing it
            forced_draw = False
            for _ in range(300):
                state = wait_turn_or_end(page)
                assert not state["over"], "the game ended before a forced Draw"
                if state["summary"]:
                    page.click("#summary-close")
                if len(state["choices"]) == 1:
                    note = page.locator("#forced-note")
                    note.wait_for(state="visible")
                    if state["choices"] == ["draw"]:
                        assert words["action.draw"] in note.inner_text()
                        shot(page, f"pace-forced-draw-{lang}")
                    page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
                    if state["choices"] == ["draw"]:
                        forced_draw = True
                        break
                    continue
                if state["choices"]:
                    perform(page, pick(state["choices"], rng), state["cardActions"])
                    page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
            assert forced_draw, "no forced Draw came"

            # the host turns the clock on; Ann stops playing: her countdown shows, then her bot plays for her
            page.select_option("#house-clock", "fast")
            page.wait_for_function("() => document.querySelector('#me .turn-clock')", timeout=60_000)
            shot(page, f"pace-countdown-{lang}")
            timed_out = words["clock.timeout"].replace("{name}", "Ann")
            page.wait_for_function(
                "t => document.getElementById('events').textContent.includes(t)", arg=timed_out, timeout=60_000
            )
            shot(page, f"pace-timeout-note-{lang}")
            # after several in a row her seat is away: the bots finish the short game
            # (no screenshot here: the bots then play every move of the rest of the game at once, and a full-page
            # screenshot waits for a quiet page)
            page.locator("#clock-back").wait_for(timeout=60_000)
            page.wait_for_selector('body[data-state="over"]', timeout=120_000)
            page.wait_for_selector('#overlay[data-kind="over"]:not([hidden])')
            shot(page, f"pace-over-{lang}")
    finally:
        live.stop()
    assert not errors, errors
    assert not guard.outside, f"requests left the server: {guard.outside}"
