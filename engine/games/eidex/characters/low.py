"""The characters of ranks 9, 8, 7 and 6 (rulings eidex.md §1.9, §1.9.1; actions as FORMAT.md "Eidex character
game" names them). Names, timings and effect texts live in the CHARACTERS table (``__init__.py``); this module holds
what each power does, through the hooks of :class:`~engine.games.eidex.characters.base.Character`.

Decisions the rulings leave open, taken here:

* Laser draws the first lead of trick 1 once a hand (a replay by Korrektor is led freely), among the leader's legal
  cards; the Seher's face-down card is exempt, his lead is not. A leader whose power comes first in the listing
  order (Schüchterne, Scharfmacher) is offered it first, with ``decline`` instead of his cards (§1.9.2 #6).
* The Excuse's card has no trick strength in its trick (§1.9.2 #9); its use is given back when the card goes back
  to the hand (Korrektor's replay, Konsumentenschutz's rejection), as Ultimo's claim is (§1.9.2 #8).
* Konsumentenschutz rejects a face-up card only (not a Sphinx's face-down one), which every seat has seen; the
  replacement is legal as if the rejected card had left the hand. The trick's last card is rejected in the
  trick-complete window.
* Seher sees the opponents' face-down cards (not Laser's) when the first card is led, then lays his own.
* Zombie is not offered when a seat that has taken no trick has no face-down card to take back; the seats take their
  card in turn order from the Zombie, a seat without a trick takes back its face-down card by itself.
* Wünschelrute may name any card (one of his own has no effect); it is named aloud, so every seat knows where it
  went.
* Kompass's first setting (before trick 1) is not one of his two reversals.
* Jackpot: a trick diverted to the jackpot still counts as a trick of its winner (Match); the named 7's taker (or the
  seat Fürsorge gives the trick) takes the jackpot, its donated card face down for him until the hand's end.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.actions import Action
from engine.cards import CLUBS, DIAMONDS, HEARTS, KING, SPADES, SUITS, Card, make_deck
from engine.games.eidex.characters.base import Character, Prompt, TrickOutcome, conflict_key
from engine.games.eidex.characters.game import CharacterGame
from engine.messages import Message, msg
from engine.messages import seat as seat_of
from engine.views import Event

DECK: tuple[Card, ...] = tuple(make_deck(36))
RADAR_LIMITS: range = range(80, 121)
"""Radarkontrolle sets the hand's limit to a value from 80 to 120 (§1.9)."""
EXCUSE_MAX_POINTS = 3
"""Excuse plays a card worth at most 3 points under the valuation in force (§1.9, §1.9.1 #8)."""
TASCHENSPIELER_MIN_HAND = 4
"""Taschenspieler swaps while he holds at least 4 cards (§1.9)."""
GUGGITALER_POINTS: dict[Card, int] = {**{Card(rank, HEARTS): 1 for rank in range(6, 15)}, Card(KING, DIAMONDS): 4}
"""Guggitaler's valuation: each Heart 1, the Star King 4, every other card 0; 13 in all (§1.9)."""
GUGGITALER_LIMIT = 13
GUGGITALER_BANNED = Card(KING, DIAMONDS)
"""The Star King may not be laid face down while Guggitaler is in the game (§1.9 [DECISION])."""
GUGGITALER_CANCELS: frozenset[str] = frozenset({"schwarzpeter", "computer", "radar"})
JACKPOT_SEVENS: tuple[str, ...] = ("7H", "7D")
ANIMAL_SUITS: frozenset[int] = frozenset({CLUBS, SPADES})
"""Eidex and Raven: a trick of these suits only is a pure animal trick (Jackpot)."""
BLACK_FRIDAY_SUITS: tuple[str, ...] = ("C", "D", "H")
UMWERTER_WAYS: tuple[str, ...] = ("high", "low")

REASONS: dict[str, Message] = {
    "used": msg("eidex.reason.used"),
    "konsument": msg("eidex.reason.konsument"),
    "excuse": msg("eidex.reason.excuse", power=msg("char.excuse.name"), points=EXCUSE_MAX_POINTS),
    "taschenspieler": msg("eidex.reason.taschenspieler", n=TASCHENSPIELER_MIN_HAND),
    "kompass": msg("eidex.reason.kompass"),
    "sphinx": msg("eidex.reason.sphinx"),
    "window": msg("eidex.reason.window"),
}
"""Why a power of this module is refused, by key: messages (docs/messages.md)."""


