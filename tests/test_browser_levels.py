"""Bot levels and "Suggest a move" in a real browser (Playwright driving Debian's chromium against the real server,
whose bots think in its worker pool): Hard chosen in the lobby is the level of every bot at the table, and with the
preference on, a suggestion marks a playable card or button and gives its reason in the reader's language.
Screenshots (English and Russian, a phone upright 390×844 and on its side 844×390) land in artifacts/screenshots/
(`levels-lobby-<size>-<lang>.png`, `levels-hint-<size>-<lang>.png`)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.browser_helpers import (
    PROBE,
    SHOTS,
    Guard,
    assert_cards_clear,
    assert_centre_clear,
    assert_seats_apart,
    browser_server,
    chromium_browser,
    perform,
    pick,
    play_now,
    shot,
    version,
)

pytestmark = pytest.mark.browser

SIZES = {
    "portrait": {"viewport": {"width": 390, "height": 844}},
    "landscape": {"viewport": {"width": 844, "height": 390}},
    "small-landscape": {"viewport": {"width": 740, "height": 360}},
}
LOCALES = {"en": "en-GB", "ru": "ru-RU"}
CATALOGS = {
    lang: json.loads((Path(__file__).parent.parent / "static" / "i18n" / f"{lang}.json").read_text("utf-8"))
    for lang in LOCALES
}
GAME = "bailiff"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-levels-") as url:
        yield url


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("size", list(SIZES))
def test_hard_bots_from_the_lobby_and_a_suggested_move(chromium: Any, server: str, size: str, lang: str) -> None:
    words = CATALOGS[lang]
    guard = Guard(server)
    errors: list[str] = []
    ctx = chromium.new_context(
        reduced_motion="reduce", locale=LOCALES[lang], is_mobile=True, has_touch=True, **SIZES[size]
    )
    ctx.route("**/*", guard)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + "/")
        page.wait_for_selector("body.ready")
        assert page.input_value("#bot-level") == "normal", "Normal unless the player chooses"
        labels = page.eval_on_selector_all("#bot-level option", "os => os.map(o => o.textContent)")
        assert labels == [words[f"bot.level.{level}"] for level in ("easy", "normal", "hard")]
        page.select_option("#bot-level", "hard")
        shot(page, f"levels-lobby-{size}-{lang}")
        page.click(f'.game-card[data-game="{GAME}"] button.play-now')
        page.wait_for_url("**/t/*")
        page.wait_for_selector('body.ready[data-state="playing"][data-you="0"]')
        chips = page.eval_on_selector_all("#ring .seat .chip.level", "cs => cs.map(c => c.textContent)")
        assert chips and set(chips) == {words["bot.level.hard"]}, "every bot seat shows its level"
        assert page.locator("#hint-button").is_hidden(), "no suggestions unless the player asks for them"
        page.click("#prefs summary")
        page.check("#hints-on")
        page.click("#prefs summary")
        page.wait_for_selector("body.my-turn #hint-button:not([hidden])")
        page.click("#hint-button")
        page.wait_for_selector("#hint-text:not([hidden])")
        page.wait_for_selector(".hinted")
        text = page.inner_text("#hint-text")
        assert text.startswith(words["hint.suggested"].split("{")[0]), text
        marked = page.eval_on_selector_all(
            "#hand .card.hinted, #actions .hinted, #selection .hinted",
            "es => es.map(e => e.dataset.card || e.dataset.action || e.tagName)",
        )
        assert marked, "the suggested card or button is marked"
        assert page.locator("#hint-button").is_hidden(), "the button steps aside while its suggestion shows"
        assert page.evaluate("() => document.activeElement.classList.contains('hinted')"), "focus on the suggestion"
        shot(page, f"levels-hint-{size}-{lang}")
        assert_centre_clear(page)
        assert_seats_apart(page)
        asked_at = version(page)
        state = page.evaluate(PROBE)
        perform(page, pick(state["choices"], random.Random(1)), state["cardActions"])
        page.wait_for_function(f"() => document.body.dataset.version !== '{asked_at}'")
        page.wait_for_selector("body.my-turn #hint-button:not([hidden]), body[data-state=over]")
        assert page.locator("#hint-text").is_hidden(), "a suggestion is for the position it was asked in"
        saved = page.evaluate("() => localStorage.getItem('cardtable.hints')")
        assert saved == "on", "the preference is remembered with the others"
    finally:
        ctx.close()
    assert not guard.outside, f"requests left the server: {guard.outside}"
    assert not errors, f"script errors: {errors}"


def test_a_level_for_each_bot_seat_in_more_options(chromium: Any, server: str) -> None:
    words = CATALOGS["ru"]
    ctx = chromium.new_context(
        reduced_motion="reduce", locale=LOCALES["ru"], is_mobile=True, has_touch=True, **SIZES["portrait"]
    )
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("body.ready")
        page.click(f'.game-card[data-game="{GAME}"] button.more-options')
        page.wait_for_function("() => document.getElementById('create-panel').open")
        page.fill("#create-players", "4")
        selects = page.locator("#create-bots select.seat-level")
        assert selects.count() == 3, "a level for each of the other three seats, as the count is typed"
        selects.nth(0).select_option("easy")
        selects.nth(2).select_option("hard")
        measured = page.locator("#create-bots a", has_text=words["lobby.level_measured"])
        assert measured.get_attribute("href") == f"/rules/{GAME}#page-bots", "the measured figures are one tap away"
        page.locator("#create-panel").screenshot(path=str(SHOTS / "levels-more-options-portrait-ru.png"))
        page.click("#create-play")
        page.wait_for_url("**/t/*")
        page.wait_for_selector('body.ready[data-state="playing"][data-you="0"]')
        levels = page.evaluate(
            """() => [...document.querySelectorAll('#ring .seat')]
                .sort((a, b) => a.dataset.seat - b.dataset.seat)
                .map(s => s.querySelector('.chip.level')?.textContent)"""
        )
        assert levels == [words["bot.level.easy"], words["bot.level.normal"], words["bot.level.hard"]]
    finally:
        ctx.close()


GENERIC = ("hint.reason", "hint.reason.even", "hint.generic", "hint.only", "hint.blot.bid")
"""The search's own words (what a hint says when the game has none of its own for the move), and a Blot bid's (the
suggestions wanted here are about the cards)."""


@contextmanager
def russian_phone_table(chromium: Any, server: str, game: str, size: str, level: str | None = None) -> Iterator[Any]:
    """A page on a phone (``size``) in Russian at a new table of ``game`` from the lobby's "Play now" (its bots at
    ``level``, else the lobby's), the game started, with Ann in seat 0 and her hints on."""
    phone = {"is_mobile": True, "has_touch": True, **SIZES[size]}
    ctx = chromium.new_context(reduced_motion="reduce", locale=LOCALES["ru"], **phone)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("body.ready")
        if level:
            page.select_option("#bot-level", level)
        play_now(page, game)
        page.wait_for_url("**/t/*")
        page.wait_for_selector('body.ready[data-state="playing"][data-you="0"]')
        page.click("#prefs summary")
        page.check("#hints-on")
        page.click("#prefs summary")
        yield page
    finally:
        ctx.close()


