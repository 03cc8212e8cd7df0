"""The lobby for playing, in a real browser (Playwright driving Debian's chromium against the real server).

"Play now" on a game's card reaches a dealt hand in one click for every game — in English and Russian, on a laptop
(1366×768) and a phone (390×844), where it lies on the first screen; "Invite friends" lands on the table page with its
link and QR code and the table is listed as one to join; "More options" opens the game's form in plain words, the
defaults marked and each option linked to its row on the rules page. Screenshots land in artifacts/screenshots/
(`lobby-<size>-<lang>.png`, `lobby-first-<size>-<lang>.png`, `lobby-play-<game>-<size>-<lang>.png`,
`lobby-more-options-<size>-<lang>.png`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from engine.registry import all_games
from tests.browser_helpers import (
    SHOTS,
    Guard,
    browser_server,
    chromium_browser,
    shot,
)
from webapp.lengths import lengths

pytestmark = pytest.mark.browser

GAMES = all_games()
SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    },
}
LOCALES = {"en": "en-GB", "ru": "ru-RU"}
LONG_GAMES = [game for game, entry in lengths().items() if entry.get("short")]
"""The games whose "Play now" asks short or full (their full game lasts long: static/lengths.json)."""
CATALOGS = {
    lang: json.loads((Path(__file__).parent.parent / "static" / "i18n" / f"{lang}.json").read_text("utf-8"))
    for lang in LOCALES
}


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-lobby-") as url:
        yield url


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


@pytest.fixture
def page_for(chromium: Any, server: str) -> Iterator[Any]:
    """`page_for(size, lang)`: a fresh browser profile (no remembered name or seat) of that size and language,
    behind the route guard; fails the test on a script error or a request that left the server."""
    guard = Guard(server)
    errors: list[str] = []
    contexts: list[Any] = []

    def make(size: str, lang: str) -> Any:
        ctx = chromium.new_context(reduced_motion="reduce", locale=LOCALES[lang], **SIZES[size])
        ctx.route("**/*", guard)
        ctx.set_default_timeout(20_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not guard.outside, f"requests left the server: {guard.outside}"
    assert not errors, f"script errors: {errors}"


def open_lobby(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("body.ready")


def on_first_screen(page: Any, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport without scrolling."""
    return page.eval_on_selector(
        selector,
        """e => {
            const r = e.getBoundingClientRect();
            return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        }""",
    )


