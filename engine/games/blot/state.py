"""Blot (Armenian Bazar Blot): four players in two teams, an auction, combinations, belote, kaput, contra and
recontra, to 301 (seed 004, rulings blot.md).

Seats 0+2 play against 1+3. The player after the dealer speaks first and leads trick 1. Rules data lives in
``tables.py``; combinations, trick play and scoring in ``combos.py``, ``play.py`` and ``score.py``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal, NamedTuple, cast

from engine.actions import Action
from engine.cards import KING, QUEEN, Card, cards_text, shuffled
from engine.core import Deal, Game, copy_rng, sort_hand
from engine.games.blot.combos import (
    Combo,
    belote_holder,
    combo_word,
    comparison,
    find_combinations,
    team_points,
    winning_team,
)
from engine.games.blot.extra import BlotExtra, BlotOptions
from engine.games.blot.play import current_winner, legal_cards, play_rule, trump_suit, verdict_of
from engine.games.blot.score import Contract, how_scored, score_hand
from engine.games.blot.tables import (
    BELOTE_POINTS,
    DECK,
    LAST_TRICK_BONUS,
    MAX_BID,
    NO_TRUMP,
    POINTS,
    STRAINS,
    STRENGTH,
    TEAMS,
)
from engine.messages import Cell, Message, Text, card, listing, msg, suit, team
from engine.messages import seat as seat_of
from engine.outcome import Outcome, Result
from engine.views import Event, TableView, View

PLAY = {c: f"play {c}" for c in DECK}
"""Card → its play action."""
CARD_OF_ACTION = {a: c for c, a in PLAY.items()}


class Bid(NamedTuple):
    """A standing bid: who made it, level, strain and the kaput flag."""

    seat: int
    level: int
    strain: str
    kaput: bool

    @property
    def team(self) -> int:
        return self.seat % 2


def strain_value(strain: str) -> Message | dict[str, str]:
    """What a bid names, as a message parameter: its trump suit, or the no-trump message."""
    return msg("blot.strain.nt") if strain == NO_TRUMP else suit(strain)


def bid_text(level: int, strain: str, kaput: bool) -> Message:
    """A bid as a message: "10 ♥", "26 ♠ kaput", "9 NT"."""
    return msg("blot.bid.kaput" if kaput else "blot.bid", level=level, strain=strain_value(strain))


ANSWERS: dict[str, None] = dict.fromkeys(["pass", "recontra"])
"""What a contra'd bidder may answer."""

CALLS: dict[str, str] = {"pass": "blot.call.pass", "contra": "blot.call.contra", "recontra": "blot.call.recontra"}
"""The auction's calls besides bids → their message keys."""


def bid_action(level: int, strain: str, kaput: bool) -> str:
    return f"bid {level} {strain}" + (" kaput" if kaput else "")


BIDS: tuple[tuple[int, bool, str], ...] = tuple(
    (level, kaput, bid_action(level, strain, kaput))
    for level in range(1, MAX_BID + 1)
    for strain in STRAINS
    for kaput in (False, True)
)
"""Every possible bid as (level, kaput, action), by level."""


@cache
def bid_actions(lowest: int, kaput_min: int, kaput_only: bool) -> tuple[str, ...]:
    """Every bid from ``lowest`` up to the cap: kaput flags from ``kaput_min`` (only kaput bids if ``kaput_only``)."""
    return tuple(
        text
        for level, kaput, text in BIDS[(lowest - 1) * 2 * len(STRAINS) :]
        if (kaput and level >= kaput_min) or (not kaput and not kaput_only)
    )


BID_OF_ACTION: dict[str, tuple[int, str, bool]] = {
    bid_action(level, strain, kaput): (level, strain, kaput)
    for level in range(1, MAX_BID + 1)
    for strain in STRAINS
    for kaput in (False, True)
}
"""Every well-formed bid action → (level, strain, kaput)."""

CANONICAL = frozenset([*PLAY.values(), "pass", "contra", "recontra", *BID_OF_ACTION])
"""Every action already in its normal form (the common case skips re-writing)."""


