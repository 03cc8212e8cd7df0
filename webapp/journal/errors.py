"""What goes wrong with the journal: it cannot be used (:class:`JournalError`), another worker holds the table
(:class:`TableMoved`), a row cannot be read (:class:`DamagedRow`), and what a player or an operator is told of it."""

from __future__ import annotations

import sqlite3

from engine.messages import Message, msg


class JournalError(Exception):
    """The journal cannot be used: what happened, where, and what to do, in one line."""


class TableMoved(Exception):
    """Another worker holds the table now (it rebuilt it from the shared journal): this one may not write to it."""


def database_errors() -> tuple[type[Exception], ...]:
    """The exceptions a journal write may raise: SQLite's, and PostgreSQL's when psycopg is installed."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.Error,)
    return (sqlite3.Error, psycopg.Error)


def refusal(exc: Exception, move: bool = False) -> Message:
    """What a player is told when the journal could not save a change (``move``: his move): nothing changed, and why
    if it is known (``server.journal.full``, ``.readonly``, ``.failed``; a ``.move`` variant names the move)."""
    text = str(exc).lower()
    if "full" in text or "no space left" in text:
        key = "server.journal.full"
    elif "readonly" in text or "read-only" in text:
        key = "server.journal.readonly"
    else:
        key = "server.journal.failed"
    return msg(f"{key}.move" if move else key)


class DamagedRow(ValueError):
    """A row of the journal cannot be read (invalid JSON in ``tables.options``, ``games.record``, ...): it costs
    only its table or game, never the server's start."""


def journal_refused(reason: Message) -> bool:
    """Whether a refusal is :func:`refusal`'s: the journal could not save a change (it may later)."""
    return isinstance(reason, dict) and str(reason.get("key", "")).startswith("server.journal.")


def trouble(exc: Exception) -> str:
    """What a failed journal operation means and what to do, in words for whoever runs the server."""
    text = str(exc).lower()
    if "readonly" in text or "read-only" in text:
        return "it is read-only: make the journal and its folder writable for this user, or use another --data-dir"
    if "full" in text or "no space left" in text:
        return "the disk is full: free some space on it"
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return f"it is damaged ({exc}): move it away to start with no tables, or put back a copy of the journal"
    return f"{exc}: check the journal file and its folder"
