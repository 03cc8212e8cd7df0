"""The explorer in a real browser (Debian's chromium through Playwright): lay a trick of Ass and read the verdict,
by mouse and by keyboard alone."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from urllib.parse import unquote

import pytest
from werkzeug.serving import make_server

from engine.registry import game_ids
from tests.test_rules_page import make_app

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The minimal rules app served on a free local port for the module's tests."""
    server = make_server("127.0.0.1", 0, make_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, base_url: str):
    context = browser.new_context(locale="en-GB")
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def phone(browser):
    """A page on a phone held upright, in Russian."""
    context = browser.new_context(
        locale="ru-RU", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    tab = context.new_page()
    yield tab
    context.close()


def open_ass(page, base_url: str) -> None:
    assert "ass" in game_ids()
    page.goto(f"{base_url}/rules/ass?lang=en")
    page.wait_for_selector('#explorer-app button.card[data-card="6S"]:not([disabled])')


def test_laying_a_trick_by_mouse_shows_who_takes_and_why(page, base_url: str) -> None:
    """The newcomer's question: does Q♠ beat 6♠, and who takes 6♠ Q♠ 10♣ 6♥?"""
    open_ass(page, base_url)
    for card in ["6S", "QS", "10C", "6H"]:
        page.click(f'#explorer-app button.card[data-card="{card}"]:not([disabled])')
        page.wait_for_selector(f'.explorer-steps li:has-text("{card[:-1]}")')
    page.wait_for_selector(".explorer-verdict .winner:has-text('Player 2')")
    verdict = page.inner_text(".explorer-verdict")
    assert "Takes: Player 2" in verdict
    assert "Q♠ beats 6♠" in verdict
    steps = page.locator(".explorer-steps li").all_inner_texts()
    assert len(steps) == 4
    assert "Player 2: Q♠ — legal, beats" in steps[1]
    assert "Q♠ beats 6♠" in steps[1]
    assert page.locator("#explorer-app button.card:not([disabled])").count() == 0


def test_the_explorer_works_by_keyboard_alone(page, base_url: str) -> None:
    open_ass(page, base_url)
    page.focus("#explorer-leader")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("text=Player 2 leads: any card may be led.")
    assert page.evaluate("[document.activeElement.id, document.activeElement.value]") == ["explorer-leader", "1"]
    page.keyboard.press("ArrowUp")
    page.wait_for_selector("text=Player 1 leads: any card may be led.")
    for card in ["6S", "8S"]:
        for _ in range(80):
            if page.evaluate("document.activeElement.dataset.card") == card:
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.card") == card
        page.keyboard.press("Enter" if card == "6S" else "Space")
        page.wait_for_selector(f'.explorer-steps li:has-text("{card[:-1]}♠")')
    assert "Takes: Player 2" in page.inner_text(".explorer-verdict")
    assert page.get_attribute(".explorer-verdict", "aria-live") == "polite"
    labels = page.eval_on_selector_all("#explorer-app button.card", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(labels) == 36 and all(label and ", " in label for label in labels)
    page.focus("#explorer-undo")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.explorer-steps li').length === 1")
    assert page.evaluate("document.activeElement.id") == "explorer-undo"
    page.keyboard.press("Enter")
    page.wait_for_selector("text=No card laid yet.")
    assert page.evaluate("document.activeElement.dataset.card"), "the focus moves on to the cards"


# ---- How to play: first on the page, cards drawn; the explorer opened from an example's link -----------------
VIEWPORTS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


BROKEN_LINES = """() => [...document.querySelectorAll('#page-howto .card-line')]
    .filter(line => line.children.length <= 9)
    .filter(line => new Set([...line.children].map(slot => Math.round(slot.getBoundingClientRect().top))).size > 1)
    .map(line => line.textContent.trim())"""
"""The lines of at most nine cards (a suit's ranks in order, a trick, a meld) that wrap onto a second line: an ace
left alone under the other eight reads as a separate thing."""


TOO_WIDE = """() => [...document.querySelectorAll('body *')]
    .filter(el => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .filter(el => !el.parentElement.closest('.table-wrap'))
    .map(el => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className}`)"""
"""What runs past the right edge of the screen (the page would scroll sideways or a phone zoom it out), a table
scrolling in its own box aside."""


@pytest.mark.parametrize("game", game_ids())
def test_how_to_play_is_above_the_fold_with_cards_drawn(browser, base_url: str, game: str) -> None:
    """In English and Russian, on a laptop and a phone: the "How to play" heading shows without scrolling, its
    cards are drawn as SVG with the table's art, and the page raises no script error. Screenshots:
    artifacts/screenshots/rules-<game>-<lang>-<device>.png (the first screen) and ...-full.png (the page)."""
    from tests.browser_helpers import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ru"):
        for device, viewport in VIEWPORTS.items():
            phone = device == "phone"
            context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, locale=lang)
            tab = context.new_page()
            errors: list[str] = []
            tab.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
            tab.goto(f"{base_url}/rules/{game}?lang={lang}")
            tab.wait_for_selector("#page-howto .card-pic[data-drawn] svg")
            heading = tab.locator("#page-howto-h").bounding_box()
            assert heading and heading["y"] + heading["height"] <= viewport["height"], (game, lang, device)
            title = tab.inner_text("#page-howto-h")
            assert title == {"en": "How to play", "ru": "Как играть"}[lang]
            drawn = tab.locator("#page-howto .card-pic svg").count()
            assert drawn == tab.locator("#page-howto .card-pic").count() > 0
            first = tab.locator("#page-howto .card-pic svg").first.bounding_box()
            assert first and first["width"] >= 28, first
            assert tab.evaluate(BROKEN_LINES) == [], f"a suit's ranks break over two lines: {game} {lang} {device}"
            tab.wait_for_selector("#explorer-app button.card")
            wide = tab.evaluate(TOO_WIDE)
            assert wide == [], f"the page is wider than the screen ({game} {lang} {device}): {wide}"
            scroll = tab.evaluate("document.documentElement.scrollWidth")
            assert scroll <= viewport["width"], f"the page pans sideways ({game} {lang} {device}): {scroll}px"
            tab.screenshot(path=str(SHOTS / f"rules-{game}-{lang}-{device}.png"))
            if device == "desktop":
                tab.screenshot(path=str(SHOTS / f"rules-{game}-{lang}-{device}-full.png"), full_page=True)
            assert errors == []
            context.close()


@pytest.mark.parametrize("game", game_ids())
def test_an_example_link_opens_the_explorer_on_its_position(page, base_url: str, game: str) -> None:
    """The first "try it in the explorer" link of the worked examples lays the example's cards in the explorer,
    which names the same taker as the example (when the example names one)."""
    page.goto(f"{base_url}/rules/{game}?lang=en")
    page.wait_for_selector("#explorer-app button.card")
    link = page.locator("#page-examples a[data-explore]").first
    href = link.get_attribute("href")
    link.click()
    plays = json.loads(unquote(href.split("=", 1)[1]))["plays"]
    page.wait_for_function("n => document.querySelectorAll('.explorer-steps li').length === n", arg=len(plays))
    steps = page.locator(".explorer-steps li").all_inner_texts()
    assert all("not legal" not in s for s in steps), steps


@pytest.mark.parametrize("game", game_ids())
def test_an_example_link_on_a_phone_shows_the_cards_laid_and_the_verdict(phone, base_url: str, game: str) -> None:
    """On a phone, a tapped "try it in the explorer" link scrolls to what it lays: the cards to lay and the verdict
    start on the screen (scrolled to the explorer's heading, a dozen options of its set-up filled the screen and the
    reader saw no card laid). Screenshot: artifacts/screenshots/rules-example-<game>-phone.png."""
    from tests.browser_helpers import SHOTS

    phone.goto(f"{base_url}/rules/{game}?lang=ru")
    phone.wait_for_selector("#explorer-app button.card")
    link = phone.locator("#page-examples a[data-explore]").first
    plays = json.loads(unquote((link.get_attribute("href") or "").split("=", 1)[1]))["plays"]
    link.tap()
    phone.wait_for_function("n => document.querySelectorAll('.explorer-steps li').length === n", arg=len(plays))
    phone.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r)))")
    phone.screenshot(path=str(SHOTS / f"rules-example-{game}-phone.png"))
    where = phone.evaluate(
        """() => ['.explorer-cards .card-row', '.explorer-verdict']
            .map(sel => Math.round(document.querySelector(sel).getBoundingClientRect().top))"""
    )
    assert all(0 <= top < 844 for top in where), f"{game}: the cards and the verdict start at {where} px"


