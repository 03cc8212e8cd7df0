"""Win rate of each game's heuristic bot against random bots over seeded games.

The heuristic bot sits in one seat (rotating over games; in team games a heuristic team plays a random team) at
the smallest player count the game allows. A win: the heuristic seat is among ``result()["winners"]``.

    python -m bench.bots [--games 200] [--game ID] [--first-seed 0]

Games use seeds ``first-seed .. first-seed + games - 1``; a bot tuned on some seeds shows its true strength on
others (``--first-seed 1000``).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.bots import RandomBot
from engine.registry import all_games, get_game

TEAM_GAMES = {"blot": 2}
"""Games played by teams: game id → number of teams (seats ``i, i+teams, ...`` are partners)."""


def win_rate(decl, games: int, first_seed: int = 0) -> tuple[int, int, float]:
    """(wins, games, seconds) of the heuristic bot against random bots, on seeds ``first_seed`` onwards."""
    heuristic, random_bot = decl.bots["heuristic"], RandomBot()
    players = decl.min_players
    teams = TEAM_GAMES.get(decl.id)
    wins = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        hero = seed % (teams or players)
        heroes = {s for s in range(players) if s % (teams or players) == hero}
        game = decl.new(players, {}, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act()[0]
            bot = heuristic if seat in heroes else random_bot
            game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        wins += hero in game.result()["winners"]
    return wins, games, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", help="one game id (default: every game with a heuristic bot)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (default 0)")
    args = parser.parse_args()
    decls = [get_game(args.game)] if args.game else [d for d in all_games() if "heuristic" in d.bots]
    print(f"{'game':10} {'players':>7} {'games':>6} {'wins':>5} {'rate':>7} {'seconds':>8}")
    for decl in decls:
        wins, games, seconds = win_rate(decl, args.games, args.first_seed)
        print(f"{decl.id:10} {decl.min_players:>7} {games:>6} {wins:>5} {wins / games:>7.1%} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
