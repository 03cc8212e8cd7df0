#!/usr/bin/env bash
# Run the whole test suite: lint, the shared conformance scenarios, then pytest (engine, server, browser).
# Installs the test tools into .venv, and Debian's chromium when it is missing and we are root.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null || PY=python3
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ ! -f .venv/.installed-dev ] || [ requirements-dev.txt -nt .venv/.installed-dev ] || [ requirements.txt -nt .venv/.installed-dev ]; then
  .venv/bin/pip install --disable-pip-version-check -q -r requirements-dev.txt
  touch .venv/.installed-dev
fi
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
.venv/bin/ruff check .
.venv/bin/ruff format --check .
if [ -d ../shared/conformance/cases ]; then
  .venv/bin/python -m engine.scenario ../shared/conformance/cases
fi
.venv/bin/python -m engine.scenario tests/scenarios
exec .venv/bin/python -m pytest -q "$@"
