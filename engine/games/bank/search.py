"""Bank's search (the Hard level): deals of the unseen cards consistent with a seat's view, each candidate play
laid in every deal and the hand played out to its end under the engine's own rules, the best mean outcome chosen.

A seat sees its own hand, the bank on the table, the cards taken in banks this hand (``extra.gone``, pile by pile
in seat order), every hand's and the stock's size, the trumps, the scores. The unseen cards (the other hands and
the stock) are dealt uniformly at random, each hand as many cards as the view shows, with one exception the view
does show: right after this seat took a bank because its one rival could not answer its card, that rival holds no
answer to it (a draw or a pass is otherwise shown only as the move, not against which top).

A hint's reason (:func:`reason`) names the kind of the advised play as the seat sees it: going out and its bonus, a
seven that gives it another turn, the bank its rival cannot or likely cannot answer, an eight as the only way on,
the most points shed, an eight or a king kept for later, the card hardest to answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.actions import Action
from engine.bots import Bot, bot_seat
from engine.cards import EIGHT, KING, SEVEN, Card, from_mask
from engine.core import Game
from engine.games.bank.bot import SKIPPING_SEVENS, BankBot, answerer, guess_deal, shed_value, unseen_cards
from engine.games.bank.extra import extra_of
from engine.games.bank.state import BankGame
from engine.games.bank.tables import EIGHTS, RANK_MASKS, card_points
from engine.messages import Message, msg
from engine.messages import card as card_value
from engine.messages import cards as cards_value
from engine.messages import seat as seat_value
from engine.search import Advice, SearchBot, Searcher, mean_values
from engine.trumps import choice_reason
from engine.views import View

WIN = 150.0
"""What winning (or losing) the game in a playout is worth, in points of score lead."""


def sample(view: View, rng: random.Random) -> BankGame:
    """A game in the position ``view`` shows (a seat to act in the play phase), the cards it has not seen dealt at
    random: the other hands (as many cards as each shows) and the stock. Built from the view only; the piles taken
    this hand are the seats' piles of ``extra.gone`` and the game goes on after this hand as the table's would (its
    options as the view shows them). Bonuses already earned this hand by seats that went out are not known to the
    view in detail and are left out. When the seat has just taken a bank because its one rival could not answer
    its card (the card now the reference, :func:`no_answer`), the rival's hand is dealt only cards that do not
    answer it: he held none, and a card he drew did not help."""
    unseen = unseen_cards(view)
    hands, stock = guess_deal(view, unseen, rng)
    game = BankGame.from_view(view, hands, stock, rng.getrandbits(32))
    extra = extra_of(view)
    game.options = dict(extra["options"])
    game.skipped = extra["skipped"]
    gone = [Card.parse(c) for c in extra["gone"]]
    at = 0
    for s, taken in enumerate(extra["won"]):
        game.won[s] = gone[at : at + taken["cards"]]
        game.banks_won[s] = taken["banks"]
        at += taken["cards"]
    rival = no_answer(view)
    if rival is not None:
        top, _, top_class = game.top()
        answers = game._single_mask(rival, top, top_class) | EIGHTS
        count = view["seats"][rival]["cards"]
        fits = from_mask(unseen & ~answers)
        if len(fits) >= count:
            rng.shuffle(fits)
            game.hands[rival] = sum(c.bit for c in fits[:count])
            rest = from_mask(unseen & ~game.hands[rival])
            rng.shuffle(rest)
            game.stock = rest[: len(game.stock)]
    return game


def no_answer(view: View) -> int | None:
    """The rival who just failed to answer this seat's card, when the view shows it: two seats still hold cards,
    this seat is to lay on the reference card it laid itself, and it took the last bank because that card went
    unanswered. His hand then holds nothing that answers the card (an eight answers anything)."""
    seat, extra, last = view["seat"], extra_of(view), view["last_trick"]
    lay_on = extra["lay_on"]
    active = [s for s, out in enumerate(extra["out"]) if out is None]
    if len(active) != 2 or lay_on is None or lay_on["kind"] != "reference" or lay_on["seat"] != seat or not last:
        return None
    why = last.get("why")
    if last.get("winner") != seat or not isinstance(why, dict) or why.get("key") != "bank.take.unanswered":
        return None
    return active[0] if active[1] == seat else active[1]


def value(game: Game, seat: int) -> float:
    """How good a state played on from a :func:`sample` is for ``seat``: its total less the others' average, where
    a hand not yet over counts as if it stopped now (the banks and bonuses won, less the card points still in each
    hand), plus :data:`WIN` for a game won (less it for a game lost). A sample's ``last_hand`` is empty until the
    hand it was built in is over."""
    assert isinstance(game, BankGame)
    score = game.score
    if game.last_hand is None:
        score = [
            score[s] + card_points(game.won[s]) + sum(p for _, p in game.bonus_lines[s]) - hand_points(game.hands[s])
            for s in range(game.players)
        ]
    lead = score[seat] - (sum(score) - score[seat]) / (len(score) - 1)
    if game.winners is not None:
        lead += WIN if seat in game.winners else -WIN
    return lead


def hand_points(hand: int) -> int:
    """The card points of a hand (a bitmask)."""
    return card_points(from_mask(hand))


class GreedyPolicy:
    """The :class:`Searcher`'s policy for a caller that plays out from views: the play that sheds the most card points
    (keeping eights), at random among equals; draws and passes are forced. Hard's own playouts read the sampled
    state instead (:func:`shrewd_pick`)."""

    def choose(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> str:
        if len(legal_actions) == 1:
            return legal_actions[0]
        best = max(map(shed_value, legal_actions))
        top = [a for a in legal_actions if shed_value(a) == best]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


def shrewd_pick(game: BankGame, who: int, legal: Sequence[str], rng: random.Random) -> str:
    """The playout policy that knows the (sampled) world: it goes out when it can, else lays the play worth the
    most: each card shed (:data:`SHREWD` ``card``), the bank with the cards laid when the next seat holds no answer
    to the new top, less a share of the points laid when it does, less each eight laid; a seven that skips the
    rival is safe. Draws and passes are forced."""
    plays = game.plays(who)
    if len(legal) == 1 or not plays:
        return legal[rng.randrange(len(legal))]
    hand = game.hands[who]
    nxt = game._next_active(who)
    theirs = game.hands[nxt]
    pot = card_points([c for _, c in game.bank])
    skips = game.options["after_seven"] in SKIPPING_SEVENS and game.out.count(None) == 2
    odds = SHREWD["draw"] if game.stock else 1.0
    best, top_score = [legal[0]], -1e9
    for action, (cards, _) in plays.items():
        if not hand & ~sum(c.bit for c in cards):
            return action
        laid = card_points(cards)
        top = cards[-1]
        score = SHREWD["card"] * len(cards) - SHREWD["eight"] * sum(c.rank == EIGHT for c in cards)
        if not (top.rank == SEVEN and skips):
            if theirs & (game._single_mask(nxt, top, game.card_class(who, top)) | EIGHTS):
                score -= SHREWD["risk"] * laid
            else:
                score += odds * (pot + laid)
        if score > top_score:
            best, top_score = [action], score
        elif score == top_score:
            best.append(action)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


SHREWD: dict[str, float] = {"card": 3.0, "eight": 6.0, "risk": 0.3, "draw": 0.6}
"""The weights of :func:`shrewd_pick`."""


def play_on(game: BankGame, rng: random.Random) -> None:
    """Play ``game`` on to the end of its current hand, every seat by :func:`shrewd_pick`."""
    hand = game.hand_no
    while game.phase == "play" and game.hand_no == hand:
        who = game.turn
        legal = game.legal_actions(who)
        action = legal[0] if len(legal) == 1 else shrewd_pick(game, who, legal, rng)
        game.apply(who, action, trusted=True)


# ---- the hint's reason ---------------------------------------------------------------------------------------------

LIKELY = 0.5
"""``bank_likely`` is said when the chance that the answerer holds and draws no answer, counted as the Normal bot
counts it (each of his cards, and his draw while the stock lasts, an answer with the share of answers among the
unseen cards), is at least this: only then are the few answers worth a learner's notice."""