@pytest.mark.parametrize("game", ["ass", "bank", "blot", "eidex"])
def test_a_suggestion_says_what_the_move_does(chromium: Any, server: str, game: str) -> None:
    """At a Hard table in Russian on a phone, the suggestions name what the move does in the game's own words (a
    trick taken, a bank the rival cannot answer, ...), not only how many deals the search played: asked at Ann's
    turns until one does, within a dozen suggestions. Forced turns (a draw, a pass) are answered by the page and do not
    count: in Bank a player may meet forty of them in a row."""
    words = CATALOGS["ru"]
    generic = [words[key].split("{")[0] for key in GENERIC if words[key].split("{")[0]]
    rng = random.Random(2)
    with russian_phone_table(chromium, server, game, "portrait", level="hard") as page:
        said: list[str] = []
        for _ in range(400):
            if len(said) == 12:
                break
            # Ann's turn, with the button ready or a suggestion already showing (one asked before a bot's move that
            # came in the meantime, a face-down card laid at the same time, is answered for the new position).
            page.wait_for_selector(
                "body.my-turn #hint-button:not([hidden]):not([disabled]), body.my-turn #hint-text:not([hidden])"
            )
            asked_at = version(page)
            state = page.evaluate(PROBE)
            if page.locator("#hint-text").is_hidden():
                if len(state["choices"]) == 1:  # a forced move (a draw, a pass): the page answers it, not the server
                    page.click("#hint-button")
                    assert page.inner_text("#hint-text").endswith(words["hint.only"])
                    perform(page, state["choices"][0], state["cardActions"])
                    page.wait_for_function("v => document.body.dataset.version !== v", arg=asked_at)
                    continue
                page.click("#hint-button")
                page.wait_for_function(
                    "v => !document.getElementById('hint-text').hidden || document.body.dataset.version !== v",
                    arg=asked_at,
                )
                if page.locator("#hint-text").is_hidden():
                    continue
                asked_at = version(page)
                state = page.evaluate(PROBE)
            text = page.inner_text("#hint-text")
            assert "{" not in text and "hint." not in text, text
            reason = text.split(". ", 1)[1] if ". " in text else ""
            said.append(reason)
            if reason and not any(reason.startswith(g) for g in generic):
                shot(page, f"hint-{game}-portrait-ru")
                return
            cards = [c for c in state["choices"] if c.split()[0] in ("play", "discard")]
            move = pick(cards, rng) if cards else "pass" if "pass" in state["choices"] else pick(state["choices"], rng)
            perform(page, move, state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=asked_at)
        raise AssertionError(f"no suggestion said what its move does: {said}")


