"""Shared by the browser tests (``tests/test_browser_*.py``): Debian's chromium launched through Playwright with a
desktop and a phone page behind a route guard, and the helpers that drive the lobby and the table by clicking.

Importing this module skips the importing test module when Playwright is not installed.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.live import LiveServer
from webapp.config import DEFAULTS
from webapp.lengths import short_game

sync_api = pytest.importorskip("playwright.sync_api")

FORCED_OFF = "localStorage.setItem('cardtable.forced', 'off')"
"""Forced moves (the page plays the one legal move itself after a pause) are off in the browser tests' pages: their
loops read the moves offered and then tap one, and a move the page had played meanwhile would be gone.
tests/test_browser_pace.py turns them back on (:data:`FORCED_DEFAULT`): it tests them as a player meets them."""
FORCED_DEFAULT = "localStorage.removeItem('cardtable.forced')"


def _without_forced_moves(new_context: Any) -> Any:
    def make(self: Any, *args: Any, **kwargs: Any) -> Any:
        context = new_context(self, *args, **kwargs)
        context.add_init_script(FORCED_OFF)
        return context

    return make


sync_api.Browser.new_context = _without_forced_moves(sync_api.Browser.new_context)

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
"""Playwright's context settings for the desktop page and the phone page."""
CARD_CORNER = {"x": 8, "y": 24}
"""Where a finger taps a card in the fanned hand: its uncovered top-left corner."""
MAX_MOVES = 1500
"""Human moves per game before the test gives up (a game that never ends is a failure)."""


class Guard:
    """Aborts, and remembers, every request that is not to the server."""

    def __init__(self, base: str):
        self.base = base + "/"
        self.outside: list[str] = []

    def __call__(self, route: Any) -> None:
        url = route.request.url
        if url.startswith((self.base, "data:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()


def require_chromium() -> None:
    """Skip the calling test or fixture when Debian's chromium is not installed."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")


@dataclass
class Browsers:
    """The pages of :func:`desktop_and_phone` by role, its route guard, and the script errors the pages raised."""

    pages: dict[str, Any]
    guard: Guard
    errors: list[str]


@contextmanager
def browser_server(prefix: str, root: Path = ROOT, **env: str) -> Iterator[str]:
    """The real server (of the checkout at ``root``; ``env`` its further settings) in a subprocess for browser tests
    (threading mode, bots without delay, the default rate limit a browser lives with); yields its base URL."""
    require_chromium()
    limits = {key: str(DEFAULTS[key]) for key in ("RATE_LIMIT", "RATE_BURST")}
    live = LiveServer(Path(tempfile.mkdtemp(prefix=prefix)), mode="threading", root=root, **limits, **env).start()
    try:
        yield live.url
    finally:
        live.stop()


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """Debian's chromium under Playwright, headless."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def desktop_and_phone(
    base: str, roles: tuple[str, str], timeout_ms: float, navigation_ms: float | None = None
) -> Iterator[Browsers]:
    """Chromium (Playwright gives it a fresh temporary user-data folder) with two isolated contexts, a desktop page
    and a phone page named by ``roles``, both behind the route guard and with reduced motion (no card
    transitions); ``timeout_ms`` is their default timeout, ``navigation_ms`` that of navigations (else the same).
    On leaving, fails when any request left the server."""
    guard = Guard(base)
    errors: list[str] = []
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        pages = {}
        for role, device in zip(roles, (DESKTOP, PHONE), strict=True):
            ctx = browser.new_context(reduced_motion="reduce", **device)
            ctx.route("**/*", guard)
            ctx.set_default_timeout(timeout_ms)
            if navigation_ms is not None:
                ctx.set_default_navigation_timeout(navigation_ms)
            page = ctx.new_page()
            page.on("pageerror", lambda e, role=role: errors.append(f"{role}: {e}"))
            pages[role] = page
        yield Browsers(pages, guard, errors)
        browser.close()
    assert not guard.outside, f"requests left the server: {guard.outside}"


def shot(page: Any, name: str) -> None:
    """Save a full-page screenshot as ``artifacts/screenshots/<name>.png``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def create_table(page: Any, base: str, game: Any, players: int, options: dict[str, Any], name: str = "Ann") -> str:
    """Open "More options" from the game's card in the lobby, fill the generated form (the host's ``name``) and
    create the table with open seats ("Invite friends"), listed among the open tables (friends join by its code)
    and with no turn clock; return its code."""
    page.goto(base + "/")
    page.wait_for_selector("body.ready")
    page.fill("#player-name", name)
    page.click(f'.game-card[data-game="{game.id}"] button.more-options')
    page.wait_for_function("() => document.getElementById('create-panel').open")
    assert page.input_value("#create-game") == game.id
    page.fill("#create-players", str(players))
    schema = {o.name: o for o in game.options}
    for name, value in options.items():
        if schema[name].type == "choice":
            page.select_option(f"#opt-{name}", str(schema[name].choices.index(value)))
        else:
            page.fill(f"#opt-{name}", "" if value is None else str(value))
    page.check("#create-listed")
    page.select_option("#create-clock", "off")
    page.click("#create-submit")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("body.ready")
    return page.url.rsplit("/", 1)[1]


def play_now(page: Any, game: str, length: str = "full") -> None:
    """Click a game card's "Play now"; a game whose full game lasts long asks short or full first
    (static/lengths.json): answer ``length``."""
    page.click(f'.game-card[data-game="{game}"] button.play-now')
    if short_game(game) is not None:
        page.click(f'.game-card[data-game="{game}"] .length-{length}')


def version(page: Any) -> str:
    """The table version the page shows (``body[data-version]``)."""
    return page.get_attribute("body", "data-version") or ""


def hand(page: Any) -> list[str]:
    """The cards of the page's hand, in the order shown."""
    return page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)")


