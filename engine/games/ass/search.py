"""Ass: the search behind the Hard level (engine/search.py), played through the game's own rules code.

- :func:`sample` deals the cards a seat has not seen (the other hands and the stock) at random, consistently with
  its view: its own hand, the cards taken this deal (``extra["taken"]``), the trick on the table, the hand and
  stock sizes, and the suits a player has shown he lacks since he last drew (``extra["voids"]``).
- :func:`value` reads the deal's outcome for a seat: the banks it dropped against the others', and a little of
  the points lead.
- :class:`LightBot` is the playout policy: the heuristic bot's judgement of a card, without trying the card on a
  copy of the trick.
- :class:`AssSearchBot` (Hard) searches every card over sampled deals with common random playouts; it bets by the
  points the sampled deals promise, and leaves the trump choice to the heuristic bot.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine.actions import Action
from engine.bots import Bot, bot_seat, trick_cards
from engine.cards import EIGHT, SUITS, Card, make_deck
from engine.core import Deal, seat_order
from engine.games.ass.bot import GO_THRESHOLD, HOLD_CHANCE, HeuristicBot, hand_strength, keep_value
from engine.games.ass.extra import extra_of
from engine.games.ass.play import Play, Trick, card_class
from engine.games.ass.score import BANK_CHANGE, CARD_POINTS, DECK_POINTS, card_points, targets, trick_bonus
from engine.games.ass.state import CARD_OF_ACTION, HAND_ORDER, PLAY_ACTION, AssGame, Phase
from engine.messages import Message, cards, msg
from engine.messages import card as card_value
from engine.search import Advice, SearchBot, Searcher, mean_values
from engine.trumps import Trumps, choice_reason, choices_needed
from engine.views import View

DECK: tuple[Card, ...] = tuple(make_deck(36))

DEAL_TRIES = 50
"""How often a deal of the unseen cards is tried before a seat's voids are let go (late in a deal of many players
the cards a seat may hold can run short in a random order)."""

POINTS_WEIGHT = 0.5
"""How much a deal's whole points lead (all 184 points) is worth against one bank: it only breaks near ties."""

WIN_BONUS = 8.0
"""The value of taking a trick beyond its points (the heuristic bot's own figure)."""

SLIP = 0.1
"""How often the playout policy lays a random legal card instead of its choice (playouts stay varied)."""

HORIZON: int | None = 3
"""Tricks a playout plays beyond the current one before the position is judged (``None``: to the deal's end)."""

MATERIAL = 0.5
"""What the cards still held are worth, in points per unit of the heuristic bot's keep value (an eight 14)."""


# ---- determinization ------------------------------------------------------------------------------
def _suit_mask(letters: str) -> int:
    return sum(1 << SUITS.index(x) for x in letters)


def _trumps(setup: str, per_seat: Sequence[str]) -> Trumps:
    """The table's trumps as the view tells them (every seat's trump letters)."""
    trumps = Trumps(setup, len(per_seat))
    if setup == "own":
        trumps.owned = [SUITS.index(t) if t else None for t in per_seat]
    elif setup in ("one", "two"):
        trumps.common = [SUITS.index(x) for x in per_seat[0]]
    return trumps


def _bet_leader(bets: Sequence[str | None], turn: int) -> int:
    """Who leads the first trick, during the betting: the first seat of the run of bets placed before ``turn``."""
    n, leader = len(bets), turn
    while bets[(leader - 1) % n] is not None and (leader - 1) % n != turn:
        leader = (leader - 1) % n
    return leader


