"""What a player notices at the table, in a real browser (issue 14): a finished trick stays on the table with its
taker marked for a moment and then leaves (a tap skips the pause); the tab's title says "Your turn" while the
player must act in a hidden tab; the hand, the status and the buttons fit the screen of a phone held either way
and of a laptop with no scrolling; Escape and a click outside close every dialog; arrow keys move through the hand
and the focus stays there across updates; a live region says each move and whose turn it is.

A desktop player (Ann) plays Blot against three bots with motion on (no reduced motion). Screenshots in English and
Russian at each size land in artifacts/screenshots/ (``motion-*``, ``layout-*``).
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game
from tests.browser_helpers import (
    CARD_CORNER,
    CHROMIUM,
    CHROMIUM_ARGS,
    PROBE,
    Guard,
    create_table,
    painted,
    perform,
    pick,
    require_chromium,
    shot,
    sync_api,
)
from tests.live import LiveServer

pytestmark = pytest.mark.browser

SIZES = {"portrait": (390, 844), "landscape": (844, 390), "laptop": (1366, 768), "wide": (1920, 1080)}
"""The screens every layout check and screenshot covers: a phone held upright and on its side, a laptop, a desktop."""

TRICK_STATE = """() => {
    const ghost = document.querySelector('#ring .trick-ghost');
    const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
        getComputedStyle(el).visibility !== 'hidden' && Number(getComputedStyle(el).opacity) > 0.5; };
    return {
        held: ghost ? [...ghost.querySelectorAll('.table-card')].filter(seen).map(c => c.dataset.card) : [],
        winner: ghost ? ghost.querySelectorAll('.pile-play.winner').length : 0,
        label: ghost ? ghost.querySelector('.ghost-label').textContent : '',
        ledUnder: document.body.classList.contains('my-turn')
            && document.querySelectorAll('#centre .pile-play').length > 0,
    };
}"""
"""The finished trick as the player sees it: the cards still showing in the middle, the taker's card marked; and
whether it is Ann's turn with a card led under it (the held trick then leaves after half its pause)."""

TRICK_WATCH = f"""() => {{
    const state = {TRICK_STATE};
    window.trickLog = [];
    window.trickClick = null;
    const clicked = () => {{ window.trickClick ??= performance.now(); }};
    document.addEventListener('click', clicked, {{capture: true, once: true}});
    window.trickWatch = setInterval(() => window.trickLog.push({{t: performance.now(), ...state()}}), 20);
}}"""
"""Samples the finished trick (``TRICK_STATE``) every 20 ms on the page's own clock, and notes when the next click
came: timed from the test's side, each look is a round trip that took up to half a second on a busy machine, and a
trick held its 1.5 s was measured as shown for less than 1 s."""

IN_VIEW = """(selectors) => {
    const out = {};
    for (const sel of selectors) {
        const els = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length);
        out[sel] = els.map(e => { const r = e.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; });
    }
    return {items: out, width: innerWidth, height: innerHeight,
            scrollX: document.documentElement.scrollWidth, scrollY: scrollY};
}"""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    require_chromium()
    live = LiveServer(Path(tempfile.mkdtemp(prefix="cardtable-motion-")), mode="threading", BOT_DELAY="0.15").start()
    yield live.url
    live.stop()


@pytest.fixture(scope="module")
def page(server: str) -> Iterator[Any]:
    """A laptop page with motion on (the system asks for no reduced motion), behind the route guard."""
    guard = Guard(server)
    errors: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ctx = browser.new_context(viewport={"width": 1366, "height": 768}, reduced_motion="no-preference")
        ctx.route("**/*", guard)
        ctx.set_default_timeout(20_000)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{e}\n{e.stack}"))
        page.errors = errors
        yield page
        browser.close()
    assert not guard.outside, f"requests left the server: {guard.outside}"
    assert not errors, f"script errors: {errors}"


def blot_table(page: Any, base: str) -> str:
    """Ann's Blot table with three bots, started."""
    code = create_table(page, base, get_game("blot"), 4, {})
    page.click("#fill-bots")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_selector('body[data-state="playing"]')
    return code


def choose(choices: list[str], rng: random.Random) -> str:
    """A card when Ann may play one, else a pass (the bots bid: no wild contract ends the game in one hand)."""
    if any(c.startswith("play ") for c in choices) or "pass" not in choices:
        return pick(choices, rng)
    return "pass"


