"""Learn by playing, in a real browser: from the rules page's link the lobby deals each game's prepared hand against
Easy bots, and the coach beside the table says what the hand shows, how many moves are allowed and which one it
would make with the engine's reason; a refused tap is explained in the coach's panel. A player who follows the coach
plays the lesson to the end of its first hand (Bailiff: the game), each move acknowledged as the coach's; then the
coach says the lesson's hand is played while the game goes on, and shows the Hard bot's review of that hand. The
first move much worse than the coach's that the page offers is tried: the coach warns and holds it until "Play it
anyway"; each hand is summed up, and no praise of its last move stays into the next.
English on a laptop, Russian on a phone; screenshots ``lesson-<game>-<size>-<lang>-*.png``."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from engine.registry import all_games
from tests.browser_helpers import (
    PROBE,
    SHOTS,
    Guard,
    browser_server,
    chromium_browser,
    explain_illegal_card,
    painted,
    perform,
)

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}
RUNS = [(game.id, "desktop", "en") if i % 2 == 0 else (game.id, "phone", "ru") for i, game in enumerate(all_games())]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-lessons-") as url:
        yield url


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


def much_worse(values: dict[str, float], best: str, choices: list[str]) -> str | None:
    """A move the page offers that did much worse than the coach's in its search (``coach_check.js``'s rule: at least
    half the spread between the best and the worst move tried, and a tenth of the largest value's size)."""
    if best not in values or len(values) < 2:
        return None
    spread = max(values.values()) - min(values.values())
    size = max(abs(v) for v in values.values())
    worst = [a for a in choices if a in values and a != best]
    worst = [a for a in worst if (gap := values[best] - values[a]) > 0 and gap >= 0.5 * spread and gap >= 0.1 * size]
    return min(worst, key=lambda a: values[a]) if worst else None


