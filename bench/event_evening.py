"""Issue 45's "Done when" evenings, driven in real browsers against the live server, printing what they saw.

    python -m bench.event_evening [--game bank] [--skip-swiss] [--skip-duplicate]

(a) A three-round Swiss event for one game (Bank to a target of 1 by default): five phones (390x844, two in
Russian) join by the event's link, the director starts each round through the API and lets bots play the phones'
seats (the director's "a bot plays for now"), a bot fills the odd seat; every phone must be sent to its table, and
the room's screen (1920x1080) must show the standings and a live table in every round. (b) A duplicate Blot event
with two tables (eight players in fixed teams, target 1): both tables get the same cards, the board scores each
line in matchpoints and the standings rank by them. Screenshots in artifacts/screenshots/evening-*.png (open them:
Russian and English, phone and screen). Not a CI test: it takes a few minutes.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import requests

from tests.browser_helpers import CHROMIUM, CHROMIUM_ARGS, Guard, browser_server, shot, sync_api

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
SCREEN = {"viewport": {"width": 1920, "height": 1080}}


def post(base: str, path: str, key: str, **body: Any) -> Any:
    answer = requests.post(base + path, json=body, headers={"Origin": base, "X-Player-Key": key}, timeout=10)
    if answer.status_code != 200:
        raise RuntimeError(f"{path}: {answer.status_code} {answer.text}")
    return answer.json()


def state(base: str, event_id: str) -> Any:
    return requests.get(f"{base}/api/events/{event_id}", timeout=10).json()


def bots_play(base: str, director: str, event_id: str) -> None:
    """Every seated player's seat of the round is played by a bot for now."""
    for table in state(base, event_id)["tables"]:
        for seat in table["seats"]:
            if seat["player"] and not table["result"]:
                requests.post(
                    f"{base}/api/events/{event_id}/director",
                    json={"op": "replace", "player": seat["player"]},
                    headers={"Origin": base, "X-Player-Key": director},
                    timeout=10,
                )


def wait_round(base: str, event_id: str, timeout: float = 240) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = state(base, event_id)
        if now["round_over"]:
            return now
        time.sleep(0.5)
    raise RuntimeError("the round did not end")


def phones(browser: Any, guard: Guard, errors: list[str], n: int) -> list[Any]:
    out = []
    for i in range(n):
        ctx = browser.new_context(reduced_motion="reduce", **PHONE)
        ctx.route("**/*", guard)
        ctx.set_default_timeout(30_000)
        page = ctx.new_page()
        page.on("pageerror", lambda e, i=i: errors.append(f"phone {i}: {e}"))
        out.append(page)
    return out


def screen_page(browser: Any, guard: Guard, errors: list[str]) -> Any:
    ctx = browser.new_context(reduced_motion="reduce", **SCREEN)
    ctx.route("**/*", guard)
    ctx.set_default_timeout(30_000)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(f"screen: {e}"))
    return page


def join_by_link(page: Any, base: str, event_id: str, name: str, lang: str) -> dict[str, Any]:
    page.goto(f"{base}/e/{event_id}?lang={lang}")
    page.fill("#join-name", name)
    page.click("#join")
    page.wait_for_function(
        "() => localStorage.getItem('cardtable.player') && document.getElementById('join-box').hidden"
    )
    return page.evaluate("() => JSON.parse(localStorage.getItem('cardtable.player'))")  # type: ignore[no-any-return]


