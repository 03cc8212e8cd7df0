"""Settling off the event loop: the :class:`Settler` has the bots' worker pool settle the finished games and answer
the pages' questions (a worker opens the journal itself, once per process), or does it in a background task when
there is no pool."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from webapp.journal import Journal
from webapp.ratings.store import Ratings

log = logging.getLogger(__name__)

RATINGS_OWNER = ("", "ratings")
"""Whom settling works for in the bots' pool (:class:`webapp.thinking.Owner`): the server itself, in its turn."""


class Settler:
    """Settles the finished games off the event loop, one run at a time: told that a game ended, it starts a
    background task that has the bots' worker pool settle every finished game not settled yet (in the caller when
    there is no pool), and runs again if more ended meanwhile. The pages' questions (standings, a player's page) are
    answered there too (:meth:`ask`)."""

    def __init__(
        self, ratings: Ratings, thinker: Any, start_task: Any, stopped: Callable[[], bool], path: str, url: str
    ):
        self.ratings, self.thinker, self.start_task, self.stopped = ratings, thinker, start_task, stopped
        self.path, self.url = path, url
        self._lock = threading.Lock()
        self._running = self._again = False

    def __call__(self, game_id: int | None = None) -> None:
        with self._lock:
            if self._running:
                self._again = True
                return
            self._running = True
        self.start_task(self._run)

    def _run(self) -> None:
        while not self.stopped():
            with self._lock:
                self._again = False
            try:
                if self._pooled():
                    self.thinker.call(settle_journal, (self.path, self.url), RATINGS_OWNER)
                else:
                    self.ratings.settle()
            except Exception:
                log.exception("the ratings could not be settled (the next finished game tries again)")
            with self._lock:
                if not self._again:
                    break
        with self._lock:
            self._running = False

    def _pooled(self) -> bool:
        """Whether the work goes to the bots' worker pool (there is one, and a journal a worker can open)."""
        return bool(self.thinker.workers > 0 and (self.url or self.path != ":memory:"))

    def ask(self, question: str, *args: Any) -> Any:
        """Answer one of :data:`QUESTIONS` (``standings``, ...) off the event loop, as settling is done."""
        if question not in QUESTIONS:
            raise ValueError(question)
        if self._pooled():
            return self.thinker.call(ask_journal, (self.path, self.url, question, args), RATINGS_OWNER)
        return getattr(self.ratings, question)(*args)


QUESTIONS = ("standings", "of_player", "games_of", "head_to_head")
"""What the pages ask of the ratings (:meth:`Settler.ask`)."""


def _journal(path: str, url: str) -> Journal:
    """This worker process's own connection to the journal (opened once)."""
    journal = _JOURNALS.get((path, url))
    if journal is None:
        journal = _JOURNALS[(path, url)] = Journal(path, url=url, connections=2)  # one holds the settling lock
    return journal


def settle_journal(path: str, url: str) -> int:
    """Settle the journal's finished games (run in a worker process of the bots' pool: it opens the journal
    itself, once per process)."""
    return Ratings(_journal(path, url)).settle()


def ask_journal(path: str, url: str, question: str, args: tuple[Any, ...]) -> Any:
    """Answer a question of :data:`QUESTIONS` in a worker process of the bots' pool."""
    if question not in QUESTIONS:
        raise ValueError(question)
    return getattr(Ratings(_journal(path, url)), question)(*args)


_JOURNALS: dict[tuple[str, str], Journal] = {}
