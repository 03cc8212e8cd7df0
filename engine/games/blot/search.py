"""Blot's search: deals consistent with a seat's view, the value of a played-out hand, a light playout policy, and
the Hard level (card play searched here, the auction by :mod:`.auction`).

A sampled world is a real :class:`Blot` dealt the cards the seat has not seen and brought to the view's position by
replaying the hand's public calls and plays through the game's own rules code. The unseen cards respect what the
table has shown: a seat that did not follow suit has none of it, a seat that did not over- or out-trump when it had
to has no trump that would have, cards of shown combinations and the other half of a said belote lie with their
holder, a seat that played a trump king or queen without belote lacks the other, and every seat's dealt hand makes
exactly the combinations it announced (tried for a while, then given up as unlikely).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.bots import bot_seat, trick_cards
from engine.cards import KING, QUEEN, Card, parse_cards
from engine.core import Deal, Game
from engine.games.blot.auction import advise_call
from engine.games.blot.bot import HeuristicBot, estimate
from engine.games.blot.combos import find_combinations
from engine.games.blot.play import current_winner, suit_of, trump_suit
from engine.games.blot.state import BID_OF_ACTION, CARD_OF_ACTION, PLAY, Blot, strain_value
from engine.games.blot.tables import (
    DECK,
    FOUR_NAME,
    FOUR_ORDER,
    NATURAL_ORDER,
    POINTS,
    RUN_NAMES,
    STRAINS,
    STRENGTH,
)
from engine.messages import Message, msg
from engine.messages import card as card_of
from engine.search import Advice, SearchBot, Searcher
from engine.views import View

Trick = list[tuple[int, Card]]

WIN_BONUS = 60
"""What winning the game is worth beside the score lead (on the /10 scale, about two hands' points)."""
ANNOUNCE_TRIES = 40
"""Deals tried for one world before the announced combinations are given up (they make a deal unlikely)."""
DEAL_TRIES = 20
"""Random assignments tried before the unseen cards are placed by matching."""


def tricks_of(view: View) -> list[Trick]:
    """The hand's tricks so far as (seat, card) in play order, the one on the table last (empty in the auction)."""
    extra = view["extra"]
    contract = extra["contract"]
    if contract is None:
        return []
    strain = contract["strain"]
    played = parse_cards(extra["played"])
    leader = (view["dealer"] + 1) % 4
    out: list[Trick] = []
    for start in range(0, len(played), 4):
        trick = [((leader + k) % 4, c) for k, c in enumerate(played[start : start + 4])]
        out.append(trick)
        leader = current_winner(trick, strain)[0]
    table = trick_cards(view)
    if table:
        out.append(table)
    return out


def _barred_by(before: Trick, card: Card, seat: int, strain: str, undertrump: bool) -> set[Card]:
    """The cards ``seat`` shows it cannot hold by laying ``card`` on ``before`` (the rules would have made it play
    one of them)."""
    trump, strength = trump_suit(strain), STRENGTH[strain]
    led = before[0][1].suit
    if card.suit == led:
        if led != trump:
            return set()
        top = max(strength[c] for _, c in before if c.suit == trump)
        return {c for c in DECK if c.suit == trump and strength[c] > top} if strength[card] < top else set()
    barred = {c for c in DECK if c.suit == led}
    if trump is None or led == trump:
        return barred
    winner, best = current_winner(before, strain)
    if winner == (seat + 2) % 4 or (card.suit == trump and strength[card] > strength[best]):
        return barred
    barred.update(c for c in DECK if c.suit == trump and strength[c] > strength[best])
    if undertrump and card.suit != trump:
        barred.update(c for c in DECK if c.suit == trump)
    return barred


def constraints(view: View, tricks: Sequence[Trick]) -> tuple[list[set[Card]], list[set[Card]]]:
    """Per seat: the unplayed cards it is known to hold, and the cards it cannot hold (what its plays showed)."""
    extra = view["extra"]
    known: list[set[Card]] = [set(), set(), set(), set()]
    barred: list[set[Card]] = [set(), set(), set(), set()]
    contract = extra["contract"]
    if contract is None:
        return known, barred
    strain = contract["strain"]
    trump = trump_suit(strain)
    undertrump = extra["options"]["must_undertrump_when_void"]
    played = {c for trick in tricks for _, c in trick}
    for trick in tricks:
        for k in range(1, len(trick)):
            seat, card = trick[k]
            barred[seat].update(_barred_by(trick[:k], card, seat, strain, undertrump))
    for seat, combos in enumerate(extra["shown"]):
        known[seat].update(Card.parse(t) for combo in combos for t in combo["cards"])
    if trump is not None:
        pair = (Card(KING, trump), Card(QUEEN, trump))
        belote = extra["belote"]
        holder = belote["seat"] if belote else None
        for trick in tricks:
            for seat, card in trick:
                if card in pair and seat != holder:
                    barred[seat].add(pair[1 - pair.index(card)])
        if holder is not None:
            known[holder].update(pair)
    for seat in range(4):
        known[seat] -= played
    return known, barred


def _place(
    pool: list[Card], need: list[int], barred: Sequence[set[Card]], rng: random.Random
) -> list[list[Card]] | None:
    """The pool dealt to the seats, ``need[s]`` cards each, none to a seat barred from it: random tries (the cards
    fewest seats may hold first), then a matching (augmenting paths): a consistent deal whenever there is one, else
    ``None``."""
    seats = [s for s in range(4) if need[s]]
    for _ in range(DEAL_TRIES):
        cards = pool[:]
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(c not in barred[s] for s in seats))
        left = need[:]
        out: list[list[Card]] = [[], [], [], []]
        for card in cards:
            open_ = [s for s in seats if left[s] and card not in barred[s]]
            if not open_:
                break
            weights = [left[s] for s in open_]
            seat = rng.choices(open_, weights)[0]
            out[seat].append(card)
            left[seat] -= 1
        else:
            return out
    return _match(pool, need, barred, rng)


