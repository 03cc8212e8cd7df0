"""The pages around the table fit a phone's width, upright (390x844) and on its side (740x360), in English and
Russian: nothing runs past the screen's right edge (the new-event form's long choice widened it past a phone's edge,
its words and fields cut off). Screenshots ``pages-<page>-<size>-<lang>.png``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser_helpers import Guard, browser_server, chromium_browser, shot
from tests.test_browser_axe import post

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "sideways": (740, 360)}
WIDER = """() => {
    const wide = [...document.querySelectorAll('body *')].filter(el => {
        if (!el.getClientRects().length || el.closest('.sheet-wrap, .table-wrap, [hidden]')) return false;
        return el.getBoundingClientRect().right > innerWidth + 1;
    });
    return {page: document.documentElement.scrollWidth - innerWidth,
            wide: wide.slice(0, 5).map(el => el.id || el.className || el.tagName)};
}"""
"""How far the page runs past the screen's right edge, and the first elements that do (a table in its own scrolling
frame may)."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-pages-") as url:
        yield url


def test_the_pages_around_the_table_fit_a_phone(server: str) -> None:
    ann = post(server, "/api/me", "", {"name": "Ann"})
    event = post(server, "/api/events", ann["key"], {"game": "blot", "players": 4, "rounds": 3, "name": "Friday"})
    post(server, f"/api/events/{event['id']}/join", ann["key"], {})
    pages = (
        ("lobby", "/", "body.ready"),
        ("new-event", "/events", "#event-game option"),
        ("event", f"/e/{event['id']}", "#standings tbody tr"),
        ("standings", "/standings", "body.ready"),
        ("me", "/me", "body.ready"),
        ("rules", "/rules", "main"),
    )
    guard = Guard(server)
    found: dict[str, Any] = {}
    with chromium_browser() as browser:
        for size, (width, height) in SIZES.items():
            # not is_mobile: a mobile viewport widens itself to a page too wide and hides what is measured
            ctx = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
            ctx.route("**/*", guard)
            ctx.set_default_timeout(20_000)
            page = ctx.new_page()
            for lang in ("en", "ru"):
                for name, path, ready in pages:
                    page.goto(f"{server}{path}?lang={lang}")
                    page.wait_for_selector(ready, state="attached")
                    seen = page.evaluate(WIDER)
                    if name == "new-event":
                        shot(page, f"pages-{name}-{size}-{lang}")
                    if seen["page"] > 0 or seen["wide"]:
                        found[f"{name} {size} {lang}"] = seen
            ctx.close()
    assert not found, f"pages run past a phone's edge: {found}"
    assert not guard.outside, guard.outside
