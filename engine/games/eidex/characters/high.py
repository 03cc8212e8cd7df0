"""The characters of ranks A, K, Q, J and 10 (rulings eidex.md §1.9, §1.9.1; actions as in FORMAT.md)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.actions import Action
from engine.cards import JACK, KING, NINE, QUEEN, SIX, SPADES, SUITS, TEN, Card, make_deck
from engine.games.eidex.characters.base import Character, Prompt, TrickOutcome
from engine.games.eidex.tables import HAND_POINTS, LAST_TRICK_BONUS, PLAYERS
from engine.messages import Message, msg
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.messages import suit as suit_of
from engine.views import Event

DECK: tuple[Card, ...] = make_deck(36)
SEATS = range(PLAYERS)
RAVEN_JACK = Card(JACK, SPADES)


def _cards(args: list[str]) -> list[Card]:
    return [Card.parse(a) for a in args]


def _face(card: Card) -> dict[str, str]:
    """A card named in a view without its text (the name alone says nothing of where the card lies)."""
    return {"rank": card.rank_text, "suit": card.suit_text}


def _name(character: Character) -> Message:
    """The character's name in the reader's language (the catalog's ``char.<id>.name``)."""
    return msg(f"char.{character.id}.name")


def _text(cards: list[Card]) -> str:
    return " ".join(str(c) for c in sorted(cards, key=lambda c: c.index))


def adjacent(strength: list[int], a: Card, b: Card) -> bool:
    """Two cards of one suit with no card of that suit between them in trick strength."""
    if a.suit != b.suit or a == b:
        return False
    low, high = sorted((strength[a.index], strength[b.index]))
    return not any(low < strength[c.index] < high for c in DECK if c.suit == a.suit)


# ---- A -------------------------------------------------------------------------------------------------------
class Dealer(Character):
    """Eidex A: before each trick may offer an opponent to swap whole hands; the opponent accepts or refuses.
    One offer per trick [DECISION]."""

    def new_hand(self) -> None:
        super().new_hand()
        self.offered = -1

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "before_trick" or self.offered == game.trick_id or not game.hands[self.seat]:
            return []
        mine = len(game.hands[self.seat])
        return [self.power(s) for s in sorted(game.opponents(self.seat)) if len(game.hands[s]) == mine]

    def perform(self, args: list[str]) -> list[Event]:
        target = int(args[0])
        self.offered = self.game.trick_id
        self.game.open_prompt(Prompt(self.seat, "swap", [target]))
        return [{"event": "offer", "seat": self.seat, "name": self.id, "target": target}]

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        return ["accept", "refuse"]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        prompt.seats.remove(seat)
        if action == "refuse":
            return [{"event": "refuse", "seat": seat, "name": self.id}]
        self.use()
        hands = self.game.hands
        hands[self.seat], hands[seat] = hands[seat], hands[self.seat]
        return [{"event": "accept", "seat": seat, "name": self.id}, self.game.power_event(self, target=seat)]


class JiuJitsu(Character):
    """Raven A: once per hand, when a trick is complete, swaps the strength of two of its cards that are adjacent
    in rank order (same suit). Skater's later call can make them non-adjacent: the swap then lapses (§1.9.1 #3)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.swap: tuple[Card, Card] | None = None
        self.mark = -1

    def swapping(self) -> bool:
        """A swap stands for the current trick."""
        return self.swap is not None and self.mark == self.game.trick_id

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_complete" or not self.left():
            return []
        seen = [c for _, c in game.trick if c not in game.secret]
        strength = list(game.rules.strength)
        return [self.power(_text([a, b])) for a, b in combinations(seen, 2) if adjacent(strength, a, b)]

    def perform(self, args: list[str]) -> list[Event]:
        a, b = _cards(args)
        self.use()
        self.swap, self.mark = (a, b), self.game.trick_id
        return [self.game.power_event(self, cards=[str(a), str(b)])]

    def on_trick_changed(self) -> list[Event]:
        if not self.swapping():
            return []
        self.swap, self.mark = None, -1
        self.used -= 1
        return [self.game.lapse_event(self)]

    def adjust_trick(self, strength: list[int]) -> None:
        if self.swapping() and self.swap is not None:
            a, b = self.swap
            if adjacent(strength, a, b):
                strength[a.index], strength[b.index] = strength[b.index], strength[a.index]

    def public(self) -> dict[str, Any]:
        return {"swap": [str(c) for c in self.swap] if self.swapping() and self.swap is not None else None}


class Ultimo(Character):
    """Heart A: may take over the hand's last trick, whoever won it (under Gerechtigkeit only the bonus and his own
    card). A claim lapses and is given back when the trick is replayed or one of its cards rejected (§1.9.2 #8)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.claim = False

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_complete" or not self.left() or any(game.hands):
            return []
        return [self.power()] if game.winner_seat() != self.seat else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.claim = True
        return [self.game.power_event(self)]

    def on_trick_changed(self) -> list[Event]:
        if not self.claim:
            return []
        self.claim = False
        self.used -= 1
        return [self.game.lapse_event(self)]

    def close_trick(self, outcome: TrickOutcome) -> None:
        if self.claim and outcome.last:
            cards = [c for _, c in outcome.plays]
            outcome.winner = outcome.taker = outcome.bonus_to = self.seat
            outcome.shares = {self.seat: cards}
            outcome.notes.append(msg("eidex.note.ultimo", seat=seat_of(self.seat), power=_name(self)))
            self.claim = False


class Trumphator(Character):
    """Star A: after the deal may make the second-to-last dealt card (the dealer's) decide trump, unseen before;
    under the A/6 option it may make Obenabe or Undenufe unless ``trumphator_no_trump`` is off (§1.9, §1.9.1 #1)."""

    def window_actions(self, window: str) -> list[str]:
        return [self.power()] if window == "before_discard" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        old = game.shown
        event = game.fix_trump(game.second_card, game.options["trumphator_no_trump"])
        game.reveal([old])
        return [game.power_event(self, card=str(game.shown)), event]


# ---- K -------------------------------------------------------------------------------------------------------
class Computer(Character):
    """Eidex K: at the hand's end adds 5 to or takes 5 from his card points (cancelled by Guggitaler)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.delta = 0

    def window_actions(self, window: str) -> list[str]:
        return [self.power("+5"), self.power("-5")] if window == "hand_end" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.delta = int(args[0])
        return [self.game.power_event(self, delta=self.delta)]

    def adjust_hand_points(self, points: list[int]) -> None:
        points[self.seat] += self.delta


class Rauber(Character):
    """Raven K: after the deal takes the shown trump card from the dealer for any card of his own; as dealer he
    takes the trump 6 from its holder for the shown card. Not in the no-trump modes [DECISION]."""

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "before_discard" or not self.left() or game.contract.trump is None:
            return []
        if game.shown not in game.hands[game.dealer]:
            return []
        if game.dealer != self.seat:
            return [self.power(c) for c in sorted(game.hands[self.seat], key=lambda c: c.index)]
        return [self.power()] if self._six_holder() is not None else []

    def _six_holder(self) -> int | None:
        trump = self.game.contract.trump
        if trump is None:
            return None
        six = Card(SIX, trump)
        return next((s for s in SEATS if s != self.seat and six in self.game.hands[s]), None)

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        self.use()
        shown = game.shown
        if args:
            given = Card.parse(args[0])
            self._swap(game.dealer, shown, given)
            game.reveal([shown])
            return [game.power_event(self, target=game.dealer, card=str(shown))]
        holder, trump = self._six_holder(), game.contract.trump
        assert holder is not None and trump is not None
        six = Card(SIX, trump)
        self._swap(holder, six, shown)
        game.reveal([shown, six])
        return [game.power_event(self, target=holder, card=str(six))]

    def _swap(self, other: int, mine_now: Card, theirs_now: Card) -> None:
        """``mine_now`` passes from ``other`` to this seat, ``theirs_now`` from this seat to ``other``."""
        hands = self.game.hands
        hands[other][hands[other].index(mine_now)] = theirs_now
        hands[self.seat][hands[self.seat].index(theirs_now)] = mine_now


class Voyeur(Character):
    """Heart K: once per hand, any time, sees five cards of an opponent's choice (all, if he holds five or fewer);
    the reveal is his alone."""

    def new_hand(self) -> None:
        super().new_hand()
        self.seen: dict[int, list[Card]] = {}

    def free_actions(self) -> list[str]:
        game = self.game
        if not self.left() or game.phase == "over":
            return []
        return [self.power(s) for s in sorted(game.opponents(self.seat)) if game.hands[s]]

    def perform(self, args: list[str]) -> list[Event]:
        target = int(args[0])
        self.use()
        self.game.open_prompt(Prompt(self.seat, "show", [target]))
        return [self.game.power_event(self, target=target)]

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        hand = sorted(self.game.hands[seat], key=lambda c: c.index)
        return ["show " + _text(list(group)) for group in combinations(hand, min(5, len(hand)))]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        prompt.seats.remove(seat)
        cards = Action.parse(action).cards()
        self.seen[seat] = cards
        self.game.reveal(cards, [self.seat])
        return [{"event": "show", "seat": seat, "to": self.seat, "count": len(cards)}]

    def private(self, seat: int | None) -> dict[str, Any]:
        if seat != self.seat or not self.seen:
            return {}
        return {"voyeur": {str(s): [str(c) for c in cards] for s, cards in self.seen.items()}}


QUESTION_COUNTS = range(2, 10)
"""Quizmaster's "at least N cards of suit S" questions: N from 2 (1 is "suit S") to 9 (a whole suit)."""


class Quizmaster(Character):
    """Star K: after each trick asks one opponent one question from a fixed list (§1.9.1 #6): ``card X``, ``suit S``,
    ``atleast N S``, ``trump``. The engine answers truthfully and in public."""

    def new_hand(self) -> None:
        super().new_hand()
        self.asked: list[dict[str, Any]] = []

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_scored":
            return []
        own = set(game.hands[self.seat])
        questions = [f"card {c}" for c in DECK if c not in own] + [f"suit {s}" for s in SUITS]
        questions += [f"atleast {n} {s}" for n in QUESTION_COUNTS for s in SUITS]
        if game.contract.trump is not None:
            questions.append("trump")
        return [self.power(s, q) for s in sorted(game.opponents(self.seat)) if game.hands[s] for q in questions]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        target, kind, *rest = args
        hand = game.hands[int(target)]
        if kind == "card":
            card = Card.parse(rest[0])
            answer = card in hand
            if answer:
                game.reveal([card])
        elif kind == "suit":
            answer = any(c.suit == SUITS.index(rest[0]) for c in hand)
        elif kind == "atleast":
            answer = sum(1 for c in hand if c.suit == SUITS.index(rest[1])) >= int(rest[0])
        else:
            answer = any(c.suit == game.contract.trump for c in hand)
        self.use()
        question = " ".join([kind, *rest])
        self.asked.append({"target": int(target), "kind": kind, "args": rest, "answer": answer})
        return [game.power_event(self, target=int(target), question=question, answer=answer)]

    def public(self) -> dict[str, Any]:
        asked = [
            {**q, "args": [_face(Card.parse(a)) if q["kind"] == "card" else a for a in q["args"]]} for q in self.asked
        ]
        return {"questions": asked}


# ---- Q -------------------------------------------------------------------------------------------------------
class Feministin(Character):
    """Eidex Q: need not take a trick that holds a Queen together with a Jack or King: her card loses its strength
    and the next-highest card takes it. Every such trick."""

    def new_hand(self) -> None:
        super().new_hand()
        self.mark = -1

    def _card(self) -> Card | None:
        return next((c for s, c in self.game.trick if s == self.seat), None)

    def _drop(self, strength: list[int]) -> None:
        for seat, card in self.game.trick:
            if seat == self.seat:
                strength[card.index] = -1

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_complete" or self.mark == game.trick_id or game.winner_seat() != self.seat:
            return []
        ranks = {c.rank for _, c in game.trick if c not in game.secret}
        if QUEEN not in ranks or not ranks & {JACK, KING}:
            return []
        return [self.power()] if game.winner_seat(self._drop) != self.seat else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.mark = self.game.trick_id
        return [self.game.power_event(self)]

    def adjust_trick(self, strength: list[int]) -> None:
        if self.mark == self.game.trick_id:
            self._drop(strength)


class Shy(Character):
    """Raven Q: once per hand, when she must lead, draws a blind card from an opponent, who must lead it; he may
    refuse once, and then a second card drawn from the others must be led (§1.9, §1.9.1 #9)."""

    def turn_actions(self) -> list[str]:
        game = self.game
        if not self.left() or game.trick or game.turn != self.seat:
            return []
        return [self.power(s) for s in sorted(game.opponents(self.seat)) if game.hands[s]]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        target = int(args[0])
        self.use()
        hand = game.hands[target]
        card = hand[game.rng.randrange(len(hand))]
        game.open_prompt(Prompt(self.seat, "lead", [target], {"card": card}))
        return [game.power_event(self, target=target)]

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        return ["accept", "refuse"]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        game = self.game
        prompt.seats.remove(seat)
        card: Card = prompt.data["card"]
        events: list[Event] = [{"event": action, "seat": seat, "name": self.id}]
        if action == "refuse":
            others = [c for c in game.hands[seat] if c != card] or [card]
            card = others[game.rng.randrange(len(others))]
        game.close_prompt(prompt)
        return events + game.play_card(seat, card)

    def private(self, seat: int | None) -> dict[str, Any]:
        prompt = next((p for p in self.game.prompts if p.owner == self.seat and p.kind == "lead"), None)
        if prompt is None or seat not in prompt.seats:
            return {}
        return {"shy": {"card": str(prompt.data["card"])}}


class Teekranzchen(Character):
    """Heart Q: after the discard each opponent gives her a card of his choice (§1.9 [DECISION]); she then gives one
    card back to the next opponent in turn order and one to the other (``give CARD CARD``)."""

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "after_discard" or not self.left() or not all(game.hands[s] for s in game.opponents(self.seat)):
            return []
        return [self.power()]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.game.open_prompt(Prompt(self.seat, "give", list(self.game.opponents(self.seat))))
        return [self.game.power_event(self)]

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        hand = sorted(self.game.hands[seat], key=lambda c: c.index)
        if prompt.kind == "give":
            return [f"give {c}" for c in hand]
        return [f"give {a} {b}" for a in hand for b in hand if a != b]

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        game = self.game
        prompt.seats.remove(seat)
        cards = Action.parse(action).cards()
        if prompt.kind == "give":
            game.hands[seat].remove(cards[0])
            game.hands[self.seat].append(cards[0])
            if not prompt.seats:
                game.close_prompt(prompt)
                game.open_prompt(Prompt(self.seat, "back", [self.seat]))
            return [{"event": "give", "seat": seat, "to": self.seat}]
        events: list[Event] = []
        for target, card in zip(game.opponents(self.seat), cards, strict=True):
            game.hands[self.seat].remove(card)
            game.hands[target].append(card)
            events.append({"event": "give", "seat": self.seat, "to": target})
        return events


JUSTICE_TRICKS = 2


class Gerechtigkeit(Character):
    """Star Q: once per hand, before a trick, declares justice: for that trick and the next every player keeps his
    own card; the card that wins still leads next and counts as taking the trick (§1.9.1 #5)."""

    def new_hand(self) -> None:
        super().new_hand()
        self.remaining = 0

    def window_actions(self, window: str) -> list[str]:
        return [self.power()] if window == "before_trick" and self.left() else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.remaining = JUSTICE_TRICKS
        return [self.game.power_event(self, tricks=JUSTICE_TRICKS)]

    def close_trick(self, outcome: TrickOutcome) -> None:
        if self.remaining:
            self.remaining -= 1
            shares: dict[int, list[Card]] = {}
            for seat, card in outcome.plays:
                shares.setdefault(seat, []).append(card)
            outcome.shares = shares
            outcome.notes.append(msg("eidex.note.justice", power=_name(self)))

    def public(self) -> dict[str, Any]:
        return {"justice_tricks": self.remaining}


# ---- J -------------------------------------------------------------------------------------------------------
SKAT_TRUMP: tuple[str, ...] = ("J", "9", "A", "10", "K", "Q", "8", "7", "6")
SKAT_PLAIN: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
"""Skater's orders, highest first: the tens rise above Kings and Queens (and the plain Jack)."""


class Skater(Character):
    """Eidex J: once per hand, any time, calls Skat for the rest of the hand: trumps only when void in the led suit,
    and the Skat orders. Also a reaction to Jiu-Jitsu when the trick is complete (§1.9.1 #3). Not in the no-trump
    modes [DECISION]."""

    def new_hand(self) -> None:
        super().new_hand()
        self.called = False

    def _may(self) -> bool:
        return self.left() and self.game.contract.trump is not None and self.game.phase != "over"

    def free_actions(self) -> list[str]:
        return [self.power()] if self._may() else []

    def window_actions(self, window: str) -> list[str]:
        if window != "trick_complete" or not self._may():
            return []
        swaps = [ch for ch in self.game.cast if isinstance(ch, JiuJitsu) and ch.swapping()]
        return [self.power()] if swaps else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.called = True
        self.game.refresh_rules()
        return [self.game.power_event(self)]

    def adjust_strength(self, strength: list[int]) -> None:
        if not self.called:
            return
        trump = self.game.contract.trump
        for card in DECK:
            if card.suit == trump:
                strength[card.index] = 100 + len(SKAT_TRUMP) - SKAT_TRUMP.index(card.rank_text)
            else:
                strength[card.index] = len(SKAT_PLAIN) - SKAT_PLAIN.index(card.rank_text)

    def _strict(self, seat: int) -> bool:
        game = self.game
        led, trump = game.led_suit, game.contract.trump
        return self.called and bool(game.trick) and led != trump and any(c.suit == led for c in game.hands[seat])

    def adjust_legal(self, seat: int, cards: list[Card]) -> list[Card]:
        if not self._strict(seat):
            return cards
        return [c for c in cards if c.suit != self.game.contract.trump] or cards

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        step = Action.parse(action)
        if (
            step.verb == "play"
            and step.args
            and self._strict(seat)
            and Card.parse(step.args[0]).suit == self.game.contract.trump
        ):
            return msg("eidex.reason.skat", power=_name(self))
        return None

    def public(self) -> dict[str, Any]:
        return {"skat": self.called}


class Schwarzpeter(Character):
    """Raven J: before the discard declares Schwarzpeter: whoever takes the trick with the Raven Jack gets 0 VP and
    the others 1 each (a Match still wins 2). Not when Raven is trump or two players stand at 6 VP; the Raven Jack
    may then not be laid face down. Cancelled by Guggitaler."""

    def new_hand(self) -> None:
        super().new_hand()
        self.declared = False
        self.peter: int | None = None

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "before_discard" or not self.left() or game.contract.trump == SPADES:
            return []
        return [self.power()] if sum(1 for v in game.vp if v == 6) < 2 else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.declared = True
        return [self.game.power_event(self)]

    def may_discard(self, seat: int, card: Card) -> bool:
        return not (self.declared and card == RAVEN_JACK)

    def after_trick(self, outcome: TrickOutcome) -> None:
        if any(c == RAVEN_JACK for _, c in outcome.plays):
            self.peter = outcome.winner if outcome.taker is None else outcome.taker

    def award(self, points: list[int], case: str, awards: list[int]) -> tuple[str, list[int], Message] | None:
        if not self.declared or self.peter is None:
            return None
        awards = [0 if s == self.peter else 1 for s in SEATS]
        said = msg("eidex.vp.schwarzpeter", power=_name(self), seat=seat_of(self.peter))
        return "schwarzpeter", awards, said

    def public(self) -> dict[str, Any]:
        return {"declared": self.declared}


class Farbenfreund(Character):
    """Heart J: twice per hand, before a trick an opponent leads, names the suit he must lead; without a card of it
    the wish lapses and still counts [DECISION] unless ``farbenfreund_lapse_counts`` is off."""

    def new_hand(self) -> None:
        super().new_hand()
        self.wish: tuple[int, int] | None = None

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "before_trick" or not self.left() or game.turn == self.seat or game.trick:
            return []
        return [self.power(game.turn, s) for s in SUITS]

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        target, suit = int(args[0]), SUITS.index(args[1])
        lapsed = not any(c.suit == suit for c in game.hands[target])
        if not lapsed or game.options["farbenfreund_lapse_counts"]:
            self.use()
        self.wish = None if lapsed else (target, suit)
        return [game.power_event(self, target=target, suit=args[1], lapsed=lapsed)]

    def _wished(self, seat: int) -> int | None:
        if self.wish is None or self.wish[0] != seat or self.game.trick:
            return None
        return self.wish[1]

    def adjust_legal(self, seat: int, cards: list[Card]) -> list[Card]:
        suit = self._wished(seat)
        return cards if suit is None else [c for c in cards if c.suit == suit] or cards

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        suit = self._wished(seat)
        step = Action.parse(action)
        if suit is not None and step.verb == "play" and step.args and Card.parse(step.args[0]).suit != suit:
            return msg("eidex.reason.wish", power=_name(self), suit=suit_of(SUITS[suit]))
        return None

    def on_play(self, seat: int, card: Card) -> list[Event]:
        if self.wish is not None and self.wish[0] == seat:
            self.wish = None
        return []


class Scharfmacher(Character):
    """Star J: once per hand, on his turn before he plays, declares a double trick: after the first round every
    player adds a second card in turn order from the leader; the six cards make one trick (§1.9.1 #7)."""

    def turn_actions(self) -> list[str]:
        game = self.game
        if not self.left() or game.trick_size != PLAYERS or game.turn != self.seat:
            return []
        laid = [s for s, _ in game.trick]
        enough = all(len(game.hands[s]) >= 2 - laid.count(s) for s in SEATS)
        return [self.power()] if enough else []

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.game.trick_size = 2 * PLAYERS
        return [self.game.power_event(self)]


# ---- 10 ------------------------------------------------------------------------------------------------------
class Differenzler(Character):
    """Eidex 10: before the first lead announces his card points; with at least one trick and an exact hit the hand
    gives him 2 VP instead of the normal scoring. Under Guggitaler his regular (Jass) points count."""

    def new_hand(self) -> None:
        super().new_hand()
        self.guess: int | None = None

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "before_trick" or game.trick_no != 1 or not self.left():
            return []
        return [self.power(n) for n in range(HAND_POINTS + 1)]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.guess = int(args[0])
        return [self.game.power_event(self, number=self.guess)]

    def _regular(self, points: list[int]) -> int:
        """His points for the guess: as scored, or under Guggitaler the Jass count."""
        game = self.game
        if not any(ch.id == "guggitaler" and ch.cancels() for ch in game.cast):
            return points[self.seat]
        values = game.contract.points
        own = sum(values[c.index] for c in game.won[self.seat])
        discard = game.discards[self.seat]
        last = game.last_trick
        bonus = LAST_TRICK_BONUS if last is not None and last["winner"] == self.seat else 0
        return own + (values[discard.index] if discard else 0) + bonus

    def award(self, points: list[int], case: str, awards: list[int]) -> tuple[str, list[int], Message] | None:
        game = self.game
        if self.guess is None or not game.tricks[self.seat] or self._regular(points) != self.guess:
            return None
        awards = [2 if s == self.seat else 0 for s in SEATS]
        said = msg("eidex.vp.differenzler", power=_name(self), seat=seat_of(self.seat), n=self.guess)
        return "differenzler", awards, said

    def public(self) -> dict[str, Any]:
        return {"guess": self.guess}


class Fahnder(Character):
    """Raven 10: once per hand, right after his own lead, names a card; its holder must play it to this trick when
    it is legal (nothing happens if it was played or laid face down). Not the Raven Jack under Schwarzpeter."""

    FLEETING = True  # the next seat's card closes it

    def new_hand(self) -> None:
        super().new_hand()
        self.demand: Card | None = None
        self.mark = -1

    def free_actions(self) -> list[str]:
        game = self.game
        if not self.left() or len(game.trick) != 1 or game.trick[0][0] != self.seat:
            return []
        banned = set(game.hands[self.seat]) | {c for _, c in game.trick}
        if any(isinstance(ch, Schwarzpeter) and ch.declared and game.is_active(ch) for ch in game.cast):
            banned.add(RAVEN_JACK)
        return [self.power(c) for c in DECK if c not in banned]

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.demand, self.mark = Card.parse(args[0]), self.game.trick_id
        self.game.name_aloud(self.demand)  # he names it aloud: the log says which card, not where it lies
        return [self.game.power_event(self, card=args[0])]

    def _demanded(self, cards: list[Card]) -> bool:
        return self.demand is not None and self.mark == self.game.trick_id and self.demand in cards

    def adjust_legal(self, seat: int, cards: list[Card]) -> list[Card]:
        return [self.demand] if self.demand is not None and self._demanded(cards) else cards

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        step = Action.parse(action)
        cards = self.game.hands[seat]
        if step.verb == "play" and self._demanded(cards) and step.args and Card.parse(step.args[0]) != self.demand:
            return msg("eidex.reason.demand", power=_name(self), card=card_of(self.demand))
        return None


class Fursorge(Character):
    """Heart 10: after any trick but the last may give it, worth at most 3 points under the valuation in force and
    without a face-down (Sphinx) card, together with the lead, to any player. As often as she likes. The gift
    belongs to the trick as finally scored: it lapses when the trick is replayed or one of its cards rejected, and
    she may then give the trick that is scored if it qualifies (§1.9.2 #4)."""

    MAX_POINTS = 3

    def new_hand(self) -> None:
        super().new_hand()
        self.needy: int | None = None
        self.gift: list[tuple[int, Card]] = []

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window != "trick_complete" or not any(game.hands) or not self._may_give(game.trick):
            return []
        winner = game.winner_seat()
        return [self.power(s) for s in SEATS if s != winner]

    def _may_give(self, plays: list[tuple[int, Card]]) -> bool:
        """Whether the trick of ``plays`` may be given: no face-down card, at most 3 points in force."""
        game = self.game
        if any(c in game.face_down for _, c in plays):
            return False
        return sum(game.rules.points[c.index] for _, c in plays) <= self.MAX_POINTS

    def perform(self, args: list[str]) -> list[Event]:
        self.use()
        self.needy = int(args[0])
        self.gift = list(self.game.trick)
        return [self.game.power_event(self, target=self.needy)]

    def on_trick_changed(self) -> list[Event]:
        if self.needy is None:
            return []
        self.needy, self.gift = None, []
        self.used -= 1
        return [self.game.lapse_event(self)]

    def close_trick(self, outcome: TrickOutcome) -> None:
        needy, gift = self.needy, self.gift
        self.needy, self.gift = None, []
        if needy is None or gift != outcome.plays or not self._may_give(outcome.plays):
            return
        cards = [c for _, c in outcome.plays]
        if outcome.shares == {outcome.winner: cards}:
            outcome.shares = {needy: cards}
            outcome.taker = needy
        outcome.winner = needy
        outcome.notes.append(msg("eidex.note.fursorge", seat=seat_of(needy), power=_name(self)))


WISDOM_SETS: dict[int, int] = {JACK: 40, NINE: 30, 14: 20, KING: 20, QUEEN: 20, TEN: 20}
"""Four of a kind: four Jacks 40, four Nines 30, four Aces, Kings, Queens or Tens 20 (§1.9 Weisheit)."""
WISDOM_RUNS: dict[int, int] = {3: 4, 4: 10, 5: 20}
"""Runs in one suit (natural order 6..A): three 4, four 10, five or more 20."""
WISDOM_STOCK = 4
"""King and Queen of trump."""


def wisdom(hand: list[Card], trump: int | None) -> tuple[int, list[Card]]:
    """The highest total of combinations ``hand`` may show and the cards shown (§1.9.1 #11): every card in at most
    one combination, except that the trump King and Queen may also sit inside a run."""
    best: tuple[int, list[Card]] = (0, [])
    quads = [rank for rank in WISDOM_SETS if sum(1 for c in hand if c.rank == rank) == 4]
    for size in range(len(quads) + 1):
        for chosen in combinations(quads, size):
            used = [c for c in hand if c.rank in chosen]
            total = sum(WISDOM_SETS[r] for r in chosen)
            rest = [c for c in hand if c.rank not in chosen]
            run_total, run_cards = _runs(rest)
            total += run_total
            shown = used + run_cards
            stock = [Card(KING, trump), Card(QUEEN, trump)] if trump is not None else []
            if stock and all(c in rest for c in stock):
                total += WISDOM_STOCK
                shown += [c for c in stock if c not in shown]
            if total > best[0]:
                best = (total, sorted(shown, key=lambda c: c.index))
    return best


def _runs(cards: list[Card]) -> tuple[int, list[Card]]:
    """The best total of runs among ``cards`` and the cards in them (a long run may split into shorter ones)."""
    total, shown = 0, []
    for suit in range(4):
        ranks = sorted(c.rank for c in cards if c.suit == suit)
        start = 0
        while start < len(ranks):
            end = start
            while end + 1 < len(ranks) and ranks[end + 1] == ranks[end] + 1:
                end += 1
            value, used = _split(end - start + 1)
            total += value
            shown += [Card(ranks[start + i], suit) for i in used]
            start = end + 1
    return total, shown


def _split(length: int) -> tuple[int, list[int]]:
    """The best value of a run of ``length`` cards cut into runs of three or more, and the positions used."""
    best: tuple[int, list[int]] = (0, [])
    for first in range(3, length + 1):
        value = WISDOM_RUNS[min(first, 5)]
        rest_value, rest_used = _split(length - first)
        if value + rest_value > best[0]:
            best = (value + rest_value, list(range(first)) + [first + i for i in rest_used])
    return best


class Weisheit(Character):
    """Star 10: before the first trick shows her combinations (the highest total her hand allows) to everyone; at
    the hand's end adds the total to or takes it from her card points."""

    def new_hand(self) -> None:
        super().new_hand()
        self.total = 0
        self.shown: list[Card] = []
        self.sign = 0

    def window_actions(self, window: str) -> list[str]:
        game = self.game
        if window == "before_trick" and game.trick_no == 1 and not self.shown and self.left():
            total, cards = wisdom(game.hands[self.seat], game.contract.trump)
            return [self.power(_text(cards))] if total else []
        if window == "hand_end" and self.shown and not self.sign:
            return [self.power("+"), self.power("-")]
        return []

    def perform(self, args: list[str]) -> list[Event]:
        game = self.game
        if args[0] in "+-":
            self.sign = 1 if args[0] == "+" else -1
            return [game.power_event(self, sign=args[0], points=self.total)]
        self.use()
        self.shown = _cards(args)
        self.total = wisdom(game.hands[self.seat], game.contract.trump)[0]
        game.reveal(self.shown)
        return [game.power_event(self, cards=[str(c) for c in self.shown], points=self.total)]

    def adjust_hand_points(self, points: list[int]) -> None:
        points[self.seat] += self.sign * self.total

    def public(self) -> dict[str, Any]:
        return {"shown": [str(c) for c in self.shown], "points": self.total}


HIGH: dict[str, type[Character]] = {
    "AC": Dealer,
    "AS": JiuJitsu,
    "AH": Ultimo,
    "AD": Trumphator,
    "KC": Computer,
    "KS": Rauber,
    "KH": Voyeur,
    "KD": Quizmaster,
    "QC": Feministin,
    "QS": Shy,
    "QH": Teekranzchen,
    "QD": Gerechtigkeit,
    "JC": Skater,
    "JS": Schwarzpeter,
    "JH": Farbenfreund,
    "JD": Scharfmacher,
    "10C": Differenzler,
    "10S": Fahnder,
    "10H": Fursorge,
    "10D": Weisheit,
}
"""The implemented characters of ranks A to 10, by card."""