@pytest.mark.parametrize("game", game_ids())
def test_the_explorers_settings_are_a_fingers_target_on_a_phone(phone, base_url: str, game: str) -> None:
    """On a phone every setting of the explorer (players, trumps, the centre card...) is at least 40 px tall: at
    about 24 px a finger picked the one above or below. Screenshot:
    artifacts/screenshots/rules-settings-<game>-phone.png."""
    from tests.browser_helpers import SHOTS

    phone.goto(f"{base_url}/rules/{game}?lang=ru")
    phone.wait_for_selector("#explorer-app button.card")
    heights = phone.eval_on_selector_all(
        "#explorer-app select", "els => els.map(el => [el.id || el.name, el.getBoundingClientRect().height])"
    )
    assert heights, f"{game}: the explorer has no settings"
    phone.locator("#explorer-app fieldset").first.screenshot(path=str(SHOTS / f"rules-settings-{game}-phone.png"))
    small = [(name, round(h)) for name, h in heights if h < 40]
    assert not small, f"{game}: settings smaller than a finger: {small}"


def test_the_36_characters_read_down_a_phone_not_across(phone, base_url: str) -> None:
    """On a phone each of Eidex's 36 characters is a block (card and names, then when, how often and the power, each
    under its column's name), so the power is read without scrolling sideways on every row. Screenshot:
    artifacts/screenshots/rules-characters-phone-ru.png."""
    from tests.browser_helpers import SHOTS

    phone.goto(f"{base_url}/rules/eidex?lang=ru")
    table = phone.locator('table[data-table="characters"]')
    table.scroll_into_view_if_needed()
    seen = table.evaluate(
        """t => ({
            scrolls: t.parentElement.scrollWidth > t.parentElement.clientWidth + 1,
            rows: t.tBodies[0].rows.length,
            past: [...t.tBodies[0].rows].filter(r => r.lastElementChild.getBoundingClientRect().right > innerWidth)
                .length,
            power: t.tBodies[0].rows[0].lastElementChild.innerText,
            label: getComputedStyle(t.tBodies[0].rows[0].lastElementChild, '::before').content,
        })"""
    )
    phone.screenshot(path=str(SHOTS / "rules-characters-phone-ru.png"))
    assert seen["rows"] == 36 and not seen["scrolls"] and seen["past"] == 0, seen
    assert seen["power"] and seen["label"] == '"Сила: "', seen


