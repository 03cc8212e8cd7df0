"""Ass options: the table's choices, each with the seed's reading as its default (rulings ass.md)."""

from __future__ import annotations

from typing import Any

from engine.options import Option, OptionError
from engine.trumps import TRUMP_CHOICES, TRUMP_SETUPS

OPTIONS: tuple[Option, ...] = (
    Option(
        "trumps",
        "choice",
        "own",
        "which trump set-up the table plays (fixed for the whole game)",
        choices=tuple(TRUMP_SETUPS),
        choice_help=TRUMP_SETUPS,
    ),
    Option(
        "trump_choice",
        "choice",
        "choose",
        "how the trump suits are fixed: chosen in turn or drawn at random",
        choices=tuple(TRUMP_CHOICES),
        choice_help=TRUMP_CHOICES,
    ),
    Option(
        "draw_after_trick",
        "bool",
        True,
        "after each trick everyone draws one card, the winner first, while the stock serves all",
        choice_help={True: "hands are refilled to 4: the whole deck is played", False: "a deal is 4 tricks"},
    ),
    Option(
        "must_beat",
        "bool",
        False,
        "whether a player who can beat must beat",
        choice_help={True: "beating is compulsory when possible", False: "beat or follow the main suit"},
    ),
    Option(
        "eight_anchor",
        "choice",
        "R2",
        "whether an eight of another suit keeps the anchor the later beaters must also beat",
        choices=("R2", "R1"),
        choice_help={"R2": "an off-suit eight clears the anchor", "R1": "the anchor stays across a suit change"},
    ),
    Option(
        "six_in_A",
        "choice",
        "lowest",
        "how a six beating upward ranks among the same-suit beaters (method A)",
        choices=("lowest", "chain"),
        choice_help={
            "lowest": "the highest same-suit beater wins; a six counts lowest",
            "chain": "a six takes over any same-suit beater it beats by the table",
        },
    ),
    Option(
        "combo_scope",
        "choice",
        "trick",
        "where the Q+K (25) and J+Q (15) pairs count",
        choices=("trick", "deal_pile", "off"),
        choice_help={
            "trick": "pairs count inside one trick; four of a suit in a trick +10",
            "deal_pile": "pairs count over all the cards a player took in the deal; four of a suit +10",
            "off": "no combinations",
        },
    ),
    Option(
        "combo_same_suit",
        "bool",
        True,
        "whether the Q+K and J+Q pairs must be of one suit",
        choice_help={True: "only a queen and king (or jack) of one suit", False: "a queen pairs with any king or jack"},
    ),
    Option(
        "trump_each_deal",
        "bool",
        False,
        "whether the trumps are fixed anew before every deal",
        choice_help={True: "chosen (or drawn) again before each deal", False: "kept for the whole game"},
    ),
    Option(
        "six_player_no_target",
        "int",
        116,
        "the 'no' target with six players (the seed prints 128; every other row is go + 24)",
        minimum=92,
        maximum=184,
    ),
    Option(
        "five_six_players",
        "bool",
        False,
        "allow five or six players (the seed's game is for two to four)",
        choice_help={True: "five or six may sit down", False: "two to four players"},
    ),
    Option("start_banks", "int", 3, "banks every player starts with", minimum=1, maximum=10),
    Option("lose_banks", "int", 6, "a player who reaches this many banks loses", minimum=2, maximum=12),
)


def check_options(options: dict[str, Any], players: int) -> None:
    """Five or six players only with ``five_six_players``; the starting banks must lie below the losing count."""
    if players > 4 and not options["five_six_players"]:
        raise OptionError(f"option 'five_six_players' must be true to seat {players} players")
    if options["start_banks"] >= options["lose_banks"]:
        raise OptionError(
            f"option 'start_banks' ({options['start_banks']}) must be below 'lose_banks' ({options['lose_banks']})"
        )
