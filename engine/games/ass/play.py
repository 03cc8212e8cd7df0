"""Ass: the rank order, the beat table and the trick resolver (rulings ass.md §1.1, §2.4-§2.6).

Everything here is data plus one small state machine, :class:`Trick`, that lays cards one by one and can say,
for every card, whether it beats, by which method, and why — as messages (docs/messages.md) the table, the
explorer and the rules page put in words.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SIX, SUITS, TEN, Card
from engine.messages import Message, msg
from engine.messages import card as card_value
from engine.messages import suit as suit_value
from engine.trumps import SENIOR_JUNIOR_CLASS

RANK_ORDER: tuple[int, ...] = (SIX, SEVEN, EIGHT, NINE, JACK, QUEEN, KING, TEN, ACE)
"""Ranks lowest first (§1.1): 6 7 8 9 J Q K 10 A."""

STRENGTH: dict[int, int] = {rank: i for i, rank in enumerate(RANK_ORDER)}
"""Rank → position in the game's order (0 = the six)."""

ALWAYS = "yes"
LEAD_ONLY = "lead-only"

SAME_SUIT_BEATS: dict[int, dict[int, str]] = {
    SIX: {SEVEN: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, KING: ALWAYS, TEN: ALWAYS, ACE: ALWAYS},
    SEVEN: {},
    EIGHT: {SIX: ALWAYS, SEVEN: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, TEN: ALWAYS, ACE: ALWAYS},
    NINE: {SEVEN: ALWAYS, JACK: LEAD_ONLY},
    JACK: {SEVEN: ALWAYS, NINE: ALWAYS, QUEEN: LEAD_ONLY},
    QUEEN: {SIX: ALWAYS, SEVEN: ALWAYS, EIGHT: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, KING: LEAD_ONLY},
    KING: {SEVEN: ALWAYS, EIGHT: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, QUEEN: ALWAYS, TEN: LEAD_ONLY},
    TEN: {SEVEN: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, QUEEN: ALWAYS, KING: ALWAYS, ACE: LEAD_ONLY},
    ACE: {SEVEN: ALWAYS, NINE: ALWAYS, JACK: ALWAYS, QUEEN: ALWAYS, KING: ALWAYS, TEN: ALWAYS},
}
"""The seed's beat table inside one suit (§2.4): played rank → {target rank: "yes" | "lead-only"}.
``lead-only`` marks the seed's parenthesised one-less entries (method OL: only on the unbeaten lead card or
the last card of an unbroken one-less chain)."""

OTHER_SUIT_BEATS: dict[int, str] = {rank: ("every rank" if rank == EIGHT else "same rank") for rank in RANK_ORDER}
"""Without trumps, across suits: an eight beats every rank (only when its player holds no main-suit card, or
when it is itself of the main suit); every other card only the same rank, and only the main card (method SR)."""

METHODS: dict[str, int] = {"A": 4, "T": 3, "SR": 2, "OL": 1}
"""The ways of beating → precedence (§2.6.1): A, a higher card of the main suit by the beat table (the highest such
card wins, a six counting lowest); T, a trump of another suit that outranks the main card (higher class, then
higher rank, then the later); SR, the same rank as the main card in another suit (a trump beats an ordinary card,
else the later); OL, the same suit one value lower on the unbeaten lead card (the last card of the chain)."""

PLAY_KEYS: dict[int, str] = {0: "ass.play.plain", 1: "ass.play.trump", 2: "ass.play.senior"}
"""A card's class → the message naming it (``the trump 10♣``)."""


def card_class(setup: str, trump_suits: str, card: Card) -> int:
    """A card's class for a player whose trump suit letters are ``trump_suits`` (senior first in set-up 5)."""
    if setup == "senior-junior":
        return SENIOR_JUNIOR_CLASS.get(card.suit, 0)
    return 1 if SUITS[card.suit] in trump_suits else 0