def reason(view: View, advice: Advice) -> Message | None:
    """Why Hard advises ``advice.action``, as the seat sees the position (its view only): the kind of the play
    (``hint.bank.<kind>``), a trump suit by :func:`engine.trumps.choice_reason`, else ``None`` (the search's word,
    :func:`engine.search.explain`).

    The kinds, the first that holds:

    - ``out``: the play empties the hand; ``bonus`` is the going-out bonus the rules give it (place, a king last,
      four in a row, four of a kind). Hard does not search a way out (going out is the Normal bot's), so this text
      names no deals.
    - ``seven``: the play leaves a seven on top, the table's sevens skip, and two seats hold cards: the rival
      (``seat``) misses his turn and the seat moves again.
    - ``bank_sure``: no card the seat has not seen may be laid on the new top (``card``) by the seat that must
      answer it (``seat``), nor make a four of a kind with the cards he may hold on his turn (his hand, his draw
      while the stock lasts, one more after a seven that makes him draw): he cannot answer, and the bank (two cards
      or more, ``points`` above 0) goes to the seat.
    - ``bank_likely``: only ``count`` unseen cards may be laid singly on it (eights included; a four of a kind
      aside), few enough (:data:`LIKELY`); the bank is the seat's if he cannot answer.
    - ``eight``: every legal play begins with an eight: nothing else goes on the top card (``top``).
    - ``shed``: the play lays more card points (``points``) than any other legal play.
    - ``keep_eight``: the play lays no eight and keeps one (``card``) in hand.
    - ``keep_king``: the play lays no king and keeps one (``card``) in hand, where another legal play lays a king.
    - ``hardest``: as for ``bank_likely``, but fewer unseen cards (``count``, counted so) may be laid on the new top
      than on the top card of any other legal play (each by the seat that would have to answer it).
    - ``answers``: two seats hold cards and the rival (``seat``) must answer the new top: the cards the seat keeps
      can be laid singly, an eight aside, on more of the ``unseen`` cards it has not seen (``count``), any of which
      he may lay next, than the cards any other legal play keeps (at most ``other``).

    The bank kinds (``bank_sure``, ``bank_likely``, ``hardest``) are said only of a play that leaves a bank of two
    cards or more, worth points, for a rival to answer (not of one that takes the bank at once: four kings, a cover
    of four kings). ``hardest`` and ``answers`` are the last resorts: the other kinds say more."""
    if view["phase"] == "trump":
        return choice_reason(advice.action)
    kind = play_reason(view, advice.action) if advice.action.startswith("play ") else None
    if kind is not None:
        key, params = kind
        worlds = {} if key == "out" else {"worlds": advice.worlds}
        if key == "out" or advice.worlds:
            return msg(
                f"hint.bank.{key}", cards=cards_value(list(Action.parse(advice.action).args)), **params, **worlds
            )
    return None


