"""Eidex: the rules page's explorer — lay cards and the engine says what is legal, what beats and why.

Its reasons, verdicts and summary are messages (docs/messages.md) that the explore API puts in the page's language."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

from engine.cards import JACK, SUITS, Card, make_deck
from engine.core import Deal
from engine.games.eidex.characters import BY_ID, make_cast
from engine.games.eidex.characters.base import conflict_key
from engine.games.eidex.characters.high import SKAT_PLAIN, SKAT_TRUMP, JiuJitsu, Skater, adjacent
from engine.games.eidex.characters.low import Umwerter
from engine.games.eidex.state import EidexGame, character_name
from engine.games.eidex.tables import (
    CARDS_EACH,
    CONTRACTS,
    MODES,
    OPTIONS,
    PLAYERS,
    Contract,
    contract_for,
    contract_label,
    legal_cards,
    order_text,
    suit_label,
    trick_winner,
    undertrump_reason,
    why_illegal,
    why_wins,
)
from engine.messages import Message, listing, msg, option
from engine.messages import card as card_of
from engine.messages import seat as seat_of
from engine.options import validate_options
from engine.positions import ExplorerPosition, Refusal, fill_hand, reader_hand, replay, shuffled_pool, to_play

DECK = make_deck(36)
POWERS = ("jiujitsu", "skat", "umwerter")
"""The characters whose power the explorer can put in force, as seats 0, 1 and 2 of its rules game."""
POWERS_CONTEXT = ("skat", "umwerter_high", "umwerter_low", "jiujitsu")
"""The context fields that put a character's power in force."""


def _swap_pairs() -> list[str]:
    """Two cards of a suit next to each other in some rank order (Jiu-Jitsu's swap; the order in force decides)."""
    orders = [*(m.plain_order for m in MODES.values()), *(m.trump_order for m in MODES.values() if m.trump_order)]
    pairs = {
        f"{a}{suit} {b}{suit}"
        for order in (*orders, SKAT_PLAIN, SKAT_TRUMP)
        for a, b in zip(order, order[1:], strict=False)
        for suit in SUITS
    }
    return sorted(pairs, key=lambda text: [Card.parse(c).index for c in text.split()])


CONTEXT: list[dict[str, Any]] = [
    {"key": "trump", "choices": ["S", "C", "D", "H"]},
    {"key": "mode", "choices": ["trump", "obenabe", "undenufe"]},
    {"key": "skat", "choices": ["", BY_ID["skat"].card]},
    {"key": "umwerter_high", "choices": ["", *(str(c) for c in DECK)]},
    {"key": "umwerter_low", "choices": ["", *(str(c) for c in DECK)]},
    {"key": "jiujitsu", "choices": ["", *_swap_pairs()]},
]
"""The explorer's fields besides the options (the first choice is the default): the trump or mode, and the powers
in force in the character game — Skat called (the Skater's card), the card Umwerter made highest or lowest of its
suit, the two cards Jiu-Jitsu swaps when the trick is complete."""


def _explore_contract(options: Mapping[str, Any], context: Mapping[str, Any]) -> Contract:
    if context.get("shown"):
        return contract_for(Card.parse(context["shown"]), bool(options.get("ace_six_no_trump")))
    mode = context.get("mode") or "trump"
    if mode != "trump":
        return CONTRACTS[(mode, None)]
    return CONTRACTS[("trump", SUITS.index(str(context.get("trump") or "S").upper()))]