def _rank_masks(mark: str) -> dict[int, int]:
    """Played rank → bitmask of the target ranks (bit ``rank``) the beat table marks with ``mark``."""
    return {rank: sum(1 << t for t, m in row.items() if m == mark) for rank, row in SAME_SUIT_BEATS.items()}


ALWAYS_MASK: dict[int, int] = _rank_masks(ALWAYS)
"""``SAME_SUIT_BEATS`` as bitmasks: played rank → the target ranks it always beats."""

LEAD_ONLY_MASK: dict[int, int] = _rank_masks(LEAD_ONLY)
"""``SAME_SUIT_BEATS`` as bitmasks: played rank → the target ranks it beats one-less (lead-only)."""


def table_beats(card: Card, target: Card) -> bool:
    """Same suit and the table lets ``card`` beat ``target`` unconditionally."""
    return card.suit == target.suit and ALWAYS_MASK[card.rank] >> target.rank & 1 == 1


def one_less(card: Card, target: Card) -> bool:
    """Same suit, one value lower: the seed's parenthesised (lead-only) entries."""
    return card.suit == target.suit and LEAD_ONLY_MASK[card.rank] >> target.rank & 1 == 1


class Play(NamedTuple):
    """A card laid by a seat, with its class for that seat (0 ordinary, 1 trump / junior, 2 senior)."""

    seat: int
    card: Card
    cls: int = 0

    def words(self) -> Message:
        """The card with its class: ``the trump 10♣`` / ``J♠``."""
        return msg(PLAY_KEYS[self.cls], card=card_value(self.card))


def class_allows(setup: str, mine: int, theirs: int) -> bool:
    """§1.2: in the common set-ups a lower-class card never beats a higher-class one (save by same rank)."""
    return setup in ("own", "none") or mine >= theirs


def trump_beats(setup: str, play: Play, target: Play) -> bool:
    """§2.5: a trump of another suit beats a non-eight it outranks, class permitting."""
    if play.cls < 1 or play.card.suit == target.card.suit or target.card.rank == EIGHT:
        return False
    if STRENGTH[play.card.rank] <= STRENGTH[target.card.rank]:
        return False
    return play.cls > target.cls if setup == "senior-junior" else play.cls >= target.cls


def eight_beats(setup: str, play: Play, target: Play) -> bool:
    """An eight beats its own suit by the table and every rank of another suit (class permitting)."""
    if play.card.suit == target.card.suit:
        return table_beats(play.card, target.card)
    return target.card.rank == EIGHT or class_allows(setup, play.cls, target.cls)


def direct_beats(setup: str, play: Play, target: Play, same_rank: bool = False) -> bool:
    """Whether ``play`` beats ``target`` card against card (the eight chain and its anchor)."""
    if play.card.suit == target.card.suit:
        return table_beats(play.card, target.card)
    if play.card.rank == EIGHT:
        return eight_beats(setup, play, target)
    return trump_beats(setup, play, target) or (same_rank and play.card.rank == target.card.rank)


def no_beat_reason(setup: str, play: Play, target: Play) -> Message:
    """Why ``play`` does not beat ``target`` card against card."""
    c, other = play.card, target.card
    if c.suit == other.suit:
        return msg("ass.why.table")
    if c.rank == EIGHT:
        return msg("ass.why.eight_class")
    if play.cls and other.rank == EIGHT:
        return msg("ass.why.eight_target")
    if play.cls and STRENGTH[c.rank] <= STRENGTH[other.rank]:
        return msg("ass.why.trump_low")
    if play.cls:
        return msg("ass.why.trump_class")
    return msg("ass.why.off_suit")


SILENT: Message = {}
"""The verdict of a card laid in a quiet trick (a search's playout): nobody reads it, so none is built."""


def then(first: Message, *more: Message) -> Message:
    """A verdict with its consequences: ``first; more; …``."""
    for note in more:
        first = msg("ass.verdict.then", first=first, then=note)
    return first


@dataclass(slots=True)
class Beat:
    """A recorded beat of the main card in the normal regime."""

    play: Play
    method: str
    key: tuple[int, ...]