@cache
def auction_calls(lowest: int, kaput_min: int, kaput_only: bool, contra: bool) -> dict[str, None]:
    """The calls open in the auction as an ordered set: pass, every bid from ``lowest`` (kaput flags from
    ``kaput_min``, only kaput bids if ``kaput_only``), and contra when the standing bid is the other team's (shared:
    never changed)."""
    return dict.fromkeys(["pass", *bid_actions(lowest, kaput_min, kaput_only), *(["contra"] if contra else [])])


def parse_bid(action: str) -> tuple[int, str, bool] | None:
    """``"bid 26 S kaput"`` → (26, "S", True); ``None`` when it is not a well-formed bid."""
    if action in BID_OF_ACTION:
        return BID_OF_ACTION[action]
    try:
        bid = Action.parse(action)
    except ValueError:
        return None
    args = bid.args
    if bid.verb != "bid" or len(args) not in (2, 3) or not args[0].isdigit() or args[1] not in STRAINS:
        return None
    if len(args) == 3 and args[2] != "kaput":
        return None
    return int(args[0]), args[1], len(args) == 3


class BlotResult(Result):
    """Blot's result: the winning team (0 or 1) and both teams' final points."""

    score: list[int]
    team: int


Phase = Literal["auction", "play", "over"]
"""A hand of Blot: the auction, the play, then the game's end."""


