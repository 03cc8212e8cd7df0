"""Eidex (Cosmic Eidex): three players, 36 cards, a face-down card each, 11 Jass tricks, victory points per hand,
first to 7 wins (rulings eidex.md §1.1-1.8, §1.10); with ``advanced`` the character game (§1.9, §1.9.1).

A hand runs through explicit steps, each a method: :meth:`EidexGame._deal_hand` (deal, shown card) →
:meth:`EidexGame._fix_trump` → the ``discard`` phase (:meth:`EidexGame._discard`) → the ``play`` phase
(:meth:`EidexGame._play`, closing each trick in :meth:`EidexGame._close_trick`) → :meth:`EidexGame._score_hand`
(card points, victory points, game end). Between the steps :meth:`EidexGame._run` opens the character game's
blocking windows (``characters/base.py`` describes them and the hooks); in the basic game there are no characters,
every window passes at once and the steps follow each other exactly as before.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, Self, cast

from engine.actions import Action
from engine.cards import SUITS, Card, make_deck, shuffled
from engine.core import Deal, Game, copy_rng
from engine.games.eidex.characters import CHARACTERS, make_cast
from engine.games.eidex.characters.base import Character, Prompt, TrickOutcome, Window, conflict_key
from engine.games.eidex.extra import CharacterExtra, EidexExtra, SeatExtra, TableRules
from engine.games.eidex.tables import (
    CARDS_EACH,
    DEAL_PACKETS,
    GOAL_VP,
    LAST_TRICK_BONUS,
    MODES,
    PLAYERS,
    SUITS_EXTRA,
    TABLE_RULES,
    TRICKS,
    Contract,
    award_vp,
    contract_for,
    contract_label,
    legal_cards,
    seats_text,
    settle,
    sort_cards,
    trick_winner,
    vp_verdict,
    why_illegal,
    why_wins,
    winning_position,
)
from engine.messages import Cell, Message, Reason, msg, option
from engine.messages import card as card_of
from engine.messages import cards as cards_of
from engine.messages import seat as seat_of
from engine.options import OptionError
from engine.outcome import Outcome, Result
from engine.views import Event, View


class EidexResult(Result):
    """Eidex's result: each seat's victory points and the hands played."""

    vp: list[int]
    hands: int


Phase = Literal["discard", "play", "over"]
"""A hand of Eidex: the discard (each seat lays one card face down), the play, then the game's end."""


