"""The character interface: what a character's power may offer, and the hooks through which it changes the game.

A :class:`Character` is attached to one seat of one :class:`~engine.games.eidex.state.EidexGame` for the whole game
(``self.game``, ``self.seat``, ``self.info`` from the CHARACTERS table). Every method has a do-nothing default, so a
character overrides only what its power touches. All of them run inside the game: they are deterministic, draw
randomness only from ``self.game.rng`` and never do I/O.

**How the state runs a hand** (rulings §1.9; the names are the ``window`` argument and ``game.window.name``)::

    deal, trump  → window "before_discard"   (after the deal / before the discard: Trumphator, Räuber, Schwarzpeter,
                                              Radar, Jackpot, Wünschelrute)
    discard phase (on_discard_phase hooks; every seat that neither defers nor was served lays a card)
                 (on_discards_laid hooks once every card of the phase lies face down)
                 → window "after_discard"    (Teekränzchen, Umwerter, Fledderer, Guggitaler, Black Friday)
                 → window "first_lead"       (before trick 1 only, before its leader is fixed: Kompass's setting)
    per trick:   → window "before_trick"     (leader known in game.turn: Dealer, Gerechtigkeit, Farbenfreund;
                                              trick 1: Differenzler, Weisheit's showing)
                   the plays (turn_actions, free_actions, auto_play, on_play, adjust_legal)
                 → window "trick_complete"   (all cards laid, not yet scored: Jiu-Jitsu, Ultimo, Feministin,
                                              Skater's reaction, Fürsorge, Korrektor)
                   the trick is closed (close_trick hooks build the TrickOutcome; the ``trick`` event)
                 → window "trick_scored"     (not after the last trick: Quizmaster, Zombie)
    after the last trick → window "hand_end" (Computer, Weisheit's + or -) → scoring (adjust_hand_points, award)

A **blocking window** asks the characters one at a time in the booklet's conflict order (:func:`conflict_key`:
rank A down to 6; within a rank Eidex C, Raven S, Heart H, Star D). A character whose :meth:`window_actions` is empty
is skipped; otherwise its seat alone is in ``to_act`` with those actions plus ``decline`` (and its free actions).
Using one of the window's actions, or ``decline``, moves the window on to the next character; when none is left the
hand goes on. Lower characters are asked after higher ones, so they see (and may react to) what the higher ones did.

**Non-blocking powers** never hold the game up: :meth:`turn_actions` are added to the seat's ordinary actions on its
own turn; :meth:`free_actions` (any-time powers, Fahnder after his lead, Konsumentenschutz after another's card) put
the seat into ``to_act`` beside whoever must act, whenever they are non-empty and no window or prompt is open.

**Prompts** (:class:`Prompt`) are questions a power puts to other seats (Dealer's ``accept``/``refuse``,
``show``, ``give``, ``take``, Seher's late ``discard``): while one is open, only its ``seats`` act, with
:meth:`answers`; :meth:`answer` carries the answer out and must remove the seat from ``prompt.seats`` (the state drops
the prompt once its seats are empty) or close it with ``game.close_prompt``.

**What the game offers a character** (attributes and methods of ``self.game``, typed as the ``Protocol``
:class:`~engine.games.eidex.characters.game.CharacterGame`; read freely, change only through the methods or as a
hook's documented argument):

* ``hands[s]``, ``discards[s]`` (``None``: none now), ``trick`` (``[(seat, card)]`` in play order), ``trick_no``,
  ``trick_size`` (cards that complete the trick; Scharfmacher sets 6), ``turn`` (the seat to play), ``leader``,
  ``trick_id`` (a serial that changes whenever a trick is closed or replayed: keep it with per-trick decisions),
  ``dealer``, ``shown``, ``second_card`` (the second-to-last dealt card), ``contract`` (the hand's base
  :class:`~engine.games.eidex.tables.Contract`), ``rules`` (the contract in force after every character's
  adjustments: ``rules.strength[card.index]``, ``rules.points[card.index]``), ``limit``, ``bonus`` (the last-trick
  bonus in force), ``vp``, ``tricks[s]`` (tricks taken this hand), ``won[s]`` (cards taken), ``last_pile[s]`` (the
  cards a seat got from its most recent trick), ``taken[s]`` (card points taken), ``direction`` (+1 or -1),
  ``face_down`` (cards of the current trick laid face down), ``led_suit`` (the led suit, or ``None`` before the
  lead; a face-down lead sets the named suit), ``barred[s]`` (cards a seat may not play to this trick), ``secret``
  (card → seats that may see it, for face-down cards in public places), ``known[s]`` (cards revealed to seat s),
  ``window`` (the open :class:`Window` or ``None``), ``prompts``, ``cast`` (the characters by seat), ``rng``.
* ``winner_seat(adjust)`` (the seat whose card takes the trick now; ``adjust`` may change a copy of the strengths first,
  to ask "who would win if..."), ``next_seat(seat)`` (in the direction of play), ``opponents(seat)`` (in turn order from
  ``seat``), ``play_card(seat, card, face_down=False)`` (lay a card without a legality check; moves the turn on and
  completes the trick), ``take_back(seat)`` (the seat's last card leaves the trick for its hand; its turn again),
  ``replay_trick(leader)`` (every card of the trick back to its owner, the trick restarts; both return the events of
  the decisions on the trick that lapse, :meth:`Character.on_trick_changed`), ``put_face_down(seat, card,
  owner=None)`` (a card from the hand becomes the discard of ``owner``, by default the seat's own), ``move_to_hand(seat,
  card)`` (a card from a hand, a discard or a won pile into the seat's hand), ``set_direction(direction)`` (the
  direction of play, +1 or -1), ``fix_trump(card)`` (the card decides trump; returns the ``trump`` event),
  ``refresh_rules()`` (recompute ``rules``, ``limit`` and ``bonus`` after a change that a hook reads), ``reveal(cards,
  seats)`` (cards become known to those seats; ``None``: to all), ``name_aloud(card)`` (a card named in public, its
  place still unknown: events naming it are never redacted), ``open_prompt(prompt)``, ``close_prompt(prompt)``,
  ``power_event(character, **public_args)`` (the ``power`` event; never put a card in it that some seat may not see),
  ``card_text(card)`` (a card's text for public events, ``None`` while it is secret), ``is_active(character)`` (not
  cancelled by another, e.g. Guggitaler cancels Computer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.cards import SUITS, Card
from engine.messages import Message
from engine.views import Event

if TYPE_CHECKING:
    from engine.games.eidex.characters import CharacterInfo
    from engine.games.eidex.characters.game import CharacterGame

CONFLICT_SUITS: tuple[str, ...] = ("C", "S", "H", "D")
"""Within a rank the booklet lists Eidex, Raven, Heart, Star (§1.9); in FORMAT's letters C, S, H, D."""

