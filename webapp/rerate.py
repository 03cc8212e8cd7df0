"""``python -m webapp.rerate [--data-dir DIR | --journal FILE]``: work every rating out again from the journal
(``DATABASE_URL`` in the environment: the PostgreSQL journal), in the order the server settled the games
(:meth:`webapp.ratings.store.Ratings.rebuild`). Safe while the server runs: settling waits for it."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from engine.registry import all_games
from webapp.journal import Journal
from webapp.ratings.store import Ratings


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webapp.rerate", description=__doc__)
    parser.add_argument("--data-dir", default=os.environ.get("DATA_DIR", "data"))
    parser.add_argument("--journal", default=os.environ.get("JOURNAL_PATH", ""))
    args = parser.parse_args(argv)
    all_games()
    path = args.journal or os.path.join(args.data_dir, "tables.sqlite3")
    journal = Journal(path, url=os.environ.get("DATABASE_URL", ""))
    try:
        settled = Ratings(journal).rebuild()
    finally:
        journal.close()
    print(f"ratings rebuilt from {settled} finished games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
