"""Bailiff («Пристав», O. A. Zgursky): shed every card by raising, extending and covering a pile.

Seed: ``shared/seeds/003_3d1b52ab00de322c.txt``; our readings: ``shared/rulings/bailiff.md``; our own decisions
and the view extras: ``docs/rules-bailiff.md``.

Cards are kept as integer bitmasks in a rank-major layout (bit ``4 * rank_index + suit``), so "every card above
a nine" or "every nine" is one mask and the lowest bit is the lowest card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import Any, Literal, cast

from engine.actions import Action
from engine.cards import Card, make_deck, shuffled
from engine.core import Deal, Game, copy_rng, seat_order
from engine.games.bailiff.extra import BailiffExtra, Top
from engine.games.bailiff.tables import (
    ACE,
    HAND_SIZE,
    MAX_GROUP,
    RANK_ORDER,
    allowed_moves,
    classify,
    group_msg,
)
from engine.messages import Message, card, cards, listing, msg, rank
from engine.messages import seat as seat_of
from engine.options import OptionError
from engine.outcome import Outcome, Result
from engine.views import Event, TableView, View

# ---- the bit layout ------------------------------------------------------------------------------------------

_CARD_OF_BIT: tuple[Card, ...] = tuple(Card(6 + b // 4, b % 4) for b in range(36))
_TEXT_OF_BIT: tuple[str, ...] = tuple(str(c) for c in _CARD_OF_BIT)
_BIT_OF_TEXT: dict[str, int] = {t: b for b, t in enumerate(_TEXT_OF_BIT)}
_BIT_OF_CARD: dict[Card, int] = {c: b for b, c in enumerate(_CARD_OF_BIT)}
_RANK_MASK: tuple[int, ...] = tuple(0xF << (4 * q) for q in range(9))
_ABOVE: tuple[int, ...] = tuple(((1 << 36) - 1) ^ ((1 << (4 * (q + 1))) - 1) for q in range(9))
_PLAY_OF_BIT: tuple[str, ...] = tuple("play " + t for t in _TEXT_OF_BIT)
_BIT_OF_PLAY: dict[str, int] = {a: b for b, a in enumerate(_PLAY_OF_BIT)}
_PLAY_KEY: dict[str, str] = {m: f"bailiff.play.{m}" for m in ("lead", "raise", "extend", "cover", "ace")}
_CANONICAL_SHORT: frozenset[str] = frozenset((*_PLAY_OF_BIT, "take"))
"""Actions of one card (and ``take``) already in canonical form."""


def _chunk_table(offset: int, render: Any) -> tuple[tuple[Any, ...], ...]:
    """For every 12-bit value, its set bits (shifted by ``offset``) rendered, lowest first."""
    return tuple(tuple(render(offset + i) for i in range(12) if v >> i & 1) for v in range(1 << 12))


_BIT_CHUNKS = tuple(_chunk_table(12 * k, int) for k in range(3))
_CARD_CHUNKS = tuple(_chunk_table(12 * k, _CARD_OF_BIT.__getitem__) for k in range(3))
_PLAY_CHUNKS = tuple(_chunk_table(12 * k, _PLAY_OF_BIT.__getitem__) for k in range(3))


def _bits(m: int) -> tuple[int, ...]:
    """The set bits of ``m``, lowest (lowest card) first."""
    low, mid, high = _BIT_CHUNKS
    return low[m & 0xFFF] + mid[m >> 12 & 0xFFF] + high[m >> 24]


def _plays(m: int) -> tuple[str, ...]:
    """``play CARD`` for every card of ``m``, lowest first."""
    low, mid, high = _PLAY_CHUNKS
    return low[m & 0xFFF] + mid[m >> 12 & 0xFFF] + high[m >> 24]


def _card_mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << _BIT_OF_CARD[c]
    return m


def _texts(bits: Sequence[int]) -> list[str]:
    return [_TEXT_OF_BIT[b] for b in bits]


def _cards(bits: Sequence[int]) -> dict[str, list[str]]:
    """The cards of ``bits`` as a message value."""
    return cards(_TEXT_OF_BIT[b] for b in bits)


def _move_of(group: int, top: int, bits: Sequence[int]) -> str:
    """The kind of a move already known to be legal."""
    if not group:
        return "lead"
    if len(bits) > 1:
        return "cover"
    rank = bits[0] >> 2
    if rank == top:
        return "extend"
    return "raise" if group == 1 else "ace"


# ---- the game ------------------------------------------------------------------------------------------------


class BailiffResult(Result):
    """Bailiff's result: the Bailiff (the one left holding cards), the others in the order they went out, each
    seat's tally of games lost, and why the game ended (``last``: one player left; ``max_turns``: play stopped)."""

    loser: int
    places: list[int]
    score: list[int]
    reason: Literal["max_turns", "last"]


