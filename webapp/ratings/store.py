"""The ratings in the journal's database: settling each finished game (replayed for its ranking, judged and rated
by :mod:`webapp.ratings.model`), the rebuild, and what the pages read (a player's ratings and games, standings,
head-to-head)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from typing import Any

from engine.outcome import Outcome
from engine.registry import replay
from webapp.figures import seat_figures
from webapp.journal import Journal
from webapp.journal.postgres import PostgresStore
from webapp.journal.sqlite import SqliteStore
from webapp.ratings.model import MODEL, SCALE, Judgement, figures, judge, rate, shown

log = logging.getLogger(__name__)

TONIGHT_HOURS = 6
""""Tonight" in the standings: the games finished in the last this many hours."""

MIN_GAMES = 3
"""Games a player needs in a game to be listed in its standings (``min`` changes it)."""

SETTLE_LOCK = 43043
"""The PostgreSQL advisory lock workers settle under, one at a time."""


class Ratings:
    """The ratings in the journal's database."""

    def __init__(self, journal: Journal):
        self.db: SqliteStore | PostgresStore = journal.store
        self.journal = journal

    # ---- settling ----------------------------------------------------------------------------
    def settle(self) -> int:
        """Rate every finished game not settled yet, oldest first; returns how many were settled. Workers sharing a
        PostgreSQL journal settle one at a time (each reads the ratings it then writes)."""
        with self.db.exclusive(SETTLE_LOCK):
            return self._settle_pending()

    def _settle_pending(self) -> int:
        rows = self.db.read(
            "SELECT g.id, g.code, g.record, g.result, g.finished, t.fixed FROM games g"
            " LEFT JOIN tables t ON t.code = g.code LEFT JOIN rated_games r ON r.game_id = g.id"
            " WHERE g.finished IS NOT NULL AND r.game_id IS NULL ORDER BY g.finished, g.id"
        )
        for row in rows:
            self._settle_one(row)
        return len(rows)

    def pending(self) -> bool:
        """Whether a finished game waits to be settled (one that ended just before a restart)."""
        return bool(
            self.db.read(
                "SELECT 1 FROM games g LEFT JOIN rated_games r ON r.game_id = g.id"
                " WHERE g.finished IS NOT NULL AND r.game_id IS NULL LIMIT 1"
            )
        )

    def _settle_one(self, row: Any) -> None:
        record = json.loads(row["record"])
        fixed = json.loads(row["fixed"]) if row["fixed"] else None
        movers = [
            (a["seat"], a["player"])
            for a in self.db.read("SELECT seat, player FROM actions WHERE game_id = ? ORDER BY n", (row["id"],))
        ]
        ranking, details = self._replayed(record, row["id"])
        again = record.get("deal") is not None or bool(fixed and fixed.get("retry"))  # "try again": a deal played again
        verdict = judge(record["players"], movers, bool(fixed and fixed.get("lesson")), again)
        game = record["game"]
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO rated_games (game_id, game, finished, counted, reason) VALUES (?, ?, ?, ?, ?)",
                (row["id"], game, row["finished"], int(verdict.counted and ranking is not None), verdict.reason),
            )
        ]
        if verdict.counted and ranking is not None:
            statements += self._updates(row, game, verdict, ranking, details)
        self.db.write(statements)

    def _replayed(self, record: dict[str, Any], game_id: int) -> tuple[Outcome | None, list[dict[str, int]]]:
        """The final ranking of a finished game and each seat's game-specific figures (:mod:`webapp.figures`), its
        record replayed (as trusted: its moves were checked when they were made); no ranking if it cannot be
        (logged)."""
        rows = self.db.read("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,))
        try:
            game = replay({**record, "actions": []})
            events = [event for row in rows for event in game.apply(row["seat"], row["action"], trusted=True)]
            return game.ranking(), seat_figures(record["game"], events, record["players"])
        except Exception:
            log.exception("game %s could not be replayed for its ranking", game_id)
            return None, []

    def _updates(
        self, row: Any, game: str, verdict: Judgement, ranking: Outcome, details: list[dict[str, int]]
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements that rate a counted game: each identity's rating and a line of its history a seat."""
        who = sorted({s for s in verdict.seats if s is not None})
        current = self.current(game, who)
        new = rate({k: (v["mu"], v["sigma"]) for k, v in current.items()}, verdict.seats, ranking)
        last_place = max(ranking.places)
        out: list[tuple[str, tuple[Any, ...]]] = []
        for identity, (mu, sigma) in sorted(new.items()):
            mine = [s for s, i in enumerate(verdict.seats) if i == identity]
            before = current.get(identity, {"games": 0, "wins": 0, "places": 0})
            out.append(
                (
                    "INSERT INTO ratings (player, game, mu, sigma, games, wins, places, last) VALUES (?, ?, ?, ?, ?, ?,"
                    " ?, ?) ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                    " games = excluded.games, wins = excluded.wins, places = excluded.places, last = excluded.last",
                    (
                        identity,
                        game,
                        mu,
                        sigma,
                        before["games"] + 1,
                        before["wins"] + int(any(ranking.places[s] == 1 for s in mine)),
                        before["places"] + min(ranking.places[s] for s in mine),
                        row["finished"],
                    ),
                )
            )
            for seat in mine:
                side = next(side for side in ranking.sides if seat in side)
                partners = [verdict.seats[s] or "" for s in side if s != seat]
                out.append(
                    (
                        "INSERT INTO rating_history (game_id, seat, player, game, place, last, score, partners,"
                        " detail, mu, sigma, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            row["id"],
                            seat,
                            identity,
                            game,
                            ranking.places[seat],
                            int(ranking.places[seat] == last_place and last_place > 1),
                            ranking.scores[seat] if ranking.scores is not None else None,
                            json.dumps(partners) if partners else None,
                            json.dumps(details[seat]) if details and details[seat] else None,
                            mu,
                            sigma,
                            row["finished"],
                        ),
                    )
                )
        return out

    def current(self, game: str, who: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The ratings rows of ``who`` in ``game``, by identity."""
        if not who:
            return {}
        marks = ", ".join("?" * len(who))
        rows = self.db.read(
            f"SELECT player, mu, sigma, games, wins, places FROM ratings WHERE game = ? AND player IN ({marks})",
            (game, *who),
        )
        return {r["player"]: dict(r) for r in rows}

    def rebuild(self) -> int:
        """Work every rating out again from the journal: the games settled so far in the order they were settled,
        then any not settled yet. Returns how many games were settled."""
        with self.db.exclusive(SETTLE_LOCK):
            order = [r["game_id"] for r in self.db.read("SELECT game_id FROM rated_games ORDER BY seq")]
            self.db.write(
                [("DELETE FROM ratings", ()), ("DELETE FROM rating_history", ()), ("DELETE FROM rated_games", ())]
            )
            for game_id in order:
                rows = self.db.read(
                    "SELECT g.id, g.code, g.record, g.result, g.finished, t.fixed FROM games g"
                    " LEFT JOIN tables t ON t.code = g.code WHERE g.id = ?",
                    (game_id,),
                )
                if rows:
                    self._settle_one(rows[0])
            return len(order) + self._settle_pending()

    # ---- reading -----------------------------------------------------------------------------
    def of_player(self, player: str) -> list[dict[str, Any]]:
        """A player's rating in every game he has one: ``[{game, rating, band, words, games, wins, average_place,
        near_bot, history: [[finished, rating], ...], figures}]``."""
        rows = self.db.read("SELECT * FROM ratings WHERE player = ? ORDER BY games DESC, game", (player,))
        out = []
        for row in rows:
            history = self.db.read(
                "SELECT finished, mu, place, last, score, partners, detail FROM rating_history"
                " WHERE player = ? AND game = ? ORDER BY finished, game_id",
                (player, row["game"]),
            )
            out.append(
                {
                    "game": row["game"],
                    **shown(row["mu"], row["sigma"], row["games"]),
                    "games": row["games"],
                    "wins": row["wins"],
                    "average_place": round(row["places"] / row["games"], 2),
                    "near_bot": self._near_bot(row["game"], row["mu"], player),
                    "history": [[h["finished"], round(h["mu"] * SCALE)] for h in history],
                    "figures": figures(row["game"], history),
                }
            )
        return out

    def _near_bot(self, game: str, mu: float, player: str) -> str | None:
        """The bot level whose rating in ``game`` is nearest to ``mu`` (within a tenth of a new player's), if any."""
        rows = self.db.read("SELECT player, mu FROM ratings WHERE game = ? AND player LIKE 'bot:%'", (game,))
        near = [(abs(r["mu"] - mu), r["player"]) for r in rows if r["player"] != player]
        best = min(near, default=None)
        return best[1].split(":", 1)[1] if best and best[0] * SCALE <= 150 else None

    def games_of(self, player: str, limit: int = 100) -> list[dict[str, Any]]:
        """A player's finished games, newest first: ``[{id, code, game, seat, names, finished, place, counted,
        reason}]`` (``place`` where the game counted for him)."""
        moved = self.db.read("SELECT DISTINCT game_id, seat FROM actions WHERE player = ?", (player,))
        sat = self.db.read(  # the games at the tables he sits at, a seat he never moved in (a stand-in played it) too
            "SELECT g.id AS game_id, s.seat FROM seats s JOIN games g ON g.code = s.code WHERE s.player = ?", (player,)
        )
        seat_of: dict[int, int] = {}
        for r in [*moved, *sat]:
            seat_of.setdefault(r["game_id"], r["seat"])
        ids = sorted(seat_of, reverse=True)[: limit * 2]
        out = []
        for game_id in ids:
            found = self.db.read(
                "SELECT g.id, g.code, g.names, g.finished, g.record, r.reason, h.place, h.player FROM games g"
                " LEFT JOIN rated_games r ON r.game_id = g.id"
                " LEFT JOIN rating_history h ON h.game_id = g.id AND h.seat = ?"
                " WHERE g.id = ? AND g.finished IS NOT NULL",
                (seat_of[game_id], game_id),
            )
            if not found:
                continue
            g = found[0]
            mine = g["player"] == player
            out.append(
                {
                    "id": g["id"],
                    "code": g["code"],
                    "game": json.loads(g["record"])["game"],
                    "seat": seat_of[game_id],
                    "names": json.loads(g["names"]),
                    "finished": g["finished"],
                    "place": g["place"] if mine else None,
                    "reason": (g["reason"] if g["reason"] != "counted" or mine else "stand_in") or "pending",
                }
            )
        out.sort(key=lambda g: -g["finished"])
        return out[:limit]

    def standings(self, game: str, min_games: int = MIN_GAMES, hours: float | None = None) -> list[dict[str, Any]]:
        """The standings of ``game``: every rated player (not hidden) and bot level with at least ``min_games``
        counted games, best rating first: ``[{player, rating, band, words, games, wins, average_place}]``; with
        ``hours``, only the games of the last so many hours count ("tonight": ``change`` is the rating won in them),
        ordered by wins, then average place."""
        hidden = {r["id"] for r in self.db.read("SELECT id FROM players WHERE hidden = 1 OR deleted = 1")}
        if hours is None:
            rows = self.db.read(
                "SELECT player, mu, sigma, games, wins, places FROM ratings WHERE game = ? AND games >= ?"
                " ORDER BY mu DESC, player",
                (game, min_games),
            )
            return [
                {
                    "player": r["player"],
                    **shown(r["mu"], r["sigma"], r["games"]),
                    "games": r["games"],
                    "wins": r["wins"],
                    "average_place": round(r["places"] / r["games"], 2),
                }
                for r in rows
                if r["player"] not in hidden
            ]
        since = time.time() - hours * 3600
        lines = self.db.read(
            "SELECT player, place, mu, game_id FROM rating_history WHERE game = ? AND finished >= ?"
            " ORDER BY finished, game_id",
            (game, since),
        )
        tally: dict[str, dict[str, Any]] = {}
        for line in lines:
            entry = tally.setdefault(line["player"], {"games": 0, "wins": 0, "places": 0, "first": line["game_id"]})
            entry["games"] += 1
            entry["wins"] += int(line["place"] == 1)
            entry["places"] += line["place"]
        who = [p for p, e in tally.items() if e["games"] >= min_games and p not in hidden]
        now = self.current(game, who)
        out = []
        for player in who:
            entry = tally[player]
            before = self.db.read(
                "SELECT mu FROM rating_history WHERE player = ? AND game = ? AND game_id < ? ORDER BY game_id DESC"
                " LIMIT 1",
                (player, game, entry["first"]),
            )
            start = before[0]["mu"] if before else MODEL.mu
            row = now[player]
            out.append(
                {
                    "player": player,
                    **shown(row["mu"], row["sigma"], row["games"]),
                    "games": entry["games"],
                    "wins": entry["wins"],
                    "average_place": round(entry["places"] / entry["games"], 2),
                    "change": round((row["mu"] - start) * SCALE),
                }
            )
        out.sort(key=lambda e: (-e["wins"], e["average_place"], -e["rating"], e["player"]))
        return out

    def head_to_head(self, game: str, a: str, b: str) -> dict[str, Any]:
        """Two players' counted games of ``game`` together: ``{games, a_ahead, b_ahead, level}``."""
        rows = self.db.read(
            "SELECT x.place AS pa, y.place AS pb FROM rating_history x JOIN rating_history y ON y.game_id = x.game_id"
            " WHERE x.game = ? AND x.player = ? AND y.player = ? AND x.seat <> y.seat",
            (game, a, b),
        )
        return {
            "games": len(rows),
            "a_ahead": sum(1 for r in rows if r["pa"] < r["pb"]),
            "b_ahead": sum(1 for r in rows if r["pb"] < r["pa"]),
            "level": sum(1 for r in rows if r["pa"] == r["pb"]),
        }

    def all_rows(self) -> dict[str, list[Any]]:
        """Every rating, history line and settled game, as plain data (the rebuild's test compares them)."""
        return {
            "ratings": [dict(r) for r in self.db.read("SELECT * FROM ratings ORDER BY player, game")],
            "history": [dict(r) for r in self.db.read("SELECT * FROM rating_history ORDER BY game_id, seat")],
            "games": [
                dict(r) for r in self.db.read("SELECT game_id, game, counted, reason FROM rated_games ORDER BY seq")
            ],
        }
