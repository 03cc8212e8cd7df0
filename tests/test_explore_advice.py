"""POST /api/explore/<game>/advice: the Hard bot's move for the explorer's position with the reader's hand.

The position is built by the game's own rules (``explore_position``): the bot is handed only the seat's view, a
hand the position cannot hold is refused with the reason in the reader's language, and the same question always
gets the same answer."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.cards import SUITS, make_deck
from engine.messages import msg
from engine.options import OptionError
from engine.positions import ExplorerPosition, Refusal
from engine.registry import get_game
from engine.trumps import explorer_needs
from tests.server_helpers import make_app, unregister_tiny
from webapp.ratelimit import WindowLimit
from webapp.rules import explorer
from webapp.thinking import think

ROOT = Path(__file__).resolve().parent.parent

POSITIONS: dict[str, dict[str, Any]] = {
    "ass": {
        "players": 4,
        "plays": [[0, "QS"], [1, "6S"]],
        "context": {"trumps": ["H", "C", "D", "S"]},
        "hand": ["JS", "QD", "9D", "AH"],
    },
    "bailiff": {"players": 3, "plays": [[0, "7S"], [1, "7H"]], "hand": ["8S", "9S", "10S", "JS", "QS", "AH"]},
    "bank": {
        "players": 3,
        "plays": [],
        "context": {"centre": "10S", "trumps": ["H", "C", "D"]},
        "hand": ["KS", "6S", "QS", "9H"],
    },
    "blot": {
        "players": 4,
        "plays": [[0, "10H"], [1, "7H"], [2, "KH"]],
        "context": {"trump": "S"},
        "hand": ["AH", "8H", "8D", "9D", "7C", "8C", "9C", "10C"],
    },
    "eidex": {
        "players": 3,
        "plays": [[1, "AH"]],
        "context": {"trump": "S"},
        "hand": ["6S", "7S", "8S", "9S", "JS", "QS", "KS", "7H", "6C", "7C", "10H"],
    },
}
"""A position of each game's explorer with a hand the seat to play may hold."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The app, its bots thinking in the caller; every job handed to the pool is kept (``app.jobs``); no limit on
    questions. The test game the app registers is taken out again after the module."""
    app = make_app(tmp_path_factory.mktemp("advice"))
    app.extensions["explore_advice"] = WindowLimit(1000, 60)  # every question of the module from one address
    app.jobs = []
    thinker = app.extensions["hall"].thinker

    def run(job: Any, owner: Any = None) -> Any:
        app.jobs.append(job)
        return think(job)

    thinker.run = run
    yield app
    app.extensions["hall"].shut()
    unregister_tiny()


def ask(app: Any, game: str, body: Any, lang: str = "en") -> tuple[int, dict[str, Any]]:
    response = app.test_client().post(f"/api/explore/{game}/advice?lang={lang}", json=body)
    return response.status_code, response.get_json()


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_bot_plays_a_legal_move_from_the_hand_given(app, game: str) -> None:
    status, data = ask(app, game, POSITIONS[game])
    assert status == 200, data
    position, seat, _ = explorer.advice_request(get_game(game), POSITIONS[game])
    assert data["seat"] == seat
    assert data["action"] in position.legal_actions(seat)
    played = [c["code"] for c in data["move"]["cards"]]
    assert played and set(played) <= set(POSITIONS[game]["hand"])
    assert data["reason"] and "{" not in data["reason"]


def test_a_clear_card_is_the_one_advised(app) -> None:
    """Blot, spades trump: the ten of hearts led, the king laid by the leader's partner; the last seat's ace of
    hearts takes the trick's 25 points, its eight would leave them to the other side."""
    status, data = ask(app, "blot", POSITIONS["blot"], lang="ru")
    assert status == 200
    assert data["action"] == "play AH"
    assert [c["text"] for c in data["move"]["cards"]] == ["Т♥"]
    assert data["reason"] == (
        "Т♥ берёт взятку и 25 очков в ней; в проверенных раскладах (96) ни одна другая карта не оказалась лучше."
    )


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_bot_sees_only_the_seats_view(app, game: str) -> None:
    """The job handed to the pool holds the seat's view and nothing the seat may not see: no card of another hand,
    of the stock or laid face down by another seat."""
    app.jobs.clear()
    assert ask(app, game, POSITIONS[game])[0] == 200
    (job,) = app.jobs
    position, seat, seed = explorer.advice_request(get_game(game), POSITIONS[game])
    assert job.kind == "hint" and job.seed == seed
    assert job.view == json.loads(json.dumps(position.view(seat)))
    assert job.view["seat"] == seat
    tokens = set(re.findall(r"[0-9AKQJ]{1,2}[CDHS]", json.dumps(job.view)))
    hidden = {str(c) for c in position.hidden_from(seat)}
    assert hidden, "the other hands are hidden"
    assert not tokens & hidden


