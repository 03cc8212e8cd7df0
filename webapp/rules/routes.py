"""The rules reference's routes: ``/rules``, ``/rules/<game>``, the explorer endpoint ``POST /api/explore/<game>``
and its "what would the bot play?" ``POST /api/explore/<game>/advice`` (the blueprint ``bp``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, render_template, request

from engine.core import IllegalAction
from engine.messages import msg
from engine.options import OptionError
from engine.positions import Refusal
from engine.registry import all_games, get_game
from webapp.event_text import event_text
from webapp.i18n import LANGUAGES, Renderer, lang_links, page_lang
from webapp.lengths import short_game
from webapp.ratelimit import over_limit
from webapp.rules.document import cell, foreign_filter, rules_document, rulings_view, section_marks
from webapp.rules.explorer import (
    ADVICE_PER_MINUTE,
    advice_request,
    explore_request,
    hard_advice,
    position_maker,
    trump_needs,
)
from webapp.rules.levels import bots_view
from webapp.rules.options import choice_key, given_options, option_rows, player_count, value_text
from webapp.rules.pictures import Pictures, action_view, card_filter, examples_view, guide_view, said, table_pictures
from webapp.rules.words import GameTexts, Messages, short_game_words

bp = Blueprint("rules", __name__)
bp.add_app_template_filter(foreign_filter, "foreign")
bp.add_app_template_filter(card_filter, "card")


def page_context(lang: str) -> dict[str, Any]:
    """What every rules page needs: the language, its links and the message lookup."""
    return {
        "lang": lang,
        "lang_links": lang_links(),
        "languages": LANGUAGES,
        "t": Messages(lang),
        "words": GameTexts(lang),
        "value_text": value_text,
        "event_text": event_text,
        "said": said,
    }


@bp.get("/rules")
def index() -> str:
    """The index of every registered game, each with its goal in the page's language (else its summary)."""
    lang = page_lang()
    games = [
        {
            "decl": decl,
            "goal": rules_document(decl, decl.validate_options({}), lang).get("goal") or GameTexts(lang).summary(decl),
        }
        for decl in all_games()
    ]
    return render_template("rules_index.html", games=games, **page_context(lang))


@bp.get("/rules/<game>")
def game_page(game: str) -> tuple[str, int]:
    """One game's rules, as a table with ``?options=<json>`` (or the form's fields) plays them."""
    try:
        decl = get_game(game)
    except KeyError:
        abort(404)
    lang = page_lang()
    error = None
    try:
        players = player_count(decl, request.args.get("players"))
        options = decl.validate_options(given_options(decl, request.args), players)
    except OptionError as exc:
        error = Renderer(lang, game=decl.id).render(exc.reason)
        players = decl.default_players
        options = decl.validate_options({}, players)
    words = GameTexts(lang)
    doc = rules_document(decl, options, lang)
    table_pictures(decl, doc, lang)
    guide = guide_view(decl, lang)
    shown = doc.get("sections", [])
    context = {
        "decl": decl,
        "doc": doc,
        "guide": guide,
        "sections": [s for s in shown if s.get("id") not in guide["sources"]],
        "source_sections": [s for s in shown if s.get("id") in guide["sources"]],
        "rulings": rulings_view(shown, lang),
        "section_marks": section_marks,
        "players": players,
        "options": options,
        "option_rows": option_rows(decl, options),
        "short_game": short_game(decl.id),
        "short_game_words": short_game_words(decl, words),
        "custom": any(options[o.name] != o.default for o in decl.options) or players != decl.default_players,
        "error": error,
        "cell": cell,
        "examples": examples_view(decl, lang),
        "bots": bots_view(decl, lang),
        "js_messages": Messages(lang).for_script(),
        "explorer": {
            "game": decl.id,
            "players": players,
            "options": options,
            "schema": [o.to_json() for o in decl.options],
            "minPlayers": decl.min_players,
            "maxPlayers": decl.max_players,
            "deckSize": decl.deck_size,
            "context": list(decl.explore_context),
            "trumpNeeds": trump_needs(decl),
            "advice": position_maker(decl) is not None,
            "labels": {o.name: words.label(decl, o) for o in decl.options if words.known(decl, o)},
            "choices": {
                o.name: {choice_key(c): words.value(decl, o, c) for c in o.choices}
                for o in decl.options
                if words.known(decl, o) and o.type == "choice"
            },
        },
    }
    return render_template("rules_game.html", **context, **page_context(lang)), 400 if error else 200


@bp.post("/api/explore/<game>")
def explore(game: str) -> Any:
    """The explorer: which cards are legal, which beat, who takes, and why — answered by ``DECL.explore``.

    Bad input (unknown game, bad options, bad cards) is refused with 400 and ``{"error": reason}``."""
    try:
        decl = get_game(game)
    except KeyError as exc:
        return jsonify({"error": str(exc.args[0])}), 400
    words = Renderer(page_lang(), game=decl.id)
    try:
        return jsonify(words.render_within(explore_request(decl, request.get_json(silent=True))))
    except (IllegalAction, OptionError, Refusal) as exc:
        return jsonify({"error": words.render(exc.reason)}), 400
    except ValueError as exc:  # BadRequest and Card.parse's errors: each names what is wrong
        return jsonify({"error": str(exc)}), 400


@bp.post("/api/explore/<game>/advice")
def advice(game: str) -> Any:
    """What the Hard bot would play in the explorer's position with the reader's hand: ``{"seat", "action",
    "move": {"text", "cards"}, "reason"}``, the reason in the table's hint words. The bot is handed only the seat's
    view of the position; it thinks in the bots' worker pool (as a table's hint), so the server goes on meanwhile.

    A bad request or a hand the position cannot hold is refused with 400 and ``{"error": reason}``."""
    try:
        decl = get_game(game)
    except KeyError as exc:
        return jsonify({"error": str(exc.args[0])}), 400
    lang = page_lang()
    words = Renderer(lang, game=decl.id)
    try:
        position, seat, seed = advice_request(decl, request.get_json(silent=True))
    except (IllegalAction, OptionError, Refusal) as exc:
        return jsonify({"error": words.render(exc.reason)}), 400
    except ValueError as exc:  # BadRequest and Card.parse's errors: each names what is wrong
        return jsonify({"error": str(exc)}), 400
    refused = over_limit("explore_advice", ADVICE_PER_MINUTE, "server.hint.too_many")
    if refused is not None:
        return jsonify({"error": words.render(refused)}), 429
    try:
        answer = hard_advice(position, seat, seed)
    except Exception:
        current_app.logger.exception("the bot's advice failed in the %s explorer", decl.id)
        return jsonify({"error": words.render(msg("server.hint.failed"))}), 500
    return jsonify(
        {
            "seat": seat,
            "action": answer["action"],
            "move": action_view(decl, answer["action"], Pictures(decl, lang)),
            "reason": words.render(answer["reason"]),
        }
    )