@pytest.mark.parametrize("game", ["eidex", "ass"])
def test_the_bots_figures_read_on_a_phone(browser, base_url: str, game: str) -> None:
    """The bots section on a phone held upright, in English and Russian: reached from the page's contents, each level
    a line, each measured pair's figures within the screen's width (Eidex saying ten times the search is within
    chance of Hard; Ass naming its player counts). Screenshots: artifacts/screenshots/rules-bots-<game>-<lang>-
    phone.png (its first screen) and ...-phone-figures.png (the figures at the top)."""
    from tests.browser_helpers import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ru"):
        context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True, locale=lang)
        tab = context.new_page()
        tab.goto(f"{base_url}/rules/{game}?lang={lang}")
        tab.click('.toc a[href="#page-bots"]')
        section = tab.locator("#page-bots")
        assert section.locator(".bot-levels li").count() == 3
        figures = section.locator(".bot-figures dd")
        assert figures.count() >= 2
        past = section.evaluate(
            "s => [...s.querySelectorAll('dd, li, p')].filter(e => e.getBoundingClientRect()"
            ".right > innerWidth).map(e => e.innerText)"
        )
        assert past == [], past
        text = section.inner_text()
        if game == "eidex":
            assert {"en": "does not measurably help Hard", "ru": "не даёт сильному боту заметного"}[lang] in text
        else:
            assert {"en": "3 players:", "ru": "При 3 игроках:"}[lang] in text
        tab.wait_for_function("Math.abs(document.querySelector('#page-bots').getBoundingClientRect().top) < 2")
        tab.screenshot(path=str(SHOTS / f"rules-bots-{game}-{lang}-phone.png"))
        tab.evaluate("document.querySelector('#page-bots-measured-h').scrollIntoView({behavior: 'instant'})")
        tab.screenshot(path=str(SHOTS / f"rules-bots-{game}-{lang}-phone-figures.png"))
        context.close()