def test_the_same_question_gets_the_same_answer(app) -> None:
    body = POSITIONS["eidex"]
    first, second = ask(app, "eidex", body), ask(app, "eidex", {**body, "hand": list(reversed(body["hand"]))})
    assert first == second


@pytest.mark.parametrize(
    ("game", "change", "en", "ru"),
    [
        ("blot", {"hand": ["AH", "8H", "8D", "9D", "7C", "8C", "9C"]}, "holds 8 cards: pick 8", "8 карт: выберите 8"),
        ("blot", {"hand": ["KH", "8H", "8D", "9D", "7C", "8C", "9C", "10C"]}, "K♥ is already on the table", "К♥ уже"),
        ("blot", {"hand": ["AH", "AH", "8D", "9D", "7C", "8C", "9C", "10C"]}, "A♥ is in the hand twice", "Т♥ в руке"),
        (
            "blot",
            {"hand": ["6H", "8H", "8D", "9D", "7C", "8C", "9C", "10C"]},
            "6♥ is not in this game's",
            "нет в колоде",
        ),
        ("blot", {"plays": [[0, "10H"], [1, "7H"], [2, "KH"], [3, "AH"]]}, "The trick is complete", "Взятка собрана"),
        ("bailiff", {"plays": [[0, "7S"], [1, "AS"]]}, "An ace has sent this pile away", "Туз отправил"),
        ("bank", {"context": {"trumps": ["H", "C", "D"]}}, "Choose the centre card first", "Сначала выберите карту"),
        ("eidex", {"options": {"advanced": True}}, "about the basic game", "только об основной игре"),
    ],
)
def test_a_hand_the_position_cannot_hold_is_refused_with_the_reason(app, game, change, en, ru) -> None:
    app.jobs.clear()
    body = {**POSITIONS[game], **change}
    status, data = ask(app, game, body)
    assert status == 400 and en in data["error"]
    status, data = ask(app, game, body, lang="ru")
    assert status == 400 and ru in data["error"]
    assert not app.jobs, "nothing is searched for a refused position"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ([], "send a JSON object"),
        ({"plays": [], "hand": "AH KH"}, "hand must be a list of cards"),
        ({"plays": [], "hand": ["AH"], "leader": "one"}, "leader must be a seat number"),
        ({"players": 9, "plays": [], "hand": []}, "played by 4 to 4 players"),
        ({"plays": [[0, "ZZ"]], "hand": []}, "ZZ"),
    ],
)
def test_a_bad_request_is_refused(app, body, error) -> None:
    status, data = ask(app, "blot", body)
    assert status == 400 and error in data["error"]
    assert ask(app, "chess", {"plays": [], "hand": []})[0] == 400


def test_every_game_offers_the_question_on_its_rules_page(app) -> None:
    for game in POSITIONS:
        page = app.test_client().get(f"/rules/{game}?lang=en").get_data(as_text=True)
        assert f'data-advice-endpoint="/api/explore/{game}/advice' in page
        assert "&#34;advice&#34;: true" in page


