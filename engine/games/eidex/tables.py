"""Eidex rules as data and pure functions: the suits, rank orders, card points, victory-point cases, and the
play, trick and scoring rules (rulings eidex.md §1.2-1.8). The engine, the bots, the rules page and the
explorer all read these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import ACE, INDEX, JACK, SIX, SUIT_SYMBOLS, SUITS, Card, make_deck
from engine.messages import Message, listing, msg, option
from engine.messages import card as card_of
from engine.messages import rank as rank_of
from engine.messages import seat as seat_of
from engine.messages import suit as suit_of
from engine.options import Option, OptionError

PLAYERS = 3
CARDS_EACH = 12
DEAL_PACKETS = (4, 4, 4)
"""The dealer deals three rounds of four cards, starting with the seat after him (§1.2)."""
TRICKS = 11
GOAL_VP = 7
LAST_TRICK_BONUS = 5
HAND_POINTS = 157
"""Card points of a hand in every mode: 152 in the cards plus the last trick's 5 (§1.6)."""

EIDEX_SUITS: dict[str, dict[str, str]] = {
    "C": {"name": "Eidex", "german": "Eidex", "emblem": "lizard", "color": "green"},
    "S": {"name": "Raven", "german": "Raben", "emblem": "raven", "color": "black"},
    "D": {"name": "Star", "german": "Sterne", "emblem": "star", "color": "yellow"},
    "H": {"name": "Heart", "german": "Herz", "emblem": "heart", "color": "red"},
}
"""The Eidex deck's suits by the French letter they stand for (§1.1: Eidex = C, Raven = S, Star = D)."""

TRUMP_ORDER: tuple[str, ...] = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
PLAIN_ORDER: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
UNDENUFE_ORDER: tuple[str, ...] = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Trick strength, highest first (§1.3)."""

TRUMP_POINTS: dict[str, int] = {"J": 20, "9": 14, "A": 11, "K": 4, "Q": 3, "10": 10, "8": 0, "7": 0, "6": 0}
PLAIN_POINTS: dict[str, int] = {"A": 11, "K": 4, "Q": 3, "J": 2, "10": 10, "9": 0, "8": 0, "7": 0, "6": 0}
OBENABE_POINTS: dict[str, int] = {**PLAIN_POINTS, "8": 8}
UNDENUFE_POINTS: dict[str, int] = {**PLAIN_POINTS, "A": 0, "8": 8, "6": 11}
"""Card points by rank (§1.6)."""


@dataclass(frozen=True)
class Mode:
    """How a hand is played: the plain-suit order and values, and (trump game only) the trump ones."""

    id: str
    plain_order: tuple[str, ...]
    plain_points: Mapping[str, int]
    trump_order: tuple[str, ...] = ()
    trump_points: Mapping[str, int] = field(default_factory=dict)


MODES: dict[str, Mode] = {
    "trump": Mode("trump", PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS),
    "obenabe": Mode("obenabe", PLAIN_ORDER, OBENABE_POINTS),
    "undenufe": Mode("undenufe", UNDENUFE_ORDER, UNDENUFE_POINTS),
}

NO_TRUMP_RANKS: dict[int, str] = {ACE: "obenabe", SIX: "undenufe"}
"""Under ``ace_six_no_trump`` a shown Ace or Six makes the hand a no-trump hand (§1.2, official variant)."""

VP_CASES: tuple[str, ...] = ("match", "limit", "tie", "spread", "three-way tie")
"""The victory-point cases of a hand, checked in this order (§1.7; :func:`award_vp`): one player wins every trick
(2 VP to him); someone reaches the limit (0 to him, 1 to each other); two tie below it (2 to the third); no tie (1
each to the highest and the lowest); all three tie, only with characters (none)."""

CHAOS_TIE_WINNERS: tuple[str, ...] = ("two-vp-recipient", "replay")
"""Who wins the 6-6-6 special round when two players tie below the limit (§1.8): the player who would get 2 VP
(the English rules), or nobody and the round is played again."""


@dataclass(frozen=True)
class Contract:
    """One hand's way of play: the mode, the trump suit (or None), and per card index its trick strength
    (trumps above every plain card) and its card points."""

    mode: str
    trump: int | None
    strength: tuple[int, ...]
    points: tuple[int, ...]


def _contract(mode_id: str, trump: int | None) -> Contract:
    mode = MODES[mode_id]
    strength, points = [0] * 36, [0] * 36
    for card in make_deck(36):
        rank = card.rank_text
        if card.suit == trump:
            strength[card.index] = 100 + len(TRUMP_ORDER) - TRUMP_ORDER.index(rank)
            points[card.index] = mode.trump_points[rank]
        else:
            strength[card.index] = len(mode.plain_order) - mode.plain_order.index(rank)
            points[card.index] = mode.plain_points[rank]
    return Contract(mode_id, trump, tuple(strength), tuple(points))


CONTRACTS: dict[tuple[str, int | None], Contract] = {
    **{("trump", suit): _contract("trump", suit) for suit in range(4)},
    ("obenabe", None): _contract("obenabe", None),
    ("undenufe", None): _contract("undenufe", None),
}


def contract_for(shown: Card, ace_six_no_trump: bool) -> Contract:
    """The contract the shown card makes: its suit is trump, or a no-trump mode under the A/6 option."""
    mode = NO_TRUMP_RANKS.get(shown.rank) if ace_six_no_trump else None
    return CONTRACTS[(mode, None)] if mode else CONTRACTS[("trump", shown.suit)]


def suit_label(number: int) -> dict[str, str]:
    """A suit for messages, by its number: the renderer writes it in the reader's Eidex notation."""
    return suit_of(SUITS[number])