def _try_deal(
    unseen: list[Card], sizes: dict[int, int], voids: Sequence[int], rng: random.Random, strict: bool
) -> tuple[dict[int, list[Card]], list[Card]] | None:
    """One random deal of the unseen cards: ``sizes[seat]`` to each other seat (none of a suit it has shown it
    lacks), the rest to the stock; the seats with the most voids are served first. ``None`` when a seat is left short
    of cards it may hold (unless not ``strict``: then its voids are let go)."""
    pool = list(unseen)
    rng.shuffle(pool)
    hands: dict[int, list[Card]] = {}
    for seat in sorted(sizes, key=lambda s: -voids[s].bit_count()):
        allowed = [c for c in pool if not voids[seat] >> c.suit & 1]
        if len(allowed) < sizes[seat]:
            if strict:
                return None
            allowed = pool
        hands[seat] = allowed[: sizes[seat]]
        chosen = set(hands[seat])
        pool = [c for c in pool if c not in chosen]
    return hands, pool


def _deal_unseen(
    unseen: list[Card], sizes: dict[int, int], voids: Sequence[int], rng: random.Random
) -> tuple[dict[int, list[Card]], list[Card]]:
    """The unseen cards dealt at random among the other hands and the stock, respecting the voids shown; dealt
    again when a random order leaves a seat short (late in a deal of many players), at most ``DEAL_TRIES`` times."""
    dealt, tries = None, 0
    while dealt is None:
        tries += 1
        dealt = _try_deal(unseen, sizes, voids, rng, strict=tries < DEAL_TRIES)
    return dealt


def sample(view: View, rng: random.Random) -> AssGame:
    """A state of the deal consistent with ``view`` (betting or trick play), the unseen cards dealt at random.

    Built from the view alone. The game's history before this deal is not rebuilt: the score sheet and the rating
    totals start empty, and the all-at-the-losing-count rule counts as running when every bank is at the count."""
    extra = extra_of(view)
    n, me, options = view["players"], bot_seat(view), extra["options"]
    game = AssGame.blank(n, options, rng.randrange(2**32), dealer=view["dealer"])
    game.dealer, game.hand_no, game.phase = view["dealer"], view["hand_no"], cast(Phase, view["phase"])
    game.banks = list(extra["banks"])
    game.targets = targets(n, options["six_player_no_target"])
    game.sheet_rows = []
    game.totals = {key: [0] * n for key in ("points", "dropped", "taken", "targets")}
    game.all_at_limit = all(b >= options["lose_banks"] for b in game.banks)
    game.outcome = None
    game.trumps = _trumps(extra["options"]["trumps"], extra["trumps"])
    game.choosers = seat_order((game.dealer + 1) % n, n)[: choices_needed(game.trumps.setup, n)]
    game.classes = [[game.trumps.card_class(s, Card(6, suit)) for suit in range(4)] for s in range(n)]
    game.turn = view["to_act"][0]
    game.bets = list(extra["bets"])
    game.points = list(extra["points"])
    game.piles = [[Card.parse(c) for c in pile] for pile in extra["taken"]]
    game.voids = [_suit_mask(v) for v in extra["voids"]]
    game.taken = None
    game.last_hand = extra["last_hand"]
    table = trick_cards(view)
    if game.phase == "play":
        game.trick = game._new_trick()
        for seat, laid in table:
            game.trick.add(game._play(seat, laid))
        game.leader = table[0][0] if table else game.turn
    else:
        game.trick = None
        game.leader = _bet_leader(game.bets, game.turn)
    game.first_leader = game.leader
    mine = [Card.parse(c) for c in view["hand"]]
    seen = set(mine).union(*map(set, game.piles), (c for _, c in table))
    sizes = {s: view["seats"][s]["cards"] for s in range(n) if s != me}
    others, stock = _deal_unseen([c for c in DECK if c not in seen], sizes, game.voids, rng)
    hands = [sorted(others.get(s, mine), key=HAND_ORDER.__getitem__) for s in range(n)]
    game.hands, game.stock = hands, stock
    game.hand_deal = Deal(hands=[list(h) for h in hands], stock=list(stock))
    return game


