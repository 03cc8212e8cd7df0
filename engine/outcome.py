"""How a game ended, as data. :class:`Result` is what ``Game.result()`` returns and the table sends as it is (the
seats that won and lost, and each game's own figures in a ``TypedDict`` of its own that extends it);
:class:`Outcome` is the final ranking, each seat's place (ties share one) and the sides that win or lose together
(Blot's two teams), read from each game's state by ``Game.ranking()``; the ratings read nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypedDict


class Result(TypedDict):
    """A finished game's result as every game has it: the seats that won and those that lost (the others, in a
    game of places, neither). Each game extends it with its own final figures (``AssResult``, ``BankResult``...);
    the dict is sent to clients as it is."""

    winners: list[int]
    losers: list[int]


@dataclass(frozen=True)
class Outcome:
    """``places[s]`` is seat ``s``'s place, 1 the best; seats of equal place tie, and the next place counts them
    (1, 1, 3); sides are placed, not seats (Blot's teams are 1st and 2nd). ``sides`` are the seats that share a
    result (Blot's teams), each seat alone elsewhere; seats of one side have one place. ``scores`` is the game's own
    final figure of each seat where it has one (Ass: banks, fewer is better; Bank: points; Blot: the seat's team's
    points; Eidex: victory points), else ``None``."""

    places: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...] | None = None

    @classmethod
    def ranked(
        cls,
        keys: Sequence[Any],
        sides: Sequence[Sequence[int]] | None = None,
        scores: Sequence[float] | None = None,
    ) -> Outcome:
        """The outcome where a seat with a smaller sort key ``keys[s]`` is placed higher and equal keys tie; with
        ``sides``, the sides are placed (by the key of their first seat) and each seat takes its side's place."""
        groups = tuple(tuple(side) for side in sides) if sides is not None else tuple((s,) for s in range(len(keys)))
        side_keys = [keys[side[0]] for side in groups]
        places = [0] * len(keys)
        for side, key in zip(groups, side_keys, strict=True):
            for seat in side:
                places[seat] = 1 + sum(1 for other in side_keys if other < key)
        return cls(tuple(places), groups, tuple(scores) if scores is not None else None)

    @classmethod
    def from_result(cls, result: Result, players: int) -> Outcome:
        """The plain outcome of a result's ``winners`` and ``losers``: the winners first, the losers last, anyone
        else between them."""
        winners, losers = set(result["winners"]), set(result["losers"])
        return cls.ranked([0 if s in winners else 2 if s in losers else 1 for s in range(players)])

    def side_places(self) -> list[int]:
        """The place of each side, in the order of :attr:`sides`."""
        return [self.places[side[0]] for side in self.sides]

    def to_json(self) -> dict[str, Any]:
        return {
            "places": list(self.places),
            "sides": [list(side) for side in self.sides],
            "scores": list(self.scores) if self.scores is not None else None,
        }
