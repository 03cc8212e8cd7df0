"""Blot's table options: every DECISION of the rulings (blot.md, the option names of the conformance format) with
its default; the words for players are the catalogs' (``option.blot.<name>``)."""

from __future__ import annotations

from typing import Any

from engine.games.blot.tables import MAX_BID
from engine.messages import msg, option
from engine.options import Option, OptionError


def check_options(options: dict[str, Any], players: int) -> None:
    """Blot needs four players, and kaput bids cannot start below the lowest bid."""
    if players != 4:
        raise OptionError(msg("blot.option.players"))
    if options["kaput_min_bid"] < options["min_bid"]:
        raise OptionError(msg("blot.option.kaput", kaput=option("kaput_min_bid"), min=option("min_bid")))


OPTIONS: tuple[Option, ...] = (
    Option("min_bid", "int", 8, minimum=1, maximum=MAX_BID),
    Option("kaput_min_bid", "int", 25, minimum=1, maximum=MAX_BID),
    Option("must_undertrump_when_void", "bool", False, explained=(False, True)),
    Option("no_trump_bid_multiplier", "bool", False, explained=(False, True)),
    Option("rounding", "choice", "half-down", choices=("half-down", "half-up")),
    Option("defender_share", "choice", "complement16", choices=("complement16", "independent")),
    Option("fail_extras", "choice", "all", choices=("all", "winner")),
    Option("long_run_cap", "bool", False, explained=(False, True)),
    Option("contra_reply", "choice", "declarer-only", choices=("declarer-only", "declaring-team")),
    Option("target", "int", 301, minimum=1, maximum=10_000),
)