def swiss(base: str, browser: Any, game: str, options: dict[str, Any]) -> None:
    guard, errors = Guard(base), []
    pages = phones(browser, guard, errors, 5)
    screen = screen_page(browser, guard, errors)
    director = post(base, "/api/me", "", name="Host")["key"]
    spec = {"game": game, "players": 2, "rounds": 3, "name": "Swiss evening", "options": options, "level": "easy"}
    event_id = post(base, "/api/events", director, **spec)["id"]
    names = [("Аня", "ru"), ("Bob", "en"), ("Сид", "ru"), ("Dan", "en"), ("Eve", "en")]
    for page, (name, lang) in zip(pages, names, strict=True):
        join_by_link(page, base, event_id, name, lang)
    screen.goto(f"{base}/e/{event_id}/screen?lang=en")
    screen.wait_for_function("() => document.querySelectorAll('#standings tbody tr').length === 5")
    print(f"(a) event {event_id}: 5 phones joined by the link; the screen lists 5 players")
    for n in (1, 2, 3):
        started = time.monotonic()
        post(base, f"/api/events/{event_id}/director", director, op="start")
        for i, page in enumerate(pages):
            page.wait_for_url("**/t/*", timeout=30_000)
            page.wait_for_selector("body.ready")
            if n == 1 and i in (0, 1):
                shot(page, f"evening-phone-table-{names[i][1]}")
        screen.wait_for_function(f"() => document.getElementById('event-round').textContent.includes('{n}')")
        screen.wait_for_function("() => !document.getElementById('live').hidden")
        screen.frame_locator("#live").locator("body.ready").wait_for()
        shot(screen, f"evening-screen-round{n}-en")
        tables = state(base, event_id)["tables"]
        bots = sum(s["kind"] == "bot" for t in tables for s in t["seats"])
        bots_play(base, director, event_id)
        done = wait_round(base, event_id)
        screen.wait_for_function(
            "() => [...document.querySelectorAll('.event-table')].every(t => t.classList.contains('done'))",
            timeout=30_000,
        )
        top = [(r["place"], r["name"], r["score"], r["tiebreak"]) for r in done["standings"]]
        print(f"  round {n}: {len(tables)} tables, {bots} bot seat(s), {time.monotonic() - started:.1f}s; {top}")
        for page in pages:
            page.goto(f"{base}/e/{event_id}")
    post(base, f"/api/events/{event_id}/director", director, op="finish")
    screen.wait_for_function("() => document.getElementById('event-round').textContent.includes('over')")
    shot(screen, "evening-screen-final-en")
    screen.goto(f"{base}/e/{event_id}/screen?lang=ru")
    screen.wait_for_selector("#standings tbody tr")
    shot(screen, "evening-screen-final-ru")
    shot(pages[0], "evening-phone-event-ru")
    shot(pages[1], "evening-phone-event-en")
    past = state(base, event_id)["past"]
    met = [tuple(sorted(n for n in p["names"] if n)) for p in past]
    print(f"  finished: {len(past)} tables played; pairs met: {met}")
    print(f"  page errors: {errors or 'none'}; requests off the server: {guard.outside or 'none'}")


def duplicate(base: str, browser: Any) -> None:
    guard, errors = Guard(base), []
    pages = phones(browser, guard, errors, 2)
    screen = screen_page(browser, guard, errors)
    director = post(base, "/api/me", "", name="Host")["key"]
    spec = {
        "game": "blot",
        "players": 4,
        "rounds": 1,
        "partners": "fixed",
        "duplicate": True,
        "options": {"target": 1},
        "level": "easy",
        "name": "Duplicate Blot",
    }
    event_id = post(base, "/api/events", director, **spec)["id"]
    join_by_link(pages[0], base, event_id, "Аня", "ru")
    join_by_link(pages[1], base, event_id, "Bob", "en")
    for name in ("Cid", "Dan", "Eve", "Fay", "Gus", "Hal"):
        post(base, f"/api/events/{event_id}/join", post(base, "/api/me", "", name=name)["key"])
    screen.goto(f"{base}/e/{event_id}/screen?lang=en")
    screen.wait_for_selector("#event-round")
    post(base, f"/api/events/{event_id}/director", director, op="start")
    for page in pages:
        page.wait_for_url("**/t/*", timeout=30_000)
    screen.wait_for_function("() => !document.getElementById('live').hidden")
    screen.frame_locator("#live").locator("body.ready").wait_for()
    shot(screen, "evening-dup-screen-live-en")
    bots_play(base, director, event_id)
    done = wait_round(base, event_id)
    codes = [[d["code"] for d in t["deal_codes"]] for t in done["tables"]]
    print(f"(b) event {event_id}: 2 tables; deals played per table {[len(c) for c in codes]}; same cards in order:")
    print(f"  {all(a == b for a, b in zip(*codes, strict=False))}")
    for deal in done["board"]:
        lines = [(e["board"], e["row"][2:] if e["row"] else None, e["matchpoints"][2:]) for e in deal["tables"]]
        print(f"  deal {deal['hand_no']} {deal['code']}: {lines}")
    print(f"  standings: {[(r['place'], r['name'], r['matchpoints'], r['score']) for r in done['standings']]}")
    for page, lang in zip(pages, ("ru", "en"), strict=True):
        page.goto(f"{base}/e/{event_id}?lang={lang}")
        page.wait_for_selector(".duplicate-board")
        shot(page, f"evening-dup-phone-{lang}")
    screen.goto(f"{base}/e/{event_id}/screen?lang=ru")
    screen.wait_for_selector("#standings tbody tr")
    shot(screen, "evening-dup-screen-ru")
    print(f"  page errors: {errors or 'none'}; requests off the server: {guard.outside or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bank")
    parser.add_argument("--skip-swiss", action="store_true")
    parser.add_argument("--skip-duplicate", action="store_true")
    args = parser.parse_args()
    with browser_server("cardtable-evening-") as base, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        if not args.skip_swiss:
            swiss(base, browser, args.game, {"target": 1})
        if not args.skip_duplicate:
            duplicate(base, browser)
        browser.close()


if __name__ == "__main__":
    main()
