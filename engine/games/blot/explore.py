"""Blot: the rules page's explorer — lay cards and the engine says what is legal, what beats and why.

Its reasons and verdicts are messages (docs/messages.md) that the explore API puts in the page's language; the
explorer names seats by their numbers, as its own labels do ("seat 2")."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.core import Deal
from engine.games.blot.play import current_winner, play_rule, suit_of, trump_suit, winner_reason
from engine.games.blot.state import Blot
from engine.games.blot.tables import (
    DECK,
    POINTS,
    STRAINS,
    STRENGTH,
)
from engine.messages import Message, msg
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.positions import ExplorerPosition, Refusal, fill_hand, reader_hand, replay, shuffled_pool, to_play

CONTEXT: list[dict[str, Any]] = [{"key": "trump", "choices": ["S", "C", "D", "H", "NT"]}]
"""The explorer's fields besides the options (the first choice is the default)."""


def _condition(card: Card, trick: list[tuple[int, Card]], strain: str, seat: int, undertrump: bool) -> Message:
    """When ``card`` is legal for a hand nobody has told us: the condition, as a message."""
    if not trick:
        return msg("blot.rule.lead")
    led = trick[0][1].suit
    trump = trump_suit(strain)
    strength = STRENGTH[strain]
    led_suit = suit_of(led)
    if card.suit == led:
        if led != trump:
            return msg("blot.explore.follows")
        top = max(strength[c] for _, c in trick if c.suit == trump)
        return msg("blot.explore.higher_trump" if strength[card] > top else "blot.explore.without_higher_trump")
    if led == trump:
        return msg("blot.explore.without_trumps")
    if trump is None:
        return msg("blot.explore.without_led", led=led_suit)
    winner, best = current_winner(trick, strain)
    if winner == (seat + 2) % 4:
        return msg("blot.explore.partner", led=led_suit)
    if card.suit == trump and strength[card] > strength[best]:
        return msg("blot.explore.beats", led=led_suit)
    if undertrump and card.suit != trump:
        return msg("blot.explore.without_led_and_trumps", led=led_suit)
    return msg("blot.explore.without_led_and_beater", led=led_suit)


def _always_legal(trick: list[tuple[int, Card]], strain: str, used: set[Card]) -> list[str]:
    """Cards legal whoever holds them: the suit led (above the top trump on a trump lead); anything to lead."""
    free = [c for c in DECK if c not in used]
    if not trick:
        return [str(c) for c in free]
    led = trick[0][1].suit
    strength = STRENGTH[strain]
    top = max(strength[c] for _, c in trick)
    if led == trump_suit(strain):
        return [str(c) for c in free if c.suit == led and strength[c] > top]
    return [str(c) for c in free if c.suit == led]


def _judge(
    seat: int,
    card: Card,
    trick: list[tuple[int, Card]],
    used: set[Card],
    hands: Mapping[int, list[Card]],
    strain: str,
    undertrump: bool,
) -> tuple[bool, Message]:
    """Whether ``seat`` may lay ``card`` on the explorer's trick, and why (its hand's rule where it is known)."""
    expected = (trick[-1][0] + 1) % 4 if trick else seat
    if card not in DECK:
        return False, msg("blot.explore.no_sixes")
    if card in used:
        return False, msg("blot.explore.on_the_table", card=card_of(card))
    if seat != expected:
        return False, msg("common.explore.turn_of", seat=seat_of(expected))
    if seat not in hands:
        return True, _condition(card, trick, strain, seat, undertrump)
    if card not in hands[seat]:
        return False, msg("blot.explore.not_held", seat=seat_of(seat), card=card_of(card))
    allowed, reason = play_rule(hands[seat], trick, strain, seat, undertrump)
    return card in allowed, reason


