"""Shared by the server tests: a tiny trick game registered only inside the tests, and app/client helpers."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Mapping
from typing import Any

from flask_socketio import SocketIOTestClient

from engine import messages, registry
from engine.bots import RandomBot
from engine.cards import SUITS, Card, cards_text, make_deck, shuffled
from engine.core import Deal, Game, GameDecl
from engine.messages import Message, msg
from engine.options import Option
from webapp import create_app

HAND_SIZE = 3


class TinyGame(Game):
    """Three cards each, follow suit, the highest card of the led suit takes; a point per trick; a few hands."""

    def setup(self, dealer: int | None, deal: Deal | None, start: Mapping[str, Any]) -> list[dict]:
        self.dealer = self.rng.randrange(self.players) if dealer is None else dealer
        self.hand_no = 0
        self.scores = [0] * self.players
        self.over = False
        return self._deal(deal)

    def _deal(self, deal: Deal | None) -> list[dict]:
        self.hand_no += 1
        if deal is None:
            cards = shuffled(make_deck(36), self.rng)
            n = self.players * HAND_SIZE
            deal = Deal(hands=[cards[i : n : self.players] for i in range(self.players)], stock=cards[n:])
        self.hand_deal = Deal(hands=[list(h) for h in deal.hands], stock=list(deal.stock))
        self.hands = [sorted(h) for h in deal.hands]
        self.stock = list(deal.stock)
        self.trick: list[tuple[int, Card]] = []
        self.won: list[list[Card]] = [[] for _ in range(self.players)]
        self.last: list[tuple[int, Card]] = []
        self.turn = (self.dealer + 1) % self.players
        return [{"event": "deal", "hand_no": self.hand_no, "dealer": self.dealer}]

    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick:
            suit = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == suit]
            if follow:
                return follow
        return hand

    def _legal(self, seat: int) -> list[str]:
        return [f"play {c}" for c in self._playable(seat)]

    def _reason(self, seat: int, action: str) -> Message:
        parts = action.split()
        if len(parts) != 2 or parts[0] != "play":
            return msg("common.reason.not_an_action")
        try:
            card = Card.parse(parts[1])
        except ValueError:
            return msg("common.reason.not_a_card", text=parts[1])
        if card not in self.hands[seat]:
            return msg("common.reason.not_held", cards=messages.card(card))
        return msg("blot.rule.follow", led=messages.suit(SUITS[self.trick[0][1].suit]))

    def _perform(self, seat: int, action: str) -> list[dict]:
        card = Card.parse(action.split()[1])
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events: list[dict] = [{"event": "play", "seat": seat, "card": str(card)}]
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        suit = self.trick[0][1].suit
        winner = max((p for p in self.trick if p[1].suit == suit), key=lambda p: p[1].rank)[0]
        self.won[winner].extend(c for _, c in self.trick)
        self.scores[winner] += 1
        self.last, self.trick, self.turn = self.trick, [], winner
        events.append({"event": "trick", "winner": winner})
        if any(self.hands):
            return events
        events.append({"event": "hand", "scores": list(self.scores)})
        if self.hand_no >= self.options["hands"]:
            self.over = True
            return events
        self.dealer = (self.dealer + 1) % self.players
        return events + self._deal(None)

    def shared_view(self) -> dict[str, Any]:
        return {}

    def seat_view(self, seat: int | None, shared: dict[str, Any]) -> dict[str, Any]:  # type: ignore[override]
        plays = [{"seat": s, "cards": [str(c)]} for s, c in self.trick]
        return {
            "game": "tiny",
            "seat": seat,
            "players": self.players,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": list(self.to_act()),
            "phase": "over" if self.over else "play",
            "status": "the game is over" if self.over else f"seat {self.turn} to play",
            "hand": cards_text(self.hands[seat]) if seat is not None else [],
            "seats": [{"cards": len(h), "out": None, "tags": []} for h in self.hands],
            "stock": len(self.stock),
            "table": {"kind": "trick", "label": "trick", "plays": plays},
            "last_trick": {"plays": [{"seat": s, "cards": [str(c)]} for s, c in self.last]} if self.last else None,
            "sheet": {"columns": [f"seat {i}" for i in range(self.players)], "rows": [], "totals": self.scores},
            "over": self.over,
            "result": self.result(),
            "extra": {},
        }

    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand{i}": list(h) for i, h in enumerate(self.hands)}
        out.update({f"won{i}": list(w) for i, w in enumerate(self.won)})
        out["stock"] = list(self.stock)
        out["trick"] = [c for _, c in self.trick]
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        hidden = set(self.stock)
        for i in range(self.players):
            hidden.update(self.won[i])
            if i != seat:
                hidden.update(self.hands[i])
        return hidden - {c for _, c in self.last}

    @property
    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        best = max(self.scores)
        winners = [i for i, s in enumerate(self.scores) if s == best]
        return {"winners": winners, "losers": [i for i in range(self.players) if i not in winners]}


TINY = GameDecl(
    id="tiny",
    name="Tiny",
    min_players=2,
    max_players=4,
    options=(Option("hands", "int", 2, minimum=1, maximum=5),),
    state=TinyGame,
    default_players=2,
    bots={"random": RandomBot()},
)
TinyGame.decl = TINY


def unregister_tiny() -> None:
    """Take the tiny game out again, so no other test sees it among the registered games."""
    registry._GAMES.pop("tiny", None)


def register_tiny() -> None:
    """Register the tiny game beside the real ones (for this test process only).

    A real game module that fails to import is the property tests' finding, not the server tests'.
    """
    with contextlib.suppress(Exception):
        registry.all_games()
    registry._GAMES.setdefault("tiny", TINY)


def wait_for(check: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll ``check`` until it returns something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def make_app(tmp_path: Any, **overrides: Any) -> Any:
    """The app in threading mode with its journal under ``tmp_path``, bots without delay thinking in the server's
    process (no worker pool), no rate limit and no limit on creating tables."""
    register_tiny()
    config = {
        "ASYNC_MODE": "threading",
        "DATA_DIR": str(tmp_path),
        "BOT_DELAY": 0,
        "POWER_GRACE": 0,
        "BOT_WORKERS": 0,
        "GRACE_SECONDS": 30,
        "RATE_LIMIT": 1000,
        "RATE_BURST": 1000,
        "CREATE_PER_CONNECTION": 1000,
        "CREATE_PER_ADDRESS": 1000,
        "OPEN_TABLES_PER_ADDRESS": 1000,
        "RESTORE_SECONDS": 60,
    }
    config.update(overrides)
    return create_app(config)


class Client:
    """A test-client connection that keeps every event it received; ``address`` is the client's address the server
    sees (none by default)."""

    def __init__(self, app, auth: dict | None = None, address: str | None = None):
        http = None
        if address is not None:
            http = app.test_client()
            http.environ_base["REMOTE_ADDR"] = address
        self.sio = SocketIOTestClient(app, app.extensions["socketio"], auth=auth, flask_test_client=http)
        self.received: list[dict[str, Any]] = []

    def call(self, event: str, payload: Any = None, *extra: Any) -> dict[str, Any]:
        args = () if payload is None else (payload, *extra)
        return self.sio.emit(event, *args, callback=True)

    def events(self, name: str) -> list[Any]:
        self.received.extend(self.sio.get_received())
        return [m["args"][0] for m in self.received if m["name"] == name]

    def snap(self) -> dict[str, Any]:
        return self.events("table")[-1]


def state_of(app, code: str) -> str:
    """Everything a refusal must leave alone: seats, versions, the game's record and every view."""
    table = app.extensions["hall"].tables[code]
    with table.lock:
        views = [table.snapshot(s) for s in [None, *range(table.players)]]
        record = table.game.record() if table.game else None
        return json.dumps({"views": views, "record": record}, sort_keys=True, default=str)