PROBE = """() => {
    const body = document.body;
    const choices = new Set();
    for (const c of document.querySelectorAll('#hand .card.legal'))
        for (const a of JSON.parse(c.dataset.actions)) choices.add(a);
    for (const b of document.querySelectorAll('#actions button[data-action]')) choices.add(b.dataset.action);
    for (const o of document.querySelectorAll('#actions select.action-picker option')) choices.add(o.value);
    const overlay = document.getElementById('overlay');
    return {
        over: body.dataset.state === 'over',
        myTurn: body.classList.contains('my-turn'),
        summary: !overlay.hidden && overlay.dataset.kind === 'hand',
        forced: document.getElementById('forced-note')?.hidden === false,
        version: body.dataset.version,
        choices: [...choices],
        cardActions: Object.fromEntries([...document.querySelectorAll('#hand .card')].map(
            c => [c.dataset.card, JSON.parse(c.dataset.actions)])),
    };
}"""
"""What the page shows now, read in one round trip: state, whose turn, the offered actions."""


# What is measured is a drawn frame: the page fits its ring when the ring's size changes (a hint shown, a button
# row wrapping), just before the next frame is drawn, so a measurement taken between the change and that frame
# would see a layout no player ever sees.
def painted(page: Any, measure: str) -> Any:
    """The result of the script `measure` (a function) run once the page has drawn its next frame."""
    return page.evaluate(
        f"async () => {{ await new Promise(r => requestAnimationFrame(() => setTimeout(r))); return ({measure})(); }}"
    )


