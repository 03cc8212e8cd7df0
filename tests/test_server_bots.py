"""Bots and any-time powers: a bot seat the game does not wait for, but which may act (``Game.may_act``), uses a
power when its bot's ``free_action`` asks for one, and never holds the table up when it does not."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from engine import registry
from engine.bots import RandomBot
from engine.core import Deal
from tests.server_helpers import TINY, Client, TinyGame, create_with_bots, wait_for

pytestmark = pytest.mark.usefixtures("tiny_game")


class BellGame(TinyGame):
    """The tiny game, and every seat may ring a bell once per hand at any time (an any-time power)."""

    def _deal(self, deal: Deal | None) -> list[dict]:
        self.rung = [False] * self.players
        return super()._deal(deal)

    def may_act(self, seat: int) -> bool:
        return seat in self.to_act() or (not self.over and not self.rung[seat])

    def _legal(self, seat: int) -> list[str]:
        bell = [] if self.over or self.rung[seat] else ["ring"]
        return (super()._legal(seat) if seat in self.to_act() else []) + bell

    def _perform(self, seat: int, action: str) -> list[dict]:
        if action == "ring":
            self.rung[seat] = True
            return [{"event": "ring", "seat": seat}]
        return super()._perform(seat, action)


class Ringer(RandomBot):
    """Rings whenever it may, out of turn too."""

    def free_action(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
        return "ring" if "ring" in legal else None


class Quiet(RandomBot):
    """Never wants its power out of turn (and plays a card, never the bell, in turn)."""

    asked = 0

    def choose(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        return next(a for a in legal if a != "ring")

    def free_action(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
        Quiet.asked += 1
        return None


class Broken(Quiet):
    """Asks for something it may not do, or fails."""

    def free_action(self, view: Mapping[str, Any], legal: Sequence[str], rng: random.Random) -> str | None:
        Quiet.asked += 1
        if rng.random() < 0.5:
            raise ValueError("bot bug")
        return "fly away"


BELL = replace(
    TINY, id="bell", name="Bell", state=BellGame, bots={"ringer": Ringer(), "quiet": Quiet(), "broken": Broken()}
)


@pytest.fixture
def bell_game() -> Iterator[None]:
    BellGame.decl = BELL
    registry._GAMES["bell"] = BELL
    yield
    registry._GAMES.pop("bell", None)


def bell_table(app: Any, bots: Sequence[str]) -> tuple[Client, str, Any]:
    ann = Client(app)
    code = ann.call("create", {"game": "bell", "players": 1 + len(bots), "name": "Ann", "options": {"hands": 2}})[
        "code"
    ]
    for seat, bot in enumerate(bots, start=1):
        assert ann.call("set_seat", {"code": code, "seat": seat, "kind": "bot", "bot": bot})["ok"]
    assert ann.call("start", {"code": code})["ok"]
    return ann, code, app.extensions["hall"].tables[code]


def human_plays_cards(ann: Client, code: str, table: Any, timeout: float = 20) -> None:
    """Ann plays a card whenever it is her turn (never the bell), until the game is over."""
    deadline = time.monotonic() + timeout
    while table.state != "over":
        assert time.monotonic() < deadline, "the game did not end"
        snap = ann.snap()
        cards = [a for a in snap["legal"] if a != "ring"]
        if snap["view"]["to_act"] == [0] and cards:
            ann.call("act", {"code": code, "action": cards[0], "version": snap["version"]})
        else:
            time.sleep(0.005)


@pytest.mark.usefixtures("bell_game")
def test_a_bot_uses_an_any_time_power_out_of_turn(app):
    ann, code, table = bell_table(app, ["ringer", "ringer"])
    human_plays_cards(ann, code, table)
    rings = [(seat, i) for i, (seat, action) in enumerate(table.game.log) if action == "ring"]
    assert sorted(seat for seat, _ in rings) == [1, 1, 2, 2], "each bot rings once in each of the two hands"
    game = BellGame(3, {"hands": 2}, table.game.seed)
    out_of_turn = 0
    for seat, action in table.game.log:
        out_of_turn += action == "ring" and seat not in game.to_act()
        game.apply(seat, action)
    assert out_of_turn > 0, "some ring came while the game waited for another seat"
    assert not any(seat == 0 for seat, _ in rings)


@pytest.mark.usefixtures("bell_game")
@pytest.mark.parametrize("bot", ["quiet", "broken"])
def test_a_bot_that_wants_no_power_or_a_wrong_one_never_holds_the_table_up(app, bot):
    Quiet.asked = 0
    ann, code, table = bell_table(app, [bot, bot])
    human_plays_cards(ann, code, table)
    assert table.state == "over" and Quiet.asked > 0
    assert not any(action == "ring" for _, action in table.game.log)
    assert Quiet.asked < 4 * len(table.game.log), "a bot that declined is not asked again until the table changes"


@pytest.mark.parametrize("app_config", [{"POWER_GRACE": 1.0}])
def test_bots_give_a_player_a_moment_for_a_power_their_move_would_take_away(app, app_config):
    """Ann is the Investigator: right after her lead she may call a card until the next seat plays. The bot waits
    its grace before that card (no move within the first half of it); once she has called, the bots play on at
    once."""
    ann = Client(app)
    options = {"advanced": True, "characters": ["10S", "AH", "KC"]}
    code = create_with_bots(ann, players=3, game="eidex", options=options)["code"]
    assert ann.call("start", {"code": code})["ok"]
    table = app.extensions["hall"].tables[code]
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline and table.state == "playing", "Ann never led with her power left"
        snap = ann.snap()
        calls = [a for a in snap["legal"] if a.startswith("power fahnder")]
        if calls:
            version = table.version
            time.sleep(0.5)
            assert table.version == version, "a bot played within the moment Ann had to call a card"
            assert ann.call("act", {"code": code, "action": calls[0], "version": version})["ok"]
            called = version + 1
            wait_for(lambda called=called: table.version > called, what="the bots playing on", timeout=0.5)
            return
        moves = [a for a in snap["legal"] if not a.startswith("power")]
        if snap["view"]["to_act"] == [0] and moves:
            ann.call("act", {"code": code, "action": moves[0], "version": snap["version"]})
        else:
            time.sleep(0.005)
