"""A table's house settings: who may find and enter it, its moderation, its turn clock and its bots' pace.

They are the table's, not the game's (the engine knows nothing of them): chosen at ``create``, some changed by the
host later, journalled with the table (inside its ``fixed`` record, under ``house``, so the journal's schema does
not change) and rebuilt after a restart. :mod:`webapp.privacy` enforces them, :mod:`webapp.clock` runs the clock.
"""

from __future__ import annotations

import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

CLOCKS: dict[str, tuple[float, float]] = {
    "off": (0.0, 0.0),
    "relaxed": (60.0, 120.0),
    "normal": (25.0, 60.0),
    "fast": (12.0, 30.0),
}
"""Each clock setting's seconds for one move and the time bank a player has for the whole game (used once a move's
own time is out). Relaxed suits friends, fast a quick game among regulars (Trickster gives 6-15 s a card)."""

BOT_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.3}
"""How much of the server's ``BOT_DELAY`` a bot waits before its move, at each of the table's bot speeds."""

AWAY_AFTER = 3
"""Moves in a row a bot played for a player whose time ran out after which his seat is marked away: a bot plays for
him until he says he is back (or makes a move)."""

HOUSE_KEY = "house"
"""The key of the house settings in the journalled ``fixed`` record of a table."""


def new_invite() -> str:
    """A fresh invite secret: the part of a table's invite link (after ``#invite=``) a stranger who only saw the
    table's six-letter code does not have."""
    return secrets.token_urlsafe(12)


@dataclass
class ClockState:
    """The clock of the game in play: when each waited-for player's turn began (wall-clock seconds, so that it
    survives a restart), each seat's time bank left, and how many timeouts in a row each seat had."""

    turns: dict[int, float] = field(default_factory=dict)
    bank: dict[int, float] = field(default_factory=dict)
    streak: dict[int, int] = field(default_factory=dict)
    game_id: int | None = None

    def to_journal(self) -> dict[str, Any]:
        return {
            "turns": {str(k): v for k, v in self.turns.items()},
            "bank": {str(k): v for k, v in self.bank.items()},
            "streak": {str(k): v for k, v in self.streak.items()},
            "game_id": self.game_id,
        }

    @classmethod
    def from_journal(cls, data: dict[str, Any] | None) -> ClockState:
        data = data or {}

        def ints(name: str) -> dict[int, Any]:
            raw = data.get(name) or {}
            return {int(k): v for k, v in raw.items()} if isinstance(raw, dict) else {}

        return cls(ints("turns"), ints("bank"), ints("streak"), data.get("game_id"))


@dataclass
class House:
    """The house settings of one table (see the module's docstring)."""

    listed: bool = True
    """Shown among the lobby's open tables; unlisted, a table is entered only through its invite link."""
    invite: str = field(default_factory=new_invite)
    """The invite link's secret. Kept as it is (not hashed): every player at the table may pass the link on."""
    watch: bool = False
    """Anyone with the code may watch an unlisted table (else watching needs the invite link too)."""
    locked: bool = False
    """The host has locked the seats: nobody new sits down, nobody takes a seat."""
    muted: set[int] = field(default_factory=set)
    """Seats the host has muted for the whole table: their chat is refused."""
    clock: str = "off"
    bot_speed: str = "normal"
    rush: tuple[int | None, int] | None = None
    """The game (its journal id) and hand (``hand_no``) whose rest the bots play at once ("Finish the hand": every
    human is out of it)."""
    idle: set[int] = field(default_factory=set)
    """Seats marked away by the clock (timeouts in a row): a bot plays for them until they are back."""
    state: ClockState = field(default_factory=ClockState)
    notes: list[dict[str, Any]] = field(default_factory=list)
    """The clock's recent notes for the log (``{key, seat, at}``: after the ``at``-th event); not journalled."""
    scale: float = 1.0
    """The server's ``CLOCK_SCALE`` (every clock's seconds times it; short in tests); not journalled."""

    def limits(self) -> tuple[float, float]:
        """A move's seconds and a game's time bank at this table."""
        move, bank = CLOCKS.get(self.clock, (0.0, 0.0))
        return move * self.scale, bank * self.scale

    def admits(self, secret: str | None) -> bool:
        """Whether ``secret`` is this table's invite secret (compared in constant time)."""
        return secret is not None and hmac.compare_digest(secret.encode(), self.invite.encode())

    def to_journal(self) -> dict[str, Any]:
        return {
            "listed": self.listed,
            "invite": self.invite,
            "watch": self.watch,
            "locked": self.locked,
            "muted": sorted(self.muted),
            "clock": self.clock,
            "bot_speed": self.bot_speed,
            "idle": sorted(self.idle),
            "state": self.state.to_journal(),
        }

    @classmethod
    def from_journal(cls, data: dict[str, Any] | None) -> House:
        """The settings journalled for a table; a table journalled before they existed is listed, with no clock."""
        if not data:
            return cls()
        return cls(
            listed=bool(data.get("listed", True)),
            invite=str(data.get("invite") or new_invite()),
            watch=bool(data.get("watch", False)),
            locked=bool(data.get("locked", False)),
            muted={int(s) for s in data.get("muted", [])},
            clock=str(data["clock"]) if data.get("clock") in CLOCKS else "off",
            bot_speed=str(data["bot_speed"]) if data.get("bot_speed") in BOT_SPEEDS else "normal",
            idle={int(s) for s in data.get("idle", [])},
            state=ClockState.from_journal(data.get("state")),
        )

    def public(self, playing: bool, players: int, now: float | None = None) -> dict[str, Any]:
        """What every connection at the table is told of the settings (never the invite secret), and its clock."""
        return {
            "clock": self.clock_fields(players, now) if playing and self.clock != "off" else None,
            "notes": list(self.notes),
            "house": {
                "listed": self.listed,
                "watch": self.watch,
                "locked": self.locked,
                "muted": sorted(self.muted),
                "clock": self.clock,
                "bot_speed": self.bot_speed,
                "rush": self.rush is not None,
                "idle": sorted(self.idle),
            },
        }

    def clock_fields(self, players: int, now: float | None = None) -> dict[str, Any]:
        """The snapshot's ``clock``: the setting, a move's seconds, each seat's bank, and for each player the game
        waits for the seconds left (``left``: the move's own time, then ``bank``). Seconds, not times of day: a page
        counts down from when it received them, so a client's wrong clock changes nothing."""
        now = time.time() if now is None else now
        move, bank = self.limits()
        state = self.state
        turns = []
        for seat, began in sorted(state.turns.items()):
            used = max(0.0, now - began)
            banked = state.bank.get(seat, bank)
            turns.append(
                {
                    "seat": seat,
                    "left": round(max(0.0, move - used), 1),
                    "bank": round(max(0.0, banked - max(0.0, used - move)), 1),
                }
            )
        banks = [round(state.bank.get(s, bank), 1) for s in range(players)]
        return {"setting": self.clock, "move": move, "turns": turns, "banks": banks}


def journal_fixed(fixed: dict[str, Any] | None, house: House) -> dict[str, Any]:
    """The ``fixed`` record journalled for a table: its own (a deal, a lesson) with the house settings beside it."""
    return {**(fixed or {}), HOUSE_KEY: house.to_journal()}


def split_fixed(fixed: dict[str, Any] | None) -> tuple[dict[str, Any] | None, House]:
    """A journalled ``fixed`` record as the table's own record and its house settings."""
    if not fixed:
        return None, House()
    own = {k: v for k, v in fixed.items() if k != HOUSE_KEY}
    return own or None, House.from_journal(fixed.get(HOUSE_KEY))