# ---- the outcome of a deal ------------------------------------------------------------------------
def _last_hand(game: AssGame) -> Mapping[str, Any]:
    """The scoring event of the deal last played out."""
    return next(e for e in reversed(game.events) if e["event"] == "hand")


def value(game: AssGame, seat: int) -> float:
    """How good the state a playout stopped in is for ``seat``. After the deal: the others' bank change minus its
    own (a bank dropped is +1), plus ``POINTS_WEIGHT`` times its points lead over the others' mean, in whole decks.
    Within the deal (a playout cut at the horizon): that points lead, the cards still held counted in."""
    others = [s for s in range(game.players) if s != seat]
    if not any(e["event"] == "hand" for e in game.events):
        worth = [
            game.points[s] + MATERIAL * sum(keep_value(c, game.classes[s][c.suit]) for c in game.hands[s])
            for s in range(game.players)
        ]
        return POINTS_WEIGHT * (worth[seat] - statistics.fmean(worth[s] for s in others)) / DECK_POINTS
    hand = _last_hand(game)
    change: list[int] = hand["change"]
    points: list[int] = hand["points"]
    banks = statistics.fmean(change[s] for s in others) - change[seat]
    lead = points[seat] - statistics.fmean(points[s] for s in others)
    return banks + POINTS_WEIGHT * lead / DECK_POINTS


# ---- the playout policy ---------------------------------------------------------------------------
def light_card(trick: Trick, seat: int, cards: Sequence[Card], classes: Sequence[int], players: int) -> Card:
    """The playout policy's card: lead the card cheapest to spend; follow with the card whose expected points
    (the trick's, if it beats) less what it is worth kept are the highest."""
    if not trick.plays:
        return min(cards, key=lambda c: keep_value(c, classes[c.suit]) + CARD_POINTS[c.rank] * 0.5)
    left = players - len(trick.plays) - 1
    chance = 1.0 if left == 0 else HOLD_CHANCE
    worth = sum(CARD_POINTS[p.card.rank] for p in trick.plays) + WIN_BONUS
    best, best_value = cards[0], float("-inf")
    for c in cards:
        play = Play(seat, c, classes[c.suit])
        if trick.registers_beat(play):
            gain = chance * (worth + CARD_POINTS[c.rank]) - keep_value(c, play.cls)
        else:
            gain = -CARD_POINTS[c.rank] - keep_value(c, play.cls)
        if gain > best_value:
            best, best_value = c, gain
    return best


def light_bet(cards: Sequence[Card], classes: Sequence[int], players: int) -> str:
    """The heuristic bot's bet: go when the hand is strong enough for the player count."""
    strength = hand_strength(cards, [classes[c.suit] for c in cards])
    return "bet go" if strength >= GO_THRESHOLD.get(players, 6.0) else "bet no"


def light_action(game: AssGame, seat: int, legal: Sequence[str], rng: random.Random) -> str:
    """The playout policy in a sampled state, from what ``seat`` sees there (its hand and the trick)."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < SLIP:
        return legal[rng.randrange(len(legal))]
    if game.phase == "bet":
        return light_bet(game.hands[seat], game.classes[seat], game.players)
    if game.phase == "play":
        cards = [CARD_OF_ACTION[a] for a in legal]
        return PLAY_ACTION[light_card(game.playing, seat, cards, game.classes[seat], game.players)]
    return legal[rng.randrange(len(legal))]


def play_deal_out(game: AssGame, rng: random.Random, horizon: int | None = None) -> None:
    """Let the playout policy play every seat until the current deal is scored (or the game is over), or until
    ``horizon`` tricks after the current one are taken."""
    hand, taken, tricks = game.hand_no, game.taken, -1
    while game.hand_no == hand and game.phase in ("bet", "play"):
        if game.taken is not taken:
            taken, tricks = game.taken, tricks + 1
            if horizon is not None and tricks >= horizon:
                return
        seat = game.turn
        legal = game.legal_actions(seat)
        game.apply(seat, light_action(game, seat, legal, rng), trusted=True)


class LightBot:
    """The playout policy as a bot (from a view): :func:`light_card` and :func:`light_bet`."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if len(legal_actions) == 1 or view["phase"] == "trump":
            return legal_actions[rng.randrange(len(legal_actions))]
        me, extra = bot_seat(view), extra_of(view)
        trumps = _trumps(extra["options"]["trumps"], extra["trumps"])
        classes = [[trumps.card_class(s, Card(6, suit)) for suit in range(4)] for s in range(view["players"])]
        if view["phase"] == "bet":
            return light_bet([Card.parse(c) for c in view["hand"]], classes[me], view["players"])
        trick = Trick(trumps.setup, extra["options"]["eight_anchor"], extra["options"]["six_in_A"])
        for seat, laid in trick_cards(view):
            trick.add(Play(seat, laid, classes[seat][laid.suit]))
        cards = [CARD_OF_ACTION[a] for a in legal_actions]
        return PLAY_ACTION[light_card(trick, me, cards, classes[me], view["players"])]