def play_reason(view: View, action: str) -> tuple[str, dict[str, Any]] | None:
    """The kind of the play ``action`` for the view's seat (see :func:`reason`) and its parameters, or ``None``."""
    me = bot_seat(view)
    extra = extra_of(view)
    if view["phase"] != "play" or extra["lay_on"] is None or list(view["to_act"]) != [me]:
        return None
    game = BankGame.from_view(view, [0] * view["players"], [])
    plays = game.plays(me)
    if action not in plays:
        return None
    laid, kinds = plays[action]
    top = laid[-1]
    hand = game.hands[me]
    left = hand & ~sum(c.bit for c in laid)
    if not left:  # the rules' own bonus: the play laid in this copy of the position
        events = game.apply(me, action)
        return "out", {"bonus": next(e["bonus"] for e in events if e["event"] == "out")}
    rival, again = answerer(view, me, top)
    if again:
        assert rival is not None
        return "seven", {"seat": seat_value(rival)}
    takes_now = game.kings_pending or (
        kinds[-1] == "four" and top.rank == KING and game.options["four_kings"] == "layer-takes"
    )
    pile = extra["bank"]["count"] + len(laid)
    points = extra["bank"]["points"] + card_points(laid)
    unseen = unseen_cards(view)
    rival = rival if not takes_now and pile > 1 and points > 0 else None
    if rival is not None:
        if not answer_count(view, game, rival, top, unseen, fours=True):
            return "bank_sure", {"card": card_value(top), "seat": seat_value(rival), "points": points}
        count = answer_count(view, game, rival, top, unseen)
        draws = 1 if view["stock"] else 0
        if (1 - count / unseen.bit_count()) ** (view["seats"][rival]["cards"] + draws) >= LIKELY:
            return "bank_likely", {"card": card_value(top), "seat": seat_value(rival), "count": count}
    if laid[0].rank == EIGHT and all(cs[0].rank == EIGHT for cs, _ in plays.values()):
        return "eight", {"top": card_value(game.top()[0])}
    shed = card_points(laid)
    if shed and all(card_points(cs) < shed for a, (cs, _) in plays.items() if a != action):
        return "shed", {"points": shed}
    ranks = {c.rank for c in laid}
    if left & EIGHTS and EIGHT not in ranks:
        return "keep_eight", {"card": card_value(from_mask(left & EIGHTS)[0])}
    kings = left & RANK_MASKS[KING]
    if kings and KING not in ranks and any(c.rank == KING for a, (cs, _) in plays.items() if a != action for c in cs):
        return "keep_king", {"card": card_value(from_mask(kings)[0])}
    if rival is not None:
        others = {cs[-1] for cs, _ in plays.values()} - {top}
        if others and all(count < answer_count(view, game, answerer(view, me, t)[0], t, unseen) for t in others):
            return "hardest", {"card": card_value(top), "seat": seat_value(rival), "count": count}
    return answers_reason(view, game, plays, action, left, unseen)


