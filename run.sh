#!/usr/bin/env bash
# Start the card table (creates .venv and installs requirements on first run). Extra arguments go to server.py.
set -euo pipefail
cd "$(dirname "$0")"
source ./venv.sh
venv_install requirements.txt app
exec .venv/bin/python server.py "$@"
