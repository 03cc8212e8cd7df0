"""The conformance runner keeps the input and output of FORMAT.md exactly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.scenario import ScenarioError, run_scenario

ROOT = Path(__file__).resolve().parent.parent

NINE_DEAL = {
    "hands": [
        ["9D", "6S", "7S", "8D", "6H", "7H"],
        ["8S", "9C", "10H", "KS", "6C", "7C"],
        ["8C", "10C", "JC", "QC", "KC", "AC"],
        ["6D", "7D", "10D", "JD", "QD", "KD"],
        ["AD", "8H", "9H", "JH", "QH", "KH"],
        ["AH", "9S", "10S", "JS", "QS", "AS"],
    ],
    "stock": [],
    "table": None,
    "shown": None,
}


def scenario(**changes):
    base = {
        "name": "runner test",
        "game": "bailiff",
        "players": 6,
        "options": {},
        "dealer": 5,
        "deal": NINE_DEAL,
        "actions": [[0, "play 9D"]],
        "expect": {"legal": {"seat": 1, "actions": ["play 9C", "play 10H", "play KS", "take"]}, "error_at": None},
    }
    base.update(changes)
    return base


def run_cli(tmp_path: Path, *cases: dict, flags: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    for i, case in enumerate(cases):
        (tmp_path / f"case{i}.json").write_text(json.dumps(case))
    return subprocess.run(
        [sys.executable, "-m", "engine.scenario", *flags, str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_holding_scenario_passes_and_exits_zero(tmp_path):
    done = run_cli(tmp_path, scenario())
    assert done.returncode == 0
    assert done.stdout.strip() == "PASS runner test"


def test_a_wrong_expectation_fails_with_the_reason_and_exits_one(tmp_path):
    done = run_cli(tmp_path, scenario(expect={"legal": {"seat": 1, "actions": ["take"]}}))
    assert done.returncode == 1
    assert done.stdout.startswith("FAIL runner test: legal actions of seat 1")


def test_error_at_names_the_refused_action():
    events, failures = run_scenario(scenario(actions=[[0, "play 9D"], [2, "play 8C"]], expect={"error_at": 1}))
    assert failures == []
    assert events[-1]["event"] == "error" and events[-1]["at"] == 1 and events[-1]["reason"]
    _, failures = run_scenario(scenario(actions=[[0, "play 9D"], [2, "play 8C"]], expect={"error_at": None}))
    assert failures and "expected error at None" in failures[0]


def test_expected_events_must_come_in_order():
    acts = [[0, "play 9D"], [1, "take"], [2, "play 8C"]]
    ok = {"events": [{"event": "take", "seat": 1}, {"event": "deal"}][::-1]}
    _, failures = run_scenario(scenario(actions=acts, expect=ok))
    assert failures == []
    _, failures = run_scenario(scenario(actions=acts, expect={"events": [{"event": "take", "seat": 2}]}))
    assert failures


def test_a_deal_that_is_not_the_deck_is_refused():
    hands = [list(h) for h in NINE_DEAL["hands"]]
    hands[0][0] = "9C"
    with pytest.raises(ScenarioError, match="missing \\['9D'\\], extra \\['9C'\\]"):
        run_scenario(scenario(deal={**NINE_DEAL, "hands": hands}))


def test_unknown_games_are_skipped_with_a_printed_line(tmp_path):
    done = run_cli(tmp_path, scenario(game="poker", name="later"))
    assert done.returncode == 0
    assert done.stdout.strip() == "SKIP later: game 'poker' is not built yet"


def test_events_flag_prints_json_lines(tmp_path):
    done = run_cli(tmp_path, scenario(), flags=("--events",))
    lines = done.stdout.strip().splitlines()
    assert lines[-1] == "PASS runner test"
    assert any(json.loads(line)["event"] == "deal" for line in lines[:-1])


def test_list_games_prints_every_registered_id():
    done = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "--list-games"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.stdout.split() == ["ass", "bailiff", "bank", "blot", "eidex"]


def test_seen_by_reads_the_events_as_that_seat_may_see_them():
    # Seat 1 takes the 9D into his hand: the take event names it to him, to seat 2 the card is hidden again.
    acts = [[0, "play 9D"], [1, "take"]]
    mine = {"seen_by": {"seat": 1, "events": [{"event": "take", "seat": 1, "cards": ["9D"]}]}}
    assert run_scenario(scenario(actions=acts, expect=mine))[1] == []
    theirs = {"seen_by": {"seat": 2, "events": [{"event": "take", "seat": 1, "cards": ["9D"]}]}}
    assert run_scenario(scenario(actions=acts, expect=theirs))[1] == [
        'no event matching {"event": "take", "seat": 1, "cards": ["9D"]} (in order) (as seat 2 sees them)'
    ]
    hidden = {"seen_by": {"seat": 2, "events": [{"event": "take", "seat": 1, "cards": [None]}]}}
    assert run_scenario(scenario(actions=acts, expect=hidden))[1] == []


def test_view_compares_fields_by_dotted_path():
    acts = [[0, "play 9D"], [1, "take"]]
    ok = {"view": {"seat": 1, "fields": {"seat": 1, "hand.0": "6C"}}}  # his hand, sorted
    assert run_scenario(scenario(actions=acts, expect=ok))[1] == []
    wrong = {"view": {"seat": None, "fields": {"phase": "over"}}}
    (failure,) = run_scenario(scenario(actions=acts, expect=wrong))[1]
    assert failure.startswith("view of seat None: phase is ") and failure.endswith(', expected "over"')