WINDOWS: tuple[str, ...] = (
    "before_discard",
    "after_discard",
    "first_lead",
    "before_trick",
    "trick_complete",
    "trick_scored",
    "hand_end",
)
"""The blocking windows of a hand, in the order they come."""


def conflict_key(card: Card) -> tuple[int, int]:
    """Sort key of the conflict order: higher ranks first, then Eidex, Raven, Heart, Star."""
    return (-card.rank, CONFLICT_SUITS.index(SUITS[card.suit]))


@dataclass
class Window:
    """An open blocking window: its ``name`` (one of :data:`WINDOWS`), the seats still to be asked in conflict
    order, and the state's method that continues the hand once it is settled."""

    name: str
    queue: list[int]
    then: str


@dataclass
class Prompt:
    """A question a power puts to other seats: the ``owner`` seat (whose character answers for it), its
    ``kind`` (free text the owner chooses, e.g. ``"swap"``), the ``seats`` that must still answer (all at
    once) and whatever ``data`` the owner keeps for it (never shown in any view)."""

    owner: int
    kind: str
    seats: list[int]
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class TrickOutcome:
    """Where a complete trick goes, built by the state and adjusted by every active character's
    :meth:`Character.close_trick` in conflict order before it is applied.

    ``winner``: the seat whose card takes the trick and who leads next. ``taker``: the seat that counts as taking
    it (a trick for Match and Differenzler); ``None`` when nobody does. ``shares``: the cards each seat puts on its
    won pile (a character that keeps cards elsewhere, like the Jackpot, removes them here and holds them in its own
    zone). ``bonus_to``: who gets the last-trick bonus (``None``: nobody); ``last``: the hand's last trick.
    ``notes``: sentences (messages) added to the trick's verdict."""

    plays: list[tuple[int, Card]]
    winner: int
    taker: int | None
    shares: dict[int, list[Card]]
    bonus_to: int | None
    last: bool
    notes: list[Message] = field(default_factory=list)