def wait_my_turn(page: Any, timeout: float = 20) -> dict[str, Any]:
    """Close a hand summary if one shows, play again after the game's end, and wait until Ann may act; her
    choices then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = page.evaluate(PROBE)
        if state["summary"]:
            page.click("#summary-close")
            continue
        if state["over"] and page.locator("#play-again").is_visible():
            page.click("#play-again")
            page.wait_for_selector('body[data-state="playing"]')
            continue
        if state["myTurn"] and state["choices"]:
            return state
        time.sleep(0.05)
    raise AssertionError(f"Ann's turn never came: {state}")


def play_until(page: Any, rng: random.Random, done: Any, limit: int = 200) -> dict[str, Any]:
    """Ann moves (cards first, else any bid) until ``done(state)`` holds at her turn; that state."""
    for _ in range(limit):
        state = wait_my_turn(page)
        if done(state):
            return state
        perform(page, choose(state["choices"], rng), state["cardActions"])
        page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
    raise AssertionError("the wanted moment never came")


def completes_trick(page: Any, state: dict[str, Any]) -> bool:
    """Ann's card will be the fourth of the trick."""
    plays = [c for c in state["choices"] if c.startswith("play ")]
    not_last = len(state["cardActions"]) > 1  # the hand's last trick brings the hand summary over it
    return bool(plays) and not_last and page.locator("#centre .pile-play").count() == 3


DEAL_WATCH = """(() => {
    const animate = Element.prototype.animate;
    window.dealMoves = [];
    Element.prototype.animate = function (frames, options) {
        if (this.matches('.seat .mini-fan') || this.closest('#hand'))
            window.dealMoves.push({ fan: this.matches('.mini-fan'), delay: options?.delay || 0 });
        return animate.call(this, frames, options);
    };
})();"""
"""Records every animation of a seat's backs or of a card in the hand, with its delay."""


def test_a_new_deal_comes_out_to_the_seats_and_the_hand(server: str, page: Any) -> None:
    """At the next deal the bots' backs come out of the middle to their seats and Ann's cards into her hand one after
    another (the page sees a later hand: the deal's event may already be beyond the recent events it was sent)."""
    rng = random.Random(3)
    page.add_init_script(DEAL_WATCH)
    blot_table(page, server)
    hand_of = "() => [...document.querySelectorAll('#hand .card')].map(c => c.dataset.card).sort().join(' ')"
    page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 8")  # the first hand, dealt
    first = page.evaluate(hand_of)
    page.evaluate("() => { window.dealMoves = []; }")
    play_until(page, rng, lambda s: page.evaluate(hand_of) not in ("", first) and len(s["cardActions"]) == 8)
    fans = [m for m in page.evaluate("window.dealMoves") if m["fan"]]
    cards = [m for m in page.evaluate("window.dealMoves") if not m["fan"] and m["delay"] > 0]
    assert len(fans) >= 3, f"the three bots' backs did not come out of the middle: {fans}"
    # (A deal all four passed is dealt again: the moves of both deals are recorded, each one card after another.)
    assert len({m["delay"] for m in cards}) >= 8, "Ann's 8 cards came all at once"


def test_a_finished_trick_stays_then_sweeps_and_a_tap_skips(server: str, page: Any) -> None:
    rng = random.Random(14)
    blot_table(page, server)
    state = play_until(page, rng, lambda s: completes_trick(page, s))
    card = next(c for c in state["choices"] if c.startswith("play ")).split()[1]
    page.evaluate(TRICK_WATCH)
    page.click(f'#hand .card[data-card="{card}"]', position={"x": 8, "y": 24})
    time.sleep(4)
    clicked, log = page.evaluate("() => (clearInterval(window.trickWatch), [window.trickClick, window.trickLog])")
    seen = [((sample["t"] - clicked) / 1000, sample) for sample in log if sample["t"] >= clicked]
    # The trick shows at once with its taker marked; Ann's own card joins it as it lands (its flight from the hand
    # takes longer on a busy machine: it once showed 0.37 s after the others), and the whole trick stays.
    shown = [t for t, s in seen if s["held"] and s["winner"] == 1]
    assert shown and shown[0] < 0.5, f"the finished trick did not show at once: {seen[:5]}"
    held = [t for t, s in seen if len(s["held"]) == 4 and card in s["held"] and s["winner"] == 1]
    assert held and held[0] < 1.0, f"Ann's card did not join the finished trick: {seen[:40:4]}"
    shown_for = max(held) - shown[0]
    # 1.5 s at the normal pace; half of it when the taker led at once and Ann must answer (a later test's case)
    yielded = any(s["ledUnder"] for t, s in seen if shown[0] <= t <= max(held))
    assert shown_for >= (0.6 if yielded else 1.0), f"the finished trick showed only {shown_for:.2f} s"
    assert seen[-1][1]["held"] == [], "the finished trick never left the table"
    assert any("takes the trick" in s["label"] for _, s in seen), "the taker is not named"

    # A tap on the held trick sends it away at once. At the slow pace (2.6 s, half of it when Ann must answer at
    # once), so that the screenshot taken first cannot outlast the pause on a busy machine.
    state = play_until(page, rng, lambda s: completes_trick(page, s))
    card = next(c for c in state["choices"] if c.startswith("play ")).split()[1]
    page.evaluate("() => localStorage.setItem('cardtable.pace', 'slow')")
    try:
        page.click(f'#hand .card[data-card="{card}"]', position={"x": 8, "y": 24})
        page.wait_for_selector("#ring .trick-ghost")
        shot(page, "motion-trick-held-desktop")
        tapped = time.monotonic()
        page.click("#ring .trick-ghost")
        page.wait_for_selector("#ring .trick-ghost", state="detached", timeout=1500)
        assert time.monotonic() - tapped < 1.2, "a tap did not skip the pause"
    finally:
        page.evaluate("() => localStorage.setItem('cardtable.pace', 'normal')")