def assert_centre_clear(page: Any) -> None:
    """The middle of the table (the trick, the pile, its label) starts below every seat box at the top of the ring,
    however many chips those boxes carry, and ends within the ring, however long the pile (a phone wraps it into
    rows): nothing of it runs under the lines below the ring (a middle too tall even when drawn small scrolls in
    its place); no label of the middle runs under any seat box."""
    overlap, below, sizes = painted(
        page,
        """() => {
            const centre = document.getElementById('centre');
            const parts = [centre, ...centre.children].map(el => el.getBoundingClientRect()).filter(r => r.height);
            const top = Math.min(...parts.map(r => r.top));
            const bottom = Math.max(...[...centre.children].map(el => el.getBoundingClientRect().bottom));
            const ring = document.getElementById('ring').getBoundingClientRect();
            const covered = [...document.querySelectorAll('#ring .seat')]
                .filter(el => el.style.getPropertyValue('--y') === '0.000')
                .map(el => el.getBoundingClientRect().bottom - top)
                .filter(d => d > 1);
            const card = centre.querySelector('.table-card svg');
            const sizes = {
                scroll: centre.scrollHeight, client: centre.clientHeight,
                card: card && card.getBoundingClientRect().width,
            };
            const contained = getComputedStyle(centre).overflowY === 'auto';
            return [covered, centre.children.length && !contained ? bottom - ring.bottom : 0, sizes];
        }""",
    )
    assert not overlap, f"a seat box at the top covers the middle of the table by {overlap} px"
    assert below <= 1, f"the middle of the table runs {below:.0f} px below the ring ({sizes})"
    assert_labels_clear(page)


def assert_labels_clear(page: Any) -> None:
    """No label of the middle ("Trick 1 of 11") runs under a seat box, wherever on the ring the box is."""
    labels = page.evaluate(
        """() => [...document.querySelectorAll('#centre .table-label')].filter(l => l.getClientRects().length)
            .flatMap(l => [...document.querySelectorAll('#ring .seat')].map(s => {
                const a = l.getBoundingClientRect(), b = s.getBoundingClientRect();
                const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                return x > 1 && y > 1 ? `${l.textContent} under seat ${s.dataset.seat}` : null;
            })).filter(Boolean)"""
    )
    assert not labels, f"a label of the middle runs under a seat box: {labels}"


def assert_seats_apart(page: Any) -> None:
    """No seat box on the ring covers another (on a low ring five or six boxes crowd its upper half), and every
    one stays within the ring."""
    covered, outside = painted(
        page,
        """() => {
            const ring = document.getElementById('ring').getBoundingClientRect();
            const boxes = [...document.querySelectorAll('#ring .seat')]
                .map(el => [el.dataset.seat, el.getBoundingClientRect()]);
            const covered = [];
            for (const [i, [a, r]] of boxes.entries())
                for (const [b, q] of boxes.slice(i + 1)) {
                    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
                    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
                    if (w > 1 && h > 1) covered.push([a, b, Math.round(w), Math.round(h)]);
                }
            const outside = boxes.filter(([, r]) => r.bottom > ring.bottom + 1 || r.top < ring.top - 1).map(([s]) => s);
            return [covered, outside];
        }""",
    )
    assert not covered, f"seat boxes cover one another ([seat, seat, px across, px down]): {covered}"
    assert not outside, f"seat boxes run out of the ring: {outside}"


def assert_cards_clear(page: Any) -> None:
    """No seat box covers a card of the middle (the trick, the pile, a held trick) or the stock's line: on a low ring
    with five or six players the boxes beside the top one hang down into the middle."""
    covered = painted(
        page,
        """() => {
            const parts = [...document.querySelectorAll('#ring .centre .table-card, #ring .centre .stock')]
                .map(el => [el.dataset.card || el.className, el.getBoundingClientRect()]).filter(([, r]) => r.height);
            const found = [];
            for (const seat of document.querySelectorAll('#ring .seat')) {
                const s = seat.getBoundingClientRect();
                for (const [what, r] of parts) {
                    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
                    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
                    if (w > 1 && h > 1) found.push([seat.dataset.seat, what, Math.round(w), Math.round(h)]);
                }
            }
            return found;
        }""",
    )
    assert not covered, f"seat boxes cover the middle ([seat, card, px across, px down]): {covered}"


def pick(choices: list[str], rng: random.Random) -> str:
    """Card plays first, those shedding the most cards before others (they move every game on), else anything but
    passing, else pass."""
    cards = [c for c in choices if c.split()[0] in ("play", "discard")]
    if cards:
        most = max(len(c.split()) for c in cards)
        return rng.choice([c for c in cards if len(c.split()) == most])
    moving = [c for c in choices if c != "pass"]
    return rng.choice(moving or choices)