def _match(
    pool: list[Card], need: list[int], barred: Sequence[set[Card]], rng: random.Random
) -> list[list[Card]] | None:
    """A deal of ``pool`` by bipartite matching of cards to seat slots (always found when one exists, else
    ``None``)."""
    slots = [s for s in range(4) for _ in range(need[s])]
    rng.shuffle(slots)
    owner: dict[int, Card] = {}

    def assign(card: Card, seen: set[int]) -> bool:
        for i, seat in enumerate(slots):
            if i in seen or card in barred[seat]:
                continue
            seen.add(i)
            if i not in owner or assign(owner[i], seen):
                owner[i] = card
                return True
        return False

    cards = pool[:]
    rng.shuffle(cards)
    for card in cards:
        if not assign(card, set()):
            return None
    out: list[list[Card]] = [[], [], [], []]
    for i, card in owner.items():
        out[slots[i]].append(card)
    return out


def sample(view: View, rng: random.Random) -> Blot:
    """A Blot game at the view's position, the cards its seat has not seen dealt consistently with the table."""
    me = bot_seat(view)
    extra = view["extra"]
    tricks = tricks_of(view)
    known, barred = constraints(view, tricks)
    mine = parse_cards(view["hand"])
    known[me] = set(mine)
    played_by: list[list[Card]] = [[], [], [], []]
    for trick in tricks:
        for seat, card in trick:
            played_by[seat].append(card)
    taken = {c for cards in played_by for c in cards} | {c for held in known for c in held}
    pool = [c for c in DECK if c not in taken]
    contract = extra["contract"]
    announced = extra["announced"]
    checks = [s for s in range(4) if s != me and announced[s] is not None and contract is not None]
    hidden = [s for s in checks if announced[s] and not extra["shown"][s]]
    for _ in range(ANNOUNCE_TRIES):
        placed = [set(held) for held in known]
        left = set(pool)
        for seat in hidden:
            for name in announced[seat]:
                mine_now = placed[seat] | set(played_by[seat])
                shapes = [
                    cards
                    for cards in SHAPES[name]
                    if all(c in mine_now or (c in left and c not in barred[seat]) for c in cards)
                ]
                if shapes:
                    cards = shapes[rng.randrange(len(shapes))]
                    placed[seat].update(c for c in cards if c in left)
                    left.difference_update(cards)
        more = [view["seats"][s]["cards"] - len(placed[s]) for s in range(4)]
        dealt = _place(sorted(left), more, barred, rng) if min(more) >= 0 else None
        if dealt is None:
            continue
        hands = [sorted(placed[s]) + dealt[s] + played_by[s] for s in range(4)]
        if all(_announces(hands[s], announced[s], view) for s in checks):
            break
    else:
        dealt = _place(pool, [view["seats"][s]["cards"] - len(known[s]) for s in range(4)], barred, rng)
        assert dealt is not None, "the true deal is consistent with the view"
        hands = [sorted(known[s]) + dealt[s] + played_by[s] for s in range(4)]
    game = Blot(4, extra["options"], rng.randrange(2**32), dealer=view["dealer"], deal=Deal(hands=hands))
    game.score = list(extra["score"])
    game.hand_no = view["hand_no"]
    game.sheet_rows = [list(row) for row in view["sheet"]["rows"]]
    game.last_hand = dict(extra["last_hand"]) if extra["last_hand"] else None
    for seat, call in ((c["seat"], c["call"]) for c in extra["auction"]):
        game.apply(seat, call, trusted=True)
    for trick in tricks:
        for seat, card in trick:
            game.apply(seat, PLAY[card], trusted=True)
    return game


