"""Players without a password: a name and a secret key kept in the browser, as the seat tokens are.

The first visit makes a player (:meth:`Players.create`). The server keeps only the hashes of his keys (one per
browser), of his recovery code and of his short-lived links for another device; his id is public (profile pages,
standings), his key never leaves his browsers. Every seat he sits in remembers him (``seats.player``), so his
tables under way follow him to another device, and every move he makes names him (``actions.player``), so his
ratings can be worked out again from the journal (:mod:`webapp.ratings`). Changing his name keeps his history;
deleting him erases his name, keys and codes, and his finished games name that seat "a former player".
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from webapp.journal import Journal
from webapp.tokens import CODE_ALPHABET, hash_token, new_token

ID_LENGTH = 8
"""Letters of a player's public id (40 bits: ids are not secrets, only not to be counted through)."""

LINK_LENGTH = 8
"""Letters of a link for another device: read off a phone's screen or scanned; valid :data:`LINK_SECONDS`, once."""

LINK_SECONDS = 300
"""How long a link for another device works (five minutes)."""

RECOVERY_GROUPS = 4
"""Groups of four letters in a recovery code (80 bits), to be written down: it brings the player back on any
browser, at any time, until he asks for a new one."""

ADD_KEY = "INSERT INTO player_keys (key_hash, player, created) VALUES (?, ?, ?)"

FORMER = ""
"""What a deleted player's seats are named in the finished games' history: no name (the pages say "a former
player")."""


@dataclass(frozen=True)
class Player:
    """A player as the server knows him."""

    id: str
    name: str
    hidden: bool
    """He asked not to be shown in the standings."""


def _code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def new_recovery() -> str:
    """A recovery code such as ``K7QM-3XPA-9RTE-WB2C``."""
    return "-".join(_code(4) for _ in range(RECOVERY_GROUPS))


