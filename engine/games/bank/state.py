"""Bank («Банк»): a shedding game for 2-4 players. Lay cards on the bank; who cannot answer your card gives you
the bank and its points. First to 248 wins (rulings bank.md §3).

The rules as data (rank order, lay rules, points, bonuses, options) live in ``tables.py``, the rules page in
``doc.py``, the explorer in ``explore.py``, the heuristic bot in ``bot.py``; this module holds the game state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, cast

from engine.actions import Action
from engine.bots import bot_seat
from engine.cards import EIGHT, KING, SEVEN, SIX, SUITS, Card, cards_text, from_mask, shuffled
from engine.core import Deal, Game, copy_rng, seat_order
from engine.games.bank.extra import BankExtra, BankOptions, LayOn, Won, extra_of
from engine.games.bank.tables import (
    DECK,
    EIGHTS,
    FOUR_OF_A_KIND_BONUS,
    FOUR_PLAYS,
    HAND_SIZE,
    KING_BONUS,
    ORDINAL,
    PLACE_BONUS,
    POINTS_BY_TEXT,
    RUN_BONUS,
    RUN_PLAYS,
    SUIT_MASKS,
    canonical_cards,
    card_points,
    lay_explanation,
    lay_mask,
    play_text,
    single_plays,
)
from engine.games.bank.texts import hand_cell, line, signed, trumps_msg
from engine.messages import Cell, Message, msg
from engine.messages import card as card_value
from engine.messages import cards as cards_value
from engine.messages import seat as seat_value
from engine.messages import suit as suit_value
from engine.outcome import Outcome, Result
from engine.trumps import Trumps, choices_needed
from engine.views import Event, PlayView, SeatView, TableView, View


def _not_a_card(args: Sequence[str]) -> str:
    """The first of ``args`` that names no card."""
    for text in args:
        try:
            Card.parse(text)
        except ValueError:
            return text
    return " ".join(args)


# ---- the game ------------------------------------------------------------------------------------------------------


class BankResult(Result):
    """Bank's result: each seat's final points."""

    score: list[int]


Phase = Literal["trump", "play", "over"]
"""A hand of Bank: the trump choice (when the players choose them), the play, then the game's end."""


