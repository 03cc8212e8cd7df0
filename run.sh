#!/usr/bin/env bash
# Start the card table (creates .venv and installs requirements on first run). Extra arguments go to server.py.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ ! -f .venv/.installed-app ] || [ requirements.txt -nt .venv/.installed-app ]; then
  .venv/bin/pip install --disable-pip-version-check -q -r requirements.txt
  touch .venv/.installed-app
fi
exec .venv/bin/python server.py "$@"
