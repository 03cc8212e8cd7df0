"""Eidex (Cosmic Eidex), the basic game: three players, 36 cards, a face-down card each, 11 Jass tricks,
victory points per hand, first to 7 wins (rulings eidex.md §1.1-1.8, §1.10).

A hand runs through explicit steps, each a method, so that the character powers of the advanced game (§1.9)
can hook in between them: :meth:`EidexGame._deal_hand` (deal, shown card) → :meth:`EidexGame._fix_trump` →
the ``discard`` phase (:meth:`EidexGame._discard`) → the ``play`` phase (:meth:`EidexGame._play`, closing each
trick in :meth:`EidexGame._close_trick`) → :meth:`EidexGame._score_hand` (card points, victory points, game end).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.cards import SUITS, Card, make_deck, shuffled
from engine.core import Deal, Game
from engine.games.eidex.tables import (
    CARDS_EACH,
    DEAL_PACKETS,
    GOAL_VP,
    LAST_TRICK_BONUS,
    MODES,
    PLAYERS,
    SUITS_EXTRA,
    TRICKS,
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
)
from engine.options import OptionError


# ---- the game ----------------------------------------------------------------------------------------------
class EidexGame(Game):
    """One game of Eidex at one table, from the first deal until a player has 7 victory points."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[dict]:
        vp = list(start.get("vp") or [0] * PLAYERS)
        if len(vp) != PLAYERS or not all(isinstance(v, int) and 0 <= v < GOAL_VP for v in vp):
            raise OptionError(f"start vp must be {PLAYERS} whole numbers from 0 to {GOAL_VP - 1}, not {vp!r}")
        self.vp = vp
        self.limit: int = self.options["limit"]
        if dealer is None and deal is not None and deal.shown is not None:
            dealer = next((s for s, hand in enumerate(deal.hands) if deal.shown in hand), None)
        self.dealer = self.rng.randrange(PLAYERS) if dealer is None else dealer
        if not 0 <= self.dealer < PLAYERS:
            raise OptionError(f"there is no seat {self.dealer} to deal")
        self.hand_no = 0
        self.sheet_rows: list[list[str]] = []
        self.last_hand: dict[str, Any] | None = None
        self.winners: list[int] = []
        self.final_discards: list[Card] = []
        self.won: list[list[Card]] = [[] for _ in range(PLAYERS)]
        return self._deal_hand(deal)

    # -- the steps of a hand ---------------------------------------------------------------------------------
    def _deal_hand(self, deal: Deal | None) -> list[dict]:
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
                raise OptionError(f"an Eidex deal gives {CARDS_EACH} cards to each of {PLAYERS} hands")
            shown = deal.shown or hands[self.dealer][-1]
            if shown not in hands[self.dealer]:
                raise OptionError(f"the shown card {shown} must be in the dealer's hand")
        self.hand_deal = Deal(hands=[list(h) for h in hands], shown=shown)
        self.hands = hands
        self.shown = shown
        self.discards: list[Card | None] = [None] * PLAYERS
        self.trick: list[tuple[int, Card]] = []
        self.won = [[] for _ in range(PLAYERS)]
        self.played: list[Card] = []
        self.taken = [0] * PLAYERS
        self.tricks = [0] * PLAYERS
        self.trick_no = 0
        self.turn = -1
        self.last_trick: dict[str, Any] | None = None
        self.special = all(v == GOAL_VP - 1 for v in self.vp)
        self.phase = "discard"
        deal_event = {"event": "deal", "dealer": self.dealer, "hand_no": self.hand_no, "special_round": self.special}
        return [deal_event, self._fix_trump()]

    def _fix_trump(self) -> dict[str, Any]:
        """The shown card decides the hand's contract."""
        self.contract = contract_for(self.shown, self.options["ace_six_no_trump"])
        trump = self.contract.trump
        return {
            "event": "trump",
            "trumps": SUITS[trump] if trump is not None else "NT",
            "mode": self.contract.mode,
            "card": str(self.shown),
            "seat": self.dealer,
            "text": f"the dealer shows {self.shown.pretty()}: {contract_label(self.contract)}",
        }

    def _discard(self, seat: int, card: Card) -> list[dict]:
        """Lay one card face down; once all three have, the seat after the dealer leads the first trick."""
        self.hands[seat].remove(card)
        self.discards[seat] = card
        events: list[dict] = [{"event": "discard", "seat": seat}]
        if None not in self.discards:
            self.phase = "play"
            self.trick_no = 1
            self.turn = (self.dealer + 1) % PLAYERS
            events.append({"event": "lead", "seat": self.turn, "trick_no": 1})
        return events

    def _play(self, seat: int, card: Card) -> list[dict]:
        """Lay a card on the trick; the third card closes it."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events: list[dict] = [{"event": "play", "seat": seat, "card": str(card)}]
        if len(self.trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return events
        return events + self._close_trick()

    def _close_trick(self) -> list[dict]:
        """The trick goes to its winner, who leads the next; the eleventh ends the hand."""
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards, self.contract)][0]
        last = self.trick_no == TRICKS
        points = sum(self.contract.points[c.index] for c in cards) + (LAST_TRICK_BONUS if last else 0)
        self.won[winner].extend(cards)
        self.played.extend(cards)
        self.taken[winner] += points
        self.tricks[winner] += 1
        verdict = f"seat {winner} takes: {why_wins(cards, self.contract)}"
        if last:
            verdict += f"; +{LAST_TRICK_BONUS} for the last trick"
        event = {
            "event": "trick",
            "trick_no": self.trick_no,
            "leader": self.trick[0][0],
            "cards": [[s, str(c)] for s, c in self.trick],
            "winner": winner,
            "points": points,
            "last": last,
            "verdict": verdict,
        }
        self.last_trick = {
            "kind": "trick",
            "label": f"trick {self.trick_no}",
            "plays": [{"seat": s, "cards": [str(c)]} for s, c in self.trick],
            "winner": winner,
            "verdict": verdict,
        }
        self.trick = []
        self.turn = winner
        if last:
            return [event, *self._score_hand()]
        self.trick_no += 1
        return [event]

    def _score_hand(self) -> list[dict]:
        """Card points (tricks, own face-down card, last trick), victory points, then the end or the next deal."""
        discards: list[Card] = [c for c in self.discards if c is not None]
        points = [self.taken[s] + self.contract.points[discards[s].index] for s in range(PLAYERS)]
        case, awards = award_vp(points, self.tricks, self.limit)
        verdict = vp_verdict(case, points, awards, self.limit)
        vp, winners, note = settle(self.vp, case, awards, points, self.special, self.options["chaos_tie_winner"])
        for s in range(PLAYERS):
            self.won[s].append(discards[s])
        self.discards = [None] * PLAYERS
        self.sheet_rows.append([str(self.hand_no), *(f"{p} +{a}" for p, a in zip(points, awards, strict=True))])
        self.vp = vp
        self.last_hand = {"hand_no": self.hand_no, "points": points, "vp": awards, "verdict": verdict, "note": note}
        events: list[dict] = [
            {
                "event": "hand",
                "hand_no": self.hand_no,
                "points": points,
                "score": list(vp),
                "vp": awards,
                "case": case,
                "tricks": list(self.tricks),
                "discards": [[s, str(c)] for s, c in enumerate(discards)],
                "special_round": self.special,
                "verdict": verdict,
                "note": note,
            }
        ]
        self.final_discards = discards
        if winners:
            self.winners = winners
            self.phase = "over"
            losers = [s for s in range(PLAYERS) if s not in winners]
            return events + [{"event": "game", "winners": winners, "losers": losers, "vp": list(vp)}]
        self.dealer = (self.dealer + 1) % PLAYERS
        return events + self._deal_hand(None)

    # -- the Game hooks --------------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "discard":
            return tuple(s for s in range(PLAYERS) if self.discards[s] is None)
        if self.phase == "play":
            return (self.turn,)
        return ()

    def normalize(self, action: str) -> str:
        """As the core does; the actions the table offers are already normal and pass unchanged."""
        return action if action in ACTION_CARD else super().normalize(action)

    def _legal(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.phase == "discard":
            return [DISCARD_TEXT[c] for c in hand]
        return [PLAY_TEXT[c] for c in legal_cards(hand, [c for _, c in self.trick], self.contract)]

    def _perform(self, seat: int, action: str) -> list[dict]:
        card = ACTION_CARD[action]
        return self._discard(seat, card) if self.phase == "discard" else self._play(seat, card)

    def _reason(self, seat: int, action: str) -> str:
        verb, *rest = action.split()
        if verb not in ("discard", "play") or len(rest) != 1:
            return "in Eidex you lay one card: 'discard CARD' face down before the tricks, then 'play CARD'"
        try:
            card = Card.parse(rest[0])
        except ValueError:
            return f"{rest[0]} is not a card"
        if card not in self.hands[seat]:
            return f"you do not hold {card.pretty()}"
        if verb == "play" and self.phase == "discard":
            return "first lay one card face down (it counts for you at the end of the hand)"
        if verb == "discard":
            return "every player lays only one card face down, before the first trick"
        return why_illegal(self.hands[seat], [c for _, c in self.trick], card, self.contract) or ""

    def _not_your_turn(self, seat: int) -> str:
        if self.phase == "discard":
            return f"your card lies face down: waiting for {seats_text(self.to_act())} to lay theirs"
        return super()._not_your_turn(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        contract = self.contract
        own = seat is not None and 0 <= seat < PLAYERS
        hand = sort_cards(self.hands[seat], contract) if own else []
        over = self.phase == "over"
        return {
            "game": "eidex",
            "seat": seat,
            "players": PLAYERS,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": list(self.to_act()),
            "phase": self.phase,
            "status": self._status(seat),
            "hand": [str(c) for c in hand],
            "seats": [{"cards": len(self.hands[s]), "out": None, "tags": self._tags(s)} for s in range(PLAYERS)],
            "stock": None,
            "table": {
                "kind": "trick",
                "label": f"trick {self.trick_no} of {TRICKS}" if self.phase == "play" else "face-down cards",
                "plays": [{"seat": s, "cards": [str(c)]} for s, c in self.trick],
            },
            "last_trick": self.last_trick,
            "sheet": {
                "columns": ["hand", *(f"seat {s}" for s in range(PLAYERS))],
                "rows": [list(r) for r in self.sheet_rows],
                "totals": ["VP", *map(str, self.vp)],
            },
            "over": over,
            "result": self.result(),
            "extra": self._extra(seat),
        }

    def _shown_visible(self) -> bool:
        return self.shown in self.hands[self.dealer]

    def _tags(self, seat: int) -> list[str]:
        tags = []
        if seat == self.dealer:
            tags.append("dealer")
            if self._shown_visible():
                tags.append(f"shows {self.shown.pretty()}")
        if self.phase == "discard":
            tags.append("face down ✓" if self.discards[seat] is not None else "to discard")
        elif self.phase == "play":
            tags.append(f"tricks {self.tricks[seat]}")
        tags.append(f"VP {self.vp[seat]}")
        if seat in self.winners:
            tags.append("winner")
        return tags

    def _status(self, seat: int | None) -> str:
        label = contract_label(self.contract)
        special = "Special round at 6-6-6. " if self.special else ""
        if self.phase == "over":
            return f"Seat {self.winners[0]} wins the game with {self.vp[self.winners[0]]} VP."
        if self.phase == "discard":
            done = f"Hand {self.last_hand['hand_no']}: {self.last_hand['verdict']}. " if self.last_hand else ""
            waiting = self.to_act()
            if seat in waiting:
                return f"{done}{special}{_first_up(label)}. Lay one card face down: it counts for you at the end."
            return f"{done}{special}{_first_up(label)}. Waiting for {seats_text(waiting)} to lay a card face down."
        taken = f"{_first_up(self.last_trick['verdict'])}. " if self.last_trick and not self.trick else ""
        doing = "lead" if not self.trick else "play"
        who = "You" if seat == self.turn else f"Seat {self.turn}"
        return f"{taken}{special}{who} to {doing} to trick {self.trick_no} of {TRICKS} ({label})."

    def _extra(self, seat: int | None) -> dict[str, Any]:
        contract = self.contract
        mode = MODES[contract.mode]
        over = self.phase == "over"
        if over:
            discards = [str(c) for c in self.final_discards]
        else:
            discards = [str(c) if c is not None and s == seat else None for s, c in enumerate(self.discards)]
        return {
            "suits": SUITS_EXTRA,
            "mode": contract.mode,
            "trump": SUITS[contract.trump] if contract.trump is not None else None,
            "trump_label": contract_label(contract),
            "shown": {"seat": self.dealer, "card": str(self.shown) if self._shown_visible() else None},
            "discarded": [c is not None for c in self.discards] if not over else [True] * PLAYERS,
            "discards": discards,
            "played": [str(c) for c in self.played],
            "taken": list(self.taken),
            "tricks": list(self.tricks),
            "vp": list(self.vp),
            "goal": GOAL_VP,
            "limit": self.limit,
            "special_round": self.special,
            "last_hand": self.last_hand,
            "rank_order": {"trump": list(mode.trump_order), "plain": list(mode.plain_order)},
            "card_points": {"trump": dict(mode.trump_points or {}), "plain": dict(mode.plain_points)},
        }

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {s}": list(self.hands[s]) for s in range(PLAYERS)}
        zones.update({f"won {s}": list(self.won[s]) for s in range(PLAYERS)})
        zones["face down"] = [c for c in self.discards if c is not None]
        zones["trick"] = [c for _, c in self.trick]
        return zones

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = {c for s in range(PLAYERS) if s != seat for c in self.hands[s]}
        hidden.update(c for s, c in enumerate(self.discards) if c is not None and s != seat)
        if self._shown_visible():
            hidden.discard(self.shown)
        return hidden

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        if self.phase != "over":
            return None
        return {
            "winners": list(self.winners),
            "losers": [s for s in range(PLAYERS) if s not in self.winners],
            "vp": list(self.vp),
            "hands": self.hand_no,
        }


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


PLAY_TEXT: dict[Card, str] = {c: f"play {c}" for c in make_deck(36)}
DISCARD_TEXT: dict[Card, str] = {c: f"discard {c}" for c in make_deck(36)}
ACTION_CARD: dict[str, Card] = {text: c for table in (PLAY_TEXT, DISCARD_TEXT) for c, text in table.items()}
"""Every card action in its normal form → its card."""
