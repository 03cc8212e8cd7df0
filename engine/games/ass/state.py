"""Ass («Жопа»): per-player trumps, the seed's beat table, bets and banks (rulings ass.md §1-§2).

A game runs deal after deal until someone drops all his banks or reaches the losing count. The trick model
lives in ``play``, the points and bank tables in ``score``, the options in ``options``; the rules page is ``doc``,
the explorer ``explore``, the heuristic bot ``bot``.
"""

from __future__ import annotations

import copy
from bisect import insort
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any, Literal, NamedTuple, cast

from engine.actions import Action
from engine.cards import DIAMONDS, EIGHT, SUITS, Card, make_deck, shuffled
from engine.core import Deal, Game, copy_rng, seat_order
from engine.games.ass.extra import AssExtra, AssOptions
from engine.games.ass.play import SILENT, STRENGTH, Play, Trick
from engine.games.ass.score import BANK_CHANGE, card_points, pair_bonus, rating, targets, trick_bonus
from engine.messages import Cell, Message, Text, card, listing, msg, suit
from engine.messages import seat as seat_of
from engine.outcome import Outcome, Result
from engine.trumps import Trumps, choices_needed
from engine.views import Event, TableView, View

HAND_SIZE = 4
"""Cards dealt to each player, and the size the hands are refilled to (§2.2)."""


@lru_cache(maxsize=1024)
def normal_action(action: str) -> str:
    """Canonical text of an action: verb lower case, cards and suits upper case, bets lower case."""
    try:
        parsed = Action.parse(action)
    except ValueError:
        return ""
    return str(parsed.map_args(str.lower if parsed.verb == "bet" else str.upper))


HAND_ORDER: dict[Card, tuple[int, int]] = {c: (c.suit, STRENGTH[c.rank]) for c in make_deck(36)}
"""Card → its place in a sorted hand: by suit, then by the game's rank order."""

PLAY_ACTION: dict[Card, str] = {c: f"play {c}" for c in make_deck(36)}
"""Card → the normalised action that lays it."""

CARD_OF_ACTION: dict[str, Card] = {action: c for c, action in PLAY_ACTION.items()}
"""Normalised ``play`` action → its card."""


class Taken(NamedTuple):
    """The last trick taken: the finished trick, its taker, its points, its combinations and its summary."""

    trick: Trick
    winner: int
    points: int
    combos: list[Message]
    summary: Message


class AssResult(Result):
    """Ass's result: the banks each seat ended with (fewer is better) and its rating of play (§2.7.5)."""

    banks: list[int]
    rating: list[float]


Phase = Literal["trump", "bet", "play", "over"]
"""A hand of Ass: the trump choice (when the setup asks for one), the bets, the play, then the game's end."""