SUMMARY_FIT = """() => {
    const panel = document.querySelector('#overlay .overlay-box');
    const box = panel.getBoundingClientRect();
    const within = (el) => {
        const r = el.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    };
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const felt = '#ring .seat, #centre .table-card, #hand .card, #last-trick-button, #sheet-button';
    const covered = [...document.querySelectorAll(felt)]
        .filter(el => overlap(box, el.getBoundingClientRect())).map(el => el.id || el.dataset.card || el.className);
    const wrap = panel.querySelector('.sheet-wrap');
    const table = [...wrap.querySelectorAll('table')].find(t => t.offsetParent);
    const side = wrap.getBoundingClientRect();
    const rows = [...table.querySelectorAll('tbody tr')];
    const turned = table.classList.contains('sheet-latest');
    const last = turned ? rows : [rows[rows.length - 1], table.querySelector('.totals')];
    const seen = (el) => {
        const r = el.getBoundingClientRect();
        return within(el) && r.top >= side.top - 1 && r.bottom <= side.bottom + 1;
    };
    return {
        continues: within(document.getElementById('summary-close')),
        // every row in sight, or the first ones and the rest a scroll away (a tab stop, shades at its edges)
        latest: last.every(seen) || (seen(rows[0]) && wrap.scrollHeight > wrap.clientHeight && wrap.tabIndex === 0),
        cut: [...table.querySelectorAll('th, td')].filter(c => {
            const r = c.getBoundingClientRect();
            return r.left < side.left - 1 || r.right > side.right + 1 || r.right > box.right + 1;
        }).map(c => c.textContent),
        tallest: Math.max(...rows.map(r => r.getBoundingClientRect().height)),
        sideways: wrap.scrollWidth > wrap.clientWidth + 1,
        covered, bottom: box.bottom, height: innerHeight,
    };
}"""
"""Whether the hand summary's panel shows its Continue button, the latest hand's scores and the totals (every row of
the latest hand turned on its side, where it is shown instead of the sheet), which of the sheet's cells are cut off
at the side, its tallest row, and what of the felt (seats, the cards in the middle, the hand) and of the buttons it
covers."""
TALLEST_ROW = 64
"""Pixels a row of the hand summary's sheet may take on a phone on its side: four lines of its small print (a
player's column of Bank, wrapped a word a line, stood 94 px tall)."""