def create(client: Client, players: int = 2, **extra: Any) -> dict[str, Any]:
    ack = client.call("create", {"game": "tiny", "players": players, "name": "Ann", **extra})
    assert ack["ok"], ack
    return ack


def create_with_bots(client: Client, players: int = 2, **extra: Any) -> dict[str, Any]:
    """Create a table hosted by ``client`` with bots in every other seat, not started yet; return the create ack."""
    ack = create(client, players=players, **extra)
    for seat in range(1, players):
        assert client.call("set_seat", {"code": ack["code"], "seat": seat, "kind": "bot"})["ok"]
    return ack


def two_players(app) -> tuple[Client, Client, str]:
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    assert bob.call("join", {"code": code, "name": "Bob"})["ok"]
    assert ann.call("start", {"code": code}) == {"ok": True}
    return ann, bob, code


def bob_goes_away(app) -> tuple[Client, str, str, list[str]]:
    """Ann and Bob play; Bob's connection goes (his phone's battery is flat). Returns Ann's client, the table's code,
    Bob's token and the hand he held."""
    ann, bob = Client(app), Client(app)
    code = create(ann)["code"]
    token = bob.call("join", {"code": code, "name": "Bob"})["token"]
    ann.call("start", {"code": code})
    hand = bob.snap()["view"]["hand"]
    bob.sio.disconnect()
    return ann, code, token, hand


def to_act(clients: list[Client]) -> Client:
    return wait_for(lambda: next((c for c in clients if c.snap()["legal"]), None), what="someone to act")


def play_out(client: Client, code: str, pick: int = 0) -> None:
    """Play ``client``'s seat at table ``code`` to the game's end, taking the ``pick``-th legal action on each of its
    turns (each must be accepted) while bots play the other seats."""
    while client.snap()["state"] != "over":
        wait_for(lambda: client.snap()["legal"] or client.snap()["state"] == "over", what="a turn or the end")
        snap = client.snap()
        if snap["legal"]:
            ack = client.call("act", {"code": code, "action": snap["legal"][pick], "version": snap["version"]})
            assert ack["ok"], ack
