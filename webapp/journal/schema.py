"""The journal's schema and its migrations, the same for SQLite and PostgreSQL (only the column types differ)."""

from __future__ import annotations

from webapp.journal.errors import JournalError

SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
    host_seat INTEGER NOT NULL, fixed TEXT, created REAL NOT NULL, closed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, bot TEXT,
    token_hash TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, record TEXT NOT NULL, names TEXT NOT NULL,
    base_version INTEGER NOT NULL, started REAL NOT NULL, finished REAL, result TEXT);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (game_id, n));
CREATE TABLE IF NOT EXISTS deals (code TEXT PRIMARY KEY, record TEXT NOT NULL, created REAL NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_code ON games (code);
"""

REVIEWS = """
CREATE TABLE IF NOT EXISTS reviews (game_id INTEGER PRIMARY KEY, review TEXT NOT NULL, created REAL NOT NULL);
"""
"""The Hard bot's reviews of finished games (webapp/review.py), one row a game, its review as JSON."""

MIGRATIONS: tuple[str, ...] = (
    SCHEMA_1,
    "ALTER TABLE tables ADD COLUMN parked REAL;",
    "ALTER TABLE tables ADD COLUMN worker TEXT;",
    """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL, hidden INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0, recovery_hash TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS player_keys (key_hash TEXT PRIMARY KEY, player TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS player_links (link_hash TEXT PRIMARY KEY, player TEXT NOT NULL, expires REAL NOT NULL);
ALTER TABLE seats ADD COLUMN player TEXT;
ALTER TABLE actions ADD COLUMN player TEXT;
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player);
""",
    """
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, games INTEGER NOT NULL,
    wins INTEGER NOT NULL, places INTEGER NOT NULL, last REAL NOT NULL, PRIMARY KEY (player, game));
CREATE TABLE IF NOT EXISTS rated_games (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL UNIQUE, game TEXT NOT NULL, finished REAL NOT NULL,
    counted INTEGER NOT NULL, reason TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rating_history (
    game_id INTEGER NOT NULL, seat INTEGER NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, place INTEGER NOT NULL,
    last INTEGER NOT NULL, score REAL, partners TEXT, detail TEXT, mu REAL NOT NULL, sigma REAL NOT NULL,
    finished REAL NOT NULL,
    PRIMARY KEY (game_id, seat));
CREATE INDEX IF NOT EXISTS history_by_player ON rating_history (player, game, finished);
CREATE INDEX IF NOT EXISTS history_by_game ON rating_history (game, finished);
CREATE INDEX IF NOT EXISTS actions_by_player ON actions (player);
""",
    REVIEWS,
    """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY, director TEXT NOT NULL, spec TEXT NOT NULL, round INTEGER NOT NULL DEFAULT 0,
    paused INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0, teams TEXT, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS event_entrants (
    event TEXT NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL, n INTEGER NOT NULL,
    dropped INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (event, player));
CREATE TABLE IF NOT EXISTS event_tables (
    event TEXT NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL, code TEXT NOT NULL, game_id INTEGER,
    seats TEXT NOT NULL, result TEXT, PRIMARY KEY (event, round, board));
""",
    "ALTER TABLE tables ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;",
)
"""The journal's schema, one step per version (``PRAGMA user_version`` is how many were applied; PostgreSQL keeps
it in ``journal_version``): 1 the first tables (``IF NOT EXISTS``: journals written before the schema had a
version hold them already), 2 ``parked``, when a table nobody played at was put away (it is not rebuilt at start;
its players' tokens bring it back), 3 ``worker``, which worker holds the table (several workers: only its holder
may write its moves, :class:`TableMoved`), 4 players (:mod:`webapp.players`): a player, his browsers' keys and his
links for another device (hashes only), the player who sits in a seat and who made each move (``bot:<level>`` for
a bot's, ``""`` for a player the server does not know), 5 ratings (:mod:`webapp.ratings`), 6 ``reviews``, the
Hard bot's review of each finished game reviewed (:data:`REVIEWS`), 7 events
(:mod:`webapp.events.service`): an event, its entrants and each round's tables with their results, 8 ``epoch``, how
many times a worker took the table's lease (several workers: the fencing token every write of the table carries,
:meth:`Journal.claim`)."""

POSTGRES_TYPES: tuple[tuple[str, str], ...] = (
    ("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"),
    (" REAL", " DOUBLE PRECISION"),
)
"""SQLite's column types in the migrations and what PostgreSQL calls them (its ``REAL`` is 4 bytes: a time stamp
would lose its minutes)."""


def newer(where: str, version: int) -> JournalError:
    return JournalError(
        f"the journal {where} has schema version {version}, newer than this server's {len(MIGRATIONS)}:"
        " run the newer server, or start this one with another DATA_DIR (or DATABASE_URL)"
    )