def may_lay(game: CharacterGame, seat: int, card: Card) -> bool:
    """Whether ``card`` may become ``seat``'s face-down card under every active character's rule."""
    return all(ch.may_discard(seat, card) for ch in game.cast if game.is_active(ch))


def ordered(cards: Iterable[Card]) -> list[Card]:
    """Cards in a fixed order, so that a seeded draw among them replays exactly."""
    return sorted(cards, key=lambda c: c.index)


class LowCharacter(Character):
    """A character of ranks 9 to 6: refuses its own power actions with a short reason."""

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        if seat != self.seat or not action.startswith(f"power {self.id}"):
            return None
        if not self.left():
            return REASONS["used"]
        return REASONS.get(self.id, REASONS["window"])


class Laser(LowCharacter):
    """Eidex 9: picks the others' face-down cards blind, and the first lead of another leader (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.lead_drawn = False
        self.drawn: Card | None = None
        self.waived = False

    def on_discard_phase(self) -> list[Event]:
        game = self.game
        events: list[Event] = []
        for seat in game.opponents(self.seat):
            if game.discards[seat] is not None or any(ch.defers_discard(seat) for ch in game.cast):
                continue
            card = game.rng.choice(ordered(c for c in game.hands[seat] if may_lay(game, seat, c)))
            game.put_face_down(seat, card)
            events += [game.power_event(self, target=seat), {"event": "discard", "seat": seat}]
        return events

    def _draws(self, seat: int) -> bool:
        """Whether Laser draws ``seat``'s card now: the first lead of the hand, by another seat."""
        game = self.game
        return not self.lead_drawn and game.trick_no == 1 and not game.trick and seat != self.seat

    def holds_play(self, seat: int) -> bool:
        game = self.game
        if self.waived or not self._draws(seat) or seat != game.turn:
            return False
        leader = game.cast[seat]
        first = conflict_key(leader.card) < conflict_key(self.card) and game.is_active(leader)
        return first and bool(leader.turn_actions())

    def waive(self, seat: int) -> list[Event]:
        if not self.holds_play(seat):
            return []
        self.waived = True
        return [{"event": "decline", "seat": seat, "name": self.game.cast[seat].id, "window": "first_lead"}]

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        if action.startswith("play ") and self.holds_play(seat):
            return msg("eidex.reason.laser_held", power=msg("char.laser.name"))
        return super().refuse_reason(seat, action)

    def auto_play(self, seat: int) -> Card | None:
        game = self.game
        if not self._draws(seat) or self.holds_play(seat):
            return None
        self.lead_drawn = True
        self.drawn = game.rng.choice(ordered(game.playable(seat)))
        return self.drawn

    def on_play(self, seat: int, card: Card) -> list[Event]:
        if card != self.drawn:
            return []
        self.drawn = None
        return [self.game.power_event(self, target=seat, card=str(card))]


class Radar(LowCharacter):
    """Raven 9, Radarkontrolle: sets this hand's limit to 80..120 before the discard (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.limit: int | None = None

    def window_actions(self, window: str) -> list[str]:
        if window != "before_discard" or not self.left():
            return []
        return [self.power(n) for n in RADAR_LIMITS]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.limit = int(args[0])
        self.game.refresh_rules()
        return [self.game.power_event(self, limit=self.limit)]

    def adjust_limit(self, limit: int) -> int:
        return limit if self.limit is None else self.limit


class Konsument(LowCharacter):
    """Heart 9, Konsumentenschutz: once rejects another player's card; he plays another and gets it back (§1.9)."""

    def _victim(self, complete: bool) -> int | None:
        game = self.game
        if not self.left() or game.phase != "play" or not game.trick:
            return None
        if (len(game.trick) >= game.trick_size) != complete:
            return None
        seat, card = game.trick[-1]
        if seat == self.seat or card in game.face_down or not game.hands[seat]:
            return None
        return seat

    def free_actions(self) -> list[str]:
        if self.game.window is not None or self._victim(complete=False) is None:
            return []
        return [self.power()]

    def window_actions(self, window: str) -> list[str]:
        return [self.power()] if window == "trick_complete" and self._victim(complete=True) is not None else []

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        seat, card = game.trick[-1]
        lapsed = game.take_back(seat)
        game.barred.setdefault(seat, set()).add(card)
        game.reveal([card])
        return [game.power_event(self, target=seat, card=str(card)), *lapsed]