# ---- the game ----------------------------------------------------------------------------------------------
class EidexGame(Game):
    """One game of Eidex at one table, from the first deal until a player has 7 victory points."""

    phase: Phase
    """Where the hand stands (the view's ``phase``)."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        vp = list(start.get("vp") or [0] * PLAYERS)
        if len(vp) != PLAYERS or not all(isinstance(v, int) and 0 <= v < GOAL_VP for v in vp):
            raise OptionError(msg("common.option.start"))
        self.vp = vp
        self.limit: int = self.options["limit"]
        self.bonus = LAST_TRICK_BONUS
        events = self._draw_characters()
        if dealer is None and deal is not None and deal.shown is not None:
            dealer = next((s for s, hand in enumerate(deal.hands) if deal.shown in hand), None)
        self.dealer = self.rng.randrange(PLAYERS) if dealer is None else dealer
        if not 0 <= self.dealer < PLAYERS:
            raise OptionError(msg("common.option.dealer", n=self.dealer))
        self.hand_no = 0
        self.sheet_rows: list[list[Cell]] = []
        self.last_hand: dict[str, Any] | None = None
        self.winners: list[int] = []
        self.final_discards: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(PLAYERS)]
        return cast("list[Event]", events + self._deal_hand(deal) + self._settle())

    def _draw_characters(self) -> list[Event]:
        """The character game: each seat's character card, given by the ``characters`` option or drawn from the
        shuffled deck before the game (§1.9); the basic game has none."""
        given = self.options["characters"]
        self.window: Window | None = None
        self.prompts: list[Prompt] = []
        if not self.options["advanced"]:
            if given is not None:
                raise OptionError(
                    msg("eidex.option.characters_basic", characters=option("characters"), advanced=option("advanced"))
                )
            self.cast: list[Character] = []
            self.order: list[Character] = []
            return []
        cards = given or [str(c) for c in shuffled(make_deck(36), self.rng)[:PLAYERS]]
        self.cast = make_cast(self, cards)
        self.order = sorted(self.cast, key=lambda ch: conflict_key(ch.card))
        return [{"event": "characters", "cards": list(cards), "ids": [CHARACTERS[c].id for c in cards]}]

    def hand_options(self) -> dict[str, Any]:
        """A hand of the character game is dealt again with the characters this game drew."""
        if not self.cast:
            return dict(self.options)
        return {**self.options, "characters": [ch.info.card for ch in self.cast]}

    # -- the steps of a hand ---------------------------------------------------------------------------------
    def _deal_hand(self, deal: Deal | None) -> list[Event]:
        """Deal twelve cards each (the fixed ``deal`` if given); the dealer's last card is shown to all."""
        self.hand_no += 1
        if deal is None:
            deck = shuffled(make_deck(36), self.rng)
            hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
            for packet in DEAL_PACKETS:
                for seat in [(self.dealer + i) % PLAYERS for i in range(1, PLAYERS + 1)]:
                    hands[seat].extend(deck[:packet])
                    del deck[:packet]
            shown = hands[self.dealer][-1]
        else:
            hands = [list(h) for h in deal.hands]
            if len(hands) != PLAYERS or any(len(h) != CARDS_EACH for h in hands):
                raise OptionError(msg("common.option.deal"))
            shown = deal.shown or hands[self.dealer][-1]
            if shown not in hands[self.dealer]:
                raise OptionError(msg("common.option.deal"))
        self.hand_deal = Deal(hands=[list(h) for h in hands], shown=shown)
        self.hands = hands
        self.shown = shown
        self.second_card = [c for c in hands[self.dealer] if c != shown][-1]
        self.discards: list[Card | None] = [None] * PLAYERS
        self.trick: list[tuple[int, Card]] = []
        self.won = [[] for _ in range(PLAYERS)]
        self.played: list[Card] = []
        self.taken = [0] * PLAYERS
        self.tricks = [0] * PLAYERS
        self.trick_no = 0
        self.trick_id = 0
        self.closed = 0
        self.turn = -1
        self.leader = -1
        self.last_trick: dict[str, Any] | None = None
        self.special = all(v == GOAL_VP - 1 for v in self.vp)
        self.phase = "discard"
        self.direction = 1
        self.trick_size = PLAYERS
        self.led_suit: int | None = None
        self.face_down: set[Card] = set()
        self.barred: dict[int, set[Card]] = {}
        self.secret: dict[Card, set[int]] = {}
        self.known: list[set[Card]] = [set() for _ in range(PLAYERS)]
        self.public_cards: set[Card] = set()
        self.named: set[Card] = set()
        self.hidden_tricks: list[dict[str, Any]] = []
        self.last_pile: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.bonus_got = [0] * PLAYERS
        for character in self.cast:
            character.new_hand()
        deal_event: Event = {
            "event": "deal",
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "special_round": self.special,
        }
        return [deal_event, self._fix_trump(), *self._run("before_discard", "_open_discard")]

    def _fix_trump(self, no_trump: bool = True) -> Event:
        """The shown card decides the hand's contract (``no_trump``: the A/6 option may apply)."""
        self.contract = contract_for(self.shown, no_trump and self.options["ace_six_no_trump"])
        self.refresh_rules()
        trump = self.contract.trump
        return {
            "event": "trump",
            "trumps": SUITS[trump] if trump is not None else "NT",
            "mode": self.contract.mode,
            "card": str(self.shown),
            "seat": self.dealer,
            "msg": msg(
                "eidex.event.trump", seat=seat_of(self.dealer), card=card_of(self.shown), contract=self._label()
            ),
        }

    def _open_discard(self) -> list[Event]:
        """The discard phase opens: powers that lay cards by themselves act (Laser)."""
        events = [e for ch in self._active() for e in ch.on_discard_phase()]
        if self._discards_done():
            events += self._discards_laid()
        return events

    def _discard_seats(self) -> list[int]:
        """The seats that must still lay their card face down in the discard phase."""
        if not self.cast:
            return [s for s in range(PLAYERS) if self.discards[s] is None]
        return [
            s
            for s in range(PLAYERS)
            if self.discards[s] is None and not any(ch.defers_discard(s) for ch in self._active())
        ]

    def _discards_done(self) -> bool:
        return not self._discard_seats()

    def _discard(self, seat: int, card: Card) -> list[Event]:
        """Lay one card face down; once all three have, the seat after the dealer leads the first trick."""
        self.hands[seat].remove(card)
        self.discards[seat] = card
        events: list[Event] = [{"event": "discard", "seat": seat}]
        if self._discards_done():
            events += self._discards_laid()
        return events

    def _discards_laid(self) -> list[Event]:
        """Every card of the discard phase lies face down: the on_discards_laid hooks, then the after-discard window."""
        events = [e for ch in self._active() for e in ch.on_discards_laid()]
        return events + self._run("after_discard", "_first_trick")

    def _first_trick(self) -> list[Event]:
        self.phase = "play"
        self.trick_no = 1
        return self._run("first_lead", "_first_leader")

    def _first_leader(self) -> list[Event]:
        """The seat next to the dealer (in the direction in force) leads trick 1."""
        self.turn = self.leader = self.next_seat(self.dealer)
        return self._run("before_trick", "_announce_lead")

    def _announce_lead(self) -> list[Event]:
        return [{"event": "lead", "seat": self.turn, "trick_no": 1}]

    def _play(self, seat: int, card: Card, face_down: bool = False) -> list[Event]:
        """Lay a card on the trick; the last card closes it."""
        self.hands[seat].remove(card)
        if not self.trick:
            self.leader = seat
            self.led_suit = card.suit
        self.trick.append((seat, card))
        if face_down:
            self.face_down.add(card)
            self.secret[card] = {seat}
        events: list[Event] = []
        if not self.quiet:
            if face_down:
                events.append({"event": "play", "seat": seat, "card": None, "face_down": True})
            else:
                events.append({"event": "play", "seat": seat, "card": CARD_TEXT[card]})
        if not self.cast:
            if len(self.trick) < PLAYERS:
                self.turn = (seat + 1) % PLAYERS
                return events
            return events + self._close_trick()
        for character in self._active():
            events += character.on_play(seat, card)
        if len(self.trick) < self.trick_size:
            self.turn = self._next_to_play(seat)
            return events
        return events + self._run("trick_complete", "_close_trick")

    def _next_to_play(self, seat: int) -> int:
        """The next seat in the direction of play that has laid fewer cards to this trick than the round asks."""
        quota = 1 + len(self.trick) // PLAYERS
        nxt = seat
        for _ in range(PLAYERS):
            nxt = self.next_seat(nxt)
            if sum(1 for s, _ in self.trick if s == nxt) < quota:
                return nxt
        return self.next_seat(seat)

    def _winner_position(self, adjust: Callable[[list[int]], None] | None = None) -> int:
        """The position in the trick of the card that takes it, under the rules in force and this trick's changes
        (and ``adjust``'s, when given)."""
        cards = [c for _, c in self.trick]
        if not self.cast:
            return trick_winner(cards, self.rules)
        strength = list(self.rules.strength)
        for character in self._active():
            character.adjust_trick(strength)
        if adjust is not None:
            adjust(strength)
        led = cards[0].suit if self.led_suit is None else self.led_suit
        return winning_position(cards, led, self.rules.trump, strength)

    def winner_position(self) -> int:
        """The position in the trick of the card that takes it now (the explorer asks it)."""
        return self._winner_position()

    def why_takes(self, laid: list[Card], position: int) -> Message:
        """Why the card at ``position`` of ``laid`` takes the trick, as the trick's verdict says it."""
        return self._why(laid, position)

    def winner_seat(self, adjust: Callable[[list[int]], None] | None = None) -> int:
        """The seat whose card takes the trick now; ``adjust`` may change a copy of the strengths first."""
        return self.trick[self._winner_position(adjust)][0]

    def _close_trick(self) -> list[Event]:
        """The trick goes to its winner, who leads the next; the hand's last trick ends it."""
        trick = self.trick
        cards = [c for _, c in trick]
        position = self._winner_position() if self.cast else trick_winner(cards, self.rules)
        winner = trick[position][0]
        last = not any(self.hands)
        outcome = TrickOutcome(list(trick), winner, winner, {winner: list(cards)}, winner if last else None, last)
        active = self._active()
        for character in active:
            character.close_trick(outcome)
        self.closed += 1
        for seat, share in outcome.shares.items():
            self.won[seat].extend(share)
            self.last_pile[seat] = list(share)
        if outcome.bonus_to is not None:
            self.bonus_got[outcome.bonus_to] += self.bonus
        got = self._trick_points(outcome)
        if self.cast:
            self._recount()
        else:
            self.taken = [t + g for t, g in zip(self.taken, got, strict=True)]
        self.played.extend(cards)
        if outcome.taker is not None:
            self.tricks[outcome.taker] += 1
        self.trick_id += 1
        for character in active:
            character.after_trick(outcome)
        if self.cast:
            got = self._trick_points(outcome)
        if self.quiet:
            self.last_trick = None
            return self._trick_closed(outcome.winner, last, [])
        verdict: list[Message] = [
            msg("eidex.trick.takes", seat=seat_of(outcome.winner), why=self._why(cards, position))
        ]
        if last and outcome.bonus_to is not None:
            verdict.append(msg("eidex.trick.last_bonus", bonus=self.bonus))
        verdict += outcome.notes
        secret = self.secret
        laid: list[list[int | str | None]] = [[s, None if c in secret else CARD_TEXT[c]] for s, c in trick]
        hidden = any(c in secret for share in outcome.shares.values() for c in share)
        event: Event = {
            "event": "trick",
            "trick_no": self.trick_no,
            "leader": trick[0][0],
            "cards": laid,
            "winner": outcome.winner,
            "points": None if hidden else sum(got),
            "last": last,
            "msg": verdict,
        }
        if self.cast:
            event["taker"] = outcome.taker
            event["points_by_seat"] = None if hidden else got
        if hidden:
            face_down = [CARD_TEXT[c] for share in outcome.shares.values() for c in share if c in secret]
            self.hidden_tricks.append(
                {
                    "trick_no": self.trick_no,
                    "cards": [[s, CARD_TEXT[c]] for s, c in trick],
                    "face_down": face_down,
                    "winner": outcome.winner,
                    "points": sum(got),
                    "points_by_seat": got,
                }
            )
        self.last_trick = {
            "kind": "trick",
            "label": msg("eidex.label.trick", n=self.trick_no),
            "plays": [{"seat": s, "cards": [t]} for s, t in laid],
            "winner": outcome.winner,
            "verdict": verdict,
        }
        return self._trick_closed(outcome.winner, last, [event])

    def _trick_closed(self, winner: int, last: bool, events: list[Event]) -> list[Event]:
        """The table cleared for the next trick, led by ``winner``; the hand's last trick scores the hand."""
        self.trick = []
        self.turn = self.leader = winner
        self.trick_size = PLAYERS
        self.led_suit = None
        self.face_down = set()
        self.barred = {}
        if last:
            return events + self._turn_up() + self._run("hand_end", "_score_hand")
        self.trick_no += 1
        if not self.cast:
            return events
        return events + self._run("trick_scored", "_next_trick")

    def _turn_up(self) -> list[Event]:
        """The hand's last trick is closed: the cards that lay face down in public (Sphinx's, the Jackpot's donated
        card) are turned up, with the points of the tricks that held them, which no seat but the card's own saw
        until now (§1.9.1 #2, §1.9.2 #7): a ``face_up`` event per such trick."""
        if not self.cast:
            return []
        self.secret = {}
        tricks, self.hidden_tricks = self.hidden_tricks, []
        if self.quiet:
            return []
        return [
            cast(
                Event,
                {
                    "event": "face_up",
                    **t,
                    "msg": msg(
                        "eidex.event.face_up", n=t["trick_no"], cards=cards_of(t["face_down"]), points=t["points"]
                    ),
                },
            )
            for t in tricks
        ]

    def _taken(self, seat: int | None) -> tuple[list[int], list[bool]]:
        """Each seat's card points taken as ``seat`` may know them, and whether a figure leaves out a card that lies
        face down for ``seat`` (a Sphinx card: its points are no seat's but hers to see, §1.9.2 #7)."""
        if not self.secret:
            return list(self.taken), [False] * PLAYERS
        values = self.rules.points
        unseen = [[c for c in self.won[s] if not self._visible(c, seat)] for s in range(PLAYERS)]
        taken = [t - sum(values[c.index] for c in cards) for t, cards in zip(self.taken, unseen, strict=True)]
        return taken, [bool(cards) for cards in unseen]

    def _trick_points(self, outcome: TrickOutcome) -> list[int]:
        """The card points each seat gets from a closed trick under the valuation in force, the bonus included."""
        values = self.rules.points
        got = [0] * PLAYERS
        for seat, share in outcome.shares.items():
            got[seat] = sum([values[c.suit * 9 + c.rank - 6] for c in share])
        if outcome.bonus_to is not None:
            got[outcome.bonus_to] += self.bonus
        return got

    def _why(self, laid: list[Card], position: int) -> Message:
        """Why the trick's top card wins: the rule of the basic game, or under characters the card itself."""
        if not self.cast:
            return why_wins(laid, self.rules, position)
        top = laid[position]
        return msg("eidex.why.face_down_wins") if top in self.secret else msg("eidex.why.card_wins", card=card_of(top))

    def _recount(self) -> None:
        """Each seat's card points taken so far, under the valuation in force."""
        values = self.rules.points
        self.taken = [sum(values[c.index] for c in self.won[s]) + self.bonus_got[s] for s in range(PLAYERS)]

    def _next_trick(self) -> list[Event]:
        return self._run("before_trick", "_no_events")

    def _no_events(self) -> list[Event]:
        return []

    def _score_hand(self) -> list[Event]:
        """Card points (tricks, own face-down card, last trick), victory points, then the end or the next deal."""
        values = self.rules.points
        points = [self.taken[s] + (values[c.index] if (c := self.discards[s]) else 0) for s in range(PLAYERS)]
        for character in self._active():
            character.adjust_hand_points(points)
        case, awards = award_vp(points, self.tricks, self.limit, self.closed)
        verdict = None
        if case != "match":
            verdict = next(
                (found for ch in self._active() if (found := ch.award(points, case, awards)) is not None), None
            )
        text: Message
        if verdict is None:
            text = vp_verdict(case, points, awards, self.limit, self.closed)
        else:
            case, awards, text = verdict
        vp, winners, note = settle(self.vp, case, awards, points, self.special, self.options["chaos_tie_winner"])
        discards: list[Card | None] = list(self.discards)
        for s in range(PLAYERS):
            if (card := discards[s]) is not None:
                self.won[s].append(card)
        self.discards = [None] * PLAYERS
        self.sheet_rows.append(
            [str(self.hand_no), *(msg("eidex.sheet.cell", points=p, vp=a) for p, a in zip(points, awards, strict=True))]
        )
        self.vp = vp
        self.last_hand = {"hand_no": self.hand_no, "points": points, "vp": awards, "verdict": text, "note": note}
        events: list[Event] = [
            {
                "event": "hand",
                "hand_no": self.hand_no,
                "points": points,
                "score": list(vp),
                "vp": awards,
                "case": case,
                "tricks": list(self.tricks),
                "discards": [[s, str(c) if c is not None else None] for s, c in enumerate(discards)],
                "special_round": self.special,
                "msg": self._hand_result(),
            }
        ]
        self.final_discards = [c for c in discards if c is not None]
        if winners:
            self.winners = winners
            self.phase = "over"
            losers = [s for s in range(PLAYERS) if s not in winners]
            return events + [{"event": "game", "winners": winners, "losers": losers, "vp": list(vp)}]
        self.dealer = (self.dealer + 1) % PLAYERS
        return events + self._deal_hand(None)

    # -- the character game's machinery (characters/base.py) ----------------------------------------------------
    def _active(self) -> list[Character]:
        """The characters in conflict order, without those another one cancels now."""
        if not self.cast:
            return []
        cancelled = {cid for ch in self.order for cid in ch.cancels()}
        return [ch for ch in self.order if ch.id not in cancelled]

    def is_active(self, character: Character) -> bool:
        """Whether ``character`` acts now (not cancelled by another)."""
        return character in self._active()

    def _run(self, window: str, then: str) -> list[Event]:
        """Open the blocking ``window``; the hand goes on with the method ``then`` once it is settled (at once when
        nobody may act in it)."""
        if not self.cast:
            return cast(list[Event], getattr(self, then)())
        self.window = Window(window, [ch.seat for ch in self.order], then)
        return []

    def _window_actions(self, seat: int) -> list[str]:
        """The power actions ``seat`` has in the open window ([] unless it is the one asked now)."""
        window = self.window
        if window is None or not window.queue or window.queue[0] != seat or not self.is_active(self.cast[seat]):
            return []
        return self.cast[seat].window_actions(window.name)

    def _settle(self) -> list[Event]:
        """Move the hand on until someone must decide: open prompts, the next character of the open window, or an
        automatic play."""
        events: list[Event] = []
        while self.cast and self.phase != "over":
            if self.prompts:
                return events
            window = self.window
            if window is not None:
                while window.queue and not self._window_actions(window.queue[0]):
                    window.queue.pop(0)
                if window.queue:
                    return events
                self.window = None
                events += getattr(self, window.then)()
                continue
            card = self._auto_card()
            if card is None:
                return events
            events += self._play(self.turn, card)
        return events

    def _auto_card(self) -> Card | None:
        """A card the seat to play must lay without choosing (Laser), else None."""
        if self.phase != "play" or len(self.trick) >= self.trick_size:
            return None
        return next((c for ch in self._active() if (c := ch.auto_play(self.turn)) is not None), None)

    def _free_seats(self) -> list[int]:
        if not self.cast or self.prompts or self.window is not None:
            return []
        return [ch.seat for ch in self.cast if self.is_active(ch) and ch.free_actions()]

    def _main_seats(self) -> list[int]:
        if self.prompts:
            return list(self.prompts[0].seats)
        if self.window is not None:
            return self.window.queue[:1]
        if self.phase == "discard":
            return self._discard_seats()
        if self.phase == "play":
            return [self.turn]
        return []

    def refresh_rules(self) -> None:
        """The contract, limit and last-trick bonus in force: the hand's contract changed by every active
        character in conflict order."""
        if not self.cast:
            self.rules = self.contract
            return
        strength, points = list(self.contract.strength), list(self.contract.points)
        limit, bonus = self.options["limit"], LAST_TRICK_BONUS
        for character in self._active():
            character.adjust_strength(strength)
            character.adjust_points(points)
            limit = character.adjust_limit(limit)
            bonus = character.adjust_bonus(bonus)
        self.rules = Contract(self.contract.mode, self.contract.trump, tuple(strength), tuple(points))
        self.limit, self.bonus = limit, bonus
        if self.hand_no:
            self._recount()

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in the direction of play."""
        return (seat + self.direction) % PLAYERS

    def opponents(self, seat: int) -> list[int]:
        """The other two seats, in turn order from ``seat``."""
        first = self.next_seat(seat)
        return [first, self.next_seat(first)]

    def play_card(self, seat: int, card: Card, face_down: bool = False) -> list[Event]:
        """Lay ``card`` from ``seat``'s hand on the trick without a legality check (a power's play)."""
        return self._play(seat, card, face_down)

    def take_back(self, seat: int) -> list[Event]:
        """The last card of the trick, ``seat``'s, goes back to its hand; it is ``seat``'s turn again (an open
        trick_complete window closes: the trick is no longer complete). Returns the events of what lapses with the
        trick as it was (:meth:`_trick_changed`)."""
        owner, card = self.trick.pop()
        assert owner == seat
        self.hands[seat].append(card)
        self.face_down.discard(card)
        self.secret.pop(card, None)
        self.turn = seat
        self.window = None
        if not self.trick:
            self.led_suit = None
        return self._trick_changed()

    def _trick_changed(self) -> list[Event]:
        """Every character's decision on the trick as it was lapses (Fürsorge's gift, Ultimo's claim, Jiu-Jitsu's
        swap, the Excuse's card gone back to the hand: §1.9.2 #4, #8); their ``lapse`` events."""
        return [e for ch in self._active() for e in ch.on_trick_changed()]

    def lapse_event(self, character: Character) -> Event:
        """The ``lapse`` event of ``character``: its decision on the trick lapses, its use is given back."""
        power = character_name(character)
        said = msg("eidex.event.lapse", seat=seat_of(character.seat), power=power)
        return {"event": "lapse", "seat": character.seat, "name": character.id, "msg": said}

    def replay_trick(self, leader: int) -> list[Event]:
        """Every card of the trick goes back to its owner's hand and the trick restarts with ``leader``; the events
        of what lapses with the trick as it was."""
        for seat, card in self.trick:
            self.hands[seat].append(card)
            self.secret.pop(card, None)
        self.trick = []
        lapsed = self._trick_changed()
        self.trick_size = PLAYERS
        self.led_suit = None
        self.face_down = set()
        self.barred = {}
        self.turn = self.leader = leader
        self.window = None
        self.trick_id += 1
        return lapsed

    def put_face_down(self, seat: int, card: Card, owner: int | None = None) -> None:
        """``card`` leaves ``seat``'s hand and becomes the face-down card of ``owner`` (default ``seat``; no phase
        change)."""
        self.hands[seat].remove(card)
        self.discards[seat if owner is None else owner] = card

    def move_to_hand(self, seat: int, card: Card | None) -> None:
        """``card`` leaves the hand, face-down card or won pile where it lies for ``seat``'s hand (Zombie, Fledderer,
        Taschenspieler, Wünschelrute); the points taken are counted again. In a hand it is neither played nor a secret
        in a public place any more. (``card`` is never ``None``: a face-down card a power takes is there.)"""
        assert card is not None
        for hand in self.hands:
            if card in hand:
                hand.remove(card)
        for pile in self.won:
            if card in pile:
                pile.remove(card)
        if card in self.played:
            self.played.remove(card)
        self.discards = [None if c == card else c for c in self.discards]
        self.secret.pop(card, None)
        self.hands[seat].append(card)
        self._recount()

    def set_direction(self, direction: int) -> None:
        """The direction of play becomes ``direction`` (+1 or -1); inside a trick the next to play follows it."""
        self.direction = direction
        if self.phase == "play" and self.trick and len(self.trick) < self.trick_size:
            self.turn = self._next_to_play(self.trick[-1][0])

    def fix_trump(self, card: Card, no_trump: bool = True) -> Event:
        """``card`` (in the dealer's hand) becomes the shown card and decides trump (``no_trump``: under the A/6
        option an Ace or Six may make a no-trump hand); the ``trump`` event."""
        self.shown = card
        return self._fix_trump(no_trump)

    def reveal(self, cards: Iterable[Card], seats: Iterable[int] | None = None) -> None:
        """``cards`` become known to ``seats`` (``None``: every seat)."""
        cards = set(cards)
        if seats is None:
            self.public_cards |= cards
        for seat in range(PLAYERS) if seats is None else seats:
            self.known[seat] |= cards

    def name_aloud(self, named: Card) -> None:
        """``named`` is said aloud (Umwerter's card): no event naming it is hidden from any seat, though where it
        lies stays unknown."""
        self.named.add(named)

    def open_prompt(self, prompt: Prompt) -> None:
        """Put a question to ``prompt.seats``; nothing else happens until they have answered."""
        self.prompts.append(prompt)

    def close_prompt(self, prompt: Prompt) -> None:
        """The question is settled."""
        if prompt in self.prompts:
            self.prompts.remove(prompt)

    def power_event(self, character: Character, **public: Any) -> Event:
        """The ``power`` event of ``character`` with its public arguments."""
        return cast(Event, {"event": "power", "seat": character.seat, "name": character.id, **public})

    def card_text(self, card: Card) -> str | None:
        """A card's text for public events and shared views; ``None`` while it lies face down in public."""
        return None if card in self.secret else str(card)

    def _visible(self, card: Card, seat: int | None) -> bool:
        return card not in self.secret or seat in self.secret[card]

    def clone(self) -> Self:
        """An independent copy to play on (search): the basic game's state copied field by field, which is far
        cheaper than a deep copy; the character game (whose characters hold state of their own) deep-copied."""
        if self.cast:
            return super().clone()
        twin = copy.copy(self)
        twin.rng = copy_rng(self.rng)
        twin.options, twin.start = dict(self.options), dict(self.start)
        twin.log, twin.events, twin.sheet_rows = list(self.log), list(self.events), list(self.sheet_rows)
        twin._legal_cache = {}
        twin.vp, twin.winners, twin.final_discards = list(self.vp), list(self.winners), list(self.final_discards)
        twin.cast, twin.order, twin.prompts = [], [], []
        twin.hands = [list(h) for h in self.hands]
        twin.discards, twin.trick, twin.played = list(self.discards), list(self.trick), list(self.played)
        twin.won, twin.last_pile = [list(w) for w in self.won], [list(p) for p in self.last_pile]
        twin.taken, twin.tricks, twin.bonus_got = list(self.taken), list(self.tricks), list(self.bonus_got)
        twin.face_down = set(self.face_down)
        twin.barred = {s: set(b) for s, b in self.barred.items()}
        twin.secret = {c: set(s) for c, s in self.secret.items()}
        twin.known = [set(k) for k in self.known]
        twin.public_cards, twin.named = set(self.public_cards), set(self.named)
        twin.hidden_tricks = list(self.hidden_tricks)
        return twin

    # -- the Game hooks --------------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if not self.cast:
            if self.phase == "discard":
                return tuple(s for s in range(PLAYERS) if self.discards[s] is None)
            return (self.turn,)
        return tuple(self._main_seats())

    def may_act(self, seat: int) -> bool:
        """A seat the hand waits for, or one holding an any-time power, which never blocks play (FORMAT.md)."""
        if not self.cast and self.phase == "play":
            return seat == self.turn
        return seat in self.to_act() or (bool(self.cast) and self.phase != "over" and seat in self._free_seats())

    def fleeting(self, seat: int) -> bool:
        return seat in self._free_seats() and self.cast[seat].FLEETING

    def normalize(self, action: str) -> str:
        """As the core does, but power actions keep their lower-case words and list cards in a fixed order where
        the order does not matter; the actions the table offers are already normal and pass unchanged."""
        if action in ACTION_CARD:
            return action
        try:
            parsed = Action.parse(action)
        except ValueError:
            return ""
        verb = parsed.verb
        if verb not in WORD_VERBS:
            return super().normalize(action)
        words = [_word(p) for p in parsed.args]
        if verb == "power" and words:
            words[0] = words[0].lower()
        if verb == "show" or words[:1] in (["jiujitsu"], ["weisheit"]):
            start = 0 if verb == "show" else 1
            cards = [w for w in words[start:] if w in CARD_TEXTS]
            if len(cards) == len(words) - start:
                words[start:] = sorted(cards, key=lambda w: Card.parse(w).index)
        return str(Action(verb, tuple(words)))

    def _legal(self, seat: int) -> list[str]:
        if not self.cast:
            hand, trick = self.hands[seat], self.trick
            if self.phase == "discard":
                return [DISCARD_TEXT[c] for c in hand]
            if not trick:
                return [PLAY_TEXT[c] for c in hand]
            return [PLAY_TEXT[c] for c in legal_cards(hand, [c for _, c in trick], self.contract)]
        if self.prompts:
            prompt = self.prompts[0]
            return self.cast[prompt.owner].answers(prompt, seat) if seat in prompt.seats else []
        out: list[str] = []
        if self.window is not None:
            window_actions = self._window_actions(seat)
            if window_actions:
                out += [*window_actions, "decline"]
        elif seat in self._main_seats():
            held = self.phase == "play" and any(ch.holds_play(seat) for ch in self._active())
            out += ["decline"] if held else self._ordinary(seat)
            if self.phase == "play" and self.is_active(self.cast[seat]):
                out += self.cast[seat].turn_actions()
        if self.is_active(self.cast[seat]):
            out += self.cast[seat].free_actions()
        return out

    def _ordinary(self, seat: int) -> list[str]:
        """The seat's discards or plays under the rules in force."""
        hand = self.hands[seat]
        if self.phase == "discard":
            active = self._active()
            return [DISCARD_TEXT[c] for c in hand if all(ch.may_discard(seat, c) for ch in active)]
        return [PLAY_TEXT[c] for c in self.playable(seat)]

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the trick now: the Jass rules against the trick as the others see it
        (face-down cards do not count, a face-down lead stands for its named suit), then every character's
        changes."""
        barred = self.barred.get(seat, set())
        hand = [c for c in self.hands[seat] if c not in barred] or list(self.hands[seat])
        cards = legal_cards(hand, self._trick_for_rules(), self.rules)
        for character in self._active():
            cards = character.adjust_legal(seat, cards)
        return cards

    def _trick_for_rules(self) -> list[Card]:
        cards = [c for _, c in self.trick if c not in self.face_down]
        if self.trick and self.trick[0][1] in self.face_down and self.led_suit is not None:
            cards.insert(0, Card(6, self.led_suit))
        return cards

    def _perform(self, seat: int, action: str) -> list[Event]:
        if not self.cast:
            laid = ACTION_CARD[action]
            done: list[Any] = self._discard(seat, laid) if self.phase == "discard" else self._play(seat, laid)
            return done
        step = Action.parse(action)
        verb = step.verb
        if self.prompts:
            prompt = self.prompts[0]
            events = self.cast[prompt.owner].answer(prompt, seat, action)
            if not prompt.seats:
                self.close_prompt(prompt)
        elif verb == "decline" and self.window is None:
            events = [e for ch in self._active() for e in ch.waive(seat)]
        elif verb == "decline":
            assert self.window is not None
            self.window.queue.pop(0)
            events = [{"event": "decline", "seat": seat, "name": self.cast[seat].id, "window": self.window.name}]
        elif verb == "power":
            in_window = action in self._window_actions(seat)
            events = self.cast[seat].perform(list(step.args[1:]))
            if in_window and self.window is not None and self.window.queue[:1] == [seat]:
                self.window.queue.pop(0)
        elif self.phase == "discard":
            events = self._discard(seat, ACTION_CARD[action])
        else:
            events = self._play(seat, ACTION_CARD[action])
        return cast("list[Event]", events + self._settle())

    def _reason(self, seat: int, action: str) -> Reason:
        step = Action.parse(action)
        verb, rest = step.verb, step.args
        if self.cast:
            found = next((r for ch in self._active() if (r := ch.refuse_reason(seat, action)) is not None), None)
            if found is not None:
                return found
            if verb in WORD_VERBS:
                return self._power_reason(seat, verb)
            if self.prompts or self.window is not None:
                return self._waiting_text()
        if verb not in ("discard", "play") or len(rest) != 1:
            return msg("eidex.reason.verbs")
        try:
            laid = Card.parse(rest[0])
        except ValueError:
            return msg("common.reason.not_a_card", text=rest[0])
        if laid not in self.hands[seat]:
            return msg("common.reason.not_held", cards=card_of(laid))
        if verb == "play" and self.phase == "discard":
            return msg("eidex.reason.discard_first")
        if verb == "discard":
            if self.phase == "discard":
                return msg("eidex.reason.not_face_down", card=card_of(laid))
            return msg("eidex.reason.one_face_down")
        if self.cast and laid in self.barred.get(seat, set()):
            return msg("eidex.reason.rejected", card=card_of(laid))
        return why_illegal(self.hands[seat], self._trick_for_rules(), laid, self.rules) or msg(
            "common.reason.not_allowed"
        )

    def play_reason(self, seat: int, card: Card) -> Message:
        """Why ``seat`` may not play ``card`` now: the refusal the table gives (the explorer asks it)."""
        return self._reason(seat, f"play {card}")

    def _power_reason(self, seat: int, verb: str) -> Message:
        if verb == "decline":
            return msg("eidex.reason.no_decline")
        if verb == "power":
            power = character_name(self.cast[seat])
            if not self.is_active(self.cast[seat]):
                return msg("eidex.reason.cancelled", power=power)
            return msg("eidex.reason.power_not_now", power=power)
        return msg("eidex.reason.not_asked")

    def _waiting_text(self) -> Message:
        """Who the open prompt or window waits for, as a sentence."""
        if self.prompts:
            prompt = self.prompts[0]
            power = character_name(self.cast[prompt.owner])
            if prompt.seats == [prompt.owner]:  # the power's own holder still chooses (the Seer's card)
                return msg("eidex.wait.own", seat=seat_of(prompt.owner), power=power)
            if len(prompt.seats) == 1:
                return msg("eidex.wait.answer", seat=seat_of(prompt.seats[0]), power=power)
            return msg("eidex.wait.answers", seats=seats_text(prompt.seats), power=power)
        assert self.window is not None
        asked = self.window.queue[0]
        return msg("eidex.wait.power", seat=seat_of(asked), power=character_name(self.cast[asked]))

    def _not_your_turn(self, seat: int) -> Reason:
        if self.cast and (self.prompts or self.window is not None):
            return self._waiting_text()
        if self.phase == "discard":
            if self.cast and any(ch.defers_discard(seat) for ch in self._active()):
                return self._deferred(seat)
            waiting = self.to_act()
            if len(waiting) == 1:
                return msg("eidex.reason.wait_discard", seat=seat_of(waiting[0]))
            return msg("eidex.reason.wait_discards", seats=seats_text(waiting))
        return super()._not_your_turn(seat)

    def _deferred(self, seat: int) -> Reason:
        """Why ``seat``, who lays its card face down after the first lead (Seher), does nothing in the discard phase
        (§1.9.2 #2)."""
        return next(r for ch in self._active() if (r := ch.refuse_reason(seat, "discard")) is not None)

    def shared_view(self) -> dict[str, Any]:
        over = self.phase == "over"
        label = (
            msg("eidex.label.trick_of", n=self.trick_no, total=self._tricks_in_hand())
            if self.phase == "play"
            else msg("eidex.label.face_down")
        )
        return {
            "game": "eidex",
            "seat": None,
            "players": PLAYERS,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": list(self.to_act()),
            "phase": self.phase,
            "status": self._status(None),
            "hand": [],
            "seats": [{"cards": len(self.hands[s]), "out": None, "tags": self._tags(s)} for s in range(PLAYERS)],
            "stock": None,
            "table": {
                "kind": "trick",
                "label": label,
                "plays": self._trick_plays(None),
            },
            "last_trick": self.last_trick,
            "sheet": {
                "columns": [
                    msg("common.sheet.hand"),
                    *(msg("common.sheet.seat", seat=seat_of(s)) for s in range(PLAYERS)),
                ],
                "rows": [list(r) for r in self.sheet_rows],
                "totals": [msg("eidex.sheet.vp"), *map(str, self.vp)],
            },
            "over": over,
            "result": self.result(),
            "extra": self._extra(),
        }

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        """Over the shared view: the seat's hand, its status while the face-down cards are laid (it may be the one
        the table waits for), the cards it may see (its own face-down card, what a character showed it)."""
        if seat is None:
            return cast(View, dict(shared))
        view = {**shared, "seat": seat, "extra": {**shared["extra"], **self._seat_extra(seat)}}
        if 0 <= seat < PLAYERS:
            view["hand"] = [str(c) for c in sort_cards(self.hands[seat], self.rules)]
        if self.phase == "discard":
            view["status"] = self._status(seat)
        if self.secret:
            view["table"] = {**shared["table"], "plays": self._trick_plays(seat)}
        return cast(View, view)

    def _trick_plays(self, seat: int | None) -> list[dict[str, Any]]:
        """The trick's cards as ``seat`` sees them (a card shown to other seats only is face down)."""
        return [{"seat": s, "cards": [str(c)] if self._visible(c, seat) else [None]} for s, c in self.trick]

    def _tricks_in_hand(self) -> int:
        """The tricks this hand will have: 11, unless characters change it."""
        if not self.cast:
            return TRICKS
        return self.trick_no - 1 + (sum(map(len, self.hands)) + len(self.trick)) // PLAYERS

    def _shown_visible(self) -> bool:
        return self.shown in self.hands[self.dealer]

    def _tags(self, s: int) -> list[Message]:
        tags = []
        if self.cast:
            tags.append(msg("eidex.tag.character", name=character_name(self.cast[s])))
        if s == self.dealer:
            tags.append(msg("common.tag.dealer", seat=seat_of(s)))
            if self._shown_visible():
                tags.append(msg("eidex.tag.shows", card=card_of(self.shown)))
        if self.phase == "discard":
            tags.append(msg("eidex.tag.laid" if self.discards[s] is not None else "eidex.tag.to_lay"))
        elif self.phase == "play":
            tags.append(msg("eidex.tag.tricks", n=self.tricks[s]))
        tags.append(msg("eidex.tag.vp", n=self.vp[s]))
        if s in self.winners:
            tags.append(msg("eidex.tag.winner"))
        return tags

    def _label(self) -> Message:
        """The hand's contract (trump suit or no-trump mode) as a message."""
        return contract_label(self.contract)

    def _hand_result(self) -> list[Message]:
        """The last hand's outcome as sentences: its victory points, then any note on the game's score."""
        last = self.last_hand
        if last is None:
            return []
        said = [msg("eidex.status.hand", n=last["hand_no"], verdict=last["verdict"])]
        return said + ([last["note"]] if last["note"] else [])

    def _status(self, seat: int | None) -> list[Message]:
        """What the table waits for, after what just happened: the last trick's or hand's outcome, the special
        round, the contract, then who must do what."""
        head = [msg("eidex.status.special")] if self.special else []
        head.append(msg("eidex.status.contract", contract=self._label()))
        if self.phase == "over":
            winner = self.winners[0]
            return [*self._hand_result(), msg("eidex.status.won", seat=seat_of(winner), vp=self.vp[winner])]
        taken = list(self.last_trick["verdict"]) if self.phase == "play" and self.last_trick and not self.trick else []
        if self.cast and (self.prompts or self.window is not None):
            return [*taken, *head, self._waiting_text()]
        if self.phase == "discard":
            done = self._hand_result()
            waiting = self._discard_seats() if self.cast else list(self.to_act())
            if seat in waiting:
                return [*done, *head, msg("eidex.status.lay")]
            if len(waiting) == 1:
                return [*done, *head, msg("eidex.status.waiting_lay", seat=seat_of(waiting[0]))]
            return [*done, *head, msg("eidex.status.waiting_lays", seats=seats_text(waiting))]
        key = "eidex.status.lead" if not self.trick else "eidex.status.play"
        turn = msg(key, seat=seat_of(self.turn), n=self.trick_no, total=self._tricks_in_hand())
        return [*taken, *head, turn]

    def _extra(self) -> EidexExtra:
        """The view's ``extra`` as every seat sees it (a spectator's; :meth:`_seat_extra` is each seat's own)."""
        contract = self.contract
        mode = MODES[contract.mode]
        over = self.phase == "over"
        taken, partial = self._taken(None)
        extra: EidexExtra = {
            "suits": SUITS_EXTRA,
            "mode": contract.mode,
            "trump": SUITS[contract.trump] if contract.trump is not None else None,
            "trump_label": self._label(),
            "shown": {"seat": self.dealer, "card": str(self.shown) if self._shown_visible() else None},
            "discarded": [c is not None for c in self.discards] if not over else [True] * PLAYERS,
            "discards": self._discards(None),
            "played": self._played(None),
            "taken": taken,
            "taken_partial": partial,
            "tricks": list(self.tricks),
            "vp": list(self.vp),
            "goal": GOAL_VP,
            "limit": self.limit,
            "special_round": self.special,
            "last_hand": self.last_hand,
            "rank_order": {"trump": list(mode.trump_order), "plain": list(mode.plain_order)},
            "card_points": {"trump": dict(mode.trump_points or {}), "plain": dict(mode.plain_points)},
            "rules": cast(TableRules, {name: self.options[name] for name in TABLE_RULES}),
        }
        if self.cast:
            extra = {**extra, **self._character_extra()}
            extra["private"] = self._private(None)
        return extra

    def _seat_extra(self, seat: int) -> SeatExtra:
        """The fields of ``extra`` that ``seat`` sees its own way: its face-down card, the cards played that it may
        see, what only it knows in the character game."""
        own: SeatExtra = {"discards": self._discards(seat)}
        if self.secret:
            own["played"] = self._played(seat)
            own["taken"], own["taken_partial"] = self._taken(seat)
        if self.cast:
            own["private"] = self._private(seat)
        return own

    def _played(self, seat: int | None) -> list[str]:
        """The cards played this hand that ``seat`` may see."""
        return [str(c) for c in self.played if self._visible(c, seat)]

    def _discards(self, seat: int | None) -> list[str | None]:
        """The face-down cards as ``seat`` sees them: its own only, every one once the game is over."""
        if self.phase == "over":
            return [str(c) for c in self.final_discards]
        return [str(c) if c is not None and s == seat else None for s, c in enumerate(self.discards)]

    def _private(self, seat: int | None) -> dict[str, Any]:
        """What only ``seat`` knows in the character game (its characters' secrets, the cards shown to it)."""
        private: dict[str, Any] = {}
        for character in self.cast:
            private.update(character.private(seat))
        if seat is not None and self.known[seat]:
            private["known"] = sorted(str(c) for c in self.known[seat])
        return private

    def _character_extra(self) -> CharacterExtra:
        """The character game's public part of the view: every seat's character and its public state, the open
        window or prompt, the direction."""
        prompt = self.prompts[0] if self.prompts else None
        return {
            "characters": [
                {
                    "seat": ch.seat,
                    "rank": ch.card.rank_text,
                    "suit": ch.card.suit_text,
                    "id": ch.id,
                    "name": {"de": ch.info.german},
                    "uses_left": None if ch.info.uses is None else max(0, ch.info.uses - ch.used),
                    "active": self.is_active(ch),
                    **ch.public(),
                }
                for ch in self.cast
            ],
            "window": None if self.window is None else {"name": self.window.name, "seats": self.window.queue[:1]},
            "prompt": None if prompt is None else {"owner": prompt.owner, "kind": prompt.kind, "seats": prompt.seats},
            "direction": self.direction,
            "trick_size": self.trick_size,
            "bonus": self.bonus,
            "real_points": list(self.rules.points),
        }

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {s}": list(self.hands[s]) for s in range(PLAYERS)}
        zones.update({f"won {s}": list(self.won[s]) for s in range(PLAYERS)})
        zones["face down"] = [c for c in self.discards if c is not None]
        zones["trick"] = [c for _, c in self.trick]
        for character in self.cast:
            zones.update(character.zones())
        return zones

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = {c for s in range(PLAYERS) if s != seat for c in self.hands[s]}
        hidden.update(c for s, c in enumerate(self.discards) if c is not None and s != seat)
        if self._shown_visible():
            hidden.discard(self.shown)
        if self.cast:
            hidden.update(c for c, seats in self.secret.items() if seat not in seats)
            for character in self.cast:
                hidden |= character.hidden(seat)
            hidden -= self.public_cards if seat is None else self.known[seat]
            hidden -= self.named
        return hidden

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> EidexResult | None:
        if self.phase != "over":
            return None
        return {
            "winners": list(self.winners),
            "losers": [s for s in range(PLAYERS) if s not in self.winners],
            "vp": list(self.vp),
            "hands": self.hand_no,
        }

    def ranking(self) -> Outcome | None:
        """The winners first, then by victory points."""
        if self.phase != "over":
            return None
        keys = [(s not in self.winners, -self.vp[s]) for s in range(PLAYERS)]
        return Outcome.ranked(keys, scores=self.vp)


def character_name(character: Character) -> Message:
    """A character's name in the reader's language (the catalog's ``char.<id>.name``)."""
    return msg(f"char.{character.id}.name")


def _word(token: str) -> str:
    """One argument of a power or answer in normal form: a card or suit letter upper case, other words lower."""
    upper = token.upper()
    if upper in CARD_TEXTS or upper in SUITS:
        return upper
    return token.lower()


PLAY_TEXT: dict[Card, str] = {c: f"play {c}" for c in make_deck(36)}
DISCARD_TEXT: dict[Card, str] = {c: f"discard {c}" for c in make_deck(36)}
ACTION_CARD: dict[str, Card] = {text: c for table in (PLAY_TEXT, DISCARD_TEXT) for c, text in table.items()}
"""Every card action in its normal form → its card."""
CARD_TEXT: dict[Card, str] = {c: str(c) for c in make_deck(36)}
CARD_TEXTS: frozenset[str] = frozenset(CARD_TEXT.values())
WORD_VERBS: frozenset[str] = frozenset({"power", "decline", "accept", "refuse", "give", "show", "take"})
"""The character game's verbs besides ``discard`` and ``play``."""