# ---- the hint's reason ----------------------------------------------------------------------------
def table_classes(view: View) -> list[list[int]]:
    """Every seat's class of a card of each suit (0 ordinary, 1 trump / junior, 2 senior), from the view."""
    extra = extra_of(view)
    setup = extra["options"]["trumps"]
    return [[card_class(setup, mine, Card(6, suit)) for suit in range(4)] for mine in extra["trumps"]]


def view_trick(view: View, classes: Sequence[Sequence[int]]) -> Trick:
    """The trick on the table, rebuilt from the view (quiet: no verdicts are built)."""
    extra = extra_of(view)
    rules = extra["options"]
    trick = Trick(extra["options"]["trumps"], rules["eight_anchor"], rules["six_in_A"], quiet=True)
    for seat, laid in trick_cards(view):
        trick.add(Play(seat, laid, classes[seat][laid.suit]))
    return trick


def view_legal(view: View) -> list[Card]:
    """The cards the view's seat may lay now, by the game's own rules: asked of a deal sampled from the view (what a
    seat may lay depends only on its hand and the trick, both the same in every such deal)."""
    world = sample(view, random.Random(0))
    return [CARD_OF_ACTION[a] for a in world.legal_actions(bot_seat(view)) if a in CARD_OF_ACTION]


def holds(trick: Trick, play: Play) -> bool:
    """Whether laying ``play`` on ``trick`` makes its seat the one who takes the trick if it ended now (a seat that
    does not hold the trick just after its card never comes to take it: only a later card can take the trick over)."""
    trial = trick.copy()
    trial.add(play)
    return trial.taker() == play.seat


def beaters(lead: Play, rivals: Sequence[Sequence[Play]], trick: Trick) -> int:
    """How many of the ``rivals`` could beat ``lead`` laid on the empty ``trick``: each entry is one card the leader
    has not seen, as laid by each of the other seats (one play per class the card has for them). Nobody beats a lead
    none of these beats: the leader takes the trick."""
    first = trick.copy()
    first.add(lead)
    beats = first.registers_beat
    return sum(1 for plays in rivals if any(map(beats, plays)))


