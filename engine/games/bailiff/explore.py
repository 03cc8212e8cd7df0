"""Bailiff: the rules page's explorer — lay cards and the engine says what is legal, what beats and why."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card, make_deck
from engine.core import Deal
from engine.games.bailiff.doc import EXPLORE_BEATS
from engine.games.bailiff.state import Bailiff
from engine.games.bailiff.tables import (
    ACE,
    HAND_SIZE,
    OPTIONS,
    RANK_ORDER,
    allowed_moves,
    classify,
    group_msg,
)
from engine.messages import Message, listing, msg, rank
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.options import validate_options
from engine.positions import (
    ExplorerPosition,
    Refusal,
    fill_hand,
    reader_hand,
    replay,
    shuffled_pool,
    still_held,
    to_play,
)


@dataclass
class _Pile:
    """The explorer's pile: the top group and a cover being laid card by card."""

    group: int = 0
    top: int = 0
    covering: list[int] = field(default_factory=list)

    def judge(self, index: int, options: Mapping[str, Any]) -> tuple[str | None, Message]:
        """The move one more card of rank ``index`` makes here (a card of a cover counts as part of it), or why not."""
        if self.covering:
            if index > self.top:
                return "cover", msg("bailiff.explore.covering", n=len(self.covering) + 1, k=self.group)
            return None, msg("bailiff.judge.cover_higher", rank=rank(RANK_ORDER[self.top]))
        move, why = classify(self.group, self.top, [index], options)
        if move is None and self.group > 1 and index > self.top:
            return "cover", msg("bailiff.explore.covering_first", k=self.group, group=group_msg(self.group, self.top))
        return move, why


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay cards one by one on a pile, as on the rules page: what each card does, and what may come next.

    A cover of a group of k is laid as k steps by the same seat. Hands are not known: any card not yet laid
    may be laid. ``context`` is not used.
    """
    opts = validate_options(OPTIONS, options)
    pile = _Pile()
    expected: int | None = None
    laid: set[Card] = set()
    steps = []
    for seat, text in plays:
        card = Card.parse(text)
        step: dict[str, Any] = {"seat": seat, "card": str(card), "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        if card in laid:
            step["reason"] = msg("common.explore.laid", card=card_of(card))
            continue
        if expected is not None and seat != expected:
            step["reason"] = msg("common.explore.turn_of", seat=seat_of(expected))
            continue
        move, step["reason"] = pile.judge(card.rank - 6, opts)
        if move is None:
            continue
        step["legal"] = True
        laid.add(card)
        if move == "cover" and len(pile.covering) + 1 < pile.group:
            pile.covering.append(card.rank - 6)
            step["verdict"] = msg("bailiff.explore.more", seat=seat_of(seat), n=pile.group - len(pile.covering))
            expected = seat
            continue
        what = group_msg(pile.group, pile.top) if pile.group else None
        step["beats"] = EXPLORE_BEATS[move]
        verdict = msg(f"bailiff.explore.{move}", seat=seat_of(seat), card=card_of(card), group=what)
        if move == "extend":
            pile.group += 1
        else:
            pile.group, pile.top = 1, max([*pile.covering, card.rank - 6])
            pile.covering = []
        expected = (seat + 1) % players
        if pile.top == ACE:
            verdict = msg("bailiff.explore.ace_clears", verdict=verdict)
            pile.group, expected = 0, seat
        step["verdict"] = verdict
    nxt = expected if expected is not None else 0
    moves = {str(c): pile.judge(c.rank - 6, opts)[0] for c in make_deck(36) if c not in laid}
    nxt_info: dict[str, Any] = {"seat": nxt, "legal": [c for c, m in moves.items() if m]}
    if pile.group:
        nxt_info["beats"] = [c for c, m in moves.items() if m and EXPLORE_BEATS[m]]
    if pile.covering:
        left = pile.group - len(pile.covering)
        summary = msg(
            "bailiff.explore.still_covering", seat=seat_of(nxt), group=group_msg(pile.group, pile.top), n=left
        )
    elif pile.group:
        moves_now = [msg(f"bailiff.move.{m}") for m in allowed_moves(pile.group, opts)]
        summary = msg(
            "bailiff.explore.faces", seat=seat_of(nxt), group=group_msg(pile.group, pile.top), moves=listing(moves_now)
        )
    else:
        summary = msg("bailiff.status.lead", seat=seat_of(nxt))
    hand = still_held(HAND_SIZE, steps, nxt)
    return {"steps": steps, "summary": summary, "next": nxt_info, "hand": hand}  # no "winner": no trick is taken


def explore_position(position: ExplorerPosition, rng: random.Random) -> tuple[Bailiff, int]:
    """The first pile of a game as the explorer lays it, for the bot's advice: the seat that lays first leads
    (``context["leader"]`` when nothing is laid yet), every seat was dealt six cards, the seat to play holds
    ``hand`` (six less the cards it laid on this pile), the other cards dealt at random into the other hands and the
    stock; a cover laid card by card is one move. Returns the game and the seat to play. Raises :class:`Refusal`
    for a card the explorer refuses and for a pile an ace has sent away (the hands were filled again from the
    stock: the explorer does not say with what)."""
    options, players, plays, context, hand = position
    opts = validate_options(OPTIONS, options)
    explored = explore(opts, players, plays)
    moves: list[tuple[int, list[Card]]] = []
    covering = False
    for step in explored["steps"]:
        if not step["legal"]:
            raise Refusal(step["reason"])
        if step["verdict"]["key"] == "bailiff.explore.ace_clears":
            raise Refusal(msg("explore.advice.bailiff_cleared"))
        if covering:
            moves[-1][1].append(Card.parse(step["card"]))
        else:
            moves.append((step["seat"], [Card.parse(step["card"])]))
        covering = step["verdict"]["key"] == "bailiff.explore.more"
    if covering:
        raise Refusal(msg("explore.advice.bailiff_covering"))
    leader = moves[0][0] if moves else int(context.get("leader") or 0) % players
    seat = explored["next"]["seat"] if moves else leader
    laid = [c for _, cards in moves for c in cards]
    deck = make_deck(36)
    mine = reader_hand(hand, laid, deck, [explored["hand"]])
    pool = shuffled_pool(deck, {*mine, *laid}, rng)
    dealt = [
        fill_hand(
            [*(mine if s == seat else []), *(c for who, cards in moves if who == s for c in cards)], HAND_SIZE, pool
        )
        for s in range(players)
    ]
    game = Bailiff(
        players, opts, rng.getrandbits(32), dealer=(leader - 1) % players, deal=Deal(hands=dealt, stock=pool)
    )
    replay(game, [(who, "play " + " ".join(str(c) for c in cards)) for who, cards in moves])
    return to_play(game, seat)
