"""Random-play speed of every registered game: games/s, hands/s and actions/s, in CPU time.

    python -m bench.engine [--seconds 3] [--game ID] [--events] [--baseline REV] [--peer]

Each game is played from fresh seeded deals by a random choice among ``legal_actions`` at its smallest player count,
the way a search's playout plays: the state is ``quiet`` (no events or messages nobody reads), unless ``--events``
asks for the table's path (every event built, as a player's table needs them). Time is CPU time of this process
(``time.process_time``), so other work on the machine weighs less.

``--baseline REV`` runs the same loop (this file's) on a ``git worktree`` of revision ``REV`` in a subprocess, game
by game next to the current tree's run, and prints both figures with their ratio (current / baseline), measured in
the same run.

``--peer`` adds a row for OpenSpiel's C++ hearts driven from Python through the same loop shape (``legal_actions``,
a random choice, ``apply_action``); its chance outcomes (the deal) are applied but not counted, as a deal is no
action in our games. The peer is a benchmark-only install, never a dependency of the project::

    pip install open_spiel==2.0.2

Without it the peer row says it is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def measure(decl: Any, seconds: float, events: bool = False) -> tuple[int, int, int, float]:
    """Play random games for about ``seconds`` of CPU time; return (games, hands, actions, cpu seconds)."""
    rng = random.Random(1)
    games = hands = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        game = decl.new(decl.min_players, {}, rng.randrange(2**32))
        game.quiet = not events
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
        hands += game.hand_no
    return games, hands, actions, time.process_time() - started


def measure_peer(seconds: float) -> tuple[int, int, float] | None:
    """Random hearts games through pyspiel for about ``seconds`` of CPU time: (games, decisions, cpu seconds), or
    ``None`` when open_spiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    hearts = pyspiel.load_game("hearts")
    rng = random.Random(1)
    games = actions = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = hearts.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.process_time() - started


def figures(game_id: str, seconds: float, events: bool) -> dict[str, float]:
    """One game's rates (games/s, hands/s, actions/s) in the tree this process imports ``engine`` from."""
    from engine.registry import get_game

    games, hands, actions, elapsed = measure(get_game(game_id), seconds, events)
    return {"games": games / elapsed, "hands": hands / elapsed, "actions": actions / elapsed}


class Baseline:
    """A ``git worktree`` of an older revision, measured by this file's loop in a subprocess."""

    def __init__(self, rev: str):
        self.rev = rev
        self.dir = Path(tempfile.mkdtemp(prefix="bench-engine-")) / "tree"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(self.dir), rev], check=True
        )

    def figures(self, game_id: str, seconds: float, events: bool) -> dict[str, float]:
        """``figures`` of one game run on the baseline's tree."""
        code = (
            "import importlib.util, json, sys\n"
            f"spec = importlib.util.spec_from_file_location('bench_engine_loop', {str(Path(__file__))!r})\n"
            "module = importlib.util.module_from_spec(spec)\n"
            "spec.loader.exec_module(module)\n"
            f"print(json.dumps(module.figures({game_id!r}, {seconds!r}, {events!r})))\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=self.dir,
            env={**os.environ, "PYTHONPATH": str(self.dir)},
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(done.stdout.splitlines()[-1])

    def close(self) -> None:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(self.dir)], check=True)
        self.dir.parent.rmdir()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game and tree")
    parser.add_argument("--game", help="one game id (default: all)")
    parser.add_argument("--events", action="store_true", help="build every event (the table's path), not quiet")
    parser.add_argument("--baseline", metavar="REV", help="also measure this git revision, side by side")
    parser.add_argument("--peer", action="store_true", help="also measure OpenSpiel's hearts (pyspiel)")
    args = parser.parse_args()
    from engine.registry import all_games, get_game

    decls = [get_game(args.game)] if args.game else all_games()
    peer = None
    if args.peer:
        measured = measure_peer(args.seconds)
        peer = measured[1] / measured[2] if measured else None
    baseline = Baseline(args.baseline) if args.baseline else None
    head = f"{'game':10} {'players':>7} {'games/s':>9} {'hands/s':>9} {'actions/s':>10}"
    if baseline:
        head += f" {'base act/s':>10} {'vs base':>8}"
    if peer:
        head += f" {'vs peer':>8}"
    mode = "table path, every event built" if args.events else "quiet playouts"
    print(f"random playouts, {mode}; CPU time, {args.seconds:g} s per game")
    print(head)
    try:
        for decl in decls:
            ours = figures(decl.id, args.seconds, args.events)
            line = (
                f"{decl.id:10} {decl.min_players:>7} {ours['games']:>9.1f} {ours['hands']:>9.1f} "
                f"{ours['actions']:>10.0f}"
            )
            if baseline:
                base = baseline.figures(decl.id, args.seconds, args.events)
                line += f" {base['actions']:>10.0f} {ours['actions'] / base['actions']:>7.2f}×"
            if peer:
                line += f" {ours['actions'] / peer:>7.2f}×"
            print(line, flush=True)
    finally:
        if baseline:
            baseline.close()
    if args.peer:
        if peer is None:
            print("peer: hearts via pyspiel skipped (pip install open_spiel==2.0.2 to measure it)")
        else:
            print(f"peer: hearts via pyspiel {peer:,.0f} decisions/s (chance outcomes, the deal, not counted)")


if __name__ == "__main__":
    main()
