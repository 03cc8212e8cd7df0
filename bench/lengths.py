"""How long is a game? Bot games of every game at its full target and at the short one (a house rule), measured in
moves and hands, turned into an estimated sitting for one human among bots; the figures are written where the
lobby reads them (``static/lengths.json``), so "Play now" can say "short, about 12 minutes" or "full, about 40".

A game is played through the engine by Normal bots in every seat (the game's usual players, default options but the
length's), so the moves and hands are measured, not guessed. The minutes are an estimate from them: each of the
human's moves takes ``--human-seconds`` (a think and a tap), each bot's the server's bot delay and the page's
animation (``--bot-seconds``), and each hand's end the summary the player reads (``--hand-seconds``).

    python -m bench.lengths [--games 12] [--human-seconds 4] [--bot-seconds 1.1] [--hand-seconds 6] [--write]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from engine.bots import bot_seat
from engine.registry import all_games, get_game

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "lengths.json"

SHORT: dict[str, dict[str, Any]] = {
    "bank": {"target": 62, "max_hands": 6},
    "blot": {"target": 151},
}
"""The short game of each game whose full game lasts long (a house rule: the rule texts play to the full target)."""

LONG_MINUTES = 20
"""A game whose full game usually lasts longer than this offers the short one."""


def play(game_id: str, options: dict[str, Any], seed: int) -> tuple[int, int]:
    """One bot game: its moves and hands."""
    decl = get_game(game_id)
    players = decl.default_players
    game = decl.new(players, decl.validate_options(options, players), seed)
    bot = decl.bots.get("normal") or next(iter(decl.bots.values()))
    rng = random.Random(seed)
    moves = 0
    while not game.is_over and moves < 20_000:
        seat = game.to_act()[0]
        view = game.view(seat)
        game.apply(bot_seat(view), bot.choose(view, game.legal_actions(seat), rng))
        moves += 1
    return moves, int(getattr(game, "hand_no", 1) or 1)


def measure(game_id: str, options: dict[str, Any], games: int, args: argparse.Namespace) -> dict[str, Any]:
    """The median moves and hands of ``games`` bot games, and the sitting they make for one human among bots."""
    players = get_game(game_id).default_players
    runs = [play(game_id, options, seed) for seed in range(games)]
    moves = statistics.median(m for m, _ in runs)
    hands = statistics.median(h for _, h in runs)
    human = moves / players
    seconds = human * args.human_seconds + (moves - human) * args.bot_seconds + hands * args.hand_seconds
    return {"moves": moves, "hands": hands, "minutes": max(1, round(seconds / 60))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--human-seconds", type=float, default=4.0)
    parser.add_argument("--bot-seconds", type=float, default=1.1)
    parser.add_argument("--hand-seconds", type=float, default=6.0)
    parser.add_argument("--write", action="store_true", help=f"write the figures to {OUT.relative_to(ROOT)}")
    args = parser.parse_args()
    figures: dict[str, Any] = {}
    for decl in all_games():
        began = time.perf_counter()
        full = measure(decl.id, {}, args.games, args)
        entry: dict[str, Any] = {"full": {**full, "options": {}}}
        if full["minutes"] > LONG_MINUTES and decl.id in SHORT:
            entry["short"] = {**measure(decl.id, SHORT[decl.id], args.games, args), "options": SHORT[decl.id]}
        figures[decl.id] = entry
        short = entry.get("short")
        print(
            f"{decl.id:8} full: {full['moves']:6.0f} moves {full['hands']:4.0f} hands ~{full['minutes']:3d} min"
            + (f" | short {short['options']}: {short['moves']:5.0f} moves ~{short['minutes']:3d} min" if short else "")
            + f"  ({time.perf_counter() - began:.1f} s to measure)",
            flush=True,
        )
    if args.write:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        note = (
            f"bench.lengths: median of {args.games} Normal-bot games per length; minutes for one human among bots at"
            f" {args.human_seconds} s a human move, {args.bot_seconds} s a bot move, {args.hand_seconds} s a hand's end"
        )
        OUT.write_text(json.dumps({"how": note, "games": figures}, indent=1) + "\n", encoding="utf-8")
        print(f"written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
