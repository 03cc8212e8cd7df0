"""Bank's texts as messages (docs/messages.md): the builders the state uses for the score sheet, the hand lines
and the trump set-up. Every other text is a ``msg`` call where it is said; the words are in the catalogs
(``static/i18n/<lang>.json``, keys ``bank.*``)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.messages import Message, listing, msg
from engine.messages import suit as suit_value
from engine.trumps import Trumps

MINUS = "\N{MINUS SIGN}"


def signed(points: int) -> str:
    """A number of points as a score shows it, a loss with a true minus sign: ``"65"``, ``"−12"``.

    >>> signed(65), signed(-12)
    ('65', '−12')
    """
    return f"{MINUS}{-points}" if points < 0 else str(points)


def line(what: Message, points: int) -> Message:
    """One line of a hand's summary: what earned or cost the points, and how many (``bank.line.plus`` "king +30",
    ``bank.line.minus`` "cards left −12")."""
    if points < 0:
        return msg("bank.line.minus", what=what, points=-points)
    return msg("bank.line.plus", what=what, points=points)


def hand_cell(points: int, lines: Sequence[Message]) -> Message:
    """A seat's score-sheet cell for one hand: its points, then its lines ("33: banks +13, 1st out +20")."""
    joined = lines[0]
    for more in lines[1:]:
        joined = msg("bank.sheet.more", first=joined, then=more)
    return msg("bank.sheet.cell", points=signed(points), lines=joined)


def trumps_msg(trumps: Trumps) -> Message:
    """The game's trump set-up in a few words, for the extra's chip."""
    setup = trumps.setup
    if setup == "own":
        return msg("bank.trumps.own")
    if setup == "senior-junior":
        return msg("bank.trumps.senior_junior", senior=suit_value("S"), junior=suit_value("D"))
    if setup == "none":
        return msg("bank.trumps.none")
    common = trumps.suits_of(0)
    if not common:
        return msg("bank.trumps.to_choose")
    return msg("bank.trumps.common", suits=listing([suit_value(s) for s in common], "and"))