HELD_ROWS = """() => {
    const rows = new Map();
    for (const play of document.querySelectorAll('#ring .trick-ghost .pile-play'))
        rows.set(play.offsetTop + play.offsetHeight, (rows.get(play.offsetTop + play.offsetHeight) || 0) + 1);
    return [...rows.values()];
}"""
"""How many of the held trick's cards lie in each row (a row's cards stand on one line), top row first."""


def test_a_trick_of_four_too_wide_for_a_phone_lies_two_and_two(server: str, page: Any) -> None:
    """Between the seat boxes of a phone held upright four cards do not fit in a row: the finished trick lies in two
    rows of two (three over one looked like a card left over)."""
    rng = random.Random(15)
    page.set_viewport_size({"width": SIZES["portrait"][0], "height": SIZES["portrait"][1]})
    try:
        blot_table(page, server)
        state = play_until(page, rng, lambda s: completes_trick(page, s))
        card = next(c for c in state["choices"] if c.startswith("play ")).split()[1]
        page.evaluate("() => localStorage.setItem('cardtable.pace', 'slow')")  # measured before it is swept
        page.click(f'#hand .card[data-card="{card}"]', position={"x": 8, "y": 24})
        page.wait_for_function("() => document.querySelectorAll('#ring .trick-ghost .pile-play').length === 4")
        # measured once Ann's card has landed: on a busy machine a frame drawn mid-flight was measured in one row
        page.wait_for_function(HELD_SETTLED)
        rows = painted(page, HELD_ROWS)
        shot(page, "motion-trick-held-phone")
        assert rows == [2, 2], f"the held trick lies in rows of {rows}"
    finally:
        page.evaluate("() => localStorage.removeItem('cardtable.pace')")
        page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})


HELD_SETTLED = """() => {
    const ghost = document.querySelector('#ring .trick-ghost');
    return !ghost || ghost.getAnimations({subtree: true}).every(a => a.playState !== 'running');
}"""
"""The held trick's cards have flown in (or it is gone)."""

HELD_LABEL = """() => {
    const ghost = document.querySelector('#ring .trick-ghost');
    if (!ghost) return {holding: false};
    const label = ghost.querySelector('.ghost-label').getBoundingClientRect();
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = [];
    for (let i = 1; i < 10; i++) {
        for (const y of [label.top + 1, label.bottom - 1]) {
            const x = label.left + label.width * i / 10;
            if (!document.elementFromPoint(x, y)?.closest('.ghost-label')) covered.push([Math.round(x), Math.round(y)]);
        }
    }
    return {
        under: [...ghost.querySelectorAll('.table-card')]
            .filter(card => overlap(card.getBoundingClientRect(), label)).map(card => card.dataset.card),
        covered,
        inside: label.top >= 0 && label.left >= 0 && label.right <= innerWidth && label.bottom <= innerHeight,
        holding: !ghost.classList.contains('sweeping'),
    };
}"""
"""The held trick's label ("Bot 3 takes the trick") against its cards: the cards that lie over or under it, the
points along its top and bottom edges where something else is drawn over it, whether it is on the screen, and whether
the trick was still held (not swept yet)."""