class AssGame(Game):
    """One game of Ass: deals until the game's end (§2.7.4)."""

    phase: Phase
    """Where the hand stands (the view's ``phase``)."""

    # ---- setting up and dealing -------------------------------------------------------------
    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        n, opts = self.players, self.options
        self.banks: list[int] = list(start.get("banks") or [opts["start_banks"]] * n)
        self.dealer = self.rng.randrange(n) if dealer is None else dealer
        self.hand_no = 0
        self.targets = targets(n, opts["six_player_no_target"])
        self.leader = self.first_leader = self.dealer
        self.sheet_rows: list[list[Cell]] = []
        self.totals = {"points": [0] * n, "dropped": [0] * n, "taken": [0] * n, "targets": [0] * n}
        self.all_at_limit = False
        self.outcome: AssResult | None = None
        self.last_hand: dict[str, Any] | None = None
        return self._open_hand()

    def _open_hand(self) -> list[Event]:
        """Shuffle the next hand; fix the trumps first (before the first deal, or before every deal with
        ``trump_each_deal``): drawn at once, or chosen in turn from the player left of the dealer; then deal."""
        n, opts = self.players, self.options
        self.hand_deal = self._shuffle()
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock = self.hand_deal.cards()
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.voids = [0] * n
        self.points = [0] * n
        self.bets: list[str | None] = [None] * n
        self.trick: Trick | None = None
        self.taken: Taken | None = None
        if self.hand_no == 0 or opts["trump_each_deal"]:
            self.trumps = Trumps(opts["trumps"], n)
            self.choosers = seat_order((self.dealer + 1) % n, n)[: choices_needed(opts["trumps"], n)]
            if opts["trump_choice"] == "assign":
                self.trumps.assign_randomly(list(self.choosers), self.rng)
        if self.trumps.complete:
            return self._deal()
        self.phase = "trump"
        self.turn = self.choosers[0]
        return []

    def _shuffle(self) -> Deal:
        """The deck of the next hand, shuffled and cut out into hands (the fixed first deal when given)."""
        n = self.players
        if self.hand_no == 0 and self.first_deal is not None:
            return Deal(hands=[list(h) for h in self.first_deal.hands], stock=list(self.first_deal.stock))
        deck = shuffled(make_deck(36), self.rng)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, s in enumerate(seat_order((self.dealer + 1) % n, n)):
            hands[s] = deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]
        return Deal(hands=hands, stock=deck[n * HAND_SIZE :])

    def _deal(self) -> list[Event]:
        """Deal the shuffled hand (``hand_deal``) and open the betting."""
        n = self.players
        self.hand_no += 1
        probe = [Card(6, suit) for suit in range(4)]
        self.classes = [[self.trumps.card_class(s, c) for c in probe] for s in range(n)]
        self.hands = [sorted(h, key=HAND_ORDER.__getitem__) for h in self.hand_deal.hands]
        self.stock = list(self.hand_deal.stock)
        self.first_leader = self._first_leader()
        self.leader = self.turn = self.first_leader
        self.phase = "bet"
        return [
            {"event": "deal", "dealer": self.dealer, "hand_no": self.hand_no, "leader": self.first_leader},
            {"event": "trump", "trumps": self.trumps.per_seat(), "setup": self.trumps.setup},
        ]

    def _first_leader(self) -> int:
        """First deal: the lowest diamond in the game's order; otherwise (and without diamonds) left of dealer."""
        left = (self.dealer + 1) % self.players
        if self.hand_no > 1:
            return left
        diamonds = [
            (STRENGTH[c.rank], seat) for seat, hand in enumerate(self.hands) for c in hand if c.suit == DIAMONDS
        ]
        return min(diamonds)[1] if diamonds else left

    def normalize(self, action: str) -> str:
        """As the core does, but bets stay lower case: ``bet go`` / ``bet no``."""
        return normal_action(action)

    # ---- whose turn, what is legal ------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    def may_act(self, seat: int) -> bool:
        return seat == self.turn and self.phase != "over"

    def _legal(self, seat: int) -> list[str]:
        phase = self.phase
        if phase == "play":
            return [PLAY_ACTION[c] for c in self._playable(seat)]
        if phase == "trump":
            return [f"trump {SUITS[s]}" for s in self.trumps.available()]
        return ["bet go", "bet no"]

    def _play(self, seat: int, card: Card) -> Play:
        return Play(seat, card, self.classes[seat][card.suit])

    @property
    def playing(self) -> Trick:
        """The trick of the play phase: there is one from the last bet until the game is over."""
        assert self.trick is not None, "no trick outside the play phase"
        return self.trick

    def _placed_bets(self) -> list[str]:
        """Every seat's bet, once the betting of the hand is over."""
        bets = [b for b in self.bets if b is not None]
        assert len(bets) == self.players, "the betting is not over"
        return bets

    def _playable(self, seat: int) -> list[Card]:
        """§2.3: beat, or follow the current main suit; an off-suit eight only when void in the main suit. In
        hand order (hands are kept sorted)."""
        hand, trick = self.hands[seat], self.playing
        if not trick.plays:
            return list(hand)
        main = trick.main_suit
        if main in [c.suit for c in hand]:
            classes, beats = self.classes[seat], trick.registers_beat
            allowed = [c for c in hand if c.suit == main or (c.rank != EIGHT and beats(Play(seat, c, classes[c.suit])))]
        else:
            allowed = list(hand)
        if self.options["must_beat"]:
            return [c for c in allowed if self._beats(seat, c)] or allowed
        return allowed

    def _beats(self, seat: int, card: Card) -> bool:
        """Whether ``card`` laid by ``seat`` now counts as a beat."""
        return self.playing.registers_beat(Play(seat, card, self.classes[seat][card.suit]))

    def _reason(self, seat: int, action: str) -> Message:
        parsed = Action.parse(action)
        verb, arg = parsed.verb, parsed.rest
        if self.phase == "trump":
            if verb != "trump":
                return msg("ass.reason.trump_first")
            if arg not in SUITS:
                return msg("ass.reason.not_a_suit", free=self._free_suits())
            return msg("ass.reason.suit_taken", suit=suit(arg), free=self._free_suits())
        if self.phase == "bet":
            return msg("ass.reason.bet_first" if verb != "bet" else "ass.reason.not_a_bet")
        if verb != "play":
            return msg("ass.reason.play_a_card")
        try:
            laid = Card.parse(arg)
        except ValueError:
            return msg("ass.reason.not_a_card")
        if laid not in self.hands[seat]:
            return msg("ass.reason.not_held", card=card(laid))
        return self._why_not(seat, laid)

    def _why_not(self, seat: int, laid: Card) -> Message:
        trick = self.playing
        main = trick.suit
        symbol = suit(SUITS[main])
        holds_main = any(c.suit == main for c in self.hands[seat])
        if laid.rank == EIGHT and laid.suit != main and holds_main:
            return msg("ass.reason.eight_void", suit=symbol)
        why = trick.copy().add(self._play(seat, laid))
        if self.options["must_beat"] and (laid.suit == main or not holds_main):
            return msg("ass.reason.must_beat", why=why)
        return msg("ass.reason.follow", suit=symbol, why=why)

    def _free_suits(self) -> dict[str, Any]:
        """The suits still free to choose, as a list of suits ("♠, ♥ or ♣")."""
        return listing([suit(SUITS[s]) for s in self.trumps.available()], "or")

    # ---- carrying out actions -----------------------------------------------------------------
    def _perform(self, seat: int, action: str) -> list[Event]:
        card = CARD_OF_ACTION.get(action)
        if card is not None:
            return self._lay(seat, card)
        parsed = Action.parse(action)
        if parsed.verb == "trump":
            return self._choose_trump(seat, SUITS.index(parsed.rest))
        return self._bet(seat, parsed.rest)

    def _choose_trump(self, seat: int, suit: int) -> list[Event]:
        self.trumps.choose(seat, suit)
        events: list[Event] = [{"event": "choose", "seat": seat, "suit": SUITS[suit], "setup": self.trumps.setup}]
        if self.trumps.complete:
            return events + self._deal()
        self.turn = self.choosers[self.choosers.index(seat) + 1]
        return events

    def _bet(self, seat: int, bet: str) -> list[Event]:
        placed = self.bets[seat] = bet.lower()
        events: list[Event] = [{"event": "bet", "seat": seat, "bet": placed, "target": self.targets[placed]}]
        self.turn = (seat + 1) % self.players
        if self.turn == self.leader:
            self.phase = "play"
            self.trick = self._new_trick()
        return events

    def _new_trick(self) -> Trick:
        o = self.options
        return Trick(setup=self.trumps.setup, eight_anchor=o["eight_anchor"], six_in_a=o["six_in_A"], quiet=self.quiet)

    def _lay(self, seat: int, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        trick = self.playing
        play = Play(seat, card, self.classes[seat][card.suit])
        main = trick.main_suit
        if main is not None and card.suit != main and (card.rank == EIGHT or not trick.registers_beat(play)):
            self.voids[seat] |= 1 << main
        verdict = trick.add(play)
        events: list[Event] = (
            [] if self.quiet else [{"event": "play", "seat": seat, "card": str(card), "verdict": verdict}]
        )
        if len(trick.plays) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        trick, quiet, opts = self.playing, self.quiet, self.options
        winner = trick.taker()
        cards = [p.card for p in trick.plays]
        bonus, combos = trick_bonus(cards, opts["combo_scope"], opts["combo_same_suit"])
        points = card_points(cards) + bonus
        self.piles[winner] += cards
        self.points[winner] += points
        summary = SILENT if quiet else trick.summary()
        assert summary is not None, "a finished trick has cards"
        self.taken = Taken(trick, winner, points, combos, summary)
        events: list[Event] = []
        if not quiet:
            plays: list[list[int | str]] = [[p.seat, str(p.card)] for p in trick.plays]
            events.append(
                {
                    "event": "trick",
                    "leader": trick.plays[0].seat,
                    "cards": plays,
                    "winner": winner,
                    "points": points,
                    "bonus": bonus,
                    "combos": combos,
                    "verdict": summary,
                }
            )
        self.leader = self.turn = winner
        self.trick = self._new_trick()
        n = self.players
        if opts["draw_after_trick"] and len(self.stock) >= n:
            hands, voids, stock = self.hands, self.voids, self.stock
            for i in range(winner, winner + n):
                s = i % n
                insort(hands[s], stock.pop(0), key=HAND_ORDER.__getitem__)
                voids[s] = 0
            if not quiet:
                events.append({"event": "draw", "order": seat_order(winner, n), "stock": len(stock)})
        if not self.hands[winner]:
            events += self._finish_deal(winner)
        return events

    def _finish_deal(self, last_winner: int) -> list[Event]:
        """Score the deal (§2.7), change the banks, and end the game or deal the next hand."""
        n, opts = self.players, self.options
        if opts["draw_after_trick"] and self.stock:
            leftover = self.stock
            self.stock = []
            self.piles[last_winner].extend(leftover)
            self.points[last_winner] += card_points(leftover)
        bonus = [0] * n
        if opts["combo_scope"] == "deal_pile":
            for seat in range(n):
                bonus[seat] = pair_bonus(self.piles[seat], opts["combo_same_suit"])[0]
                self.points[seat] += bonus[seat]
        bets = self._placed_bets()
        reached, changes = [], []
        row: list[Cell] = [str(self.hand_no)]
        how: list[Message] = []
        for seat in range(n):
            bet = bets[seat]
            target = self.targets[bet]
            made = self.points[seat] >= target
            change = BANK_CHANGE[bet, made]
            self.banks[seat] += change
            reached.append(made)
            changes.append(change)
            self.totals["points"][seat] += self.points[seat]
            self.totals["targets"][seat] += target
            self.totals["dropped" if change < 0 else "taken"][seat] += abs(change)
            result = "made" if made else ("missed" if change > 0 else "missed_free")
            row.append(
                msg(f"ass.sheet.{result}", bet=msg(f"ass.bet.{bet}"), points=self.points[seat], banks=self.banks[seat])
            )
            how.append(
                msg(
                    f"ass.hand.{bet}.{result}",
                    seat=seat_of(seat),
                    target=target,
                    points=self.points[seat],
                    banks=self.banks[seat],
                )
            )
        self.sheet_rows.append(row)
        self.last_hand = {"hand_no": self.hand_no, "how": how}
        events: list[Event] = [
            {
                "event": "hand",
                "hand_no": self.hand_no,
                "points": list(self.points),
                "score": list(self.totals["points"]),
                "banks": list(self.banks),
                "bets": bets,
                "targets": [self.targets[b] for b in bets],
                "reached": reached,
                "change": changes,
                "bonus": bonus,
            }
        ]
        outcome = self.outcome = self._game_end()
        if outcome is not None:
            self.phase = "over"
            self.trick = None
            return events + [
                {
                    "event": "game",
                    "winners": outcome["winners"],
                    "losers": outcome["losers"],
                    "banks": outcome["banks"],
                    "rating": outcome["rating"],
                }
            ]
        self.dealer = self.first_leader
        return events + self._open_hand()

    def _game_end(self) -> AssResult | None:
        """§2.7.4: 0 banks wins, the losing count loses; all at the losing count play on until counts differ."""
        banks, limit = self.banks, self.options["lose_banks"]
        seats = range(self.players)
        fewest = min(banks)
        if self.all_at_limit or all(b >= limit for b in banks):
            self.all_at_limit = True
            if len(set(banks)) == 1:
                return None
            most = max(banks)
            return self._result([s for s in seats if banks[s] == fewest], [s for s in seats if banks[s] == most])
        out = [s for s in seats if banks[s] <= 0]
        lost = [s for s in seats if banks[s] >= limit]
        if out:
            rest = [s for s in seats if s not in out]
            return self._result(out, lost or [s for s in rest if banks[s] == max(banks[r] for r in rest)])
        if lost:
            return self._result([s for s in seats if banks[s] == fewest], lost)
        return None

    def _result(self, winners: list[int], losers: list[int]) -> AssResult:
        return {"winners": winners, "losers": losers, "banks": list(self.banks), "rating": self._ratings()}

    def _ratings(self) -> list[float]:
        t = self.totals
        return [
            rating(t["points"][s], t["dropped"][s], t["taken"][s], self.hand_no, t["targets"][s])
            for s in range(self.players)
        ]

    def clone(self) -> AssGame:
        """An independent copy to play on (search): the mutable parts copied, the rest shared."""
        other = copy.copy(self)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.piles = [list(p) for p in self.piles]
        other.voids = list(self.voids)
        other.points = list(self.points)
        other.bets = list(self.bets)
        other.banks = list(self.banks)
        other.trick = self.trick.copy() if self.trick else None
        other.trumps = replace(self.trumps, owned=list(self.trumps.owned), common=list(self.trumps.common))
        other.sheet_rows = list(self.sheet_rows)
        other.totals = {k: list(v) for k, v in self.totals.items()}
        other.log = list(self.log)
        other.events = list(self.events)
        other.rng = copy_rng(self.rng)
        other._legal_cache = {}
        return other

    # ---- what is where, who sees what ---------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> AssResult | None:
        return self.outcome

    def ranking(self) -> Outcome | None:
        """Fewest banks first; the winners above and the losers below everybody else."""
        if self.outcome is None:
            return None
        winners, losers = set(self.outcome["winners"]), set(self.outcome["losers"])
        keys = [(0 if s in winners else 2 if s in losers else 1, self.banks[s]) for s in range(self.players)]
        return Outcome.ranked(keys, scores=self.banks)

    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        out.update({f"taken {s}": list(p) for s, p in enumerate(self.piles)})
        out["stock"] = list(self.stock)
        out["table"] = [p.card for p in self.trick.plays] if self.trick else []
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for s, hand in enumerate(self.hands):
            if s != seat:
                hidden.update(hand)
        return hidden

    # ---- the view -----------------------------------------------------------------------------
    def _tags(self, s: int) -> list[Message]:
        suits = self.trumps.suits_of(s)
        who = seat_of(s)
        tags: list[Message]
        if self.phase == "trump" and not suits:
            tags = [msg("ass.tag.choosing", seat=who) if s == self.turn else msg("ass.tag.trump_not_yet")]
        elif len(suits) == 1:
            tags = [msg("ass.tag.trump", suit=suit(suits))]
        elif suits:
            tags = [msg("ass.tag.trumps", suits=listing([suit(x) for x in suits], "and"))]
        else:
            tags = [msg("ass.tag.no_trump")]
        bet = self.bets[s]
        if bet:
            tags.append(msg("ass.tag.bet", bet=msg(f"ass.bet.{bet}")))
        tags.append(msg("ass.tag.banks", n=self.banks[s]))
        if s == self.dealer:
            tags.append(msg("common.tag.dealer", seat=who))
        if self.phase == "play" and s == self.leader and self.trick and not self.trick.plays:
            tags.append(msg("ass.tag.leads", seat=who))
        return tags

    def _status(self, reader: int | None) -> Text:
        if self.outcome is not None:
            winners = self.outcome["winners"]
            if len(winners) == 1:
                return msg("ass.status.won", seat=seat_of(winners[0]))
            return msg("ass.status.won_together", seats=listing([seat_of(s) for s in winners], "and"))
        who = seat_of(self.turn)
        if self.phase == "trump":
            key = "ass.status.choose_common" if self.trumps.setup in ("one", "two") else "ass.status.choose_trump"
            return msg(key, seat=who, free=self._free_suits())
        if self.phase == "bet":
            return msg("ass.status.bet", seat=who, go=self.targets["go"], no=self.targets["no"])
        trick = self.playing
        if not trick.plays:
            return msg("ass.status.lead", seat=who)
        main = suit(SUITS[trick.suit])
        taking = msg("ass.status.taking", seat=seat_of(trick.taker()))
        if reader == self.turn and not any(c.suit == trick.suit for c in self.hands[reader]):
            return [msg("ass.status.void", seat=who, suit=main), taking]
        return [msg("ass.status.follow", seat=who, suit=main), taking]

    def _table(self) -> TableView:
        trick = self.trick
        plays = trick.plays if trick else []
        label: Text | Literal[""] = ""
        if trick and plays:
            main = suit(SUITS[trick.suit])
            if trick.regime != "chain":
                label = msg("ass.label.main", suit=main)
            elif trick.anchor:
                label = msg("ass.label.chain_anchor", suit=main, anchor=card(trick.anchor.card))
            else:
                label = msg("ass.label.chain", suit=main)
        return {"kind": "trick", "label": label, "plays": [{"seat": p.seat, "cards": [str(p.card)]} for p in plays]}

    def _last_trick(self) -> TableView | None:
        """The last trick taken, as the table shows it (``None`` before the deal's first)."""
        taken = self.taken
        if taken is None:
            return None
        return {
            "kind": "trick",
            "label": msg("ass.label.last_trick"),
            "plays": [{"seat": p.seat, "cards": [str(p.card)]} for p in taken.trick.plays],
            "winner": taken.winner,
            "verdict": taken.summary,
            "verdicts": list(taken.trick.verdicts),
            "points": taken.points,
            "combos": taken.combos,
        }

    def shared_view(self) -> dict[str, Any]:
        n = self.players
        led = self.trick if self.trick and self.trick.plays else None
        extra: AssExtra = {
            "trump_setup": self.trumps.setup,
            "trumps": self.trumps.per_seat(),
            "trump_labels": [self.trumps.label(s) for s in range(n)],
            "trump_free": [SUITS[s] for s in self.trumps.available()] if self.phase == "trump" else [],
            "bets": list(self.bets),
            "targets": [self.targets[b] if b else None for b in self.bets],
            "target_table": dict(self.targets),
            "points": list(self.points),
            "banks": list(self.banks),
            "main_suit": SUITS[led.suit] if led else None,
            "main_card": str(led.lead.card) if led else None,
            "regime": led.regime if led else None,
            "anchor": str(led.anchor.card) if led and led.anchor else None,
            "leading": led.taker() if led else None,
            "verdicts": list(led.verdicts) if led else [],
            "last_verdict": self.taken.summary if self.taken else None,
            "rating": self._ratings(),
            "trick_rules": {"eight_anchor": self.options["eight_anchor"], "six_in_A": self.options["six_in_A"]},
            "options": cast(AssOptions, dict(self.options)),
            "taken": [[str(c) for c in pile] for pile in self.piles],
            "voids": ["".join(SUITS[x] for x in range(4) if v >> x & 1) for v in self.voids],
            "last_hand": self.last_hand,
        }
        return {
            **self._view_head(None, self.phase),
            "status": self._status(None),
            "hand": [],
            "seats": [{"cards": len(self.hands[s]), "out": None, "tags": self._tags(s)} for s in range(n)],
            "stock": len(self.stock),
            "table": self._table(),
            "last_trick": self._last_trick(),
            "sheet": {
                "columns": [msg("common.sheet.hand"), *[msg("common.sheet.seat", seat=seat_of(s)) for s in range(n)]],
                "rows": [list(r) for r in self.sheet_rows],
                "totals": [msg("ass.sheet.banks"), *[str(b) for b in self.banks]],
            },
            "over": self.is_over,
            "result": self.outcome,
            "extra": extra,
        }

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        if seat is None:
            return cast(View, dict(shared))
        return cast(
            View,
            {
                **shared,
                "seat": seat,
                "status": self._status(seat) if seat == self.turn else shared["status"],
                "hand": [str(c) for c in sorted(self.hands[seat], key=HAND_ORDER.__getitem__)],
            },
        )