@pytest.mark.parametrize(("game", "size"), [("bank", "landscape"), ("bank", "small-landscape"), ("blot", "landscape")])
def test_the_hand_summary_on_a_phone_on_its_side_shows_its_sheet_and_leaves_the_hand_free(
    chromium: Any, server: str, game: str, size: str
) -> None:
    """Bank (and Blot) against bots on a phone held sideways (844x390, 740x360), in Russian, hints on: when the first
    hand ends, its summary shows its Continue button, the hand's scores and the totals in sight, a row per player (a
    team) with no cell cut off and no row taller than four lines, over the narrow column only: the seats, the bank or
    the trick, the hand and the buttons stay free (play goes on under it)."""
    rng = random.Random(4)
    with russian_phone_table(chromium, server, game, size) as page:
        deadline = time.monotonic() + 90
        while not (state := page.evaluate(PROBE))["summary"]:
            assert time.monotonic() < deadline, "the first hand never ended"
            if not state["myTurn"] or not state["choices"]:
                page.wait_for_timeout(50)
                continue
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
        page.wait_for_selector("#overlay[data-kind='hand']:not([hidden])")
        fit = page.evaluate(SUMMARY_FIT)
        shot(page, f"summary-{game}-{size}-ru")
        assert fit["continues"] and fit["latest"], f"the summary hides its button or the latest scores: {fit}"
        assert fit["cut"] == [] and not fit["sideways"], f"the summary's sheet is cut at the side: {fit}"
        assert fit["tallest"] <= TALLEST_ROW, f"the summary's sheet stands in tall columns: {fit}"
        assert fit["covered"] == [], f"the summary covers the felt or the buttons: {fit}"


def test_six_at_a_phone_on_its_side_keep_clear_of_each_other_and_the_pile(chromium: Any, server: str) -> None:
    """Bailiff seats six from "Play now" (you and five bots). On a phone held sideways the boxes beside the top one
    came down over the pile, and a box at the side ran into the one above it: at each of Ann's turns, no seat box
    covers another or a card of the middle. Held upright, the score sheet's six columns fit."""
    rng = random.Random(6)
    with russian_phone_table(chromium, server, "bailiff", "landscape") as page:
        assert page.locator("#ring .seat").count() == 5
        for _ in range(16):
            page.wait_for_selector("body.my-turn, body[data-state=over]")
            state = page.evaluate(PROBE)
            if state["over"]:
                break
            if state["summary"]:
                page.click("#summary-close")
            assert_seats_apart(page)
            assert_cards_clear(page)
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function(
                "v => document.body.dataset.version !== v || document.body.dataset.state === 'over'",
                arg=state["version"],
            )
        shot(page, "bailiff-six-landscape-ru")
        # held upright, the score sheet's six players' columns fit its box (no sideways scrolling)
        page.set_viewport_size(SIZES["portrait"]["viewport"])
        if page.locator("#overlay:not([hidden])").count():
            page.keyboard.press("Escape")
            page.wait_for_selector("#overlay", state="hidden")
        page.click("#sheet-button")
        page.wait_for_selector("#overlay:not([hidden]) .sheet-wrap")
        wide = page.evaluate(
            "() => { const w = document.querySelector('#overlay .sheet-wrap'); return [w.scrollWidth, w.clientWidth]; }"
        )
        assert wide[0] <= wide[1], f"the score sheet of six scrolls sideways on a phone: {wide}"
        shot(page, "bailiff-six-sheet-portrait-ru")
