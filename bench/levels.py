"""The bot levels against each other, per game, by a score that reads each game's own outcome.

    python -m bench.levels [--games 200] [--game ID] [--first-seed 1000] [--pair hard:normal ...] [--players N]
                           [--jobs 2] [--option NAME=VALUE ...] [--all] [--estimate]
                           [--record FILE [--report]] [--publish webapp/rules/levels.json]

One seat (a team in Blot) plays the first level of a pair (the hero), every other seat the second. Games are played
duplicate-style: a board is one seed, and its deal is played once with the hero at each seat (each team) in turn,
so both levels meet the same cards from every place and the luck of the deal cancels. ``--games`` is the least
number of games: whole boards are played, seeds ``first-seed ..`` (held out: bots are tuned on seeds below 1000).

What a game is and what it scores (:data:`MEASURES`, printed beside each figure): Ass whole games at the three and
four players people play, placed by banks (the Ass last); Bailiff and Bank whole games (Bank's to 248, some 20
hands: a single hand is mostly the luck of the stock, a level's edge shows over a game); Eidex and Blot, whose games
run 8 to 20 hands, the first hand of a game only (from level standings, so every hand counts alike). Against each
rival (each opposing team) a game scores 1 when the hero ends above him, 0 below, ½ level; the score is the mean over
rivals and games, 50 % between equals. Eidex's and Blot's first hands are scored across the board instead
(:attr:`Measure.across`): the cards nearly always decide which seat (team) takes a single hand, so every table of a
board would be won by the same seats and split ½ whoever played better; the board goes to the level whose margin
over its rivals, summed over the board's tables, is ahead: its result against the other level's on the same cards
and seats. Those rows print the within-table reading beside it. Its 95 % interval is the mean ± 1.96
standard errors over the boards (a board's seats share its cards). Beside it: the game's own figure for the hero and
for a rival (the Ass rate, points, victory points), and the hero's decision times in CPU time, which other work on a
shared machine does not stretch (median, 99th percentile, the slowest).

A level written ``hard10x`` is the Hard bot with ten times its search (worlds, work): ``--pair hard10x:hard`` is the
headroom figure, how much Hard would gain from ten times the time (one seat searching ten times as much against Hard in
the others). ``--all`` runs every game's pairs of :data:`ALL_PAIRS` on
200 games each; ``--estimate`` prints what a run would cost (from :data:`COST`) and runs nothing. ``--publish FILE``
writes the figures printed into FILE (:data:`PUBLISHED`, what the rules pages' "The bots" shows), in place of the
same duels' there: so the players' figures are the bench's own, never typed by hand. A figure whose run is not
complete (``--report`` on a record stopped half-way) is printed but not published.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import datetime
import json
import multiprocessing
import os
import random
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots import Bot, RandomBot
from engine.core import GameDecl
from engine.registry import all_games, get_game

TEAMS = {"blot": 2}
"""Games played by teams: game id → number of teams (seats ``i, i + teams, ...`` are partners)."""

PAIRS = ("hard:normal", "normal:easy", "easy:random")
"""The pairs played when none is asked for."""

ALL_PAIRS = ("hard:normal", "normal:easy", "hard10x:hard")
"""The pairs ``--all`` plays in every game: the levels' order, and Hard's headroom."""

TARGETS = {"ass": 0.60, "bailiff": 0.60, "eidex": 0.60, "blot": 0.60, "bank": 0.55}
"""The score Hard must reach against Normal in each game (issue 48)."""

COST = {"ass": 2.4, "bailiff": 1.5, "bank": 4.5, "eidex": 1.25, "blot": 1.1}
"""CPU seconds one hard:normal game takes on this machine (measured: Ass at 4 players, Eidex and Blot first hands,
Bank whole games; Bailiff reckoned from earlier runs), a hard10x:hard game about twelve times as long, a
normal:easy one a twentieth: what ``--estimate`` reckons with."""

HEADROOM_COST = {"blot": 26.0, "bailiff": 177.0}
"""CPU seconds one hard10x:hard game took on this machine where it was measured (the records' mean ``cpu_s``: Blot's
first hands over 200 games; Bailiff's whole games over 200, from 14 s to 2,124 s): far more than twelve times
:data:`COST`, which ``--estimate`` reckons with elsewhere."""


@dataclass(frozen=True)
class Measure:
    """How a game is played and read for the bench: at which player counts, whole or its first hand only, the keys
    that place each seat (higher is better), and the game's own figure shown beside the score."""

    players: tuple[int, ...]
    first_hand: bool
    meaning: str
    figure: str
    keys: Callable[[Any], list[float]]
    figures: Callable[[Any], list[float]]
    across: bool = False
    """Whether a board is decided across its tables (the hero's margin over the rival summed over the board: his
    result against the other level's in the same seats on the same cards, as duplicate bridge scores) instead of
    within each table (who finished above whom at one table)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Game options the measure plays under (a table's own options, e.g. a fixed number of hands), part of each
    game's task (and record); ``--option`` overrides them."""
    key: str = "whole_games"
    """The measure's short meaning, published with its figures: the rules page words it by this key
    (``rules.bots.measure.<key>``): ``whole_games``, ``one_hand``, ``first_hand_across``."""


def _places(game: Any) -> list[float]:
    ranking = game.ranking()
    return [-float(p) for p in ranking.places]


def _place_figures(game: Any) -> list[float]:
    return [float(p) for p in game.ranking().places]


def _ass_figures(game: Any) -> list[float]:
    return [float(s in game.result()["losers"]) for s in range(game.players)]


MEASURES: dict[str, Measure] = {
    "ass": Measure(
        (3, 4),
        False,
        "whole games; placed by the game's result: out of banks first, fewest banks next, the Ass (most banks) last",
        "became the Ass",
        _places,
        _ass_figures,
    ),
    "bailiff": Measure(
        (), False, "whole games; placed by the order the players went out", "place", _places, _place_figures
    ),
    "bank": Measure(
        (),
        False,
        "whole games (to 248, about 20 hands); placed by points at the end",
        "points",
        _places,
        lambda g: list(g.ranking().scores),
    ),
    "eidex": Measure(
        (),
        True,
        "first hand of a game; a board won by the level whose victory points less its rivals' (the mean of the two),"
        " summed over the board's three tables, are ahead (its result against the other level's on the same cards and"
        " seats)",
        "victory points",
        lambda g: [float(v) for v in g.last_hand["vp"]],
        lambda g: [float(v) for v in g.last_hand["vp"]],
        across=True,
        key="first_hand_across",
    ),
    "blot": Measure(
        (),
        True,
        "first hand of a game; a board won by the level whose team's hand points, less the other team's, summed over"
        " the board's two tables, are ahead (its result against the other level's on the same cards and seats)",
        "hand points",
        lambda g: [float(g.score[s % 2]) for s in range(4)],
        lambda g: [float(g.score[s % 2]) for s in range(4)],
        across=True,
        key="first_hand_across",
    ),
}


PUBLISHED = "webapp/rules/levels.json"
"""The figures the rules pages show ("The bots"), as ``--publish`` writes them: never typed by hand."""

PUBLISHED_BY = "python -m bench.levels ... --publish (docs/levels.md); not written by hand"


LEVEL = re.compile(r"^([a-z]+?)(?:(\d+)x)?$")


def scaled(bot: Bot, factor: int) -> Bot:
    """A copy of a search bot with ``factor`` times its search: its worlds and its work (Eidex), all bounds."""
    bigger = copy.copy(bot)
    for name in ("worlds", "auction_worlds", "work", "char_work"):
        if isinstance(getattr(bigger, name, None), int):
            setattr(bigger, name, getattr(bigger, name) * factor)
    for name in ("bounds", "char_worlds"):
        if isinstance(getattr(bigger, name, None), tuple):
            setattr(bigger, name, tuple(n * factor for n in getattr(bigger, name)))
    return bigger


def bot_for(decl: GameDecl, level: str) -> Bot:
    """The game's bot of ``level`` (``random``: the uniform random bot; ``hard10x``: Hard with ten times the search)."""
    match = LEVEL.match(level)
    if match is None:
        raise ValueError(f"no level {level!r}")
    base, factor = match.group(1), int(match.group(2) or 1)
    bot = RandomBot() if base == "random" else decl.bots[base]
    return scaled(bot, factor) if factor > 1 else bot


def option_value(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as an option name and value (JSON when it parses: ``true``, ``120``, ``["AC", "KS", "6H"]``)."""
    name, _, raw = text.partition("=")
    try:
        return name, json.loads(raw)
    except json.JSONDecodeError:
        return name, raw


@dataclass(frozen=True)
class Task:
    """One game of a duel: the board's seed and the hero's side."""

    game: str
    hero_level: str
    other_level: str
    players: int
    seed: int
    hero: int
    options: tuple[tuple[str, Any], ...]


def play(task: Task) -> dict[str, Any]:
    """Play one game (or its first hand) of ``task``; the hero's score against the rivals, the game's figure of the
    hero and of a rival, and the hero's decision times."""
    decl = get_game(task.game)
    measure = MEASURES[decl.id]
    hero_bot, other_bot = bot_for(decl, task.hero_level), bot_for(decl, task.other_level)
    sides = TEAMS.get(decl.id, task.players)
    heroes = {s for s in range(task.players) if s % sides == task.hero}
    bots = [hero_bot if s in heroes else other_bot for s in range(task.players)]
    game = decl.new(task.players, dict(task.options), task.seed)
    rng = random.Random(f"{task.seed}:{task.hero}")
    times: list[float] = []
    cpu = time.process_time()
    first = None
    while not game.is_over:
        if free_step(game, bots, rng):
            continue
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        first = game.hand_no if first is None else first
        if measure.first_hand and game.hand_no != first:
            break
        begin = time.process_time()
        action = bots[seat].choose(game.view(seat), legal, rng)
        if seat in heroes and len(legal) > 1:
            times.append(time.process_time() - begin)
        game.apply(seat, action)
    keys, figures = measure.keys(game), measure.figures(game)
    rivals = [s for s in range(sides) if s != task.hero]
    mine = keys[task.hero]
    score = statistics.fmean(1.0 if mine > keys[o] else 0.0 if mine < keys[o] else 0.5 for o in rivals)
    return {
        "task": dataclasses.asdict(task),
        "seed": task.seed,
        "score": score,
        "margin": statistics.fmean(mine - keys[o] for o in rivals),
        "hero_figure": figures[task.hero],
        "rival_figure": statistics.fmean(figures[o] for o in rivals),
        "cpu_times": times,
        "cpu_s": time.process_time() - cpu,
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


def tasks(decl: GameDecl, pair: str, games: int, first_seed: int, players: int, options: dict[str, Any]) -> list[Task]:
    """The duel's games: whole boards (every side of a seed) until at least ``games`` are played."""
    hero_level, other_level = pair.split(":")
    sides = TEAMS.get(decl.id, players)
    boards = -(-games // sides)
    frozen = tuple(sorted({**dict(MEASURES[decl.id].options), **options}.items()))
    return [
        Task(decl.id, hero_level, other_level, players, seed, hero, frozen)
        for seed in range(first_seed, first_seed + boards)
        for hero in range(sides)
    ]


def recorded(path: str | None) -> dict[Task, dict[str, Any]]:
    """The games a ``--record`` file holds, by their task."""
    done: dict[Task, dict[str, Any]] = {}
    if path is None or not os.path.exists(path):
        return done
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            result = json.loads(line)
            fields = result["task"]
            fields["options"] = tuple(tuple(o) for o in fields["options"])
            done[Task(**fields)] = result
    return done


def record(path: str | None, result: dict[str, Any]) -> None:
    """Add one game's result to the ``--record`` file."""
    if path is not None:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")


def board_score(tables: Sequence[dict[str, Any]], across: bool) -> float:
    """A board's score: the mean of its tables' scores, or (``across``) 1, 0 or ½ as the hero's margins over the
    rival summed over the board's tables are ahead, behind or level."""
    if not across:
        return statistics.fmean(r["score"] for r in tables)
    total = sum(r.get("margin", r["hero_figure"] - r["rival_figure"]) for r in tables)
    return 1.0 if total > 0 else 0.0 if total < 0 else 0.5


def summary(results: Sequence[dict[str, Any]], across: bool = False) -> dict[str, float]:
    """The duel's score with its 95 % interval over the boards, the game's figures and the decision times."""
    boards: dict[int, list[dict[str, Any]]] = {}
    for r in results:
        boards.setdefault(r["seed"], []).append(r)
    means = [board_score(v, across) for v in boards.values()]
    score = statistics.fmean(means)
    half = 1.96 * statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else 0.0
    times = sorted(t for r in results for t in r.get("cpu_times", r.get("times", ())))
    return {
        "games": len(results),
        "boards": len(means),
        "first": min(boards),
        "last": max(boards),
        "score": score,
        "low": score - half,
        "high": score + half,
        "within": statistics.fmean(board_score(v, False) for v in boards.values()),
        "hero_figure": statistics.fmean(r["hero_figure"] for r in results),
        "rival_figure": statistics.fmean(r["rival_figure"] for r in results),
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0,
        "max_ms": 1000 * times[-1] if times else 0.0,
    }


def published(decl: GameDecl, pair: str, players: int, r: dict[str, float], day: datetime.date) -> dict[str, Any]:
    """One duel's figures as the rules pages read them (:data:`PUBLISHED`): the game, player count and pair, the
    score with its 95 % interval, the games and seeds, the measure's key (``rules.bots.measure.<key>``) and the day
    its games were played."""
    figure: dict[str, Any] = {
        "game": decl.id,
        "players": players,
        "pair": pair,
        "score": round(r["score"], 4),
        "low": round(r["low"], 4),
        "high": round(r["high"], 4),
        "games": int(r["games"]),
        "boards": int(r["boards"]),
        "seeds": [int(r["first"]), int(r["last"])],
        "measure": MEASURES[decl.id].key,
        "date": day.isoformat(),
    }
    if MEASURES[decl.id].across:
        figure["within"] = round(r["within"], 4)
    return figure


def publish(path: str, figures: Sequence[dict[str, Any]]) -> None:
    """Write ``figures`` into the published file ``path``, each in place of the file's figure of the same game,
    player count and pair; the file's other figures stay."""
    kept: dict[tuple[str, int, str], dict[str, Any]] = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as old:
            kept = {(f["game"], f["players"], f["pair"]): f for f in json.load(old)["figures"]}
    kept.update({(f["game"], f["players"], f["pair"]): f for f in figures})
    body = {"written_by": PUBLISHED_BY, "figures": [kept[k] for k in sorted(kept)]}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(body, out, indent=1, ensure_ascii=False)
        out.write("\n")


def estimate(decl: GameDecl, pair: str, games: int) -> float:
    """CPU seconds a duel takes on this machine (:data:`COST`)."""
    hero, other = pair.split(":")
    if pair == "hard10x:hard" and decl.id in HEADROOM_COST:
        return HEADROOM_COST[decl.id] * games
    weight = 12.0 if "10x" in pair else 1.0 if "hard" in (hero, other) else 0.05
    return COST.get(decl.id, 5.0) * weight * games


def counts(decl: GameDecl, asked: Sequence[int] | None) -> list[int]:
    """The player counts a game is measured at: those asked for that it allows, else its measure's, else its
    fewest."""
    allowed = [n for n in asked or () if decl.min_players <= n <= decl.max_players]
    return allowed or list(MEASURES[decl.id].players or (decl.min_players,))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="at least this many games per figure (whole boards)")
    parser.add_argument("--game", action="append", help="a game id (default: all)")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--pair", action="append", help="HERO:OTHER levels, e.g. hard:normal, hard10x:hard")
    parser.add_argument("--players", type=int, action="append", help="players at each table (default: the measure's)")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games side by side")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, a game option (JSON value)")
    parser.add_argument("--all", action="store_true", help="every game, the pairs hard:normal, normal:easy, headroom")
    parser.add_argument("--record", help="a file each game's result is added to; games already in it are not replayed")
    parser.add_argument("--report", action="store_true", help="print the figures of the games --record holds only")
    parser.add_argument("--estimate", action="store_true", help="print the run's cost and run nothing")
    parser.add_argument(
        "--publish",
        metavar="FILE",
        help=f"write the figures printed into FILE for the rules pages ({PUBLISHED}), replacing the same duels'",
    )
    args = parser.parse_args(argv)
    options = dict(option_value(o) for o in args.option)
    decls = [get_game(g) for g in args.game] if args.game else all_games()
    pairs = args.pair or list(ALL_PAIRS if args.all else PAIRS)
    runs = [(decl, pair, n) for decl in decls for n in counts(decl, args.players) for pair in pairs]
    cpu = sum(estimate(decl, pair, args.games) for decl, pair, _ in runs)
    print(f"estimated {cpu / 3600:.1f} CPU hours: {cpu / 3600 / max(1, args.jobs):.1f} h on {args.jobs} free cores")
    if args.estimate:
        return
    print(f"seeds from {args.first_seed} (held out: tuned below 1000); a seed is a board, played from every side")
    if options:
        print("options", json.dumps(options))
    for decl in decls:
        print(f"{decl.id}: {MEASURES[decl.id].meaning}; beside it: {MEASURES[decl.id].figure} (hero / a rival)")
    print(
        f"{'game':8} {'n':>2} {'hero':>8} {'vs':>8} {'games':>5} {'seeds':>10} {'score':>6} {'95% interval':>14} "
        f"{'target':>6} {'figure':>13} {'CPU ms: median':>14} {'p99':>5} {'max':>5}"
    )
    done = recorded(args.record)
    played = (
        datetime.date.fromtimestamp(os.path.getmtime(args.record))
        if args.report and args.record and os.path.exists(args.record)
        else datetime.date.today()
    )
    figures = []
    with multiprocessing.Pool(args.jobs) as pool:
        for decl, pair, players in runs:
            todo = tasks(decl, pair, args.games, args.first_seed, players, options)
            results = [done[t] for t in todo if t in done]
            for result in pool.imap_unordered(play, [] if args.report else [t for t in todo if t not in done]):
                results.append(result)
                record(args.record, result)
            if not results:
                continue
            r = summary(results, MEASURES[decl.id].across)
            target = TARGETS.get(decl.id) if pair == "hard:normal" else None
            mark = "" if target is None else f"{target:.0%}{'+' if r['score'] >= target else '-'}"
            within = f"  (within the tables {r['within']:.1%})" if MEASURES[decl.id].across else ""
            print(
                f"{decl.id:8} {players:>2} {pair.split(':')[0]:>8} {pair.split(':')[1]:>8} {r['games']:>5} "
                f"{r['first']:>5.0f}-{r['last']:<4.0f} {r['score']:>6.1%} {r['low']:>6.1%}-{r['high']:<7.1%} {mark:>6} "
                f"{r['hero_figure']:>6.2f}/{r['rival_figure']:<6.2f} {r['median_ms']:>14.0f} {r['p99_ms']:>5.0f} "
                f"{r['max_ms']:>5.0f}{within}",
                flush=True,
            )
            if len(results) == len(todo):
                figures.append(published(decl, pair, players, r, played))
            elif args.publish:
                print(f"  not published: {len(results)} of the run's {len(todo)} games recorded")
    if args.publish:
        publish(args.publish, figures)
        print(f"published {len(figures)} figures in {args.publish}")


if __name__ == "__main__":
    main()
