"""A finished game's replay, step by step (``GET /api/history/<id>``), worked out off the event loop and kept.

Each answer replays the whole game, so it is computed in the bots' worker pool (:meth:`webapp.thinking.Thinker.call`,
its turn among the other addresses' jobs) and kept in a small cache, since a finished game never changes: one
address's 117 allowed requests a minute, replayed in the server's own process, took another player's ack from 7 ms
to 1.26 s. A replay that is not in the cache also counts against ``REPLAYS_PER_MINUTE`` for the whole server.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from engine.registry import replay
from webapp.dealcodes import deal_code, deal_record
from webapp.redaction import redact

CACHED_REPLAYS = 64
"""Replay answers kept (the most recently asked for)."""


def replay_steps(record: dict[str, Any], seat: int | None, everyone: bool, start: int, count: int) -> dict[str, Any]:
    """Steps ``start``..``start + count`` of the finished game ``record`` as ``seat`` saw them (``everyone``: every
    hand open), every hand's first step and deal code, and the hands' deals (``deals``: ``[(code, deal)]``, for the
    journal). Pure: it runs in a worker process."""
    actions = record["actions"]
    game = replay({**record, "actions": []})
    steps: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    deals: list[tuple[str, dict[str, Any]]] = []
    for n in range(len(actions) + 1):
        made = game.apply(*actions[n - 1], trusted=True) if n else []
        hand_no = getattr(game, "hand_no", None)
        if not game.is_over and (not hands or hands[-1]["hand_no"] != hand_no):
            deal = deal_record(game)
            if deal is not None:
                deals.append((deal_code(deal), deal))
            entry = {"hand_no": hand_no, "step": n, "deal_code": deal_code(deal) if deal else None}
            if hands and hands[-1]["hand_no"] == 0:  # the choices before the first deal (Ass's, Bank's trumps)
                entry["step"] = hands.pop()["step"]  # are the first hand's opening
            hands.append(entry)
        if start <= n <= start + count:
            hidden = set() if everyone else game.hidden_from(seat)
            shown = {
                "step": n,
                "action": actions[n - 1] if n else None,
                "events": [redact(e, hidden) for e in made],
                "view": game.view(seat),
            }
            if everyone:
                shown["open"] = [game.view(s)["hand"] for s in range(record["players"])]
            steps.append(shown)
    return {"total": len(actions), "hands": hands, "steps": steps, "deals": deals}


class ReplayCache:
    """The last :data:`CACHED_REPLAYS` answers, by request (game, seat as asked, start, count)."""

    def __init__(self, size: int = CACHED_REPLAYS):
        self.size = size
        self._answers: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> dict[str, Any] | None:
        answer = self._answers.get(key)
        if answer is not None:
            self._answers.move_to_end(key)
        return answer

    def put(self, key: tuple[Any, ...], answer: dict[str, Any]) -> None:
        self._answers[key] = answer
        self._answers.move_to_end(key)
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)