def rules_game(options: Mapping[str, Any], context: Mapping[str, Any], contract: Contract) -> EidexGame | None:
    """A character game at a trick of ``contract`` with the context's powers in force (Skat, Umwerter's card,
    Jiu-Jitsu's swap), so the explorer asks the game's own rules; ``None`` when no power is in force. Raises
    ``Refusal`` (its reason a message) for a power the rules do not allow here."""
    skat, high, low = (str(context.get(key) or "") for key in ("skat", "umwerter_high", "umwerter_low"))
    swap = [Card.parse(c) for c in str(context.get("jiujitsu") or "").split()]
    if not (skat or high or low or swap):
        return None
    if skat and contract.trump is None:
        raise Refusal(msg("eidex.explore.skat_no_trump", power=msg("char.skat.name")))  # rulings §1.9
    if high and low:
        raise Refusal(msg("eidex.explore.umwerter_both", power=msg("char.umwerter.name")))
    if low and not options["umwerter_lowest"]:
        raise Refusal(
            msg("eidex.explore.umwerter_low_off", power=msg("char.umwerter.name"), option=option("umwerter_lowest"))
        )
    if swap and (len(swap) != 2 or swap[0].suit != swap[1].suit or swap[0] == swap[1]):
        raise Refusal(msg("eidex.explore.jiujitsu_pair", power=msg("char.jiujitsu.name")))
    cards = [BY_ID[power].card for power in POWERS]
    game = EidexGame.blank(PLAYERS, {**options, "advanced": True, "characters": cards}, 0, dealer=0)
    game.cast = make_cast(game, cards)
    game.order = sorted(game.cast, key=lambda ch: conflict_key(ch.card))
    game.contract, game.hand_no, game.phase = contract, 0, "play"
    game.hands, game.trick, game.led_suit = [[] for _ in range(PLAYERS)], [], None
    game.face_down, game.secret, game.barred, game.trick_id = set(), {}, {}, 0
    game.window, game.prompts = None, []
    for character in game.cast:
        if isinstance(character, Skater):
            character.called = bool(skat)
        elif isinstance(character, Umwerter):
            character.choice = (Card.parse(high or low), "high" if high else "low") if high or low else None
        elif isinstance(character, JiuJitsu):
            character.swap, character.mark = (swap[0], swap[1]) if swap else None, -1
    game.refresh_rules()
    return game


def in_force(game: EidexGame) -> list[Message]:
    """The powers the rules game holds, as messages ("Skat is called (Skater): ...")."""
    said: list[Message] = []
    for character in game.cast:
        power = character_name(character)
        if isinstance(character, Skater) and character.called:
            said.append(
                msg("eidex.explore.power.skat", power=power, trump=order_text(SKAT_TRUMP), plain=order_text(SKAT_PLAIN))
            )
        elif isinstance(character, Umwerter) and character.choice is not None:
            card, way = character.choice
            said.append(msg(f"eidex.explore.power.umwerter_{way}", power=power, card=card_of(card)))
        elif isinstance(character, JiuJitsu) and character.swap is not None:
            a, b = character.swap
            key = "jiujitsu" if adjacent(list(game.rules.strength), a, b) else "jiujitsu_lapsed"
            said.append(msg(f"eidex.explore.power.{key}", power=power, a=card_of(a), b=card_of(b)))
    return said


def _lay(game: EidexGame, laid: Sequence[tuple[int, Card]]) -> None:
    """The rules game's trick is ``laid``; Jiu-Jitsu's swap stands once the trick is complete (trick scoring)."""
    game.trick = [(int(s), c) for s, c in laid]
    game.led_suit = laid[0][1].suit if laid else None
    for character in game.cast:
        if isinstance(character, JiuJitsu) and character.swap is not None:
            complete = len(laid) == PLAYERS and all(c in [card for _, card in laid] for c in character.swap)
            character.mark = game.trick_id if complete else -1


def _judge_in_game(
    game: EidexGame, seat: int, hand: Sequence[Card] | None, laid: Sequence[tuple[int, Card]], card: Card
) -> tuple[bool, Message]:
    """Whether ``card`` may be laid by ``seat`` under the powers in force: with his hand, the game's own verdict;
    without it, on which condition."""
    _lay(game, laid)
    if hand is not None:
        game.hands[seat], game.turn = [c for c in hand if c not in {c for _, c in laid}], seat
        if card in game.playable(seat):
            return True, msg("eidex.explore.legal")
        return False, game.play_reason(seat, card)
    trick = [c for _, c in laid]
    legal, reason = judge_any_hand(trick, card, game.rules)
    skater = next(ch for ch in game.cast if isinstance(ch, Skater))
    trump = game.rules.trump
    if legal and skater.called and trick and trick[0].suit != trump and card.suit == trump:
        return True, msg("eidex.explore.skat_void", suit=suit_label(trick[0].suit), power=character_name(skater))
    return legal, reason


def judge_any_hand(trick: Sequence[Card], card: Card, contract: Contract) -> tuple[bool, Message]:
    """Whether ``card`` may be laid on ``trick`` by some hand, and on what condition (a message), when the hand is
    unknown."""
    if not trick:
        return True, msg("eidex.explore.lead")
    led, trump = trick[0].suit, contract.trump
    if card.suit == led and not (led == trump and card.rank == JACK):
        return True, msg("eidex.explore.follows", suit=suit_label(led))
    if led == trump and card.suit == trump:
        return True, msg("eidex.explore.jack")
    if led == trump:
        return True, msg("eidex.explore.no_trump_but_jack", suit=suit_label(led))
    if card.suit == trump:
        high = [c for c in trick if c.suit == trump]
        if high and contract.strength[card.index] < max(contract.strength[c.index] for c in high):
            return False, undertrump_reason(trick, card, contract)
        return True, msg("eidex.explore.trump_any_time")
    if trump is None:
        return True, msg("eidex.explore.without_led", suit=suit_label(led))
    return True, msg("eidex.explore.without_led_trump", suit=suit_label(led))


