"""The action notation as a value: a verb and the words after it (like python-chess's ``Move``).

Actions travel as text (``legal_actions``, the protocol and the conformance cases are strings); a game parses
the text once into an :class:`Action` instead of splitting it by hand, and prints one back the same way.

>>> Action.parse("bid 8 S kaput")
Action(verb='bid', args=('8', 'S', 'kaput'))
>>> str(Action.parse("  PLAY   10H  "))
'play 10H'
>>> str(Action("power", ("dealer", "1")))
'power dealer 1'
>>> Action.parse("play 10H QS").cards()
[Card('10H'), Card('QS')]
>>> Action.parse("take").rest
''
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Action:
    """One action: its verb (lower case) and the words after it, as written."""

    verb: str
    args: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action ``text`` names (words split on any white space, the verb lower-cased); ``ValueError`` if
        it has no words.

        >>> Action.parse("   ")
        Traceback (most recent call last):
        ...
        ValueError: an action needs a verb
        """
        words = text.split()
        if not words:
            raise ValueError("an action needs a verb")
        return cls(words[0].lower(), tuple(words[1:]))

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @property
    def rest(self) -> str:
        """The words after the verb as one text (``""`` when there are none)."""
        return " ".join(self.args)

    def cards(self) -> list[Card]:
        """The words after the verb read as cards; ``ValueError`` naming the first that is not one."""
        return [Card.parse(a) for a in self.args]

    def map_args(self, spell: Callable[[str], str]) -> Action:
        """The same action with every word after the verb respelled (``str.upper`` for cards and suits).

        >>> str(Action.parse("Bid 8 s").map_args(str.upper))
        'bid 8 S'
        """
        return Action(self.verb, tuple(spell(a) for a in self.args))
