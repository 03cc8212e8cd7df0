"""The explorer's "ask the bot" in a real browser: lay the start of a Blot trick, pick the hand of the seat to play,
ask, and read the Hard bot's card and reason, in English on a laptop and in Russian on a phone.

Screenshots: artifacts/screenshots/explore-advice-<lang>-<device>.png (the panel with its answer)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser_helpers import SHOTS, browser_server, chromium_browser

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}

TRICK = ["10H", "7H", "KH"]
"""Player 1 leads the ten of hearts, Player 2 follows low, Player 3 lays the king: Player 4 (Player 2's partner)
plays last."""
HAND = ["AH", "8H", "8D", "9D", "7C", "8C", "9C", "10C"]
"""Player 4's hand: the ace of hearts takes the trick's 25 points, the eight would leave them to the other side."""

CASES = [
    (
        "en",
        LAPTOP,
        "laptop",
        "The bot would play (Player 4):",
        "A♥",
        "takes the trick and the 25 points in it",
        "The hand of the player to play: 8 cards (picked: 7)",
    ),
    (
        "ru",
        PHONE,
        "phone",
        "Ход бота (Игрок 4):",
        "Т♥",
        "берёт взятку и 25 очков в ней",
        "Рука того, чей ход: нужно карт — 8, выбрано — 7",
    ),
]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with browser_server("explore-advice-") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium_browser() as chromium:
        yield chromium


@pytest.mark.parametrize(
    ("lang", "device", "name", "plays", "card", "reason", "short"), CASES, ids=[c[0] for c in CASES]
)
def test_the_bot_answers_for_the_hand_picked(
    browser, base: str, lang: str, device: dict, name: str, plays: str, card: str, reason: str, short: str
) -> None:
    """The panel says how many cards the seat to play holds and asks the bot only once as many are picked."""
    context = browser.new_context(reduced_motion="reduce", **device)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{base}/rules/blot?lang={lang}#page-explorer")
        for laid in TRICK:
            page.click(f'#explorer-app button.card[data-card="{laid}"]:not([disabled])')
            page.wait_for_selector(f'#explorer-app button.card[data-card="{laid}"][disabled]')
        assert page.locator('button.card[data-hand="KH"]').is_disabled()
        for held in HAND[:-1]:
            page.click(f'button.card[data-hand="{held}"]')
        assert page.inner_text(".advice-hand legend") == short
        assert page.locator("#explorer-advice-ask").is_disabled(), "the bot is asked with a card short"
        page.click(f'button.card[data-hand="{HAND[-1]}"]')
        assert page.locator('button.card[data-hand="10C"]').get_attribute("aria-pressed") == "true"
        assert page.inner_text(".advice-picked").split() == ["7♣", "8♣", "9♣", "10♣", "8♦", "9♦", "8♥", card]
        page.click("#explorer-advice-ask")
        move = page.wait_for_selector(".advice-answer .advice-move")
        assert plays in move.inner_text()
        assert page.inner_text(".advice-answer .advice-card") == card
        assert reason in page.inner_text(".advice-answer .advice-reason")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(".explorer-advice").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"explore-advice-{lang}-{name}.png"))
        assert not errors
    finally:
        context.close()


def test_the_eidex_explorer_names_its_cards_in_eidex_suits(browser, base: str) -> None:
    """Eidex's explorer drew ♣♦♥♠ while its rules and the bot's reason named Eidex suits («В Воронов берёт взятку»):
    its cards to lay and the bot's hand picker now show and name the Eidex suits, as the reason does."""
    context = browser.new_context(reduced_motion="reduce", **PHONE)
    page = context.new_page()
    try:
        page.goto(f"{base}/rules/eidex?lang=ru#page-explorer")
        page.wait_for_selector('#explorer-app button.card[data-card="JS"]')
        named = page.evaluate(
            """() => ({
                card: document.querySelector('#explorer-app button.card[data-card="JS"]').getAttribute('aria-label'),
                rows: [...document.querySelectorAll('#explorer-app .card-row')].map(r => r.getAttribute('aria-label')),
                picker: document.querySelector('.advice-hand button.card[data-hand="QD"]')?.textContent,
                pictures: document.querySelectorAll('#explorer-app button.card .suit-mark svg').length,
                symbols: document.querySelector('#explorer-app .explorer-cards').textContent.match(/[♣♦♥♠]/g),
            })"""
        )
        assert named["card"].startswith("В Воронов"), named
        assert named["rows"] == ["Эйдекс", "Звёзды", "Сердца", "Вороны"], named
        assert named["pictures"] == 36 and not named["symbols"], named
        page.locator("#explorer-app .explorer-cards").screenshot(path=str(SHOTS / "explore-eidex-suits-ru.png"))
    finally:
        context.close()