class Character:
    """One seat's character. The defaults do nothing: a character without an implementation has no power.

    ``uses`` per hand comes from the table (``None``: no limit); ``used`` counts this hand's uses (reset by
    :meth:`new_hand`); :meth:`use` counts one and :meth:`left` says whether one remains."""

    FLEETING = False
    """Whether its free actions are open only until the next move (``Game.fleeting``)."""

    def __init__(self, game: CharacterGame, seat: int, info: CharacterInfo):
        self.game = game
        self.seat = seat
        self.info = info
        self.used = 0

    @property
    def id(self) -> str:
        """The name in ``power NAME``."""
        return self.info.id

    @property
    def card(self) -> Card:
        """The character's card."""
        return Card.parse(self.info.card)

    def power(self, *args: object) -> str:
        """The text of one of this character's actions: ``power(1)`` → ``"power dealer 1"``."""
        return " ".join(["power", self.id, *map(str, args)])

    def left(self) -> bool:
        """Whether a use remains this hand."""
        return self.info.uses is None or self.used < self.info.uses

    def use(self) -> None:
        """Count one use of the power."""
        self.used += 1

    # ---- the hand's life ---------------------------------------------------------------------------------------
    def new_hand(self) -> None:
        """A hand is dealt (before its ``before_discard`` window): reset what lasts one hand. Call super()."""
        self.used = 0

    # ---- actions -----------------------------------------------------------------------------------------------
    def window_actions(self, window: str) -> list[str]:
        """The power actions this character may take in the open blocking ``window`` (``[]``: none; the window
        then passes it by). The state adds ``decline``."""
        return []

    def turn_actions(self) -> list[str]:
        """Power actions offered beside the seat's ordinary ``play`` actions on its own turn (Excuse, Sphinx,
        Scharfmacher, Schüchterne when leading)."""
        return []

    def free_actions(self) -> list[str]:
        """Power actions open now that need not wait for the seat's turn (Voyeur, Skater, Taschenspieler, Kompass's
        reversals, Fahnder after his lead, Konsumentenschutz after another seat's card). While non-empty, and no
        window or prompt is open, the seat is in ``to_act``. They never block: the others act meanwhile."""
        return []

    def perform(self, args: list[str]) -> list[Event]:
        """Carry out ``power <id> *args`` (already checked to be one of the offered actions); return its events
        (use ``game.power_event``) and count the use."""
        return []

    def answers(self, prompt: Prompt, seat: int) -> list[str]:
        """The answers ``seat`` may give to this character's open ``prompt``."""
        return []

    def answer(self, prompt: Prompt, seat: int, action: str) -> list[Event]:
        """Carry out ``seat``'s (legal) answer to ``prompt``; remove the seat from ``prompt.seats``."""
        return []

    def refuse_reason(self, seat: int, action: str) -> Message | None:
        """Why this character's rule forbids ``seat``'s normalised ``action`` now (a card its
        :meth:`adjust_legal` removed, a power not open now), as a message, or ``None`` when it has nothing to say."""
        return None

    # ---- rules in force ------------------------------------------------------------------------------------------
    def adjust_strength(self, strength: list[int]) -> None:
        """Change the hand's trick strength by card index, in place (Skater, Umwerter). Trumps are above 100,
        plain cards 1..99; a higher number wins. Called by ``refresh_rules`` in conflict order."""

    def adjust_points(self, points: list[int]) -> None:
        """Change the hand's card points by card index, in place (Black Friday, Guggitaler)."""

    def adjust_limit(self, limit: int) -> int:
        """The hand's limit given the limit so far (Radarkontrolle, Guggitaler)."""
        return limit

    def adjust_bonus(self, bonus: int) -> int:
        """The last-trick bonus given the bonus so far (Guggitaler: 0)."""
        return bonus

    def adjust_trick(self, strength: list[int]) -> None:
        """Change the trick strength for the current trick only, in place (Jiu-Jitsu, Feministin's refusal).
        A card set below 0 can never win."""

    def adjust_legal(self, seat: int, cards: list[Card]) -> list[Card]:
        """The cards ``seat`` may play now, given those allowed so far (Skater's strict following, Farbenfreund's
        wish, Fahnder's demand, Konsumentenschutz's rejected card). Return a non-empty list."""
        return cards

    def may_discard(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may lay ``card`` face down (Schwarzpeter, Guggitaler, Jackpot forbid some)."""
        return True

    def cancels(self) -> set[str]:
        """Ids of the characters this one cancels now (Guggitaler: Schwarzpeter, Computer, Radarkontrolle)."""
        return set()

    # ---- the flow --------------------------------------------------------------------------------------------
    def defers_discard(self, seat: int) -> bool:
        """True when ``seat`` does not lay its card face down in the discard phase (Seher: later, by a prompt)."""
        return False

    def on_discard_phase(self) -> list[Event]:
        """The discard phase opens (Laser lays the others' cards with ``game.put_face_down``)."""
        return []

    def on_discards_laid(self) -> list[Event]:
        """Every card of the discard phase lies face down, before the after-discard window (the Jackpot takes his)."""
        return []

    def auto_play(self, seat: int) -> Card | None:
        """A card ``seat`` must play now without choosing (Laser's blind draw of the first lead), else ``None``."""
        return None

    def holds_play(self, seat: int) -> bool:
        """Whether this character's automatic play of ``seat``'s card waits for a power of ``seat``'s that comes
        first in the conflict order (Laser's blind first lead behind Schüchterne and Scharfmacher, §1.9.2 #6): the
        seat's cards are then not offered, ``decline`` is (let the automatic play go on)."""
        return False

    def waive(self, seat: int) -> list[Event]:
        """``seat`` declines the power it was offered before this character's automatic play (see
        :meth:`holds_play`); the events."""
        return []

    def on_play(self, seat: int, card: Card) -> list[Event]:
        """``seat`` laid ``card`` on the trick (the trick may now be complete)."""
        return []

    def close_trick(self, outcome: TrickOutcome) -> None:
        """Adjust where the complete trick goes (Ultimo, Gerechtigkeit, Fürsorge, Jackpot), in place."""

    def after_trick(self, outcome: TrickOutcome) -> None:
        """The trick has been applied as ``outcome`` says (every character sees the final outcome)."""

    def on_trick_changed(self) -> list[Event]:
        """The current trick's cards change after it was complete or a card of it was laid (Korrektor's replay,
        Konsumentenschutz's rejection): a decision this character took on that trick lapses and its use is given
        back (§1.9.2 #4, #8). Returns the ``lapse`` events (``game.lapse_event``)."""
        return []

    def adjust_hand_points(self, points: list[int]) -> None:
        """Change the seats' card points for the hand's victory points, in place (Computer, Weisheit)."""

    def award(self, points: list[int], case: str, awards: list[int]) -> tuple[str, list[int], Message] | None:
        """Replace the hand's victory points (never for a Match): ``(case, awards, verdict)`` (the verdict a message,
        no full stop), or ``None`` to leave
        them (Schwarzpeter, Differenzler). The first active character in conflict order that answers decides."""
        return None

    # ---- what can be seen ----------------------------------------------------------------------------------
    def zones(self) -> dict[str, list[Card]]:
        """Cards this character keeps outside hands, discards, trick and won piles (the Jackpot)."""
        return {}

    def hidden(self, seat: int | None) -> set[Card]:
        """Cards of this character's zones or knowledge that ``seat`` may not see."""
        return set()

    def public(self) -> dict[str, Any]:
        """What every seat sees of this character's state (``view.extra.characters[seat]``)."""
        return {}

    def private(self, seat: int | None) -> dict[str, Any]:
        """What only ``seat`` sees of it (``view.extra.private``), e.g. cards revealed to it."""
        return {}
