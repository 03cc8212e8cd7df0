"""Bailiff («Пристав», O. A. Zgursky): shed every card by raising, extending and covering a pile.

Seed: ``shared/seeds/003_3d1b52ab00de322c.txt``; our readings: ``shared/rulings/bailiff.md``; our own decisions
and the view extras: ``docs/rules-bailiff.md``.

Cards are kept as integer bitmasks in a rank-major layout (bit ``4 * rank_index + suit``), so "every card above
a nine" or "every nine" is one mask and the lowest bit is the lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from engine.bots import RandomBot
from engine.cards import RANK_NAMES, RANKS, Card
from engine.core import Deal, Game, GameDecl, seat_order
from engine.options import Option, OptionError

# ---- rules as data -------------------------------------------------------------------------------------------

RANK_ORDER: tuple[str, ...] = RANKS
"""Ranks from low to high; suits play no role."""

HAND_SIZE = 6
"""Cards dealt to each player, and the size a refill from the stock brings a hand up to."""

FULL_TABLE = 6
"""The classic game is for six players (36 cards, no stock); fewer players leave a stock."""

MAX_GROUP = 4
"""A group grows by extension to at most four cards of one rank."""

ACE = RANK_ORDER.index("A")
"""Rank index of the ace: an ace on top sends the whole pile out of play."""

RANK_PLURAL: dict[str, str] = {r: ("sixes" if r == "6" else RANK_NAMES[r] + "s") for r in RANK_ORDER}

GROUP_NAMES: dict[int, str] = {1: "a single", 2: "a pair of", 3: "three", 4: "four"}
"""How a group of k cards of one rank is named in texts."""

MOVES: dict[str, str] = {
    "lead": "lay any one card to start a new pile",
    "raise": "lay one card of a higher rank (any suit) on a single card",
    "extend": "lay one card of the same rank beside the top, making a group of up to four",
    "cover": "lay k cards, each higher than the group's rank, on a group of k; the highest lands on top",
    "ace": "lay one ace on a group of two or three (four with the option) to send the pile away",
    "take": "pick up the whole pile (always allowed on a pile; compulsory when nothing else is)",
}
"""Every kind of move and what it does."""

LAY_TABLE: dict[str, tuple[str, ...]] = {
    "none": ("lead",),
    "1": ("raise", "extend", "take"),
    "2": ("cover", "extend", "ace", "take"),
    "3": ("cover", "extend", "ace", "take"),
    "4": ("cover", "take"),
}
"""The moves allowed by what is on top: no pile, a single card, or a group of 2, 3 or 4."""

ACE_COVERS_FOUR_MOVES: tuple[str, ...] = ("cover", "ace", "take")
"""The moves on a group of four when the table option ``ace_covers_four`` is on."""

TOP_LABELS: dict[str, str] = {
    "none": "no pile",
    "1": "a single card",
    "2": "a group of 2",
    "3": "a group of 3",
    "4": "a group of 4",
}

PLAY_TEXTS: dict[str, str] = {
    "lead": "Seat {seat} leads {cards}",
    "raise": "Seat {seat} raises {before} with {cards}",
    "extend": "Seat {seat} extends {before} with {cards}",
    "cover": "Seat {seat} covers {before} with {cards}",
    "ace": "Seat {seat} covers {before} with the ace {cards}",
}
"""The verdict on each kind of move, shown in the play event and the status line."""

ORDINALS: tuple[str, ...] = ("1st", "2nd", "3rd", "4th", "5th", "6th")

# ---- the bit layout ------------------------------------------------------------------------------------------

_CARD_OF_BIT: tuple[Card, ...] = tuple(Card(6 + b // 4, b % 4) for b in range(36))
_TEXT_OF_BIT: tuple[str, ...] = tuple(str(c) for c in _CARD_OF_BIT)
_PRETTY_OF_BIT: tuple[str, ...] = tuple(c.pretty() for c in _CARD_OF_BIT)
_BIT_OF_TEXT: dict[str, int] = {t: b for b, t in enumerate(_TEXT_OF_BIT)}
_BIT_OF_CARD: dict[Card, int] = {c: b for b, c in enumerate(_CARD_OF_BIT)}
_RANK_MASK: tuple[int, ...] = tuple(0xF << (4 * q) for q in range(9))
_ABOVE: tuple[int, ...] = tuple(((1 << 36) - 1) ^ ((1 << (4 * (q + 1))) - 1) for q in range(9))
_PLAY_OF_BIT: tuple[str, ...] = tuple("play " + t for t in _TEXT_OF_BIT)


def _chunk_table(offset: int, render: Any) -> tuple[tuple[Any, ...], ...]:
    """For every 12-bit value, its set bits (shifted by ``offset``) rendered, lowest first."""
    return tuple(tuple(render(offset + i) for i in range(12) if v >> i & 1) for v in range(1 << 12))


_BIT_CHUNKS = tuple(_chunk_table(12 * k, int) for k in range(3))
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


def _pretty(bits: Sequence[int]) -> str:
    return " ".join(_PRETTY_OF_BIT[b] for b in bits)


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


def group_text(k: int, q: int) -> str:
    """``"a pair of nines"``, ``"three kings"``, ``"a single nine"``."""
    rank = RANK_ORDER[q]
    return f"{GROUP_NAMES[k]} {RANK_NAMES[rank] if k == 1 else RANK_PLURAL[rank]}"


def top_key(group: int) -> str:
    """The ``LAY_TABLE`` key of a top that is a group of ``group`` cards (0: no pile)."""
    return str(group) if group else "none"


def allowed_moves(group: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    """The moves the rules allow on a top of ``group`` cards (0: no pile) under these options."""
    if group == MAX_GROUP and options.get("ace_covers_four"):
        return ACE_COVERS_FOUR_MOVES
    return LAY_TABLE[top_key(group)]


def classify(group: int, top: int, ranks: Sequence[int], options: Mapping[str, Any]) -> tuple[str | None, str]:
    """The move that laying cards of ``ranks`` on the top makes, or ``None`` and why not.

    ``group`` is the size of the top group (0: no pile), ``top`` its rank index. Hands are not checked.
    """
    moves = allowed_moves(group, options)
    n = len(ranks)
    if group == 0:
        if n == 1:
            return "lead", "any card may start a new pile"
        return None, "lead one card only"
    what = group_text(group, top)
    name = RANK_NAMES[RANK_ORDER[top]]
    if n == 1:
        r = ranks[0]
        if r == top and "extend" in moves:
            return "extend", f"a {name} extends {what}"
        if group == 1 and r > top:
            return "raise", f"a higher card raises {what}"
        if group > 1 and r == ACE:
            if "ace" in moves:
                return "ace", f"an ace covers {what} on its own"
            return None, f"one ace covers two or three cards, not {what}: cover with {group} higher cards"
        if group == 1:
            return None, f"you must raise {what} with a higher card or extend it with a {name}"
        if r == top:
            return None, f"{what} cannot grow beyond {MAX_GROUP} cards"
        return None, f"one card cannot cover {what}: cover it with {group} higher cards" + (
            ", play an ace" if "ace" in moves else ""
        )
    if group == 1:
        return None, f"only one card may be laid on {what}"
    if n != group:
        return None, f"cover {what} with exactly {group} cards, each higher than a {name}"
    low = [r for r in ranks if r <= top]
    if low:
        return None, f"every covering card must be higher than a {name}"
    return "cover", f"{group} higher cards cover {what}"


# ---- options -------------------------------------------------------------------------------------------------

OPTIONS: tuple[Option, ...] = (
    Option(
        "ace_covers_four",
        "bool",
        False,
        "Whether a single ace may cover a group of four (the seed names only two and three).",
        choice_help={
            False: "a group of four is covered only by four higher cards (or taken)",
            True: "a single ace covers a group of four too",
        },
    ),
    Option(
        "max_turns",
        "int",
        None,
        "End the game after this many turns; the player holding the most cards loses (for automated play).",
        minimum=1,
        nullable=True,
        choice_help={None: "no limit: play until one player is left holding cards"},
    ),
)


# ---- the game ------------------------------------------------------------------------------------------------


class Bailiff(Game):
    """One game of Bailiff, played until one player is left holding cards."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[dict]:
        n = self.players
        losses = list(start.get("score") or [0] * n)
        if len(losses) != n:
            raise OptionError(f"start score must have one count of losses per seat ({n}), not {len(losses)}")
        self.losses: list[int] = losses
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        if deal is None:
            cards = [_CARD_OF_BIT[b] for b in range(36)]
            self.rng.shuffle(cards)
            deal = Deal(
                hands=[cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)], stock=cards[n * HAND_SIZE :]
            )
        elif len(deal.hands) != n:
            raise OptionError(f"the deal has {len(deal.hands)} hands for {n} players")
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
        self.note = ""
        return [
            {
                "event": "deal",
                "dealer": self.dealer,
                "hand_no": 1,
                "leader": self.current,
                "stock": len(self.stock),
            }
        ]

    # ---- turn structure ----------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.loser is not None else (self.current,)

    @property
    def is_over(self) -> bool:
        return self.loser is not None

    def _legal(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        out: list[str] = []
        for move in allowed_moves(self.group, self.options):
            out.extend(_GENERATORS[move](hand, self.group, self.top))
        return out

    def normalize(self, action: str) -> str:
        """Canonical text: single spaces, verb lower case, cards upper case, a cover's cards ascending."""
        parts = action.split()
        if not parts:
            return ""
        cards = [p.upper() for p in parts[1:]]
        if len(cards) > 1 and all(c in _BIT_OF_TEXT for c in cards):
            cards.sort(key=_BIT_OF_TEXT.__getitem__)
        return " ".join([parts[0].lower(), *cards])

    def _reason(self, seat: int, action: str) -> str:
        parts = action.split()
        if parts == ["take"]:
            return "there is no pile to take: lead any one card"
        if not parts or parts[0] != "play" or len(parts) == 1:
            return "in Bailiff you play cards (play 9D, or play 10C JH to cover a pair) or take the pile"
        bad = [p for p in parts[1:] if p not in _BIT_OF_TEXT]
        if bad:
            return f"{bad[0]} is not a card"
        bits = [_BIT_OF_TEXT[p] for p in parts[1:]]
        if len(set(bits)) != len(bits):
            return "each card may be laid only once"
        missing = [b for b in bits if not self.hands[seat] >> b & 1]
        if missing:
            return f"you do not hold {_pretty(missing)}"
        return classify(self.group, self.top, [b >> 2 for b in bits], self.options)[1]

    def _perform(self, seat: int, action: str) -> list[dict]:
        self.turns += 1
        if action == "take":
            events = self._take(seat)
        else:
            events = self._play(seat, [_BIT_OF_TEXT[p] for p in action.split()[1:]])
        limit = self.options["max_turns"]
        if self.loser is None and limit is not None and self.turns >= limit:
            events.extend(self._stop())
        return events

    def _play(self, seat: int, bits: list[int]) -> list[dict]:
        move = _move_of(self.group, self.top, bits)
        for b in bits:
            self.hands[seat] &= ~(1 << b)
        before = group_text(self.group, self.top) if self.group else ""
        self.plays.append((seat, bits))
        text = self.note = PLAY_TEXTS[move].format(seat=seat, before=before, cards=_pretty(bits))
        if move == "extend":
            self.group += 1
        else:
            self.group, self.top = 1, bits[-1] >> 2
        events: list[dict] = [{"event": "play", "seat": seat, "cards": _texts(bits), "move": move, "text": text}]
        if self.top == ACE:
            events.append(self._clear(seat, "ace", f"the ace {_PRETTY_OF_BIT[bits[-1]]} sends the pile out of play"))
            events.extend(self._refill(seat))
            events.extend(self._next_lead(seat))
            return events
        events.extend(self._going_out(seat))
        if self.loser is not None:
            return events
        n = self.players
        answer = next((s % n for s in range(seat + 1, seat + n) if self.hands[s % n]), None)
        if answer is None:
            events.append(self._clear(seat, "unanswered", "no other player holds a card to answer the pile"))
            events.extend(self._refill(seat))
            events.extend(self._next_lead(seat))
            return events
        self.current = answer
        return events

    def _take(self, seat: int) -> list[dict]:
        cards = [b for _, bits in self.plays for b in bits]
        for b in cards:
            self.hands[seat] |= 1 << b
        self.plays, self.group = [], 0
        events: list[dict] = [
            {
                "event": "take",
                "seat": seat,
                "cards": _texts(cards),
                "count": len(cards),
                "text": f"Seat {seat} takes the pile of {len(cards)} cards",
            }
        ]
        self.last_clear = None
        self.note = events[0]["text"]
        events.extend(self._refill(seat))
        events.extend(self._next_lead((seat + 1) % self.players))
        return events

    def _clear(self, seat: int, reason: str, why: str) -> dict:
        cards = [b for _, bits in self.plays for b in bits]
        self.gone.extend(cards)
        self.last_clear = (seat, self.plays)
        self.plays, self.group = [], 0
        self.note = why[0].upper() + why[1:]
        return {"event": "clear", "seat": seat, "cards": _texts(cards), "reason": reason, "text": why}

    def _refill(self, first: int) -> list[dict]:
        """Everyone below six draws up to six from the stock, in turn order from ``first``; then who is out."""
        events: list[dict] = []
        for seat in seat_order(first, self.players):
            if not self.stock:
                break
            have = self.hands[seat].bit_count()
            if seat in self.places or have >= HAND_SIZE:
                continue
            drawn = self.stock[: HAND_SIZE - have]
            del self.stock[: len(drawn)]
            for b in drawn:
                self.hands[seat] |= 1 << b
            events.append({"event": "draw", "seat": seat, "count": len(drawn), "stock": len(self.stock)})
        for seat in seat_order(first, self.players):
            events.extend(self._going_out(seat))
        return events

    def _going_out(self, seat: int) -> list[dict]:
        """``seat`` is out if it holds no card and the stock is empty; the game ends with one holder left."""
        if self.stock or self.hands[seat] or seat in self.places or self.loser is not None:
            return []
        self.places.append(seat)
        events: list[dict] = [{"event": "out", "seat": seat, "place": len(self.places)}]
        holders = [s for s in range(self.players) if self.hands[s]]
        if len(holders) == 1:
            events.extend(self._finish(holders[0], "last"))
        return events

    def _next_lead(self, first: int) -> list[dict]:
        """The first seat from ``first`` on that holds cards leads a new pile (unless the game is over)."""
        if self.loser is not None:
            return []
        self.current = next(s for s in seat_order(first, self.players) if self.hands[s])
        return [{"event": "lead", "seat": self.current}]

    def _stop(self) -> list[dict]:
        """``max_turns`` reached: the player holding the most cards loses (ties: the first from the seat to act)."""
        holders = [s for s in seat_order(self.current, self.players) if self.hands[s]]
        loser = max(holders, key=lambda s: self.hands[s].bit_count())
        self.stopped = True
        return [{"event": "stopped", "turns": self.turns, "reason": "max_turns"}, *self._finish(loser, "max_turns")]

    def _finish(self, loser: int, reason: str) -> list[dict]:
        self.loser = loser
        self.losses[loser] += 1
        points = [int(s == loser) for s in range(self.players)]
        winners = [s for s in range(self.players) if s != loser]
        return [
            {
                "event": "hand",
                "points": points,
                "score": list(self.losses),
                "loser": loser,
                "reason": reason,
                "places": list(self.places),
            },
            {"event": "game", "winners": winners, "losers": [loser]},
        ]

    def result(self) -> dict[str, Any] | None:
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

    # ---- what each seat sees -----------------------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": [_CARD_OF_BIT[b] for b in _bits(h)] for s, h in enumerate(self.hands)}
        out["stock"] = [_CARD_OF_BIT[b] for b in self.stock]
        out["pile"] = [_CARD_OF_BIT[b] for _, bits in self.plays for b in bits]
        out["out of play"] = [_CARD_OF_BIT[b] for b in self.gone]
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = {_CARD_OF_BIT[b] for b in self.stock}
        for s, h in enumerate(self.hands):
            if s != seat:
                hidden.update(_CARD_OF_BIT[b] for b in _bits(h))
        return hidden

    def status(self) -> str:
        """The last verdict and who must do what now, or how the game ended."""
        now = self._instruction()
        return f"{self.note}. {now}" if self.note else now

    def _instruction(self) -> str:
        if self.loser is not None:
            if self.stopped:
                return f"The turn limit is reached: seat {self.loser} holds the most cards and loses."
            return f"Seat {self.loser} is left holding cards and loses."
        seat = self.current
        if self.group == 0:
            return f"Seat {seat} leads a new pile with any one card."
        what = group_text(self.group, self.top)
        name = RANK_NAMES[RANK_ORDER[self.top]]
        if self.group == 1:
            return f"Seat {seat} must raise {what} with a higher card, extend it with a {name}, or take the pile."
        choices = [f"cover {what} with {self.group} higher cards"]
        moves = allowed_moves(self.group, self.options)
        if "ace" in moves:
            choices.append("play an ace")
        if "extend" in moves:
            choices.append(f"extend with a {name}")
        return f"Seat {seat} must {', '.join(choices)}, or take the pile."

    def _tags(self, seat: int) -> list[str]:
        tags = []
        if seat == self.dealer:
            tags.append("dealer")
        if seat in self.places:
            tags.append(f"out: {ORDINALS[self.places.index(seat)]}")
        elif seat == self.loser:
            tags.append("loser")
        elif not self.hands[seat]:
            tags.append("waits for the stock")
        if self.losses[seat]:
            tags.append(f"lost: {self.losses[seat]}")
        return tags

    def _pile_view(self, plays: list[tuple[int, list[int]]], label: str) -> dict[str, Any]:
        return {"kind": "pile", "label": label, "plays": [{"seat": s, "cards": _texts(b)} for s, b in plays]}

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        if self.group:
            label = f"Pile of {sum(len(b) for _, b in self.plays)}: {group_text(self.group, self.top)} on top"
        else:
            label = "No pile: a new one is led"
        last = None
        if self.last_clear is not None:
            who, plays = self.last_clear
            last = self._pile_view(plays, f"Sent out of play by seat {who}")
        mine = _bits(self.hands[seat]) if seat is not None else []
        return {
            "game": "bailiff",
            "seat": seat,
            "players": n,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": list(self.to_act()),
            "phase": "over" if self.loser is not None else ("answer" if self.group else "lead"),
            "status": self.status(),
            "hand": _texts(mine),
            "seats": [
                {"cards": self.hands[s].bit_count(), "out": self._place(s), "tags": self._tags(s)} for s in range(n)
            ],
            "stock": len(self.stock),
            "table": self._pile_view(self.plays, label),
            "last_trick": last,
            "sheet": {
                "columns": [f"Seat {s}" for s in range(n)],
                "rows": [[self._standing(s) for s in range(n)]],
                "totals": [str(x) for x in self.losses],
            },
            "over": self.loser is not None,
            "result": self.result(),
            "extra": {
                "top": self._top_extra(),
                "pile_size": sum(len(b) for _, b in self.plays),
                "out_of_play": len(self.gone),
                "places": list(self.places),
                "loser": self.loser,
                "losses": list(self.losses),
                "turns": self.turns,
                "max_turns": self.options["max_turns"],
                "last": self.note,
            },
        }

    def _place(self, seat: int) -> int | None:
        return self.places.index(seat) + 1 if seat in self.places else None

    def _standing(self, seat: int) -> str:
        if seat in self.places:
            return ORDINALS[self.places.index(seat)]
        return "lost" if seat == self.loser else "playing"

    def _top_extra(self) -> dict[str, Any] | None:
        if not self.group:
            return None
        return {
            "rank": RANK_ORDER[self.top],
            "group": self.group,
            "moves": list(allowed_moves(self.group, self.options)),
            "text": group_text(self.group, self.top),
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


# ---- bots ----------------------------------------------------------------------------------------------------

HEURISTIC_TAKE_PILE = 3
"""The heuristic bot takes a pile of at most this many cards rather than spend a card ranked at least..."""

HEURISTIC_TAKE_RANK = RANK_ORDER.index("K")
"""...this high (or an ace) on it."""


def _action_ranks(action: str) -> list[int]:
    return [_BIT_OF_TEXT[p] >> 2 for p in action.split()[1:]]


class HeuristicBot:
    """Sheds cheaply: extends when it can, else plays its lowest legal lead, raise or cover, keeps aces for
    when nothing else answers, and takes a small pile rather than spend a high card on it."""

    def choose(self, view: dict[str, Any], legal_actions: Sequence[str], rng: random.Random) -> str:
        plays = [a for a in legal_actions if a != "take"]
        if not plays:
            return "take"
        top = view["extra"]["top"]
        if top is not None:
            extend = [a for a in plays if len(a.split()) == 2 and _action_ranks(a)[0] == RANK_ORDER.index(top["rank"])]
            if extend:
                return extend[0]
        best = min(plays, key=lambda a: (max(_action_ranks(a)) == ACE, max(_action_ranks(a)), sum(_action_ranks(a))))
        cost = max(_action_ranks(best))
        if (
            "take" in legal_actions
            and view["extra"]["pile_size"] <= HEURISTIC_TAKE_PILE
            and cost >= HEURISTIC_TAKE_RANK
        ):
            return "take"
        return best


# ---- the explorer --------------------------------------------------------------------------------------------


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay cards one by one on a pile, as on the rules page: what each card does, and what may come next.

    A cover of a group of k is laid as k steps by the same seat. Hands are not known: any card not yet laid
    may be laid.
    """
    opts = DECL.validate_options(options, players)
    group = top = 0
    expected: int | None = None
    covering: list[int] = []
    laid: set[str] = set()
    steps = []
    for seat, text in plays:
        card = Card.parse(text)
        rank = card.rank - 6
        step: dict[str, Any] = {"seat": seat, "card": str(card), "legal": False, "beats": None, "verdict": ""}
        steps.append(step)
        if str(card) in laid:
            step["reason"] = f"{card.pretty()} is already on the table"
            continue
        if expected is not None and seat != expected:
            step["reason"] = f"it is seat {expected}'s turn"
            continue
        if covering:
            move, why = (
                ("cover", f"covering card {len(covering) + 1} of {group}")
                if rank > top
                else (None, f"every covering card must be higher than a {RANK_NAMES[RANK_ORDER[top]]}")
            )
        else:
            move, why = classify(group, top, [rank], opts)
            if move is None and group > 1 and rank > top:
                move, why = "cover", f"covering card 1 of {group}: {group} higher cards cover {group_text(group, top)}"
        step["reason"] = why
        if move is None:
            continue
        step["legal"] = True
        laid.add(str(card))
        what = group_text(group, top) if group else ""
        if move == "cover" and len(covering) + 1 < group:
            covering.append(rank)
            step["verdict"] = f"seat {seat} must lay {group - len(covering)} more covering card(s)"
            expected = seat
            continue
        if move == "cover":
            rank = max(covering + [rank])
            covering = []
        step["beats"] = {"lead": None, "extend": False}.get(move, True)
        step["verdict"] = {
            "lead": f"seat {seat} starts a pile with {card.pretty()}",
            "raise": f"{card.pretty()} is higher: it raises {what}",
            "extend": f"{card.pretty()} extends {what}",
            "cover": f"seat {seat} covers {what}",
            "ace": f"the ace covers {what} on its own",
        }[move]
        group, top = (group + 1, top) if move == "extend" else (1, rank)
        expected = (seat + 1) % players
        if top == ACE:
            step["verdict"] += "; an ace on top sends the pile out of play and the same player leads again"
            group, expected = 0, seat
    nxt = expected if expected is not None else 0
    legal = [
        t
        for t in _TEXT_OF_BIT
        if t not in laid
        and (
            (covering and _BIT_OF_TEXT[t] >> 2 > top)
            or (
                not covering
                and (
                    classify(group, top, [_BIT_OF_TEXT[t] >> 2], opts)[0] or (group > 1 and _BIT_OF_TEXT[t] >> 2 > top)
                )
            )
        )
    ]
    if covering:
        summary = f"Seat {nxt} is covering {group_text(group, top)}: {group - len(covering)} more higher card(s)."
    elif group:
        summary = f"Seat {nxt} faces {group_text(group, top)}: {', '.join(allowed_moves(group, opts))}."
    else:
        summary = f"Seat {nxt} leads a new pile with any one card."
    return {"steps": steps, "winner": None, "summary": summary, "next": {"seat": nxt, "legal": legal}}


# ---- the rules page ------------------------------------------------------------------------------------------

RULES_TEXT: dict[str, dict[str, Any]] = {
    "en": {
        "goal": "Do not be the last player left holding cards.",
        "players": "2 to 6 players; six is the classic game (the whole deck is dealt, no stock).",
        "deck": "36 cards, 6 to ace; suits play no role.",
        "titles": {
            "deck": "Deck and deal",
            "turn": "A turn",
            "stock": "The stock",
            "end": "The end",
            "options": "Table options",
        },
        "text": {
            "deck": [
                "The dealer is chosen by lot. Each player gets six cards; with fewer than six players the rest of the "
                "deck is the face-down stock. The player after the dealer leads.",
            ],
            "turn": [
                "The pile's top is a single card or a group of two to four cards of one rank laid side by side.",
                "On a single card: raise with one higher card of any suit, or extend with a card of the same rank.",
                "On a group of k: cover it with k cards, each higher than the group's rank (their ranks may differ); "
                "the pile is squared with the highest covering card on top, and the next player faces that card. "
                "Or cover a group of two or three with a single ace, or extend the group with one more card of its "
                "rank.",
                "Whenever an ace ends on top, the whole pile leaves play and the same player leads a new pile.",
                "Instead of laying a card a player may always take the whole pile into his hand; he must when he has "
                "nothing to lay. The next player then leads a new pile.",
            ],
            "stock": [
                "After every pile that leaves play and every take, each player with fewer than six cards draws up to "
                "six while the stock lasts, in turn order, starting with the player who played the ace or took the "
                "pile. "
                "A player with no cards while the stock lasts is skipped until the next refill.",
            ],
            "end": [
                "A player with no cards when the stock is empty is out, at the next place. The last player still "
                "holding cards loses; there are no draws. The score sheet counts each player's losses.",
            ],
            "options": ["Each table option, its default and what it changes."],
        },
        "columns": {
            "order": ["", *RANK_ORDER],
            "lay": ["On top", *MOVES],
            "moves": ["Move", "What it does"],
            "stock": ["Players", "Stock"],
            "options": ["Option", "Default", "This table", "What it changes"],
        },
        "captions": {
            "order": "Ranks, low to high",
            "lay": "What may be laid on what",
            "moves": "The moves",
            "stock": "Cards left in the stock after the deal",
            "options": "Table options",
        },
        "order_row": "low → high",
        "top": TOP_LABELS,
        "moves": MOVES,
        "yes": "yes",
        "no": "—",
        "options_help": {o.name: o.description for o in OPTIONS},
        "values": {True: "on", False: "off", None: "none"},
    },
    "ru": {
        "goal": "Не остаться последним с картами на руках.",
        "players": "От 2 до 6 игроков; классическая игра — вшестером (раздаётся вся колода, прикупа нет).",
        "deck": "36 карт, от шестёрки до туза; масти роли не играют.",
        "titles": {
            "deck": "Колода и сдача",
            "turn": "Ход",
            "stock": "Прикуп",
            "end": "Конец игры",
            "options": "Настройки стола",
        },
        "text": {
            "deck": [
                "Сдающий определяется жребием. Каждому сдаётся по шесть карт; если игроков меньше шести, остаток "
                "колоды лежит рубашкой вверх как прикуп. Первым ходит игрок слева от сдающего.",
            ],
            "turn": [
                "Сверху стопки лежит одна карта или группа из двух-четырёх карт одного достоинства, выложенных рядом.",
                "На одиночную карту: повысить — положить одну карту старше, любой масти, или продлить — положить рядом "
                "карту того же достоинства.",
                "На группу из k карт: покрыть её k картами, каждая старше группы (их достоинства могут различаться); "
                "стопку собирают так, что старшая покрывающая карта сверху, и следующий игрок отвечает на неё. "
                "Или покрыть группу из двух или трёх одним тузом, или продлить группу ещё одной картой её достоинства.",
                "Как только сверху оказывается туз, вся стопка уходит в отбой, и тот же игрок начинает новую стопку.",
                "Вместо хода игрок всегда может забрать всю стопку на руки; если положить нечего — обязан. "
                "Тогда новую стопку начинает следующий игрок.",
            ],
            "stock": [
                "После каждого отбоя и каждого взятия игроки, у кого меньше шести карт, добирают до шести из прикупа, "
                "пока он не кончится, по очереди, начиная с игрока, сыгравшего туза или взявшего стопку. "
                "Игрок без карт при непустом прикупе пропускает ход до следующего добора.",
            ],
            "end": [
                "Игрок, у которого не осталось карт при пустом прикупе, выходит из игры и занимает следующее место. "
                "Последний, у кого остались карты, проигрывает; ничьих нет. В записи считаются проигрыши игроков.",
            ],
            "options": ["Настройки стола, их значения по умолчанию и что они меняют."],
        },
        "columns": {
            "order": ["", *RANK_ORDER],
            "lay": ["Сверху", "начать", "повысить", "продлить", "покрыть", "туз", "взять"],
            "moves": ["Ход", "Что он делает"],
            "stock": ["Игроков", "Прикуп"],
            "options": ["Настройка", "По умолчанию", "За этим столом", "Что меняет"],
        },
        "captions": {
            "order": "Старшинство карт, от младшей к старшей",
            "lay": "Что можно положить на что",
            "moves": "Ходы",
            "stock": "Карт в прикупе после сдачи",
            "options": "Настройки стола",
        },
        "order_row": "младшая → старшая",
        "top": {
            "none": "стопки нет",
            "1": "одиночная карта",
            "2": "группа из 2",
            "3": "группа из 3",
            "4": "группа из 4",
        },
        "moves": {
            "lead": "положить любую одну карту, начиная новую стопку",
            "raise": "положить на одиночную карту одну карту старше (любой масти)",
            "extend": "положить рядом карту того же достоинства; группа растёт до четырёх карт",
            "cover": "положить на группу из k карт k карт, каждая старше группы; старшая ложится сверху",
            "ace": "положить одного туза на группу из двух или трёх (четырёх — по настройке): стопка уходит в отбой",
            "take": "забрать всю стопку (можно всегда, обязательно — когда больше нечего сделать)",
        },
        "yes": "да",
        "no": "—",
        "options_help": {
            "ace_covers_four": "Может ли одиночный туз покрыть группу из четырёх (в тексте названы только две и три).",
            "max_turns": "Закончить игру после стольких ходов; проигрывает тот, у кого больше карт (для автоигры).",
        },
        "values": {True: "да", False: "нет", None: "нет"},
    },
}
"""The rules page's prose and headers per language; the cells come from the tables above."""

RULINGS: dict[str, list[dict[str, Any]]] = {
    "turn": [
        {
            "seed": "the player can put immediately two cards of the highest value of the last pair cards",
            "ours": "A group of k is covered by k cards, each higher than the group's rank; their ranks may differ.",
            "option": None,
        },
        {
            "seed": "the covered cards and everything under them are assembled in one pile so that the top of the "
            "covered cards is on top",
            "ours": "After a cover the highest covering card lies on top, and the next player answers that one card.",
            "option": None,
        },
        {
            "seed": "Ace is the only beating card that can beat both two and three cards",
            "ours": "A single ace covers a group of two or three; a group of four only with the table option.",
            "option": "ace_covers_four",
        },
        {
            "seed": "The player who leaves the ace sends the whole stack of cards to the end and starts again",
            "ours": "Any ace on top (a raise, a cover, even a lead) sends the pile out of play; the same player leads "
            "again, or the next player holding cards if he has none left.",
            "option": None,
        },
        {
            "seed": "It is not necessary to cover maps, you can take the stack of cards formed for tactical reasons",
            "ours": "Taking the pile is always allowed while there is one, even when the player could answer.",
            "option": None,
        },
    ],
    "stock": [
        {
            "seed": "from which players replenish the cards to 6 after each rebound or capture",
            "ours": "The refill runs in turn order from the player who played the ace or took the pile.",
            "option": None,
        },
    ],
    "end": [
        {
            "seed": "The game can be protracted if there are 2 players remaining, and the Aces have already all left",
            "ours": "A turn limit (off by default) ends such a game for automated play: the player holding the most "
            "cards loses.",
            "option": "max_turns",
        },
    ],
}
"""Where a ruling resolves an ambiguity: the seed's own words beside our reading (English only, as the seed)."""


def _cell(yes: bool, texts: Mapping[str, Any]) -> dict[str, str]:
    return {"text": texts["yes"] if yes else texts["no"], "mark": "yes" if yes else "no"}


def rules(options: Mapping[str, Any] | None = None, lang: str = "en") -> dict[str, Any]:
    """The rules document for a table with these options, in ``lang`` ("en" or "ru"), built from the tables."""
    opts = DECL.validate_options(options or {})
    t = RULES_TEXT[lang]
    tables: dict[str, dict[str, Any]] = {
        "order": {"rows": [[t["order_row"], *RANK_ORDER]]},
        "lay": {
            "rows": [
                [t["top"][key], *(_cell(m in allowed_moves(group, opts), t) for m in MOVES)]
                for group, key in enumerate(TOP_LABELS)
            ]
        },
        "moves": {"rows": [[m, t["moves"][m]] for m in MOVES]},
        "stock": {"rows": [[str(n), str(36 - HAND_SIZE * n)] for n in range(DECL.min_players, DECL.max_players + 1)]},
        "options": {
            "rows": [
                [
                    o.name,
                    t["values"][o.default],
                    t["values"].get(opts[o.name], str(opts[o.name])),
                    t["options_help"][o.name],
                ]
                for o in OPTIONS
            ]
        },
    }
    placement = {"deck": ["order", "stock"], "turn": ["lay", "moves"], "stock": [], "end": [], "options": ["options"]}
    sections = []
    for sid, table_ids in placement.items():
        sections.append(
            {
                "id": sid,
                "title": t["titles"][sid],
                "text": list(t["text"][sid]),
                "tables": [
                    {
                        "id": tid,
                        "caption": t["captions"][tid],
                        "columns": list(t["columns"][tid]),
                        "rows": tables[tid]["rows"],
                        "row_headers": True,
                        "notes": [],
                    }
                    for tid in table_ids
                ],
                "rulings": list(RULINGS.get(sid, [])),
            }
        )
    return {"goal": t["goal"], "players": t["players"], "deck": t["deck"], "sections": sections}


DECL = GameDecl(
    id="bailiff",
    name="Bailiff",
    summary="Raise, extend and cover a growing pile; an ace sends it away. The last player holding cards loses.",
    min_players=2,
    max_players=FULL_TABLE,
    default_players=FULL_TABLE,
    deck_size=36,
    options=OPTIONS,
    state=Bailiff,
    bots={"random": RandomBot(), "heuristic": HeuristicBot()},
    rules=rules,
    explore=explore,
)
Bailiff.decl = DECL
