"""The web table in a real browser: Playwright drives Debian's chromium against the real server.

Two browser profiles (a desktop host, a phone guest) plus bots play a whole game of every registered game by
clicking legal cards and action buttons; the guest reloads mid-game and must keep the seat; a route guard fails
the test on any request that leaves the server; screenshots land in artifacts/screenshots/.
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.registry import all_games
from tests.browser_helpers import (
    PROBE,
    assert_cards_clear,
    assert_centre_clear,
    assert_seats_apart,
    create_table,
    desktop_and_phone,
    hand,
    perform,
    play_to_end,
    require_chromium,
    shot,
    version,
)
from tests.live import LiveServer
from webapp.config import DEFAULTS
from webapp.i18n import Renderer

pytestmark = pytest.mark.browser

SHORT_GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "bailiff": {"max_turns": 200},
    "ass": {"start_banks": 1, "lose_banks": 2},
    "bank": {"max_hands": 4},
}
"""Options that keep a game short in wall time, applied where the game's schema has them: Bailiff stops after 200
turns at the latest (a long run of takes; the most cards then lose), Ass loses at the second bank, Bank's default
game ends after 4 hands (under the default penalty a game to 248 takes 10-250 hands when two of the four players
lay cards at random: docs/rules-bank.md; a game to 248 is played whole in its own case, :data:`TO_TARGET`). Blot
(to 301) and Eidex (to 7) play their whole default game."""

GAMES = all_games()

TO_TARGET: dict[str, dict[str, Any]] = {"bank": {"penalty": "none", "max_hands": None}}
"""Whole games played to the target: Bank to 248 under the seed's first scoring rule (cards left in hand count
neither way), which reaches 248 in 7-19 hands with four players."""

CASES = (
    [(g, {}) for g in GAMES]
    + [(g, {"trumps": setup}) for g in GAMES if g.id == "ass" for setup in ("none", "one", "two", "senior-junior")]
    + [(g, TO_TARGET[g.id]) for g in GAMES if g.id in TO_TARGET]
)
"""Every game with its defaults, Ass with each of its other trump set-ups (issue: "a full game with each trump
set-up plays to its end in the browser"), and Bank played to 248 (issue: "a full game to 248 plays in the browser
with bots")."""


def case_id(game: Any, extra: dict[str, Any]) -> str:
    return game.id + "".join(f"-{k}-{v}" if v is not None else f"-no-{k}" for k, v in extra.items())


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The real server in a subprocess (threading mode, bots without delay, a temporary data folder, the default
    rate limit a browser lives with)."""
    require_chromium()
    limits = {key: str(DEFAULTS[key]) for key in ("RATE_LIMIT", "RATE_BURST")}
    live = LiveServer(Path(tempfile.mkdtemp(prefix="cardtable-browser-")), mode="threading", **limits).start()
    yield live.url
    live.stop()


@pytest.fixture(scope="module")
def browsers(server: str) -> Iterator[dict[str, Any]]:
    """A desktop host and a phone guest (:func:`tests.browser_helpers.desktop_and_phone`)."""
    with desktop_and_phone(server, ("host", "guest"), timeout_ms=20_000, navigation_ms=30_000) as b:
        yield {"pages": b.pages, "guard": b.guard, "errors": b.errors, "base": server}


def assert_hand_fits(page: Any) -> bool:
    """The page does not scroll sideways and every card of the hand shows a strip wide enough to read and tap;
    False when the hand is empty (nothing dealt yet)."""
    fit = page.evaluate(
        """() => {
            const boxes = [...document.querySelectorAll('#hand .card')].map(c => c.getBoundingClientRect());
            return {
                width: innerWidth,
                scroll: document.documentElement.scrollWidth,
                cards: boxes.length,
                left: Math.min(...boxes.map(b => b.left)),
                right: Math.max(...boxes.map(b => b.right)),
                strip: Math.min(...boxes.slice(1).map((b, i) => b.left - boxes[i].left)),
            };
        }"""
    )
    if not fit["cards"]:
        return False
    assert fit["scroll"] <= fit["width"], f"the page scrolls sideways: {fit}"
    assert fit["left"] >= 0 and fit["right"] <= fit["width"], f"the hand is wider than the screen: {fit}"
    if fit["cards"] > 1:
        assert fit["strip"] >= 20, f"cards overlap too much to read: {fit}"
    return True


def check_suit_preference(page: Any, name: str) -> None:
    """A game with its own suits draws them until the player ticks "French suits", then ♣♦♥♠, and the table's words
    say ♣♦♥♠ too (the status names the trumps); the four-colour deck, of French suits only, is offered only then;
    untick restores."""
    first = "#hand .card svg"  # the card's picture names the card, and so its button
    card = page.locator(first).first
    native = card.get_attribute("aria-label")
    assert not any(s in native for s in "♣♦♥♠"), f"own suits expected, got {native!r}"
    page.click("#prefs summary")  # a preference of the card faces, with the others under Settings
    assert not page.locator("#four-colours-pref").is_visible(), "four colours offered for Eidex's own deck"
    page.click("#french-suits")
    page.wait_for_function("([s, n]) => document.querySelector(s).ariaLabel !== n", arg=[first, native])
    assert any(s in card.get_attribute("aria-label") for s in "♣♦♥♠")
    assert page.locator("#four-colours-pref").is_visible()
    words = page.inner_text("#status") + " " + page.inner_text("#extra")
    assert not any(suit in words for suit in ("Heart", "Raven", "Star", "Eidex")), f"own suits named: {words}"
    shot(page, name)
    page.click("#french-suits")
    page.wait_for_function("([s, n]) => document.querySelector(s).ariaLabel === n", arg=[first, native])
    page.click("#prefs summary")


def seat_guest(host: Any, guest: Any, base: str, code: str) -> None:
    """The guest opens the invitation link (a spectator until seated) and takes seat 1."""
    guest.goto(f"{base}/t/{code}")
    guest.wait_for_selector("body.ready")
    assert guest.get_attribute("body", "data-you") == "", "a visitor without a token watches"
    name, seats = guest.locator("#sit-name").bounding_box(), guest.locator("#seat-list").bounding_box()
    assert name and seats and name["y"] < seats["y"], "the name to sit under comes before the seats"
    assert guest.input_value("#sit-name"), "a name is offered: a tap on a seat sits at once"
    guest.fill("#sit-name", "Bob")
    guest.click('#seat-list button.sit[data-seat="1"]')
    guest.wait_for_selector('body[data-you="1"]')
    host.wait_for_selector('#seat-list li[data-seat="1"].kind-human')


def test_the_others_see_that_a_player_is_away_and_that_a_bot_plays_for_him() -> None:
    """Bob's phone goes off mid-game: while the table waits for him the turn line says he is away ("Waiting for Bob
    (away).", not only a grey dot), and once the grace is over his box says a bot plays for now, at which level."""
    require_chromium()
    live = LiveServer(Path(tempfile.mkdtemp(prefix="cardtable-away-")), mode="threading", GRACE_SECONDS="6").start()
    try:
        with desktop_and_phone(live.url, ("host", "guest"), timeout_ms=20_000) as b:
            host, guest = b.pages["host"], b.pages["guest"]
            code = create_table(host, live.url, next(g for g in GAMES if g.id == "blot"), 4, {})
            seat_guest(host, guest, live.url, code)
            host.click("#fill-bots")
            host.wait_for_selector("#start:not([disabled])")
            host.click("#start")
            guest.wait_for_selector('body[data-state="playing"]')
            guest.close()
            host.wait_for_selector('#ring .seat[data-seat="1"] .presence.off')
            for _ in range(40):
                state = host.evaluate(PROBE)
                turn = host.inner_text("#status .turn")
                if turn.startswith("Waiting for Bob"):
                    break
                if state["myTurn"]:
                    move = "pass" if "pass" in state["choices"] else state["choices"][0]
                    perform(host, move, state["cardActions"])
                    host.wait_for_function("v => document.body.dataset.version !== v", arg=state["version"])
                else:
                    host.wait_for_timeout(100)
            assert turn == "Waiting for Bob (away).", turn
            chip = host.locator('#ring .seat[data-seat="1"] .chip.stand-in')
            chip.wait_for()
            assert chip.inner_text() == "a bot plays for now (Normal)"
            shot(host, "away-stand-in-desktop")
            # Bob's phone is back: his seat again, and a word that a bot played for him meanwhile
            bob = guest.context.new_page()
            bob.goto(f"{live.url}/t/{code}")
            bob.wait_for_selector('body.ready[data-you="1"]')
            assert bob.locator("#toast:not([hidden])").inner_text() == (
                "Welcome back: a bot played for you while you were away."
            )
            chip.wait_for(state="detached")
    finally:
        live.stop()


def assert_game_end_told(page: Any, name: str, game_id: str) -> None:
    """The game-end screen tells player ``name`` whether he won, once, and how the game ended, naming nobody by
    seat number."""
    page.wait_for_selector('#overlay[data-kind="over"]:not([hidden])')
    winners = re.search(r"Game over: (.*) won", page.locator("#events").inner_text())
    assert winners, "the table log does not say who won"
    verdict, listed = (page.locator(f"#overlay .result {c}") for c in (".verdict", ".winners, .losers"))
    if name in winners[1].split(", "):
        assert verdict.inner_text() == "You won!", f"{name}: {winners[0]}"
    else:  # in Ass a player between the winners and the loser is told that he neither won nor lost
        assert verdict.inner_text() in ("You lost.", "You neither won nor lost."), f"{name}: {winners[0]}"
        assert game_id == "ass" or verdict.inner_text() == "You lost.", f"{name}: {winners[0]}"
    # The game's closing words name the winners with the score or the reason: a player told whether he won is not
    # told the names twice.
    assert verdict.count() == 1 and listed.count() == 0, f"{name}: {listed.all_inner_texts()}"
    assert page.locator("#overlay-body .result + p").inner_text().strip(), "the game-end screen says nothing of how"
    numbered = re.findall(r"\b[Ss]eat \d+", page.locator("#overlay").inner_text())
    assert not numbered, f"the game-end screen names seats by number, not by name: {numbered}"


@pytest.mark.parametrize("game, extra", CASES, ids=[case_id(g, extra) for g, extra in CASES])
def test_whole_game_two_browsers_and_bots(browsers: dict[str, Any], game: Any, extra: dict[str, Any]) -> None:
    host, guest = browsers["pages"]["host"], browsers["pages"]["guest"]
    base = browsers["base"]
    players = max(game.min_players, min(4, game.max_players))
    schema = {o.name for o in game.options}
    options = {k: v for k, v in SHORT_GAME_OPTIONS.get(game.id, {}).items() if k in schema} | extra
    label = case_id(game, extra)
    code = create_table(host, base, game, players, options)
    assert host.get_attribute("body", "data-you") == "0"
    seat_guest(host, guest, base, code)
    if players > 2:
        host.click("#fill-bots")
    host.wait_for_selector("#start:not([disabled])")
    shot(host, f"{label}-desktop-waiting")
    shot(guest, f"{label}-phone-waiting")
    host.click("#start")
    for page in (host, guest):
        page.wait_for_selector('body[data-state="playing"]')
    shot(host, f"{label}-desktop-start")
    if game.id == "bank":
        assert host.inner_text("#last-trick-button") == "Last bank", "Bank calls its last trick the last bank"
    shot(guest, f"{label}-phone-start")
    fitted = [assert_hand_fits(guest)]
    assert (guest.locator("#suits-pref").get_attribute("hidden") is None) == (game.id == "eidex")
    if game.id == "eidex":
        check_suit_preference(guest, f"{label}-phone-french-suits")

    reloaded = []

    def after_move(role: str, page: Any, moves: int) -> None:
        if not any(fitted):
            fitted.append(assert_hand_fits(guest))
        if moves == 12:
            shot(host, f"{label}-desktop-play")
            shot(guest, f"{label}-phone-play")
            for each in (host, guest):
                assert_centre_clear(each)
                assert_seats_apart(each)
                assert_cards_clear(each)
        if role == "guest" and not reloaded and not page.evaluate(PROBE)["over"]:
            seen, hand_before = version(guest), hand(guest)
            guest.reload()
            guest.wait_for_selector("body.ready")
            assert guest.get_attribute("body", "data-you") == "1", "the refresh lost the seat"
            if version(guest) == seen:
                assert hand(guest) == hand_before, "the refresh did not restore the hand"
            reloaded.append(moves)

    summaries = play_to_end({"host": host, "guest": guest}, random.Random(game.id), game.id, after_move)
    assert reloaded, f"{game.id}: the guest never got a turn to reload after"
    assert any(fitted), f"{game.id}: the phone never held cards to check"
    for page, name in ((host, "Ann"), (guest, "Bob")):
        assert_game_end_told(page, name, game.id)
    hands = host.locator("#overlay .sheet tbody tr").count()
    if hands > 1:
        assert summaries, f"{game.id}: {hands} hands were played but no hand-end summary showed"
    if TO_TARGET.get(game.id) == extra:
        numbers = "ts => ts.map(t => Number(t.textContent)).filter(Number.isFinite)"
        totals = host.eval_on_selector_all("#overlay .sheet tfoot td", numbers)
        target = {o.name: o.default for o in game.options}["target"]
        assert max(totals) >= target, f"{label}: the game ended below {target}: {totals}"
    shot(host, f"{label}-desktop-over")
    shot(guest, f"{label}-phone-over")
    assert host.locator("#play-again").is_visible()
    for page in (host, guest):
        first = page.evaluate(
            """() => {
                const again = document.getElementById('play-again').getBoundingClientRect();
                const sheet = document.querySelector('#overlay .sheet-wrap, #overlay .hint');
                return again.bottom <= innerHeight && (!sheet || again.top < sheet.getBoundingClientRect().top);
            }"""
        )
        assert first, "'Play again' is not first on the game-end screen"
    assert not browsers["errors"], f"script errors: {browsers['errors']}"


def option_state(page: Any, opt: Any) -> Any:
    """The value the lobby form shows for an option right after choosing the game."""
    sel = f"#opt-{opt.name}"
    if opt.type == "bool":
        return page.is_checked(sel)
    if opt.type == "choice":
        return opt.choices[int(page.input_value(sel))]
    text = page.input_value(sel)
    return None if text == "" else int(text)


def test_lobby_form_is_generated_from_each_options_schema(browsers: dict[str, Any]) -> None:
    page = browsers["pages"]["host"]
    page.goto(browsers["base"] + "/")
    page.wait_for_selector("#create-options .option")
    for game in GAMES:
        page.select_option("#create-game", game.id)
        page.wait_for_selector(f"#create-options .option[data-option='{game.options[0].name}']")
        assert page.input_value("#create-players") == str(game.default_players)
        assert page.get_attribute("#create-players", "min") == str(game.min_players)
        assert page.get_attribute("#create-players", "max") == str(game.max_players)
        shown = page.eval_on_selector_all("#create-options .option", "os => os.map(o => o.dataset.option)")
        assert shown == [o.name for o in game.options], f"{game.id}: the form does not show every option"
        for opt in game.options:
            assert option_state(page, opt) == opt.default, f"{game.id}.{opt.name}: default not preselected"
            assert page.inner_text(f"#opt-{opt.name}-help") == Renderer("en").text(f"option.{game.id}.{opt.name}.help")
        href = page.get_attribute("#create-rules", "href")
        assert href.startswith(f"/rules/{game.id}?options="), href
    shot(page, "lobby-desktop")


def test_invite_spectator_chat_and_play_again(browsers: dict[str, Any]) -> None:
    """A two-seat Bailiff (ended after 40 turns): the invitation shows the link and QR code, the lobby lists the
    table and links to it, a visitor watches (no hand, counted as a spectator), the host fills the seat with a bot
    and chats, and after the end "play again" keeps the seats."""
    host, guest = browsers["pages"]["host"], browsers["pages"]["guest"]
    base = browsers["base"]
    bailiff = next(g for g in GAMES if g.id == "bailiff")
    code = create_table(host, base, bailiff, 2, {"max_turns": 40})
    assert host.locator("#invite").is_visible(), "the host's waiting table shows the invitation"
    # the link carries the table's invite secret (with nobody there to ask, a friend takes a seat with it)
    with_secret = "c => document.getElementById('invite-link').textContent.includes(`/t/${c}#invite=`)"
    host.wait_for_function(with_secret, arg=code)
    host.wait_for_function("() => document.getElementById('invite-qr').naturalWidth > 0")

    guest.goto(f"{base}/")
    row = guest.locator(f'#tables tr[data-code="{code}"]')
    row.wait_for()
    assert "Bailiff" in row.inner_text() and "waiting" in row.inner_text()
    row.locator("details.qr-toggle summary").click()
    guest.wait_for_function(
        "c => document.querySelector(`#tables tr[data-code='${c}'] img.qr`).naturalWidth > 0", arg=code
    )
    shot(guest, "lobby-phone")
    row.locator("a").click()
    guest.wait_for_url(f"**/t/{code}")
    guest.wait_for_selector("body.ready")
    assert guest.get_attribute("body", "data-you") == ""
    assert not guest.locator('#toast[data-kind="error"]:not([hidden])').count(), "a visitor is told of an error"
    assert guest.locator('#seat-list button.sit[data-seat="1"]').is_visible()
    host.wait_for_function("() => /1/.test(document.getElementById('spectators').textContent)")
    host.select_option('#seat-list select.seat-kind[data-seat="1"]', f"bot:{list(bailiff.bots)[0]}")
    guest.wait_for_selector('#seat-list li[data-seat="1"].kind-bot')
    assert not guest.locator("#seat-list button.sit").count(), "a bot seat still offers itself"

    host.fill("#chat-text", "good luck")
    host.press("#chat-text", "Enter")
    guest.wait_for_selector("#chat-list li:has-text('good luck')")
    guest.fill("#chat-text", "hi all")
    guest.press("#chat-text", "Enter")
    said = host.locator("#chat-list li:has-text('hi all') strong")
    said.wait_for()
    assert "spectator" in said.inner_text().lower(), f"a spectator's line is not marked as one: {said.inner_text()}"

    host.click("#start")
    guest.wait_for_selector('body[data-state="playing"]')
    assert not guest.locator("#hand .card").count(), "a spectator sees a hand"
    assert guest.locator("#ring .seat").count() == 1, "the ring shows the seats other than the one turned to"
    assert guest.locator('#me .me-line[data-seat="0"]').is_visible()
    assert not guest.locator('#toast[data-kind="error"]:not([hidden])').count(), "a spectator is told of an error"
    shot(guest, "spectator-phone")

    play_to_end({"host": host}, random.Random(7), "bailiff-again")
    guest.wait_for_selector('#overlay[data-kind="over"]:not([hidden])')
    assert not guest.locator("#play-again").count(), "a spectator may not restart the game"
    host.click("#play-again")
    for page in (host, guest):
        page.wait_for_selector('body[data-state="playing"]')
        page.wait_for_selector("#overlay", state="hidden")
    # the result the guest was reading went away: he is told why; the host, who pressed, is not
    told = "Another player started a new game"
    assert guest.locator("#toast:not([hidden])").inner_text().startswith(told)
    assert told not in host.inner_text("#toast")
    assert host.get_attribute("body", "data-you") == "0"
    assert host.locator('#ring .seat[data-seat="1"]').inner_text().count("bot") >= 1
    assert not browsers["errors"], f"script errors: {browsers['errors']}"