SHAPES: dict[str, list[tuple[Card, ...]]] = {
    **{
        name: [
            tuple(Card(r, suit) for r in NATURAL_ORDER[start : start + size])
            for suit in range(4)
            for start in range(len(NATURAL_ORDER) - size + 1)
        ]
        for size, name in RUN_NAMES.items()
    },
    FOUR_NAME: [tuple(Card(r, suit) for suit in range(4)) for r in FOUR_ORDER],
}
"""An announced combination's name → the card sets that make it (a sampled hand is dealt one of them)."""


def _announces(hand: list[Card], names: list[str], view: View) -> bool:
    """Whether a dealt ``hand`` makes exactly the combinations ``names`` in the view's contract."""
    extra = view["extra"]
    found = find_combinations(hand, extra["contract"]["strain"], extra["options"]["long_run_cap"])
    return [c.name for c in found] == names


def value(game: Game, seat: int) -> float:
    """The score lead of ``seat``'s team, and a bonus (or malus) once the game is decided."""
    assert isinstance(game, Blot)
    team = seat % 2
    lead = game.score[team] - game.score[1 - team]
    if game.winner_team is not None:
        lead += WIN_BONUS if game.winner_team == team else -WIN_BONUS
    return float(lead)


def greedy_card(trick: Trick, strain: str, seat: int, legal: list[Card], rng: random.Random) -> Card:
    """A light playout choice on ``trick`` in ``strain``: give points to a partner who is winning, win as cheaply as
    possible, else throw the cheapest card; a lead is random."""
    if not trick:
        return legal[rng.randrange(len(legal))]
    strength, points = STRENGTH[strain], POINTS[strain]
    winner, best = current_winner(trick, strain)
    if winner == (seat + 2) % 4:
        return max(legal, key=lambda c: (points[c], -strength[c]))
    led, trump = trick[0][1].suit, trump_suit(strain)
    beats = [
        c
        for c in legal
        if (c.suit == best.suit and strength[c] > strength[best]) or (c.suit == trump and best.suit != trump)
    ]
    if beats and (len(trick) == 3 or led != trump):
        return min(beats, key=lambda c: strength[c])
    return min(legal, key=lambda c: (points[c], strength[c]))


class PlayoutPolicy:
    """The playout policy as a bot: :func:`greedy_card` in the play, the heuristic's calls in the auction (the
    search itself calls :func:`greedy_card` on its worlds, without building views)."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if len(legal_actions) == 1 or view["phase"] != "play":
            return HeuristicBot().choose(view, legal_actions, rng)
        legal = [CARD_OF_ACTION[a] for a in legal_actions]
        strain = view["extra"]["contract"]["strain"]
        return PLAY[greedy_card(trick_cards(view), strain, bot_seat(view), legal, rng)]


def play_hand(game: Blot, rng: random.Random) -> None:
    """Play the current hand's cards to its end, every seat choosing by :func:`greedy_card`."""
    strain = game.declared.strain
    while game.phase == "play":
        seat = game.turn
        legal = game.legal_cards(seat)
        card = legal[0] if len(legal) == 1 else greedy_card(game.trick, strain, seat, legal, rng)
        game.apply(seat, PLAY[card], trusted=True)


def reason(view: View, advice: Advice) -> Message | None:
    """Why Hard advises ``advice.action``: a bid, by what the hand counts on making in its strain; a card, by what it
    does in the trick as the seat sees it (:func:`card_reason`); ``None`` (the search's word) for a pass, contra or
    recontra and a card no kind fits."""
    if view["phase"] != "play":
        bid = BID_OF_ACTION.get(advice.action)
        if bid is None:
            return pass_reason(view) if advice.action == "pass" else None
        strain = bid[1]
        return msg(
            "hint.blot.bid", points=estimate(parse_cards(view["hand"]), strain) // 10, strain=strain_value(strain)
        )
    card = CARD_OF_ACTION[advice.action]
    kind = card_reason(view, card, [CARD_OF_ACTION[a] for a in advice.values])
    if kind is not None:
        key, params = kind
        return msg(f"hint.blot.{key}", card=card_of(card), worlds=advice.worlds, **params)
    return None


def pass_reason(view: View) -> Message | None:
    """Why pass in the auction: the seat's side already holds the highest bid (``hint.blot.pass_partner``), or the
    hand counts on less in its best strain than the lowest bid allowed now (``hint.blot.pass_short``); ``None``
    when neither holds (a pass to a contra, say)."""
    status = view["status"]
    need = status.get("n") if isinstance(status, dict) else None
    if need is None:
        return None
    standing = view["extra"]["standing"]
    if standing and standing["team"] == bot_seat(view) % 2:
        return msg("hint.blot.pass_partner", bid=standing["text"])
    hand = parse_cards(view["hand"])
    if max(estimate(hand, s) for s in STRAINS) // 10 < need:
        return msg("hint.blot.pass_short", n=need)
    return None


