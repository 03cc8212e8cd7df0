"""What a viewer may see of a table's events: every card hidden from him written as :data:`HIDDEN_CARD` wherever an
event names it, sets of cards as bit masks (compared at every move), and the recent events each viewer of a table is
sent, worked out once per state of the game (:class:`RecentEvents`)."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from engine.cards import ALL_CARDS, Card
from engine.core import Game
from engine.views import Event
from webapp.i18n import HIDDEN_CARD

RECENT_EVENTS = 20


def redact(value: Any, hidden: AbstractSet[Card]) -> Any:
    """``value`` with every ``hidden`` card replaced by :data:`HIDDEN_CARD` wherever a card stands: a card value
    (``"QS"``) in an event key, a list or a message's ``card``/``cards`` value, so counts stay right. Every game
    speaks in messages, so no text is scanned.

    Events are public when they happen, but a card played then taken into a hand is hidden again; a snapshot's
    recent events must not show it.
    """
    if not hidden:
        return value
    return _scrub(value, {str(c) for c in hidden})


_CARD_BIT: dict[Card, int] = {c: 1 << i for i, c in enumerate(ALL_CARDS)}
"""Each card as one bit of a card mask (an int: a set of cards the server compares at every move)."""
_NAME_BIT: dict[str, int] = {str(c): b for c, b in _CARD_BIT.items()}
_BIT_NAME: dict[int, str] = {b: name for name, b in _NAME_BIT.items()}
_BIT_CARD: dict[int, Card] = {b: c for c, b in _CARD_BIT.items()}
_LONGEST_CARD_NAME = max(map(len, _NAME_BIT))


def _card_name(text: str) -> str:
    """``text`` as a card's name would be written (``"qs"`` -> ``"QS"``); empty for text too long to be one."""
    return text.upper() if len(text) <= _LONGEST_CARD_NAME else ""


def _bits(mask: int) -> Iterator[int]:
    """The cards of a card mask, one bit each."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def among(mask: int, cards: AbstractSet[Card]) -> int:
    """The cards of the card mask ``mask`` that are among ``cards``, as a card mask. Asked for each viewer at every
    move, so it walks the bits itself: through :func:`_bits` it took half as long again."""
    found = 0
    while mask:
        bit = mask & -mask
        if _BIT_CARD[bit] in cards:
            found |= bit
        mask ^= bit
    return found


def _last_deal(events: list[Event], since: int) -> int | None:
    """The index of the last ``deal`` event from ``since`` on, or ``None``."""
    for i in range(len(events) - 1, since - 1, -1):
        if events[i].get("event") == "deal":
            return i
    return None


def mentioned_mask(value: Any) -> int:
    """Every card a JSON-like value names as a card value (``"QS"``), as a card mask."""
    found = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found |= _NAME_BIT.get(_card_name(item), 0)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def mentioned_cards(value: Any) -> frozenset[Card]:
    """Every card a JSON-like value names as a card value (``"QS"``)."""
    return frozenset(_BIT_CARD[bit] for bit in _bits(mentioned_mask(value)))


def _scrub(value: Any, names: set[str]) -> Any:
    if isinstance(value, str):
        return HIDDEN_CARD if _card_name(value) in names else value
    if isinstance(value, list):
        return [_scrub(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _scrub(v, names) for k, v in value.items()}
    return value


@dataclass
class Recent:
    """A game's recent events at one version, as the viewers of a broadcast are given them
    (:meth:`RecentEvents.of`)."""

    game: Game
    version: int
    first: int
    """The index of the first recent event in the game's log."""
    named: int
    """The cards the recent events name (a card mask)."""
    exposed: int
    """Those of them a spectator may not see now: a seat may not see some of them, or none."""
    lists: dict[int, list[Event]] = field(default_factory=dict)
    """The recent events as a viewer sees them from whom these of the exposed cards are hidden, by their mask."""


