"""The table page's own work, measured in Chromium: a game played to its end at one table by a laptop and a phone
(tapping at random among their legal moves) with bots in the other seats, each page's main-thread time, style
recalculations and layouts read from the DevTools protocol's Performance metrics, and divided by the table changes
the page drew. A phone does the same work more slowly: less here is a quicker move there.

With ``--baseline REV`` the same games are played against the pages of revision REV too (its tree exported beside
this one, its own server): same deal seed, same taps, runs alternating so that a change in the machine's speed
falls on both; the ratios this tree / REV are printed.

    python -m bench.page_work [--game bailiff] [--options '{"max_turns": 200}'] [--runs 2] [--baseline HEAD~1]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.registry import get_game
from tests.browser_helpers import browser_server, create_table, desktop_and_phone, play_to_end
from tests.live import ROOT

METRICS = ("TaskDuration", "RecalcStyleDuration", "RecalcStyleCount", "LayoutDuration", "LayoutCount")
"""What is read of each page: its main thread's busy time, and of it the style recalculations and layouts (time,
count)."""
PAGES = ("laptop", "phone")
RATIOS = (("main thread", "TaskDuration"), ("style", "RecalcStyleDuration"), ("layout", "LayoutDuration"))
"""The figures compared with the baseline's, by name."""


@dataclass
class Run:
    """One game at one side: the table changes drawn, and each page's metrics over the game."""

    side: str
    changes: int
    pages: dict[str, dict[str, float]]


def metrics(cdp: Any) -> dict[str, float]:
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] in METRICS}


def play_game(base: str, game_id: str, options: dict[str, Any], run: int, side: str) -> Run:
    """A whole game at a new table of the server at ``base``; the taps are drawn from ``run``."""
    game = get_game(game_id)
    players = max(game.min_players, min(4, game.max_players))
    with desktop_and_phone(base, ("laptop", "phone"), 30_000) as browsers:
        laptop, phone = browsers.pages["laptop"], browsers.pages["phone"]
        code = create_table(laptop, base, game, players, options)
        phone.goto(f"{base}/t/{code}")
        phone.wait_for_selector("body.ready")
        phone.fill("#sit-name", "Bob")
        phone.click('#seat-list button.sit[data-seat="1"]')
        phone.wait_for_selector('body[data-you="1"]')
        if players > 2:
            laptop.click("#fill-bots")
        laptop.wait_for_selector("#start:not([disabled])")
        sessions = {role: browsers.pages[role].context.new_cdp_session(browsers.pages[role]) for role in PAGES}
        for cdp in sessions.values():
            cdp.send("Performance.enable")
        before = {role: metrics(cdp) for role, cdp in sessions.items()}
        start = int(laptop.get_attribute("body", "data-version") or 0)
        laptop.click("#start")
        play_to_end(browsers.pages, random.Random(run), f"page-work-{side}")
        after = {role: metrics(cdp) for role, cdp in sessions.items()}
        changes = int(laptop.get_attribute("body", "data-version") or 0) - start
    return Run(side, changes, {role: {k: after[role][k] - before[role][k] for k in METRICS} for role in PAGES})


def export(rev: str, into: Path) -> Path:
    """The tree of revision ``rev`` written into ``into``."""
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def line(run: Run) -> str:
    cells = []
    for role in PAGES:
        m = run.pages[role]
        per = 1000 / max(1, run.changes)
        cells.append(
            f"{m['TaskDuration'] * per:6.1f} ms {m['RecalcStyleDuration'] * per:5.1f} ms "
            f"{m['RecalcStyleCount'] / max(1, run.changes):4.1f} {m['LayoutDuration'] * per:5.1f} ms "
            f"{m['LayoutCount'] / max(1, run.changes):4.1f}"
        )
    return f"{run.side:10s} {run.changes:7d}   " + "   ".join(cells)


def total(runs: list[Run], role: str, metric: str) -> float:
    return sum(r.pages[role][metric] for r in runs) / max(1, sum(r.changes for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="bailiff")
    parser.add_argument("--options", default='{"max_turns": 200}', help="the table's options (JSON)")
    parser.add_argument("--runs", type=int, default=2, help="games at each side")
    parser.add_argument("--baseline", help="a revision whose pages are measured beside this tree's")
    args = parser.parse_args()
    options = json.loads(args.options)
    print(f"{args.game} {json.dumps(options)}: {args.runs} games at each side, deal seed 1, runs alternating")
    with ExitStack() as stack:
        roots = {"this tree": ROOT}
        if args.baseline:
            roots[args.baseline] = export(args.baseline, Path(stack.enter_context(tempfile.TemporaryDirectory())))
        servers = {
            side: stack.enter_context(browser_server("page-work-", root, DEAL_SEED="1")) for side, root in roots.items()
        }
        head = "per table change: main thread, style (time, count), layout (time, count)"
        print(f"{'side':10s} {'changes':>7s}   laptop {head}; then the phone's")
        runs: list[Run] = []
        for run in range(args.runs):
            for side, url in servers.items():
                runs.append(play_game(url, args.game, options, run, side))
                print(line(runs[-1]), flush=True)
    if args.baseline:
        mine = [r for r in runs if r.side == "this tree"]
        theirs = [r for r in runs if r.side == args.baseline]
        for role in PAGES:
            ratios = ", ".join(
                f"{name} {total(mine, role, metric) / max(1e-9, total(theirs, role, metric)):.2f}"
                for name, metric in RATIOS
            )
            print(f"{role}: this tree / {args.baseline} per table change: {ratios}")


if __name__ == "__main__":
    main()