@dataclass(slots=True)
class Trick:
    """One trick being laid, resolved card by card as §2.6 describes.

    ``setup`` is the trump set-up; ``eight_anchor`` is ``R2`` or ``R1``; ``six_in_a`` is ``lowest`` or ``chain``.
    """

    setup: str = "own"
    eight_anchor: str = "R2"
    six_in_a: str = "lowest"
    plays: list[Play] = field(default_factory=list)
    verdicts: list[Message] = field(default_factory=list)
    main_suit: int | None = None
    regime: str = "normal"
    best: Beat | None = None
    ol_top: Play | None = None
    ol_open: bool = True
    top: Play | None = None
    holder: int | None = None
    anchor: Play | None = None
    main: Play | None = None
    """The led card."""
    quiet: bool = False
    """A search's trick: the same resolution, but every verdict is ``SILENT`` (no message is built)."""

    @property
    def lead(self) -> Play:
        """The led card: every trick has one from its first card on."""
        assert self.main is not None, "no card is led yet"
        return self.main

    @property
    def suit(self) -> int:
        """The main suit now (the led card's, or the last eight's in a chain)."""
        assert self.main_suit is not None, "no card is led yet"
        return self.main_suit

    @property
    def chain_top(self) -> Play:
        """The last card that beat in the eight chain (the chain regime has one from its first eight on)."""
        assert self.top is not None, "no eight chain yet"
        return self.top

    @property
    def one_less_top(self) -> Play:
        """The end of the one-less chain (the led card until a one-less card beats it)."""
        assert self.ol_top is not None, "no card is led yet"
        return self.ol_top

    def copy(self) -> Trick:
        """An independent copy (for what-if play)."""
        out = copy.copy(self)
        out.plays = list(self.plays)
        out.verdicts = list(self.verdicts)
        return out

    def winning(self) -> Play | None:
        """The card that holds the trick now (``None`` in a chain nobody holds)."""
        if self.regime == "chain":
            return self.top if self.holder is not None else None
        return self._holding() if self.plays else None

    def _holding(self) -> Play:
        """The card that holds a led trick in the normal regime: the best beat so far, else the led card."""
        return self.best.play if self.best else self.lead

    def winner(self) -> int | None:
        """The seat that would take the trick if it ended now: nobody beat or holds → the leader."""
        if not self.plays:
            return None
        return self.taker()

    def taker(self) -> int:
        """The seat that takes a led trick if it ends now: nobody beat or holds → the leader."""
        if self.regime == "chain":
            return self.lead.seat if self.holder is None else self.holder
        return self._holding().seat

    # ---- judging one card -----------------------------------------------------------------------
    def _normal_method(self, play: Play) -> tuple[str, tuple[int, ...]] | None:
        main, card = self.lead, play.card
        led = main.card
        if card.suit == led.suit:
            if ALWAYS_MASK[card.rank] >> led.rank & 1:
                return "A", (STRENGTH[card.rank],)
            if self.ol_open and one_less(card, self.one_less_top.card):
                return "OL", (len(self.plays),)
        elif play.cls and trump_beats(self.setup, play, main):
            return "T", (play.cls, STRENGTH[card.rank], len(self.plays))
        if card.rank == led.rank:
            return "SR", (play.cls, len(self.plays))
        return None

    def _better(self, method: str, key: tuple[int, ...], play: Play) -> bool:
        """Whether a new beat takes precedence over the best so far."""
        if self.best is None:
            return True
        rank_new, rank_old = METHODS[method], METHODS[self.best.method]
        if rank_new != rank_old:
            return rank_new > rank_old
        if method == "A" and self.six_in_a == "chain" and SIX in (play.card.rank, self.best.play.card.rank):
            return table_beats(play.card, self.best.play.card)
        return key > self.best.key

    def registers_beat(self, play: Play) -> bool:
        """Whether laying ``play`` now counts as a beat (it need not end up winning)."""
        if not self.plays:
            return False
        if self.regime == "chain":
            return direct_beats(self.setup, play, self.chain_top)
        if play.card.rank == EIGHT:
            return eight_beats(self.setup, play, self._holding())
        return self._normal_method(play) is not None

    def add(self, play: Play) -> Message:
        """Lay ``play``; return the verdict on it (a message)."""
        if not self.plays:
            self.plays.append(play)
            self.main = play
            self.main_suit = play.card.suit
            self.ol_top = play
            verdict = (
                SILENT
                if self.quiet
                else msg("ass.verdict.lead", card=card_value(play.card), suit=suit_value(SUITS[play.card.suit]))
            )
        elif self.regime == "chain":
            verdict = self._add_chain(play)
        elif play.card.rank == EIGHT:
            verdict = self._add_eight(play)
        else:
            verdict = self._add_normal(play)
        self.verdicts.append(verdict)
        return verdict

    @staticmethod
    def _miss(play: Play, target: Play, why: Message) -> Message:
        return msg("ass.verdict.no_beat", card=card_value(play.card), target=card_value(target.card), why=why)

    @staticmethod
    def _verdict(key: str, play: Play, target: Play, **more: object) -> Message:
        return msg(key, card=card_value(play.card), target=card_value(target.card), **more)

    def _add_normal(self, play: Play) -> Message:
        main = self.lead
        found = self._normal_method(play)
        self.plays.append(play)
        quiet = self.quiet
        if found is None:
            return SILENT if quiet else self._miss(play, main, self._normal_miss(play))
        method, key = found
        verdict = SILENT
        if not quiet:
            target = self.one_less_top if method == "OL" else main
            verdict = self._verdict("ass.verdict.beats", play, target, how=self._how(method, play))
        if method == "OL":
            self.ol_top = play
        elif self.ol_top is main:
            self.ol_open = False
        previous = self.best
        if previous is not None and not self._better(method, key, play):
            return verdict if quiet else then(verdict, msg("ass.note.kept", prev=previous.play.words()))
        self.best = Beat(play, method, key)
        if previous is not None and not quiet:
            return then(verdict, msg("ass.note.takes_over", prev=previous.play.words()))
        return verdict

    def _normal_miss(self, play: Play) -> Message:
        main, laid = self.lead, play.card
        if laid.suit == main.card.suit and one_less(laid, self.one_less_top.card):
            return msg("ass.why.one_less_chain")
        if laid.suit == main.card.suit and one_less(laid, main.card):
            return msg("ass.why.one_less_lead")
        return no_beat_reason(self.setup, play, main)

    def _how(self, method: str, play: Play) -> Message:
        if method == "A":
            return msg("ass.how.six" if play.card.rank == SIX else "ass.how.higher")
        if method == "T":
            return msg("ass.how.senior" if play.cls == 2 else "ass.how.trump")
        if method == "SR":
            return msg("ass.how.same_rank_trump" if play.cls else "ass.how.same_rank")
        if self.ol_top is self.main:
            return msg("ass.how.one_less_lead")
        return msg("ass.how.one_less_chain")

    def _add_eight(self, play: Play) -> Message:
        held = self._holding()
        self.plays.append(play)
        if not eight_beats(self.setup, play, held):
            return SILENT if self.quiet else self._miss(play, held, no_beat_reason(self.setup, play, held))
        self.regime = "chain"
        notes: list[Message] = []
        if play.card.suit != self.main_suit:
            self.anchor = held if self.eight_anchor == "R1" and held.card.rank != EIGHT else None
            notes.append(msg("ass.note.main_suit", suit=suit_value(SUITS[play.card.suit])))
        else:
            self.anchor = None if held.card.rank == EIGHT else held
        self.main_suit = play.card.suit
        self.top, self.holder = play, play.seat
        if self.quiet:
            return SILENT
        if self.anchor is not None:
            notes.append(msg("ass.note.anchor", anchor=card_value(self.anchor.card)))
        return then(self._verdict("ass.verdict.eight", play, held), *notes)

    def _add_chain(self, play: Play) -> Message:
        top = self.chain_top
        self.plays.append(play)
        if not direct_beats(self.setup, play, top):
            return SILENT if self.quiet else self._miss(play, top, no_beat_reason(self.setup, play, top))
        if play.card.rank == EIGHT:
            notes: list[Message] = []
            if play.card.suit != self.main_suit:
                if self.eight_anchor == "R2":
                    self.anchor = None
                elif top.card.rank != EIGHT:
                    self.anchor = top
                notes.append(msg("ass.note.main_suit", suit=suit_value(SUITS[play.card.suit])))
            elif top.card.rank != EIGHT:
                self.anchor = top
            self.main_suit = play.card.suit
            self.top, self.holder = play, play.seat
            return SILENT if self.quiet else then(self._verdict("ass.verdict.eight_on", play, top), *notes)
        self.top = play
        anchor = self.anchor
        if anchor is None or direct_beats(self.setup, play, anchor, same_rank=True):
            self.holder = play.seat
            return SILENT if self.quiet else self._verdict("ass.verdict.holds", play, top)
        self.holder = None
        if self.quiet:
            return SILENT
        return self._verdict("ass.verdict.not_anchor", play, top, anchor=card_value(anchor.card))

    def summary(self) -> Message | None:
        """Who takes the trick and why (the taker is the trick's winner; the message names his card, or the
        leader); ``None`` before the first card."""
        if not self.plays:
            return None
        main = self.lead
        if self.regime == "chain":
            if self.holder is None:
                return msg("ass.summary.chain_nobody")
            return msg("ass.summary.chain", card=card_value(self.chain_top.card))
        if self.best is None:
            return msg("ass.summary.nobody", card=card_value(main.card))
        beat = self.best
        if beat.method == "OL" and beat.play is not self.plays[1]:
            return msg("ass.summary.one_less", card=card_value(beat.play.card), lead=card_value(main.card))
        return msg("ass.summary.beats", card=card_value(beat.play.card), lead=card_value(main.card))


