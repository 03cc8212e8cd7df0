"""Long fuzz run against a live server: 100,000 generated events by default (CI runs 10,000 in tests/test_fuzz.py).

Prints how many events were sent, accepted and refused, and checks the table's state is unchanged.

    python -m bench.fuzz [--events 100000] [--game ass]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tests.fuzzing import SERVER_SETTINGS, FuzzTable
from tests.live import LiveServer

BATCH = 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--game", default="ass")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        live = LiveServer(Path(data), **SERVER_SETTINGS).start()
        table = FuzzTable(live.url, game=args.game).open()
        try:
            before = table.state()
            started = time.perf_counter()
            table.fuzz(-(-args.events // BATCH), BATCH, lambda: live.alive)
            elapsed = time.perf_counter() - started
            same = table.state() == before
        finally:
            table.close()
            live.stop()
    counts = table.counts
    print(f"events sent      {counts['events']:8d}  ({counts['events'] / elapsed:.0f}/s)")
    print(f"refused          {counts['refused']:8d}  (each answered with a reason and an error event)")
    for key in sorted(k for k in counts if k.startswith("accepted")):
        print(f"{key:16} {counts[key]:8d}")
    print(f"state unchanged  {'yes' if same else 'NO'}")


if __name__ == "__main__":
    main()