def answers_reason(
    view: View, game: BankGame, plays: dict[str, Any], action: str, left: int, unseen: int
) -> tuple[str, dict[str, Any]] | None:
    """``answers``: after the play ``action`` the next rival has fewer answers to the card on top than after any
    other play (``left``: the hand it keeps)."""
    me = bot_seat(view)
    hand = game.hands[me]
    kept = kept_answers(view, game, me, plays[action][0][-1], left, unseen)
    if kept is None:
        return None
    nxt, count = kept
    rest = [
        kept_answers(view, game, me, cs[-1], hand & ~sum(c.bit for c in cs), unseen)
        for a, (cs, _) in plays.items()
        if a != action
    ]
    fewer = [other[1] for other in rest if other is not None and other[1] < count]
    if fewer and len(fewer) == len(rest):
        return "answers", {"seat": seat_value(nxt), "count": count, "unseen": unseen.bit_count(), "other": max(fewer)}
    return None


def kept_answers(view: View, game: BankGame, me: int, top: Card, left: int, unseen: int) -> tuple[int, int] | None:
    """The seat that must answer ``top``, and how many of the cards the view's seat has not seen it could answer
    singly, an eight aside, with the cards ``left`` in its hand: any of them may be what he lays next, and with only
    the two of them holding cards the answer to his card is the seat's. ``None`` when a third seat holds cards, when
    a seven on ``top`` skips him, or when nothing is left."""
    rival, again = answerer(view, me, top)
    if rival is None or again or not left or sum(info["out"] is None for info in view["seats"]) != 2:
        return None
    own = left & ~EIGHTS
    return rival, sum(1 for x in from_mask(unseen) if own & game._single_mask(me, x, game.card_class(rival, x)))


def answer_count(view: View, game: BankGame, rival: int | None, top: Card, unseen: int, fours: bool = False) -> int:
    """How many cards the view's seat has not seen ``rival`` could lay singly on ``top`` (laid by the seat), eights
    included; with ``fours`` also every four of a kind among them when he may hold four cards on his turn (his hand
    and up to two draws: his own, and one a seven makes him draw). The number of unseen cards when nobody is left
    to answer."""
    if rival is None:
        return unseen.bit_count()
    fours = fours and view["seats"][rival]["cards"] + min(view["stock"] or 0, 2) >= 4
    return (unseen & answer_mask(game, bot_seat(view), rival, top, unseen, fours)).bit_count()


def answer_mask(game: BankGame, me: int, rival: int, top: Card, unseen: int, fours: bool) -> int:
    """The cards ``rival`` could lay on ``top`` laid by ``me``: single cards by the lay rules and any eight (a run
    is laid from a card that may be laid singly, or from an eight); with ``fours`` (he may come to hold four cards
    on his turn) also the four cards of every rank whose four are all among ``unseen`` (four of a kind goes on
    anything)."""
    answers = game._single_mask(rival, top, game.card_class(me, top)) | EIGHTS
    if fours:
        for ranks in RANK_MASKS.values():
            if unseen & ranks == ranks:
                answers |= ranks
    return answers


POLICY = GreedyPolicy()
SEARCHER = Searcher(sample=sample, value=value, policy=POLICY, reason=reason)


class BankSearchBot(SearchBot):
    """Hard: the Normal bot's one-move score shortlists the plays (the ``wide`` best); each is laid in the same
    ``worlds`` sampled deals (quiet ones) and the hand played out to its end (:func:`play_on`: every seat by
    :func:`shrewd_pick`, a model of a rival who plays sensibly where the Normal bot has him play at random), every
    candidate meeting the same deal and the same playout randomness (common random numbers); the best mean
    :func:`value` plus ``prior`` × the one-move score wins. Forced moves, the trump choice and going out are the
    Normal bot's."""

    def __init__(self, worlds: int = 48, wide: int = 6, prior: float = 0.3):
        super().__init__(SEARCHER, BankBot(), worlds, wide)
        self.prior_weight = prior

    def advise(self, view: View, legal_actions: Sequence[str], rng: random.Random) -> Advice:
        normal = self.prior
        assert isinstance(normal, BankBot)
        legal = list(legal_actions)
        plays = [a for a in legal if a.startswith("play ")]
        hand = [Card.parse(c) for c in view["hand"]]
        if len(plays) < 2 or any(len(a.split()) > len(hand) for a in plays):
            action = normal.choose(view, legal, rng)
            return Advice(action, 0, {action: 0.0})
        unseen = unseen_cards(view)
        scores = {a: normal.value(view, hand, unseen, Action.parse(a).cards()) for a in plays}
        candidates = sorted(plays, key=lambda a: -scores[a])[: self.wide]
        played = mean_values(view, candidates, self.worlds, rng, sample, play_on, value, quiet=True)
        means = {a: played[a] + self.prior_weight * scores[a] for a in candidates}
        best = max(candidates, key=means.__getitem__)
        return Advice(best, self.worlds, means)


def hard_bot() -> Bot:
    """The Hard level as registered."""
    return BankSearchBot()