class RecentEvents:
    """One table's recent events as each viewer may see them (:meth:`of`), and what it keeps to work them out once
    per state of the game."""

    def __init__(self, players: int):
        self.players = players
        self._mentions: list[int] = []
        """The cards each event of the game's log names (a card mask each), worked out once."""
        self._mentions_of: Game | None = None
        self._redacted: dict[tuple[int, int], Any] = {}
        self._recent: Recent | None = None
        """The recent events of the game's state now, as :meth:`of` found them (kept for the other viewers of the
        same broadcast)."""
        self._last: Recent | None = None
        """Those of the last state before it that any viewer was given, in the same game: the next lists are
        built from them."""

    def of(self, game: Game, you: int | None) -> list[Event]:
        """The last public events as ``you`` may see them now: an event of this hand naming a card hidden from
        ``you`` since (a pile taken into a hand) is redacted; the events of a hand before the last deal are shown
        as they were (its cards were gathered and dealt anew, so where they lie now is not in them). Worked out
        once per state of the game for all the viewers from whom the same of those cards are hidden, and from the
        lists of the last state: the events still recent are kept as they were (the same objects) but those naming
        a card hidden or shown again since, and the new ones are added. When a spectator may see every card the
        recent events name, so may everybody, and no seat's hidden cards are looked at."""
        recent = self._now(game)
        hidden = recent.exposed
        if hidden and you is not None:
            hidden = among(hidden, game.hidden_from(you))
        shown = recent.lists.get(hidden)
        if shown is None:
            shown = recent.lists[hidden] = self._list(recent, hidden)
        return shown

    def _now(self, game: Game) -> Recent:
        """The :class:`Recent` of ``game`` as it is now (made once per version; each event's cards worked out
        once)."""
        recent = self._recent
        if recent is not None and recent.game is game and recent.version == game.version:
            return recent
        if self._mentions_of is not game:
            self._mentions, self._mentions_of, self._last = [], game, None
            self._redacted.clear()
        events, mentions = game.events, self._mentions
        known = len(mentions)
        mentions.extend(mentioned_mask(e) for e in events[known:])
        dealt = _last_deal(events, known)
        if dealt:  # the hands before it were gathered and dealt anew: what their events name hides nothing now
            for i in range(max(0, dealt - RECENT_EVENTS), dealt):
                mentions[i] = 0
        first = max(0, len(events) - RECENT_EVENTS)
        named = 0
        for mask in mentions[first:]:
            named |= mask
        exposed = among(named, game.hidden_from(None)) if named else 0
        if len(self._redacted) > 4 * RECENT_EVENTS * (self.players + 1):
            self._redacted = {key: e for key, e in self._redacted.items() if key[0] >= first}
        if dealt:
            self._last = None
        elif recent is not None and recent.game is game and recent.lists:
            self._last = recent
        self._recent = Recent(game, game.version, first, named, exposed)
        return self._recent

    def _list(self, recent: Recent, hidden: int) -> list[Event]:
        """The recent events as a viewer from whom the ``hidden`` cards are hidden sees them, built from a list of
        the last state's (the one for the same cards if there is one)."""
        game, first = recent.game, recent.first
        events, mentions = game.events, self._mentions
        last = self._last
        start = first
        shown: list[Event] = []
        if last is not None and last.lists and last.first <= first:
            was = hidden if hidden in last.lists else next(iter(last.lists))
            start = max(first, last.first + len(last.lists[was]))
            shown = last.lists[was][first - last.first :]
            turned = (was & recent.named) ^ hidden
            if turned:
                for j, i in enumerate(range(first, start)):
                    if mentions[i] & turned:
                        shown[j] = self._seen(game, i, hidden)
        shown.extend(self._seen(game, i, hidden) for i in range(start, len(events)))
        return shown

    def _seen(self, game: Game, i: int, hidden: int) -> Any:
        """Event ``i`` of ``game`` as a viewer sees it from whom the cards of the mask ``hidden`` are hidden (the
        same object each time it is asked for alike)."""
        bad = self._mentions[i] & hidden
        if not bad:
            return game.events[i]
        key = (i, bad)
        if key not in self._redacted:
            self._redacted[key] = _scrub(game.events[i], {_BIT_NAME[bit] for bit in _bits(bad)})
        return self._redacted[key]