class Seher(LowCharacter):
    """Star 9: lays his face-down card last, after seeing the others' ones and the first lead (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.laid = False

    def defers_discard(self, seat: int) -> bool:
        return seat == self.seat and not self.laid

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        if seat == self.seat and Action.parse(action).verb == "discard" and not self.laid:
            return msg("eidex.reason.seher_later", power=msg("char.seher.name"))
        return super().refuse_reason(seat, action)

    def on_play(self, seat: int, card: Card) -> list[Event]:
        game = self.game
        if self.laid or game.trick_no != 1 or len(game.trick) != 1:
            return []
        seen = [
            c
            for s in game.opponents(self.seat)
            if (c := game.discards[s]) is not None and not isinstance(game.cast[s], Laser)
        ]
        game.reveal(seen, [self.seat])
        game.open_prompt(Prompt(self.seat, "discard", [self.seat]))
        return [game.power_event(self, seen=len(seen))]

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        return [f"discard {c}" for c in self.game.hands[seat] if may_lay(self.game, seat, c)]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        self.game.put_face_down(seat, Card.parse(Action.parse(action).args[0]))
        self.laid = True
        prompt.seats.remove(seat)
        return [{"event": "discard", "seat": seat}]


class Umwerter(LowCharacter):
    """Eidex 8: once makes a card he does not hold the highest or lowest of its suit for the hand (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.choice: tuple[Card, str] | None = None

    def window_actions(self, window: str) -> list[str]:
        if window != "after_discard" or not self.left():
            return []
        own = {*self.game.hands[self.seat], self.game.discards[self.seat]}
        ways = UMWERTER_WAYS if self.game.options["umwerter_lowest"] else UMWERTER_WAYS[:1]
        return [self.power(card, way) for card in DECK if card not in own for way in ways]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        card = Card.parse(args[0])
        self.choice = (card, args[1])
        self.game.name_aloud(card)
        self.game.refresh_rules()
        return [self.game.power_event(self, card=str(card), way=args[1])]

    def adjust_strength(self, strength: list[int]) -> None:
        if self.choice is None:
            return
        card, way = self.choice
        others = [strength[c.index] for c in DECK if c.suit == card.suit and c != card]
        strength[card.index] = max(others) + 1 if way == "high" else min(others) - 1


class Zombie(LowCharacter):
    """Raven 8: once, when two players have taken a trick, each takes a card of his last trick back (§1.9.1 #4)."""

    def _choices(self, seat: int) -> list[Card]:
        game = self.game
        return [
            c for c in game.last_pile[seat] if c in game.won[seat] and (c not in game.secret or seat in game.secret[c])
        ]

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_scored" or not self.left():
            return []
        with_trick = [s for s in range(len(game.hands)) if self._choices(s)]
        without = [s for s in range(len(game.hands)) if s not in with_trick]
        if len(with_trick) < 2 or any(game.discards[s] is None for s in without):
            return []
        return [self.power()]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        events = [game.power_event(self)]
        queue = []
        for seat in [self.seat, *game.opponents(self.seat)]:
            if self._choices(seat):
                queue.append(seat)
            else:
                game.move_to_hand(seat, game.discards[seat])
                events.append({"event": "take", "seat": seat, "cards": [], "face_down": True})
        game.open_prompt(Prompt(self.seat, "take", queue[:1], {"queue": queue[1:]}))
        return events

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        return [f"take {c}" for c in self._choices(seat)]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        game = self.game
        card = Card.parse(Action.parse(action).args[0])
        text = game.card_text(card)
        game.move_to_hand(seat, card)
        if text is not None:
            game.reveal([card])
        prompt.seats.remove(seat)
        if prompt.data["queue"]:
            prompt.seats.append(prompt.data["queue"].pop(0))
        return [{"event": "take", "seat": seat, "cards": [text]}]


class Excuse(LowCharacter):
    """Heart 8, Je m'excuse: once plays a card worth at most 3 points instead of following (§1.9.1 #8). The card is
    a discard into the trick: it never takes it, under Skat or Fahnder's demand too (§1.9.2 #9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.laid: Card | None = None

    def _in_trick(self) -> bool:
        return self.laid is not None and any(c == self.laid for _, c in self.game.trick)

    def adjust_trick(self, strength: list[int]) -> None:
        if self._in_trick() and self.laid is not None:
            strength[self.laid.index] = -1

    def after_trick(self, outcome: TrickOutcome) -> None:
        self.laid = None

    def public(self) -> dict[str, Any]:
        return {"excused": str(self.laid) if self._in_trick() else None}

    def on_trick_changed(self) -> list[Event]:
        if self.laid is None or self._in_trick():
            return []
        self.laid = None
        self.used -= 1
        return [self.game.lapse_event(self)]

    def turn_actions(self) -> list[str]:
        game = self.game
        if not self.left() or not game.trick:
            return []
        legal = set(game.playable(self.seat))
        barred = game.barred.get(self.seat, set())
        non_trump = game.options["excuse_non_trump"]
        return [
            self.power(c)
            for c in game.hands[self.seat]
            if c not in legal
            and c not in barred
            and game.rules.points[c.index] <= EXCUSE_MAX_POINTS
            and not (non_trump and c.suit == game.rules.trump)
        ]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        card = Card.parse(args[0])
        self.laid = card
        return [self.game.power_event(self, card=str(card)), *self.game.play_card(self.seat, card)]


class Taschenspieler(LowCharacter):
    """Star 8: once, while holding at least 4 cards, swaps his face-down card with a card of his hand (§1.9)."""

    def free_actions(self) -> list[str]:
        game = self.game
        hand = game.hands[self.seat]
        if not self.left() or game.discards[self.seat] is None or len(hand) < TASCHENSPIELER_MIN_HAND:
            return []
        return [self.power(c) for c in hand if may_lay(game, self.seat, c)]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        game.move_to_hand(self.seat, game.discards[self.seat])
        game.put_face_down(self.seat, Card.parse(args[0]))
        return [game.power_event(self)]


class Korrektor(LowCharacter):
    """Eidex 7: once rejects a complete trick; it is replayed, led by its leader or by him (§1.9)."""

    def window_actions(self, window: str) -> list[str]:
        if window != "trick_complete" or not self.left():
            return []
        return [self.power(), self.power("lead")]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        leader = self.seat if args == ["lead"] else game.trick[0][0]
        lapsed = game.replay_trick(leader)
        return [game.power_event(self, leader=leader), *lapsed]


class Fledderer(LowCharacter):
    """Raven 7: lays a card as an opponent's face-down card and takes that one blind (§1.9.1 #10)."""

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "after_discard" or not self.left():
            return []
        return [
            self.power(seat, card)
            for seat in game.opponents(self.seat)
            if game.discards[seat] is not None
            for card in game.hands[self.seat]
            if may_lay(game, seat, card)
        ]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        seat, card = int(args[0]), Card.parse(args[1])
        game.move_to_hand(self.seat, game.discards[seat])
        game.put_face_down(self.seat, card, owner=seat)
        return [game.power_event(self, target=seat)]


class Guggitaler(LowCharacter):
    """Heart 7: after the discard changes the scoring to 13 points (Hearts 1, Star King 4), no bonus (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.on = False

    def window_actions(self, window: str) -> list[str]:
        return [self.power()] if window == "after_discard" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.on = True
        self.game.refresh_rules()
        return [self.game.power_event(self, limit=GUGGITALER_LIMIT)]

    def adjust_points(self, points: list[int]) -> None:
        if self.on:
            points[:] = [GUGGITALER_POINTS.get(card, 0) for card in DECK]

    def adjust_limit(self, limit: int) -> int:
        return GUGGITALER_LIMIT if self.on else limit

    def adjust_bonus(self, bonus: int) -> int:
        return 0 if self.on else bonus

    def cancels(self) -> set[str]:
        return set(GUGGITALER_CANCELS) if self.on else set()

    def may_discard(self, seat: int, card: Card) -> bool:
        return card != GUGGITALER_BANNED


class Jackpot(LowCharacter):
    """Star 7: pure animal tricks go to a jackpot, which the taker of the named 7 wins (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.seven: Card | None = None
        self.open = False
        self.pile: list[Card] = []
        self.donated: Card | None = None

    def window_actions(self, window: str) -> list[str]:
        return [self.power(s) for s in JACKPOT_SEVENS] if window == "before_discard" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.seven = Card.parse(args[0])
        self.open = True
        self.game.name_aloud(self.seven)  # said aloud: every seat knows which 7, not where it lies (§1.9.2 #5)
        return [self.game.power_event(self, card=args[0])]

    def may_discard(self, seat: int, card: Card) -> bool:
        return card != self.seven

    def on_discards_laid(self) -> list[Event]:
        game = self.game
        if not self.open or game.discards[self.seat] is None:
            return []
        self.donated = game.discards[self.seat]
        game.discards[self.seat] = None
        return [game.power_event(self, donated=True)]

    def close_trick(self, outcome: TrickOutcome) -> None:
        if not self.open:
            return
        cards = [c for _, c in outcome.plays]
        if self.seven in cards:
            self.open = False
            receiver = outcome.winner if outcome.taker is None else outcome.taker
            prize = self.pile + ([self.donated] if self.donated is not None else [])
            if self.donated is not None:
                self.game.secret[self.donated] = {self.seat}
            outcome.shares.setdefault(receiver, []).extend(prize)
            self.pile, self.donated = [], None
            outcome.notes.append(msg("eidex.note.jackpot_won", seat=seat_of(receiver)))
        elif all(c.suit in ANIMAL_SUITS for c in cards) and len(outcome.shares) == 1:
            for seat in list(outcome.shares):
                self.pile += outcome.shares.pop(seat)
            outcome.notes.append(msg("eidex.note.jackpot_pile"))

    def zones(self) -> dict[str, list[Card]]:
        return {"jackpot": self.pile + ([self.donated] if self.donated is not None else [])}

    def hidden(self, seat: int | None) -> set[Card]:
        if self.donated is None or seat == self.seat or self.game.phase == "over":
            return set()
        return {self.donated}

    def public(self) -> dict[str, Any]:
        return {
            "seven_suit": None if self.seven is None else self.seven.suit_text,
            "jackpot": [self.game.card_text(c) for c in self.pile],
            "donated": self.donated is not None,
        }


class Kompass(LowCharacter):
    """Eidex 6: sets the direction of play before trick 1, then may reverse it twice in the hand (§1.9.1 #12)."""

    def window_actions(self, window: str) -> list[str]:
        return [self.power()] if window == "first_lead" else []

    def free_actions(self) -> list[str]:
        game = self.game
        if not self.left() or game.phase != "play" or game.leader < 0 or game.window is not None or game.prompts:
            return []
        return [self.power()]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        setting = game.window is not None and game.window.name == "first_lead"
        if not setting:
            self.use()
        game.set_direction(-game.direction)
        return [game.power_event(self, direction=game.direction)]


class BlackFriday(LowCharacter):
    """Raven 6: devalues Eidex, Star or Heart; its points move to the Raven card of the same rank (§1.9)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.suit: int | None = None

    def window_actions(self, window: str) -> list[str]:
        return [self.power(s) for s in BLACK_FRIDAY_SUITS] if window == "after_discard" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.suit = SUITS.index(args[0])
        self.game.refresh_rules()
        return [self.game.power_event(self, suit=args[0])]

    def adjust_points(self, points: list[int]) -> None:
        if self.suit is None:
            return
        for rank in range(6, 15):
            raven, devalued = Card(rank, SPADES).index, Card(rank, self.suit).index
            points[raven] += points[devalued]
            points[devalued] = 0


class Wunschelrute(LowCharacter):
    """Heart 6, Wünschelrute: demands a card from its holder, who draws a random card from him (§1.9)."""

    def window_actions(self, window: str) -> list[str]:
        if window != "before_discard" or not self.left():
            return []
        return [self.power(c) for c in DECK]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        card = Card.parse(args[0])
        holder = next(s for s, hand in enumerate(game.hands) if card in hand)
        game.reveal([card])
        if holder != self.seat:
            game.move_to_hand(self.seat, card)
            drawn = game.rng.choice(ordered(c for c in game.hands[self.seat] if c != card))
            game.move_to_hand(holder, drawn)
        return [game.power_event(self, card=str(card), target=holder)]


class Sphinx(LowCharacter):
    """Star 6: twice per hand plays a card face down; the engine announces the trick's winner (§1.9.1 #2)."""

    def turn_actions(self) -> list[str]:
        return [self.power(c) for c in self.game.playable(self.seat)] if self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        card = Card.parse(args[0])
        named = {} if game.trick else {"suit": SUITS[card.suit]}
        return [game.power_event(self, **named), *game.play_card(self.seat, card, face_down=True)]

    def close_trick(self, outcome: TrickOutcome) -> None:
        if any(seat == self.seat and card in self.game.face_down for seat, card in outcome.plays):
            outcome.notes.append(msg("eidex.note.sphinx", seat=seat_of(outcome.winner), power=msg("char.sphinx.name")))


LOW: dict[str, type[Character]] = {
    "9C": Laser,
    "9S": Radar,
    "9H": Konsument,
    "9D": Seher,
    "8C": Umwerter,
    "8S": Zombie,
    "8H": Excuse,
    "8D": Taschenspieler,
    "7C": Korrektor,
    "7S": Fledderer,
    "7H": Guggitaler,
    "7D": Jackpot,
    "6C": Kompass,
    "6S": BlackFriday,
    "6H": Wunschelrute,
    "6D": Sphinx,
}
"""The implemented characters of ranks 9 to 6, by card."""
