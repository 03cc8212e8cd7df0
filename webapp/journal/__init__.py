"""The journal: every table, seat and applied action in SQLite (WAL), or in PostgreSQL when a database URL is set
(several workers share it, docs/deploy.md), so a restarted server, or another worker, replays its tables.

Each action is written (and committed) before the move is acknowledged. Tokens are stored only as hashes.
Finished games stay in the journal as history. Both databases get the same schema from the same migrations; the
SQL is written once (``?`` parameters, ``ON CONFLICT``, ``RETURNING``) and only the column types differ
(:data:`~webapp.journal.schema.POSTGRES_TYPES`).

:mod:`~webapp.journal.journal` asks the queries (tables, seats, games, moves, the epochs that fence a table's
writes) of one of two stores, :mod:`~webapp.journal.sqlite` and :mod:`~webapp.journal.postgres`, which both bring
the schema up to date with :mod:`~webapp.journal.schema`'s migrations and run :mod:`~webapp.journal.statements`;
:mod:`~webapp.journal.errors` holds what goes wrong and what a player or an operator is told of it.
"""

from webapp.journal.errors import JournalError
from webapp.journal.journal import Journal

__all__ = ["Journal", "JournalError"]