def perform(page: Any, action: str, card_actions: dict[str, list[str]]) -> None:
    """Do `action` by clicking: its cards (then the Play button when the tap only selects), its button, or its
    picker entry."""
    verb, *args = action.split()
    if args and all(a in card_actions for a in args):
        for card in args:
            page.click(f'#hand .card[data-card="{card}"]', position=CARD_CORNER)
        if len(args) > 1 or card_actions[args[0]] != [action]:
            page.click(f'#selection button[data-action="{action}"]')
        return
    button = page.locator(f'#actions button[data-action="{action}"]')
    if button.count():
        button.click()
        return
    page.select_option(f'#actions select.action-picker[data-verb="{verb}"]', action)
    page.click(f'#actions button[data-picker="{verb}"]')


def explain_illegal_card(page: Any) -> bool:
    """Tap a card that may not be played now; the reason must show. False when every card is legal."""
    illegal = page.locator("#hand .card:not(.legal)")
    if not illegal.count():
        return False
    before = version(page)
    illegal.first.click(position=CARD_CORNER)
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert toast.inner_text().strip(), "tapping an illegal card showed no reason"
    assert version(page) == before, "tapping an illegal card changed the table"
    return True


STUCK = """() => ({
    version: document.body.dataset.version,
    state: document.body.dataset.state,
    classes: document.body.className,
    connection: document.getElementById('connection')?.hidden === false
        ? document.getElementById('connection').textContent : null,
    toast: document.getElementById('toast')?.hidden === false ? document.getElementById('toast').innerText : null,
})"""
"""What a page that did not move on shows: its version and state, whether it says it is offline, its toast."""


def await_move(page: Any, before: dict[str, Any], label: str, action: str) -> None:
    """Wait until the page shows a version after ``before``'s (or the game's end); when it does not, fail saying
    what the page shows, with a screenshot ``<label>-stuck``."""
    try:
        page.wait_for_function(
            "v => document.body.dataset.version !== v || document.body.dataset.state === 'over'",
            arg=before["version"],
        )
    except sync_api.TimeoutError:
        shot(page, f"{label}-stuck")
        shows = page.evaluate(STUCK)
        raise AssertionError(f"{label}: no move after {action} at version {before['version']}: {shows}") from None


def play_to_end(pages: dict[str, Any], rng: random.Random, label: str, after_move: Any = None) -> set[str]:
    """Let every page take its turns by clicking until all of them show the game's end; return the roles that saw
    a hand-end summary.

    ``after_move(role, page, moves)`` runs after each move; the first page that may act also taps an illegal card
    once (the reason must show, and go once the move it tapped before is made)."""
    moves = 0
    explained = False
    done: set[str] = set()
    summaries: set[str] = set()
    while len(done) < len(pages):
        assert moves < MAX_MOVES, f"{label}: no end after {moves} moves by the browsers"
        acted = False
        for role, page in pages.items():
            state = page.evaluate(PROBE)
            if state["over"]:
                done.add(role)
                continue
            if state["summary"]:
                if role not in summaries:
                    shot(page, f"{label}-{role}-hand-summary")
                    summaries.add(role)
                page.click("#summary-close")
            if not state["myTurn"] or not state["choices"]:
                continue
            if state["forced"]:  # the one legal move: the page plays it itself, no tap
                await_move(page, state, f"{label}-{role}", "its only move")
                moves += 1
                acted = True
                continue
            why = not explained and explain_illegal_card(page)
            explained = explained or why
            action = pick(state["choices"], rng)
            perform(page, action, state["cardActions"])
            await_move(page, state, f"{label}-{role}", action)
            if why:
                stale = page.locator("#toast[data-kind='why']:not([hidden])")
                assert stale.count() == 0, f"{label}: the reason outlived its position: {stale.inner_text()}"
            moves += 1
            acted = True
            if after_move:
                after_move(role, page, moves)
        if not acted:
            time.sleep(0.03)
    return summaries
