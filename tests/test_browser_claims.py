"""Taking an away seat back from another device, in a real browser: Bob's phone goes flat mid-game, he opens the
table's link on another device (no token there: he watches), asks for his seat, Ann lets him sit, and the new
device holds his hand, through a reload too. In English and in Russian, on a desktop, a phone upright and a phone
held sideways; screenshots in artifacts/screenshots/claim-*.png."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game
from tests.browser_helpers import (
    DESKTOP,
    PHONE,
    Guard,
    chromium_browser,
    create_table,
    hand,
    painted,
    require_chromium,
    shot,
)
from tests.live import LiveServer

pytestmark = pytest.mark.browser

SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}

WORDS = {
    "en": {
        "locale": "en-US",
        "take": "Take Bob's seat",
        "bots": ["Play for Bot 3", "Play for Bot 4"],
        "ask": r"A spectator who calls themselves “Guest \d+” asks to take Bob's seat \(Bob is away\)\.",
        "given": "You play Bob's seat now.",
        "refused": "Ann said no: the seat stays as it was.",
    },
    "ru": {
        "locale": "ru-RU",
        "take": "Сесть на место игрока Bob",
        "bots": ["Играть вместо «Бот 3»", "Играть вместо «Бот 4»"],
        "ask": r"Зритель, назвавшийся «Гость \d+», просит место игрока Bob \(не в сети\)\.",
        "given": "Теперь вы играете на месте игрока Bob.",
        "refused": "Игрок Ann не разрешил занять место.",
    },
}
"""What each page says, by language: Ann reads the table in the test's language, so does the new device."""

BOX = (
    "() => { const r = document.querySelector('%s').getBoundingClientRect(); "
    "return {bottom: r.bottom, height: r.height}; }"
)
"""The bottom and height of an element once the page has drawn its next frame (laid out after the snapshot)."""

KEEP_AND_REDRAW = """() => {
    document.querySelector('#claims .claim-ask').dataset.kept = '1';
    const pref = document.getElementById('four-colours');
    pref.checked = !pref.checked;
    pref.dispatchEvent(new Event('change'));
}"""
"""Mark the request on the page, then make the page draw the table again."""

DEVICES = {"en": (DESKTOP, PHONE, DESKTOP), "ru": (PHONE, PHONE, SIDEWAYS)}
"""Ann's, Bob's phone's and Bob's other device's screens, by language."""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_whose_phone_went_flat_takes_his_seat_back_on_another_device(lang: str) -> None:
    require_chromium()
    words = WORDS[lang]
    # the phone went flat a moment ago: no grace here, so the test need not wait it out
    live = LiveServer(
        Path(tempfile.mkdtemp(prefix="cardtable-claim-")), mode="threading", CLAIM_GRACE_SECONDS="0"
    ).start()
    guard = Guard(live.url)
    errors: list[str] = []
    try:
        with chromium_browser() as browser:

            def page(device: dict[str, Any], role: str) -> Any:
                ctx = browser.new_context(locale=words["locale"], reduced_motion="reduce", **device)
                ctx.route("**/*", guard)
                ctx.set_default_timeout(20_000)
                opened = ctx.new_page()
                opened.on("pageerror", lambda e: errors.append(f"{role}: {e}"))
                return opened

            ann_screen, phone_screen, other_screen = DEVICES[lang]
            ann, phone = page(ann_screen, "ann"), page(phone_screen, "phone")
            code = create_table(ann, live.url, get_game("blot"), 4, {})
            phone.goto(f"{live.url}/t/{code}")
            phone.wait_for_selector("body.ready")
            phone.fill("#sit-name", "Bob")
            phone.click('#seat-list button.sit[data-seat="1"]')
            phone.wait_for_selector('body[data-you="1"]')
            ann.click("#fill-bots")
            ann.wait_for_selector("#start:not([disabled])")
            ann.click("#start")
            phone.wait_for_selector('body[data-state="playing"] #hand .card')
            cards = hand(phone)
            phone.context.close()  # the battery is flat
            ann.wait_for_selector('#ring .seat[data-seat="1"] .presence.off')
            assert ann.locator("#claims").is_hidden(), "no request yet: nothing to answer"

            other = page(other_screen, "other")
            other.goto(f"{live.url}/t/{code}")
            other.wait_for_selector('body.ready[data-state="playing"]')
            assert other.get_attribute("body", "data-you") == "", "a device without the seat's token watches"
            take = other.locator('#claims button.claim-take[data-seat="1"]')
            assert take.inner_text() == words["take"]
            bots = other.locator("#claims button.claim-take").all_inner_texts()[1:]
            assert bots == words["bots"], "a friend who came late may ask for a bot's seat too"
            box = painted(other, BOX % '#claims button.claim-take[data-seat="1"]')
            assert box["height"] >= 40 and box["bottom"] <= other_screen["viewport"]["height"], (
                f"the offer is on screen and big enough to tap: {box}"
            )
            shot(other, f"claim-offer-{lang}")

            # asked for Bot 3's seat, Ann says no: the page says so and no longer offers that seat
            other.click('#claims button.claim-take[data-seat="2"]')
            ann.locator('#claims .claim-ask[data-seat="2"] button.claim-refuse').click()
            other.wait_for_selector('#claims button.claim-take[data-seat="2"]', state="detached")
            assert other.locator("#toast:not([hidden])").inner_text() == words["refused"]
            assert ann.locator("#claims").is_hidden()

            take.click()
            other.wait_for_selector("#claims .claim-wait")

            request = ann.locator('#claims .claim-ask[data-seat="1"]')
            request.wait_for()
            # the table drawn again (here by a preference) leaves the request as it is: a screen reader does not
            # read it out again, a focused answer keeps the focus
            ann.evaluate(KEEP_AND_REDRAW)
            assert ann.evaluate("() => document.querySelector('#claims .claim-ask').dataset.kept") == "1"
            # the new device has no name of its own yet: it asks under the guest name the lobby would give it
            assert re.fullmatch(words["ask"], request.locator("p").inner_text()), request.locator("p").inner_text()
            allow = request.locator("button.claim-allow")
            box = painted(ann, BOX % "#claims button.claim-allow")
            assert box["bottom"] <= ann_screen["viewport"]["height"], f"the answer is on screen: {box}"
            shot(ann, f"claim-ask-{lang}")
            allow.click()

            other.wait_for_selector('body[data-you="1"] #hand .card')
            assert other.locator("#toast:not([hidden])").inner_text() == words["given"]
            assert sorted(hand(other)) == sorted(cards), "Bob's own hand, on the new device"
            ann.wait_for_selector("#claims", state="hidden")
            ann.wait_for_selector('#ring .seat[data-seat="1"] .presence:not(.off)')
            shot(other, f"claim-seated-{lang}")
            other.reload()
            other.wait_for_selector('body.ready[data-you="1"]')
    finally:
        live.stop()
    assert not errors, errors
    assert not guard.outside, f"requests left the server: {guard.outside}"
