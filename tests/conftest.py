"""Fixtures of the server tests (``tests/test_server_*.py``): the tiny game and the app under test.

A module that wants the tiny game registered for each of its tests, and for no other test, says
``pytestmark = pytest.mark.usefixtures("tiny_game")``; one that needs other settings for its app redefines
``app_config``.

Every game a test's server deals is dealt from seeds drawn from the test's own name (``repeatable_deals``): a test
meets the same deals on every run, so one that needs a deal to hold something (a pile taken, a hand won) cannot pass
on most runs and fail on a rare deal; different tests still meet different deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.server_helpers import make_app, register_tiny, unregister_tiny
from webapp.tokens import SEED_BITS


@pytest.fixture(autouse=True)
def repeatable_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's game seeds (full size, each new game its own) drawn from a generator seeded with the test's id."""
    draw = random.Random(request.node.nodeid)
    monkeypatch.setattr("webapp.hall.play.new_seed", lambda: draw.getrandbits(SEED_BITS))


@pytest.fixture(autouse=True)
def real_games_only() -> None:
    """Every test starts with the real games alone: the tiny game an earlier test's app registered in this process
    is taken out (a test that needs it registers it again: ``tiny_game``, ``app``, ``make_app``). Left in, it broke
    the tests that read every registered game (the rules' catalogs, the published bot figures) whenever they ran
    after such a test on the same worker."""
    unregister_tiny()


@pytest.fixture
def tiny_game() -> Iterator[None]:
    """The tiny game registered for the test that asks for it, and taken out again after it."""
    register_tiny()
    yield
    unregister_tiny()


@pytest.fixture
def app_config() -> dict[str, Any]:
    """Settings of the ``app`` fixture over :func:`tests.server_helpers.make_app`'s: none."""
    return {}


@pytest.fixture
def app(tiny_game: None, tmp_path: Path, app_config: dict[str, Any]) -> Iterator[Flask]:
    """The app of :func:`tests.server_helpers.make_app` with its journal under ``tmp_path``, shut after the test."""
    app = make_app(tmp_path, **app_config)
    yield app
    app.extensions["hall"].shut()
