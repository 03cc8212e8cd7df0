"""The chat during play on a phone, in a real browser: the chat lies below the table, out of sight, so a line from a
friend ("your turn!") puts a count on the Chat button among the table's tools; a tap on it shows the chat and the
count goes; the reader's own lines never count. Upright and on its side, in English and Russian (screenshots
``chat-*`` in artifacts/screenshots/)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game
from tests.browser_helpers import browser_server, create_table, desktop_and_phone, shot

pytestmark = pytest.mark.browser

WORDS = {lang: json.loads(Path(f"static/i18n/{lang}.json").read_text(encoding="utf-8")) for lang in ("en", "ru")}
BADGE = """() => {
    const button = document.getElementById('chat-button');
    const badge = document.getElementById('chat-unread');
    const r = button.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    return {
        button: shown(button) && y >= 0 && y <= innerHeight && x >= 0 && x <= innerWidth
            && button.contains(document.elementFromPoint(x, y)),
        badge: shown(badge) ? badge.textContent.trim() : null,
        name: button.getAttribute('aria-label') || '',
        announce: document.getElementById('announce').textContent,
        chat: (() => { const c = document.getElementById('chat-list').getBoundingClientRect();
                       return c.bottom > 0 && c.top < innerHeight; })(),
        focus: Boolean(document.activeElement.closest('#hand')),
    };
}"""
"""What the phone's player sees of the chat: whether the Chat button is on the screen and not covered, the count
on it, its name for a screen reader, the live region's words, whether the chat is in view, where the focus is."""


@pytest.fixture(scope="module")
def pages() -> Iterator[tuple[str, Any, Any]]:
    """Ann (a desktop, the host) and Bob (a phone) at a Blot table with two bots, started."""
    with browser_server("cardtable-chat-") as base, desktop_and_phone(base, ("host", "guest"), 20_000) as b:
        host, guest = b.pages["host"], b.pages["guest"]
        code = create_table(host, base, get_game("blot"), 4, {})
        guest.goto(f"{base}/t/{code}")
        guest.wait_for_selector("body.ready")
        guest.fill("#sit-name", "Bob")
        guest.click('#seat-list button.sit[data-seat="1"]')
        guest.wait_for_selector('body[data-you="1"]')
        host.wait_for_selector('#seat-list li[data-seat="1"].kind-human')
        host.click("#fill-bots")
        host.wait_for_selector("#start:not([disabled])")
        host.click("#start")
        guest.wait_for_selector('body[data-state="playing"]')
        yield base, host, guest
        assert not b.errors, f"script errors: {b.errors}"


def say(page: Any, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-form button[type=submit]")
    page.wait_for_function(
        "t => [...document.querySelectorAll('#chat-list li')].some(li => li.textContent.includes(t))", arg=text
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_a_friends_line_counts_on_the_chat_button_until_the_chat_is_seen(
    pages: tuple[str, Any, Any], lang: str, size: tuple[int, int]
) -> None:
    _, host, guest = pages
    words = WORDS[lang]
    guest.set_viewport_size({"width": size[0], "height": size[1]})
    guest.goto(f"{guest.url.split('?')[0]}?lang={lang}")
    guest.wait_for_selector('body.ready[data-state="playing"]')
    guest.evaluate("() => window.scrollTo(0, 0)")  # Bob looks at the table; the chat is below it
    seen = guest.evaluate(BADGE)
    assert not seen["chat"], f"the chat is in view at {size}: nothing to test"
    assert not seen["button"], "a Chat button takes room with nothing to read"
    assert seen["badge"] is None, f"a count before any line: {seen}"

    # Bob's own line does not count.
    say(guest, f"hello {lang}")
    guest.evaluate("() => { scrollTo(0, 0); document.querySelector('#hand .card').focus({preventScroll: true}); }")
    guest.wait_for_timeout(300)
    assert guest.evaluate(BADGE)["badge"] is None, "the reader's own line counted as unread"

    line = f"your turn {lang} {size[0]}!"
    say(host, line)
    guest.wait_for_function("() => !document.getElementById('chat-unread').hidden")
    seen = guest.evaluate(BADGE)
    assert seen["button"], "no Chat button to be seen by the table"
    assert seen["badge"] == "1", f"one line from Ann, the count says {seen['badge']!r}"
    unread = words["table.chat_unread"]["one"].replace("{n}", "1")
    assert unread in seen["name"], f"the button's name does not say the unread line: {seen['name']!r}"
    assert line in seen["announce"] and "Ann" in seen["announce"], f"not said to a screen reader: {seen['announce']!r}"
    assert seen["focus"], "a chat line took the focus from the hand"
    assert not seen["chat"], "the chat came into view by itself"
    say(host, "second")
    guest.wait_for_function("() => document.getElementById('chat-unread').textContent === '2'")
    shot(guest, f"chat-badge-{lang}-{size[0]}x{size[1]}")
    guest.screenshot(path=f"artifacts/screenshots/chat-badge-screen-{lang}-{size[0]}x{size[1]}.png")

    guest.click("#chat-button")
    guest.wait_for_function("() => document.getElementById('chat-unread').hidden")
    guest.wait_for_timeout(600)  # a smooth scroll may still be under way
    seen = guest.evaluate(BADGE)
    assert seen["chat"], "a tap on Chat did not bring the chat into view"
    assert seen["name"] == words["table.chat"], f"the count stayed in the button's name: {seen['name']!r}"
    assert line in guest.inner_text("#chat-list")
    guest.screenshot(path=f"artifacts/screenshots/chat-open-{lang}-{size[0]}x{size[1]}.png")

    # Seen where it is, a line does not count.
    say(host, "in view")
    guest.wait_for_timeout(400)
    assert guest.evaluate(BADGE)["badge"] is None, "a line read where it came counted as unread"