def card_reason(view: View, card: Card, legal: Sequence[Card]) -> tuple[str, dict[str, Any]] | None:
    """What laying ``card`` (one of ``legal``) does in the trick, as the view's seat can know it: the kind
    (``hint.blot.<kind>``) and its parameters, or ``None`` when none of these holds.

    Led: the highest card of its suit still in play (``lead_master``; ``lead_master_plain``: a plain suit, which a
    trump may still take), a trump (``lead_trump``), the only card of a plain suit (``lead_short``), or the lowest
    of a suit held with stronger cards (``lead_low``). Followed: the partner keeps the trick (``partner_points`` when
    the card brings points, ``partner_low`` when it brings the fewest it may), the card takes a full trick
    (``take``), trumps a suit the seat lacks (``ruff``), is the cheapest card that wins so far (``win_cheap``), lets
    the trick go while a card could win it (``duck``), or gives the fewest points to a trick it cannot win
    (``give_low``)."""
    strain = view["extra"]["contract"]["strain"]
    strength, points, trump = STRENGTH[strain], POINTS[strain], trump_suit(strain)
    seat = bot_seat(view)
    trick = trick_cards(view)
    if not trick:
        return lead_reason(view, card, strength, trump)
    winners = [c for c in legal if current_winner([*trick, (seat, c)], strain)[0] == seat]
    least = min(points[c] for c in legal)
    if card in winners:
        if len(trick) == 3:
            return "take", {"points": sum(points[c] for _, c in trick) + points[card]}
        led = trick[0][1].suit
        if card.suit == trump and led != trump:
            return "ruff", {"led": suit_of(led)}
        return ("win_cheap", {}) if strength[card] == min(strength[c] for c in winners) else None
    if current_winner(trick, strain)[0] == (seat + 2) % 4:
        if points[card] > 0 and points[card] > least:
            return "partner_points", {"points": points[card]}
        return ("partner_low", {}) if points[card] == least else None
    if winners:
        return "duck", {}
    return ("give_low", {}) if points[card] == least else None


def lead_reason(
    view: View, card: Card, strength: dict[Card, int], trump: int | None
) -> tuple[str, dict[str, Any]] | None:
    """A lead's kind (:func:`card_reason`)."""
    hand = parse_cards(view["hand"])
    seen = set(parse_cards(view["extra"]["played"])) | set(hand)
    suit = suit_of(card.suit)
    stronger = [c for c in DECK if c.suit == card.suit and strength[c] > strength[card]]
    if all(c in seen for c in stronger):
        return ("lead_master" if trump in (None, card.suit) else "lead_master_plain"), {"suit": suit}
    if card.suit == trump:
        return "lead_trump", {}
    same = [c for c in hand if c.suit == card.suit]
    if len(same) == 1 and trump is not None:
        return "lead_short", {"suit": suit}
    if len(same) > 1 and strength[card] == min(strength[c] for c in same):
        return "lead_low", {"suit": suit}
    return None


SEARCHER = Searcher(sample=sample, value=value, policy=PlayoutPolicy(), reason=reason)


class HardBot(SearchBot):
    """Blot's Hard level: in the auction the heuristic's call, or pass or contra where ``auction_worlds`` deals that
    fit the calls made, played out, show it better (:func:`.auction.advise_call`); in the play, every legal card
    tried in ``worlds`` sampled deals and played out by the greedy policy (the cards compared in a deal meet the
    same random choices after them), the best mean score lead chosen."""

    def __init__(self, worlds: int = 96, auction_worlds: int = 64):
        super().__init__(SEARCHER, HeuristicBot(), worlds=worlds, wide=8)
        self.auction_worlds = auction_worlds

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        legal = list(legal_actions)
        preferred = self.prior.choose(view, legal, rng)
        if len(legal) == 1:
            return Advice(preferred, 0, {preferred: 0.0})
        if view["phase"] != "play":
            return advise_call(view, legal, rng, self.auction_worlds, play_hand, value)
        seat = bot_seat(view)
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.worlds):
            world = sample(view, rng)
            world.quiet = True
            seed = rng.getrandbits(64)
            for action in legal:  # every card played out with the same random choices after it: a fair comparison
                playout = random.Random(seed)
                game = world.clone(playout)
                game.apply(seat, action, trusted=True)
                play_hand(game, playout)
                totals[action] += value(game, seat)
        means = {a: t / self.worlds for a, t in totals.items()}
        best = max(legal, key=lambda a: (means[a], a == preferred))
        return Advice(best, self.worlds, means)
