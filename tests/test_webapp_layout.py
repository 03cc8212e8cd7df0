"""The server's rooms: imports run one way, the hall's entry over its commands over its services over the tables,
the journal and the engine (docs/server.md), with no loop and nothing in webapp importing the server's script."""

from __future__ import annotations

from dataclasses import fields

import pytest

from tests.import_graph import ROOT, import_loop, imports, imports_in_functions, parse_modules
from webapp.hall.commands import COMMANDS
from webapp.payloads import SCHEMAS

ENTRY = {"webapp.hall", "webapp.hall.hall"}
"""The hall as the app meets it: it runs the command table."""
COMMANDS_LAYER = "webapp.hall.commands"
SERVICES = {
    "webapp.hall.rooms",
    "webapp.hall.connections",
    "webapp.hall.feed",
    "webapp.hall.keeping",
    "webapp.hall.rebuild",
    "webapp.hall.workers",
    "webapp.hall.play",
    "webapp.hall.bots",
    "webapp.hall.standins",
    "webapp.hall.hints",
    "webapp.clock",
}
BELOW_THE_HALL = {
    "webapp.tables",
    "webapp.redaction",
    "webapp.journal",
    "webapp.journal.errors",
    "webapp.journal.schema",
    "webapp.journal.statements",
    "webapp.journal.sqlite",
    "webapp.journal.postgres",
    "webapp.journal.journal",
    "webapp.claims",
    "webapp.house",
    "webapp.privacy",
}
"""What the services stand on: a table and its rules of seats, the journal; they know nothing of the hall."""


MODULES = parse_modules(ROOT / "webapp")
GRAPH = {name: imports(tree, MODULES.keys()) for name, tree in MODULES.items()}


def in_commands(name: str) -> bool:
    return name == COMMANDS_LAYER or name.startswith(COMMANDS_LAYER + ".")


def test_webapp_imports_form_no_loop() -> None:
    loop = import_loop({name: deps & MODULES.keys() for name, deps in GRAPH.items()})
    assert loop == [], "import loop: " + " -> ".join(loop)


def test_every_service_and_command_of_the_hall_is_placed() -> None:
    hall = {name for name in MODULES if name.startswith("webapp.hall")}
    assert hall - ENTRY - SERVICES - {n for n in hall if in_commands(n)} == set()


@pytest.mark.parametrize("name", sorted(SERVICES))
def test_a_service_never_imports_a_command_nor_the_entry(name: str) -> None:
    wrong = {dep for dep in GRAPH[name] if in_commands(dep) or dep in ENTRY}
    assert wrong == set()


@pytest.mark.parametrize("name", sorted(n for n in MODULES if in_commands(n)))
def test_a_command_never_imports_the_entry(name: str) -> None:
    assert GRAPH[name] & ENTRY == set()


@pytest.mark.parametrize("name", sorted(BELOW_THE_HALL))
def test_the_tables_and_the_journal_know_nothing_of_the_hall(name: str) -> None:
    assert {dep for dep in GRAPH[name] if dep.startswith("webapp.hall") or dep == "webapp.sockets"} == set()


def test_nothing_in_webapp_imports_the_server_script() -> None:
    assert [name for name, deps in GRAPH.items() if "server" in deps] == []


def test_the_engine_imports_nothing_of_webapp() -> None:
    engine = parse_modules(ROOT / "engine")
    assert [name for name, tree in engine.items() if any(d.startswith("webapp") for d in imports(tree))] == []


def test_no_hall_import_hides_inside_a_function() -> None:
    assert imports_in_functions(MODULES, "webapp.hall") == []


def test_every_client_event_has_a_command_whose_payload_is_its_schema() -> None:
    """The command table and the payload schemas name the same events, and each event's dataclass the same fields
    as its schema: no event, and no field, is validated and then dropped."""
    assert sorted(COMMANDS) == sorted(SCHEMAS)
    for event, command in COMMANDS.items():
        assert sorted(f.name for f in fields(command.payload)) == sorted(SCHEMAS[event]), event
