"""Blot's table options: every DECISION of the rulings (blot.md, the option names of the conformance format) with
its default, a one-line description and what each choice means."""

from __future__ import annotations

from typing import Any

from engine.games.blot.tables import MAX_BID
from engine.options import Option, OptionError


def check_options(options: dict[str, Any], players: int) -> None:
    """Blot needs four players, and kaput bids cannot start below the lowest bid."""
    if players != 4:
        raise OptionError(f"Blot is played by four players in two teams, not {players}")
    if options["kaput_min_bid"] < options["min_bid"]:
        raise OptionError("option 'kaput_min_bid' must not be below 'min_bid'")


OPTIONS: tuple[Option, ...] = (
    Option("min_bid", "int", 8, "the lowest opening bid (on the /10 scale)", minimum=1, maximum=MAX_BID),
    Option(
        "kaput_min_bid",
        "int",
        25,
        "the lowest bid that may carry the kaput flag (25; 26 for the seed's literal 'higher than 25')",
        minimum=1,
        maximum=MAX_BID,
    ),
    Option(
        "must_undertrump_when_void",
        "bool",
        False,
        "void in the suit led and no partner winning: must play a trump even if it cannot beat",
        choice_help={False: "seed: free to discard when no trump beats", True: "Blot Star / French Belote"},
    ),
    Option(
        "no_trump_bid_multiplier",
        "bool",
        False,
        "a no-trump bid counts ×2 (contra ×3, recontra ×5) instead of ×1 (×2, ×4)",
        choice_help={False: "seed: no-trump bids count like suit bids", True: "Blot Star / AUA paper"},
    ),
    Option(
        "rounding",
        "choice",
        "half-down",
        "how card points become the /10 scale",
        choices=("half-down", "half-up"),
        choice_help={"half-down": "85 → 8, 86 → 9", "half-up": "85 → 9, 84 → 8"},
    ),
    Option(
        "defender_share",
        "choice",
        "complement16",
        "what the defenders score when an undoubled contract is made",
        choices=("complement16", "independent"),
        choice_help={
            "complement16": "16 minus the declarers' rounded card points",
            "independent": "their own card points, rounded",
        },
    ),
    Option(
        "fail_extras",
        "choice",
        "all",
        "which combination points the scoring side adds when it takes bid + 16",
        choices=("all", "winner"),
        choice_help={"all": "both teams' counted combinations and belote", "winner": "only its own"},
    ),
    Option(
        "long_run_cap",
        "bool",
        False,
        "a run of five or more cards is one 100 (no tierce from the rest of an 8-run)",
        choice_help={False: "seed: an 8-run is 100 + tierce = 12", True: "Blot Star: every long run is 10"},
    ),
    Option(
        "contra_reply",
        "choice",
        "declarer-only",
        "who may answer a contra with recontra (the auction then closes)",
        choices=("declarer-only", "declaring-team"),
        choice_help={
            "declarer-only": "the seat that made the bid answers once",
            "declaring-team": "each declarer in turn from the contra, until one says recontra",
        },
    ),
    Option("target", "int", 301, "the cumulative score that wins the game", minimum=1, maximum=10_000),
)
