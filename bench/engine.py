"""Random-play speed of every registered game: hands/s and actions/s.

python -m bench.engine [--seconds 3] [--game ID]
"""

from __future__ import annotations

import argparse
import random
import time

from engine.registry import all_games, get_game


def measure(decl, seconds: float) -> tuple[int, int, int, float]:
    """Play random games for about ``seconds``; return (games, hands, actions, elapsed)."""
    rng = random.Random(1)
    games = hands = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = decl.new(decl.min_players, {}, rng.randrange(2**32))
        while not game.is_over:
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
        hands += sum(1 for e in game.events if e["event"] == "hand") or 1
    return games, hands, actions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", help="one game id (default: all)")
    args = parser.parse_args()
    decls = [get_game(args.game)] if args.game else all_games()
    print(f"{'game':10} {'players':>7} {'games/s':>9} {'hands/s':>9} {'actions/s':>10}")
    for decl in decls:
        games, hands, actions, elapsed = measure(decl, args.seconds)
        print(
            f"{decl.id:10} {decl.min_players:>7} {games / elapsed:>9.1f} {hands / elapsed:>9.1f} "
            f"{actions / elapsed:>10.0f}"
        )


if __name__ == "__main__":
    main()