def test_the_held_tricks_label_stays_clear_of_its_cards_on_a_phone(server: str, page: Any) -> None:
    """On a phone held either way, in English and Russian, the label naming who takes the held trick lies above its
    cards, clear of them, and nothing is drawn over it: the taker's card stands raised and its top ran over the
    label's lower edge (drawn over it), as did the cards flying in."""
    rng = random.Random(16)
    blot_table(page, server)
    url = page.url
    page.evaluate("() => localStorage.setItem('cardtable.pace', 'slow')")  # time to look before it is swept
    try:
        for lang in ("en", "ru"):
            for screen in ("portrait", "landscape"):
                page.set_viewport_size({"width": SIZES[screen][0], "height": SIZES[screen][1]})
                page.goto(f"{url}?lang={lang}")
                page.wait_for_selector("body.ready")
                for _ in range(3):  # a trick swept before it was looked at (a busy machine) is looked at again
                    state = play_until(page, rng, lambda s: completes_trick(page, s))
                    card = next(c for c in state["choices"] if c.startswith("play ")).split()[1]
                    page.click(f'#hand .card[data-card="{card}"]', position=CARD_CORNER)
                    page.wait_for_function(
                        "() => document.querySelectorAll('#ring .trick-ghost .pile-play').length === 4"
                    )
                    page.wait_for_function(HELD_SETTLED, polling=20)
                    label = page.evaluate(HELD_LABEL)
                    if label["holding"]:
                        break
                shot(page, f"motion-trick-label-{screen}-{lang}")
                assert label["holding"], f"{screen} {lang}: every trick was swept before it was looked at"
                assert label["under"] == [], f"{screen} {lang}: cards lie over the taker's name: {label}"
                assert label["covered"] == [], f"{screen} {lang}: the taker's name is drawn over: {label}"
                assert label["inside"], f"{screen} {lang}: the taker's name is off the screen: {label}"
    finally:
        page.evaluate("() => localStorage.removeItem('cardtable.pace')")
        page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
        page.goto(f"{url}?lang=en")
        page.wait_for_selector("body.ready")


GHOST_WATCH = """(() => {
    window.ghostLog = [];
    setInterval(() => {
        const ghost = document.querySelector('#ring .trick-ghost:not(.sweeping)');
        window.ghostLog.push({t: performance.now(), ghost: Boolean(ghost),
            myTurn: Boolean(document.body?.classList.contains('my-turn')),
            led: document.querySelectorAll('#centre .pile-play').length});
    }, 20);
})();"""
"""Samples, every 20 ms, whether a finished trick is held, whether it is Ann's turn, and the cards laid under it
(an init script: on every later page of the module's tab it starts before the page has a body)."""


def test_your_turn_under_a_held_trick_shows_the_lead_after_half_the_pause(server: str, page: Any) -> None:
    """When a bot takes a trick and leads at once so that it is Ann's turn, the held trick leaves after half its
    pause (0.75 s at the normal pace), not the whole of it: the card led, under it, is in sight while she
    chooses."""
    rng = random.Random(21)
    page.add_init_script(GHOST_WATCH)
    blot_table(page, server)
    episodes: list[tuple[float, float]] = []
    for _ in range(40):
        state = wait_my_turn(page)
        page.wait_for_selector("#ring .trick-ghost", state="detached", timeout=4000)  # acting would send it away
        perform(page, choose(state["choices"], rng), state["cardActions"])
        page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        log = page.evaluate("window.ghostLog.splice(0)")
        start = None
        for sample in log:
            if sample["ghost"] and start is None:
                start, waited = sample["t"], None
            if start is not None and sample["ghost"] and sample["myTurn"] and sample["led"] and waited is None:
                waited = sample["t"]
            if start is not None and not sample["ghost"]:
                if waited is not None:
                    episodes.append((waited - start, sample["t"] - start))
                start = None
        if len(episodes) >= 3:
            break
    assert episodes, "Ann's turn never came under a held trick"
    for came, left in episodes:
        assert left < 750 + 250 or left - came < 250, f"the held trick stayed {left:.0f} ms over the lead"


DOUBLE_TAP = """(card) => {
    const el = document.querySelector(`#hand .card[data-card="${card}"]`);
    el.click();
    el.click();
}"""
"""Two taps on one card of the hand before the table can answer the first (a phone's double tap)."""


def test_a_double_tap_on_a_card_plays_it_once(server: str, page: Any) -> None:
    """The second tap of a double tap sends nothing: it would reach the table after the card was played and be
    refused as stale ("The table has changed since you looked"), an error for a move the player made once."""
    rng = random.Random(21)
    blot_table(page, server)
    state = play_until(page, rng, lambda s: any(c.startswith("play ") for c in s["choices"]))
    card = next(c for c in state["choices"] if c.startswith("play ")).split()[1]
    page.evaluate(DOUBLE_TAP, card)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
    time.sleep(0.5)
    assert page.locator("#toast:not([hidden])").count() == 0, page.locator("#toast").inner_text()
    assert page.locator(f'#hand .card[data-card="{card}"]').count() == 0, "the card is still in the hand"