class BankGame(Game):
    """One game of Bank: all hands until someone reaches the target with a unique highest total."""

    phase: Phase
    """Where the hand stands (the view's ``phase``)."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        n = self.players
        self.score: list[int] = list(start.get("score") or [0] * n)
        self.trumps = Trumps(self.options["trumps"], n)
        self.dealer = dealer if dealer is not None else self.rng.randrange(n)
        self.hand_no = 0
        self.sheet_rows: list[list[Cell]] = []
        self.last_hand: dict[str, Any] | None = None
        self.winners: list[int] | None = None
        self.choosers: list[int] = []
        self.classes: list[list[int]] = []
        self._allowed: dict[tuple[int, Card, int], int] = {}
        self._plays_key: tuple[int, int] | None = None
        self._plays_cache: dict[str, tuple[tuple[Card, ...], tuple[str, ...]]] = {}
        self._reset_hand()
        self.hand_deal = self._new_deal(deal)
        self.stock: list[Card] = list(DECK)
        needed = choices_needed(self.trumps.setup, n)
        order = seat_order((self.dealer + 1) % n, n)
        if needed and self.options["trump_choice"] == "choose":
            self.choosers = order[:needed]
            self.phase = "trump"
            return [{"event": "choose", "seat": self.choosers[0], "setup": self.trumps.setup}]
        self.trumps.assign_randomly(order, self.rng)
        return [self._trump_event(), *self._deal_hand(self.hand_deal)]

    def _reset_hand(self) -> None:
        n = self.players
        self.hands: list[int] = [0] * n
        self.stock = []
        self.bank: list[tuple[int | None, Card]] = []
        self.ref: tuple[Card, int | None, int] | None = None
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.banks_won = [0] * n
        self.aside: list[Card] = []
        self.out: list[int | None] = [None] * n
        self.bonus_lines: list[list[tuple[Message, int]]] = [[] for _ in range(n)]
        self.turn = 0
        self.drawn = False
        self.passes = 0
        self.kings_pending = False
        self.skipped: int | None = None
        self.starter = 0
        self.ender = 0
        self.last_bank: TableView | None = None
        self.phase = "play"

    def _trump_event(self) -> Event:
        return {"event": "trump", "trumps": self.trumps.per_seat(), "setup": self.trumps.setup}

    # ---- dealing ---------------------------------------------------------------------------------------------------
    def _new_deal(self, deal: Deal | None) -> Deal:
        """The given deal (its centre card taken from the stock top when it has none), or a shuffled one."""
        if deal is not None:
            stock = list(deal.stock)
            centre = deal.table if deal.table is not None else stock.pop(0)
            return Deal(hands=[list(h) for h in deal.hands], stock=stock, table=centre)
        n = self.players
        deck = shuffled(DECK, self.rng)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, seat in enumerate(seat_order((self.dealer + 1) % n, n) * HAND_SIZE):
            hands[seat].append(deck[i])
        return Deal(hands=hands, stock=deck[n * HAND_SIZE + 1 :], table=deck[n * HAND_SIZE])

    def _deal_hand(self, deal: Deal) -> list[Event]:
        """Start a hand from ``deal`` (kept as ``hand_deal``): hands, the centre card, the stock, the first mover."""
        self._reset_hand()
        self.hand_no += 1
        self.hand_deal = deal
        hands = deal.hands
        centre = deal.table
        assert centre is not None
        self.hands = [sum(c.bit for c in h) for h in hands]
        self.stock = list(deal.stock)
        self.bank = [(None, centre)]
        self.starter, why = self._first_mover(hands, centre)
        self.turn = self.starter
        return [
            {
                "event": "deal",
                "dealer": self.dealer,
                "hand_no": self.hand_no,
                "centre": str(centre),
                "stock": len(self.stock),
                "first": self.starter,
                "msg": why,
            }
        ]

    def _first_mover(self, hands: list[list[Card]], centre: Card) -> tuple[int, Message]:
        """§3.3: the nearest card below the centre card in its suit, else the nearest above, else left of dealer.
        The reason names only the centre card: the first mover's hand stays hidden."""
        held = [(ORDINAL[c.rank], seat) for seat, h in enumerate(hands) for c in h if c.suit == centre.suit]
        below = [x for x in held if x[0] < ORDINAL[centre.rank]]
        if below:
            seat = max(below)[1]
            return seat, msg("bank.first.below", seat=seat_value(seat), card=card_value(centre))
        if held:
            seat = min(held)[1]
            return seat, msg("bank.first.above", seat=seat_value(seat), card=card_value(centre))
        seat = (self.dealer + 1) % self.players
        return seat, msg("bank.first.left", seat=seat_value(seat), suit=suit_value(SUITS[centre.suit]))

    # ---- what lies on top ------------------------------------------------------------------------------------------
    def card_class(self, seat: int | None, card: Card) -> int:
        """0 ordinary, 1 trump (junior), 2 senior trump; the centre card (``seat`` None) is never an own trump."""
        if seat is None:
            return 0 if self.trumps.setup == "own" else self.trumps.card_class(0, card)
        return self.trumps.card_class(seat, card)

    def top(self) -> tuple[Card, int | None, int]:
        """The card to lay on now: (card, who laid it, its class)."""
        if self.bank:
            seat, card = self.bank[-1]
            return card, seat, self.card_class(seat, card)
        assert self.ref is not None
        return self.ref

    def _suit_classes(self, seat: int) -> list[int]:
        """Per suit, the class of ``seat``'s cards (fixed once the trumps are chosen)."""
        if not self.classes:
            self.classes = [[self.trumps.card_class(p, Card(SIX, s)) for s in range(4)] for p in range(self.players)]
        return self.classes[seat]

    def _single_mask(self, seat: int, top: Card, top_class: int) -> int:
        """The cards ``seat`` may lay singly on ``top`` (a bitmask over the whole deck; cached per game)."""
        key = (seat, top, top_class)
        allowed = self._allowed.get(key)
        if allowed is None:
            allowed = lay_mask(self._suit_classes(seat), top, top_class, self.options["trump_beat"])
            self._allowed[key] = allowed
        return allowed

    def plays(self, seat: int) -> dict[str, tuple[tuple[Card, ...], tuple[str, ...]]]:
        """Every legal play of ``seat`` now: action text → (cards in the order laid, kind of each part)."""
        key = (self.version, seat)
        if self._plays_key != key:
            top, _, top_class = self.top()
            self._plays_cache = self._plays_onto(seat, self.hands[seat], top, top_class)
            self._plays_key = key
        return self._plays_cache

    def _plays_onto(
        self, seat: int, hand: int, top: Card, top_class: int
    ) -> dict[str, tuple[tuple[Card, ...], tuple[str, ...]]]:
        allowed = self._single_mask(seat, top, top_class)
        out = dict(single_plays(hand & allowed & ~EIGHTS))
        eights = hand & EIGHTS
        if eights:
            classes = self._suit_classes(seat)
            for e in from_mask(eights):
                follow = self._plays_onto(seat, hand & ~e.bit, e, classes[e.suit])
                for cards, kinds in follow.values():
                    seq = canonical_cards((e, *cards))
                    out.setdefault(play_text(seq), (seq, ("eight", *kinds)))
                if not follow or self.options["eight_follow_up"] == "optional":
                    out.setdefault(play_text((e,)), ((e,), ("eight",)))
        if hand.bit_count() < 4:
            return out
        quads = hand & (hand >> 9) & (hand >> 18) & (hand >> 27) & 0x1FF  # ranks held in all four suits
        if quads:
            for rank in (i + 6 for i in range(9) if quads >> i & 1):
                out.update(FOUR_PLAYS[rank])
        out.update(
            (text, play)
            for suit_mask in SUIT_MASKS
            for first, text, play in RUN_PLAYS.get(hand & suit_mask, ())
            if allowed & first
        )
        return out

    # ---- the Game hooks --------------------------------------------------------------------------------------------
    def normalize(self, action: str) -> str:
        norm = super().normalize(action)
        if not norm:
            return norm
        parsed = Action.parse(norm)
        if parsed.verb == "play" and len(parsed.args) > 3:
            try:
                return play_text(parsed.cards())
            except ValueError:
                return norm
        return norm

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "trump":
            return (self.choosers[0],)
        if self.phase == "play":
            return (self.turn,)
        return ()

    def may_act(self, seat: int) -> bool:
        return seat == self.turn if self.phase == "play" else seat in self.to_act()

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "trump":
            return [f"trump {SUITS[s]}" for s in self.trumps.available()]
        actions = list(self.plays(seat))
        if actions and self.options["may_pass_when_able"]:
            actions.append("pass")
        if not actions:
            actions.append("draw" if self.stock and not self.drawn else "pass")
        return actions

    def _perform(self, seat: int, action: str) -> list[Event]:
        if action == "draw":
            card = self.stock.pop(0)
            self.hands[seat] |= card.bit
            self.drawn = True
            return [{"event": "draw", "seat": seat, "stock": len(self.stock)}]
        if action == "pass":
            return self._pass(seat)
        if action.startswith("trump "):
            return self._choose_trump(seat, SUITS.index(action[6:]))
        cards, kinds = self.plays(seat)[action]
        return self._play(seat, cards, kinds)

    def _choose_trump(self, seat: int, suit: int) -> list[Event]:
        self.trumps.choose(seat, suit)
        self.choosers.pop(0)
        events: list[Event] = [{"event": "chosen", "seat": seat, "suit": SUITS[suit]}]
        if self.choosers:
            return events + [{"event": "choose", "seat": self.choosers[0], "setup": self.trumps.setup}]
        return events + [self._trump_event(), *self._deal_hand(self.hand_deal)]

    def _next_active(self, seat: int) -> int:
        n = self.players
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.hands[nxt]:
                return nxt
        return seat

    def _active(self) -> list[int]:
        return [s for s in range(self.players) if self.out[s] is None]

    def _take(self, seat: int, why: Message) -> list[Event]:
        """``seat`` wins the bank: its cards go to his pile; its top card stays as the reference card."""
        pile = self.bank
        cards = [c for _, c in pile]
        top_seat, top = pile[-1]
        self.ref = (top, top_seat, self.card_class(top_seat, top))
        self.won[seat].extend(cards)
        self.banks_won[seat] += 1
        self.bank = []
        self.kings_pending = False
        if self.quiet:
            self.last_bank = None
            return []
        self.last_bank = {
            "kind": "pile",
            "label": msg(
                "bank.label.won",
                cards=msg("bank.count.cards", n=len(cards)),
                points=msg("bank.count.points", n=card_points(cards)),
            ),
            "plays": self._pile_plays(pile),
            "winner": seat,
            "why": why,
        }
        return [{"event": "clear", "seat": seat, "cards": cards_text(cards), "points": card_points(cards), "msg": why}]

    def _play(self, seat: int, cards: tuple[Card, ...], kinds: tuple[str, ...]) -> list[Event]:
        before, _, before_class = self.top()
        for c in cards:
            self.hands[seat] &= ~c.bit
            self.bank.append((seat, c))
        self.drawn = False
        self.passes = 0
        self.skipped = None
        top = cards[-1]
        events: list[Event] = []
        if not self.quiet:
            events.append(
                {
                    "event": "play",
                    "seat": seat,
                    "cards": cards_text(cards),
                    "kind": "+".join(kinds),
                    "on": str(before),
                    "top": str(top),
                    "msg": self._play_why(seat, cards, kinds, before, before_class),
                }
            )
        if self.kings_pending:
            events.extend(self._take(seat, msg("bank.take.cover_kings", seat=seat_value(seat))))
        elif kinds[-1] == "four" and top.rank == KING:
            if self.options["four_kings"] == "layer-takes":
                events.extend(self._take(seat, msg("bank.take.four_kings", seat=seat_value(seat))))
            else:
                self.kings_pending = True
        if not self.hands[seat]:
            events.extend(self._go_out(seat, top, kinds[-1]))
        if len(self._active()) <= 1:
            self.ender = seat
            return events + self._end_hand()
        self.turn = self._next_active(seat)
        if top.rank == SEVEN:
            events.extend(self._seven(seat))
        return events

    def _play_why(
        self, seat: int, cards: tuple[Card, ...], kinds: tuple[str, ...], before: Card, before_class: int
    ) -> Message:
        if kinds[-1] == "four":
            return msg("bank.why.four", cards=cards_value(cards))
        if kinds[-1] == "run":
            return msg("bank.why.run", card=card_value(cards[0]), top=card_value(before))
        if len(cards) > 1:
            return msg("bank.why.eight", eight=card_value(cards[-2]), card=card_value(cards[-1]))
        return self.lay_reason(seat, cards[0], before, before_class)

    def _go_out(self, seat: int, last: Card, kind: str) -> list[Event]:
        place = sum(p is not None for p in self.out) + 1
        self.out[seat] = place
        lines = self.bonus_lines[seat]
        lines.append((msg("bank.line.out", place=msg(f"bank.place.{place}")), PLACE_BONUS.get(place, 0)))
        if last.rank == KING:
            lines.append((msg("bank.line.king"), KING_BONUS.get(place, 0)))
        if kind == "run":
            lines.append((msg("bank.line.run"), RUN_BONUS.get(place, 0)))
        if kind == "four" and last.rank != KING:
            lines.append((msg("bank.line.four"), FOUR_OF_A_KIND_BONUS))
        events: list[Event] = [{"event": "out", "seat": seat, "place": place, "bonus": sum(p for _, p in lines)}]
        if last.rank == KING and self.card_class(seat, last) and self.bank:
            events.extend(self._take(seat, msg("bank.take.trump_king", seat=seat_value(seat))))
        return events

    def _seven(self, seat: int) -> list[Event]:
        rule = self.options["after_seven"]
        victim = self.turn
        events: list[Event] = []
        if rule in ("draw-and-play", "skip-and-draw") and self.stock:
            self.hands[victim] |= self.stock.pop(0).bit
            events.append({"event": "draw", "seat": victim, "stock": len(self.stock), "why": "seven"})
        if rule in ("skip", "skip-and-draw"):
            self.skipped = victim
            self.turn = self._next_active(victim)
            events.append({"event": "skip", "seat": victim, "msg": msg("bank.skip", seat=seat_value(victim))})
        return events

    def _pass(self, seat: int) -> list[Event]:
        quiet = self.quiet
        events: list[Event] = [] if quiet else [{"event": "pass", "seat": seat}]
        self.skipped = None
        if not self.stock:
            self.passes += 1
        owner = self.bank[-1][0] if self.bank else None
        if owner is not None and owner != seat and len(self.bank) > 1:
            unanswered = msg("bank.why.unanswered", seat=seat_value(seat), card=card_value(self.bank[-1][1]))
            events.extend(self._take(owner, msg("bank.take.unanswered", seat=seat_value(owner), why=unanswered)))
        elif owner is not None and owner != seat and not quiet:
            events.append({"event": "keep", "seat": owner, "msg": msg("bank.keep", seat=seat_value(owner))})
        self.drawn = False
        if not self.stock and self.passes >= len(self._active()):
            self.ender = seat
            return events + self._end_hand()
        self.turn = self._next_active(seat)
        return events

    # ---- end of a hand ---------------------------------------------------------------------------------------------
    def hand_penalty(self, cards: Sequence[Card]) -> int:
        """What the cards left in a loser's hand cost him (option ``penalty``)."""
        rule = self.options["penalty"]
        points = card_points(cards)
        fixed: int = self.options["fixed_penalty"]
        per_card: int = self.options["card_penalty"]
        return {
            "none": 0,
            "hand-points": points,
            "hand-points-plus-fixed": points + fixed,
            "hand-points-plus-per-card": points + per_card * len(cards),
            "fixed-replaces": fixed,
        }[rule]

    def _end_hand(self) -> list[Event]:
        n = self.players
        events: list[Event] = []
        if self.bank:
            owner = self.bank[-1][0]
            if owner is not None and len(self.bank) > 1:
                events.extend(self._take(owner, msg("bank.take.left_over", seat=seat_value(owner))))
            else:
                self.aside = [c for _, c in self.bank]
                self.bank = []
        losers = [s for s in range(n) if self.out[s] is None]
        points: list[int] = []
        lines: list[list[Message]] = []
        for s in range(n):
            bank_points = card_points(self.won[s])
            pen = self.hand_penalty(from_mask(self.hands[s])) if s in losers else 0
            points.append(bank_points + sum(p for _, p in self.bonus_lines[s]) - pen)
            if not self.quiet:
                mine = [(msg("bank.line.banks"), bank_points), *self.bonus_lines[s]]
                if pen:
                    mine.append((msg("bank.line.left"), -pen))
                lines.append([line(what, p) for what, p in mine])
        self.score = [a + b for a, b in zip(self.score, points, strict=True)]
        if not self.quiet:
            self.sheet_rows.append(
                [str(self.hand_no), *(hand_cell(p, ls) for p, ls in zip(points, lines, strict=True))]
            )
        self.last_hand = {"hand_no": self.hand_no, "points": points}
        events.append(
            {
                "event": "hand",
                "points": points,
                "score": list(self.score),
                "losers": losers,
                "places": list(self.out),
                "lines": lines,
            }
        )
        best = max(self.score)
        leaders = [s for s in range(n) if self.score[s] == best]
        limit = self.options["max_hands"]
        decided = best >= self.options["target"] or (limit is not None and self.hand_no >= limit)
        if decided and len(leaders) == 1:
            self.winners = leaders
            self.phase = "over"
            return events + [{"event": "game", "winners": leaders, "losers": [s for s in range(n) if s not in leaders]}]
        if decided:
            events.append({"event": "tie", "seats": leaders, "msg": msg("bank.tie")})
        self.dealer = self._next_dealer(losers)
        return events + self._deal_hand(self._new_deal(None))

    def _next_dealer(self, losers: list[int]) -> int:
        rule = self.options["next_dealer"]
        order = seat_order((self.dealer + 1) % self.players, self.players)
        if rule == "last-out":
            return self.ender
        if rule == "starter":
            return self.starter
        if rule == "most-points":
            return max(order, key=lambda s: (self.score[s], -order.index(s)))
        if rule == "fewest-points":
            return min(order, key=lambda s: (self.score[s], order.index(s)))
        return next(s for s in order if s in losers)

    # ---- explanations ----------------------------------------------------------------------------------------------
    def lay_reason(self, seat: int, card: Card, top: Card, top_class: int) -> Message:
        """Why ``card`` may (or may not) be laid by ``seat`` on ``top``, as a message."""
        return lay_explanation(card, self.card_class(seat, card), top, top_class, self.options["trump_beat"])

    def _turn_reason(self, seat: int, verb: str) -> Message:
        """Why ``seat`` may not draw or pass now: what it can lay, or what the stock allows."""
        plays = self.plays(seat)
        can = cards_value(next(iter(plays.values()))[0]) if plays else None
        if verb == "draw":
            if can:
                return msg("bank.reason.draw_can_lay", cards=can)
            if self.drawn:
                return msg("bank.reason.drawn")
            return msg("bank.reason.stock_empty")
        if not can:
            return msg("bank.reason.draw_first")
        return msg("bank.reason.pass_can_lay", cards=can)

    def _reason(self, seat: int, action: str) -> Message:
        parsed = Action.parse(action)
        verb, args = parsed.verb, parsed.args
        if self.phase == "trump":
            if verb != "trump" or len(args) != 1 or args[0] not in SUITS:
                return msg("bank.reason.choose_trump")
            return msg("bank.reason.suit_taken", suit=suit_value(args[0]))
        if verb == "trump":
            return msg("bank.reason.trumps_fixed")
        if verb in ("draw", "pass"):
            return self._turn_reason(seat, verb)
        if verb != "play" or not args:
            return msg("bank.reason.not_a_move")
        try:
            cards = parsed.cards()
        except ValueError:
            return msg("common.reason.not_a_card", text=_not_a_card(args))
        missing = [c for c in cards if not self.hands[seat] & c.bit]
        if missing:
            return msg("common.reason.not_held", cards=cards_value(missing))
        if len(set(cards)) != len(cards):
            return msg("common.reason.card_twice")
        top, _, top_class = self.top()
        first = cards[0]
        if len(cards) == 1:
            if first.rank == EIGHT:
                return msg("bank.reason.eight_follow", card=card_value(first))
            return self.lay_reason(seat, first, top, top_class)
        if first.rank == EIGHT:
            return msg("bank.reason.not_on_eight", cards=cards_value(cards[1:]), card=card_value(first))
        return msg("bank.reason.not_a_play", cards=cards_value(cards), card=card_value(top))

    # ---- views -----------------------------------------------------------------------------------------------------
    def _pile_plays(self, pile: list[tuple[int | None, Card]]) -> list[PlayView]:
        plays: list[PlayView] = []
        for seat, card in pile:
            if plays and plays[-1]["seat"] == seat and seat is not None:
                plays[-1]["cards"].append(str(card))
            else:
                plays.append({"seat": seat, "cards": [str(card)]})
        return plays

    def _status(self) -> Message:
        """What happens now, about the seat concerned (its reader reads the ``.you`` form)."""
        if self.phase == "over":
            assert self.winners is not None
            winner = self.winners[0]
            return msg("bank.status.won", seat=seat_value(winner), points=self.score[winner])
        if self.phase == "trump":
            return msg("bank.status.choose_trump", seat=seat_value(self.choosers[0]))
        top, _, _ = self.top()
        if self.drawn:
            key = "bank.status.drawn"
        else:
            key = "bank.status.lay_or_draw" if self.stock else "bank.status.lay_or_pass"
        return msg(key, seat=seat_value(self.turn), card=card_value(top))

    def shared_view(self) -> dict[str, Any]:
        n = self.players
        won: list[Won] = [
            {"banks": self.banks_won[s], "cards": len(self.won[s]), "points": card_points(self.won[s])}
            for s in range(n)
        ]
        columns = [msg("common.sheet.seat", seat=seat_value(s)) for s in range(n)]
        seats: list[SeatView] = []
        for s in range(n):
            tags: list[Message] = []
            if s == self.dealer:
                tags.append(msg("common.tag.dealer", seat=seat_value(s)))
            own = self.trumps.suits_of(s) if self.trumps.setup == "own" else ""
            tags += [msg("bank.tag.trump", suit=suit_value(letter)) for letter in own]
            place = self.out[s]
            if place is not None:
                tags.append(msg("bank.tag.out", place=msg(f"bank.place.{place}")))
            if won[s]["cards"]:
                tags.append(msg("bank.tag.won", points=won[s]["points"]))
            if s == self.skipped:
                tags.append(msg("bank.tag.skipped"))
            seats.append({"cards": self.hands[s].bit_count(), "out": place, "tags": tags})
        lay_on: LayOn | None = None
        if self.phase != "trump" and (self.bank or self.ref):
            top, top_seat, top_class = self.top()
            kind = "bank" if self.bank and top_seat is not None else ("centre" if self.bank else "reference")
            lay_on = {"card": str(top), "seat": top_seat, "trump": bool(top_class), "kind": kind}
        table: TableView
        if self.bank:
            cards = [c for _, c in self.bank]
            table = {
                "kind": "pile",
                "label": msg(
                    "bank.label.bank",
                    cards=msg("bank.count.cards", n=len(cards)),
                    points=msg("bank.count.points", n=card_points(cards)),
                ),
                "plays": self._pile_plays(self.bank),
            }
        elif self.ref is not None:
            ref, ref_seat, _ = self.ref
            taker = self.last_bank.get("winner") if self.last_bank else None
            label = (
                msg("bank.label.reference", card=card_value(ref))
                if taker is None
                else msg("bank.label.reference_won", card=card_value(ref), seat=seat_value(taker))
            )
            table = {"kind": "pile", "label": label, "plays": [{"seat": ref_seat, "cards": [str(ref)]}]}
        else:
            table = {"kind": "pile", "label": msg("bank.label.not_dealt"), "plays": []}
        extra: BankExtra = {
            "bank": {
                "count": len(self.bank),
                "points": card_points([c for _, c in self.bank]),
            },
            "lay_on": lay_on,
            "trumps": self.trumps.per_seat(),
            "trump_setup": self.trumps.setup,
            "trump_msg": trumps_msg(self.trumps),
            "choosing": {"seat": self.choosers[0], "available": [SUITS[s] for s in self.trumps.available()]}
            if self.phase == "trump"
            else None,
            "won": won,
            "out": list(self.out),
            "drawn": self.drawn,
            "seven": self.options["after_seven"],
            "skipped": self.skipped,
            "score": list(self.score),
            "target": self.options["target"],
            "last_hand": self.last_hand,
            "card_points": dict(POINTS_BY_TEXT),
            "gone": cards_text(c for pile in self.won for c in pile),
            "options": cast(BankOptions, dict(self.options)),
        }
        return {
            **self._view_head(None, self.phase),
            "status": self._status(),
            "hand": [],
            "seats": seats,
            "stock": len(self.stock) if self.phase != "trump" else None,
            "table": table,
            "last_trick": self.last_bank.copy() if self.last_bank else None,
            "sheet": {
                "columns": [msg("common.sheet.hand"), *columns],
                "rows": [list(r) for r in self.sheet_rows],
                "totals": [msg("common.sheet.total"), *(signed(x) for x in self.score)],
            },
            "over": self.is_over,
            "result": self.result(),
            "extra": extra,
        }

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        hand = sorted(from_mask(self.hands[seat]), key=lambda c: (c.suit, ORDINAL[c.rank])) if seat is not None else []
        view = {**shared, "seat": seat, "hand": cards_text(hand)}
        if seat is not None and seat == self.turn and self.phase == "play":
            view["status"] = self._own_status(seat)
        return cast(View, view)

    def _own_status(self, seat: int) -> Message:
        """The status as the seat to act reads it: only the moves its hand allows (the others read what any hand
        might do: lay a card, or else draw or pass)."""
        legal = self._legal_now(seat)
        lays = any(a not in ("draw", "pass") for a in legal)
        kind = ("lay_or_pass" if "pass" in legal else "lay") if lays else ("draw" if "draw" in legal else "pass")
        top, _, _ = self.top()
        return msg(f"bank.status.own.{kind}{'_drawn' if self.drawn else ''}", card=card_value(top))

    @classmethod
    def from_view(cls, view: View, hands: Sequence[int], stock: Sequence[Card], seed: int = 0) -> BankGame:
        """The hand ``view`` shows, played on from here under the engine's rules: ``hands`` are every seat's cards
        (bitmasks; the viewer's own is taken from the view) and ``stock`` the stock top first, guessed by whoever
        simulates. Banks already taken, bonuses already earned and passes already made are not carried over: the
        ``hand`` event of the simulated hand counts only what is won and lost from here on (``max_hands`` is set to
        this hand, so no new hand is dealt unless the totals tie). For bots that look ahead; the view must be of a
        seat to act in the play phase."""
        extra = extra_of(view)
        n, seat = view["players"], bot_seat(view)
        game = cls.blank(n, {**extra["options"], "max_hands": view["hand_no"]}, seed, dealer=view["dealer"])
        game.score = list(extra["score"])
        game.trumps = Trumps(extra["options"]["trumps"], n)
        if game.trumps.setup == "own":
            game.trumps.owned = [SUITS.index(t) if t else None for t in extra["trumps"]]
        elif game.trumps.setup in ("one", "two"):
            game.trumps.common = [SUITS.index(t) for t in extra["trumps"][0]]
        game.dealer, game.hand_no = view["dealer"], view["hand_no"]
        game.sheet_rows, game.last_hand, game.winners, game.choosers = [], None, None, []
        game.classes, game._allowed, game._plays_key, game._plays_cache = [], {}, None, {}
        game._reset_hand()
        game.hands = list(hands)
        game.hands[seat] = sum(Card.parse(c).bit for c in view["hand"])
        game.stock = list(stock)
        if extra["bank"]["count"]:
            game.bank = [(p["seat"], Card.parse(c)) for p in view["table"]["plays"] for c in p["cards"]]
            last = view["table"]["plays"][-1]["cards"]
            game.kings_pending = (
                game.options["four_kings"] == "coverer-takes"
                and len(last) >= 4
                and all(Card.parse(c).rank == KING for c in last[-4:])
            )
        else:
            lay_on = extra["lay_on"]
            assert lay_on is not None, "a view of the play phase has a card to lay on"
            ref, ref_seat = Card.parse(lay_on["card"]), lay_on["seat"]
            game.ref = (ref, ref_seat, game.card_class(ref_seat, ref))
        game.out = list(extra["out"])
        game.turn, game.drawn = seat, extra["drawn"]
        return game

    def clone(self) -> BankGame:
        """An independent copy of this state, to play on without touching it (what a deep copy gives, faster: the
        cards, messages, memos and the declaration are immutable or never changed in place, so they are shared)."""
        game = BankGame.__new__(BankGame)
        game.__dict__ = self.__dict__.copy()
        game.rng = copy_rng(self.rng)
        game.log = list(self.log)
        game.events = list(self.events)
        game._legal_cache = {}
        game.score = list(self.score)
        game.trumps = Trumps(self.trumps.setup, self.players, list(self.trumps.owned), list(self.trumps.common))
        game.sheet_rows = list(self.sheet_rows)
        game.choosers = list(self.choosers)
        game.hands = list(self.hands)
        game.stock = list(self.stock)
        game.bank = list(self.bank)
        game.won = [list(pile) for pile in self.won]
        game.banks_won = list(self.banks_won)
        game.aside = list(self.aside)
        game.out = list(self.out)
        game.bonus_lines = [list(lines) for lines in self.bonus_lines]
        return game

    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": from_mask(self.hands[s]) for s in range(self.players)}
        out |= {f"won {s}": list(self.won[s]) for s in range(self.players)}
        out["stock"] = list(self.stock)
        out["bank"] = [c for _, c in self.bank]
        out["aside"] = list(self.aside)
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for s in range(self.players):
            if s != seat:
                hidden.update(from_mask(self.hands[s]))
        return hidden

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> BankResult | None:
        if self.winners is None:
            return None
        return {
            "winners": list(self.winners),
            "losers": [s for s in range(self.players) if s not in self.winners],
            "score": list(self.score),
        }

    def ranking(self) -> Outcome | None:
        """The most points first."""
        if self.winners is None:
            return None
        return Outcome.ranked([-p for p in self.score], scores=self.score)
