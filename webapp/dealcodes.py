"""Deal codes: a short code for each hand (game, players, options, dealer and the dealt cards).

The code is a hash of the hand's deal, so the same deal always has the same code; the journal keeps the deal
under it. "Play this deal again" builds a new table from it (``Game(..., dealer=..., deal=Deal(...))``) with a
fresh seed. The cards never leave the server: only the code does, and only for finished hands. Nor does the
game's seed go into the deal: later hands of the replayed table must not retrace the original game's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engine.core import Deal, Game
from webapp.tokens import CODE_ALPHABET


def deal_record(game: Game) -> dict[str, Any] | None:
    """What the current hand was dealt from, as plain data; ``None`` if the game does not keep ``hand_deal``."""
    deal = getattr(game, "hand_deal", None)
    if not isinstance(deal, Deal):
        return None
    return {
        "game": game.decl.id,
        "players": game.players,
        "options": game.hand_options(),
        "dealer": getattr(game, "dealer", None),
        "hand_no": getattr(game, "hand_no", None),
        "deal": deal.to_json(),
    }


def deal_code(record: dict[str, Any]) -> str:
    """The short code of a deal record, such as ``K7QM-3XPA``."""
    canonical = json.dumps({k: v for k, v in record.items() if k != "hand_no"}, sort_keys=True, separators=(",", ":"))
    digest = int.from_bytes(hashlib.sha256(canonical.encode()).digest()[:8], "big")
    letters = []
    for _ in range(8):
        digest, index = divmod(digest, len(CODE_ALPHABET))
        letters.append(CODE_ALPHABET[index])
    return "".join(letters[:4]) + "-" + "".join(letters[4:])