def explore(
    options: Mapping[str, Any], players: int, plays: Sequence[Sequence[Any]], context: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Lay the cards of one trick one by one and explain each: legal or not and why, whether it beats, who takes.

    ``context``: ``{"trump": "S"}`` or ``{"mode": "obenabe"|"undenufe"}`` or ``{"shown": "AS"}`` (with the
    ``ace_six_no_trump`` option), and optionally ``{"hands": {"0": ["6S", ...]}}``: with a seat's hand its
    legality is exact, without it the explorer says on which condition a card may be laid. Powers of the
    character game in force: ``{"skat": "JC"}`` (Skat called), ``{"umwerter_high": "7S"}`` or
    ``{"umwerter_low": "JH"}``, ``{"jiujitsu": "9S JS"}`` (the swap, once the trick is complete); their verdicts
    come from a character game's own rules (:func:`rules_game`).
    """
    context = context or {}
    opts = validate_options(OPTIONS, options)
    contract = _explore_contract(opts, context)
    game = rules_game(opts, context, contract)
    rules = contract if game is None else game.rules
    hands = {int(k): [Card.parse(c) for c in v] for k, v in (context.get("hands") or {}).items()}
    laid: list[tuple[int, Card]] = []
    steps = []
    for seat, text in plays:
        card = Card.parse(text)
        trick = [c for _, c in laid]
        reason: Message
        if len(laid) == PLAYERS:
            legal, reason = False, msg("eidex.explore.complete")
        elif card in trick:
            legal, reason = False, msg("common.explore.laid", card=card_of(card))
        elif game is not None:
            legal, reason = _judge_in_game(game, int(seat), hands.get(int(seat)), laid, card)
        elif seat in hands:
            why = why_illegal(hands[seat], trick, card, contract)
            legal, reason = why is None, why or msg("eidex.explore.legal")
        else:
            legal, reason = judge_any_hand(trick, card, contract)
        beats: bool | None = None
        verdict: Message | Literal[""] = ""
        if legal:
            laid.append((int(seat), card))
            cards = [c for _, c in laid]
            position = _winning(game, contract, laid)
            beats = position == len(cards) - 1
            key = "eidex.explore.beats" if beats else "eidex.explore.no_beat"
            verdict = msg(key, why=_why(game, contract, laid, position))
        steps.append(
            {"seat": seat, "card": str(card), "legal": legal, "reason": reason, "beats": beats, "verdict": verdict}
        )
    cards = [c for _, c in laid]
    position = _winning(game, contract, laid) if laid else 0
    winner = laid[position][0] if len(laid) == PLAYERS else None
    summary: Message
    if winner is not None:
        points = sum(rules.points[c.index] for c in cards)
        summary = msg(
            "eidex.explore.takes", seat=seat_of(winner), points=points, why=_why(game, contract, laid, position)
        )
    else:
        summary = (
            msg("eidex.explore.so_far", why=_why(game, contract, laid, position))
            if cards
            else msg("eidex.explore.nothing")
        )
    nxt = (laid[-1][0] + 1) % PLAYERS if laid else 0
    if game is not None:
        summary = msg("eidex.explore.with_powers", powers=listing(in_force(game), "and"), summary=summary)
    return {
        "steps": steps,
        "winner": winner,
        "summary": summary,
        # a complete trick ends the explorer, as in the other games: nobody is to lay (a card would be refused)
        "next": None if winner is not None else _next(nxt, laid, hands, contract, game),
        "hand": CARDS_EACH - 1,  # the cards the seat to play holds, its face-down card laid
    }


def _winning(game: EidexGame | None, contract: Contract, laid: Sequence[tuple[int, Card]]) -> int:
    """The position of the card that takes the trick so far: the basic rules, or the rules game's."""
    if game is None:
        return trick_winner([c for _, c in laid], contract)
    _lay(game, laid)
    return game.winner_position()


def _why(game: EidexGame | None, contract: Contract, laid: Sequence[tuple[int, Card]], position: int) -> Message:
    """Why the card at ``position`` takes the trick so far, as the game says it."""
    cards = [c for _, c in laid]
    return why_wins(cards, contract, position) if game is None else game.why_takes(cards, position)


def _next(
    seat: int, trick: list[tuple[int, Card]], hands: dict[int, list[Card]], contract: Contract, game: EidexGame | None
) -> dict[str, Any]:
    """Who lays next on the unfinished ``trick`` and which cards he may lay (all he may, without his hand)."""
    cards = [c for _, c in trick]
    if seat in hands:
        held = [c for c in hands[seat] if c not in cards]
        if game is None:
            legal = legal_cards(held, cards, contract)
        else:
            _lay(game, trick)
            game.hands[seat], game.turn = held, seat
            legal = game.playable(seat)
    else:
        rules = contract if game is None else game.rules
        legal = [c for c in DECK if c not in cards and judge_any_hand([c for _, c in trick], c, rules)[0]]
    return {"seat": seat, "legal": [str(c) for c in legal]}


def _keeps(card: Card, before: list[Card], contract: Contract) -> Callable[[list[Card]], bool]:
    """Whether a hand still lets its seat lay ``card`` on the trick ``before``."""
    return lambda held: card in legal_cards(held, before, contract)


def explore_position(position: ExplorerPosition, rng: random.Random) -> tuple[EidexGame, int]:
    """The first trick of a hand of the basic game as the explorer lays it, for the bot's advice: the seat after the
    dealer leads (``context["leader"]`` when nothing is laid yet), the dealer shows a card that makes the context's
    contract, the seat to play holds ``hand`` (eleven cards: twelve dealt, one laid face down), the other cards are
    dealt at random so that every card laid was legal, and every seat lays a card face down before the trick.
    Returns the game and the seat to play. Raises :class:`Refusal` (the character game's powers are not searched)."""
    options, players, plays, context, hand = position
    opts = validate_options(OPTIONS, options)
    if opts["advanced"] or any(context.get(key) for key in POWERS_CONTEXT):
        raise Refusal(msg("explore.advice.eidex_basic"))
    contract = _explore_contract(opts, context)
    no_trump = contract.trump is None or bool(opts["ace_six_no_trump"])
    laid = [(int(s), Card.parse(str(c))) for s, c in plays]
    if len(laid) >= PLAYERS:
        raise Refusal(msg("explore.advice.complete"))
    leader = laid[0][0] if laid else int(context.get("leader") or 0) % PLAYERS
    seat, dealer = (leader + len(laid)) % PLAYERS, (leader - 1) % PLAYERS
    mine = reader_hand(hand, {c for _, c in laid}, DECK, [CARDS_EACH - 1])
    makes = [c for c in DECK if contract_for(c, no_trump) == contract]
    if dealer == seat:
        shown = next((c for c in mine if c in makes), None)
        if shown is None:
            raise Refusal(msg("explore.advice.eidex_shown", contract=contract_label(contract)))
    else:
        free = [c for c in makes if c not in mine and c not in {c for _, c in laid}]
        if not free:
            raise Refusal(msg("explore.advice.eidex_shown_all", contract=contract_label(contract)))
        shown = rng.choice(free)
    pool = shuffled_pool(DECK, {*mine, shown, *(c for _, c in laid)}, rng)
    held: list[list[Card]] = [[] for _ in range(PLAYERS)]
    held[seat] = mine
    for k, (who, card) in reversed(list(enumerate(laid))):  # the later seats, the more their plays rule out
        held[who] = fill_hand([card], CARDS_EACH - 1, pool, _keeps(card, [c for _, c in laid[:k]], contract))
    if dealer != seat:
        held[dealer] = fill_hand([shown], CARDS_EACH - 1, pool)
    for who in range(PLAYERS):
        held[who] = fill_hand(held[who], CARDS_EACH - (who == seat), pool)
    downs = [pool.pop() if who == seat else held[who][-1] for who in range(PLAYERS)]
    dealt = [[*cards, downs[who]] if who == seat else cards for who, cards in enumerate(held)]
    game_options = {**opts, "ace_six_no_trump": no_trump}
    game = EidexGame(PLAYERS, game_options, rng.getrandbits(32), dealer=dealer, deal=Deal(hands=dealt, shown=shown))
    replay(game, [(who, f"discard {downs[who]}") for who in range(PLAYERS)])
    replay(game, [(who, f"play {card}") for who, card in laid])
    return to_play(game, seat)
