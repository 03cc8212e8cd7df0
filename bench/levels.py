"""The bot levels against each other: Hard vs Normal, Normal vs Easy, Easy vs random, per game.

    python -m bench.levels [--games 200] [--game ID] [--first-seed 1000] [--pair hard:normal ...] [--players N]

Each game is played at the game's smallest player count (``--players``: another count the game allows). One seat
(a team in a team game) plays the first level of the pair, every other seat the second; the hero's seat rotates
with the seed, so both levels sit everywhere. A game
counts, against each opposing seat (one per opposing team), 1 when the hero is among the winners and that
opponent is not, 0 the other way round, ½ otherwise (a draw); the score is the mean over opponents and games — in a
two-sided game simply the win rate with draws as halves. The plain win rate (hero among the winners) is printed
beside it, with the hero's decision times (median and 99th percentile).

Seeds ``first-seed .. first-seed + games - 1``. Bots are tuned on seeds below 1000; the default seeds from 1000 on
are held out, so the figures show true strength.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

from engine.bots import Bot, RandomBot
from engine.core import GameDecl
from engine.registry import all_games, get_game

TEAMS = {"blot": 2}
"""Games played by teams: game id → number of teams (seats ``i, i + teams, ...`` are partners)."""

PAIRS = ("hard:normal", "normal:easy", "easy:random")


def bot_for(decl: GameDecl, level: str) -> Bot:
    """The game's bot of ``level`` (``random`` is the uniform random bot)."""
    return RandomBot() if level == "random" else decl.bots[level]


def duel(
    decl: GameDecl, hero_level: str, other_level: str, games: int, first_seed: int, players: int | None = None
) -> dict[str, float]:
    """Play ``games`` seeded games of ``hero_level`` against ``other_level``; the score, win rate and timings."""
    hero_bot, other_bot = bot_for(decl, hero_level), bot_for(decl, other_level)
    players = players or decl.min_players
    sides = TEAMS.get(decl.id, players)
    score = wins = 0.0
    times: list[float] = []
    for seed in range(first_seed, first_seed + games):
        hero = seed % sides
        heroes = {s for s in range(players) if s % sides == hero}
        opponents = [s for s in range(sides) if s != hero]
        game = decl.new(players, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
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
        score += statistics.fmean(
            1.0 if hero in winners and o not in winners else 0.0 if o in winners and hero not in winners else 0.5
            for o in opponents
        )
    times.sort()
    return {
        "score": score / games,
        "wins": wins / games,
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", help="one game id (default: all)")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--pair", action="append", help="HERO:OTHER levels (default: the three pairs)")
    parser.add_argument("--players", type=int, help="players at each table (default: the game's fewest)")
    args = parser.parse_args(argv)
    decls = [get_game(args.game)] if args.game else all_games()
    pairs = args.pair or list(PAIRS)
    print(f"seeds {args.first_seed}..{args.first_seed + args.games - 1} (held out: tuning uses seeds below 1000)")
    print(f"{'game':8} {'hero':>7} {'vs':>7} {'score':>7} {'wins':>7} {'median ms':>10} {'p99 ms':>8}")
    for decl in decls:
        for pair in pairs:
            hero, other = pair.split(":")
            r = duel(decl, hero, other, args.games, args.first_seed, args.players)
            print(
                f"{decl.id:8} {hero:>7} {other:>7} {r['score']:>7.1%} {r['wins']:>7.1%} "
                f"{r['median_ms']:>10.1f} {r['p99_ms']:>8.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