def contract_label(contract: Contract) -> Message:
    """The hand's trump as a message: "Trump: {suit}" or the no-trump mode (Obenabe, Undenufe)."""
    if contract.trump is not None:
        return msg("eidex.contract.trump", suit=suit_label(contract.trump))
    return msg(f"eidex.contract.{contract.mode}")


def order_text(order: Sequence[str]) -> Message:
    """A rank order ("J 9 A K Q 10 8 7 6") as a message of rank values, in the reader's notation."""
    return msg("eidex.why.order", **{f"r{i + 1}": rank_of(r) for i, r in enumerate(order)})


ORDER_TEXTS: dict[tuple[str, ...], Message] = {
    order: order_text(order) for order in (TRUMP_ORDER, PLAIN_ORDER, UNDENUFE_ORDER)
}
"""The rank orders' messages, built once (trick verdicts share them; a message is never changed)."""


# ---- play rules (§1.4, §1.5) -------------------------------------------------------------------------------
def legal_cards(hand: Sequence[Card], trick: Sequence[Card], contract: Contract) -> list[Card]:
    """The cards of ``hand`` that may be laid on ``trick`` (the cards laid so far, lead first)."""
    if not trick:
        return list(hand)
    led, trump = trick[0].suit, contract.trump
    if trump is None:
        return [c for c in hand if c.suit == led] or list(hand)
    trumps = [c for c in hand if c.suit == trump]
    if led == trump:
        # a trump besides the jack (there is one jack a suit)
        return trumps if len(trumps) > 1 or (trumps and trumps[0].rank != JACK) else list(hand)
    if len(trumps) == len(hand):
        return list(hand)
    strength = contract.strength
    high = max([strength[INDEX[c]] for c in trick if c.suit == trump], default=0)
    follow = [c for c in hand if c.suit == led] or [c for c in hand if c.suit != trump]
    return follow + [c for c in trumps if strength[INDEX[c]] > high]


def why_illegal(hand: Sequence[Card], trick: Sequence[Card], laid: Card, contract: Contract) -> Message | None:
    """``None`` if ``laid`` may be laid on ``trick`` from ``hand``, else the rule it breaks, as a message."""
    if laid not in hand:
        return msg("common.reason.not_held", cards=card_of(laid))
    if not trick:
        return None
    legal = legal_cards(hand, trick, contract)
    if laid in legal:
        return None
    led, trump = trick[0].suit, contract.trump
    if led == trump:
        return msg("eidex.reason.trump_led", n=sum(1 for c in hand if c.suit == trump and c.rank != JACK))
    if laid.suit == trump:
        return undertrump_reason(trick, laid, contract)
    if trump is None or not any(c.suit == trump for c in legal):
        return msg("eidex.reason.follow", suit=suit_label(led))
    return msg("eidex.reason.follow_or_trump", suit=suit_label(led), trump=suit_label(trump))


