"""Every doctest in the engine and the server runs: an example in a docstring that no longer holds fails here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import engine
import webapp

MODULES = sorted(
    info.name
    for package in (engine, webapp)
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests_hold(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert failed == 0, f"{failed} doctest example(s) of {name} fail (run python -m doctest -v on it)"


def test_the_engine_has_doctests() -> None:
    """The search above finds the examples (a broken walk would pass every module vacuously)."""
    finder = doctest.DocTestFinder()
    examples = sum(len(test.examples) for name in MODULES for test in finder.find(importlib.import_module(name)))
    assert examples >= 20