def random_question(game: str, rng: random.Random) -> tuple[Any, ...]:
    """A random explorer position of ``game`` (cards the explorer calls legal, laid by the seats it names) with a
    hand of the size the position asks for, drawn from the cards not laid."""
    decl = get_game(game)
    players = rng.randint(decl.min_players, decl.max_players)
    try:
        options = decl.validate_options({}, players)
    except OptionError:  # Ass seats five or six with an option only
        players = decl.default_players
        options = decl.validate_options({}, players)
    context: dict[str, Any] = {f["key"]: rng.choice(f["choices"]) for f in decl.explore_context if f["key"] in BASIC}
    if "trumps" in options:
        need = explorer_needs(options["trumps"], players)
        suits = rng.sample(SUITS, 4)
        context["trumps"] = [suits[i] if i < int(need["count"]) else "" for i in range(players)]
    leader = rng.randrange(players)
    plays: list[list[Any]] = []
    deck = [str(c) for c in make_deck(decl.deck_size)]
    for _ in range(rng.randrange(players)):
        after = decl.explore(options, players, plays, context)["next"]
        if plays and not after:
            break
        laid = {p[1] for p in plays} | {context.get("centre")}
        legal = [c for c in (after or {}).get("legal") or ([] if plays else deck) if c not in laid]
        if not legal:
            break
        plays.append([after["seat"] if plays else leader, rng.choice(legal)])
    free = [c for c in deck if c not in {p[1] for p in plays} | {context.get("centre")}]
    make = explorer.position_maker(decl)
    try:
        make(ExplorerPosition(options, players, plays, {**context, "leader": leader}, []), rng)
        size = 0
    except Refusal as exc:
        size = exc.reason.get("n", 0) if exc.reason["key"] == "explore.advice.size" else 0
    return make, options, players, plays, {**context, "leader": leader}, rng.sample(free, size)


BASIC = ("trump", "mode", "centre")
"""The context fields of the basic games (the character game's powers are refused)."""


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_a_random_position_is_built_or_refused_with_a_reason(game: str) -> None:
    """Whatever the explorer lays, the position is either a game where the seat to play holds exactly the hand
    given and has a move, or a refusal whose reason is in the catalogs."""
    rng = random.Random(f"advice:{game}")
    words = json.loads((ROOT / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    built = 0
    for _ in range(12):
        make, options, players, plays, context, hand = random_question(game, rng)
        try:
            position, seat = make(ExplorerPosition(options, players, plays, context, hand), random.Random(0))
        except Refusal as exc:
            assert exc.reason["key"] in words
            continue
        built += 1
        assert sorted(position.view(seat)["hand"]) == sorted(hand)
        assert position.legal_actions(seat)
    assert built >= 6


def test_a_client_asking_too_often_is_told_when_to_ask_again(tmp_path) -> None:
    app = make_app(tmp_path)
    app.extensions["hall"].thinker.run = lambda job, owner: {"action": job.legal[0], "reason": msg("hint.generic")}
    for _ in range(explorer.ADVICE_PER_MINUTE):
        assert ask(app, "bailiff", POSITIONS["bailiff"])[0] == 200
    status, data = ask(app, "bailiff", POSITIONS["bailiff"])
    assert status == 429 and "try again in" in data["error"]


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_the_explorer_says_how_many_cards_the_seat_to_play_holds(app, game: str) -> None:
    """The explorer's answer holds the size of the hand the bot is asked with ("Ask the bot" asks only then): the
    size of each game's position above, and a hand a card short is refused as the wrong size."""
    position = POSITIONS[game]
    answer = app.test_client().post(
        f"/api/explore/{game}?lang=en", json={k: v for k, v in position.items() if k != "hand"}
    )
    assert answer.get_json()["hand"] == len(position["hand"])
    status, reply = ask(app, game, {**position, "hand": position["hand"][:-1]})
    assert status == 400 and f"holds {len(position['hand'])} cards" in reply["error"], reply
