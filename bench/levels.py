"""The bot levels against each other: Hard vs Normal, Normal vs Easy, Easy vs random, per game.

    python -m bench.levels [--games 200] [--game ID] [--first-seed 1000] [--pair hard:normal ...] [--players N]
                           [--option NAME=VALUE ...]

``--option`` sets a game option (the value read as JSON, else as text), e.g. ``--game eidex --option
advanced=true`` for the Eidex character game (characters drawn from the seed). A seat that may act beside the one
the game waits for (an any-time power) acts first when its bot's ``free_action`` wants to, as at a table.

Each game is played at the game's smallest player count (``--players``: another count the game allows). One seat
(a team in a team game) plays the first level of the pair, every other seat the second; the hero's seat rotates
with the seed, so both levels sit everywhere. A game counts, against each opposing seat (one per opposing team), 1
when the hero is among the winners and that opponent is not, 0 the other way round, ½ otherwise (a draw); the score
is the mean over opponents and games (± its standard error over the games) — in a two-sided game simply the win
rate with draws as halves. The plain win rate (hero among the winners) is printed beside it, with the hero's
decision times (median and 99th percentile).

Seeds ``first-seed .. first-seed + games - 1``. Bots are tuned on seeds below 1000; the default seeds from 1000 on
are held out, so the figures show true strength.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from engine.bots import Bot, RandomBot
from engine.core import GameDecl
from engine.registry import all_games, get_game

TEAMS = {"blot": 2}
"""Games played by teams: game id → number of teams (seats ``i, i + teams, ...`` are partners)."""

PAIRS = ("hard:normal", "normal:easy", "easy:random")


def bot_for(decl: GameDecl, level: str) -> Bot:
    """The game's bot of ``level`` (``random`` is the uniform random bot)."""
    return RandomBot() if level == "random" else decl.bots[level]


def option_value(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as an option name and value (JSON when it parses: ``true``, ``120``, ``["AC", "KS", "6H"]``)."""
    name, _, raw = text.partition("=")
    try:
        return name, json.loads(raw)
    except json.JSONDecodeError:
        return name, raw


def duel(
    decl: GameDecl,
    hero_level: str,
    other_level: str,
    games: int,
    first_seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, float]:
    """Play ``games`` seeded games of ``hero_level`` against ``other_level`` (game ``options``); the score, win rate
    and timings."""
    hero_bot, other_bot = bot_for(decl, hero_level), bot_for(decl, other_level)
    players = players or decl.min_players
    sides = TEAMS.get(decl.id, players)
    wins = 0.0
    scores: list[float] = []
    times: list[float] = []
    for seed in range(first_seed, first_seed + games):
        hero = seed % sides
        heroes = {s for s in range(players) if s % sides == hero}
        opponents = [s for s in range(sides) if s != hero]
        game = decl.new(players, dict(options or {}), seed)
        rng = random.Random(seed)
        while not game.is_over:
            if free_step(game, [hero_bot if s in heroes else other_bot for s in range(players)], rng):
                continue
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            if seat in heroes:
                begin = time.perf_counter()
                action = hero_bot.choose(game.view(seat), legal, rng)
                if len(legal) > 1:
                    times.append(time.perf_counter() - begin)
            else:
                action = other_bot.choose(game.view(seat), legal, rng)
            game.apply(seat, action)
        winners = set(game.result()["winners"])
        wins += hero in winners and len(winners) < players
        scores.append(
            statistics.fmean(
                1.0 if hero in winners and o not in winners else 0.0 if o in winners and hero not in winners else 0.5
                for o in opponents
            )
        )
    times.sort()
    return {
        "score": statistics.fmean(scores),
        "se": statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0,
        "wins": wins / games,
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0,
    }


def free_step(game: Any, bots: Sequence[Bot], rng: random.Random) -> bool:
    """Let a seat the game does not wait for use an any-time power its bot wants now; whether one did."""
    waiting = game.to_act()
    for seat in [s for s in range(game.players) if s not in waiting and game.may_act(s)]:
        free = getattr(bots[seat], "free_action", None)
        action = free(game.view(seat), game.legal_actions(seat), rng) if free is not None else None
        if action is not None:
            game.apply(seat, action)
            return True
    return False


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", help="one game id (default: all)")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--pair", action="append", help="HERO:OTHER levels (default: the three pairs)")
    parser.add_argument("--players", type=int, help="players at each table (default: the game's fewest)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, a game option (JSON value)")
    args = parser.parse_args(argv)
    options = dict(option_value(o) for o in args.option)
    decls = [get_game(args.game)] if args.game else all_games()
    pairs = args.pair or list(PAIRS)
    print(f"seeds {args.first_seed}..{args.first_seed + args.games - 1} (held out: tuning uses seeds below 1000)")
    if options:
        print("options", json.dumps(options))
    print(f"{'game':8} {'hero':>7} {'vs':>7} {'score':>7} {'± se':>6} {'wins':>7} {'median ms':>10} {'p99 ms':>8}")
    for decl in decls:
        for pair in pairs:
            hero, other = pair.split(":")
            r = duel(decl, hero, other, args.games, args.first_seed, args.players, options)
            print(
                f"{decl.id:8} {hero:>7} {other:>7} {r['score']:>7.1%} {r['se']:>6.1%} {r['wins']:>7.1%} "
                f"{r['median_ms']:>10.1f} {r['p99_ms']:>8.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
