"""Run conformance scenarios (see ``shared/conformance/FORMAT.md``).

python -m engine.scenario FILE_OR_DIR ...   # PASS/FAIL line per scenario; exit 1 on any FAIL
python -m engine.scenario --list-games      # the registered game ids
python -m engine.scenario --events ...      # also each scenario's event log as JSON lines

Besides FORMAT.md's ``events``, ``legal`` and ``error_at``, a scenario's ``expect`` may hold two checks of what one
seat may know (this project's scenarios use them; other suites need not): ``seen_by`` — ``{"seat": S, "events":
[...]}``, the ``events`` expectation against the event log as seat ``S`` (``null``: a spectator) may read it after the
last action, every card hidden from it (``Game.hidden_from``, what the server redacts) written ``null``; and ``view``
— ``{"seat": S, "fields": {"extra.taken": [...], ...}}``, fields of that seat's view by dotted path, each equal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from engine.cards import make_deck
from engine.core import Deal, Game, IllegalAction
from engine.messages import describe
from engine.options import OptionError
from engine.registry import game_ids, get_game
from engine.views import Event


class ScenarioError(Exception):
    """The scenario file itself is wrong (bad deal, unknown game, bad options)."""


def run_scenario(data: dict[str, Any]) -> tuple[list[Event], list[str]]:
    """Play a scenario; return (events, failures). An empty failure list means it holds."""
    try:
        decl = get_game(data["game"])
    except KeyError as exc:
        raise ScenarioError(str(exc.args[0])) from None
    deal = Deal.from_json(data["deal"]) if data.get("deal") else None
    if deal is not None:
        got = Counter(deal.cards())
        want = Counter(make_deck(decl.deck_size))
        if got != want:
            missing = sorted(str(c) for c in (want - got))
            extra = sorted(str(c) for c in (got - want))
            raise ScenarioError(f"the deal is not the {decl.deck_size}-card deck: missing {missing}, extra {extra}")
    try:
        game = decl.state(
            data.get("players", decl.default_players),
            data.get("options") or {},
            data.get("seed", 0),
            dealer=data.get("dealer"),
            deal=deal,
            start=data.get("start"),
        )
    except OptionError as exc:
        raise ScenarioError(str(exc)) from None
    events: list[Event] = list(game.events)
    error_at = None
    for index, (seat, action) in enumerate(data.get("actions", [])):
        try:
            events.extend(game.apply(seat, action))
        except IllegalAction as exc:
            events.append({"event": "error", "at": index, "reason": describe(exc.reason)})
            error_at = index
            break
    return events, check_expectations(data.get("expect") or {}, events, error_at, game)


def check_expectations(expect: dict[str, Any], events: list[Event], error_at: int | None, game: Game) -> list[str]:
    """Compare the outcome with the scenario's ``expect`` block."""
    failures = []
    if "error_at" in expect and expect["error_at"] != error_at:
        got = next((e for e in events if e["event"] == "error"), None)
        failures.append(
            f"expected error at {expect['error_at']}, got "
            + (f"error at {error_at} ({got['reason']})" if got else "no error")
        )
    elif "error_at" not in expect and error_at is not None:
        failures.append(f"unexpected error at {error_at}: {events[-1]['reason']}")
    failures += _in_order(expect.get("events") or [], events, "")
    seen = expect.get("seen_by")
    if seen:
        hidden = {str(c) for c in game.hidden_from(seen["seat"])}
        failures += _in_order(seen["events"], _redacted(events, hidden), f" (as seat {seen['seat']} sees them)")
    view = expect.get("view")
    if view:
        shown = game.view(view["seat"])
        for path, want in view["fields"].items():
            got = _field(shown, path)
            if got != want:
                said = f"{path} is {json.dumps(got)}, expected {json.dumps(want)}"
                failures.append(f"view of seat {view['seat']}: {said}")
    legal = expect.get("legal")
    if legal:
        actions = sorted(game.legal_actions(legal["seat"]))
        want = sorted(game.normalize(a) for a in legal["actions"])
        if actions != want:
            failures.append(f"legal actions of seat {legal['seat']}: expected {want}, got {actions}")
    return failures


def _in_order(wanted: list[dict[str, Any]], events: list[Event], seen: str) -> list[str]:
    """Each ``wanted`` object matches a distinct event of ``events``, in order (FORMAT.md's ``events``)."""
    position = 0
    for want in wanted:
        while position < len(events) and not all(events[position].get(k) == v for k, v in want.items()):
            position += 1
        if position == len(events):
            return [f"no event matching {json.dumps(want)} (in order){seen}"]
        position += 1
    return []


def _redacted(value: Any, hidden: set[str]) -> Any:
    """``value`` with every card name in ``hidden`` written ``None``, wherever it stands."""
    if isinstance(value, str):
        return None if value in hidden else value
    if isinstance(value, list):
        return [_redacted(v, hidden) for v in value]
    if isinstance(value, dict):
        return {k: _redacted(v, hidden) for k, v in value.items()}
    return value


def _field(view: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a view (a number step indexes a list); ``None`` where there is none."""
    for step in path.split("."):
        if isinstance(view, list) and step.isdigit() and int(step) < len(view):
            view = view[int(step)]
        elif isinstance(view, dict):
            view = view.get(step)
        else:
            return None
    return view


def scenario_files(paths: list[str]) -> list[Path]:
    """The ``.json`` files named or found (recursively, sorted) under the given paths."""
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.rglob("*.json")) if p.is_dir() else [p])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="scenario files or folders")
    parser.add_argument("--list-games", action="store_true", help="print the registered game ids")
    parser.add_argument("--events", action="store_true", help="print each scenario's events as JSON lines")
    args = parser.parse_args(argv)
    if args.list_games:
        print("\n".join(game_ids()))
        return 0
    if not args.paths:
        parser.error("give scenario files or folders, or --list-games")
    failed = 0
    known = set(game_ids())
    for path in scenario_files(args.paths):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            name = data.get("name", path.stem)
        except (OSError, ValueError) as exc:
            print(f"FAIL {path.name}: cannot read: {exc}")
            failed += 1
            continue
        if data.get("game") not in known:
            print(f"SKIP {name}: game {data.get('game')!r} is not built yet")
            continue
        try:
            events, failures = run_scenario(data)
        except ScenarioError as exc:
            print(f"FAIL {name}: {exc}")
            failed += 1
            continue
        if args.events:
            for event in events:
                print(json.dumps(event, ensure_ascii=False))
        if failures:
            failed += 1
            print(f"FAIL {name}: {'; '.join(failures)}")
        else:
            print(f"PASS {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
