"""Two players, two languages, one table (issue 13): a host reads the table in Russian, a second human at the same
table reads it in English, bots fill the other seats, and they play the first hand of every game to its end.

After every move (the host's, the guest's or a bot's: whenever the Russian page shows a new table version) the
Russian page's visible text, minus elements marked with another ``lang`` and minus the names players typed or the
catalog gave the bots, must hold no Latin word (a run of two or more Latin letters), no Latin card letter (J Q K A:
the Russian catalog writes В Д К Т unless the reader asks for Latin letters) and no seat number ("seat 2",
«место 0»); the English page, at the same table version, must hold no Cyrillic outside marked elements and names.
Every offender is collected with its element and text and reported at once (and written to
artifacts/russian-<game>.txt). A tapped card that may not be played is checked once too: its reason comes from the
engine.

Screenshots (Russian desktop 1366×768, Russian phone 390×844, English) land in artifacts/screenshots/ru-*.png.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from engine.registry import all_games
from tests.browser_helpers import (
    PROBE,
    ROOT,
    Guard,
    browser_server,
    chromium_browser,
    create_table,
    explain_illegal_card,
    perform,
    pick,
    shot,
    sync_api,
)

pytestmark = pytest.mark.browser

HOST_NAME = "Аня"
GUEST_NAME = "Bob"
RU_DESKTOP = {"width": 1366, "height": 768}
RU_PHONE = {"width": 390, "height": 844}
REPORTS = ROOT / "artifacts"
"""Where each game's list of offenders is written (``russian-<game>.txt``), found or not."""
HAND_SECONDS = 60
"""Wall time one hand may take before the test gives up."""

PLAYERS = {"ass": 3, "bailiff": 3, "bank": 4, "blot": 4, "eidex": 3}
SHORT_HAND_OPTIONS: dict[str, dict[str, Any]] = {
    "bailiff": {"max_turns": 60},
    "ass": {"start_banks": 1, "lose_banks": 2},
    "bank": {"max_hands": 1},
}
"""Options that keep the first hand short in wall time (Bailiff's hand is its whole game: 60 turns at most)."""


class ForeignText(AssertionError):
    """Text in the wrong language (or a seat number) on a page."""