class Blot(Game):
    """One game of Blot to the target score: every hand until a team wins."""

    phase: Phase
    """Where the hand stands (the view's ``phase``)."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        self.score = list(start.get("score") or [0, 0])
        self.hand_no = 0
        self.sheet_rows: list[list[Cell]] = []
        self.last_hand: dict[str, Any] | None = None
        self.winner_team: int | None = None
        first = dealer if dealer is not None else self.rng.randrange(4)
        return self._deal(first, deal)

    # ---- dealing and the auction ---------------------------------------------------------------
    def _deal(self, dealer: int, deal: Deal | None = None) -> list[Event]:
        self.dealer = dealer
        self.hand_no += 1
        if deal is None:
            cards = shuffled(DECK, self.rng)
            deal = Deal(hands=[cards[8 * i : 8 * i + 8] for i in range(4)])
        self.hand_deal = deal
        self.hands = [list(h) for h in deal.hands]
        self.phase = "auction"
        self.turn = (dealer + 1) % 4
        self.calls: list[tuple[int, str]] = []
        self.standing: Bid | None = None
        self.passes = 0
        self.repliers: list[int] = []
        self.contra_by: int | None = None
        self.recontra_by: int | None = None
        self.contract: Contract | None = None
        self.trump: int | None = None
        self.trick: list[tuple[int, Card]] = []
        self.leader = self.turn
        self.tricks = [0, 0]
        self.raw = [0, 0]
        self.played: list[Card] = []
        self.last_trick: TableView | None = None
        self.plays_made = [0, 0, 0, 0]
        self.combos: list[list[Combo]] = [[], [], [], []]
        self.announced: list[list[str] | None] = [None] * 4
        self.shown: list[list[dict[str, Any]]] = [[], [], [], []]
        self.combo_team: int | None = None
        self.combo_points = [0, 0]
        self.comparison: dict[str, Any] | None = None
        self.belote_seat: int | None = None
        self.belote_said = 0
        return [{"event": "deal", "dealer": dealer, "hand_no": self.hand_no}]

    def _close_auction(self, mult: int) -> list[Event]:
        bid = self.standing
        assert bid is not None
        self.contract = Contract(bid.seat, bid.level, bid.strain, bid.kaput, mult)
        self.phase = "play"
        self.turn = self.leader
        self.trump = trump_suit(bid.strain)
        self.points = POINTS[bid.strain]
        self.combos = [find_combinations(h, bid.strain, self.options["long_run_cap"]) for h in self.hands]
        self.combo_team = winning_team(self.combos, self.leader)
        self.combo_points = team_points(self.combos, self.combo_team)
        self.belote_seat = belote_holder(self.hands, bid.strain)
        contract: Event = {
            "event": "contract",
            "seat": bid.seat,
            "team": bid.team,
            "level": bid.level,
            "strain": bid.strain,
            "kaput": bid.kaput,
            "mult": mult,
            "msg": self._contract_text(),
        }
        return [contract, {"event": "trump", "trumps": bid.strain}]

    def _auction(self, seat: int, action: str) -> list[Event]:
        self.calls.append((seat, action))
        event: Event = {"event": "bid" if action in BID_OF_ACTION else action, "seat": seat}
        if not self.quiet:
            event["msg"] = msg("blot.said", seat=seat_of(seat), call=self._call_text(action))
        if self.repliers:
            self.repliers.pop(0)
            if action == "recontra":
                self.repliers = []
                self.recontra_by = seat
                return [event, *self._close_auction(4)]
            return [event, *(self._close_auction(2) if not self.repliers else [])]
        self.turn = (seat + 1) % 4
        if action == "contra":
            self.contra_by = seat
            self.repliers = self._contra_repliers(seat)
            return [event]
        if action == "pass":
            self.passes += 1
            if self.standing is not None and self.passes == 3:
                return [event, *self._close_auction(1)]
            if self.standing is None and self.passes == 4:
                return [event, *self._redeal()]
            return [event]
        level, strain, kaput = BID_OF_ACTION[action]
        self.standing = Bid(seat, level, strain, kaput)
        self.passes = 0
        event.update({"level": level, "strain": strain, "kaput": kaput})
        return [event]

    def _contra_repliers(self, contra_seat: int) -> list[int]:
        """Who may answer a contra: the declarer, or (``declaring-team``) both declarers in turn order."""
        assert self.standing is not None
        if self.options["contra_reply"] == "declarer-only":
            return [self.standing.seat]
        return [(contra_seat + 1) % 4, (contra_seat + 3) % 4]

    def _redeal(self) -> list[Event]:
        self.sheet_rows.append([str(self.hand_no), msg("blot.sheet.all_passed"), "–", "–"])
        event: Event = {"event": "redeal", "dealer": self.dealer, "hand_no": self.hand_no, "msg": msg("blot.redeal")}
        return [event, *self._deal((self.dealer + 1) % 4)]

    # ---- the play --------------------------------------------------------------------------------
    def _play(self, seat: int, card: Card) -> list[Event]:
        quiet = self.quiet
        events: list[Event] = []
        nth = self.plays_made[seat]
        self.plays_made[seat] = nth + 1
        if nth == 0:
            names = [c.name for c in self.combos[seat]]
            self.announced[seat] = names
            if names and not quiet:
                events.append({"event": "announce", "seat": seat, "team": seat % 2, "combos": names})
        elif nth == 1 and self.combo_team == seat % 2 and self.combos[seat]:
            self.shown[seat] = [c.to_json() for c in self.combos[seat]]
            if not quiet:
                events.append({"event": "show", "seat": seat, "team": seat % 2, "combos": self.shown[seat]})
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        if not quiet:
            events.append({"event": "play", "seat": seat, "card": str(card)})
        if seat == self.belote_seat and card.suit == self.trump and card.rank in (KING, QUEEN):
            self.belote_said += 1
            if not quiet:
                word = "belote" if self.belote_said == 1 else "rebelote"
                said = msg(f"blot.belote.{word}", seat=seat_of(seat))
                events.append({"event": "belote", "seat": seat, "team": seat % 2, "word": word, "msg": said})
        if len(trick) < 4:
            self.turn = (seat + 1) % 4
            return events
        events.extend(self._finish_trick())
        return events

    def _finish_trick(self) -> list[Event]:
        trick = self.trick
        strain = self.declared.strain
        winner, won = current_winner(trick, strain)
        side = winner % 2
        worth = self.points
        points = worth[trick[0][1]] + worth[trick[1][1]] + worth[trick[2][1]] + worth[trick[3][1]]
        done = self.tricks[0] + self.tricks[1] + 1
        last = done == 8
        if last:
            points += LAST_TRICK_BONUS
        self.tricks[side] += 1
        self.raw[side] += points
        self.played += [c for _, c in trick]
        self.trick = []
        leader = self.leader
        self.leader = self.turn = winner
        if self.quiet:
            return self._finish_hand() if last else []
        verdict = verdict_of(winner, won, strain)
        plays: list[list[int | str]] = [[s, str(c)] for s, c in trick]
        event: Event = {
            "event": "trick",
            "leader": leader,
            "cards": plays,
            "winner": winner,
            "team": side,
            "points": points,
            "why": verdict["why"],
            "msg": verdict,
        }
        self.last_trick = {
            "kind": "trick",
            "label": msg("blot.label.trick", n=done),
            "plays": [{"seat": s, "cards": [str(c)]} for s, c in trick],
            "winner": winner,
            "verdict": verdict,
        }
        events: list[Event] = [event]
        if done == 1 and self.combo_team is not None:
            said = comparison(self.combos, self.combo_team)
            self.comparison = {"team": self.combo_team, "text": said}
            events.append({"event": "combinations", "team": self.combo_team, "msg": said})
        if last:
            events.extend(self._finish_hand())
        return events

    def _finish_hand(self) -> list[Event]:
        contract = self.declared
        belote = [0, 0]
        if self.belote_seat is not None:
            belote[self.belote_seat % 2] = BELOTE_POINTS
        comb = [self.combo_points[t] + belote[t] for t in (0, 1)]
        result = score_hand(contract, self.raw, self.tricks, comb, self.options, belote)
        for t in (0, 1):
            self.score[t] += result.points[t]
        if self.quiet:
            return self._next_hand([])
        kaput = next((t for t in (0, 1) if self.tricks[t] == 8), None)
        outcome = "made" if result.made else "failed"
        self.sheet_rows.append(
            [
                str(self.hand_no),
                msg(f"blot.sheet.{outcome}", contract=self._contract_text()),
                *(str(p) for p in result.points),
            ]
        )
        self.last_hand = {
            "hand_no": self.hand_no,
            "points": list(result.points),
            "made": result.made,
            "verdict": [msg(f"blot.hand.{outcome}", contract=self._contract_text())],
            "how": [how_scored(t, result.points[t], result.terms[t]) for t in (0, 1)],
        }
        events: list[Event] = [
            {
                "event": "hand",
                "points": list(result.points),
                "score": list(self.score),
                "made": result.made,
                "card_points": result.cards,
                "raw_points": list(self.raw),
                "tricks": list(self.tricks),
                "combinations": comb,
                "kaput": kaput,
                "hand_no": self.hand_no,
            }
        ]
        return self._next_hand(events)

    def _next_hand(self, events: list[Event]) -> list[Event]:
        """After a hand's scoring ``events``: the game's end when a team has reached the target, else the deal."""
        target = self.options["target"]
        over = [t for t in (0, 1) if self.score[t] >= target]
        if over and self.score[0] != self.score[1]:
            self.winner_team = max(over, key=lambda t: self.score[t])
            self.phase = "over"
            events.append(
                {
                    "event": "game",
                    "winners": list(TEAMS[self.winner_team]),
                    "losers": list(TEAMS[1 - self.winner_team]),
                    "score": list(self.score),
                }
            )
            return events
        return events + self._deal((self.dealer + 1) % 4)

    @property
    def declared(self) -> Contract:
        """The contract the hand is played in: set when the auction closes, for the whole play phase."""
        assert self.contract is not None, "no contract before the auction closes"
        return self.contract

    # ---- the Game hooks --------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.repliers:
            return (self.repliers[0],)
        return (self.turn,)

    def normalize(self, action: str) -> str:
        if action in CANONICAL:
            return action
        try:
            parsed = Action.parse(action)
        except ValueError:
            return ""
        return str(parsed.map_args(lambda p: p.lower() if p.lower() == "kaput" else p.upper()))

    def legal_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` may lay now (its turn in the play)."""
        return legal_cards(
            self.hands[seat], self.trick, self.declared.strain, seat, self.options["must_undertrump_when_void"]
        )[0]

    def _legal(self, seat: int) -> list[str]:
        return list(self._legal_set(seat))

    def _legal_now(self, seat: int) -> dict[str, None]:
        cached = self._legal_cache.get(seat)
        if cached is None:
            acting = self.phase != "over" and seat == (self.repliers[0] if self.repliers else self.turn)
            cached = self._legal_cache[seat] = self._legal_set(seat) if acting else {}
        return cached

    def _legal_set(self, seat: int) -> dict[str, None]:
        """The legal actions of ``seat``, whose turn it is, as an ordered set (auction sets are shared)."""
        if self.phase == "play":
            return dict.fromkeys([PLAY[c] for c in self.legal_cards(seat)])
        if self.repliers:
            return ANSWERS
        standing = self.standing
        if standing is None:
            return auction_calls(self.options["min_bid"], self.options["kaput_min_bid"], False, False)
        contra = standing.seat % 2 != seat % 2
        return auction_calls(standing.level + 1, self.options["kaput_min_bid"], standing.kaput, contra)

    def _perform(self, seat: int, action: str) -> list[Event]:
        if self.phase == "play":
            return self._play(seat, CARD_OF_ACTION[action])
        return self._auction(seat, action)

    def _reason(self, seat: int, action: str) -> Message:
        parsed = Action.parse(action)
        verb, args = parsed.verb, parsed.args
        if self.phase == "play":
            if verb != "play":
                return msg("blot.reason.auction_over")
            played = CARD_OF_ACTION.get(action)
            if played is None:
                if len(args) != 1:
                    return msg("blot.reason.play_one")
                try:
                    return msg("blot.reason.not_in_deck", card=card(Card.parse(args[0])))
                except ValueError:
                    return msg("blot.reason.not_a_card", text=args[0])
            if played not in self.hands[seat]:
                return msg("blot.reason.not_held", card=card(played))
            rule = play_rule(
                self.hands[seat], self.trick, self.declared.strain, seat, self.options["must_undertrump_when_void"]
            )
            return rule[1]
        if verb == "play":
            return msg("blot.reason.auction_on_contra" if self.standing else "blot.reason.auction_on")
        if self.repliers:
            return msg("blot.reason.answer_contra")
        if verb == "recontra":
            return msg("blot.reason.recontra_answers")
        if verb == "contra":
            if self.standing is None:
                return msg("blot.reason.no_bid_to_contra")
            return msg("blot.reason.contra_other_team")
        if verb == "bid":
            return self._bid_reason(action)
        return msg("blot.reason.unknown_call")

    def _bid_reason(self, action: str) -> Message:
        parsed = parse_bid(action)
        if parsed is None:
            return msg(
                "blot.reason.bid_form",
                a=bid_text(10, "H", False),
                b=bid_text(9, NO_TRUMP, False),
                c=bid_text(26, "S", True),
            )
        level, _, kaput = parsed
        opts, standing = self.options, self.standing
        if level < opts["min_bid"]:
            return msg("blot.reason.lowest_bid", n=opts["min_bid"])
        if standing is not None and level <= standing.level:
            standing_bid = bid_text(standing.level, standing.strain, standing.kaput)
            return msg("blot.reason.bid_higher", bid=standing_bid, n=standing.level + 1)
        if level > MAX_BID:
            return msg("blot.reason.bid_max", n=MAX_BID)
        if kaput and level < opts["kaput_min_bid"]:
            return msg("blot.reason.kaput_min", n=opts["kaput_min_bid"])
        if standing is not None and standing.kaput and not kaput:
            return msg("blot.reason.kaput_sticky")
        return msg("common.reason.not_allowed")

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> BlotResult | None:
        if self.winner_team is None:
            return None
        return {
            "winners": list(TEAMS[self.winner_team]),
            "losers": list(TEAMS[1 - self.winner_team]),
            "score": list(self.score),
            "team": self.winner_team,
        }

    def ranking(self) -> Outcome | None:
        """The two teams: the winning one first (each seat's score is its team's)."""
        if self.winner_team is None:
            return None
        team_of = {s: t for t, seats in enumerate(TEAMS) for s in seats}
        keys = [int(team_of[s] != self.winner_team) for s in range(self.players)]
        return Outcome.ranked(keys, sides=TEAMS, scores=[self.score[team_of[s]] for s in range(self.players)])

    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        out["trick"] = [c for _, c in self.trick]
        out["taken"] = list(self.played)
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        shown = {Card.parse(t) for combos in self.shown for c in combos for t in c["cards"]}
        return {c for s, h in enumerate(self.hands) if s != seat for c in h} - shown

    def clone(self, rng: random.Random | None = None) -> Blot:
        """An independent copy to play on (search): the mutable parts copied, the immutable ones shared; its random
        source ``rng`` (a search's own), else a copy of this game's."""
        other = copy.copy(self)
        other.rng = copy_rng(self.rng) if rng is None else rng
        other.log = self.log[:]
        other.events = self.events[:]
        other._legal_cache = {}
        other.score = self.score[:]
        other.sheet_rows = self.sheet_rows[:]
        other.hands = [h[:] for h in self.hands]
        other.calls = self.calls[:]
        other.repliers = self.repliers[:]
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        other.raw = self.raw[:]
        other.played = self.played[:]
        other.plays_made = self.plays_made[:]
        other.announced = self.announced[:]
        other.shown = self.shown[:]
        other.combo_points = self.combo_points[:]
        return other

    # ---- the view --------------------------------------------------------------------------------
    def _contract_text(self) -> Message:
        """The contract as a message: "10 ♥ by Ann, recontra"."""
        c = self.declared
        return msg(f"blot.contract.x{c.mult}", bid=bid_text(c.level, c.strain, c.kaput), seat=seat_of(c.seat))

    def _bid_json(self, bid: Bid) -> dict[str, Any]:
        return {
            "seat": bid.seat,
            "team": bid.team,
            "level": bid.level,
            "strain": bid.strain,
            "kaput": bid.kaput,
            "text": bid_text(bid.level, bid.strain, bid.kaput),
        }

    def _call_text(self, action: str) -> Message:
        """A call of the auction as a message: a bid ("10 ♥") or pass, contra, recontra."""
        parsed = parse_bid(action)
        return bid_text(*parsed) if parsed else msg(CALLS[action])

    def _shown_points(self) -> list[int]:
        """Combination points per team as far as they have been shown (the table cannot count the rest)."""
        return [sum(c["points"] for seat in TEAMS[t] for c in self.shown[seat]) for t in (0, 1)]

    def _bid_range(self) -> dict[str, Any] | None:
        """The bids open now, for a compact bid picker: levels, the kaput threshold, whether kaput is required."""
        if self.phase != "auction" or self.repliers:
            return None
        standing = self.standing
        return {
            "lowest": self.options["min_bid"] if standing is None else standing.level + 1,
            "highest": MAX_BID,
            "kaput_from": self.options["kaput_min_bid"],
            "kaput_only": bool(standing and standing.kaput),
            "strains": list(STRAINS),
        }

    def _tags(self, at: int) -> list[Text]:
        tags: list[Text] = [msg("common.tag.dealer", seat=seat_of(at))] if at == self.dealer else []
        if self.phase == "auction":
            last = next((a for s, a in reversed(self.calls) if s == at), None)
            if last is not None:
                said = self._call_text(last)
                tags.append(msg("blot.tag.bid", bid=said) if last.startswith("bid") else said)
        elif self.contract is not None:
            if at == self.contract.seat:
                contract = bid_text(self.contract.level, self.contract.strain, self.contract.kaput)
                tags.append(msg("blot.tag.contract", bid=contract))
            if at == self.contra_by:
                tags.append(msg("blot.call.contra"))
            if at == self.recontra_by:
                tags.append(msg("blot.call.recontra"))
            announced = self.announced[at]
            if announced:
                tags.append(msg("blot.tag.combos", combos=listing(map(combo_word, announced), "and")))
            if self.belote_said and at == self.belote_seat:
                tags.append(msg("blot.tag.belote"))
        return tags

    def _status(self) -> Text:
        """What happens now: whose turn and what they may do (one message); in play, sentence by sentence, the last
        trick's verdict (before the next lead), whose card it is and the contract."""
        t = self.winner_team
        if t is not None:
            return msg("blot.status.won", team=team(t), score=self.score[t], other=self.score[1 - t])
        if self.phase == "auction":
            if self.repliers:
                return msg("blot.status.answer_contra", seat=seat_of(self.repliers[0]))
            if self.standing is None:
                return msg("blot.status.open", seat=seat_of(self.turn), n=self.options["min_bid"])
            standing = self.standing
            key = "blot.status.raise_or_contra" if standing.team != self.turn % 2 else "blot.status.raise"
            said = bid_text(standing.level, standing.strain, standing.kaput)
            return msg(key, seat=seat_of(self.turn), bid=said, bidder=seat_of(standing.seat), n=standing.level + 1)
        out: list[Message] = []
        if not self.trick and self.last_trick is not None:
            verdict = self.last_trick["verdict"]
            assert isinstance(verdict, dict)
            out.append(verdict)
        out.append(msg("blot.status.play", seat=seat_of(self.turn), n=sum(self.tricks) + 1))
        out.append(msg("blot.status.contract", contract=self._contract_text()))
        return out

    def shared_view(self) -> dict[str, Any]:
        strain = self.contract.strain if self.contract else NO_TRUMP
        contract = None
        if self.contract is not None:
            contract = {**self._bid_json(Bid(*self.contract[:4])), "mult": self.contract.mult}
            contract["text"] = self._contract_text()
        belote = None
        if self.belote_said and self.belote_seat is not None:
            word = "belote" if self.belote_said == 1 else "rebelote"
            said = msg(f"blot.belote.{word}", seat=seat_of(self.belote_seat))
            belote = {"seat": self.belote_seat, "team": self.belote_seat % 2, "word": word, "text": said}
        label = msg("blot.label.auction")
        if self.contract is not None:
            n = sum(self.tricks) + 1
            label = (
                msg("blot.label.trick_nt", n=n)
                if strain == NO_TRUMP
                else msg("blot.label.trick_trump", n=n, suit=suit(strain))
            )
        extra: BlotExtra = {
            "teams": [list(t) for t in TEAMS],
            "auction": [{"seat": s, "call": a, "msg": self._call_text(a)} for s, a in self.calls],
            "standing": self._bid_json(self.standing) if self.standing and self.phase == "auction" else None,
            "contract": contract,
            "announced": [list(a) if a is not None else None for a in self.announced],
            "shown": [list(s) for s in self.shown],
            "combinations": {**self.comparison, "points": self._shown_points()} if self.comparison else None,
            "belote": belote,
            "tricks": list(self.tricks),
            "points": list(self.raw),
            "played": cards_text(self.played),
            "leading": current_winner(self.trick, strain)[0] if self.trick else None,
            "score": list(self.score),
            "target": self.options["target"],
            "options": cast(BlotOptions, dict(self.options)),
            "last_hand": dict(self.last_hand) if self.last_hand else None,
            "bid_range": self._bid_range(),
        }
        return {
            **self._view_head(None, self.phase),
            "status": self._status(),
            "hand": [],
            "seats": [
                {"cards": len(h), "out": None, "tags": self._tags(s), "team": s % 2} for s, h in enumerate(self.hands)
            ],
            "stock": None,
            "table": {
                "kind": "trick",
                "label": label,
                "plays": [{"seat": s, "cards": [str(c)]} for s, c in self.trick],
            },
            "last_trick": self.last_trick.copy() if self.last_trick else None,
            "sheet": {
                "columns": [
                    msg("common.sheet.hand"),
                    msg("blot.sheet.contract"),
                    *(msg("common.sheet.team", team=team(t)) for t in (0, 1)),
                ],
                "rows": [list(r) for r in self.sheet_rows],
                "totals": [msg("common.sheet.total"), "", str(self.score[0]), str(self.score[1])],
            },
            "over": self.is_over,
            "result": self.result(),
            "extra": extra,
        }

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        order = STRENGTH[self.contract.strain].__getitem__ if self.contract else None
        hand = sort_hand(self.hands[seat], order) if seat is not None else []
        return cast(View, {**shared, "seat": seat, "hand": cards_text(hand)})
