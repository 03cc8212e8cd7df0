"""The SQL both stores run: one statement with its parameters, and what a write of several gives back."""

from __future__ import annotations

from typing import Any

from webapp.journal.errors import TableMoved

Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement and its parameters, written in a transaction with others (:meth:`Journal._write`)."""


def first_row(cursor: Any, sql: str, must_change: bool) -> int | None:
    """The value a statement's ``RETURNING`` gave (``None`` without one); :class:`TableMoved` if ``must_change`` and
    the statement changed no row (the transaction is then undone)."""
    if "RETURNING" in sql:
        row = cursor.fetchone()
        value = None if row is None else next(iter(row.values())) if isinstance(row, dict) else row[0]
        changed = row is not None
    else:
        value, changed = None, cursor.rowcount > 0
    if must_change and not changed:
        raise TableMoved()
    return value
