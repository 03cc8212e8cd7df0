"""Players the table remembers, through the browser: two friends play a game (a laptop and a phone), one moves to
another device by the link his phone shows, and after a server restart both find their ratings, the standings and
their games, in English and Russian, on a phone upright, a phone on its side and a laptop; axe-core finds no serious
violation on a player's page and the standings."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from engine.registry import get_game
from tests.browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    Guard,
    create_table,
    play_to_end,
    require_chromium,
    shot,
    sync_api,
)
from tests.live import LiveServer
from tests.test_browser_axe import violations

UPRIGHT = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def test_two_friends_play_move_a_device_and_find_their_ratings_after_a_restart() -> None:
    require_chromium()
    data = Path(tempfile.mkdtemp(prefix="cardtable-players-"))
    live = LiveServer(data, mode="threading").start()
    base = live.url
    guard, errors = Guard(base), []
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            pages = {}
            for role, device in (("ann", DESKTOP), ("bob", UPRIGHT), ("bob2", SIDEWAYS)):
                # CSP bypassed only so that the test can add axe-core's source to the pages it checks
                ctx = browser.new_context(reduced_motion="reduce", bypass_csp=True, **device)
                ctx.route("**/*", guard)
                ctx.set_default_timeout(20_000)
                pages[role] = ctx.new_page()
                pages[role].on("pageerror", lambda e, role=role: errors.append(f"{role}: {e}"))
            ann, bob, bob2 = pages["ann"], pages["bob"], pages["bob2"]

            code = create_table(ann, base, get_game("bailiff"), 2, {"max_turns": 30}, name="Ann")
            bob.goto(f"{base}/t/{code}")
            bob.wait_for_selector("body.ready")
            bob.fill("#sit-name", "Bob")
            bob.click('#seat-list button.sit[data-seat="1"]')
            bob.wait_for_selector('body[data-you="1"]')

            # "use on another device": the phone shows a link and its QR code; the other device opens the link
            bob.goto(f"{base}/me")
            bob.click("#device-link")
            bob.wait_for_selector("#device-box:not([hidden]) img.qr")
            bob.wait_for_function("() => document.querySelector('#device-qr').naturalWidth > 0")  # drawn here
            shot(bob, "players-upright-en-device-link")
            link = bob.get_attribute("#device-url", "href")
            bob2.goto(link)
            bob2.click("#device-use")
            bob2.wait_for_selector("#device-done:not([hidden])")
            assert bob2.inner_text("#device-done") == "You are Bob here now."
            # the other device's lobby has Bob's table under way first, and its link seats him there
            bob2.goto(f"{base}/?lang=ru")
            bob2.wait_for_selector("#my-tables-panel:not([hidden])")
            assert bob2.inner_text("#my-tables-title") == "Ваши незаконченные столы"
            shot(bob2, "players-sideways-ru-lobby-tables")
            bob2.click(f'#my-tables a[href="/t/{code}"]')
            bob2.wait_for_selector('body.ready[data-you="1"]')
            lobby = ann.context.new_page()  # a second tab: her table stays open in the first (she is its host)
            lobby.goto(f"{base}/")
            lobby.wait_for_selector(f'#my-tables-panel:not([hidden]) a[href="/t/{code}"]')
            shot(lobby, "players-laptop-en-lobby-tables")
            lobby.close()

            ann.wait_for_selector("#start:not([disabled])")
            ann.click("#start")
            play_to_end({"ann": ann, "bob2": bob2}, random.Random(43), "players")

            live.stop()  # a restart: everything below is read from the journal
            again = LiveServer(data, mode="threading")
            again.port, again.url = live.port, live.url
            live = again.start()

            ann.goto(f"{base}/me?lang=en")
            ann.wait_for_selector(".rating-card")
            card = ann.inner_text(".rating-card")
            assert "Bailiff" in card and "provisional" in card and "1 game" in card, card
            assert ann.locator(".profile-games tbody tr").count() == 1
            assert ann.get_attribute(".profile-games a.replay-link", "href").endswith("seat=0")
            shot(ann, "players-laptop-en-profile")
            found = {"profile": violations(ann)}
            bob2.goto(f"{base}/me?lang=ru")
            bob2.wait_for_selector(".rating-card")
            assert bob2.inner_text("#profile-name") == "Bob" and "1 игра" in bob2.inner_text(".rating-card")
            shot(bob2, "players-sideways-ru-profile")
            for page, lang, label in ((ann, "en", "laptop"), (bob, "ru", "upright")):
                page.goto(f"{base}/standings?game=bailiff&lang={lang}")
                page.wait_for_selector("body.ready")
                page.fill("#standings-min", "1")
                page.dispatch_event("#standings-min", "change")
                page.wait_for_selector(".standings-table tbody tr >> nth=1")
                names = page.locator(".standings-table tbody tr td:nth-child(2)").all_inner_texts()
                assert sorted(names) == ["Ann", "Bob"], names
                page.wait_for_function("() => document.getElementById('h2h').textContent.includes('1')")
                shot(page, f"players-{label}-{lang}-standings")
                found[f"standings {lang}"] = violations(page)
            bob.goto(f"{base}/me?lang=ru")
            bob.wait_for_selector(".rating-card")
            shot(bob, "players-upright-ru-profile")
            bob.click("#device-link")
            bob.wait_for_selector("#device-box:not([hidden])")
            found["profile ru, its link shown"] = violations(bob)
            assert not any(found.values()), found
            browser.close()
    finally:
        live.stop()
    assert not guard.outside, f"requests left the server: {guard.outside}"
    assert not errors, errors