SEED_EXAMPLES: tuple[tuple[int, tuple[str, str, str, str], str | None, int | None, int], ...] = (
    (1, ("6S", "JS", "10S", "QH"), None, None, 0),
    (2, ("6S", "JS", "10S", "QH"), "H", 3, 3),
    (3, ("6S", "JS", "7C", "QH"), "C", 2, 2),
    (4, ("6S", "JS", "10C", "QS"), None, None, 3),
    (5, ("6S", "JS", "10C", "QS"), "C", 2, 3),
    (6, ("6S", "8S", "QS", "7C"), None, None, 2),
    (7, ("6S", "8S", "KS", "7C"), None, None, 0),
    (8, ("6S", "8S", "QS", "AS"), None, None, 0),
    (9, ("6S", "JS", "10C", "6C"), None, None, 3),
    (10, ("6S", "JS", "10C", "6C"), "C", 2, 2),
    (11, ("6S", "6C", "10C", "6H"), None, None, 3),
    (12, ("6S", "6C", "10C", "6H"), "C", 1, 1),
    (13, ("7S", "JS", "10S", "QH"), "H", 3, 2),
    (14, ("7S", "8S", "JS", "9S"), None, None, 1),
    (15, ("8S", "9S", "8C", "QC"), None, None, 3),
    (16, ("8S", "8C", "QC", "10C"), None, None, 3),
    (17, ("JS", "9S", "10C", "6C"), None, None, 1),
    (18, ("JS", "9S", "10C", "6C"), "C", 2, 2),
    (19, ("JS", "9S", "10S", "6C"), None, None, 2),
    (20, ("JS", "6C", "10S", "KS"), None, None, 2),
    (21, ("KS", "QS", "JS", "9S"), None, None, 3),
    (22, ("KS", "9S", "QS", "JS"), None, None, 3),
    (23, ("KS", "9C", "QS", "JS"), "C", 1, 3),
)
"""The seed's 23 example tricks (§2.8): row, the cards of seats 0-3 (seat 0 led), the trump suit and the seat
that owns it (own-suit set-up; every other card is ordinary for its player), and the seat that takes."""
