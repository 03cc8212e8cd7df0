"""Secrets and short codes: seat tokens (only their hashes are kept) and table codes."""

from __future__ import annotations

import hashlib
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
"""Letters and digits nobody confuses when reading a code aloud (no 0/O, 1/I)."""

CODE_LENGTH = 6


def new_token() -> str:
    """A fresh random seat token (the browser keeps it in localStorage)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token: seats are found by this hash, the token itself is never kept."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_table_code() -> str:
    """A random table code such as ``K7QM3X``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


SEED_BITS = 128
"""Bits of a game's seed: 32 bits could be found by a search over seeds from one player's own hand (and then gave
every other hand and the stock of every later hand)."""


def new_seed() -> int:
    """A random seed for a new game, from the operating system's secure source (the journal keeps it)."""
    return secrets.randbits(SEED_BITS)