def normal_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes anywhere) in the form it is hashed in."""
    return "".join(ch for ch in text.upper() if ch in CODE_ALPHABET)


class Players:
    """The players of the journal's database."""

    def __init__(self, journal: Journal):
        self.db = journal.store

    def create(self, name: str) -> dict[str, Any]:
        """A new player named ``name``: ``{id, name, key, recovery}`` (the key and the code are shown only now)."""
        key, recovery, now = new_token(), new_recovery(), time.time()
        player = _code(ID_LENGTH)
        while self.db.read("SELECT 1 FROM players WHERE id = ?", (player,)):
            player = _code(ID_LENGTH)
        self.db.write(
            [
                (
                    "INSERT INTO players (id, name, created, recovery_hash) VALUES (?, ?, ?, ?)",
                    (player, name, now, hash_token(normal_code(recovery))),
                ),
                (ADD_KEY, (hash_token(key), player, now)),
            ]
        )
        return {"id": player, "name": name, "key": key, "recovery": recovery}

    def identify(self, key: str) -> str | None:
        """The id of the player whose browser holds ``key``, else ``None``."""
        rows = self.db.read(
            "SELECT p.id FROM player_keys k JOIN players p ON p.id = k.player WHERE k.key_hash = ? AND p.deleted = 0",
            (hash_token(key),),
        )
        return rows[0]["id"] if rows else None

    def get(self, player: str) -> Player | None:
        """The player ``player`` (``None``: none, or deleted)."""
        rows = self.db.read("SELECT id, name, hidden FROM players WHERE id = ? AND deleted = 0", (player,))
        return Player(rows[0]["id"], rows[0]["name"], bool(rows[0]["hidden"])) if rows else None

    def names(self, ids: list[str]) -> dict[str, str]:
        """The names of the players among ``ids`` that still exist, by id."""
        wanted = sorted({i for i in ids if i and not i.startswith("bot:")})
        out: dict[str, str] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            rows = self.db.read(f"SELECT id, name FROM players WHERE deleted = 0 AND id IN ({marks})", tuple(chunk))
            out.update({row["id"]: row["name"] for row in rows})
        return out

    def rename(self, player: str, name: str) -> None:
        """His new name; his history stays his (it is kept under his id)."""
        self.db.write([("UPDATE players SET name = ? WHERE id = ? AND deleted = 0", (name, player))])

    def hide(self, player: str, hidden: bool) -> None:
        """Show him in the standings, or not (his profile stays at its address)."""
        self.db.write([("UPDATE players SET hidden = ? WHERE id = ?", (int(hidden), player))])

    def link(self, player: str, now: float | None = None) -> dict[str, Any]:
        """A link code for another device: ``{code, expires}`` (a time stamp, :data:`LINK_SECONDS` from now)."""
        now = time.time() if now is None else now
        code = _code(LINK_LENGTH)
        self.db.write(
            [
                ("DELETE FROM player_links WHERE expires < ?", (now,)),
                (
                    "INSERT INTO player_links (link_hash, player, expires) VALUES (?, ?, ?)",
                    (hash_token(code), player, now + LINK_SECONDS),
                ),
            ]
        )
        return {"code": code, "expires": now + LINK_SECONDS}

    def redeem(self, code: str, now: float | None = None) -> dict[str, Any] | None:
        """Another browser becomes the player of the link ``code`` (once, while it is valid): ``{id, name, key}``
        with a new key for that browser, or ``None``."""
        now = time.time() if now is None else now
        wanted = hash_token(normal_code(code))
        rows = self.db.read("SELECT player FROM player_links WHERE link_hash = ? AND expires >= ?", (wanted, now))
        if not rows or not self.db.count("DELETE FROM player_links WHERE link_hash = ?", (wanted,)):
            return None
        return self._new_key(rows[0]["player"])

    def recover(self, code: str) -> dict[str, Any] | None:
        """A browser becomes the player of the recovery code ``code``: ``{id, name, key}``, or ``None``."""
        rows = self.db.read(
            "SELECT id FROM players WHERE recovery_hash = ? AND deleted = 0", (hash_token(normal_code(code)),)
        )
        return self._new_key(rows[0]["id"]) if rows else None

    def new_recovery(self, player: str) -> str:
        """A new recovery code for ``player`` (the old one stops working)."""
        recovery = new_recovery()
        hashed = hash_token(normal_code(recovery))
        self.db.write([("UPDATE players SET recovery_hash = ? WHERE id = ?", (hashed, player))])
        return recovery

    def _new_key(self, player: str) -> dict[str, Any] | None:
        found = self.get(player)
        if found is None:
            return None
        key = new_token()
        self.db.write([(ADD_KEY, (hash_token(key), player, time.time()))])
        return {"id": found.id, "name": found.name, "key": key}

    def delete(self, player: str) -> None:
        """Delete him: his name, keys, links and recovery code go; his seats in finished games are renamed
        :data:`FORMER`, his seats at open tables forget him. The games and everybody else's ratings stay."""
        games = self.db.read("SELECT DISTINCT game_id, seat FROM actions WHERE player = ?", (player,))
        seats: dict[int, set[int]] = {}
        for row in games:
            seats.setdefault(row["game_id"], set()).add(row["seat"])
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "UPDATE players SET name = ?, deleted = 1, hidden = 1, recovery_hash = NULL WHERE id = ?",
                (FORMER, player),
            ),
            ("DELETE FROM player_keys WHERE player = ?", (player,)),
            ("DELETE FROM player_links WHERE player = ?", (player,)),
            ("UPDATE seats SET player = NULL WHERE player = ?", (player,)),
        ]
        for game_id, mine in seats.items():
            rows = self.db.read("SELECT names FROM games WHERE id = ?", (game_id,))
            if rows:
                names = json.loads(rows[0]["names"])
                names = [FORMER if i in mine else n for i, n in enumerate(names)]
                statements.append(("UPDATE games SET names = ? WHERE id = ?", (json.dumps(names), game_id)))
        self.db.write(statements)

    def tables(self, player: str) -> list[dict[str, Any]]:
        """His tables under way (waiting to start or with a game in progress, put away ones too), newest first:
        ``[{code, game, seat, state}]``."""
        rows = self.db.read(
            "SELECT s.code, s.seat, t.game, t.created, g.id, g.finished FROM seats s JOIN tables t ON t.code = s.code"
            " LEFT JOIN games g ON g.id = (SELECT MAX(id) FROM games WHERE code = t.code)"
            " WHERE s.player = ? AND s.kind = 'human' AND t.closed = 0 ORDER BY t.created DESC",
            (player,),
        )
        return [
            {"code": r["code"], "game": r["game"], "seat": r["seat"], "state": "playing" if r["id"] else "waiting"}
            for r in rows
            if r["id"] is None or r["finished"] is None
        ]