def explore(
    options: Mapping[str, Any],
    players: int,
    plays: Sequence[Sequence[Any]],
    context: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Lay one trick card by card under a contract: ``context`` = ``{"trump": "S"|"C"|"D"|"H"|"NT", "hands":
    {seat: [cards]}}`` (hands optional). Says for each card whether it is legal and why, whether it beats, who takes."""
    context = dict(context or {})
    strain = str(context.get("trump") or "S").upper()
    if strain not in STRAINS:
        strain = "S"
    undertrump = bool((options or {}).get("must_undertrump_when_void", False))
    hands = {int(k): [Card.parse(c) for c in v] for k, v in (context.get("hands") or {}).items()}
    trick: list[tuple[int, Card]] = []
    used: set[Card] = set()
    steps = []
    for seat, text in list(plays)[:4]:
        seat = int(seat)
        try:
            card = Card.parse(str(text))
        except ValueError:
            steps.append(
                {
                    "seat": seat,
                    "card": str(text),
                    "legal": False,
                    "reason": msg("blot.explore.not_a_card"),
                    "beats": None,
                    "verdict": msg("blot.explore.not_a_card"),
                }
            )
            continue
        legal, reason = _judge(seat, card, trick, used, hands, strain, undertrump)
        step: dict[str, Any] = {"seat": seat, "card": str(card), "legal": legal, "reason": reason}
        if not legal:
            step.update(beats=None, verdict=msg("blot.explore.refused", card=card_of(card), reason=reason))
            steps.append(step)
            continue
        before = current_winner(trick, strain) if trick else None
        trick.append((seat, card))
        used.add(card)
        if before is None:
            step.update(beats=None, verdict=msg("blot.explore.leads", card=card_of(card), suit=suit_of(card.suit)))
        elif current_winner(trick, strain)[0] == seat:
            why = winner_reason(card, strain)
            step.update(
                beats=True, verdict=msg("blot.explore.beat", card=card_of(card), other=card_of(before[1]), why=why)
            )
        else:
            step.update(beats=False, verdict=msg("blot.explore.no_beat", card=card_of(card), other=card_of(before[1])))
        steps.append(step)
    winner = current_winner(trick, strain)[0] if trick else None
    points = sum(POINTS[strain][c] for _, c in trick)
    if len(trick) == 4:
        taker, won = current_winner(trick, strain)
        why = winner_reason(won, strain)
        summary = msg("blot.explore.takes", seat=seat_of(taker), card=card_of(won), why=why, points=points)
    elif trick:
        summary = msg("blot.explore.winning", seat=seat_of(current_winner(trick, strain)[0]), points=points)
    else:
        summary = msg("blot.explore.start")
    result: dict[str, Any] = {"steps": steps, "winner": winner, "summary": summary, "strain": strain, "hand": HAND_SIZE}
    if len(trick) < 4:
        nxt = (trick[-1][0] + 1) % 4 if trick else (int(plays[0][0]) if plays else 0)
        if nxt in hands:
            allowed, reason = play_rule([c for c in hands[nxt] if c not in used], trick, strain, nxt, undertrump)
            result["next"] = {"seat": nxt, "legal": [str(c) for c in allowed], "reason": reason}
        else:
            result["next"] = {
                "seat": nxt,
                "legal": _always_legal(trick, strain, used),
                "reason": msg("blot.explore.whoever"),
            }
    else:
        result["next"] = None
    return result


HAND_SIZE = 8
"""The cards a seat holds at the first trick of a deal (the explorer lays one trick: the first)."""


def _keeps(
    card: Card, before: list[tuple[int, Card]], strain: str, seat: int, undertrump: bool
) -> Callable[[list[Card]], bool]:
    """Whether a hand of ``seat`` still lets it lay ``card`` on the trick ``before``."""
    return lambda held: card in play_rule(held, before, strain, seat, undertrump)[0]


def explore_position(position: ExplorerPosition, rng: random.Random) -> tuple[Blot, int]:
    """The first trick of a deal as the explorer lays it, for the bot's advice: a game whose contract is the
    context's strain, bid by the seat that leads (the seat after the dealer), with ``hand`` (eight cards) held by
    the seat to play (``context["leader"]`` leads when nothing is laid yet); the other cards dealt at random so that
    every card laid was legal. Returns the game and the seat to play. Raises :class:`Refusal`."""
    options, players, plays, context, hand = position
    strain = str(context.get("trump") or "S").upper()
    laid = [(int(s), Card.parse(str(c))) for s, c in plays]
    if len(laid) >= 4:
        raise Refusal(msg("explore.advice.complete"))
    leader = laid[0][0] if laid else int(context.get("leader") or 0) % 4
    seat = (leader + len(laid)) % 4
    mine = reader_hand(hand, {c for _, c in laid}, DECK, [HAND_SIZE])
    pool = shuffled_pool(DECK, {*mine, *(c for _, c in laid)}, rng)
    undertrump = bool(options.get("must_undertrump_when_void", False))
    hands: list[list[Card]] = [[] for _ in range(4)]
    hands[seat] = mine
    for k, (who, card) in reversed(list(enumerate(laid))):  # the later seats, the more their plays rule out
        if hands[who]:
            raise Refusal(msg("common.explore.turn_of", seat=seat_of((laid[k - 1][0] + 1) % 4)))
        hands[who] = fill_hand([card], HAND_SIZE, pool, _keeps(card, laid[:k], strain, who, undertrump))
    for who in range(4):
        if not hands[who]:
            hands[who] = fill_hand([], HAND_SIZE, pool)
    game = Blot(4, options, rng.getrandbits(32), dealer=(leader - 1) % 4, deal=Deal(hands=hands))
    bid = next(a for a in game.legal_actions(leader) if a.startswith("bid ") and a.endswith(f" {strain}"))
    replay(game, [(leader, bid)])
    while game.phase == "auction":
        replay(game, [(game.to_act()[0], "pass")])
    replay(game, [(who, f"play {card}") for who, card in laid])
    return to_play(game, seat)
