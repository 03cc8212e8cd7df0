"""Ass options: the table's choices, each with the seed's reading as its default (rulings ass.md)."""

from __future__ import annotations

from typing import Any

from engine.messages import msg, option
from engine.options import Option, OptionError
from engine.trumps import TRUMP_CHOICES, TRUMP_SETUPS

OPTIONS: tuple[Option, ...] = (
    Option("trumps", "choice", "own", choices=TRUMP_SETUPS),
    Option("trump_choice", "choice", "choose", choices=TRUMP_CHOICES),
    Option("draw_after_trick", "bool", True, explained=(True, False)),
    Option("must_beat", "bool", False, explained=(True, False)),
    Option("eight_anchor", "choice", "R2", choices=("R2", "R1")),
    Option("six_in_A", "choice", "lowest", choices=("lowest", "chain")),
    Option("combo_scope", "choice", "trick", choices=("trick", "deal_pile", "off")),
    Option("combo_same_suit", "bool", True, explained=(True, False)),
    Option("trump_each_deal", "bool", False, explained=(True, False)),
    Option("six_player_no_target", "int", 116, minimum=92, maximum=184),
    Option("five_six_players", "bool", False, explained=(True, False)),
    Option("start_banks", "int", 3, minimum=1, maximum=10),
    Option("lose_banks", "int", 6, minimum=2, maximum=12),
)


def check_options(options: dict[str, Any], players: int) -> None:
    """Five or six players only with ``five_six_players``; the starting banks must lie below the losing count."""
    if players > 4 and not options["five_six_players"]:
        raise OptionError(msg("ass.option.five_six", option=option("five_six_players"), n=players))
    if options["start_banks"] >= options["lose_banks"]:
        raise OptionError(msg("ass.option.banks", start=option("start_banks"), lose=option("lose_banks")))
