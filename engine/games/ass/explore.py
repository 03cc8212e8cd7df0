"""Ass: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.cards import DIAMONDS, EIGHT, SUITS, Card
from engine.core import Deal
from engine.games.ass.doc import (
    DEFAULTS,
    new_trick,
)
from engine.games.ass.play import (
    RANK_ORDER,
    STRENGTH,
    Play,
    Trick,
    card_class,
)
from engine.games.ass.state import HAND_SIZE, AssGame
from engine.messages import Message, card, msg, seat, suit
from engine.messages import seat as seat_of
from engine.positions import (
    ExplorerPosition,
    Refusal,
    choose_trumps,
    fill_hand,
    reader_hand,
    replay,
    shuffled_pool,
    to_play,
)


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay ``plays`` ([[seat, "QS"], ...]) with the per-seat trump suits of ``context["trumps"]`` and say, card by
    card, whether it is legal and beats, and why — the same messages the table shows (the rules page puts them in
    words)."""
    setup = {**DEFAULTS, **options}["trumps"]
    letters = list((context or {}).get("trumps") or [""] * players) + [""] * players
    trick = new_trick(options)
    steps: list[dict[str, Any]] = []
    on_table: set[Card] = set()
    for who, text in plays:
        step: dict[str, Any] = {"seat": who, "card": text, "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        try:
            laid = Card.parse(text)
        except ValueError:
            step["reason"] = msg("ass.reason.not_a_card")
            break
        expected = (trick.plays[-1].seat + 1) % players if trick.plays else who
        problem = _explore_problem(trick, players, who, expected, laid, on_table)
        if problem:
            step["reason"] = problem
            break
        play = Play(who, laid, card_class(setup, letters[who], laid))
        step["reason"] = _legality(trick, play)
        step["legal"] = True
        step["beats"] = trick.registers_beat(play) if trick.plays else None
        step["verdict"] = trick.add(play)
        on_table.add(laid)
    done = len(trick.plays) >= players
    out: dict[str, Any] = {
        "steps": steps,
        "winner": trick.winner(),
        "summary": trick.summary() or "",
        "next": None,
        "hand": HAND_SIZE,  # the cards the seat to play holds, for "Ask the bot" (one trick: none laid yet)
    }
    if trick.plays and not done:
        nxt = (trick.plays[-1].seat + 1) % players
        options_next = [Play(nxt, c, card_class(setup, letters[nxt], c)) for c in _deck() if c not in on_table]
        out["next"] = {
            "seat": nxt,
            "legal": [str(p.card) for p in options_next if p.card.suit == trick.main_suit or trick.registers_beat(p)],
            "beats": [str(p.card) for p in options_next if trick.registers_beat(p)],
        }
    return out


def _deck() -> list[Card]:
    return [Card(r, s) for s in range(4) for r in RANK_ORDER]


def _explore_problem(
    trick: Trick, players: int, who: int, expected: int, laid: Card, on_table: set[Card]
) -> Message | None:
    if not 0 <= who < players:
        return msg("common.reason.no_seat")
    if len(trick.plays) >= players:
        return msg("ass.explore.complete")
    if who != expected:
        return msg("common.reason.not_your_turn", seat=seat(expected))
    if laid in on_table:
        return msg("ass.explore.on_table", card=card(laid))
    return None


def _legality(trick: Trick, play: Play) -> Message:
    if not trick.plays:
        return msg("ass.explore.any_lead")
    main = suit(SUITS[trick.suit])
    beats = trick.registers_beat(play)
    if play.card.suit == trick.suit:
        return msg("ass.explore.beats") if beats else msg("ass.explore.follows", suit=main)
    if play.card.rank == EIGHT:
        return msg("ass.explore.eight_void", suit=main)
    if beats:
        return msg("ass.explore.beats")
    return msg("ass.explore.off_suit", suit=main)


TRIES = 100
"""Random deals tried for one position: the seat that leads must hold the lowest diamond (the first deal's lead),
and every card laid must have been legal from its hand."""


def _no_lower_diamond(lowest: Card | None) -> Callable[[list[Card]], bool]:
    """Whether a hand leaves the leader's lowest diamond (``lowest``; ``None``: he has none) the lowest dealt."""
    return lambda held: all(
        c.suit != DIAMONDS or (lowest is not None and STRENGTH[c.rank] > STRENGTH[lowest.rank]) for c in held
    )


def explore_position(position: ExplorerPosition, rng: random.Random) -> tuple[AssGame, int]:
    """The first trick of the first deal as the explorer lays it, for the bot's advice: four cards dealt each, the
    context's trumps chosen, every seat's bet "no", the seat that lays first leading (it holds the lowest diamond,
    or nobody holds one and it sits left of the dealer), the seat to play holding ``hand`` (four cards), the other
    cards dealt at random (deals are drawn until every card laid was legal). Returns the game and the seat to play.
    Raises :class:`Refusal`."""
    options, players, plays, context, hand = position
    options = {**DEFAULTS, **options}
    laid = [(int(s), Card.parse(str(c))) for s, c in plays]
    for step in explore(options, players, plays, context)["steps"]:
        if not step["legal"]:
            raise Refusal(step["reason"])
    if len(laid) >= players:
        raise Refusal(msg("explore.advice.complete"))
    leader = laid[0][0] if laid else int(context.get("leader") or 0) % players
    seat = (leader + len(laid)) % players
    mine = reader_hand(hand, {c for _, c in laid}, _deck(), [HAND_SIZE])
    own_five = options["trumps"] == "own" and players > len(SUITS)
    dealer = players - 1 if own_five else (leader - 1) % players
    letters = list(context.get("trumps") or [])
    refusal = Refusal(msg("explore.advice.no_deal"))
    for _ in range(TRIES):
        pool = shuffled_pool(_deck(), {*mine, *(c for _, c in laid)}, rng)
        first = [*(mine if leader == seat else []), *(c for w, c in laid if w == leader)]
        hands: list[list[Card]] = [[] for _ in range(players)]
        hands[leader] = fill_hand(first, HAND_SIZE, pool)
        diamonds = [c for c in hands[leader] if c.suit == DIAMONDS]
        lowest = min(diamonds, key=lambda c: STRENGTH[c.rank]) if diamonds else None
        try:
            for s in range(players):
                if s != leader:
                    fixed = [*(mine if s == seat else []), *(c for w, c in laid if w == s)]
                    if not _no_lower_diamond(lowest)(fixed):
                        raise Refusal(msg("explore.advice.ass_diamond", seat=seat_of(leader)))
                    hands[s] = fill_hand(fixed, HAND_SIZE, pool, _no_lower_diamond(lowest))
            game = AssGame(
                players,
                {**options, "trump_choice": "choose"},
                rng.getrandbits(32),
                dealer=dealer,
                deal=Deal(hands=hands, stock=pool),
            )
            choose_trumps(game, letters)
            if game.turn != leader:
                raise Refusal(msg("explore.advice.ass_diamond", seat=seat_of(leader)))
            replay(game, [((leader + k) % players, "bet no") for k in range(players)])
            replay(game, [(who, f"play {card}") for who, card in laid])
        except Refusal as exc:
            refusal = exc
            continue
        return to_play(game, seat)
    raise refusal
