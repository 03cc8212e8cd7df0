"""The game core every game module builds on.

A :class:`Game` is one game at one table. It is pure and deterministic: given its
players, options, seed (and, for scenarios, a fixed first deal) and the list of
applied actions it always reaches the same state. It answers :meth:`Game.to_act`,
:meth:`Game.legal_actions`, applies an action with :meth:`Game.apply` (or refuses
it with :class:`IllegalAction` whose ``reason`` a player can read), and renders a
per-seat :meth:`Game.view` that never holds a card the seat may not see.

Actions are strings, verb first (``"play 10H"``, ``"bid 8 S"``, ``"take"``).
Events (:class:`engine.views.Event`, ``{"event": "trick", ...}``) are public: anything only
one seat may see lives in that seat's view, never in an event.

Every game fills the common view shape, :class:`engine.views.View` (the web table renders it without per-game
code; ``extra`` holds what a small per-game renderer may show); :meth:`Game._view_head` builds its head.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from engine.actions import Action
from engine.bots import Bot
from engine.cards import Card, cards_text, parse_cards
from engine.messages import Message, Reason, msg
from engine.messages import seat as seat_of
from engine.options import Option, OptionError, validate_options
from engine.outcome import Outcome, Result
from engine.views import Event, View, ViewHead


class IllegalAction(Exception):
    """An action the rules do not allow now; ``reason`` says why, as a message (docs/messages.md). The exception's
    text is the message's key."""

    def __init__(self, reason: Reason):
        super().__init__(reason["key"])
        self.reason = reason


@dataclass
class Deal:
    """A fixed first deal (conformance scenarios, deal codes): hands per seat, the stock top first,
    a face-up table card (Bank's centre card) and a shown card (Eidex's trump card)."""

    hands: list[list[Card]]
    stock: list[Card] = field(default_factory=list)
    table: Card | None = None
    shown: Card | None = None

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Deal:
        return Deal(
            hands=[parse_cards(h) for h in data["hands"]],
            stock=parse_cards(data.get("stock") or []),
            table=Card.parse(data["table"]) if data.get("table") else None,
            shown=Card.parse(data["shown"]) if data.get("shown") else None,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [cards_text(h) for h in self.hands],
            "stock": cards_text(self.stock),
            "table": str(self.table) if self.table else None,
            "shown": str(self.shown) if self.shown else None,
        }

    def cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h] + list(self.stock)
        if self.table is not None:
            out.append(self.table)
        return out