@pytest.mark.parametrize("lang", list(LOCALES))
@pytest.mark.parametrize("size", list(SIZES))
def test_play_now_deals_a_hand_in_one_click(page_for: Any, server: str, size: str, lang: str) -> None:
    page = page_for(size, lang)
    open_lobby(page, server)
    assert page.get_attribute("html", "lang") == lang
    cards = page.eval_on_selector_all(".game-card", "cs => cs.map(c => c.dataset.game)")
    assert cards == [g.id for g in GAMES], "a card per game"
    first = f'.game-card[data-game="{GAMES[0].id}"] button.play-now'
    assert on_first_screen(page, first), "'Play now' is not on the first screen"
    name = page.input_value("#player-name")
    assert name.strip(), "the name is not filled in, so one tap is not enough"
    page.screenshot(path=str(SHOTS / f"lobby-first-{size}-{lang}.png"))
    shot(page, f"lobby-{size}-{lang}")
    for game in GAMES:
        card = page.locator(f'.game-card[data-game="{game.id}"]')
        assert card.locator("h3").inner_text() == CATALOGS[lang][f"game.{game.id}.name"]
        assert card.locator(".game-summary").inner_text() == CATALOGS[lang][f"game.{game.id}.summary"]
        assert card.locator("button.play-now").inner_text() == CATALOGS[lang]["lobby.play_now"]
        assert card.locator("button.invite-friends").inner_text() == CATALOGS[lang]["lobby.invite_friends"]

    for game in GAMES:
        if page.url != server + "/":
            open_lobby(page, server)
        page.click(f'.game-card[data-game="{game.id}"] button.play-now')
        if game.id in LONG_GAMES:
            # a long game asks first: short or full, each with its minutes (measured by bench.lengths)
            choice = page.locator(f'.game-card[data-game="{game.id}"] .length-choice')
            choice.wait_for()
            assert page.evaluate("() => document.activeElement.classList.contains('length-short')")
            assert re.search(r"\d", choice.locator(".length-short").inner_text())
            assert re.search(r"\d", choice.locator(".length-full").inner_text())
            shot(page, f"lobby-length-{game.id}-{size}-{lang}")
            choice.locator(".length-short" if game.id == "bank" else ".length-full").click()
        page.wait_for_url("**/t/*")
        code = page.url.rsplit("/", 1)[1]
        page.wait_for_selector('body.ready[data-state="playing"][data-you="0"]')
        page.wait_for_function(
            """() => document.querySelectorAll('#hand .card').length > 0
                || document.querySelector('#actions button[data-action^="trump "]')"""
        )
        if not page.locator("#hand .card").count():
            # In Ass and Bank (own trumps, chosen in turn: their default) the players choose their trump suits
            # before the deal, as the rules order it; that first decision is the player's, then the hand is dealt.
            assert game.id in ("ass", "bank"), f"{game.id}: no dealt hand"
            page.screenshot(path=str(SHOTS / f"lobby-play-{game.id}-trumps-{size}-{lang}.png"))
            page.locator('#actions button[data-action^="trump "]').first.click()
            page.wait_for_function("() => document.querySelectorAll('#hand .card').length > 0")
        hand = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)")
        assert hand and all(hand), f"{game.id}: no dealt hand"
        assert page.locator("#ring .seat").count() == game.default_players - 1, f"{game.id}: seats missing"
        assert page.locator("#me").inner_text().find(name) >= 0, f"{game.id}: the player is not seated by his name"
        listed = {t["code"]: t for t in requests.get(server + "/api/tables", timeout=10).json()}
        table = listed[code]
        assert table["game"] == game.id and table["state"] == "playing"
        assert table["seated"] == table["players"] == game.default_players
        page.screenshot(path=str(SHOTS / f"lobby-play-{game.id}-{size}-{lang}.png"))
        page.goto(server + "/")
        page.wait_for_selector("body.ready")
        # Its only player left for the lobby: the game is nobody's to join or watch now, so it leaves the list.
        page.wait_for_function(
            "c => document.getElementById('tables').childElementCount"
            " && !document.querySelector(`#tables tr[data-code='${c}']`)",
            arg=code,
            timeout=15_000,
        )


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("desktop", "en")])
def test_invite_friends_and_more_options(page_for: Any, server: str, size: str, lang: str) -> None:
    page = page_for(size, lang)
    open_lobby(page, server)
    panel_open = page.evaluate("() => document.getElementById('create-panel').open")
    assert panel_open == (size == "desktop"), (
        "the options wait behind 'More options' on a phone, beside the games on a laptop"
    )

    # More options: the game's form, defaults marked, every option linked to its row on the rules page
    game = next(g for g in GAMES if g.id == "bank")
    page.click(f'.game-card[data-game="{game.id}"] button.more-options')
    page.wait_for_function("() => document.getElementById('create-panel').open")
    assert page.input_value("#create-game") == game.id
    page.wait_for_selector(f"#create-options .option[data-option='{game.options[0].name}']")
    mark = CATALOGS[lang]["lobby.default_mark"]
    for opt in game.options:
        row = page.locator(f"#create-options .option[data-option='{opt.name}']")
        assert row.locator(".option-name").inner_text() == CATALOGS[lang][f"option.{game.id}.{opt.name}"]
        href = row.locator("a.option-rule").get_attribute("href")
        assert href == f"/rules/{game.id}#page-option-{opt.name}"
        if opt.type == "choice":
            marked = page.eval_on_selector_all(
                f"#opt-{opt.name} option",
                "os => os.filter(o => o.dataset.default !== undefined).map(o => [o.selected, o.textContent])",
            )
            assert len(marked) == 1 and marked[0][0] and marked[0][1].endswith(mark), f"{opt.name}: default not marked"
        else:
            assert row.locator(".default-note").count() == 1, f"{opt.name}: default not shown"
    rules = requests.get(f"{server}/rules/{game.id}", timeout=10).text
    for opt in game.options:
        assert f'id="page-option-{opt.name}"' in rules, f"the rules page has no anchor for {opt.name}"
    page.locator("#create-panel").screenshot(path=str(SHOTS / f"lobby-more-options-{size}-{lang}.png"))

    # Invite friends: a private table with open seats, its link (with the invite's secret) and QR shown; it is not
    # among the open tables, its link lets a friend in
    open_lobby(page, server)
    page.click('.game-card[data-game="eidex"] button.invite-friends')
    page.wait_for_url("**/t/*")
    code = page.url.rsplit("/", 1)[1]
    page.wait_for_selector('body.ready[data-state="waiting"][data-you="0"]')
    with_secret = "c => document.getElementById('invite-link').textContent.includes(`/t/${c}#invite=`)"
    page.wait_for_function(with_secret, arg=code)
    page.wait_for_function("() => document.getElementById('invite-qr').naturalWidth > 0")
    assert page.locator("#invite").is_visible()
    link = page.locator("#invite-link").inner_text()
    shot(page, f"lobby-invite-{size}-{lang}")
    visitor = page_for(size, lang)
    open_lobby(visitor, server)
    visitor.wait_for_selector("#tables .hint, #tables table")
    assert visitor.locator(f'#tables tr[data-code="{code}"]').count() == 0, "a private table is not listed"
    # the name a visitor types in the lobby is the one the table offers him when he follows the link to join
    visitor.fill("#player-name", "Борис")
    visitor.goto(server + link[link.index("/t/") :])  # the link names the server's LAN address
    visitor.wait_for_selector('body.ready[data-state="waiting"]')
    assert visitor.input_value("#sit-name") == "Борис"


def test_options_that_do_not_go_together_are_refused_in_their_players_words(page_for: Any, server: str) -> None:
    """The server's refusal of options that do not go together names them as the form does, in the page's language
    (Ass: the starting banks must be fewer than the banks that lose)."""
    page = page_for("phone", "ru")
    open_lobby(page, server)
    page.click('.game-card[data-game="ass"] button.more-options')
    page.wait_for_selector("#create-options .option[data-option='lose_banks']")
    page.fill("#opt-start_banks", "6")
    page.fill("#opt-lose_banks", "6")
    page.click("#create-submit")
    error = page.locator("#create-error")
    error.wait_for()
    words = CATALOGS["ru"]
    expected = (
        words["ass.option.banks"]
        .replace("{start}", words["option.ass.start_banks"])
        .replace("{lose}", words["option.ass.lose_banks"])
    )
    assert error.inner_text() == expected
    assert page.url.endswith("/"), "no table was opened"