def undertrump_reason(trick: Sequence[Card], laid: Card, contract: Contract) -> Message:
    """Why a trump lower than the trick's highest trump may not be laid on a non-trump lead."""
    high = max((c for c in trick if c.suit == contract.trump), key=lambda c: contract.strength[c.index])
    return msg("eidex.reason.undertrump", high=card_of(high), card=card_of(laid))


def trick_winner(trick: Sequence[Card], contract: Contract) -> int:
    """The position in ``trick`` of the card that takes it: the highest trump, else the highest of the led suit."""
    return winning_position(trick, trick[0].suit, contract.trump, contract.strength)


def winning_position(trick: Sequence[Card], led: int, trump: int | None, strength: Sequence[int]) -> int:
    """:func:`trick_winner` with the led suit and the strengths given (the character game changes both)."""
    best, best_key = 0, -1
    for pos, card in enumerate(trick):
        key = strength[INDEX[card]] if card.suit in (led, trump) else -1
        if key > best_key:
            best, best_key = pos, key
    return best


def why_wins(trick: Sequence[Card], contract: Contract, position: int | None = None) -> Message:
    """Why the winning card of a complete or partial trick takes it, as a message (no full stop); ``position``: the
    winning card's, when the caller knows it."""
    win = trick[trick_winner(trick, contract) if position is None else position]
    if win.suit == contract.trump:
        trumps = [c for c in trick if c.suit == contract.trump]
        if len(trumps) == 1:
            return msg("eidex.why.only_trump", card=card_of(win))
        return msg("eidex.why.highest_trump", card=card_of(win), order=ORDER_TEXTS[TRUMP_ORDER])
    if len(trick) == 1:
        return msg("eidex.why.leads", card=card_of(win))
    order = ORDER_TEXTS[MODES[contract.mode].plain_order]
    return msg("eidex.why.highest", card=card_of(win), suit=suit_label(win.suit), order=order)


# ---- victory points (§1.7, §1.8) ---------------------------------------------------------------------------
def award_vp(points: Sequence[int], tricks: Sequence[int], limit: int, total: int = TRICKS) -> tuple[str, list[int]]:
    """The case of :data:`VP_CASES` that applies and the victory points each seat gets for one hand (``total``: the
    tricks the hand had; characters change it)."""
    if total in tricks:
        return "match", [2 if t == total else 0 for t in tricks]
    if any(p >= limit for p in points):
        return "limit", [0 if p >= limit else 1 for p in points]
    distinct = set(points)
    if len(distinct) == 1:
        return "three-way tie", [0] * len(points)
    if len(distinct) < len(points):
        return "tie", [2 if points.count(p) == 1 else 0 for p in points]
    hi, lo = max(points), min(points)
    return "spread", [1 if p in (hi, lo) else 0 for p in points]


def vp_verdict(case: str, points: Sequence[int], awards: Sequence[int], limit: int, tricks: int = TRICKS) -> Message:
    """The VP outcome of a hand as a message (no full stop; ``tricks``: the tricks the hand had)."""
    seats = range(len(points))
    if case == "match":
        return msg("eidex.vp.match", seat=seat_of(awards.index(2)), tricks=tricks)
    if case == "limit":
        over = [s for s in seats if points[s] >= limit]
        others = seats_text([s for s in seats if awards[s]])
        return msg("eidex.vp.limit", over=seats_text(over), limit=limit, others=others)
    if case == "tie":
        tied = [s for s in seats if not awards[s]]
        return msg("eidex.vp.tie", tied=seats_text(tied), points=points[tied[0]], seat=seat_of(awards.index(2)))
    if case == "three-way tie":
        return msg("eidex.vp.three_way")
    hi, lo = points.index(max(points)), points.index(min(points))
    return msg("eidex.vp.spread", hi=seat_of(hi), most=points[hi], lo=seat_of(lo), fewest=points[lo])


def seats_text(seats: Sequence[int]) -> dict[str, Any]:
    """Seats as a message value: their players' names joined by "and"."""
    return listing([seat_of(s) for s in seats], "and")


