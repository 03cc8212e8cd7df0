"""The explorer in a real browser (Debian's chromium through Playwright): lay a trick of Ass and read the verdict,
by mouse and by keyboard alone."""

from __future__ import annotations

import threading
from collections.abc import Iterator

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
    page.wait_for_selector(".explorer-verdict .winner:has-text('seat 1')")
    verdict = page.inner_text(".explorer-verdict")
    assert "Takes: seat 1" in verdict
    assert "Q♠ beats 6♠" in verdict
    steps = page.locator(".explorer-steps li").all_inner_texts()
    assert len(steps) == 4
    assert "Seat 1: Q♠ — legal, beats" in steps[1]
    assert "Q♠ beats 6♠: same suit, higher" in steps[1]
    assert page.locator("#explorer-app button.card:not([disabled])").count() == 0


def test_the_explorer_works_by_keyboard_alone(page, base_url: str) -> None:
    open_ass(page, base_url)
    page.focus("#explorer-leader")
    page.keyboard.press("ArrowDown")
    page.wait_for_selector("text=Seat 1 leads: any card may be led.")
    assert page.evaluate("[document.activeElement.id, document.activeElement.value]") == ["explorer-leader", "1"]
    page.keyboard.press("ArrowUp")
    page.wait_for_selector("text=Seat 0 leads: any card may be led.")
    for card in ["6S", "8S"]:
        for _ in range(80):
            if page.evaluate("document.activeElement.dataset.card") == card:
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.card") == card
        page.keyboard.press("Enter" if card == "6S" else "Space")
        page.wait_for_selector(f'.explorer-steps li:has-text("{card[:-1]}♠")')
    assert "Takes: seat 1" in page.inner_text(".explorer-verdict")
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