REASON_PLACE = """() => {
    const reason = document.getElementById('toast').getBoundingClientRect();
    const tops = [...document.querySelectorAll('#hand .card, #actions button, #selection button')]
        .filter(e => e.getClientRects().length).map(e => e.getBoundingClientRect().top);
    const hit = document.elementFromPoint((reason.left + reason.right) / 2, (reason.top + reason.bottom) / 2);
    return {top: reason.top, bottom: reason.bottom, height: innerHeight, movesTop: Math.min(...tops),
            through: !hit.closest('#toast')};
}"""
"""Where the reason shows against the player's moves (the hand's cards and the buttons above it) and the screen, and
whether a tap at its middle reaches what is under it (``through``) rather than the reason."""

MOMENTS = {
    "auction": lambda page: lambda s: not any(c.startswith("play ") for c in s["choices"]),
    "play": lambda page: (
        lambda s: (
            any(c.startswith("play ") for c in s["choices"]) and page.locator("#hand .card:not(.legal)").count() > 0
        )
    ),
}
"""When Ann taps a card she may not lay: in the auction (the bids are buttons above the hand), or in the play."""


@pytest.mark.parametrize(("screen", "moment"), [("portrait", "play"), ("landscape", "play"), ("portrait", "auction")])
def test_the_reason_shows_above_the_moves_and_lets_taps_through(
    server: str, page: Any, screen: str, moment: str
) -> None:
    """On a phone the reason a card may not be laid shows for a few seconds just above the player's moves, on
    screen, over none of the cards or buttons the player is about to tap; and a tap where it shows reaches what is
    under it."""
    rng = random.Random(8)
    blot_table(page, server)
    width, height = SIZES[screen]
    page.set_viewport_size({"width": width, "height": height})
    try:
        play_until(page, rng, MOMENTS[moment](page))
        page.locator("#hand .card:not(.legal)").first.click(position=CARD_CORNER)
        page.wait_for_selector("#toast:not([hidden])")
        place = page.evaluate(REASON_PLACE)
        shot(page, f"reason-{moment}-{screen}")
        assert place["top"] >= 0 and place["bottom"] <= place["height"], f"the reason is off the screen: {place}"
        assert page.evaluate(REASON_CLEAR) == [], f"the reason covers the player's moves: {place}"
        assert place["through"], "a tap where the reason shows reaches the reason"
        page.keyboard.press("Escape")
    finally:
        page.set_viewport_size({"width": 1366, "height": 768})


REASON_CLEAR = """() => {
    const t = document.getElementById('toast').getBoundingClientRect();
    const parts = ['#actions button:not([disabled])', '#selection button', '#hand .card', '#status', '#me .me-line',
        '.topbar', '#ring .seat'];
    const hits = parts.flatMap(sel => [...document.querySelectorAll(sel)].filter(el => el.getClientRects().length)
        .filter(el => {
            const r = el.getBoundingClientRect();
            const w = Math.min(t.right, r.right) - Math.max(t.left, r.left);
            const h = Math.min(t.bottom, r.bottom) - Math.max(t.top, r.top);
            return w > 1 && h > 1;
        }).map(el => `${sel} "${el.textContent.trim().slice(0, 24)}"`));
    if (t.top < 0 || t.bottom > innerHeight + 0.5) hits.push('off the screen');
    return hits;
}"""
"""What the reason covers of the player's moves (enabled buttons, the hand's cards), the turn line, his own seat line,
the top bar and the seats, and whether it runs off the screen."""


def test_the_reason_to_bet_first_leaves_the_bet_buttons_free(server: str, page: Any) -> None:
    """In Ass a card tapped before the bet gets "bet first: go or no": the reason lay over the two bet buttons it
    names, and on a phone held sideways over the top bar, a seat box and "Your turn.". Now it covers none of the
    enabled buttons, the cards, the turn line, the player's line or the seats, upright, sideways and on a laptop."""
    screens = (("ru", (844, 390)), ("en", (390, 844)), ("ru", (740, 360)), ("en", (1366, 768)))
    try:
        for lang, (width, height) in screens:
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{server}/?lang={lang}")
            page.wait_for_selector("body.ready")
            page.click('.game-card[data-game="ass"] button.play-now')
            page.wait_for_url("**/t/*")
            for _ in range(20):
                state = wait_my_turn(page)
                if "bet go" in state["choices"]:
                    break
                perform(page, state["choices"][0], state["cardActions"])
                page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
            else:
                raise AssertionError("Ann never had to bet")
            page.locator("#hand .card").first.click(position=CARD_CORNER)
            page.wait_for_selector("#toast:not([hidden])")
            shot(page, f"reason-ass-bet-{width}x{height}-{lang}")
            assert page.evaluate(REASON_CLEAR) == [], f"{width}x{height} {lang}"
    finally:
        page.set_viewport_size({"width": 1366, "height": 768})


