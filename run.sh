#!/usr/bin/env bash
# Start the card table (creates .venv and installs requirements.lock on first run). Extra arguments go to server.py.
set -euo pipefail
cd "$(dirname "$0")"
source ./venv.sh
venv_install requirements.lock app
exec .venv/bin/python server.py "$@"