CHECK = r"""([lang, names]) => {
    // Every visible text node (and placeholder) not inside an element marked with another language, names removed.
    const latin = /\p{Script=Latin}{2,}/u;
    const rankLetter = /(?<!\p{L})[JQKA](?!\p{L})/u;
    const cyrillic = /\p{Script=Cyrillic}+/u;
    const seatNumber = /(seat|player|мест[оау]|игрок[аиу]?)\s*(№\s*)?\d+/iu;
    // What no reader should meet in any language: a catalog key, a placeholder left, a script's value.
    const rawText = /\b[a-z][a-z0-9_]*(\.[a-z0-9_-]+){2,}\b|\{\w+\}|\[object \w+\]|\bundefined\b|\bNaN\b/u;
    const where = (el) => {
        const parts = [];
        for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
            let p = e.tagName.toLowerCase();
            if (e.id) p += '#' + e.id;
            else if (e.classList.length) p += '.' + [...e.classList].slice(0, 2).join('.');
            parts.unshift(p);
            if (e.id) break;
        }
        return parts.join(' > ');
    };
    const foreign = (el) => {
        const marked = el.closest('[lang]');
        return marked && marked !== document.documentElement && !marked.lang.startsWith(lang);
    };
    const strip = (text) => {
        for (const n of names) text = text.split(n).join(' ');
        return text;
    };
    const found = [];
    const look = (el, raw) => {
        const text = strip(raw);
        const problems = [];
        if (lang === 'ru') {
            const word = text.match(latin);
            if (word) problems.push('latin ' + JSON.stringify(word[0]));
            else if (rankLetter.test(text)) problems.push('rank letter ' + JSON.stringify(text.match(rankLetter)[0]));
        } else {
            const word = text.match(cyrillic);
            if (word) problems.push('cyrillic ' + JSON.stringify(word[0]));
        }
        const left = text.match(rawText);
        if (left) problems.push('raw ' + JSON.stringify(left[0]));
        const seat = text.match(seatNumber);
        if (seat) problems.push('seat number ' + JSON.stringify(seat[0]));
        if (problems.length) found.push({where: where(el), text: raw.trim().slice(0, 160), problems});
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!node.data.trim() || !el || foreign(el)) continue;
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName)) continue;
        const box = el.tagName === 'OPTION' ? el.closest('select') : el;
        if (!box || !box.checkVisibility({checkVisibilityCSS: true})) continue;
        look(el, node.data);
    }
    for (const el of document.querySelectorAll('[placeholder]'))
        if (!foreign(el) && el.checkVisibility()) look(el, el.placeholder);
    return {
        htmlLang: document.documentElement.lang,
        version: document.body.dataset.version || '',
        found,
    };
}"""
"""What is wrong on a page now: its visible text in the wrong language or naming a seat by number."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with browser_server("cardtable-russian-") as url:
        yield url


@pytest.fixture(scope="module")
def chromium(server: str) -> Iterator[Any]:
    with chromium_browser() as browser:
        yield browser


class Table:
    """A Russian host and an English guest at one table; every offender either page showed."""

    def __init__(self, browser: Any, base: str, label: str, seats: int):
        self.base, self.label = base, label
        self.guard = Guard(base)
        self.errors: list[str] = []
        self.pages: dict[str, Any] = {}
        for role, locale, viewport in (("ru", "ru-RU", RU_DESKTOP), ("en", "en-US", {"width": 1280, "height": 800})):
            ctx = browser.new_context(locale=locale, viewport=viewport, reduced_motion="reduce")
            ctx.route("**/*", self.guard)
            ctx.set_default_timeout(20_000)
            ctx.set_default_navigation_timeout(30_000)
            page = ctx.new_page()
            page.on("pageerror", lambda e, role=role: self.errors.append(f"{role}: {e}"))
            self.pages[role] = page
        self.names = {lang: [HOST_NAME, GUEST_NAME, *bot_names(lang, seats)] for lang in self.pages}
        self.offenders: dict[tuple[str, str, str], str] = {}
        self.checked = ""
        self.checks = 0

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()

    def check(self, moment: str) -> None:
        """Both pages at the same table version: collect what is in the wrong language."""
        ru, en = self.pages["ru"], self.pages["en"]
        seen = ru.get_attribute("body", "data-version") or ""
        with contextlib.suppress(sync_api.TimeoutError):  # the next table version came first: compare what both show
            en.wait_for_function("v => document.body.dataset.version === v", arg=seen, timeout=5_000)
        self.checks += 1
        self.checked = seen
        for role, page in self.pages.items():
            result = page.evaluate(CHECK, [role, self.names[role]])
            if result["htmlLang"] != role:
                self.offenders.setdefault((role, "html", f"lang={result['htmlLang']}"), moment)
            for item in result["found"]:
                key = (role, item["where"], f"{item['text']} [{', '.join(item['problems'])}]")
                self.offenders.setdefault(key, moment)

    def report(self) -> str:
        lines = [
            f"{role} page, {where}: {text} (first at {moment})"
            for (role, where, text), moment in self.offenders.items()
        ]
        return f"{self.label}: {len(lines)} texts in the wrong language or naming a seat:\n" + "\n".join(lines)


def bot_names(lang: str, seats: int) -> list[str]:
    """The names the catalog gives the bots in `lang` (`seat.bot_name`: «Бот 3», "Bot 3"), longest first."""
    pattern = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["seat.bot_name"]
    return [pattern.replace("{n}", str(n)) for n in range(seats, 0, -1)]


def play_first_hand(table: Table, rng: random.Random) -> str:
    """Both pages take their turns by clicking until the first hand ends (its summary shows, or the game is over);
    check the pages after every new table version, and once the reason the Russian page gives for a card that may
    not be played. Return how the hand ended ("hand" or "over")."""
    deadline = time.monotonic() + HAND_SECONDS
    moves = 0
    explained = False
    while True:
        assert time.monotonic() < deadline, f"{table.label}: the first hand did not end in {HAND_SECONDS} s"
        acted = False
        for role, page in table.pages.items():
            state = page.evaluate(PROBE)
            if state["over"] or state["summary"]:
                return "over" if state["over"] else "hand"
            if not state["myTurn"] or not state["choices"]:
                continue
            if role == "ru" and not explained and explain_illegal_card(page):
                explained = True
                table.check("the reason an illegal card may not be played")
            perform(page, pick(state["choices"], rng), state["cardActions"])
            page.wait_for_function(
                "v => document.body.dataset.version !== v || document.body.dataset.state === 'over'",
                arg=state["version"],
            )
            moves += 1
            acted = True
            table.check(f"move {moves} by {role}")
            if moves == 6:
                screenshots(table, "play")
        if not acted:
            if table.pages["ru"].get_attribute("body", "data-version") != table.checked:
                table.check(f"after move {moves}")
            else:
                time.sleep(0.03)


def screenshots(table: Table, moment: str) -> None:
    ru = table.pages["ru"]
    shot(ru, f"ru-{table.label}-{moment}-desktop")
    ru.set_viewport_size(RU_PHONE)
    shot(ru, f"ru-{table.label}-{moment}-phone")
    ru.set_viewport_size(RU_DESKTOP)
    shot(table.pages["en"], f"ru-{table.label}-{moment}-en")


GAMES = all_games()


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_first_hand_in_russian_and_english_at_one_table(chromium: Any, server: str, game: Any) -> None:
    table = Table(chromium, server, game.id, PLAYERS[game.id])
    ru, en = table.pages["ru"], table.pages["en"]
    try:
        ru.goto(f"{server}/?lang=ru")
        ru.wait_for_selector("body.ready")
        options = {k: v for k, v in SHORT_HAND_OPTIONS.get(game.id, {}).items() if k in {o.name for o in game.options}}
        code = create_table(ru, server, game, PLAYERS[game.id], options, name=HOST_NAME)
        assert ru.get_attribute("html", "lang") == "ru"
        en.goto(f"{server}/t/{code}")
        en.wait_for_selector("body.ready")
        en.fill("#sit-name", GUEST_NAME)
        en.click('#seat-list button.sit[data-seat="1"]')
        en.wait_for_selector('body[data-you="1"]')
        ru.wait_for_selector('#seat-list li[data-seat="1"].kind-human')
        if PLAYERS[game.id] > 2:
            ru.click("#fill-bots")
        ru.wait_for_selector("#start:not([disabled])")
        table.check("waiting for the start")
        screenshots(table, "waiting")
        ru.click("#start")
        for page in (ru, en):
            page.wait_for_selector('body[data-state="playing"]')
        table.check("the deal")
        end = play_first_hand(table, random.Random(game.id))
        for page in (ru, en):
            page.wait_for_selector("#overlay:not([hidden])")
        table.check(f"the hand's end ({end})")
        screenshots(table, "hand-end")
        if end == "hand":
            ru.click("#summary-close")
            ru.wait_for_selector("#overlay", state="hidden")
            ru.click("#sheet-button")
            ru.wait_for_selector("#overlay:not([hidden])")
            table.check("the score sheet")
            shot(ru, f"ru-{game.id}-sheet-desktop")
        assert not table.guard.outside, f"requests left the server: {table.guard.outside}"
        assert not table.errors, f"script errors: {table.errors}"
        REPORTS.mkdir(parents=True, exist_ok=True)
        (REPORTS / f"russian-{game.id}.txt").write_text(table.report() + "\n", encoding="utf-8")
        if table.offenders:
            raise ForeignText(table.report())
    finally:
        table.close()