class Game(ABC):
    """Base of every game's state. Subclasses set ``decl`` and implement the abstract hooks."""

    decl: ClassVar[GameDecl]
    dealer: int
    """The dealer of the current hand (``setup`` sets it, every hand moves it on)."""
    hand_no: int
    """The current hand, 1-based."""
    hand_deal: Deal
    """The deal the current hand started from (the server's deal code replays it)."""
    quiet: bool = False
    """A search's copy: the game skips building what only a reader needs (events, verdict messages) and
    ``apply`` returns no events; the rules, the moves and the results stay the same. Never at a table."""

    def __init__(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        dealer: int | None = None,
        deal: Deal | None = None,
        start: Mapping[str, Any] | None = None,
    ):
        decl = type(self).decl
        if not isinstance(players, int) or not decl.min_players <= players <= decl.max_players:
            raise OptionError(players_refusal(decl))
        self._init_base(players, decl.validate_options(options, players), seed, dealer, deal, start)
        self.events.extend(self.setup(dealer, deal, self.start))

    @classmethod
    def blank(cls, players: int, options: Mapping[str, Any], seed: int = 0, *, dealer: int | None = None) -> Self:
        """A state of this game with the base fields set and nothing dealt (``setup`` is not called), for bots that
        rebuild a position from a view and play on from it. ``options`` are taken as given (already validated, as in
        a view); the caller sets every field the game's ``setup`` would have set."""
        game = cls.__new__(cls)
        game._init_base(players, dict(options), seed, dealer, None, None)
        return game

    def _init_base(
        self,
        players: int,
        options: dict[str, Any],
        seed: int,
        dealer: int | None,
        deal: Deal | None,
        start: Mapping[str, Any] | None,
    ) -> None:
        """The fields every game has: the table's settings, the private random source, the log and events."""
        self.players = players
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.first_dealer = dealer
        self.first_deal = deal
        self.start = dict(start or {})
        self.log: list[tuple[int, str]] = []
        self.events: list[Event] = []
        self.version = 0
        self._legal_cache: dict[int, dict[str, None]] = {}

    # ---- hooks a game implements -------------------------------------------------------------
    @abstractmethod
    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[Event]:
        """Deal the first hand (the fixed ``deal`` when given) and return the opening events."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that may act now (several where the rules let several act at once); none once the game is
        over."""

    @abstractmethod
    def _legal(self, seat: int) -> list[str]:
        """Every legal action of ``seat`` now, normalised; empty when it may not act."""

    @abstractmethod
    def _perform(self, seat: int, action: str) -> list[Event]:
        """Carry out a legal, normalised action and return its events."""

    @abstractmethod
    def _reason(self, seat: int, action: str) -> Reason:
        """Why the normalised ``action`` is not legal for ``seat`` now, in a player's words."""

    @abstractmethod
    def shared_view(self) -> dict[str, Any]:
        """The part of every seat's view that is the same from every seat (spectators too), with a placeholder in
        each field :meth:`seat_view` fills, so that the fields keep their order. Built once for a whole table by
        :meth:`views`; it holds nothing that any seat may not see."""

    @abstractmethod
    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> View:
        """``seat``'s view made from :meth:`shared_view`'s ``shared`` (shared by reference, never changed): the
        fields that depend on who looks (the hand, what only that seat knows) set over it."""

    @abstractmethod
    def zones(self) -> dict[str, list[Card]]:
        """Every card of the deck by where it lies now (for the every-card-accounted-for check)."""

    @abstractmethod
    def hidden_from(self, seat: int | None) -> set[Card]:
        """The cards ``seat`` may not see now (other hands, the stock, face-down cards)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has a result."""

    @abstractmethod
    def result(self) -> Result | None:
        """``{"winners": [...], "losers": [...], ...}`` once over (the game's own :class:`Result`), else ``None``."""

    def ranking(self) -> Outcome | None:
        """The final ranking once over (places with ties, the sides), else ``None``; this plain one from the
        result's winners and losers, finer in every game that ranks the others too."""
        result = self.result() if self.is_over else None
        return Outcome.from_result(result, self.players) if result is not None else None

    def normalize(self, action: str) -> str:
        """Canonical text of an action: single spaces, verb lower case, the rest upper case."""
        try:
            return str(Action.parse(action).map_args(str.upper))
        except ValueError:
            return ""

    # ---- the public API ----------------------------------------------------------------------
    def may_act(self, seat: int) -> bool:
        """Whether ``seat`` may act now: a seat the game waits for (``to_act``), or — in a game that has them —
        one holding a move that never blocks play (the character game's any-time powers)."""
        return seat in self.to_act()

    def fleeting(self, seat: int) -> bool:
        """Whether ``seat`` holds a move that the next move of another seat takes away (the character game's
        Investigator, who may call a card only right after his lead): a table gives a player a moment to use it."""
        return False

    def view(self, seat: int | None) -> View:
        """What ``seat`` (``None``: a spectator) may see, in the common view shape."""
        return self.seat_view(seat, self.shared_view())

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """The views of several seats at once (what a table sends after a move): the fields every seat sees alike
        are built once, and each view holds the same objects for them (a sender may encode them once)."""
        shared = self.shared_view()
        return {seat: self.seat_view(seat, shared) for seat in seats}

    def legal_actions(self, seat: int) -> list[str]:
        """Every legal action of ``seat`` now (empty when it may not act)."""
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> dict[str, None]:
        """The legal actions of ``seat`` as an ordered set, computed once per state."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal_cache[seat] = dict.fromkeys(self._legal(seat) if self.may_act(seat) else ())
        return cached

    def explain(self, seat: int, action: str) -> Reason | None:
        """``None`` if ``seat`` may play ``action`` now, else the reason it may not."""
        return self._check(seat, action)[1]

    def _check(self, seat: int, action: str) -> tuple[str, Reason | None]:
        """The normalised action and ``None``, or the reason it is refused."""
        if not isinstance(action, str) or not isinstance(seat, int):
            return "", msg("common.reason.not_an_action")
        if self.is_over:
            return "", msg("common.reason.game_over")
        if not 0 <= seat < self.players:
            return "", msg("common.reason.no_seat")
        if action in self._legal_now(seat):
            return action, None
        norm = self.normalize(action)
        if not norm:
            return "", msg("common.reason.not_an_action")
        if norm in self._legal_now(seat):
            return norm, None
        if not self.may_act(seat):
            return norm, self._not_your_turn(seat)
        return norm, self._reason(seat, norm) or msg("common.reason.not_allowed")

    def _not_your_turn(self, seat: int) -> Reason:
        waiting = self.to_act()
        if len(waiting) == 1:
            return msg("common.reason.not_your_turn", seat=seat_of(waiting[0]))
        return msg("common.reason.not_your_turn_now")

    def apply(self, seat: int, action: str, *, trusted: bool = False) -> list[Event]:
        """Apply ``action`` for ``seat`` and return its events, or raise :class:`IllegalAction`.

        ``trusted``: the action is an entry of this game's own log, already checked and normalised when it was first
        applied (a journal replayed after a restart), so it is performed without deriving the legal moves again.
        Never for anything a client sent."""
        if trusted:
            norm = action
        else:
            cached = self._legal_cache.get(seat)
            if cached is not None and type(action) is str and action in cached:
                norm = action
            else:
                norm, reason = self._check(seat, action)
                if reason is not None:
                    raise IllegalAction(reason)
        events = self._perform(seat, norm)
        self.log.append((seat, norm))
        if events:
            self.events.extend(events)
        self.version += 1
        self._legal_cache.clear()
        return events

    def _view_head(self, seat: int | None, phase: str) -> ViewHead:
        """The head of every view: the game, who looks, the hand and its dealer, who acts now and the phase."""
        return {
            "game": self.decl.id,
            "seat": seat,
            "players": self.players,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": list(self.to_act()),
            "phase": phase,
        }

    def clone(self) -> Self:
        """An independent copy of this state (its declaration shared), to play on without touching this one (bots'
        search). A game with a cheaper copy overrides it."""
        return copy.deepcopy(self, {id(type(self).decl): type(self).decl})

    def hand_options(self) -> dict[str, Any]:
        """The options that deal the current hand again as it was dealt (what a deal code keeps): the table's
        options, unless the game drew something at its start that the deal alone does not hold (Cosmic Eidex's
        characters)."""
        return dict(self.options)

    def rematch(self) -> dict[str, Any]:
        """How the next game at this table begins ("play again"): keyword arguments (``start``, ``dealer``) for
        the new game. By default a fresh game; a game that keeps a tally across games (Bailiff's losses) says so."""
        return {}

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this game by replay."""
        return {
            "game": self.decl.id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "deal": self.first_deal.to_json() if self.first_deal else None,
            "start": dict(self.start),
            "actions": [[s, a] for s, a in self.log],
        }


@dataclass(frozen=True)
class GameDecl:
    """A game's declaration: identity, player counts, the options schema, its state class and bots.

    ``explore`` (optional) answers the rules page's explorer: given options and the cards laid so
    far it says which are legal, which beat, who takes, and why (each game's ``explore`` module), and
    ``explore_position`` sets that position up as a real game for the bot's advice; ``explore_context`` lists the
    explorer's fields besides the options (``{"key", "choices"}``, the first choice the default; the per-seat trumps
    of a ``trumps`` option need none). ``rules`` (optional) returns the game's rules data (sections and tables) for
    given options; ``examples`` are its worked examples (``engine/examples.py``). A game package fills these in
    through ``engine.registry.declare`` and its ``RulesPage``.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    state: type[Game]
    default_players: int = 4
    deck_size: int = 36
    bots: Mapping[str, Bot] = field(default_factory=dict)
    rules: Callable[..., dict[str, Any]] | None = None
    explore: Callable[..., dict[str, Any]] | None = None
    explore_position: Callable[..., tuple[Game, int]] | None = None  # the explorer's position as a game (positions.py)
    option_check: Callable[[dict[str, Any], int], None] | None = None
    explore_context: Sequence[Mapping[str, Any]] = ()
    examples: Sequence[Mapping[str, Any]] = ()
    guide: Mapping[str, Any] = field(default_factory=dict)  # the "How to play" of the rules page (guide.py)

    def validate_options(self, given: Mapping[str, Any] | None, players: int | None = None) -> dict[str, Any]:
        """Defaults filled in; raises ``OptionError`` naming the first bad option."""
        opts = validate_options(self.options, given)
        if self.option_check and players is not None:
            self.option_check(opts, players)
        return opts

    @property
    def plain_max_players(self) -> int:
        """The most players the default options seat (Ass: 4; five or six need an option)."""
        for players in range(self.max_players, self.min_players, -1):
            try:
                self.validate_options(None, players)
            except OptionError:
                continue
            return players
        return self.min_players

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        **kwargs: Any,
    ) -> Game:
        """A new game of this kind."""
        return self.state(players or self.default_players, options, seed, **kwargs)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "plain_max_players": self.plain_max_players,
            "default_players": self.default_players,
            "options": [o.to_json() for o in self.options],
            "bots": list(self.bots),
            "lesson": "lesson" in self.guide,
        }


def players_refusal(decl: GameDecl) -> Message:
    """Why a number of players does not fit the game: how many play it (``common.option.players``)."""
    return msg("common.option.players", game=msg(f"game.{decl.id}.name"), low=decl.min_players, high=decl.max_players)


def copy_rng(rng: random.Random) -> random.Random:
    """A new random source in the state ``rng`` is in (a clone's own: it draws the same numbers from here on), made
    without seeding it first, which costs more than the copy."""
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def seat_order(first: int, players: int) -> list[int]:
    """Seats in turn order starting at ``first``."""
    return [(first + i) % players for i in range(players)]


def sort_hand(cards: Sequence[Card], rank_key: Callable[[Card], int] | None = None) -> list[Card]:
    """Cards grouped by suit, then by rank (or by ``rank_key`` for games with their own order)."""
    key = rank_key or (lambda c: c.rank)
    return sorted(cards, key=lambda c: (c.suit, key(c)))