def test_hidden_tab_title_announcements_and_focus(server: str, page: Any) -> None:
    rng = random.Random(3)
    code = blot_table(page, server)
    state = wait_my_turn(page)
    plain = f"Blot · {code}"
    assert page.title() == plain
    # The tab goes to the background while Ann must act: the title and the icon say so.
    page.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    assert page.title() == f"Your turn · {plain}"
    assert page.get_attribute('link[rel="icon"]', "href").startswith("data:image/svg+xml")
    perform(page, choose(state["choices"], rng), state["cardActions"])
    page.wait_for_function("t => document.title === t", arg=plain)
    page.wait_for_function("t => document.title === t", arg=f"Your turn · {plain}")
    page.evaluate(
        "() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    assert page.title() == plain
    assert page.get_attribute('link[rel="icon"]', "href") == "data:,"
    assert "Your turn" in page.inner_text("#announce"), "the live region does not say whose turn it is"

    # Keys: Tab reaches the hand, arrows move through it, Enter plays; the focus stays in the hand.
    state = play_until(page, rng, lambda s: any(c.startswith("play ") for c in s["choices"]))
    page.locator("#hand .card[tabindex='0']").focus()
    first = page.evaluate("() => document.activeElement.dataset.card")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.dataset.card")
    assert second and second != first, "the right arrow does not move through the hand"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.card") == first
    legal = [c for c, acts in state["cardActions"].items() if f"play {c}" in acts]
    for _ in range(len(state["cardActions"])):
        if page.evaluate("() => document.activeElement.dataset.card") in legal:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
    for _ in range(3):
        page.wait_for_timeout(400)
        assert page.evaluate("() => !!document.activeElement.closest('#hand')"), "the focus left the hand"
    assert "plays" in page.inner_text("#announce") or "Your turn" in page.inner_text("#announce")


def assert_on_screen(page: Any, label: str) -> None:
    """The hand, the status line and every action button lie inside the viewport, the page unscrolled."""
    found = page.evaluate(IN_VIEW, ["#hand .card", "#status", "#actions button, #actions select", ".tools button"])
    w, h = found["width"], found["height"]
    assert found["scrollX"] <= w, f"{label}: the page scrolls sideways"
    assert found["items"]["#status"], f"{label}: no status line"
    assert found["items"][".tools button"], f"{label}: no Score button"
    for sel, boxes in found["items"].items():
        for box in boxes:
            inside = box["top"] >= 0 and box["left"] >= -1 and box["bottom"] <= h + 0.5 and box["right"] <= w + 1
            assert inside, f"{label}: {sel} is off the screen ({box}, screen {w}×{h})"


def assert_chips_whole(page: Any, label: str) -> None:
    """Every chip of a seat box shows its whole text (a partner's name, the contract): a long one wraps in the box
    rather than end in an ellipsis."""
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#ring .seat .chip')]
            .filter(c => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
            .map(c => c.textContent)"""
    )
    assert not cut, f"{label}: seat chips cut short: {cut}"


def test_layout_fits_each_screen_and_dialogs_close(server: str, page: Any) -> None:
    rng = random.Random(5)
    blot_table(page, server)
    url = page.url
    # The auction: bid buttons and the bid picker must fit with the hand.
    wait_my_turn(page)
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        assert_on_screen(page, f"auction {name}")
    page.set_viewport_size({"width": 1366, "height": 768})
    # a screen reader names the bid picker in the page's words (it said «Выберите: bid»)
    for lang, said in (("ru", "Ваша заявка"), ("en", "Your bid")):
        page.goto(f"{url}?lang={lang}")
        page.wait_for_selector("body.ready")
        wait_my_turn(page)
        assert page.get_by_role("combobox", name=said, exact=True).count() == 1, f"no bid picker named {said!r}"
    play_until(
        page,
        rng,
        lambda s: any(c.startswith("play ") for c in s["choices"]) and page.locator("#centre .pile-play").count() > 0,
    )
    for lang in ("en", "ru"):
        page.goto(f"{url}?lang={lang}")
        page.wait_for_selector("body.ready")
        wait_my_turn(page)
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            assert_on_screen(page, f"{name} {lang}")
            assert_chips_whole(page, f"{name} {lang}")
            if name == "portrait":  # the top bar took three lines of the phone's screen
                bar = page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().height")
                assert bar <= 56, f"the top bar takes {bar} px of the phone's 844 ({lang})"
            page.screenshot(path=str(Path("artifacts/screenshots") / f"layout-blot-{name}-{lang}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{url}?lang=en")
    page.wait_for_selector("body.ready")

    # Escape closes each dialog; so does a click on the page around it.
    for opener in ("#sheet-button", "#last-trick-button"):
        if page.locator(opener).is_disabled():
            continue
        page.click(opener)
        page.wait_for_selector("#overlay:not([hidden])")
        assert page.evaluate("() => !!document.activeElement.closest('#overlay')"), "the dialog did not take the focus"
        page.keyboard.press("Escape")
        page.wait_for_selector("#overlay", state="hidden")
        page.click(opener)
        page.wait_for_selector("#overlay:not([hidden])")
        page.mouse.click(5, 760)
        page.wait_for_selector("#overlay", state="hidden")
    page.click("#prefs summary")
    assert page.locator("#sound-volume").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("#sound-volume").is_visible(), "Escape left the sound settings open"
    # The hand summary (or the game-end screen) closes with Escape too. The summary leaves the hand free, and the
    # score sheet opens it again.
    play_to_summary(page, rng)
    if page.get_attribute("#overlay", "data-kind") == "hand":
        shot(page, "motion-hand-summary-desktop")
        # A second hand's summary, on a small phone too: there its sheet surely scrolls within the summary.
        page.keyboard.press("Escape")
        play_to_summary(page, rng)
        assert page.get_attribute("#overlay", "data-kind") == "hand", "Blot ended with its second hand"
        for name, (w, h) in {"small": (360, 640), **SIZES}.items():
            page.set_viewport_size({"width": w, "height": h})
            page.keyboard.press("Escape")
            page.click("#sheet-button")
            page.click("#sheet-last-hand")
            page.wait_for_selector('#overlay[data-kind="hand"]:not([hidden])')
            assert_side_tables_whole(page, f"blot summary {name}", seats=name not in ("portrait", "small"))
            shot(page, f"layout-blot-summary-{name}")
        page.set_viewport_size({"width": 1366, "height": 768})
        free = page.evaluate(
            """() => [...document.querySelectorAll('#hand .card')].every(c => {
                const r = c.getBoundingClientRect();
                return c.contains(document.elementFromPoint(r.left + 6, r.bottom - 6));
            })"""
        )
        assert free, "the hand summary covers the hand"
        page.keyboard.press("Escape")
        page.wait_for_selector("#overlay", state="hidden")
        page.click("#sheet-button")
        page.click("#sheet-last-hand")
        page.wait_for_selector('#overlay[data-kind="hand"]:not([hidden])')
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay", state="hidden")


SIDE_TABLES = """() => {
    const box = (el) => el.getBoundingClientRect();
    const extra = document.getElementById('extra');
    const table = extra.querySelector('.extra-table');
    const out = {};
    if (table && table.getClientRects().length) {
        const last = box(table.querySelector('thead th:last-child')), e = box(extra);
        const cut = last.right > e.right + 1 || last.left < e.left - 1 || extra.scrollWidth > extra.clientWidth + 1;
        out.extra = {cut, head: table.querySelector('thead th:last-child').textContent};
    }
    const overlay = document.getElementById('overlay');
    const wrap = overlay.querySelector('.sheet-wrap');
    if (!overlay.hidden && overlay.classList.contains('docked') && wrap) {
        const b = box(overlay.querySelector('.overlay-box'));
        const head = wrap.querySelector('thead');
        const h = head ? box(head).bottom : 0;
        out.summary = {
            seats: [...document.querySelectorAll('#ring .seat')].filter(s => {
                const r = box(s);
                return Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1
                    && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
            }).map(s => s.dataset.seat),
            sideways: wrap.scrollWidth > wrap.clientWidth + 1,
            shaded: getComputedStyle(wrap).backgroundImage.includes('gradient'),
            halfHidden: [...wrap.querySelectorAll('tbody tr')].filter(r => box(r).top < h - 1 && box(r).bottom > h + 1)
                .map(r => r.textContent.slice(0, 40)),
            headsCovered: head ? [...head.querySelectorAll('th')].filter(th => {
                const r = box(th), w = box(wrap), x = r.left + r.width / 2;
                if (x < w.left || x > w.left + wrap.clientWidth) return false; // scrolled out of the sheet's box
                return !th.contains(document.elementFromPoint(x, r.top + r.height / 2));
            }).map(th => th.textContent) : [],
        };
    }
    return out;
}"""
"""The game's table in the felt's side column and the docked hand summary as the player sees them: a column of the
table cut off (its last head outside the box, or the box scrolling sideways); the seat boxes the summary covers;
whether its sheet scrolls sideways and then shows shades at its sides; rows of the sheet half under its held column
heads; the heads a row's cell paints over."""


def assert_side_tables_whole(page: Any, label: str, seats: bool) -> None:
    """No column of the felt's game table is cut off; the docked summary's sheet, when it scrolls sideways, says so
    with its shades, has no row half hidden under its column heads, and (``seats``) covers no seat box."""
    found = painted(page, SIDE_TABLES)
    if "extra" in found:
        assert not found["extra"]["cut"], f"{label}: the game's table cuts off its last column ({found['extra']})"
    summary = found.get("summary")
    if summary:
        assert not summary["sideways"] or summary["shaded"], f"{label}: the sheet hides columns with no hint"
        assert not summary["halfHidden"], f"{label}: rows half under the sheet's heads: {summary['halfHidden']}"
        assert not summary["headsCovered"], f"{label}: rows paint over the sheet's heads {summary['headsCovered']}"
        if seats:
            assert not summary["seats"], f"{label}: the hand summary covers seat boxes {summary['seats']}"


def test_ass_side_table_and_hand_summary_keep_every_column(server: str, page: Any) -> None:
    """Ass for four, two trumps each, Ann under a long name: the side table keeps its last column ("banks") and the
    docked summary its players' columns, upright, on its side and on a laptop, in English and Russian."""
    page.set_viewport_size({"width": 1366, "height": 768})
    code = create_table(page, server, get_game("ass"), 4, {"trumps": "two"}, name="Константин")
    page.click("#fill-bots")
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    page.wait_for_selector('body[data-state="playing"]')
    url = f"{server}/t/{code}"
    play_until(page, random.Random(2), lambda s: any(c.startswith("play ") for c in s["choices"]))
    for lang in ("en", "ru"):
        page.goto(f"{url}?lang={lang}")
        page.wait_for_selector("body.ready")
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            assert_side_tables_whole(page, f"ass {name} {lang}", seats=True)
            page.screenshot(path=str(Path("artifacts/screenshots") / f"layout-ass-{name}-{lang}.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    play_to_summary(page, random.Random(2))
    assert page.get_attribute("#overlay", "data-kind") == "hand", "the game ended with its first hand"
    for lang in ("en", "ru"):
        page.goto(f"{url}?lang={lang}")
        page.wait_for_selector('#overlay[data-kind="hand"]:not([hidden])')
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.keyboard.press("Escape")
            page.click("#sheet-button")
            page.click("#sheet-last-hand")  # opened again at this size, as a player who turns his phone would
            page.wait_for_selector('#overlay[data-kind="hand"]:not([hidden])')
            # upright the summary lies over the felt's top, seats and all, by design
            assert_side_tables_whole(page, f"ass summary {name} {lang}", seats=name != "portrait")
            # in words, a line a player: who bet what, the target, the points, made or missed, the banks it costs
            lines = page.locator("#overlay .hand-how li").all_inner_texts()
            own, *others = lines
            assert len(lines) == 4 and own.startswith("You bet “" if lang == "en" else "Вы: ставка «"), lines
            words = ("bet “", "needed", "banks: ") if lang == "en" else ("ставка «", "норма", "банок: ")
            assert all(w in line for line in others for w in words), lines
            shot(page, f"layout-ass-summary-{name}-{lang}")
    page.set_viewport_size({"width": 1366, "height": 768})


def play_to_summary(page: Any, rng: random.Random) -> None:
    """Ann plays on until the hand-end summary (or the game-end screen) shows."""
    for _ in range(400):
        state = page.evaluate(PROBE)
        if state["summary"] or state["over"]:
            page.wait_for_selector("#overlay:not([hidden])")
            return
        if state["myTurn"] and state["choices"]:
            perform(page, choose(state["choices"], rng), state["cardActions"])
            page.wait_for_function(
                "v => document.body.dataset.version !== v || !document.getElementById('overlay').hidden",
                arg=state["version"],
            )
        else:
            time.sleep(0.05)
    raise AssertionError("no hand summary")
