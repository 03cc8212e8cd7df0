"""Win rate of each game's heuristic bot (the Normal level) against random bots over seeded games.

The heuristic bot sits in one seat (rotating over games; in team games a heuristic team plays a random team) at
the smallest player count the game allows. A win: the heuristic seat is among ``result()["winners"]``.

    python -m bench.bots [--games 200] [--game ID] [--first-seed 0]

With ``--characters`` (Eidex only) it plays Cosmic Eidex character games instead, all three players heuristic
bots, each game with a random character triple drawn from its seed: one seat (rotating over the seeds) uses its
powers, the other two ignore theirs, and it prints how often the power user wins against the 1/3 a seat would win
by chance, with the decision times:

    python -m bench.bots --game eidex --characters [--games 200]

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
    heuristic, random_bot = decl.bots["normal"], RandomBot()
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


def character_win_rate(games: int, first_seed: int = 0, samples: int | None = None) -> dict[str, float]:
    """Cosmic Eidex: one seat (``seed % 3``) is a heuristic bot using its powers, the other two the same bot
    ignoring theirs; the character triple is drawn from the seed. Returns wins, games, seconds, the decision
    times' median and 99th percentile (ms, the power user's) and how many distinct powers the user used."""
    from engine.games.eidex.bot import SAMPLES, HeuristicBot, bot_step
    from engine.games.eidex.characters import CHARACTERS

    decl = get_game("eidex")
    user = HeuristicBot(samples or SAMPLES, powers=True)
    passive = HeuristicBot(samples or SAMPLES, powers=False)
    cards = sorted(CHARACTERS)
    times: list[float] = []
    used: set[str] = set()
    wins = 0
    started = time.perf_counter()

    class Timed:
        def choose(self, view, legal, rng):
            begin = time.perf_counter()
            action = user.choose(view, legal, rng)
            times.append(time.perf_counter() - begin)
            return action

        def free_action(self, view, legal, rng):
            return user.free_action(view, legal, rng)

    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        hero = seed % 3
        triple = rng.sample(cards, 3)
        game = decl.new(3, {"advanced": True, "characters": triple}, seed)
        bots = [Timed() if s == hero else passive for s in range(3)]
        while not game.is_over:
            bot_step(game, bots, rng)
        wins += hero in game.result()["winners"]
        used.update(e["name"] for e in game.events if e["event"] == "power" and e["seat"] == hero)
    times.sort()
    return {
        "wins": wins,
        "games": games,
        "seconds": time.perf_counter() - started,
        "median_ms": 1000 * times[len(times) // 2],
        "p99_ms": 1000 * times[int(len(times) * 0.99)],
        "decisions": len(times),
        "powers_used": len(used),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", help="one game id (default: every game with a Normal bot)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--characters", action="store_true", help="Eidex character games: powers against none")
    args = parser.parse_args()
    if args.characters:
        out = character_win_rate(args.games, args.first_seed)
        rate = out["wins"] / out["games"]
        print(f"python -m bench.bots --game eidex --characters --games {args.games} --first-seed {args.first_seed}")
        print(
            f"power user won {out['wins']} of {out['games']} games ({rate:.1%}; 33.3% is an even share) "
            f"against two bots ignoring their powers; {out['seconds']:.0f} s; {out['decisions']} decisions of the "
            f"power user: median {out['median_ms']:.1f} ms, 99th percentile {out['p99_ms']:.0f} ms; "
            f"{out['powers_used']} distinct powers used"
        )
        return
    decls = [get_game(args.game)] if args.game else [d for d in all_games() if "normal" in d.bots]
    print(f"{'game':10} {'players':>7} {'games':>6} {'wins':>5} {'rate':>7} {'seconds':>8}")
    for decl in decls:
        wins, games, seconds = win_rate(decl, args.games, args.first_seed)
        print(f"{decl.id:10} {decl.min_players:>7} {games:>6} {wins:>5} {wins / games:>7.1%} {seconds:>8.1f}")


if __name__ == "__main__":
    main()