Phase = Literal["lead", "answer", "over"]
"""Where a game of Bailiff stands: a pile to start, a pile to answer, or the game's end."""


class Bailiff(Game):
    """One game of Bailiff, played until one player is left holding cards."""

    @property
    def phase(self) -> Phase:
        """Where the game stands (the view's ``phase``)."""
        return "over" if self.loser is not None else ("answer" if self.group else "lead")

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        n = self.players
        losses = list(start.get("score") or [0] * n)
        if len(losses) != n:
            raise OptionError(msg("common.option.start"))
        self.losses: list[int] = losses
        if dealer is not None and not 0 <= dealer < n:
            raise OptionError(msg("common.option.dealer", n=dealer))
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        if deal is None:
            cards = shuffled(make_deck(36), self.rng)
            deal = Deal(
                hands=[cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)], stock=cards[n * HAND_SIZE :]
            )
        elif len(deal.hands) != n:
            raise OptionError(msg("common.option.deal"))
        self.hand_no = 1
        self.hand_deal = deal
        self.hands: list[int] = [_card_mask(h) for h in deal.hands]
        self.stock: list[int] = [_BIT_OF_CARD[c] for c in deal.stock]
        self.plays: list[tuple[int, list[int]]] = []
        self.group = 0
        self.top = 0
        self.gone: list[int] = []
        self.last_clear: tuple[int, list[tuple[int, list[int]]]] | None = None
        self.places: list[int] = []
        self.loser: int | None = None
        self.stopped = False
        self.turns = 0
        self.current = (self.dealer + 1) % n
        self.note: Message | None = None
        return [
            {
                "event": "deal",
                "dealer": self.dealer,
                "hand_no": 1,
                "leader": self.current,
                "stock": len(self.stock),
            }
        ]

    def clone(self) -> Bailiff:
        """An independent copy of this game to play on (search): the same position, log and events, sharing only
        what is never changed in place (the options, the deal, the laid cards of each play, the events)."""
        other = object.__new__(Bailiff)
        other.__dict__.update(self.__dict__)
        other.rng = copy_rng(self.rng)
        other.log = list(self.log)
        other.events = list(self.events)
        other._legal_cache = {}
        other.losses = list(self.losses)
        other.hands = list(self.hands)
        other.stock = list(self.stock)
        other.plays = list(self.plays)
        other.gone = list(self.gone)
        other.places = list(self.places)
        return other

    # ---- turn structure ----------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.loser is not None else (self.current,)

    def may_act(self, seat: int) -> bool:
        return self.loser is None and seat == self.current

    @property
    def is_over(self) -> bool:
        return self.loser is not None

    def _legal(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        group, top = self.group, self.top
        out: list[str] = []
        for generate in _MOVE_GENERATORS[group, bool(self.options["ace_covers_four"])]:
            out.extend(generate(hand, group, top))
        return out

    def normalize(self, action: str) -> str:
        """Canonical text: single spaces, verb lower case, cards upper case, a cover's cards ascending."""
        if action in _CANONICAL_SHORT:
            return action
        try:
            parsed = Action.parse(action).map_args(str.upper)
        except ValueError:
            return ""
        cards = parsed.args
        if len(cards) > 1 and all(c in _BIT_OF_TEXT for c in cards):
            cards = tuple(sorted(cards, key=_BIT_OF_TEXT.__getitem__))
        return str(Action(parsed.verb, cards))

    def _reason(self, seat: int, action: str) -> Message:
        parsed = Action.parse(action)
        if parsed == Action("take"):
            return msg("bailiff.reason.no_pile_to_take")
        if parsed.verb != "play" or not parsed.args:
            return msg("bailiff.reason.not_a_move")
        bad = [p for p in parsed.args if p not in _BIT_OF_TEXT]
        if bad:
            return msg("common.reason.not_a_card", text=bad[0])
        bits = [_BIT_OF_TEXT[p] for p in parsed.args]
        if len(set(bits)) != len(bits):
            return msg("common.reason.card_twice")
        missing = [b for b in bits if not self.hands[seat] >> b & 1]
        if missing:
            return msg("common.reason.not_held", cards=_cards(missing))
        return classify(self.group, self.top, [b >> 2 for b in bits], self.options)[1]

    def _perform(self, seat: int, action: str) -> list[Event]:
        self.turns += 1
        events: list[Event] = []
        if action == "take":
            self._take(seat, events)
        else:
            bit = _BIT_OF_PLAY.get(action)
            self._play(seat, [bit] if bit is not None else [_BIT_OF_TEXT[p] for p in Action.parse(action).args], events)
        limit = self.options["max_turns"]
        if limit is not None and self.loser is None and self.turns >= limit:
            self._stop(events)
        return events

    def _play(self, seat: int, bits: list[int], events: list[Event]) -> None:
        group, top = self.group, self.top
        last = bits[-1]
        move = _move_of(group, top, bits)
        mask = 0
        for b in bits:
            mask |= 1 << b
        hands = self.hands
        hands[seat] &= ~mask
        self.plays.append((seat, bits))
        if not self.quiet:
            before = group_msg(group, top) if group else None
            texts = [_TEXT_OF_BIT[b] for b in bits]
            said = self.note = msg(_PLAY_KEY[move], seat=seat_of(seat), before=before, cards={"cards": list(texts)})
            events.append({"event": "play", "seat": seat, "cards": texts, "move": move, "msg": said})
        if move == "extend":
            self.group = group + 1
        else:
            self.group, self.top = 1, last >> 2
        if last >> 2 == ACE:
            self._clear(seat, "ace", events)
            self._refill(seat, events)
            self._next_lead(seat, events)
            return
        if not hands[seat] and not self.stock:
            self._going_out(seat, events)
            if self.loser is not None:
                return
        n = self.players
        for s in range(seat + 1, seat + n):
            if hands[s % n]:
                self.current = s % n
                return
        self._clear(seat, "unanswered", events)
        self._refill(seat, events)
        self._next_lead(seat, events)

    def _take(self, seat: int, events: list[Event]) -> None:
        cards = [b for _, bits in self.plays for b in bits]
        mask = 0
        for b in cards:
            mask |= 1 << b
        self.hands[seat] |= mask
        self.plays, self.group = [], 0
        if not self.quiet:
            said = self.note = msg("bailiff.take", seat=seat_of(seat), count=len(cards))
            events.append({"event": "take", "seat": seat, "cards": _texts(cards), "count": len(cards), "msg": said})
        self.last_clear = None
        self._refill(seat, events)
        self._next_lead((seat + 1) % self.players, events)

    def _clear(self, seat: int, reason: str, events: list[Event]) -> None:
        gone = [b for _, bits in self.plays for b in bits]
        self.gone.extend(gone)
        self.last_clear = (seat, self.plays)
        self.plays, self.group = [], 0
        if not self.quiet:
            if reason == "ace":
                why = msg("bailiff.clear.ace", card=card(_TEXT_OF_BIT[gone[-1]]))
            else:
                why = msg("bailiff.clear.unanswered")
            self.note = why
            events.append({"event": "clear", "seat": seat, "cards": _texts(gone), "reason": reason, "msg": why})

    def _refill(self, first: int, events: list[Event]) -> None:
        """Everyone below six draws up to six from the stock, in turn order from ``first``; then who is out."""
        stock = self.stock
        hands = self.hands
        n = self.players
        order = range(first, first + n)
        if stock:
            for s in order:
                seat = s % n
                have = hands[seat].bit_count()
                if have >= HAND_SIZE:
                    continue
                drawn = stock[: HAND_SIZE - have]
                del stock[: len(drawn)]
                for b in drawn:
                    hands[seat] |= 1 << b
                if not self.quiet:
                    events.append({"event": "draw", "seat": seat, "count": len(drawn), "stock": len(stock)})
                if not stock:
                    break
        if not stock:
            for s in order:
                if not hands[s % n]:
                    self._going_out(s % n, events)

    def _going_out(self, seat: int, events: list[Event]) -> None:
        """``seat`` is out if it holds no card and the stock is empty; the game ends with one holder left."""
        if self.stock or self.hands[seat] or seat in self.places or self.loser is not None:
            return
        self.places.append(seat)
        if not self.quiet:
            events.append({"event": "out", "seat": seat, "place": len(self.places)})
        holders = [s for s in range(self.players) if self.hands[s]]
        if len(holders) == 1:
            self._finish(holders[0], "last", events)

    def _next_lead(self, first: int, events: list[Event]) -> None:
        """The first seat from ``first`` on that holds cards leads a new pile (unless the game is over)."""
        if self.loser is not None:
            return
        n = self.players
        self.current = next(s % n for s in range(first, first + n) if self.hands[s % n])
        if not self.quiet:
            events.append({"event": "lead", "seat": self.current})

    def _stop(self, events: list[Event]) -> None:
        """``max_turns`` reached: the player holding the most cards loses (ties: the first from the seat to act)."""
        holders = [s for s in seat_order(self.current, self.players) if self.hands[s]]
        loser = max(holders, key=lambda s: self.hands[s].bit_count())
        self.stopped = True
        events.append({"event": "stopped", "turns": self.turns, "reason": "max_turns"})
        self._finish(loser, "max_turns", events)

    def _finish(self, loser: int, reason: str, events: list[Event]) -> None:
        self.loser = loser
        self.losses[loser] += 1
        points = [int(s == loser) for s in range(self.players)]
        winners = [s for s in range(self.players) if s != loser]
        events.append(
            {
                "event": "hand",
                "points": points,
                "score": list(self.losses),
                "loser": loser,
                "reason": reason,
                "places": list(self.places),
            }
        )
        events.append({"event": "game", "winners": winners, "losers": [loser]})

    def result(self) -> BailiffResult | None:
        if self.loser is None:
            return None
        return {
            "winners": [s for s in range(self.players) if s != self.loser],
            "losers": [self.loser],
            "loser": self.loser,
            "places": list(self.places),
            "score": list(self.losses),
            "reason": "max_turns" if self.stopped else "last",
        }

    def ranking(self) -> Outcome | None:
        """In the order the players went out; the Bailiff last; anyone still holding cards when play was stopped
        between them, tied."""
        if self.loser is None:
            return None
        out = len(self.places)
        keys = [self.places.index(s) if s in self.places else out + (s == self.loser) for s in range(self.players)]
        return Outcome.ranked(keys)

    def rematch(self) -> dict[str, Any]:
        """The next game keeps the tally of losses; the deal passes to the next seat (rulings: dealer)."""
        return {"start": {"score": list(self.losses)}, "dealer": (self.dealer + 1) % self.players}

    # ---- what each seat sees -----------------------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": [_CARD_OF_BIT[b] for b in _bits(h)] for s, h in enumerate(self.hands)}
        out["stock"] = [_CARD_OF_BIT[b] for b in self.stock]
        out["pile"] = [_CARD_OF_BIT[b] for _, bits in self.plays for b in bits]
        out["out of play"] = [_CARD_OF_BIT[b] for b in self.gone]
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        others = 0
        for s, h in enumerate(self.hands):
            if s != seat:
                others |= h
        low, mid, high = _CARD_CHUNKS
        hidden = set(low[others & 0xFFF] + mid[others >> 12 & 0xFFF] + high[others >> 24])
        hidden.update(_CARD_OF_BIT[b] for b in self.stock)
        return hidden

    def status(self) -> list[Message]:
        """The last verdict and who must do what now, or how the game ended."""
        return [m for m in (self.note, self._instruction()) if m is not None]

    def _instruction(self) -> Message:
        if self.loser is not None:
            key = "bailiff.status.limit_loser" if self.stopped else "bailiff.status.loser"
            return msg(key, seat=seat_of(self.loser))
        who = seat_of(self.current)
        if self.group == 0:
            return msg("bailiff.status.lead", seat=who)
        what = group_msg(self.group, self.top)
        name = rank(RANK_ORDER[self.top])
        if self.group == 1:
            return msg("bailiff.status.answer_single", seat=who, group=what, rank=name)
        moves = allowed_moves(self.group, self.options)
        choices = [msg("bailiff.choice.cover", group=what, k=self.group)]
        if "ace" in moves:
            choices.append(msg("bailiff.choice.ace"))
        if "extend" in moves:
            choices.append(msg("bailiff.choice.extend", rank=name))
        choices.append(msg("bailiff.choice.take"))
        return msg("bailiff.status.answer_group", seat=who, choices=listing(choices))

    def _tags(self, seat: int) -> list[Message]:
        tags = []
        if seat == self.dealer:
            tags.append(msg("common.tag.dealer", seat=seat_of(seat)))
        if seat in self.places:
            tags.append(msg("bailiff.tag.out", place=self.places.index(seat) + 1))
        elif seat == self.loser:
            tags.append(msg("bailiff.tag.loser"))
        elif not self.hands[seat]:
            tags.append(msg("bailiff.tag.waits"))
        if self.losses[seat]:
            tags.append(msg("bailiff.tag.losses", n=self.losses[seat]))
        return tags

    def _pile_view(self, plays: list[tuple[int, list[int]]], label: Message) -> TableView:
        return {"kind": "pile", "label": label, "plays": [{"seat": s, "cards": _texts(b)} for s, b in plays]}

    def shared_view(self) -> dict[str, Any]:
        n = self.players
        if self.group:
            size = sum(len(b) for _, b in self.plays)
            label = msg("bailiff.label.pile", n=size, group=group_msg(self.group, self.top))
        else:
            label = msg("bailiff.label.no_pile")
        last = None
        if self.last_clear is not None:
            who, plays = self.last_clear
            last = self._pile_view(plays, msg("bailiff.label.sent_out", seat=seat_of(who)))
        extra: BailiffExtra = {
            "top": self._top_extra(),
            "pile_size": sum(len(b) for _, b in self.plays),
            "out_of_play": len(self.gone),
            "gone": _texts(sorted(self.gone)),
            "ace_covers_four": bool(self.options["ace_covers_four"]),
            "places": list(self.places),
            "loser": self.loser,
            "losses": list(self.losses),
            "turns": self.turns,
            "max_turns": self.options["max_turns"],
            "last": self.note,
        }
        return {
            **self._view_head(None, self.phase),
            "status": self.status(),
            "hand": [],
            "seats": [
                {"cards": self.hands[s].bit_count(), "out": self._place(s), "tags": self._tags(s)} for s in range(n)
            ],
            "stock": len(self.stock),
            "table": self._pile_view(self.plays, label),
            "last_trick": last,
            "sheet": {
                "columns": [msg("common.sheet.seat", seat=seat_of(s)) for s in range(n)],
                "rows": [[self._standing(s) for s in range(n)]],
                "totals": [str(x) for x in self.losses],
            },
            "over": self.loser is not None,
            "result": self.result(),
            "extra": extra,
        }

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        hand = _texts(_bits(self.hands[seat])) if seat is not None else []
        return cast(View, {**shared, "seat": seat, "hand": hand})

    def _place(self, seat: int) -> int | None:
        return self.places.index(seat) + 1 if seat in self.places else None

    def _standing(self, seat: int) -> Message:
        if seat in self.places:
            return msg("bailiff.sheet.place", place=self.places.index(seat) + 1)
        return msg("bailiff.sheet.lost" if seat == self.loser else "bailiff.sheet.playing")

    def _top_extra(self) -> Top | None:
        if not self.group:
            return None
        return {
            "rank": RANK_ORDER[self.top],
            "group": self.group,
            "moves": list(allowed_moves(self.group, self.options)),
            "msg": group_msg(self.group, self.top),
        }


# ---- legal move generators: (hand, group, top) -> actions ----------------------------------------------------


def _gen_lead(hand: int, group: int, top: int) -> Sequence[str]:
    return _plays(hand)


def _gen_raise(hand: int, group: int, top: int) -> Sequence[str]:
    return _plays(hand & _ABOVE[top])


def _gen_extend(hand: int, group: int, top: int) -> Sequence[str]:
    return _plays(hand & _RANK_MASK[top])


def _gen_cover(hand: int, group: int, top: int) -> Sequence[str]:
    texts = [_TEXT_OF_BIT[b] for b in _bits(hand & _ABOVE[top])]
    return ["play " + " ".join(c) for c in combinations(texts, group)]


def _gen_ace(hand: int, group: int, top: int) -> Sequence[str]:
    return _plays(hand & _RANK_MASK[ACE])


def _gen_take(hand: int, group: int, top: int) -> Sequence[str]:
    return ("take",)


_GENERATORS = {
    "lead": _gen_lead,
    "raise": _gen_raise,
    "extend": _gen_extend,
    "cover": _gen_cover,
    "ace": _gen_ace,
    "take": _gen_take,
}

_MOVE_GENERATORS: dict[tuple[int, bool], tuple[Callable[[int, int, int], Sequence[str]], ...]] = {
    (group, four): tuple(_GENERATORS[m] for m in allowed_moves(group, {"ace_covers_four": four}))
    for group in range(MAX_GROUP + 1)
    for four in (False, True)
}
"""The generators of the moves ``allowed_moves`` gives, by (group on top, the ``ace_covers_four`` option)."""