@pytest.mark.parametrize(("game", "size", "lang"), RUNS)
def test_follow_the_coach_through_the_lesson(chromium: Any, server: str, game: str, size: str, lang: str) -> None:
    guard = Guard(server)
    errors: list[str] = []
    ctx = chromium.new_context(reduced_motion="reduce", **SIZES[size])
    ctx.route("**/*", guard)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    name = f"lesson-{game}-{size}-{lang}"
    try:
        page.goto(f"{server}/rules/{game}?lang={lang}")
        page.click(".learn-link a")
        page.wait_for_url("**/t/*")
        coach = page.locator("#coach")
        coach.wait_for(state="visible")
        assert page.locator(".coach-shows").inner_text().strip(), "the coach says what the lesson shows"
        page.screenshot(path=str(SHOTS / f"{name}-start.png"))
        followed = good = 0
        refused = warned = False
        deadline = time.monotonic() + 300
        while True:
            assert time.monotonic() < deadline, f"{game}: the lesson did not end"
            state = page.evaluate(PROBE)
            if state["summary"] or state["over"]:
                break
            advice = page.locator(".coach-advice[data-action]")
            if not state["myTurn"] or not advice.count():
                time.sleep(0.05)
                continue
            action = advice.get_attribute("data-action") or ""
            if action not in state["choices"]:
                time.sleep(0.05)
                continue
            assert page.locator(".coach-look").inner_text().strip()
            if not refused and explain_illegal_card(page):
                refused = True
                assert page.locator(".coach-feedback[data-verdict='refused']").inner_text().strip()
                page.screenshot(path=str(SHOTS / f"{name}-refused.png"))
            if followed == 1:
                page.screenshot(path=str(SHOTS / f"{name}-advice.png"))
            worse = much_worse(json.loads(advice.get_attribute("data-values") or "{}"), action, state["choices"])
            if worse and not warned:
                # a move much worse than the coach's waits: the coach warns, and one tap plays it anyway
                perform(page, worse, state["cardActions"])
                page.locator(".coach-warning .coach-anyway").wait_for()
                assert page.evaluate("() => document.body.dataset.version") == state["version"], "sent unwarned"
                page.screenshot(path=str(SHOTS / f"{name}-warning.png"))
                page.click(".coach-anyway")
                page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
                warned = True
                continue
            perform(page, action, state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
            followed += 1
            # a move that ended a hand is summed up with the hand instead
            good += page.locator(".coach-feedback[data-verdict='good'], .coach-sum").count()
        assert followed >= 3, f"{game}: only {followed} moves of the lesson were the player's"
        assert good >= followed - 1, f"{game}: {good} of {followed} moves acknowledged as the coach's"
        page.screenshot(path=str(SHOTS / f"{name}-end.png"))
        # the hand is summed up, and no word on its last move lingers into the next
        page.locator(".coach-sum").wait_for()
        assert page.locator(".coach-feedback").count() == 0, page.locator(".coach-lines").inner_text()
        if not state["over"]:
            page.click("#summary-close")
            done = page.locator(".coach-done")
            done.wait_for(state="visible")
            said = {"en": "The lesson's hand is played.", "ru": "Раздача урока сыграна."}[lang]
            assert done.inner_text().startswith(said), done.inner_text()
            page.screenshot(path=str(SHOTS / f"{name}-played.png"))
            # the Hard bot's review of the lesson's hand: the player's line and his costliest decisions, if any
            review = page.locator("#coach .coach-review")
            review.locator(".review-summary li").first.wait_for(timeout=150_000)
            line = review.locator(".review-summary li").first.inner_text()
            assert line.startswith({"en": "You:", "ru": "Вы:"}[lang]), line
            assert review.locator("h4").count() == 1 and not review.locator("a.review-open, .review-retry").count()
            review.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{name}-review.png"))
    finally:
        ctx.close()
    assert not guard.outside, guard.outside
    assert not errors, errors


SIDEWAYS = {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
"""A phone on its side: the felt and the hand under it on the left; the turn, the buttons, the coach on the right."""

ON_SCREEN = """() => {
    const box = sel => { const el = document.querySelector(sel); return el && el.getClientRects().length
        ? el.getBoundingClientRect() : null; };
    // the coach's pick: none when it is a picker's entry (a bid in Blot)
    const parts = {hand: box('#hand'), actions: box('#actions'), pick: box('.coach-pick'), me: box('#me')};
    const below = Object.entries(parts).filter(([, r]) => r && r.height && r.bottom > innerHeight + 1)
        .map(([name, r]) => `${name} ends at ${Math.round(r.bottom)}px`);
    // the coach's pick among the buttons is in sight within their column, not scrolled away under the others
    if (parts.pick && parts.actions && document.querySelector('#actions .coach-pick')
        && (parts.pick.bottom > parts.actions.bottom + 1 || parts.pick.top < parts.actions.top - 1))
        below.push(`pick hidden in the column (${Math.round(parts.pick.top)}-${Math.round(parts.pick.bottom)}px, `
            + `the column ${Math.round(parts.actions.top)}-${Math.round(parts.actions.bottom)}px)`);
    const coach = box('#coach');
    // the game's panel keeps its head and a row (or all of it when shorter): it collapsed to nothing
    const extra = document.getElementById('extra');
    const content = [...extra.children].reduce((sum, c) => sum + c.getBoundingClientRect().height, 0);
    if (extra.clientHeight + 1 < Math.min(content, 48))
        below.push(`the game's panel shows ${extra.clientHeight} of its ${Math.round(content)} px`);
    return {below, coachShown: coach ? Math.min(coach.bottom, innerHeight) - Math.max(coach.top, 0) : 0,
        scrolled: document.documentElement.scrollHeight > innerHeight + 1 ? scrollY : 0};
}"""


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_the_lesson_on_a_phone_on_its_side_keeps_the_hand_and_the_coach_on_the_screen(
    chromium: Any, server: str, game: str
) -> None:
    """844×390: the coach's panel shares the narrow column with the turn and the buttons and scrolls within it; the
    hand, the buttons, the move the coach marks and the player's line stay on the first screen (the coach, placed in
    no area of the grid, took a row of its own as tall as its words and pushed the hand and the buttons below it); the
    game's panel keeps its rows beside the coach."""
    guard = Guard(server)
    ctx = chromium.new_context(reduced_motion="reduce", locale="ru-RU", **SIDEWAYS)
    ctx.route("**/*", guard)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    try:
        page.goto(f"{server}/?learn={game}&lang=ru")
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".coach-advice[data-action]")
        seen = painted(page, ON_SCREEN)
        page.screenshot(path=str(SHOTS / f"lesson-{game}-sideways-ru.png"))
        assert seen["below"] == [], f"{game}: below the screen on a phone on its side: {seen['below']}"
        assert seen["coachShown"] >= 12, f"{game}: the coach is out of sight ({seen})"
    finally:
        ctx.close()
    assert not guard.outside, guard.outside
