"""The Hard bot's review in a real browser: after a Bailiff against a bot, the player reads his costliest decisions on
the game-end screen, opens one in the replay (its step, both moves, the timeline's marks) and plays it again at a
table standing where he stood; the review's screens in English and Russian, on a laptop and a phone held upright and
on its side (screenshots ``review-*``)."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game
from tests.browser_helpers import PROBE, chromium_browser, create_table, hand, perform, require_chromium, shot
from tests.live import LiveServer

pytestmark = pytest.mark.browser

BAILIFF = get_game("bailiff")
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONES = {
    "upright": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "sideways": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
    "sideways-small": {"viewport": {"width": 740, "height": 360}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(scope="module")
def live() -> Iterator[LiveServer]:
    """The real server; bots think in its own process, the review in its worker process (as after any game)."""
    require_chromium()
    server = LiveServer(
        Path(tempfile.mkdtemp(prefix="cardtable-review-")), mode="threading", BOT_WORKERS="0", REVIEW_WORKERS="1"
    ).start()
    yield server
    assert "Traceback" not in server.stop()


def take_often(page: Any) -> None:
    """Play Ann's turns to the end, taking the pile whenever she may (a costly habit), else the first choice."""
    rng = random.Random(5)
    for _ in range(200):
        state = page.evaluate(PROBE)
        if state["over"]:
            return
        if state["myTurn"] and state["choices"]:
            choice = "take" if "take" in state["choices"] else sorted(state["choices"])[0]
            perform(page, choice if rng.random() < 0.9 else rng.choice(state["choices"]), state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        else:
            page.wait_for_timeout(30)
    raise AssertionError("the game did not end")


def fits_width(page: Any, selector: str) -> None:
    width = page.evaluate("() => document.documentElement.clientWidth")
    boxes = page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().right)")
    assert boxes and max(boxes) <= width + 1, (selector, boxes, width)


def test_a_player_reads_his_costliest_decisions_opens_one_and_plays_it_again(live: LiveServer) -> None:
    with chromium_browser() as browser:
        laptop = browser.new_context(reduced_motion="reduce", **LAPTOP).new_page()
        laptop.set_default_timeout(20_000)
        errors: list[str] = []
        laptop.on("pageerror", lambda e: errors.append(str(e)))
        code = create_table(laptop, live.url, BAILIFF, 2, {"max_turns": 30})
        laptop.click("#fill-bots")
        laptop.click("#start:not([disabled])")
        laptop.wait_for_selector('body[data-state="playing"]')
        take_often(laptop)

        over = laptop.locator('#overlay[data-kind="over"]')
        section = over.locator(".review-over")
        section.wait_for()
        section.locator(".review-summary li").first.wait_for(timeout=90_000)
        summary = section.locator(".review-summary li").first.inner_text()
        assert summary.startswith("You:") and "decisions" in summary and "as the Hard bot would play" in summary
        items = section.locator(".review-item")
        assert 1 <= items.count() <= 3, "Ann's costliest decisions, three at most"
        first = items.first
        text = first.inner_text()
        assert "You played" in text and "The Hard bot:" in text and "give or take" in text, text
        steps = [int(items.nth(i).get_attribute("data-step")) for i in range(items.count())]
        shot(laptop, "review-over-laptop-en")

        step = steps[0]
        first.locator("a.review-open").click()
        laptop.wait_for_url(f"**/replay/*step={step}*")
        laptop.wait_for_function("n => document.body.dataset.step === String(n)", arg=step)
        here = laptop.locator('#review-here[data-verdict="cost"]')
        here.wait_for()
        assert "You played" in here.inner_text() and "The Hard bot:" in here.inner_text()
        marks = laptop.locator("#review-timeline .review-mark")
        assert marks.count() >= len(steps) and laptop.locator("#review-timeline .review-mark.cost").count() >= len(
            steps
        )
        assert laptop.locator(f'#review-timeline .review-mark.current[data-step="{step}"]').count() == 1
        held = hand(laptop)
        shot(laptop, "review-replay-laptop-en")
        replay_url = laptop.url

        other = laptop.locator("#review-timeline .review-mark.match").first
        if other.count():
            target = int(other.get_attribute("data-step"))
            other.click()
            laptop.wait_for_function("n => document.body.dataset.step === String(n)", arg=target)
            assert laptop.locator('#review-here[data-verdict="match"]').is_visible()

        laptop.goto(replay_url)
        laptop.locator("#review-here button.review-retry").click()
        laptop.wait_for_url("**/t/*")
        laptop.wait_for_selector('body[data-state="playing"].my-turn')
        assert sorted(hand(laptop)) == sorted(held), "back at the table with the hand she held at that step"
        assert laptop.url.rsplit("/", 1)[1] != code
        shot(laptop, "review-retry-laptop-en")
        assert not errors, errors

        for (name, device), lang in zip(PHONES.items(), ("ru", "ru", "en"), strict=True):
            page = browser.new_context(reduced_motion="reduce", **device).new_page()
            page.goto(f"{replay_url}&lang={lang}")
            page.wait_for_selector('#review-here[data-verdict="cost"]', timeout=20_000)
            words = page.locator("#review-here").inner_text()
            assert ("Вы сыграли" in words and "Сильный бот" in words) if lang == "ru" else "You played" in words
            fits_width(page, "#review-here, #review-timeline, .review-item")
            assert page.locator("#review-here").is_visible()
            shot(page, f"review-replay-{name}-{lang}")
            page.goto(f"{live.url}/t/{code}?lang={lang}")
            item = page.locator(".review-over .review-item").first
            item.wait_for(timeout=20_000)
            fits_width(page, ".review-over .review-item")
            item.scroll_into_view_if_needed()
            shot(page, f"review-over-{name}-{lang}")