def settle(
    vp: Sequence[int], case: str, awards: Sequence[int], points: Sequence[int], special: bool, chaos_tie: str
) -> tuple[list[int], list[int], Message | None]:
    """Victory points after a hand, the winners (empty while the game goes on) and a note on any correction (a
    message, ``None`` when there is nothing to say)."""
    if special:
        if case == "match":
            winner = awards.index(2)
        elif awards.count(0) == 1:
            winner = awards.index(0)
        elif case == "tie" and chaos_tie == "two-vp-recipient":
            winner = awards.index(2)
        else:
            return list(vp), [], msg("eidex.note.special_replay")
        after = list(vp)
        after[winner] = GOAL_VP
        return after, [winner], msg("eidex.note.special_won", seat=seat_of(winner))
    after = [v + a for v, a in zip(vp, awards, strict=True)]
    reached = [s for s, v in enumerate(after) if v >= GOAL_VP]
    if len(reached) == 1:
        return after, reached, msg("eidex.note.reached", seat=seat_of(reached[0]), goal=GOAL_VP)
    if not reached:
        return after, [], None
    best = max(points[s] for s in reached)
    for s in reached:
        after[s] = GOAL_VP - 1 if points[s] == best else GOAL_VP - 2
    if all(points[s] == best for s in reached):
        return after, [], msg("eidex.note.together_equal", seats=seats_text(reached), goal=GOAL_VP, stay=GOAL_VP - 1)
    return (
        after,
        [],
        msg("eidex.note.together", seats=seats_text(reached), goal=GOAL_VP, stay=GOAL_VP - 1, drop=GOAL_VP - 2),
    )


TABLE_RULES: tuple[str, ...] = (
    "chaos_tie_winner",
    "excuse_non_trump",
    "umwerter_lowest",
    "trumphator_no_trump",
    "farbenfreund_lapse_counts",
)
"""The table's rule options a view carries (``extra.rules``): public, and read by the bots' look-ahead, whose
worlds play by the table's rules. The other options show in the view already (the contract, the limit, the cast)."""


SUITS_EXTRA: dict[str, dict[str, str]] = {
    letter: {**info, "french": name, "symbol": SUIT_SYMBOLS[letter]}
    for (letter, info), name in zip(EIDEX_SUITS.items(), ("clubs", "spades", "diamonds", "hearts"), strict=True)
}


def sort_cards(cards: Sequence[Card], contract: Contract) -> list[Card]:
    """A hand in Eidex order: trumps first, then the suits Eidex, Raven, Star, Heart; strongest first."""
    suit_rank = {suit: i for i, suit in enumerate(SUITS.index(x) for x in EIDEX_SUITS)}
    if contract.trump is not None:
        suit_rank[contract.trump] = -1
    return sorted(cards, key=lambda c: (suit_rank[c.suit], -contract.strength[c.index]))


@dataclass(frozen=True)
class CharactersOption(Option):
    """The "choose characters" option: ``None`` (drawn from the seed) or three distinct character cards, seat 0
    first. Its only listed choice is ``None``; a list is given by scenarios and the teaching form."""

    def validate(self, value: Any) -> Any:
        if value is None:
            return None
        try:
            cards = [str(Card.parse(text)) for text in value] if isinstance(value, (list, tuple)) else []
        except (TypeError, ValueError, AttributeError):
            cards = []
        if len(cards) != PLAYERS or len(set(cards)) != PLAYERS:
            raise OptionError(msg("eidex.option.characters", option=option(self.name), n=PLAYERS))
        return cards


OPTIONS: tuple[Option, ...] = (
    Option("ace_six_no_trump", "bool", False, explained=(False, True)),
    Option("limit", "int", 100, minimum=80, maximum=120, explained=(100,)),
    Option("chaos_tie_winner", "choice", "two-vp-recipient", choices=CHAOS_TIE_WINNERS),
    Option("advanced", "bool", False, explained=(False, True)),
    Option("excuse_non_trump", "bool", False, explained=(False, True)),
    Option("umwerter_lowest", "bool", True, explained=(True, False)),
    Option("trumphator_no_trump", "bool", True, explained=(True, False)),
    Option("farbenfreund_lapse_counts", "bool", True, explained=(True, False)),
    CharactersOption("characters", "choice", None, choices=(None,)),
)