def play_reason(view: View, card: Card) -> tuple[str, dict[str, Any]] | None:
    """What laying ``card`` does, as the view's seat can know it: the kind (``hint.ass.<kind>``) and its parameters,
    or ``None`` when none of these holds.

    Led: none of the cards the seat has not seen can beat it, so the leader takes the trick (``lead_sure``); no other
    card of the hand is harder to beat (``lead_hard``, ``n``: how many unseen cards beat it); no other card of the
    hand carries fewer points, and one carries more (``lead_cheap``). Followed, the card holds the trick: a plain card
    (neither a trump for the seat nor an eight) while a trump or an eight the seat may lay would hold it too
    (``beat_save``, ``kept``: those cards); the last card of the trick, whose points (the cards' and the trick's
    combinations') are above 0 (``take``, ``points``); a trump or an eight when no plain card the seat may lay holds
    it (``trump_only``; ``eight_only`` when only eights of the seat's would hold it, as at a table without trumps);
    of the cards the seat may lay that hold it, the one with the most points (``hold_rich``, ``points``: its own)
    or the fewest (``hold_cheap``).
    Followed, the card does not hold the trick: a card the seat may lay would (``let_go``,
    ``kept``: those cards); none would, and no card the seat may lay carries fewer points (``give_low``). A card the
    seat may not lay has no kind.

    "Holds" is :func:`holds`: a card that does not hold the trick just after it is laid never takes it."""
    extra = extra_of(view)
    me, players = bot_seat(view), view["players"]
    classes = table_classes(view)
    mine = classes[me]
    trick = view_trick(view, classes)
    legal = view_legal(view)
    if card not in legal:
        return None
    play = Play(me, card, mine[card.suit])
    if not trick.plays:
        return _lead_reason(view, play, legal, classes, trick)
    takers = [c for c in legal if holds(trick, Play(me, c, mine[c.suit]))]
    strong = [c for c in takers if c.rank == EIGHT or mine[c.suit]]  # trumps and eights that hold the trick
    if card in takers:
        if not play.cls and card.rank != EIGHT and strong:
            return "beat_save", {"kept": cards(strong)}
        if len(trick.plays) == players - 1:
            laid = [p.card for p in trick.plays] + [card]
            options = extra["options"]
            points = card_points(laid) + trick_bonus(laid, options["combo_scope"], options["combo_same_suit"])[0]
            if points > 0:
                return "take", {"points": points}
        if (play.cls or card.rank == EIGHT) and strong == takers:
            return ("eight_only" if all(c.rank == EIGHT for c in strong) else "trump_only"), {}
        others = [CARD_POINTS[c.rank] for c in takers if c != card]
        if others and CARD_POINTS[card.rank] > max(others):
            return "hold_rich", {"points": CARD_POINTS[card.rank]}
        if others and CARD_POINTS[card.rank] < min(others):
            return "hold_cheap", {}
        return None
    if takers:
        return "let_go", {"kept": cards(takers)}
    if CARD_POINTS[card.rank] <= min(CARD_POINTS[c.rank] for c in legal):
        return "give_low", {}
    return None


def _lead_reason(
    view: View, play: Play, legal: Sequence[Card], classes: Sequence[Sequence[int]], trick: Trick
) -> tuple[str, dict[str, Any]] | None:
    """A lead's kind (:func:`play_reason`)."""
    me, card = play.seat, play.card
    seen = {Card.parse(c) for c in view["hand"]}
    seen.update(Card.parse(c) for pile in extra_of(view)["taken"] for c in pile)
    holders = [{classes[s][suit]: s for s in range(view["players"]) if s != me} for suit in range(4)]
    rivals = [[Play(s, c, cls) for cls, s in holders[c.suit].items()] for c in DECK if c not in seen]
    mine = classes[me]
    n = beaters(play, rivals, trick)
    if n == 0:
        return "lead_sure", {}
    if all(beaters(Play(me, c, mine[c.suit]), rivals, trick) >= n for c in legal if c != card):
        return "lead_hard", {"n": n}
    points = CARD_POINTS[card.rank]
    if all(CARD_POINTS[c.rank] >= points for c in legal) and any(CARD_POINTS[c.rank] > points for c in legal):
        return "lead_cheap", {}
    return None


