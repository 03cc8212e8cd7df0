"""A small run of the load script in CI (issue 9): 100 clients at 25 tables for 10 s, zero errors."""

from __future__ import annotations

import argparse

import pytest

from bench.load import measure

pytestmark = pytest.mark.server


def test_a_hundred_clients_play_for_ten_seconds_without_an_error():
    args = argparse.Namespace(clients=100, seconds=10.0, think=0.5, game="bailiff")
    result = measure("table", args)
    assert result["connected"] == 100
    assert result["errors"] == 0, result["refused"]
    assert result["moves"] > 100
    assert result["resyncs"] == 0, "a patch did not fit the snapshot its client held"