def bet_reason(view: View, advice: Advice) -> Message | None:
    """A bet's reason, from how often the hand reached the go target in the deals the search played out: the bet
    search (:meth:`AssSearchBot._bet`) scores a go +1 / −1 (reached / missed) and a no +1 / 0, so a go's mean is
    ``2 · reached / worlds − 1``. A go is called worth its risk when it reached in at least half of them; a no, when
    it reached in fewer than half (a missed go adds a bank, a missed no costs none)."""
    go = advice.values.get("bet go")
    if go is None or "bet no" not in advice.values or not advice.worlds:
        return None
    worlds = advice.worlds
    reached = round((go + 1) / 2 * worlds)
    target = extra_of(view)["target_table"]["go"]
    if advice.action == "bet go" and 2 * reached >= worlds:
        return msg("hint.ass.bet_go", target=target, reached=reached, worlds=worlds)
    if advice.action == "bet no" and 2 * reached < worlds:
        return msg("hint.ass.bet_no", target=target, reached=reached, worlds=worlds)
    return None


def reason(view: View, advice: Advice) -> Message | None:
    """Why Hard advises ``advice.action``, as the advised seat sees the position: a card by what it does in the
    trick (:func:`play_reason`), a bet by how often the hand reached the go target (:func:`bet_reason`), a trump
    suit by :func:`engine.trumps.choice_reason`; else ``None`` (the search's word, :func:`engine.search.explain`)."""
    found: Message | None = None
    if advice.worlds and view["phase"] == "play" and advice.action in CARD_OF_ACTION:
        card = CARD_OF_ACTION[advice.action]
        kind = play_reason(view, card)
        if kind is not None:
            key, params = kind
            found = msg(f"hint.ass.{key}", card=card_value(card), worlds=advice.worlds, **params)
    elif view["phase"] == "bet":
        found = bet_reason(view, advice)
    elif view["phase"] == "trump":
        found = choice_reason(advice.action)
    return found


SEARCHER = Searcher(sample=sample, value=value, policy=LightBot(), reason=reason)  # type: ignore[arg-type]


# ---- the Hard level -------------------------------------------------------------------------------
class AssSearchBot(SearchBot):
    """Determinized search for Ass: each legal card is played in ``worlds`` sampled deals, every card of a deal
    played out with the same random numbers; bets by the points the sampled deals promise; trumps as the prior."""

    def __init__(self, prior: Bot, worlds: int = 48):
        super().__init__(SEARCHER, prior, worlds=worlds, wide=36)

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        legal = list(legal_actions)
        if len(legal) == 1:
            return Advice(legal[0], 0, {legal[0]: 0.0})
        preferred = self.prior.choose(view, legal, rng)
        if view["phase"] == "bet":
            return self._bet(view, preferred, rng)
        if view["phase"] != "play":
            return Advice(preferred, 0, {preferred: 0.0})
        means = mean_values(
            view,
            legal,
            self.worlds,
            rng,
            sample,
            lambda game, moves: play_deal_out(game, moves, HORIZON),
            value,
            quiet=True,
        )
        best = max(legal, key=lambda a: (means[a], a == preferred))
        return Advice(best, self.worlds, means)

    def _bet(self, view: View, preferred: str, rng: random.Random) -> Advice:
        """The bet whose bank change the sampled deals' points make best (the play does not depend on it)."""
        seat = bot_seat(view)
        table = extra_of(view)["target_table"]
        totals = {"bet go": 0.0, "bet no": 0.0}
        for _ in range(self.worlds):
            game = sample(view, rng)
            game.apply(seat, preferred, trusted=True)
            play_deal_out(game, rng)
            points = _last_hand(game)["points"][seat]
            for action in totals:
                bet = Action.parse(action).args[0]
                totals[action] -= BANK_CHANGE[bet, points >= table[bet]]
        means = {a: t / self.worlds for a, t in totals.items()}
        best = max(means, key=lambda a: (means[a], a == preferred))
        return Advice(best, self.worlds, means)


HARD = AssSearchBot(HeuristicBot())
"""The Hard level."""

__all__ = ["HARD", "SEARCHER", "AssSearchBot", "LightBot", "reason", "sample", "value"]
